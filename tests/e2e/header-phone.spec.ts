// A player's header on phones: balance, deposit, the bell and sign-out fit beside the logo (or,
// on the narrowest phones, in its place), never over it or off the screen.
import { expect, test } from "@playwright/test";
import { register, signedIn } from "./player";

for (const width of [390, 360]) {
  test(`a player's phone header fits at ${width} px`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: 800 });
    const player = await register(request, "hdr");
    await signedIn(page, player, "/wallet");
    const header = page.getByRole("banner");
    await expect(header.getByRole("button", { name: "Sign out" })).toBeVisible();
    await expect(page.locator(".shell")).toHaveAttribute("data-core", "ready");
    const box = async (selector: string) => (await header.locator(selector).first().boundingBox())!;
    const switcher = await box(".switcher");
    const signOut = await box(".sign-out-btn");
    expect(signOut.x + signOut.width).toBeLessThanOrEqual(width);
    const logo = header.getByRole("link", { name: "Croupier" });
    if (await logo.isVisible()) {
      const l = (await logo.boundingBox())!;
      expect(l.x + l.width, "the balance starts after the logo").toBeLessThanOrEqual(switcher.x);
    } else {
      expect(width, "the logo gives way only on the narrowest phones").toBeLessThan(375);
      const menu = (await header.getByRole("button", { name: "Menu" }).boundingBox())!;
      expect(menu.x + menu.width).toBeLessThanOrEqual(switcher.x);
    }
    await page.screenshot({ path: test.info().outputPath(`player-header-${width}.png`), clip: { x: 0, y: 0, width, height: 64 } });
  });
}
