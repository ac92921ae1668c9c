// Issue 16: the app works under the sandbox's Content-Security-Policy (no 'unsafe-inline' for
// scripts): any violation the browser reports on the pages a guest and a player use fails.
import { expect, test, type Page } from "./fixtures";

const base = () => process.env.BASE_URL!;
const url = (path: string) => `${base()}${path}`;

type Violation = { directive: string; blocked: string; sample: string };

/** Collects every `securitypolicyviolation` the page reports. */
async function watchViolations(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { violations: Violation[] };
    w.violations = [];
    document.addEventListener("securitypolicyviolation", (e) =>
      w.violations.push({ directive: e.effectiveDirective, blocked: e.blockedURI, sample: e.sample }),
    );
  });
  return () => page.evaluate(() => (window as unknown as { violations: Violation[] }).violations);
}

test("the page's policy forbids inline scripts but allows the page's own picker by hash", async ({ request }) => {
  const res = await request.get(url("/"));
  const csp = res.headers()["content-security-policy"] ?? "";
  const script = csp.split("; ").find((d) => d.startsWith("script-src")) ?? "";
  expect(script).toContain("'self'");
  expect(script).toMatch(/'sha256-[A-Za-z0-9+/=]+'/);
  expect(script.split(" ")).not.toContain("'unsafe-inline'");
  expect(script.split(" ")).not.toContain("'unsafe-eval'");
  expect(csp).toContain("frame-ancestors 'self' https://web.telegram.org");
  expect(res.headers()["x-content-type-options"]).toBe("nosniff");
});

test("a guest and a player use the product with no CSP violation", async ({ page, request }) => {
  const violations = await watchViolations(page);
  for (const path of ["/", "/games", "/sport", "/?modal=sign-in", "/pt-br"]) {
    await page.goto(url(path));
    await expect(page.locator(".shell")).toHaveAttribute("data-core", "ready");
  }
  const email = `csp${Date.now()}@example.com`;
  const reg = await request.post(url("/api/player/register"), {
    data: { email, password: "royal-flush-9", currency: "USD", agreements: true },
  });
  expect(reg.status()).toBe(201);
  const { accessToken } = await reg.json();
  await page.context().addCookies([{ name: "access_token", value: accessToken, url: base() }]);
  for (const path of ["/", "/wallet", "/wallet/history", "/?modal=wallet&wallet=deposit", "/sport", "/profile", "/bonuses", "/profile/bonuses"]) {
    await page.goto(url(path));
    await expect(page.locator(".shell")).toHaveAttribute("data-core", "ready");
  }
  // Give late loads (widget script, images, socket) a moment to be reported.
  await page.waitForLoadState("networkidle");
  expect(await violations()).toEqual([]);
});
