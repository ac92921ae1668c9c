// The core loads by route (issue 28): the sportsbook's part of the core is a chunk of its own
// (split_sport*.wasm), fetched when the core needs it. The guest's home never asks for it
// while it loads; /sport fetches it and works; a chunk whose fetch failed shows a retry, and
// the retry fetches it again and the page works. The bonuses' part (split_bonuses*.wasm) the
// same on /profile/bonuses, and the limits' (split_limits*.wasm, a group with forms) on
// /profile/limits. The protection's part (split_protection*.wasm: the session bar, the reality
// check, the session-length ask) on a player's game page; a guest never fetches it. The
// account's (split_account*.wasm: the profile, e-mail and documents code in one chunk) on
// /profile and its pages; a guest's home never fetches it. The
// payments' part (split_payments*.wasm: deposits, withdrawals, invoices, the history page) on
// the wallet modal, from any page; a guest's home never fetches it.
import { expect, test, type Page } from "./fixtures";
import { axeClean } from "./axe";
import { register, signedIn } from "./player";

const url = (path: string) => `${process.env.BASE_URL!}${path}`;
const MAIN = /\/assets\/croupier_core_bg[^/]*\.wasm$/;
const SPORT_CHUNK = /\/assets\/split_sport[^/]*\.wasm$/;
const BONUSES_CHUNK = /\/assets\/split_bonuses[^/]*\.wasm$/;
const PROTECTION_CHUNK = /\/assets\/split_protection[^/]*\.wasm$/;
const LIMITS_CHUNK = /\/assets\/split_limits[^/]*\.wasm$/;
const ACCOUNT_CHUNK = /\/assets\/split_account[^/]*\.wasm$/;
const PAYMENTS_CHUNK = /\/assets\/split_payments[^/]*\.wasm$/;
const PAGES_CHUNK = /\/assets\/split_pages[^/]*\.wasm$/;
const IDENTITY_CHUNK = /\/assets\/split_identity[^/]*\.wasm$/;

/** Every URL the page asks for, from now on. */
function requests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (r) => seen.push(r.url()));
  return seen;
}

const book = (page: Page) => page.getByTestId("sportsbook");

test("the guest's home loads the main module only, not the sportsbook's chunk", async ({ page }) => {
  const seen: { url: string; at: number }[] = [];
  page.on("request", (r) => seen.push({ url: r.url(), at: Date.now() }));
  await page.goto(url("/"));
  await expect.poll(() => seen.some((r) => MAIN.test(r.url))).toBe(true);
  await expect(page.getByTestId("preloader")).toHaveCount(0, { timeout: 15_000 });
  await page.waitForLoadState("networkidle");
  // The home's sport carousels ask for the sportsbook's chunk a second after the load event
  // when their place is in view (LazyCarousels): that may fall inside this wait on a slow
  // run, and is not the page's load. Until then, the main module only.
  const loaded = await page.evaluate(() => performance.timeOrigin + performance.timing.loadEventEnd - performance.timing.navigationStart);
  const early = seen.filter((r) => r.at < loaded + 900).map((r) => r.url);
  expect(early.filter((u) => u.endsWith(".wasm"))).toEqual(early.filter((u) => MAIN.test(u)));
  expect(early.filter((u) => MAIN.test(u))).toHaveLength(1);
  // No other group's chunk at all: a guest prefetches none.
  const all = seen.map((r) => r.url);
  expect(all.filter((u) => BONUSES_CHUNK.test(u))).toEqual([]);
  expect(all.filter((u) => PROTECTION_CHUNK.test(u))).toEqual([]);
  expect(all.filter((u) => LIMITS_CHUNK.test(u))).toEqual([]);
  expect(all.filter((u) => ACCOUNT_CHUNK.test(u))).toEqual([]);
  expect(all.filter((u) => PAYMENTS_CHUNK.test(u))).toEqual([]);
  expect(all.filter((u) => PAGES_CHUNK.test(u))).toEqual([]);
  expect(all.filter((u) => IDENTITY_CHUNK.test(u))).toEqual([]);
});

