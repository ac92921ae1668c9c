// Wallet history tabs (SPEC §2: bets, bonuses, spins, transactions; desktop and mobile
// filters; skeletons): the bonuses tab with finished items, its filters and the bets' filter
// used inline at 1280x800 and through the Filters sheet at 390x844; filters live in the
// address, so a reload keeps them. axe on both; screenshots in screenshots/history-*.png.
import { expect, test, type APIRequestContext, type Page } from "./fixtures";
import { axeClean } from "./axe";
import { control, register, signedIn, type Player } from "./player";

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `../screenshots/history-${name}.png` });
}

/** A played-out bonus (expired), an issued one and a free-spin package, all USD. */
async function bonusesOf(request: APIRequestContext, prefix: string): Promise<Player> {
  const player = await register(request, prefix);
  const old = await control(request, "bonuses", { email: player.email, currency: "USD", amount: "5.00", name: "Weekend bonus" });
  await control(request, `bonuses/${old.id}/expire`, {});
  await control(request, "bonuses", { email: player.email, currency: "USD", amount: "10.00", name: "Welcome bonus" });
  await control(request, "freespins", { email: player.email, currency: "USD", count: 20, name: "Starter spins" });
  return player;
}

const rows = (page: Page) => page.getByTestId("bonus-history-row");
/** A tab of the page's own tab row (the header has a "Bonuses" link too). */
const tab = (page: Page, name: string) => page.getByRole("navigation", { name: "History" }).getByRole("link", { name, exact: true });

test("desktop: the bonuses tab shows finished bonuses, filters inline, and the filters survive a reload", async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const player = await bonusesOf(request, "hist-desk");
  await signedIn(page, player, "/wallet/history");
  await tab(page, "Bonuses").click();
  await expect(page).toHaveURL(/tab=bonuses/);
  await expect(rows(page)).toHaveCount(3);
  await expect(page.getByTestId("bonus-history-rows")).toContainText("Finished: Expired");
  await expect(page.getByTestId("bonus-history-rows")).toContainText("20 free spins, USD");
  await axeClean(page, "[data-testid=bonus-history]");
  await shot(page, "bonuses-1280");

  const status = page.getByRole("group", { name: "Status" });
  await status.getByRole("link", { name: "Finished" }).click();
  await expect(page).toHaveURL(/status=finished/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText("Weekend bonus");
  await page.reload();
  await expect(status.getByRole("link", { name: "Finished" })).toHaveAttribute("aria-current", "true");
  await expect(rows(page)).toHaveCount(1);
  // Active free spins only: the kind and the status together.
  await status.getByRole("link", { name: "Active" }).click();
  await page.getByRole("group", { name: "Type" }).getByRole("link", { name: "Free spins" }).click();
  await expect(page).toHaveURL(/status=active.*kind=freespin/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText("Starter spins");
  // Another currency: nothing there.
  await page.getByLabel("Currency").selectOption("EUR");
  await expect(page).toHaveURL(/currency=EUR/);
  await expect(page.getByTestId("history-empty")).toBeVisible();

  // Bets: the settled / open filter inline, kept over a reload.
  await tab(page, "Bets").click();
  await expect(page).toHaveURL(/tab=bets/);
  await page.getByRole("link", { name: "Open", exact: true }).click();
  await expect(page).toHaveURL(/settled=0/);
  await page.reload();
  await expect(page.getByRole("link", { name: "Open", exact: true })).toHaveAttribute("aria-current", "true");
  await axeClean(page, "[data-testid=game-history]");
});

test("phone: the Filters sheet filters bonuses and bets, applied together", async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const player = await bonusesOf(request, "hist-phone");
  await signedIn(page, player, "/wallet/history?tab=bonuses");
  await expect(rows(page)).toHaveCount(3);
  // No inline filters on a phone: a button opens the sheet.
  await expect(page.getByRole("group", { name: "Status" })).toHaveCount(0);
  await shot(page, "bonuses-390");
  await page.getByTestId("bonus-filters-open").click();
  const sheet = page.getByRole("dialog", { name: "Filters" });
  await expect(sheet).toBeVisible();
  await axeClean(page, "[role=dialog]");
  await shot(page, "bonuses-sheet-390");
  await sheet.getByRole("radio", { name: "Finished" }).check();
  await sheet.getByRole("radio", { name: "Bonus", exact: true }).check();
  await expect(page).not.toHaveURL(/status=/);
  await sheet.getByRole("button", { name: "Apply" }).click();
  await expect(sheet).toHaveCount(0);
  await expect(page).toHaveURL(/status=finished&kind=bonus/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText("Finished: Expired");
  await page.reload();
  await expect(rows(page)).toHaveCount(1);
  await page.getByTestId("bonus-filters-open").click();
  await expect(page.getByRole("dialog").getByRole("radio", { name: "Finished" })).toBeChecked();
  await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
  await axeClean(page, "[data-testid=bonus-history]");
  await shot(page, "bonuses-finished-390");

  // Bets through the sheet.
  await tab(page, "Bets").click();
  await expect(page).toHaveURL(/tab=bets/);
  await page.getByTestId("bet-filters-open").click();
  await page.getByRole("dialog").getByRole("radio", { name: "Open" }).check();
  await page.getByRole("dialog").getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/tab=bets.*settled=0/);
  await page.reload();
  await page.getByTestId("bet-filters-open").click();
  await expect(page.getByRole("dialog").getByRole("radio", { name: "Open" })).toBeChecked();
  await shot(page, "bets-sheet-390");
  await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();

  // Transactions use the same sheet.
  await tab(page, "Transactions").click();
  await page.getByTestId("transaction-filters-open").click();
  await expect(page.getByRole("dialog", { name: "Filters" })).toBeVisible();
  await axeClean(page, "[role=dialog]");
  await shot(page, "transactions-sheet-390");
});
