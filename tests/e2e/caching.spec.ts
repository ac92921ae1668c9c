import { expect, test, type APIRequestContext, type Page } from "./fixtures";
import { showCarousels } from "./home";

// Issue 9 item 8: hashed assets are cached for good, the shell is revalidated, so a repeat visit
// downloads no JS, CSS or wasm. Proof: the sandbox counts the app-file requests that reach it
// (/api/_control/files), whatever the browser's cache reports about itself.

const base = () => process.env.BASE_URL!;
const HASHED = /\.(js|css|wasm)$/;
/** The service worker's registration script (SPEC §7: at /scripts/sw-register.js, so not a
 * hashed name): revalidated like the shell, a 304 on a repeat visit. */
const REGISTER = "/scripts/sw-register.js";
/** The app's own files. `/sportsbook/` is the stand-in for the sportsbook provider's origin
 * (issue 13): a third party's script with its own caching, not one of ours. */
const ASSET = { test: (path: string) => HASHED.test(path) && !path.startsWith("/sportsbook/") && path !== REGISTER };

async function filesSeen(request: APIRequestContext): Promise<Record<string, number>> {
  const res = await request.get(`${base()}/api/_control/files`);
  expect(res.ok()).toBe(true);
  return res.json();
}

async function resetFiles(request: APIRequestContext) {
  expect((await request.delete(`${base()}/api/_control/files`)).status()).toBe(204);
}

/** The preloader has left and nothing more is loading. */
async function loaded(page: Page) {
  await expect(page.getByTestId("preloader")).toHaveCount(0, { timeout: 15_000 });
  await page.waitForLoadState("networkidle");
}

test("a repeat visit fetches no JS, CSS or wasm from the network", async ({ page, request }) => {
  await resetFiles(request);
  const policies = new Map<string, string>();
  page.on("response", (r) => {
    const path = new URL(r.url()).pathname;
    if (ASSET.test(path) || path === REGISTER) policies.set(path, r.headers()["cache-control"] ?? "");
  });
  await page.goto(`${base()}/`);
  await loaded(page);
  // The home's sport carousels load their code after the load event, when scrolled near (issue
  // 13): the first visit draws them too, so the second one proves their chunk is cached as well.
  await showCarousels(page);
  await page.waitForLoadState("networkidle");

  const first = Object.keys(await filesSeen(request));
  expect(first.filter((p) => p.endsWith(".js")).length).toBeGreaterThan(0);
  // The core's main module, and the sportsbook's chunk the carousels asked for with the code it
  // shares with other groups (issue 28: `chunk_*`, one per set of groups sharing it, so their
  // number follows the groups); no other group's chunk (a guest prefetches none).
  const wasm = first.filter((p) => p.endsWith(".wasm"));
  const kinds = wasm.map((p) => /^\/assets\/(croupier_core_bg|split_[a-z]+|chunk)[-_]/.exec(p)?.[1] ?? p).sort();
  expect(kinds.filter((k) => k !== "chunk")).toEqual(["croupier_core_bg", "split_sport"]);
  for (const path of first.filter((p) => ASSET.test(p))) {
    expect(path.startsWith("/assets/"), path).toBe(true);
    expect(policies.get(path), path).toBe("public, max-age=31536000, immutable");
  }
  expect(policies.get(REGISTER)).toBe("no-cache");

  // The same browser context comes back to home after leaving it.
  await resetFiles(request);
  await page.goto("about:blank");
  await page.goto(`${base()}/`);
  await loaded(page);

  const again = await filesSeen(request);
  // The shell is asked for again (no-cache), the hashed files are not.
  expect(again["/"]).toBe(1);
  expect(Object.keys(again).filter((p) => ASSET.test(p))).toEqual([]);
});

test("the shell and the build id are revalidated, hashed assets are immutable", async ({ request }) => {
  for (const path of ["/", "/wallet", "/builds/latest.json"]) {
    const res = await request.get(`${base()}${path}`);
    expect(res.status(), path).toBe(200);
    expect(res.headers()["cache-control"], path).toBe("no-cache");
  }
  const html = await (await request.get(`${base()}/`)).text();
  const script = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
  expect(script).toBeTruthy();
  const res = await request.get(`${base()}${script}`, { headers: { "Accept-Encoding": "br, gzip" } });
  expect(res.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(res.headers()["content-encoding"]).toBe("br");
});
