// Social sign-in and linking through the sandbox's stand-in provider (a real redirect round
// trip: app -> consent page -> app callback with code and state), and auto-login links
// (issue 14; SPEC §1, §2 navigation outcomes, §7 sessions/social, social-connections,
// sessions/token).
import { expect, test, type APIRequestContext, type Page } from "./fixtures";
import { axeClean } from "./axe";

const base = () => process.env.BASE_URL!;
const url = (path: string) => `${base()}${path}`;
let seq = 0;
const unique = (p: string) => `${p}${Date.now()}${seq++}`;

async function emailPlayer(request: APIRequestContext) {
  const email = `${unique("soc")}@example.com`;
  const res = await request.post(url("/api/player/register"), {
    data: { email, password: "royal-flush-9", currency: "USD", agreements: true },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = await res.json();
  return { email, token: body.accessToken as string };
}

/** On the provider's consent page: sign in there as `email` and decide. */
async function consent(page: Page, email: string, decision: "Allow" | "Deny") {
  await expect(page.getByRole("heading", { name: /Sign in with (Google|Facebook)/ })).toBeVisible();
  expect(new URL(page.url()).pathname).toMatch(/^\/api\/player\/social\/(google|facebook)\/authorize$/);
  await page.getByLabel(/E-mail at/).fill(email);
  await page.getByRole("button", { name: decision }).click();
}

test("a guest signs up with Google and comes back where the sign-in was asked", async ({ page }) => {
  await page.context().addCookies([{ name: "affiliate_tag", value: "aff-social", url: base() }]);
  await page.goto(url("/bonuses"));
  await page.getByRole("button", { name: "Sign in" }).first().click();
  await page.getByRole("dialog").getByRole("button", { name: "Continue with Google" }).click();
  const traded = page.waitForRequest((r) => r.url().includes("/api/player/sessions/social?"));
  const email = `${unique("g")}@gmail.example`;
  await consent(page, email, "Allow");
  const req = await traded;
  const q = new URL(req.url()).searchParams;
  expect(q.get("code")).toBeTruthy();
  expect(q.get("state")).toBeTruthy();
  expect(req.postDataJSON()).toMatchObject({ connection: "google", affiliateTag: "aff-social" });
  await expect(page).toHaveURL(url("/bonuses"));
  await expect(page.getByText("Welcome to Croupier!")).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign in" })).toHaveCount(0);
});

test("a denied consent comes back signed out with a notice", async ({ page }) => {
  await page.goto(url("/games?modal=sign-in"));
  await page.getByRole("dialog").getByRole("button", { name: "Continue with Facebook" }).click();
  await consent(page, "no@fb.example", "Deny");
  await expect(page.getByText("Sign-in with the provider was cancelled")).toBeVisible();
  await expect(page).toHaveURL(url("/games"));
  await expect(page.getByRole("button", { name: "Sign in" }).first()).toBeVisible();
});

test("a callback this tab did not start is refused before any call", async ({ page, request }) => {
  await request.delete(url("/api/_control/calls"));
  await page.goto(url("/auth/social/google/callback?code=stolen&state=forged"));
  await expect(page.getByRole("alert")).toContainText("not started from this tab");
  const calls = await (await request.get(url("/api/_control/calls"))).json();
  expect(calls["POST /api/player/sessions/social"]).toBeUndefined();
  await page.getByRole("button", { name: "Back to the home page" }).click();
  await expect(page).toHaveURL(url("/"));
});

test("a player links Google, lands on the profile, signs in with it, and unlinks it", async ({ page, request }) => {
  const player = await emailPlayer(request);
  await page.context().addCookies([{ name: "access_token", value: player.token, url: base() }]);
  await page.goto(url("/profile/info"));
  const google = page.getByTestId("social-google");
  await expect(google).toContainText("Not linked");
  await axeClean(page);
  await google.getByRole("button", { name: "Link Google" }).click();
  const gmail = `${unique("l")}@gmail.example`;
  await consent(page, gmail, "Allow");
  await expect(page).toHaveURL(url("/profile"));
  await expect(page.getByText("Account linked")).toBeVisible();
  await page.goto(url("/profile/info"));
  await expect(google).toContainText(`Linked as ${gmail}`);

  // Signed out, Google signs this same player in.
  const other = await page.context().newPage();
  await other.context().clearCookies();
  await other.goto(url("/?modal=sign-in"));
  await other.getByRole("dialog").getByRole("button", { name: "Continue with Google" }).click();
  await consent(other, gmail, "Allow");
  await expect(other.getByText("Signed in", { exact: true })).toBeVisible();
  await other.goto(url("/profile/info"));
  await expect(other.getByTestId("info-email")).toHaveText(player.email);
  await other.close();

  await page.reload();
  await google.getByRole("button", { name: "Unlink Google" }).click();
  await expect(page.getByText("Account unlinked")).toBeVisible();
  await expect(google).toContainText("Not linked");
});

test("an auto-login link signs in once; used again it says so", async ({ page, request }) => {
  const player = await emailPlayer(request);
  const { url: link } = await (await request.post(url("/api/_control/autologin"), { data: { email: player.email } })).json();
  const traded = page.waitForRequest((r) => r.url().endsWith("/api/player/sessions/token"));
  await page.goto(url(link));
  expect((await traded).postDataJSON()).toMatchObject({ token: new URL(url(link)).searchParams.get("token") });
  await expect(page.getByText("Signed in", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(url("/"));
  await page.context().clearCookies();
  await page.goto(url(link));
  await expect(page.getByText("This sign-in link is used or has expired.")).toBeVisible();
  await expect(page.getByRole("dialog").getByRole("heading", { name: "Sign in" })).toBeVisible();
});

for (const s of [
  { name: "desktop", width: 1280, height: 800 },
  { name: "mobile", width: 390, height: 844 },
]) {
  test(`screenshots and axe of the social buttons and accounts (${s.name})`, async ({ page, request }) => {
    await page.setViewportSize({ width: s.width, height: s.height });
    await page.goto(url("/?modal=sign-in"));
    await expect(page.getByRole("dialog").getByRole("button", { name: "Continue with Google" })).toBeVisible();
    await expect(page.getByTestId("preloader")).toHaveCount(0, { timeout: 15_000 });
    await axeClean(page, '[role="dialog"]');
    await page.screenshot({ path: test.info().outputPath(`sign-in-social-${s.name}.png`) });
    const player = await emailPlayer(request);
    await page.context().addCookies([{ name: "access_token", value: player.token, url: base() }]);
    await page.goto(url("/profile/info"));
    await expect(page.getByTestId("social-google")).toBeVisible();
    await expect(page.getByTestId("preloader")).toHaveCount(0, { timeout: 15_000 });
    await page.screenshot({ path: test.info().outputPath(`profile-info-social-${s.name}.png`), fullPage: true });
  });
}
