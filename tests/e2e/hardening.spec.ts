// Issue 18 in the browser: a player who forgot the password finds the reset e-mail in the
// sandbox's local outbox page; too many wrong passwords show the wait; a token rotation keeps
// two tabs signed in while the replaced token stops working.
import { expect, test, type APIRequestContext } from "./fixtures";
import { axeClean } from "./axe";

const base = () => process.env.BASE_URL!;
const url = (path: string) => `${base()}${path}`;
const MOBILE = { width: 390, height: 844 };

let seq = 0;
async function register(request: APIRequestContext, password: string) {
  const email = `hard${Date.now()}${seq++}@example.com`;
  const res = await request.post(url("/api/player/register"), {
    data: { email, password, currency: "EUR", agreements: true },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = await res.json();
  return { email, token: body.accessToken as string, id: body.profile.id as number };
}

async function control(request: APIRequestContext, method: "GET" | "POST" | "DELETE", path: string, data?: unknown) {
  const res = await request.fetch(url(`/api/_control/${path}`), { method, data });
  expect(res.ok(), `${method} ${path}: ${res.status()}`).toBeTruthy();
  return res.status() === 204 ? null : res.json();
}

test("a player who forgot the password finds the reset e-mail in the outbox and resets", async ({ page, request }) => {
  const { email } = await register(request, "forgotten-pass-1");
  await page.goto(url("/?modal=sign-in"));
  await page.getByRole("dialog").getByRole("button", { name: "Forgot password?" }).click();
  const forgot = page.getByRole("dialog", { name: "Forgot your password?" });
  await forgot.getByLabel("E-mail").fill(email);
  await forgot.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByRole("dialog", { name: "Check your e-mail" })).toContainText(email);

  // The "inbox": the sandbox's outbox page, as README tells a local player.
  const inbox = await page.context().newPage();
  await inbox.goto(url("/_outbox"));
  await expect(inbox.getByRole("heading", { level: 1, name: "Sandbox outbox" })).toBeVisible();
  const mail = inbox.getByRole("article").filter({ hasText: email }).first();
  await expect(mail.getByRole("heading", { name: "Reset your Croupier password" })).toBeVisible();
  await axeClean(inbox);
  await inbox.screenshot({ path: "test-results/outbox-1280.png", fullPage: true });
  await inbox.setViewportSize(MOBILE);
  await inbox.screenshot({ path: "test-results/outbox-390.png", fullPage: true });
  await inbox.setViewportSize({ width: 1280, height: 800 });
  const link = mail.getByRole("link", { name: /\/password-reset\// });
  const href = (await link.getAttribute("href"))!;
  expect(href.startsWith(url("/password-reset/"))).toBeTruthy();
  await link.click();

  const reset = inbox.getByRole("dialog", { name: "Choose a new password" });
  await expect(reset.getByLabel("Reset code")).toHaveValue(href.split("/").pop()!);
  await reset.getByLabel("New password", { exact: true }).fill("remembered-pass-2");
  await reset.getByLabel("Repeat the new password").fill("remembered-pass-2");
  await reset.getByRole("button", { name: "Save the password" }).click();
  const signIn = inbox.getByRole("dialog", { name: "Sign in" });
  await expect(signIn).toBeVisible();
  await signIn.getByLabel("E-mail").fill(email);
  await signIn.getByLabel("Password").fill("remembered-pass-2");
  await signIn.getByRole("button", { name: "Sign in" }).click();
  await expect(signIn).toBeHidden();
  await expect(inbox.getByTestId("header-nickname")).toBeVisible();
});

test("too many wrong passwords: the sign-in form says how long to wait and keeps the input", async ({ page, request }) => {
  const { email } = await register(request, "right-pass-123");
  await page.goto(url("/?modal=sign-in"));
  const signIn = page.getByRole("dialog", { name: "Sign in" });
  await signIn.getByLabel("E-mail").fill(email);
  // The sandbox allows 5 wrong passwords per account in 15 minutes.
  await control(request, "DELETE", "calls");
  const logins = async () => (await control(request, "GET", "calls"))["POST /api/player/sessions"] ?? 0;
  for (let i = 0; i < 5; i++) {
    await signIn.getByLabel("Password").fill(`wrong-pass-${i}`);
    await signIn.getByRole("button", { name: "Sign in" }).click();
    await expect.poll(logins).toBe(i + 1);
    await expect(signIn.getByRole("alert")).toBeVisible();
  }
  await expect(signIn.getByRole("alert")).not.toContainText("Too many");
  await signIn.getByLabel("Password").fill("right-pass-123");
  await signIn.getByRole("button", { name: "Sign in" }).click();
  await expect(signIn.getByRole("alert")).toHaveText(/^Too many attempts\. Try again in 1[45] min\.$/);
  await expect(signIn.getByLabel("E-mail")).toHaveValue(email);
  await expect(page.getByTestId("header-nickname")).toHaveCount(0);
  await page.screenshot({ path: "test-results/rate-limit-1280.png" });
  await page.setViewportSize(MOBILE);
  await page.screenshot({ path: "test-results/rate-limit-390.png" });
  await axeClean(page, '[role="dialog"]');
});

test("a refresh rotates the token: both tabs stay signed in, the replaced token is refused", async ({ browser, request }) => {
  // A token the client counts as expired 2 s after issue (12 s life, 10 s margin).
  await control(request, "POST", "token-ttl", { seconds: 12 });
  let player: Awaited<ReturnType<typeof register>>;
  try {
    player = await register(request, "rotate-pass-123");
  } finally {
    await control(request, "POST", "token-ttl", { seconds: 3600 });
  }
  const context = await browser.newContext();
  await context.addCookies([{ name: "access_token", value: player.token, url: base() }]);
  const [one, two] = [await context.newPage(), await context.newPage()];
  const exp = JSON.parse(Buffer.from(player.token.split(".")[1], "base64url").toString()).exp * 1000;
  await expect.poll(() => Date.now(), { timeout: 10_000 }).toBeGreaterThan(exp - 10_000 + 50);
  await Promise.all([one.goto(url("/wallet")), two.goto(url("/wallet"))]);
  for (const page of [one, two]) await expect(page.getByTestId("header-nickname")).toBeVisible();

  const cookie = (await context.cookies()).find((c) => c.name === "access_token")!.value;
  expect(cookie).not.toBe(player.token);
  const old = await request.get(url("/api/player/profile"), { headers: { Authorization: `Bearer ${player.token}` } });
  expect(old.status(), "the replaced token authenticates nothing").toBe(401);
  const fresh = await request.get(url("/api/player/profile"), { headers: { Authorization: `Bearer ${cookie}` } });
  expect(fresh.status()).toBe(200);
  // Both tabs keep working on the rotated session.
  for (const page of [one, two]) {
    await page.reload();
    await expect(page.getByTestId("header-nickname")).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
  }
  await context.close();
});
