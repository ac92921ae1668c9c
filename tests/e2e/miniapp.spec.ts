// The messenger mini-app (issue 15; SPEC §4 Session "In the messenger app", §6, §7 tg_login and
// sync, §8 messenger alerts, §9 fullscreen, close confirmation, insets) in the emulated launch
// environment (tg-emulator.ts): the same bundle as the website, opened with a WebApp object
// whose init data is signed with the sandbox's test bot token.
import { expect, test, type APIRequestContext, type Page } from "./fixtures";
import { axeClean } from "./axe";
import { asMiniapp, BOT_URL, called, initData, tgCalls, viaMessengerScript, type TgUser } from "./tg-emulator";
import { entryHeld } from "./entry";

const base = () => process.env.BASE_URL!;
const url = (path: string) => `${base()}${path}`;
/** The emulated WebApp object inside the page, typed here (the tests do not see the app's types). */
type TgWindow = { Telegram: { WebApp: { isClosingConfirmationEnabled: boolean; BackButton: { isVisible: boolean } } } };
const launchUrl = (path = "/") => url(`${path}?botURL=${encodeURIComponent(BOT_URL)}&stag=aff-e2e`);

const insets = { safeAreaInset: { top: 47, bottom: 34, left: 0, right: 0 }, contentSafeAreaInset: { top: 46, bottom: 0, left: 0, right: 0 } };

let seq = 0;
const newUser = (): TgUser => ({
  id: 700_000_000 + ((Date.now() % 1_000_000) * 10 + seq++),
  first_name: "Mila",
  last_name: "Tester",
  username: `mila${seq}`,
  language_code: "en",
  photo_url: "https://t.me/i/userpic/320/mila.jpg",
});

async function control(request: APIRequestContext, path: string, data?: unknown) {
  const res = data === undefined ? await request.get(url(`/api/_control/${path}`)) : await request.post(url(`/api/_control/${path}`), { data });
  expect(res.ok(), `${path}: ${res.status()} ${await res.text()}`).toBeTruthy();
  return res.status() === 204 ? undefined : res.json();
}

const tgLogins = async (request: APIRequestContext) => ((await control(request, "calls")) as Record<string, number>)["POST /api/player/tg_login"] ?? 0;

async function signedInAsTelegram(page: Page) {
  await expect(page.getByTestId("header-nickname")).toHaveText("Mila");
  await expect(page.getByTestId("preloader")).toHaveCount(0, { timeout: 15_000 });
}

