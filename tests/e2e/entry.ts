import { expect, type Page } from "@playwright/test";

/** Opens `address` with the app's entry script held: the page is the prerendered HTML (its
 * shell says `data-core="html"`) until `release` is called, so a press lands before any script
 * of the app has run. */
export async function entryHeld(page: Page, address: string) {
  let release!: () => void;
  const released = new Promise<void>((ok) => (release = ok));
  await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  // Module scripts hold DOMContentLoaded back: wait for the answer only.
  await page.goto(address, { waitUntil: "commit" });
  const shell = page.locator(".shell");
  await expect(shell).toHaveAttribute("data-core", "html");
  return { shell, release };
}
