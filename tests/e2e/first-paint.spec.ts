import { expect, test, type BrowserContext, type Page } from "./fixtures";
import { axeClean } from "./axe";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./sandbox";
import { entryHeld } from "./entry";
import { register } from "./player";

// Issue 9 §6 and §8: the shell paints a guest's home from the bundled texts before the wasm
// arrives, queues what the player does meanwhile, and shows a reload screen if the core fails.

const url = (path: string) => `${process.env.BASE_URL}${path}`;
const en: Record<string, string> = JSON.parse(readFileSync(join(ROOT, "core", "content", "en.json"), "utf8"));
const SIZES = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "mobile", width: 390, height: 844 },
];

/** Holds every request matching `pattern` until `release()` is called. */
async function hold(page: Page, pattern: string) {
  let release!: () => void;
  const released = new Promise<void>((ok) => (release = ok));
  const asked: string[] = [];
  await page.route(pattern, async (route) => {
    asked.push(route.request().url());
    await released;
    await route.continue();
  });
  return { release, asked };
}
const holdWasm = (page: Page) => hold(page, "**/*.wasm");

/** Every layout shift the page reports, those just after an input too: the browser leaves out
 * shifts within 500 ms of a press, so a modal that opens late on a slow machine would count
 * and the same modal opening early on a fast one would not. Counting all of them makes the
 * verdict the same on any machine. */
async function watchShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: { value: number; sources: string[] }[] };
    w.shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as {
        value: number;
        sources?: { node?: Node }[];
      }[]) {
        const sources = (e.sources ?? []).map((s) => (s.node instanceof Element ? s.node.className || s.node.tagName : String(s.node)));
        w.shifts.push({ value: e.value, sources });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  return async () => page.evaluate(() => (window as unknown as { shifts: { value: number; sources: string[] }[] }).shifts);
}

for (const size of SIZES) {
  test(`home paints header and hero before the wasm, then the core takes over (${size.name})`, async ({ page }) => {
    await page.setViewportSize(size);
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    const shifts = await watchShifts(page);
    const wasm = await holdWasm(page);
    await page.clock.install();

    await page.goto(url("/"), { waitUntil: "domcontentloaded" });
    const shell = page.locator(".shell");
    await expect(shell).toHaveAttribute("data-core", "loading");
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("banner").getByRole("button", { name: en["layout.signIn"] })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: en["layout.home.title"] })).toBeVisible();
    await expect(page.getByText(en["layout.home.subtitle"])).toBeVisible();
    // Nothing covers it: no preloader over a page the player can already read.
    await expect(page.getByTestId("preloader")).toHaveCount(0);
    // The core's code is asked for once the early page has painted (a frame, then a timer).
    await expect.poll(() => wasm.asked.length).toBeGreaterThan(0);

    // A click before the core is there is queued, not lost.
    await page.getByRole("banner").getByRole("button", { name: en["layout.signIn"] }).click();
    await expect(shell).toHaveAttribute("data-core", "loading");

    wasm.release();
    await expect(shell).toHaveAttribute("data-core", "ready");
    await expect(page.getByRole("dialog", { name: en["modals.sign-in.title"] })).toBeVisible();
    // The core's links fill the frame; still no preloader coming back over the page.
    await expect(page.locator("#site-footer .footer-links a").first()).toBeVisible();
    await expect(page.getByTestId("preloader")).toHaveCount(0);
    // Past the preloader's 1 s + 500 ms timers, on the page's clock (no real wait).
    await page.clock.runFor(1500);
    await expect(page.getByTestId("preloader")).toHaveCount(0);

    const all = await shifts();
    const cls = all.reduce((sum, s) => sum + s.value, 0);
    expect(cls, JSON.stringify(all)).toBeLessThanOrEqual(0.02);
    expect(errors).toEqual([]);
  });
}

