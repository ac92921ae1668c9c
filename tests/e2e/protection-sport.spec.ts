// Issue 30, the reality check on the sportsbook: with the sportsbook open the check interrupts
// as on a game page, the widget behind it is inert, and keeping on gives it back.
import { expect, test } from "./fixtures";
import { control, register, signedIn, url } from "./player";

const MIN = 60_000;

test.beforeEach(async ({ request }) => control(request, "token-ttl", { seconds: 4 * 3600 }));

test("the reality check interrupts the sportsbook, whose widget is inert behind it", async ({ page, request }) => {
  const player = await register(request, "realitysport");
  await page.clock.install();
  await signedIn(page, player, "/profile/limits");
  await page.getByTestId("reality-interval").selectOption("15");
  await page.goto(url("/sport"));
  const book = page.getByTestId("sportsbook");
  await expect(book.locator("[data-sbw=book]")).toBeVisible();
  await expect(page.getByTestId("session-bar")).toBeVisible();

  await page.clock.runFor(15 * MIN);
  const dialog = page.getByRole("dialog", { name: "Reality check" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(/You have been playing for 1[56] min\./);
  await expect(page.locator(".protected")).toHaveAttribute("inert", "");
  await expect(page.locator(".protected").getByTestId("sportsbook")).toHaveCount(1);
  expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);

  await dialog.getByTestId("reality-keep").click();
  await expect(dialog).toHaveCount(0);
  await expect(page.locator(".protected")).not.toHaveAttribute("inert", "");
  await expect(book.locator("[data-sbw=book]")).toBeVisible();
});