test("/sport fetches the sportsbook's chunk and the widget runs", async ({ page }) => {
  const seen = requests(page);
  await page.goto(url("/sport"));
  await expect(page.getByTestId("preloader")).toHaveCount(0, { timeout: 15_000 });
  await expect(book(page).locator("[data-sbw=book]")).toBeVisible();
  expect(seen.filter((u) => SPORT_CHUNK.test(u))).toHaveLength(1);
});

test("a failed chunk shows a retry; the retry fetches it again and the page works", async ({ page }) => {
  let tries = 0;
  await page.route(SPORT_CHUNK, (route) => (tries++ === 0 ? route.abort("failed") : route.continue()));
  await page.goto(url("/sport"));
  const alert = page.getByRole("alert").filter({ hasText: "could not be loaded" });
  await expect(alert).toBeVisible({ timeout: 15_000 });
  await expect(book(page).locator("[data-sbw=book]")).toHaveCount(0);
  await alert.getByRole("button", { name: "Try again" }).click();
  await expect(book(page).locator("[data-sbw=book]")).toBeVisible();
  await expect(alert).toHaveCount(0);
  expect(tries).toBe(2);
});

for (const s of [
  { name: "desktop", width: 1280, height: 800 },
  { name: "mobile", width: 390, height: 844 },
]) {
  test(`a content page whose chunk is held back once shows a retry in the page, then it and the next page work (${s.name})`, async ({ page }) => {
    await page.setViewportSize({ width: s.width, height: s.height });
    let tries = 0;
    await page.route(PAGES_CHUNK, (route) => (tries++ === 0 ? route.abort("failed") : route.continue()));
    await page.goto(url("/static/terms"));
    const retry = page.getByTestId("pages-code-failed");
    await expect(retry).toBeVisible({ timeout: 15_000 });
    // The page's frame stays: its heading, no body yet.
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByTestId("content-page")).toHaveAttribute("data-status", "none");
    // The preloader leaves a second after the page rendered, the retry in it.
    await expect(page.getByTestId("preloader")).toHaveCount(0, { timeout: 15_000 });
    await axeClean(page);
    await page.screenshot({ path: test.info().outputPath(`pages-chunk-failed-${s.name}.png`), fullPage: true });
    await retry.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Terms and Conditions" })).toBeVisible();
    await expect(retry).toHaveCount(0);
    // Another content page later: the code is here, no second fetch.
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
    expect(tries).toBe(2);
  });
}

for (const s of [
  { name: "desktop", width: 1280, height: 800 },
  { name: "mobile", width: 390, height: 844 },
]) {
  test(`the identity chunk held back once on the phone's modal shows a retry in it, then a code is sent (${s.name})`, async ({ page }) => {
    await page.setViewportSize({ width: s.width, height: s.height });
    let tries = 0;
    await page.route(IDENTITY_CHUNK, (route) => (tries++ === 0 ? route.abort("failed") : route.continue()));
    await page.goto(url("/?modal=get-code"));
    const dialog = page.getByRole("dialog");
    const retry = dialog.getByTestId("identity-code-failed");
    await expect(retry).toBeVisible({ timeout: 15_000 });
    await expect(dialog.getByLabel("Phone number")).toHaveCount(0);
    await expect(page.getByTestId("preloader")).toHaveCount(0, { timeout: 15_000 });
    await axeClean(page, '[role="dialog"]');
    await page.screenshot({ path: test.info().outputPath(`identity-chunk-failed-${s.name}.png`) });
    await retry.getByRole("button", { name: "Try again" }).click();
    const n = String((Date.now() * 13 + (s.width % 97)) % 10_000_000).padStart(7, "0");
    await dialog.getByLabel("Phone number").fill(`+351 92${n.slice(0, 1)} ${n.slice(1, 4)} ${n.slice(4)}`);
    await dialog.getByRole("button", { name: "Send the code" }).click();
    await expect(dialog.getByText(/New code in \d+ s/)).toBeVisible();
    await expect(retry).toHaveCount(0);
    expect(tries).toBe(2);
  });
}