for (const size of SIZES) {
  test(`the home's frame and hero come in the HTML, before any script file (${size.name})`, async ({ page }) => {
    await page.setViewportSize(size);
    // No JS file and no wasm ever arrives: what shows is the HTML's own (the build's prerender).
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.route("**/*.wasm", (route) => route.abort());
    await page.goto(url("/"), { waitUntil: "domcontentloaded" });
    await expect(page.locator(".shell")).toHaveAttribute("data-core", "html");
    await expect(page.getByRole("heading", { level: 1, name: en["layout.home.title"] })).toBeVisible();
    await expect(page.getByText(en["layout.home.subtitle"])).toBeVisible();
    await expect(page.getByRole("banner").getByRole("button", { name: en["layout.signIn"] })).toBeVisible();
    // The variant for the width: the bottom bar only on a phone.
    await expect(page.locator("nav.bottom-nav")).toHaveCount(size.name === "mobile" ? 1 : 0);
    await page.screenshot({ path: test.info().outputPath(`prerendered-home-${size.name}.png`) });
  });
}

/** Opens the home with the app's entry script held: the page is the HTML's own, its buttons
 * inert, until `release` lets the script through. */
const homeHeld = (page: Page) => entryHeld(page, url("/"));

test("a button pressed on the HTML's home before any script has run is pressed again once React draws", async ({ page }) => {
  const { shell, release } = await homeHeld(page);
  await page.getByRole("banner").getByRole("button", { name: en["layout.signIn"] }).click();
  await expect(shell).toHaveAttribute("data-core", "html");
  release();
  await expect(page.getByRole("dialog", { name: en["modals.sign-in.title"] })).toBeVisible();
  await expect(shell).toHaveAttribute("data-core", "ready");
});

