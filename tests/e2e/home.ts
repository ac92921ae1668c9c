import { expect, type Page } from "@playwright/test";

/** The home's sport carousels load only once their place nears the viewport, below the games
 * lobby (issue 13's lazy loading): scroll there, again if the lobby's rows pushed it down, until
 * the top-events carousel is drawn. */
export async function showCarousels(page: Page) {
  const spot = page.getByTestId("sport-carousels");
  await expect(async () => {
    await spot.scrollIntoViewIfNeeded();
    await expect(page.getByTestId("top-events").locator("[data-event]").first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await page.getByTestId("top-events").scrollIntoViewIfNeeded();
}
