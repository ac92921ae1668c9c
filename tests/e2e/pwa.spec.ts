// Issue 30, installable app: each locale prefix links its own web app manifest, served as
// application/manifest+json with icons that load at their sizes; Chromium finds nothing that
// stops installation (CDP Page.getInstallabilityErrors, since Lighthouse 12 has no PWA
// category); the install offer comes once on the second visit (Chromium does not fire
// beforeinstallprompt headless: the page gets a synthetic one with a prompt() stub), the
// drawer's entry after it; installed (display-mode: standalone, see the last test) the
// offline shell still shows the lobby and the wallet marked as the last known state.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, expect, test, type BrowserContext, type Page } from "./fixtures";
import { ROOT } from "./sandbox";

test.use({ serviceWorkers: "allow" });

const base = () => process.env.BASE_URL!;
const url = (path: string) => `${base()}${path}`;

async function ready(page: Page) {
  await expect(page.locator(".shell")).toHaveAttribute("data-core", "ready");
}

/** The width and height a PNG's header declares. */
function pngSize(bytes: Buffer): [number, number] {
  expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

/** Chromium's offer, as it would send it, with a prompt() that counts its calls. */
const offerInstall = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { prompted: number };
    w.prompted = 0;
    const e = new Event("beforeinstallprompt", { cancelable: true }) as Event & { prompt: () => Promise<void> };
    e.prompt = () => {
      w.prompted++;
      return Promise.resolve();
    };
    dispatchEvent(e);
    return e.defaultPrevented;
  });

const LOCALES: [string, string, string, RegExp][] = [
  ["/", "en", "/", /fast payouts/],
  ["/pt-br/", "pt-br", "/pt-br/", /saques rápidos/],
  ["/es/games", "es", "/es/", /pagos rápidos/],
  ["/ru/wallet", "ru", "/ru/", /быстрые выплаты/],
];

