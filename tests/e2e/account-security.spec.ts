// The player's security pages (issue 14; SPEC §2 profile sessions, change-pass,
// change-nickname, confirm-session-logout): sessions closed after a confirmation (another
// tab's session ends there too; closing this one signs this tab out), the password change
// ending the other sessions, the nickname change reaching the header.
import { expect, test, type APIRequestContext, type Page } from "./fixtures";
import { axeClean } from "./axe";

const base = () => process.env.BASE_URL!;
const url = (path: string) => `${base()}${path}`;
const PASSWORD = "royal-flush-9";

type Player = { id: number; email: string; token: string };

let seq = 0;
async function register(request: APIRequestContext): Promise<Player> {
  const email = `sec${Date.now()}${seq++}@example.com`;
  const res = await request.post(url("/api/player/register"), {
    data: { email, password: PASSWORD, currency: "USD", agreements: true },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = await res.json();
  return { id: body.profile.id, email, token: body.accessToken };
}

async function login(request: APIRequestContext, email: string, password = PASSWORD): Promise<string> {
  const res = await request.post(url("/api/player/sessions"), { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).accessToken;
}

async function signedIn(page: Page, token: string, path: string) {
  await page.context().addCookies([{ name: "access_token", value: token, url: base() }]);
  await page.goto(url(path));
}

test("another session is closed after a confirmation; closing this one signs this tab out", async ({ page, request }) => {
  const player = await register(request);
  const other = await login(request, player.email);
  await signedIn(page, player.token, "/profile/sessions");
  const rows = page.locator(".session");
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: "This device" })).toHaveCount(1);
  const otherRow = rows.filter({ hasNotText: "This device" });
  await otherRow.getByRole("button", { name: /Close the session/ }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByTestId("confirm-session-logout")).toContainText("It will have to sign in again.");
  await axeClean(page, '[role="dialog"]');
  await dialog.getByRole("button", { name: "Sign out" }).click();
  await expect(rows).toHaveCount(1);
  const gone = await request.get(url("/api/player/profile"), { headers: { Authorization: `Bearer ${other}` } });
  expect(gone.status()).toBe(401);

  await rows.getByRole("button", { name: /Close the session/ }).click();
  await expect(dialog).toContainText("Sign out on this device?");
  await dialog.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("button", { name: "Sign in" }).first()).toBeVisible();
});

