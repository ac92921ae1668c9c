// Bonuses (issue 12; SPEC §4 "Bonus and free spin", "Bonus code", §7 Bonuses, §8 code alerts)
// against the sandbox: bonuses issued and bets recorded through the control API (docs/API.md
// "Bonuses"), pushes on bonus:* channels. Each test registers its own player.
import { expect, test, type APIRequestContext, type Page } from "./fixtures";
import { axeClean } from "./axe";
import { url, register, control, signedIn, type Player } from "./player";

/** Waits until the page's socket listens on the player's channels (a malformed object there is
 * dropped by the client). */
async function live(request: APIRequestContext, player: Player) {
  await expect
    .poll(async () => (await control(request, "publish", { channel: `retention:accounts#${player.id}`, data: {} })).delivered)
    .toBeGreaterThan(0);
}

const toast = (page: Page, text: string | RegExp) => page.getByRole("status").filter({ hasText: text });

test("activate a bonus, play until its wagering is done: it leaves the list with its alert and the money lands", async ({ page, request }) => {
  const player = await register(request, "bonus");
  const bonus = await control(request, "bonuses", { email: player.email, currency: "USD", amount: "10.00", wager: 3, gameIds: [7], name: "Welcome bonus" });
  await signedIn(page, player, "/bonuses");
  const card = page.getByTestId(`bonus-bonus-${bonus.id}`);
  await expect(card).toContainText("Welcome bonus");
  // Its one game (id 7) by name, from the games catalogue.
  await expect(card).toContainText("Book of Ra");
  await card.getByTestId("bonus-activate").click();
  await expect(page.getByTestId("bonus-confirm")).toContainText("Activate this bonus?");
  await page.getByTestId("bonus-confirm-yes").click();
  await expect(toast(page, "Bonus for one game activated")).toBeVisible();
  await expect(card).toContainText("Active");
  // The demo game's bets (control API) wager it: progress moves live.
  await control(request, "bets", { email: player.email, currency: "USD", amount: "12.00" });
  await expect(card.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "40");
  await control(request, "bets", { email: player.email, currency: "USD", amount: "18.00" });
  await expect(toast(page, "Bonus for one game wagered")).toBeVisible();
  await expect(card).toHaveCount(0);
  await expect(page.getByTestId("bonus-empty")).toBeVisible();
  await expect(page.getByTestId("header-balance")).toContainText("10.00");
  // Cashback counts the settled losses: 10 % of 30.00.
  await page.reload();
  await expect(page.getByTestId("cashback")).toContainText("3.00");
});

test("cancelling asks first, asks again with unsettled bets, and a locked bonus says why", async ({ page, request }) => {
  const player = await register(request, "bonus");
  const open = await control(request, "bonuses", { email: player.email, currency: "USD", amount: "5.00" });
  const locked = await control(request, "bonuses", { email: player.email, currency: "EUR", amount: "5.00", cancelLocked: true });
  void locked;
  await signedIn(page, player, "/profile/bonuses");
  const card = page.getByTestId(`bonus-bonus-${open.id}`);
  await card.getByTestId("bonus-activate").click();
  await page.getByTestId("bonus-confirm-yes").click();
  await expect(card).toContainText("Active");
  await control(request, "bets", { email: player.email, currency: "USD", amount: "1.00", unsettled: true });
  await card.getByTestId("bonus-cancel").click();
  await expect(page.getByTestId("bonus-confirm")).toContainText("Cancel this bonus?");
  await page.getByTestId("bonus-confirm-yes").click();
  await expect(page.getByTestId("bonus-confirm")).toContainText("bets that are not settled");
  expect(new URL(page.url()).searchParams.get("modal")).toBe("confirm-bonus-unsettled");
  await page.getByTestId("bonus-confirm-yes").click();
  await expect(toast(page, "Bonus for all games cancelled")).toBeVisible();
  await expect(card).toHaveCount(0);

  // A locked bonus (issued by the control API in USD this time).
  const lock = await control(request, "bonuses", { email: player.email, currency: "USD", amount: "2.00", cancelLocked: true });
  const lockCard = page.getByTestId(`bonus-bonus-${lock.id}`);
  await expect(toast(page, "New bonus for all games")).toBeVisible();
  await lockCard.getByTestId("bonus-cancel").click();
  await expect(page.getByTestId("bonus-cancel-lock")).toBeVisible();
  await page.getByTestId("bonus-cancel-lock").getByRole("button", { name: "OK" }).click();
  await expect(lockCard).toBeVisible();
});