test("a press begun on the HTML's home and released after React drew over it still works", async ({ page }) => {
  // The slow phone's case: the finger goes down on the HTML's menu button, React replaces the
  // tree before it comes up, and the browser fires no click (the pressed button is gone).
  await page.setViewportSize({ width: 390, height: 844 });
  const { shell, release } = await homeHeld(page);
  const menu = page.getByRole("banner").getByRole("button", { name: en["layout.menu"] });
  const box = (await menu.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  release();
  await expect(shell).not.toHaveAttribute("data-core", "html");
  await page.mouse.up();
  await expect(page.locator(".drawer-open")).toHaveCount(1);
  await expect(page.locator(".drawer").getByRole("link", { name: en["layout.nav.wallet"] })).toBeVisible();
  // Pressed once: the menu stays open once the core drives the page.
  await expect(shell).toHaveAttribute("data-core", "ready");
  await expect(page.locator(".drawer-open")).toHaveCount(1);
});

test("the HTML's home is not shown to a returning player or on another address", async ({ page, context }) => {
  await page.route("**/assets/*.js", (route) => route.abort());
  await page.goto(url("/games"), { waitUntil: "domcontentloaded" });
  await expect(page.locator("#root")).toBeEmpty();
  // Nor inside the messenger, which opens the page with its launch data in the hash.
  await page.goto(url("/#tgWebAppData=query_id%3DAA&tgWebAppVersion=8.0"), { waitUntil: "domcontentloaded" });
  await expect(page.locator("#root")).toBeEmpty();
  await context.addCookies([{ name: "access_token", value: "stale.token.value", url: url("/") }]);
  await page.goto(url("/"), { waitUntil: "domcontentloaded" });
  await expect(page.locator("#root")).toBeEmpty();
});

test("a returning player's home waits for the core behind the preloader", async ({ page, context }) => {
  await context.addCookies([{ name: "access_token", value: "stale.token.value", url: url("/") }]);
  const wasm = await holdWasm(page);
  await page.goto(url("/"), { waitUntil: "domcontentloaded" });
  await expect(page.getByTestId("preloader")).toHaveAttribute("data-phase", "shown");
  await expect(page.getByRole("heading", { level: 1, name: en["layout.home.title"] })).toHaveCount(0);
  wasm.release();
  await expect(page.locator(".shell")).toHaveAttribute("data-core", "ready");
});

test("a returning player's wallet paints its title, actions and accounts' heading before the wasm; a press waits for the core", async ({ page, context, request }) => {
  const player = await register(request, "early");
  await context.addCookies([{ name: "access_token", value: player.token, url: url("/") }]);
  const shifts = await watchShifts(page);
  const wasm = await holdWasm(page);
  const methods = await hold(page, "**/api/payment/methods/**");
  await page.goto(url("/wallet"), { waitUntil: "domcontentloaded" });
  await expect(page.getByRole("heading", { level: 1, name: en["layout.pages.wallet"] })).toBeVisible();
  // The accounts' heading too (the page's largest text), its list a skeleton until the core.
  await expect(page.getByRole("heading", { level: 2, name: en["global-components.accounts.title"] })).toBeVisible();
  await expect(page.locator('#accounts-title ~ .skeleton')).toBeVisible();
  await expect(page.getByTestId("preloader")).toHaveCount(0);
  // The header says it is loading, never offers a guest's sign-in.
  await expect(page.getByRole("button", { name: en["layout.signIn"] })).toHaveCount(0);
  // Deposit pressed before the core: the modal opens once the core has come.
  await page.getByRole("button", { name: en["global-components.wallet.deposit"] }).click();
  await expect.poll(() => wasm.asked.length).toBeGreaterThan(0);
  wasm.release();
  await expect(page.locator(".shell")).toHaveAttribute("data-core", "ready");
  const modal = page.getByTestId("wallet-modal");
  await expect(modal).toBeVisible();
  // The modal's appearance on any machine: first with its methods loading, then with them.
  await expect(modal.locator(".skeleton")).toBeVisible();
  methods.release();
  await expect(modal.getByTestId("method-card.deposit.visa")).toBeVisible();
  await expect(page.locator("#accounts-title")).toBeVisible();
  await expect(page.getByTestId("preloader")).toHaveCount(0);
  const total = (await shifts()).reduce((sum, s) => sum + s.value, 0);
  expect(total, JSON.stringify(await shifts())).toBeLessThanOrEqual(0.02);
});

/** A returning player's page with every script and wasm file refused: what the HTML alone paints. */
async function htmlOnly(page: Page, context: BrowserContext, path: string) {
  await context.addCookies([{ name: "access_token", value: "any.token.value", url: url("/") }]);
  await page.route("**/assets/*.js", (route) => route.abort());
  await page.route("**/*.wasm", (route) => route.abort());
  await page.goto(url(path), { waitUntil: "domcontentloaded" });
  await expect(page.locator(".shell")).toHaveAttribute("data-core", "html");
}

for (const size of SIZES) {
  test(`a returning player's wallet frame comes in the HTML, before any script file (${size.name})`, async ({ page, context }) => {
    await page.setViewportSize(size);
    await htmlOnly(page, context, "/wallet");
    // The page's largest paint (the line under the title) with its title and actions.
    await expect(page.getByRole("heading", { level: 1, name: en["layout.pages.wallet"] })).toBeVisible();
    await expect(page.getByText(en["global-components.wallet.intro"])).toBeVisible();
    await expect(page.getByRole("button", { name: en["global-components.wallet.deposit"] })).toBeVisible();
    // A player's frame: no guest's sign-in, the accounts a skeleton.
    await expect(page.getByRole("button", { name: en["layout.signIn"] })).toHaveCount(0);
    await expect(page.locator("#accounts-title ~ .skeleton")).toBeVisible();
    await expect(page.locator("nav.bottom-nav")).toHaveCount(size.name === "mobile" ? 1 : 0);
    await page.screenshot({ path: test.info().outputPath(`prerendered-wallet-${size.name}.png`) });
    // A guest on the same address gets no player's frame.
    await context.clearCookies();
    await page.goto(url("/wallet"), { waitUntil: "domcontentloaded" });
    await expect(page.locator("#root")).toBeEmpty();
  });
}

for (const size of SIZES) {
  test(`a returning player's profile paints its hub before the wasm; the nickname takes its held line without a shift (${size.name})`, async ({ page, context, request }) => {
    await page.setViewportSize(size);
    const player = await register(request, "early");
    await context.addCookies([{ name: "access_token", value: player.token, url: url("/") }]);
    const shifts = await watchShifts(page);
    const wasm = await holdWasm(page);
    await page.goto(url("/profile"), { waitUntil: "domcontentloaded" });
    await expect(page.getByRole("heading", { level: 1, name: en["layout.pages.profile"] })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: en["global-components.security.title"] })).toBeVisible();
    await expect(page.getByText(en["global-components.limits.intro"])).toBeVisible();
    const nickname = page.getByTestId("profile-nickname");
    await expect(nickname.locator('[data-skeleton="profile-nickname"]')).toBeVisible();
    await expect(page.getByTestId("preloader")).toHaveCount(0);
    await expect(page.getByRole("button", { name: en["layout.signIn"] })).toHaveCount(0);
    await expect.poll(() => wasm.asked.length).toBeGreaterThan(0);
    // Still the frame while the core's code is held; a press on it waits for the core.
    await expect(page.locator(".shell")).not.toHaveAttribute("data-core", "ready");
    await page.getByRole("button", { name: en["modals.change-pass.title"] }).click();
    wasm.release();
    await expect(page.locator(".shell")).toHaveAttribute("data-core", "ready");
    await expect(page.getByRole("dialog", { name: en["modals.change-pass.title"] })).toBeVisible();
    await expect(nickname.locator("[data-skeleton]")).toHaveCount(0);
    await expect(nickname).not.toBeEmpty();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByTestId("preloader")).toHaveCount(0);
    const total = (await shifts()).reduce((sum, s) => sum + s.value, 0);
    expect(total, JSON.stringify(await shifts())).toBeLessThanOrEqual(0.02);
    await page.screenshot({ path: test.info().outputPath(`profile-drawn-${size.name}.png`) });
  });
}

