// Issue 16, offline shell and version check (SPEC §4 Version check, §7 Other: the service worker
// registered by /scripts/sw-register.js). After one online visit, a returning player opens home,
// the lobby and the wallet with the network gone: the shell and the wasm come from the service
// worker's precache, the answers from its offline copy, and the page says it shows the last known
// state and when it was kept. A new build is still picked up on the next navigation.
import { join } from "node:path";
import { expect, test, type APIRequestContext, type Page } from "./fixtures";
import { axeClean } from "./axe";
import { ROOT } from "./sandbox";

test.use({ serviceWorkers: "allow" });

const base = () => process.env.BASE_URL!;
const url = (path: string) => `${base()}${path}`;

async function player(request: APIRequestContext, balance: string): Promise<{ token: string; id: number }> {
  const email = `offline${Date.now()}@example.com`;
  const res = await request.post(url("/api/player/register"), {
    data: { email, password: "royal-flush-9", currency: "USD", agreements: true },
  });
  expect(res.status()).toBe(201);
  const body = await res.json();
  const set = await request.post(url("/api/_control/balance"), { data: { playerId: body.profile.id, balance } });
  expect(set.ok()).toBeTruthy();
  return { token: body.accessToken as string, id: body.profile.id as number };
}

/** Who the service worker's kept answers belong to (`__who` of their keys). */
const keptFor = (page: Page) =>
  page.evaluate(async () => {
    const cache = await caches.open("croupier-api");
    return [...new Set((await cache.keys()).map((r) => new URL(r.url).searchParams.get("__who")))].sort();
  });

async function ready(page: Page) {
  await expect(page.locator(".shell")).toHaveAttribute("data-core", "ready");
}

/** The service worker controls the page (it claims the first one once active). */
async function controlled(page: Page) {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker?.controller?.scriptURL ?? ""), { timeout: 20_000 })
    .toContain("/sw.js");
}

const PAGES: [string, (page: Page) => Promise<void>][] = [
  ["/", async (page) => expect(page.getByTestId("game-row").first()).toBeVisible()],
  ["/games", async (page) => expect(page.getByTestId("game-row").first()).toBeVisible()],
  ["/wallet", async (page) => expect(page.getByTestId("account-USD")).toBeVisible()],
];

test("after one online visit home, the lobby and the wallet open offline, marked as the last known state", async ({
  page,
  context,
  request,
}) => {
  const { token, id } = await player(request, "42");
  await context.addCookies([{ name: "access_token", value: token, url: base() }]);
  await page.goto(url("/"));
  await ready(page);
  await controlled(page);
  // The one online visit, now through the service worker.
  for (const [path, shown] of PAGES) {
    await page.goto(url(path));
    await ready(page);
    await shown(page);
    await expect(page.getByTestId("header-balance")).toContainText("42.00");
    await expect(page.getByTestId("offline-banner")).toHaveCount(0);
  }

  await context.setOffline(true);
  for (const [path, shown] of PAGES) {
    await page.goto(url(path));
    await ready(page);
    await shown(page);
    await expect(page.getByTestId("header-balance")).toContainText("42.00");
    const banner = page.getByTestId("offline-banner");
    await expect(banner).toContainText(/You are offline: this is what was saved at \d\d\.\d\d \d\d:\d\d\./);
    await expect(banner).toContainText("Deposits, bets and other actions need the connection.");
  }
  await page.getByTestId("preloader").waitFor({ state: "detached", timeout: 15_000 });
  await axeClean(page, "[data-testid=offline-banner]");
  await page.screenshot({ path: join(ROOT, "screenshots", "offline-wallet-1280.png") });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(url("/wallet"));
  await expect(page.getByTestId("offline-banner")).toBeVisible();
  await page.getByTestId("preloader").waitFor({ state: "detached", timeout: 15_000 });
  await page.screenshot({ path: join(ROOT, "screenshots", "offline-wallet-390.png") });

  // Back online: the next answers are live and the mark goes.
  await context.setOffline(false);
  await page.goto(url("/wallet"));
  await ready(page);
  await expect(page.getByTestId("account-USD")).toBeVisible();
  await expect(page.getByTestId("offline-banner")).toHaveCount(0);

  // The copies are the player's and the guest's, keyed by id, never by token; signing out
  // deletes the player's.
  expect(await keptFor(page)).toContain(`p${id}`);
  expect(JSON.stringify(await page.evaluate(async () => (await (await caches.open("croupier-api")).keys()).map((r) => r.url)))).not.toContain(token);
  await page.getByRole("banner").getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("banner").getByRole("button", { name: "Sign in" })).toBeVisible();
  await expect.poll(() => keptFor(page)).not.toContain(`p${id}`);
});

test("with the service worker in place a new build is still picked up on the next navigation", async ({ page }) => {
  await page.clock.install();
  await page.goto(url("/"));
  await ready(page);
  await controlled(page);
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  const res = await page.request.post(url("/api/_control/build"), { data: { id: "e2e-sw-build" } });
  expect(res.ok()).toBeTruthy();
  try {
    const check = page.waitForResponse((r) => new URL(r.url()).pathname === "/builds/latest.json" && r.ok());
    await page.clock.runFor(61_000);
    expect(await (await check).json()).toEqual({ id: "e2e-sw-build" });
    const shell = page.waitForResponse((r) => new URL(r.url()).pathname === "/games");
    const load = page.waitForEvent("load", { timeout: 20_000 });
    await page.locator("#drawer").getByRole("link", { name: "Casino" }).click();
    await load;
    expect((await shell).status()).toBe(200);
    await expect(page).toHaveURL(url("/games"));
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBeUndefined();
    await ready(page);
  } finally {
    await page.request.post(url("/api/_control/build"), { data: { id: null } });
  }
});

test("a session ended elsewhere (its calls refused) deletes the player's kept answers", async ({ page, context, request }) => {
  const { token, id } = await player(request, "7");
  await context.addCookies([{ name: "access_token", value: token, url: base() }]);
  await page.goto(url("/"));
  await ready(page);
  await controlled(page);
  await page.goto(url("/wallet"));
  await ready(page);
  await expect(page.getByTestId("account-USD")).toBeVisible();
  await expect.poll(() => keptFor(page)).toContain(`p${id}`);
  // The page's own calls are over (the refetch after its socket subscribed among them), so
  // what the worker keeps next comes from the page after the end. (An answer to a call made
  // before the end and arriving after it is not kept either: sw-forget.js `croupierEnded`.)
  await page.waitForLoadState("networkidle");

  // The session ends elsewhere (another device signs it out): the worker saw nothing of it.
  // (No check of the copies here: the open page may already call and be refused — a race.)
  const out = await request.post(url("/api/player/sessions/logout"), { headers: { Authorization: `Bearer ${token}` } });
  expect(out.ok()).toBeTruthy();

  // The page's next calls are refused (401): signed out, and the copies are gone.
  await page.goto(url("/wallet"));
  await expect(page.getByRole("banner").getByRole("button", { name: "Sign in" })).toBeVisible();
  await expect.poll(() => keptFor(page)).not.toContain(`p${id}`);
});