test("bonus codes: incorrect and not available alerts, a valid one brings free spins live", async ({ page, request }) => {
  const player = await register(request, "bonus");
  await signedIn(page, player, "/bonuses");
  const field = page.getByRole("textbox", { name: "Bonus code" });
  await field.fill("no such!");
  await page.getByTestId("bonus-code-submit").click();
  await expect(page.locator("#bonus-code-error")).toContainText("only letters, digits");
  await expect(field).toHaveValue("no such!");
  await field.fill("nosuch");
  await page.getByTestId("bonus-code-submit").click();
  await expect(toast(page, "This bonus code is incorrect")).toBeVisible();
  await field.fill("summer 2024");
  await page.getByTestId("bonus-code-submit").click();
  await expect(toast(page, "This bonus code is not available")).toBeVisible();
  await field.fill(" spins20 ");
  await page.getByTestId("bonus-code-submit").click();
  await expect(toast(page, "Bonus code applied")).toBeVisible();
  await expect(page.getByRole("list", { name: "Applied codes" })).toContainText("SPINS20");
  await expect(page.getByTestId("bonus-list")).toContainText("20 free spins");
  // An applied code can be removed (SPEC §7 DELETE bonuscodes); the server forgets it.
  await page.getByRole("button", { name: "Remove code SPINS20" }).click();
  await expect(page.getByRole("list", { name: "Applied codes" })).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId("bonus-list")).toContainText("20 free spins");
  await expect(page.getByRole("list", { name: "Applied codes" })).toHaveCount(0);
});

test("free spins are activated and cancelled after a confirmation each", async ({ page, request }) => {
  const player = await register(request, "bonus");
  const spins = await control(request, "freespins", { email: player.email, currency: "USD", count: 30, name: "Starter spins" });
  await signedIn(page, player, "/bonuses");
  const card = page.getByTestId(`bonus-freespin-${spins.id}`);
  await card.getByTestId("bonus-activate").click();
  await page.getByTestId("bonus-confirm-yes").click();
  await expect(toast(page, "Free spins activated")).toBeVisible();
  await expect(card).toContainText("30 of 30 spins left");
  await card.getByTestId("bonus-cancel").click();
  await page.getByTestId("bonus-confirm-yes").click();
  await expect(toast(page, "Free spins cancelled")).toBeVisible();
  await expect(card).toHaveCount(0);
});

test("a quest taken can be left: it leaves the hub", async ({ page, request }) => {
  const player = await register(request, "bonus");
  const quest = await control(request, "quests", { email: player.email, name: "Weekend run", tasks: [{ type: "bet", quantity: 3, gameIds: [7] }] });
  await signedIn(page, player, "/bonuses");
  await page.getByTestId("quests-open").click();
  const card = page.getByTestId(`quest-${quest.id}`);
  await card.getByTestId("quest-activate").click();
  await expect(card).toContainText("In progress");
  await card.getByRole("button", { name: "Leave quest" }).click();
  await expect(card).toHaveCount(0);
});

test("the wallet's bonus info shows the active bonus and takes a bonus code", async ({ page, request }) => {
  const player = await register(request, "bonus");
  const bonus = await control(request, "bonuses", { email: player.email, currency: "USD", amount: "20.00", wager: 2, name: "Welcome bonus" });
  await request.put(url(`/api/game/player-bonuses/${bonus.id}/activate`), { headers: { Authorization: `Bearer ${player.token}` } });
  await signedIn(page, player, "/wallet");
  await page.getByTestId("wallet-bonus-info-open").click();
  const info = page.getByTestId("wallet-bonus-info");
  await expect(info).toContainText("Welcome bonus · 20.00 USD");
  await info.getByRole("textbox", { name: "Bonus code" }).fill("welcome100");
  await info.getByTestId("bonus-code-submit").click();
  await expect(toast(page, "Bonus code applied")).toBeVisible();
  await expect(info.getByRole("list", { name: "Applied codes" })).toContainText("WELCOME100");
});