for (const size of SIZES) {
  test(`a returning player's profile frame comes in the HTML, before any script file (${size.name})`, async ({ page, context }) => {
    await page.setViewportSize(size);
    await htmlOnly(page, context, "/profile");
    // The hub is the site's own text; its layout from the app's stylesheet (two panels side by
    // side on a desktop, stacked on a phone), the nickname's line a skeleton.
    await expect(page.getByRole("heading", { level: 1, name: en["layout.pages.profile"] })).toBeVisible();
    const security = page.getByRole("heading", { level: 2, name: en["global-components.security.title"] });
    const limits = page.getByRole("heading", { level: 2, name: en["layout.pages.profile-limits"] });
    await expect(security).toBeVisible();
    await expect(limits).toBeVisible();
    const [a, b] = [(await security.boundingBox())!, (await limits.boundingBox())!];
    if (size.name === "desktop") expect(b.y).toBe(a.y);
    else expect(b.y).toBeGreaterThan(a.y);
    await expect(page.getByRole("button", { name: en["modals.change-pass.title"] })).toBeVisible();
    await expect(page.getByTestId("profile-nickname").locator('[data-skeleton="profile-nickname"]')).toBeVisible();
    await expect(page.getByRole("button", { name: en["layout.signIn"] })).toHaveCount(0);
    await expect(page.locator("nav.bottom-nav")).toHaveCount(size.name === "mobile" ? 1 : 0);
    await page.screenshot({ path: test.info().outputPath(`prerendered-profile-${size.name}.png`) });
    // Another locale's address gets no frame in the default locale's words (its page waits for
    // the core, as the wallet's does), nor does a guest.
    await page.goto(url("/pt-br/profile"), { waitUntil: "domcontentloaded" });
    await expect(page.locator("#root")).toBeEmpty();
    await context.clearCookies();
    await page.goto(url("/profile"), { waitUntil: "domcontentloaded" });
    await expect(page.locator("#root")).toBeEmpty();
  });
}

test("the wasm failing to load shows the reload screen; Reload starts afresh", async ({ page }) => {
  const logged: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") logged.push(m.text());
  });
  let fail = true;
  await page.route("**/*.wasm", (route) => (fail ? route.abort() : route.continue()));
  await page.goto(url("/wallet"));
  const screen = page.getByTestId("crash-screen");
  await expect(screen).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: en["layout.crash.title"] })).toBeVisible();
  await expect(page.getByText(en["layout.crash.text"])).toBeVisible();
  expect(logged.some((t) => t.includes("croupier: crash in load"))).toBe(true);

  await axeClean(page);

  if (process.env.CRASH_SHOTS) {
    const out = join(ROOT, "screenshots");
    mkdirSync(out, { recursive: true });
    for (const s of SIZES) {
      await page.setViewportSize(s);
      // Drawn at the new size: two frames after the resize, not a guessed pause.
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      await page.screenshot({ path: join(out, `crash-${s.name}.png`) });
    }
  }

  fail = false;
  await page.getByRole("button", { name: en["layout.crash.reload"] }).click();
  await expect(page.locator(".shell")).toHaveAttribute("data-core", "ready");
  await expect(screen).toHaveCount(0);
});
