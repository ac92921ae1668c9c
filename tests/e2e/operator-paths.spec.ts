// Issue 29: an operator whose platform has only the SPEC §7 calls. A second sandbox serves
// config.json with every path beyond §7 set to "" (docs/API.md "Operator must provide"): the
// pages work, nothing asks for those paths, and what needs them is left out, not broken.
import type { ChildProcess } from "node:child_process";
import { expect, test, type Page } from "./fixtures";
import { startSandbox } from "./sandbox";

const NONE = { content: "", pages: "", geo: "", referral: "", affiliate: "", socialLogin: "", sportStart: "" };
const BEYOND_SPEC = ["/api/content", "/api/geo", "/api/player/referral", "/api/affiliate", "/api/player/social/", "/api/game/sport/start"];

let bare: { url: string; proc: ChildProcess };

test.beforeAll(async () => {
  bare = await startSandbox(["--control"], { SANDBOX_APP_CONFIG: JSON.stringify({ operatorPaths: NONE }) });
});

test.afterAll(() => {
  bare?.proc.kill();
});

/** Every request the page makes to a path beyond §7. */
function watch(page: Page) {
  const asked: string[] = [];
  page.on("request", (r) => {
    const path = new URL(r.url()).pathname;
    if (BEYOND_SPEC.some((p) => path.startsWith(p))) asked.push(path);
  });
  return asked;
}

test("a guest's home, lobby and sign-in work with none of the paths beyond SPEC §7", async ({ page }) => {
  const asked = watch(page);
  await page.goto(`${bare.url}/`);
  await expect(page.getByRole("banner").getByRole("button", { name: "Sign in" })).toBeVisible();
  // The footer keeps only what needs no content page.
  const footer = page.locator("footer");
  await expect(footer.getByRole("link", { name: "Contact us" })).toBeVisible();
  await expect(footer.getByRole("link", { name: "Terms and Conditions" })).toHaveCount(0);
  await expect(footer.getByRole("link", { name: "FAQ" })).toHaveCount(0);
  // Sign-in offers no social provider (no lone "or" either), the form itself works.
  await page.goto(`${bare.url}/?modal=sign-in`);
  const dialog = page.getByRole("dialog");
  await expect(dialog.locator("#signin-email")).toBeVisible();
  await expect(dialog.getByRole("button", { name: /Continue with/ })).toHaveCount(0);
  // A content page's address is not found; the affiliate form is not opened.
  await page.goto(`${bare.url}/static/terms`);
  await expect(page.getByTestId("error-page")).toContainText("404");
  await page.goto(`${bare.url}/?modal=affiliate-program`);
  await expect(page).not.toHaveURL(/modal=/);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page.waitForLoadState("networkidle");
  expect(asked).toEqual([]);
});
