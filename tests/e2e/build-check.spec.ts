// SPEC §4 Version check, §7 Other, §9 reload guard: the app polls builds/latest.json; when the
// id changes it reloads on the next in-app navigation (at most once per path within 10 s). The
// sandbox's control API announces a new build; the page's clock is fast-forwarded past the
// 60 s poll instead of waiting for it.
import { expect, test, type Page } from "./fixtures";

const base = () => process.env.BASE_URL!;
const url = (path: string) => `${base()}${path}`;

const buildCheck = (page: Page) =>
  page.waitForResponse((r) => new URL(r.url()).pathname === "/builds/latest.json" && r.ok());

async function announce(page: Page, id: string | null) {
  const res = await page.request.post(url("/api/_control/build"), { data: { id } });
  expect(res.ok()).toBeTruthy();
}

test.afterEach(async ({ page }) => announce(page, null));

test("a new build turns the next navigation into a full load, once", async ({ page }) => {
  await page.clock.install();
  const first = buildCheck(page);
  await page.goto(url("/"));
  await expect(page.locator(".shell")).toHaveAttribute("data-core", "ready");
  await first;
  // Same build: an in-app navigation stays in the page.
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  await page.locator("#drawer").getByRole("link", { name: "Bonuses" }).click();
  await expect(page).toHaveURL(url("/bonuses"));
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);

  await announce(page, "e2e-next-build");
  const second = buildCheck(page);
  await page.clock.runFor(61_000);
  expect(await (await second).json()).toEqual({ id: "e2e-next-build" });
  // Nothing reloads by itself; the next navigation does, to where the link pointed.
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  const load = page.waitForEvent("load", { timeout: 20_000 });
  await page.locator("#drawer").getByRole("link", { name: "Casino" }).click();
  await load;
  await expect(page).toHaveURL(url("/games"));
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBeUndefined();
  // The guard the reload left behind: this path, now.
  const guard = await page.evaluate(() => sessionStorage.getItem("reloadGuard"));
  expect(guard).toMatch(/^\d+\|\/games$/);
  // The reloaded page knows the new build: navigation is in-page again.
  await expect(page.locator(".shell")).toHaveAttribute("data-core", "ready");
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 2));
  await page.locator("#drawer").getByRole("link", { name: "Bonuses" }).click();
  await expect(page).toHaveURL(url("/bonuses"));
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(2);
});