test("signing out everywhere else closes every other session and keeps this one", async ({ page, request }) => {
  const player = await register(request);
  const others = [await login(request, player.email), await login(request, player.email)];
  await signedIn(page, player.token, "/profile/sessions");
  const rows = page.locator(".session");
  await expect(rows).toHaveCount(3);
  await page.getByRole("button", { name: "Sign out everywhere else" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Sign out on every other device and browser?");
  await dialog.getByRole("button", { name: "Sign out" }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText("This device");
  for (const token of others) {
    const gone = await request.get(url("/api/player/profile"), { headers: { Authorization: `Bearer ${token}` } });
    expect(gone.status()).toBe(401);
  }
  // This tab's session stays.
  await page.reload();
  await expect(rows).toHaveCount(1);
});

test("the password change checks the current one and signs out the other sessions", async ({ page, request }) => {
  const player = await register(request);
  const other = await login(request, player.email);
  await signedIn(page, player.token, "/profile");
  await page.getByRole("button", { name: "Change password" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Current password").fill("not-my-password");
  await dialog.getByLabel("New password", { exact: true }).fill("short");
  await dialog.getByLabel("Repeat the new password").fill("shorts");
  await dialog.getByRole("button", { name: "Change password" }).click();
  await expect(dialog.locator("#pass-newPassword-error")).toBeVisible();
  await expect(dialog.locator("#pass-repeatNewPassword-error")).toBeVisible();
  await dialog.getByLabel("New password", { exact: true }).fill("a much better one");
  await dialog.getByLabel("Repeat the new password").fill("a much better one");
  await dialog.getByRole("button", { name: "Change password" }).click();
  await expect(dialog.locator("#pass-currentPassword-error")).toHaveText("The current password is incorrect.");
  await expect(dialog.getByLabel("New password", { exact: true })).toHaveValue("a much better one");
  await dialog.getByLabel("Current password").fill(PASSWORD);
  await dialog.getByRole("button", { name: "Change password" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText("Password changed; your other sessions were signed out")).toBeVisible();
  const gone = await request.get(url("/api/player/profile"), { headers: { Authorization: `Bearer ${other}` } });
  expect(gone.status()).toBe(401);
  await login(request, player.email, "a much better one");
});

test("a new nickname reaches the header; a taken one is refused under the field", async ({ page, request }) => {
  const first = await register(request);
  const taken = `taken${Date.now() % 100000}`;
  await request.put(url("/api/player/profile"), { headers: { Authorization: `Bearer ${first.token}` }, data: { nickname: taken } });
  const player = await register(request);
  await signedIn(page, player.token, "/profile");
  await page.getByRole("button", { name: "Change nickname" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Nickname").fill("a b");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.locator("#nickname-error")).toBeVisible();
  await dialog.getByLabel("Nickname").fill(taken);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.locator("#nickname-error")).toHaveText("The nickname has already been taken.");
  const mine = `lucky${Date.now() % 100000}`;
  await dialog.getByLabel("Nickname").fill(mine);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId("header-nickname")).toHaveText(mine);
});

test("the info page shows the account; notification settings are saved and come back", async ({ page, request }) => {
  const player = await register(request);
  await signedIn(page, player.token, "/profile/info");
  await expect(page.getByTestId("info-email")).toHaveText(player.email);
  await expect(page.getByTestId("info-nickname")).not.toBeEmpty();
  await page.goto(url("/profile/settings/notifications"));
  const bonus = page.getByLabel("Bonus offers");
  await expect(bonus).toBeChecked();
  await page.getByLabel("Promotions by e-mail").check();
  await bonus.uncheck();
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Settings saved")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Promotions by e-mail")).toBeChecked();
  await expect(page.getByLabel("Bonus offers")).not.toBeChecked();
  await expect(page.getByLabel("Promotions by SMS")).not.toBeChecked();
  await axeClean(page);
});

test("the account language is saved from the settings pages", async ({ page, request }) => {
  const player = await register(request);
  await signedIn(page, player.token, "/profile/settings");
  await page.getByRole("link", { name: "Account settings" }).click();
  const language = page.getByLabel("Language of e-mails and messages");
  await expect(language).toHaveValue("en");
  await language.selectOption("pt");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Settings saved")).toBeVisible();
  const profile = await (await request.get(url("/api/player/profile"), { headers: { Authorization: `Bearer ${player.token}` } })).json();
  expect(profile.language).toBe("pt");
  await axeClean(page);
});

for (const s of [
  { name: "desktop", width: 1280, height: 800 },
  { name: "mobile", width: 390, height: 844 },
]) {
  test(`screenshots and axe of the profile, sessions and change-password (${s.name})`, async ({ page, request }) => {
    await page.setViewportSize({ width: s.width, height: s.height });
    const player = await register(request);
    await login(request, player.email);
    await signedIn(page, player.token, "/profile");
    await expect(page.getByTestId("profile-nickname")).toBeVisible();
    // The page is drawn before the profile is known (its nickname's line a skeleton till then).
    await expect(page.getByTestId("profile-nickname").locator("[data-skeleton]")).toHaveCount(0);
    await expect(page.getByTestId("preloader")).toHaveCount(0, { timeout: 15_000 });
    await axeClean(page);
    await page.screenshot({ path: test.info().outputPath(`profile-${s.name}.png`), fullPage: true });
    await page.goto(url("/profile/sessions"));
    await expect(page.locator(".session")).toHaveCount(2);
    await expect(page.getByTestId("preloader")).toHaveCount(0, { timeout: 15_000 });
    await axeClean(page);
    await page.screenshot({ path: test.info().outputPath(`sessions-${s.name}.png`), fullPage: true });
    await page.goto(url("/profile/info"));
    await expect(page.getByTestId("info-email")).toHaveText(player.email);
    await expect(page.getByTestId("preloader")).toHaveCount(0, { timeout: 15_000 });
    await axeClean(page);
    await page.screenshot({ path: test.info().outputPath(`info-${s.name}.png`), fullPage: true });
    await page.goto(url("/profile/settings/notifications"));
    await expect(page.getByLabel("Bonus offers")).toBeChecked();
    await expect(page.getByTestId("preloader")).toHaveCount(0, { timeout: 15_000 });
    await page.screenshot({ path: test.info().outputPath(`settings-${s.name}.png`), fullPage: true });
    await page.goto(url("/profile?modal=change-pass"));
    await page.getByRole("dialog").getByRole("button", { name: "Change password" }).click();
    await expect(page.locator("#pass-currentPassword-error")).toBeVisible();
    await expect(page.getByTestId("preloader")).toHaveCount(0, { timeout: 15_000 });
    await axeClean(page, '[role="dialog"]');
    await page.screenshot({ path: test.info().outputPath(`change-pass-${s.name}.png`) });
  });
}