test("a deposit bonus chosen while depositing goes with the deposit and arrives as a bonus", async ({ page, request }) => {
  await control(request, "payments", { settleMs: 500 });
  const player = await register(request, "bonus");
  await signedIn(page, player, "/bonuses?modal=wallet&wallet=deposit");
  const modal = page.getByTestId("wallet-modal");
  await modal.getByTestId("method-card.deposit.visa").click();
  await modal.getByLabel(/^Amount/).fill("10");
  await modal.getByTestId("deposit-bonus-choose").click();
  await expect(page.getByTestId("package-bonus")).toContainText("No bonus for this amount");
  await page.getByTestId("package-bonus").getByRole("button", { name: "No bonus" }).click();
  await modal.getByLabel(/^Amount/).fill("60");
  await modal.getByTestId("deposit-bonus-choose").click();
  await page.getByTestId("deposit-bonus-102").click();
  await expect(modal.getByTestId("deposit-bonus-line")).toContainText("50% reload");
  await expect(modal.getByLabel(/^Amount/)).toHaveValue("60");
  await modal.getByLabel("Card number").fill("4111 1111 1111 1111");
  const sent = page.waitForRequest((r) => r.method() === "POST" && r.url().includes("/api/payment/invoices/deposit"));
  await modal.getByTestId("pay-submit").click();
  expect((await sent).postDataJSON().bonusId).toBe(102);
  await expect(page.getByTestId("deposit-success")).toBeVisible();
  await page.getByTestId("deposit-success").getByRole("button", { name: "Close" }).click();
  await expect(page.getByTestId("bonus-list")).toContainText("50% reload");
  await expect(page.getByTestId("bonus-list")).toContainText("30.00");
});