test("each locale prefix links its own manifest, served with its type, and its icons load at their sizes", async ({ page }) => {
  const checkedIcons = new Set<string>();
  for (const [path, locale, scope, description] of LOCALES) {
    await page.goto(url(path));
    await ready(page);
    const href = await page.locator("link[rel=manifest]").getAttribute("href");
    expect(href).toBe(`/manifests/${locale}.webmanifest`);
    const res = await page.request.get(url(href!));
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("application/manifest+json");
    const m = await res.json();
    expect(m).toMatchObject({ id: scope, start_url: scope, scope, display: "standalone", name: "Croupier", short_name: "Croupier", lang: locale });
    expect(m.description).toMatch(description);
    expect(m.theme_color).toBe("#0f1220");
    expect(m.background_color).toBe("#0f1220");
    expect(m.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`)).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);
    for (const icon of m.icons as { src: string; sizes: string }[]) {
      if (checkedIcons.has(icon.src)) continue;
      checkedIcons.add(icon.src);
      const got = await page.request.get(url(icon.src));
      expect(got.status()).toBe(200);
      expect(got.headers()["content-type"]).toBe("image/png");
      expect(pngSize(await got.body()).join("x")).toBe(icon.sizes);
    }
    // What the browser itself read, and that nothing in it stops installation.
    const cdp = await page.context().newCDPSession(page);
    const read = await cdp.send("Page.getAppManifest");
    expect(read.url).toBe(url(href!));
    expect(read.errors).toEqual([]);
    await cdp.detach();
  }
});

test("Chromium finds the app installable at / and at a locale prefix, and installs it", async ({}, testInfo) => {
  // Each in its own real profile: Playwright's usual contexts are incognito, where nothing is
  // installable (Page.getInstallabilityErrors answers only "in-incognito" there), and a profile
  // that has installed "/" (whose scope holds /pt-br/) may hand the next in-scope navigation to
  // the installed app's window, so the tab would still show the first locale.
  for (const [path, locale] of [
    ["/", "en"],
    ["/pt-br/", "pt-br"],
  ]) {
    const profile = mkdtempSync(join(tmpdir(), "croupier-pwa-"));
    const context = await chromium.launchPersistentContext(profile, { ...testInfo.project.use.launchOptions, serviceWorkers: "allow" });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(url(path));
      await ready(page);
      expect(new URL(page.url()).pathname).toBe(path);
      await expect(page.locator("link[rel=manifest]")).toHaveAttribute("href", `/manifests/${locale}.webmanifest`);
      const cdp = await context.newCDPSession(page);
      await expect.poll(async () => (await cdp.send("Page.getAppManifest")).url).toBe(url(`/manifests/${locale}.webmanifest`));
      expect((await cdp.send("Page.getInstallabilityErrors")).installabilityErrors).toEqual([]);
      // The browser's own install (CDP PWA domain), as the player's "Install" would end.
      await cdp.send("PWA.install", { manifestId: url(path) });
      await cdp.detach();
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  }
});

/** A new visit: a new tab of the same browser profile (the count is per tab session). */
async function visit(context: BrowserContext, path = "/"): Promise<Page> {
  const page = await context.newPage();
  await page.goto(url(path));
  await ready(page);
  return page;
}

test("the install banner comes on the second visit only, the drawer's Install app entry after it", async ({ context, page: first }) => {
  await first.goto(url("/"));
  await ready(first);
  expect(await offerInstall(first)).toBe(true);
  await expect(first.getByTestId("install-menu")).toHaveCount(0);
  await expect(first.getByTestId("install-banner")).toHaveCount(0);
  // A reload is the same visit.
  await first.reload();
  await ready(first);
  await offerInstall(first);
  await expect(first.getByTestId("install-banner")).toHaveCount(0);
  await first.close();

  const second = await visit(context);
  await offerInstall(second);
  const banner = second.getByTestId("install-banner");
  await expect(banner).toContainText("Install Croupier");
  await expect(second.getByTestId("install-menu")).toHaveCount(0);
  await second.getByTestId("preloader").waitFor({ state: "detached", timeout: 15_000 });
  await second.screenshot({ path: join(ROOT, "screenshots", "install-banner-1280.png") });
  await banner.getByRole("button", { name: "Not now" }).click();
  await expect(banner).toHaveCount(0);
  const entry = second.locator("#drawer").getByRole("button", { name: "Install app" });
  await expect(entry).toBeVisible();
  await entry.scrollIntoViewIfNeeded();
  await second.screenshot({ path: join(ROOT, "screenshots", "install-menu-1280.png") });
  await entry.click();
  expect(await second.evaluate(() => (window as unknown as { prompted: number }).prompted)).toBe(1);
  await expect(entry).toHaveCount(0);
  await second.close();

  // Later visits: no banner again, the entry while the browser offers; none before it does.
  const third = await visit(context, "/pt-br/");
  await expect(third.locator("#drawer").getByRole("button", { name: "Instalar app" })).toHaveCount(0);
  await offerInstall(third);
  await expect(third.getByTestId("install-banner")).toHaveCount(0);
  await expect(third.locator("#drawer").getByRole("button", { name: "Instalar app" })).toBeVisible();
});

test("at 390 px the banner fits, and the entry is in the menu the header opens", async ({ context, page: first }) => {
  await first.setViewportSize({ width: 390, height: 844 });
  await first.goto(url("/"));
  await ready(first);
  await first.close();
  const second = await context.newPage();
  await second.setViewportSize({ width: 390, height: 844 });
  await second.goto(url("/"));
  await ready(second);
  await offerInstall(second);
  const banner = second.getByTestId("install-banner");
  await expect(banner).toBeVisible();
  await second.getByTestId("preloader").waitFor({ state: "detached", timeout: 15_000 });
  const box = await banner.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  expect(await second.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await second.screenshot({ path: join(ROOT, "screenshots", "install-banner-390.png") });
  await banner.getByRole("button", { name: "Not now" }).click();
  await second.getByRole("banner").getByRole("button", { name: "Menu" }).click();
  await expect(second.locator("#drawer").getByRole("button", { name: "Install app" })).toBeVisible();
  await second.screenshot({ path: join(ROOT, "screenshots", "install-menu-390.png") });
});

test("installed (display-mode: standalone): no install offer, and the lobby and the wallet open offline, marked", async ({ page, context, request }) => {
  const email = `pwa${Date.now()}@example.com`;
  const res = await request.post(url("/api/player/register"), { data: { email, password: "royal-flush-9", currency: "USD", agreements: true } });
  expect(res.status()).toBe(201);
  const body = await res.json();
  expect((await request.post(url("/api/_control/balance"), { data: { playerId: body.profile.id, balance: "42" } })).ok()).toBeTruthy();
  await context.addCookies([{ name: "access_token", value: body.accessToken, url: base() }]);

  // The installed app's display mode. Chromium 156 ignores `display-mode` in CDP
  // Emulation.setEmulatedMedia (matchMedia still says browser), and the window PWA.launch opens
  // headless says browser too; so the page's matchMedia answers standalone for it, before any
  // of the page's code runs (what the app reads: layout/install/offer.ts).
  await context.addInitScript(() => {
    const real = window.matchMedia.bind(window);
    window.matchMedia = (query: string) => {
      const m = /display-mode:\s*(\w+)/.exec(query);
      if (!m) return real(query);
      const list = real(query);
      return Object.defineProperty(list, "matches", { value: m[1] === "standalone" });
    };
  });
  await page.goto(url("/"));
  await ready(page);
  expect(await page.evaluate(() => matchMedia("(display-mode: standalone)").matches)).toBe(true);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker?.controller?.scriptURL ?? ""), { timeout: 20_000 }).toContain("/sw.js");
  const pages: [string, string][] = [
    ["/games", "game-row"],
    ["/wallet", "account-USD"],
  ];
  for (const [path, id] of pages) {
    await page.goto(url(path));
    await ready(page);
    await expect(page.getByTestId(id).first()).toBeVisible();
  }
  // Even on a later visit with the browser's offer, the installed app offers nothing.
  await page.evaluate(() => localStorage.setItem("croupier.visits", "5"));
  await offerInstall(page);
  await expect(page.getByTestId("install-banner")).toHaveCount(0);
  await expect(page.getByTestId("install-menu")).toHaveCount(0);

  await context.setOffline(true);
  for (const [path, id] of pages) {
    await page.goto(url(path));
    await ready(page);
    expect(await page.evaluate(() => matchMedia("(display-mode: standalone)").matches)).toBe(true);
    await expect(page.getByTestId(id).first()).toBeVisible();
    await expect(page.getByTestId("header-balance")).toContainText("42.00");
    await expect(page.getByTestId("offline-banner")).toContainText(/You are offline: this is what was saved at/);
  }
  await context.setOffline(false);
});
