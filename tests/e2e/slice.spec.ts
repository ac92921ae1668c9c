import { expect, test, type Page } from "./fixtures";

const url = (path: string) => `${process.env.BASE_URL}${path}`;

/** Register calls the page made, to prove an invalid form sends none. */
function countRegisterCalls(page: Page) {
  const calls: string[] = [];
  page.on("request", (r) => r.url().includes("/api/player/register") && calls.push(r.method()));
  return calls;
}

test("guest signs up, adds and switches accounts, survives a reload, signs out and back in", async ({ page, context }) => {
  const email = `ace${Date.now()}@example.com`;
  const password = "royal-flush-9";
  const registerCalls = countRegisterCalls(page);

  await page.goto(url("/"));
  await expect(page.getByRole("button", { name: "Sign up" }).first()).toBeVisible();

  // Client-side validation: an invalid e-mail sends no request and says why.
  await page.getByRole("banner").getByRole("button", { name: "Sign up" }).click();
  const dialog = page.getByRole("dialog", { name: "Create your account" });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/modal=sign-up/);
  await dialog.getByLabel("E-mail").fill("someone@gmail.c");
  await dialog.getByLabel("Password").fill("short");
  await dialog.getByRole("button", { name: "Sign up" }).click();
  await expect(dialog.locator("#signup-email-error")).toBeVisible();
  await expect(dialog.locator("#signup-password-error")).toContainText("8");
  await expect(dialog.locator("#signup-currency-error")).toBeVisible();
  await expect(dialog.locator("#signup-agreements-error")).toBeVisible();
  expect(registerCalls).toEqual([]);

  // A valid form signs up and logs in.
  await dialog.getByLabel("E-mail").fill(email);
  await dialog.getByLabel("Password").fill(password);
  await dialog.getByLabel("Currency").selectOption("USD");
  await dialog.getByLabel(/I am over 18/).check();
  await expect(dialog.locator(".field-error")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Sign up" }).click();
  await expect(dialog).toBeHidden();
  expect(registerCalls).toEqual(["POST"]);

  // Display nickname derived from the e-mail (SPEC §9): all but the last 3 chars + ***.
  const local = email.split("@")[0];
  await expect(page.getByTestId("header-nickname")).toHaveText(`${local.slice(0, -3)}***`);
  // The whole amount: a substring "0.00" would also match "10.00".
  await expect(page.getByTestId("header-balance").locator(".money")).toHaveText("0.00 USD");
  const cookie = (await context.cookies()).find((c) => c.name === "access_token");
  expect(cookie?.value.split(".")).toHaveLength(3);

  // A second account in BTC, then make it active: the header shows milli-units.
  await page.getByLabel("Add account").selectOption("BTC");
  await page.getByRole("button", { name: "Add", exact: true }).click();
  const btc = page.getByTestId("account-BTC");
  await expect(btc).toBeVisible();
  await btc.getByRole("button", { name: "Make active" }).click();
  await expect(page.getByTestId("header-balance")).toContainText("mBTC");
  await expect(btc.getByText("Active")).toBeVisible();

  // Still signed in after a reload, with the same active account.
  await page.reload();
  await expect(page.getByTestId("header-nickname")).toHaveText(`${local.slice(0, -3)}***`);
  await expect(page.getByTestId("header-balance")).toContainText("mBTC");

  // Sign out lands on home as a guest.
  await page.goto(url("/wallet"));
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(url("/"));
  await expect(page.getByRole("banner").getByRole("button", { name: "Sign in" })).toBeVisible();
  expect((await context.cookies()).find((c) => c.name === "access_token")).toBeUndefined();

  // A wrong password shows the server's message and keeps the typed e-mail.
  await page.getByRole("banner").getByRole("button", { name: "Sign in" }).click();
  const signIn = page.getByRole("dialog", { name: "Sign in" });
  await signIn.getByLabel("E-mail").fill(email);
  await signIn.getByLabel("Password").fill("not-my-password");
  await signIn.getByRole("button", { name: "Sign in" }).click();
  await expect(signIn.getByRole("alert").first()).toHaveText("Incorrect e-mail or password.");
  await expect(signIn.getByLabel("E-mail")).toHaveValue(email);

  // The right one signs in again.
  await signIn.getByLabel("Password").fill(password);
  await signIn.getByRole("button", { name: "Sign in" }).click();
  await expect(signIn).toBeHidden();
  await expect(page.getByTestId("header-balance")).toContainText("mBTC");
});

test("the frame works on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(url("/"));
  await expect(page.getByRole("navigation", { name: "Menu" }).last()).toBeVisible();
  await page.getByRole("button", { name: "Menu" }).click();
  await page.locator(".drawer").getByRole("link", { name: "Wallet" }).click();
  await expect(page).toHaveURL(url("/wallet"));
  await expect(page.locator(".drawer-open")).toHaveCount(0);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test("the page has no console errors", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(url("/"));
  await expect(page.getByRole("banner").getByRole("button", { name: "Sign in" })).toBeVisible();
  expect(errors).toEqual([]);
});

test("a player's home fits a phone with a long nickname", async ({ page, request, context }) => {
  // The nickname comes from the e-mail: one long word the greeting must wrap.
  const email = `averyveryverylongnicknamewithoutanyspaces${Date.now()}@example.com`;
  const res = await request.post(url("/api/player/register"), {
    data: { email, password: "royal-flush-9", currency: "USD", agreements: true },
  });
  expect(res.status(), await res.text()).toBe(201);
  await context.addCookies([{ name: "access_token", value: (await res.json()).accessToken, url: url("/") }]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(url("/"));
  await expect(page.getByRole("heading", { level: 1, name: /averyvery/ })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