test("the sign-in modal offers the providers before the identity code is here; a press waits for it, then goes to the provider", async ({ page }) => {
  let release: () => void = () => {};
  const held = new Promise<void>((r) => (release = r));
  const authorize: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/authorize?")) authorize.push(r.url());
  });
  await page.route(IDENTITY_CHUNK, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(url("/games?modal=sign-in"));
  const google = page.getByRole("dialog").getByRole("button", { name: "Continue with Google" });
  await expect(google).toBeVisible({ timeout: 15_000 });
  await google.click();
  // The press is kept by the core while the chunk is held: the page stays.
  await expect(page.getByRole("dialog").getByRole("heading", { name: "Sign in" })).toBeVisible();
  expect(authorize).toEqual([]);
  release();
  await expect(page.getByRole("heading", { name: /Sign in with Google/ })).toBeVisible({ timeout: 15_000 });
  expect(new URL(page.url()).pathname).toBe("/api/player/social/google/authorize");
  expect(authorize).toHaveLength(1);
});

test("a failed identity chunk shows its retry under the providers in the sign-in modal; the retry brings it and a press goes on", async ({ page }) => {
  let tries = 0;
  await page.route(IDENTITY_CHUNK, (route) => (tries++ === 0 ? route.abort("failed") : route.continue()));
  await page.goto(url("/games?modal=sign-in"));
  const dialog = page.getByRole("dialog");
  const retry = dialog.getByTestId("identity-code-failed");
  await expect(retry).toBeVisible({ timeout: 15_000 });
  // The e-mail form is the session's (eager): it stays usable.
  await expect(dialog.getByLabel("E-mail")).toBeEditable();
  await expect(page.getByTestId("preloader")).toHaveCount(0, { timeout: 15_000 });
  await axeClean(page, '[role="dialog"]');
  await page.screenshot({ path: test.info().outputPath("identity-chunk-failed-sign-in.png") });
  await retry.getByRole("button", { name: "Try again" }).click();
  await expect(retry).toHaveCount(0);
  await dialog.getByRole("button", { name: "Continue with Facebook" }).click();
  await expect(page.getByRole("heading", { name: /Sign in with Facebook/ })).toBeVisible();
  expect(tries).toBe(2);
});

test("/redirect waits for the pages' code, then follows an address of this site", async ({ page }) => {
  let release: () => void = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route(PAGES_CHUNK, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(url("/redirect?url=%2Fgames"));
  await expect(page.getByTestId("redirect-page")).toBeVisible({ timeout: 15_000 });
  // Nothing is said about the address before the code that reads it is here.
  await expect(page.getByText("This link cannot be opened.")).toHaveCount(0);
  release();
  await expect(page).toHaveURL(url("/games"));
});

for (const s of [
  { name: "desktop", width: 1280, height: 800 },
  { name: "mobile", width: 390, height: 844 },
]) {
  test(`the bonuses chunk held back once on /profile/bonuses shows a retry, then the page works (${s.name})`, async ({ page, request }) => {
    await page.setViewportSize({ width: s.width, height: s.height });
    const player = await register(request, "lazybonus");
    let tries = 0;
    await page.route(BONUSES_CHUNK, (route) => (tries++ === 0 ? route.abort("failed") : route.continue()));
    await signedIn(page, player, "/profile/bonuses");
    const alert = page.getByRole("alert").filter({ hasText: "could not be loaded" });
    await expect(alert).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId("cashback")).toHaveCount(0);
    await axeClean(page);
    await page.screenshot({ path: test.info().outputPath(`bonuses-chunk-failed-${s.name}.png`), fullPage: true });
    await alert.getByRole("button", { name: "Try again" }).click();
    // The session's start, queued while the chunk was away, reaches the bonuses: the lists and
    // the cashback are asked for and shown.
    await expect(page.getByTestId("bonus-empty")).toBeVisible();
    await expect(page.getByTestId("cashback")).toBeVisible();
    await expect(alert).toHaveCount(0);
    expect(tries).toBe(2);
  });
}