test("a guest is asked to sign in and no bonus call is made", async ({ page }) => {
  const calls: string[] = [];
  // The games collections load at app creation (SPEC §7, issue 29): not a bonus call.
  page.on("request", (r) => r.url().includes("/api/game/") && !r.url().includes("/api/game/collections") && calls.push(r.url()));
  await page.goto(url("/bonuses"));
  await expect(page.getByRole("heading", { name: "Bonuses" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign in" }).first()).toBeVisible();
  expect(calls).toEqual([]);
});

test("a quest: taken from the hub, its bet tasks progress live and completion is announced", async ({ page, request }) => {
  const player = await register(request, "bonus");
  const quest = await control(request, "quests", { email: player.email, name: "High roller", tasks: [{ type: "bet", quantity: 2, gameIds: [7] }] });
  await signedIn(page, player, "/bonuses");
  await expect(page.getByTestId("quests")).toContainText("Quests for you: 1");
  await page.getByTestId("quests-open").click();
  const card = page.getByTestId(`quest-${quest.id}`);
  await card.getByTestId("quest-activate").click();
  await expect(toast(page, "Quest High roller updated")).toBeVisible();
  await expect(card).toContainText("In progress");
  await control(request, "bets", { email: player.email, currency: "USD", amount: "5.00" });
  await expect(card.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "50");
  await control(request, "bets", { email: player.email, currency: "USD", amount: "5.00" });
  await expect(toast(page, "Quest task completed!")).toBeVisible();
  // Completed quests leave the hub.
  await expect(card).toHaveCount(0);
});

test("a new quest pushed while on the page is announced; its games link to the game pages", async ({ page, request }) => {
  const player = await register(request, "bonus");
  await signedIn(page, player, "/bonuses");
  await expect(page.getByTestId("quests")).toContainText("No quests");
  await live(request, player);
  const quest = await control(request, "quests", { email: player.email, name: "Explorer", tasks: [{ type: "bet", quantity: 3, gameIds: [11, 12] }] });
  await expect(toast(page, "New quest: Explorer")).toBeVisible();
  await page.getByTestId("quests-open").click();
  await page.getByTestId(`quest-${quest.id}`).getByRole("button", { name: "Games" }).click();
  await expect(page.getByTestId("quest-task-games")).toBeVisible();
  // Named from the games catalogue (ids 11 and 12), each a link to its game page.
  await expect(page.getByTestId("quest-task-games").getByRole("link")).toHaveText(["Reactoonz", "Rise of Olympus"]);
  await page.getByRole("link", { name: "Reactoonz" }).click();
  await expect(page).toHaveURL(/\/game\/reactoonz$/);
});

test("loyalty: progress to the next level, the level-up modal, and the banner on a game page", async ({ page, request }) => {
  const player = await register(request, "bonus");
  await control(request, "loyalty", { email: player.email, points: 40 });
  await signedIn(page, player, "/bonuses");
  const tile = page.getByTestId("loyalty");
  await expect(tile).toContainText("Bronze");
  // (40 - 0) / (100 - 0): 40.00 % to Silver.
  await expect(tile).toContainText("40.00% to Silver");
  await live(request, player);
  await control(request, "loyalty", { email: player.email, points: 150 });
  await expect(page.getByTestId("level-up")).toContainText("Silver");
  await page.getByTestId("level-up").getByRole("button", { name: "Great" }).click();
  await expect(page.getByTestId("level-up")).toHaveCount(0);
  await expect(tile).toContainText("12.50% to Gold");
  // On a game page: a banner instead, gone after its 3 s. Reached in the app, as a player goes:
  // a reload would start from whatever the first answer says, and a rise that lands before it
  // is no rise (SPEC §4: a live update showing a higher level than the one shown).
  await page.getByRole("link", { name: "Croupier" }).first().click();
  const game = page.getByTestId("game-tile").first();
  const slug = await game.getAttribute("data-game");
  await game.getByRole("link").first().click();
  await expect(page).toHaveURL(new RegExp(`/game/${slug}$`));
  await live(request, player);
  await control(request, "loyalty", { email: player.email, points: 600 });
  await expect(page.getByTestId("level-up-banner")).toContainText("Gold");
  await expect(page.getByTestId("level-up")).toHaveCount(0);
  await expect(page.getByTestId("level-up-banner")).toHaveCount(0);
  // The profile's info page sums it up: the top level, the points.
  await page.goto(url("/profile/info"));
  await expect(page.getByTestId("info-loyalty")).toContainText("Gold");
  await expect(page.getByTestId("info-loyalty")).toContainText("600 points");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId("info-loyalty")).toContainText("Gold");
  await page.screenshot({ path: test.info().outputPath("info-loyalty-mobile.png") });
  // Nothing on the page (a long address, the long action labels) is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("with both flags off nothing of quests or loyalty is requested or shown, and their modals close", async ({ page, request }) => {
  await control(request, "flags", { questsEnabled: false, loyaltyEnabled: false });
  try {
    const player = await register(request, "bonus");
    const calls: string[] = [];
    page.on("request", (r) => r.url().includes("/api/retention/") && calls.push(r.url()));
    await signedIn(page, player, "/bonuses?modal=quests-hub");
    await expect(page.getByTestId("cashback")).toBeVisible();
    // The refusal waits for the public flags' answer, which may come after the page is drawn.
    await expect(page).not.toHaveURL(/[?&]modal=/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByTestId("quests")).toHaveCount(0);
    await expect(page.getByTestId("loyalty")).toHaveCount(0);
    await control(request, "quests", { email: player.email, name: "Hidden", tasks: [{ type: "bet", quantity: 1 }] });
    await control(request, "bets", { email: player.email, currency: "USD", amount: "1.00" });
    await expect(page.getByTestId("bonus-empty")).toBeVisible();
    // Nor on the profile's info page.
    await page.goto(url("/profile/info"));
    await expect(page.getByTestId("info-nickname")).toBeVisible();
    await expect(page.getByTestId("info-loyalty")).toHaveCount(0);
    expect(calls).toEqual([]);
  } finally {
    await control(request, "flags", { questsEnabled: true, loyaltyEnabled: true });
  }
});

for (const s of [
  { name: "desktop", width: 1280, height: 800 },
  { name: "mobile", width: 390, height: 844 },
]) {
  test(`bonuses page passes axe; screenshots (${s.name})`, async ({ page, request }) => {
    await page.setViewportSize({ width: s.width, height: s.height });
    const player = await register(request, "bonus");
    await control(request, "bonuses", { email: player.email, currency: "USD", amount: "25.00", wager: 30, gameIds: [1, 2, 3], name: "Weekend reload", maxBet: "5.00" });
    const active = await control(request, "bonuses", { email: player.email, currency: "USD", amount: "100.00", wager: 2, name: "Welcome bonus" });
    await control(request, "freespins", { email: player.email, currency: "USD", count: 50, name: "Book of Dead spins" });
    await control(request, "quests", { email: player.email, name: "Weekly grind", state: 2, tasks: [{ type: "bet", quantity: 4 }, { type: "deposit", quantity: 1 }] });
    await request.put(url(`/api/game/player-bonuses/${active.id}/activate`), { headers: { Authorization: `Bearer ${player.token}` } });
    await control(request, "bets", { email: player.email, currency: "USD", amount: "64.00" });
    await signedIn(page, player, "/bonuses");
    await expect(page.getByTestId("bonus-list").locator("li")).toHaveCount(3);
    await expect(page.getByTestId("cashback")).toContainText("6.40");
    await axeClean(page);
    await page.screenshot({ path: test.info().outputPath(`bonuses-${s.name}.png`), fullPage: true });
    await page.getByTestId(`bonus-bonus-${active.id}`).getByRole("button", { name: "Conditions" }).click();
    await expect(page.getByTestId("bonus-condition")).toBeVisible();
    await axeClean(page, '[role="dialog"]');
    await page.screenshot({ path: test.info().outputPath(`bonus-condition-${s.name}.png`) });
    await page.keyboard.press("Escape");
    // The details of a bonus for three games list them by name, each a link.
    const reload = page.getByTestId("bonus-list").locator("li").filter({ hasText: "Weekend reload" });
    await reload.getByRole("button", { name: "Details" }).click();
    await expect(page.getByTestId("bonus-details").getByRole("link")).toHaveText(["Gates of Olympus", "Sweet Bonanza", "The Dog House"]);
    await page.screenshot({ path: test.info().outputPath(`bonus-details-${s.name}.png`) });
    await page.keyboard.press("Escape");
    await page.getByTestId("quests-open").click();
    await expect(page.getByTestId("quests-hub")).toBeVisible();
    await axeClean(page, '[role="dialog"]');
    await page.screenshot({ path: test.info().outputPath(`quests-hub-${s.name}.png`) });
  });
}

test("a long list: the keyboard reaches a card far below the screen, drawn when it gets there", async ({ page, request }) => {
  // Offscreen cards skip layout (content-visibility, issue 29's push burst): they must stay in
  // the tab order and draw when the keyboard brings them into view.
  const player = await register(request, "bonus");
  const ids: number[] = [];
  for (let i = 1; i <= 12; i++) {
    ids.push((await control(request, "bonuses", { email: player.email, currency: "USD", amount: "5.00", name: `Reload ${i}` })).id);
  }
  await signedIn(page, player, "/bonuses");
  await expect(page.getByTestId("bonus-list").locator("li")).toHaveCount(12);
  // Newest first: the first bonus issued is the last card.
  const last = page.getByTestId(`bonus-bonus-${ids[0]}`);
  await expect(last).not.toBeInViewport();
  await page.getByTestId("bonus-list").locator("li").first().getByTestId("bonus-activate").focus();
  let reached = false;
  for (let i = 0; i < 80 && !reached; i++) {
    await page.keyboard.press("Tab");
    reached = await last.evaluate((card) => card.contains(document.activeElement));
  }
  expect(reached).toBe(true);
  await expect(last).toBeInViewport();
  await expect(last.getByTestId("bonus-activate")).toBeFocused();
  await expect(last).toContainText("Reload 1");
  await page.screenshot({ path: test.info().outputPath("bonus-long-list-focused.png") });
});