test("first open signs in silently from the launch data; a reload keeps the session", async ({ page, request }) => {
  const user = newUser();
  await asMiniapp(page, { user, startParam: "ref77" });
  const before = await tgLogins(request);
  await page.goto(launchUrl());
  await signedInAsTelegram(page);
  // No sign-in modal, no sign-out (the messenger is who the player is), no toast.
  await expect(page.locator(".modal")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Sign out" })).toHaveCount(0);
  expect(await tgLogins(request)).toBe(before + 1);
  // Source and platform as the sandbox stored them; the messenger user synced.
  await expect.poll(async () => (await control(request, `tg/users/${user.id}`)).name).toBe("Mila Tester");
  const stored = await control(request, `tg/users/${user.id}`);
  expect(stored.session).toEqual({ source: BOT_URL, platform: "tg" });
  expect(stored.username).toBe(user.username);
  // The frame: ready, expanded, full screen on a phone, the messenger's colours.
  const methods = (await tgCalls(page)).map((c) => c.method);
  expect(methods).toEqual(expect.arrayContaining(["ready", "expand", "requestFullscreen", "setHeaderColor", "setBackgroundColor"]));
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--bg").trim())).toBe("#17212b");

  await page.reload();
  await signedInAsTelegram(page);
  expect(await tgLogins(request), "the stored session is used, not a new sign-in").toBe(before + 1);
});

test("opened by the messenger (launch data in the hash), the page loads its WebApp script and signs in", async ({ page, request }) => {
  const user = newUser();
  const hash = await viaMessengerScript(page, { user });
  const before = await tgLogins(request);
  const script = page.waitForRequest("https://telegram.org/js/telegram-web-app.js");
  await page.goto(launchUrl() + hash);
  await script;
  await signedInAsTelegram(page);
  expect(await tgLogins(request)).toBe(before + 1);
});

test("the website never asks for the messenger's script", async ({ page }) => {
  const asked: string[] = [];
  page.on("request", (r) => {
    if (r.url().startsWith("https://telegram.org/")) asked.push(r.url());
  });
  await page.goto(url("/"));
  await expect(page.locator(".shell")).toHaveAttribute("data-core", "ready");
  expect(asked).toEqual([]);
});

test("an expired token whose refresh fails signs in again silently", async ({ page, request }) => {
  const user = newUser();
  // A session of this Telegram user, expired and closed on the server: its refresh must fail.
  await control(request, "token-ttl", { seconds: 1 });
  // Back to the shared sandbox's default whatever happens: later specs sign in too.
  const login = await request.post(url("/api/player/tg_login"), { data: { tg_payload: initData({ user }) } }).finally(() => control(request, "token-ttl", { seconds: 3600 }));
  expect(login.status()).toBe(200);
  const token = (await login.json()).accessToken as string;
  expect((await request.post(url("/api/player/sessions/logout"), { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(204);
  await page.context().addCookies([{ name: "access_token", value: token, url: base() }]);
  // The token's one second of life runs out: by its own exp claim, not a guessed pause.
  const exp = JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString()).exp * 1000;
  await expect.poll(() => Date.now(), { timeout: 5_000 }).toBeGreaterThan(exp);
  await asMiniapp(page, { user });
  const before = await tgLogins(request);
  await page.goto(launchUrl());
  await signedInAsTelegram(page);
  expect(await tgLogins(request)).toBe(before + 1);
  await expect(page.locator(".modal")).toHaveCount(0);
  await expect(page.getByText("Your session has ended")).toHaveCount(0);
});

test("a blocked Telegram user sees the account-blocked alert with a support link", async ({ page, request }) => {
  const user = newUser();
  await control(request, "tg/block", { tgUserId: user.id, blocked: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await asMiniapp(page, { user, ...insets });
  const before = await tgLogins(request);
  await page.goto(launchUrl());
  const panel = page.getByTestId("tg-blocked");
  await expect(panel).toBeVisible();
  await expect(panel.getByRole("heading")).toHaveText("Your account is blocked");
  await expect(page.locator(".toast").filter({ hasText: "Your account is blocked" })).toBeVisible();
  await expect(page.getByTestId("preloader")).toHaveCount(0, { timeout: 15_000 });
  await page.screenshot({ path: test.info().outputPath("miniapp-blocked-390.png") });
  await axeClean(page, "[data-testid=tg-blocked]");
  await panel.getByRole("link", { name: "Contact support" }).click();
  await expect(page).toHaveURL(/\/support$/);
  await expect(page.getByTestId("tg-blocked")).toHaveCount(0);
  // The failed init cleared the data: no second sign-in was tried.
  expect(await tgLogins(request)).toBe(before + 1);
});

test("init data older than a day shows the messenger auth error", async ({ page }) => {
  const user = newUser();
  await asMiniapp(page, { user, authDate: Math.floor(Date.now() / 1000) - 2 * 86_400 });
  await page.goto(launchUrl());
  await expect(page.getByTestId("tg-auth-error")).toBeVisible();
  await expect(page.locator(".toast").filter({ hasText: "Could not sign you in through Telegram" })).toBeVisible();
  await page.getByTestId("tg-auth-error").getByRole("button", { name: "Close the app" }).click();
  expect((await called(page, "close")).length).toBe(1);
});


test("safe-area insets frame the top bar, the bottom navigation and modals (390x844)", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await asMiniapp(page, { user: newUser(), ...insets });
  await page.goto(launchUrl());
  await signedInAsTelegram(page);
  const style = (sel: string, prop: string) => page.locator(sel).first().evaluate((el, p) => getComputedStyle(el).getPropertyValue(p), prop);
  expect(await style(".header", "padding-top")).toBe("93px");
  expect(await style(".bottom-nav", "padding-bottom")).toBe("34px");
  const nav = await page.locator(".bottom-nav").boundingBox();
  expect(nav!.y + nav!.height).toBeCloseTo(844, 0);
  await page.screenshot({ path: test.info().outputPath("miniapp-insets-390.png") });
  await page.goto(launchUrl("/wallet"));
  await page.getByRole("main").getByRole("button", { name: "Deposit" }).click();
  await expect(page.getByTestId("tg-wallet")).toBeVisible();
  await expect(page.getByTestId("preloader")).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByTestId("tg-wallet").getByRole("tab").first()).toBeVisible();
  const modal = await page.locator(".modal").boundingBox();
  expect(modal!.y).toBeGreaterThanOrEqual(93);
  expect(await style(".modal", "padding-bottom")).toBe("34px");
  await page.screenshot({ path: test.info().outputPath("miniapp-wallet-390.png") });
});

test("the wallet opens the Telegram wallet; close confirmation while the deposit is open; back closes it", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await asMiniapp(page, { user: newUser(), ...insets });
  await page.goto(launchUrl("/wallet"));
  await signedInAsTelegram(page);
  await page.getByRole("main").getByRole("button", { name: "Deposit" }).click();
  await expect(page).toHaveURL(/modal=tg-wallet/);
  await expect(page.getByTestId("tg-wallet").getByTestId("wallet-modal")).toBeVisible();
  await expect.poll(async () => page.evaluate(() => (window as unknown as TgWindow).Telegram.WebApp.isClosingConfirmationEnabled)).toBe(true);
  await axeClean(page, ".modal");
  // The messenger's back button closes the modal; the confirmation is withdrawn.
  await expect.poll(async () => page.evaluate(() => (window as unknown as TgWindow).Telegram.WebApp.BackButton.isVisible)).toBe(true);
  await page.evaluate(() => (window as unknown as { __tgEmulator: { pressBack(): void } }).__tgEmulator.pressBack());
  await expect(page.locator(".modal")).toHaveCount(0);
  await expect.poll(async () => page.evaluate(() => (window as unknown as TgWindow).Telegram.WebApp.isClosingConfirmationEnabled)).toBe(false);
  // On a page other than home it goes back a page: here the launch page, so home.
  await page.evaluate(() => (window as unknown as { __tgEmulator: { pressBack(): void } }).__tgEmulator.pressBack());
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect.poll(async () => page.evaluate(() => (window as unknown as TgWindow).Telegram.WebApp.BackButton.isVisible)).toBe(false);
});

test("tg-news shows the channel's news and opens the channel in the messenger", async ({ page }) => {
  await asMiniapp(page, { user: newUser(), platform: "tdesktop" });
  await page.goto(launchUrl());
  await signedInAsTelegram(page);
  await page.evaluate(() => history.pushState(null, "", "/?modal=telegram-news"));
  await page.evaluate(() => dispatchEvent(new PopStateEvent("popstate")));
  const news = page.getByTestId("tg-news");
  await expect(news).toBeVisible();
  // Telegram Desktop: no insets, the messenger's theme (1280x800).
  await page.screenshot({ path: test.info().outputPath("miniapp-news-1280.png") });
  await news.getByRole("button", { name: "Open the channel" }).click();
  expect((await called(page, "openTelegramLink")).map((c) => c.args[0])).toEqual(["https://t.me/croupier_news"]);
});

test("the website in a browser is not the mini-app", async ({ page }) => {
  await page.goto(url("/"));
  await expect(page.locator("html.tg")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Sign in" }).first()).toBeVisible();
});

test("in the messenger the sportsbook widget takes its colour scheme, and a fresh token when it changes", async ({ page, request }) => {
  await asMiniapp(page, { user: newUser(), colorScheme: "light", themeParams: { bg_color: "#ffffff", text_color: "#000000", hint_color: "#707579", secondary_bg_color: "#f1f1f1" } });
  await page.goto(launchUrl("/sport"));
  await signedInAsTelegram(page);
  const widget = page.getByTestId("sportsbook").locator("[data-sbw=book]");
  await expect(widget).toHaveAttribute("data-theme", "light");
  const starts = async () => ((await control(request, "calls")) as Record<string, number>)["POST /api/game/sport/start"] ?? 0;
  const before = await starts();
  await page.evaluate(() => (window as unknown as { __tgEmulator: { emit(e: string, p: unknown): void } }).__tgEmulator.emit("themeChanged", { colorScheme: "dark" }));
  await expect(widget).toHaveAttribute("data-theme", "dark");
  await expect.poll(starts).toBeGreaterThan(before);
});

test("a press on the prerendered page before the core, in a mini-app reloaded without its launch hash, is not lost", async ({ page }) => {
  // The messenger's reload keeps the launch data out of the address: the HTML shows the web
  // player's wallet frame, while the mini-app's React draws no early page. A Deposit pressed on
  // that HTML waits for React's wallet page (it used to be dropped at React's first tree).
  await asMiniapp(page, { user: newUser() });
  await page.goto(launchUrl());
  await signedInAsTelegram(page);
  // The app's entry is held: the press lands on the HTML, before any script of ours has run.
  const { release } = await entryHeld(page, launchUrl("/wallet"));
  await page.getByRole("main").getByRole("button", { name: "Deposit" }).click();
  release();
  await expect(page.getByTestId("tg-wallet")).toBeVisible();
  await expect(page).toHaveURL(/modal=tg-wallet/);
});