test("a guest's game page and demo launch do not fetch the protection's chunk", async ({ page }) => {
  const seen = requests(page);
  await page.goto(url("/game/book-of-dead"));
  await expect(page.getByTestId("preloader")).toHaveCount(0, { timeout: 15_000 });
  await page.getByTestId("play-demo").click();
  await expect(page.frameLocator("[data-testid=game-frame]").getByText("Demo mode: play money")).toBeVisible();
  // The game frame keeps the network busy: a moment for a late fetch instead of its idle.
  await page.waitForTimeout(1_000);
  expect(seen.filter((u) => PROTECTION_CHUNK.test(u))).toEqual([]);
});

for (const s of [
  { name: "desktop", width: 1280, height: 800 },
  { name: "mobile", width: 390, height: 844 },
]) {
  test(`the protection chunk held back once on a game page shows a retry, then the bar works (${s.name})`, async ({ page, request }) => {
    await page.setViewportSize({ width: s.width, height: s.height });
    const player = await register(request, "lazyprotect");
    let tries = 0;
    await page.route(PROTECTION_CHUNK, (route) => (tries++ === 0 ? route.abort("failed") : route.continue()));
    await signedIn(page, player, "/game/book-of-dead");
    const alert = page.getByRole("alert").filter({ hasText: "could not be loaded" });
    await expect(alert).toBeVisible({ timeout: 15_000 });
    // No bar, and the real launch waits for the session-length answer the chunk gives.
    await expect(page.getByTestId("session-bar")).toHaveCount(0);
    await expect(page.locator("[data-testid=game-frame]")).toHaveCount(0);
    await axeClean(page);
    await page.screenshot({ path: test.info().outputPath(`protection-chunk-failed-${s.name}.png`), fullPage: true });
    await alert.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByTestId("session-bar")).toBeVisible();
    await expect(page.getByTestId("session-time")).toBeVisible();
    const frame = page.frameLocator("[data-testid=game-frame]");
    await expect(frame.getByText("Real money")).toBeVisible();
    await expect(alert).toHaveCount(0);
    expect(tries).toBe(2);
    await page.screenshot({ path: test.info().outputPath(`protection-chunk-retried-${s.name}.png`), fullPage: true });
  });

  test(`the limits chunk held back once on /profile/limits shows a retry, then adding a limit works (${s.name})`, async ({ page, request }) => {
    await page.setViewportSize({ width: s.width, height: s.height });
    const player = await register(request, "lazylimit");
    let tries = 0;
    await page.route(LIMITS_CHUNK, (route) => (tries++ === 0 ? route.abort("failed") : route.continue()));
    await signedIn(page, player, "/profile/limits");
    const alert = page.getByRole("alert").filter({ hasText: "could not be loaded" });
    await expect(alert).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId("limits-deposit")).toHaveCount(0);
    await axeClean(page);
    await page.screenshot({ path: test.info().outputPath(`limits-chunk-failed-${s.name}.png`), fullPage: true });
    await alert.getByRole("button", { name: "Try again" }).click();
    // The session's start, queued while the chunk was away, reaches the limits: the list is
    // asked for and shown; then the add-limit form (the group's) sends.
    const deposit = page.getByTestId("limits-deposit");
    await expect(deposit).toContainText("No limit set.");
    await expect(alert).toHaveCount(0);
    await deposit.getByRole("button", { name: "Add limit" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Period").selectOption("daily");
    await dialog.getByLabel("Amount").fill("30");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(deposit.getByRole("listitem")).toContainText(["Daily30.00 USD"]);
    expect(tries).toBe(2);
  });

  test(`the account chunk held back once on /profile shows a retry, then the page works (${s.name})`, async ({ page, request }) => {
    await page.setViewportSize({ width: s.width, height: s.height });
    const player = await register(request, "lazyaccount");
    let tries = 0;
    await page.route(ACCOUNT_CHUNK, (route) => (tries++ === 0 ? route.abort("failed") : route.continue()));
    await signedIn(page, player, "/profile");
    const alert = page.getByRole("alert").filter({ hasText: "could not be loaded" });
    await expect(alert).toBeVisible({ timeout: 15_000 });
    // The hub's links stay; its two modals (the group's code) wait behind the retry.
    await expect(page.getByRole("button", { name: "Change nickname" })).toHaveCount(0);
    const hub = page.locator(".profile-hub");
    await expect(hub.getByRole("link", { name: "Sessions" })).toBeVisible();
    await axeClean(page);
    await page.screenshot({ path: test.info().outputPath(`account-chunk-failed-${s.name}.png`), fullPage: true });
    await alert.getByRole("button", { name: "Try again" }).click();
    await expect(alert).toHaveCount(0);
    // The nickname form (the group's rules and send) works and reaches the header.
    await page.getByRole("button", { name: "Change nickname" }).click();
    const dialog = page.getByRole("dialog");
    const mine = `lazy${Date.now() % 100000}`;
    await dialog.getByLabel("Nickname").fill(mine);
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId("profile-nickname")).toHaveText(mine);
    // Its pages need no second fetch: the sessions list (the session's start, queued while the
    // chunk was away, and the page's own load).
    await hub.getByRole("link", { name: "Sessions" }).click();
    await expect(page.locator(".session-list [data-testid^=session-]").first()).toBeVisible();
    expect(tries).toBe(2);
    await page.screenshot({ path: test.info().outputPath(`account-chunk-retried-${s.name}.png`), fullPage: true });
  });
}

for (const s of [
  { name: "desktop", width: 1280, height: 800 },
  { name: "mobile", width: 390, height: 844 },
]) {
  test(`the payments chunk held back once on the deposit modal shows a retry, then a deposit works (${s.name})`, async ({ page, request }) => {
    await page.setViewportSize({ width: s.width, height: s.height });
    const player = await register(request, "lazypay");
    let tries = 0;
    await page.route(PAYMENTS_CHUNK, (route) => (tries++ === 0 ? route.abort("failed") : route.continue()));
    await signedIn(page, player, "/?modal=wallet&wallet=deposit");
    const dialog = page.getByRole("dialog");
    const alert = dialog.getByRole("alert").filter({ hasText: "could not be loaded" });
    await expect(alert).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId("wallet-modal")).toHaveCount(0);
    // The header's balance is the wallet's (in the main module): it shows without the chunk.
    await expect(page.getByTestId("header-balance")).toContainText("0.00");
    await axeClean(page);
    await page.screenshot({ path: test.info().outputPath(`payments-chunk-failed-${s.name}.png`) });
    await alert.getByRole("button", { name: "Try again" }).click();
    // The session's start and the open modal, queued while the chunk was away, reach the
    // payments: the methods are asked for and shown; then a card deposit goes through.
    const modal = page.getByTestId("wallet-modal");
    await modal.getByTestId("method-card.deposit.visa").click();
    await modal.getByLabel(/^Amount/).fill("25");
    await modal.getByLabel("Card number").fill("4111 1111 1111 1111");
    await modal.getByTestId("pay-submit").click();
    await expect(page.getByTestId("deposit-success")).toBeVisible();
    await expect(page.getByTestId("header-balance")).toContainText("25.00");
    await expect(alert).toHaveCount(0);
    expect(tries).toBe(2);
  });
}
