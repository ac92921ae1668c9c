// Responsible gaming (issue 14; SPEC §2 limits modals, §4 Limits, §7 /api/player/limits, §8
// 13100, §9 advanced mode): limits set on /profile/limits are enforced by the sandbox, and the
// player is told why and until when. Each test registers its own player.
import { expect, test, type APIRequestContext } from "./fixtures";
import { axeClean } from "./axe";
import { control, url, register, signedIn, type Player } from "./player";

async function addLimit(request: APIRequestContext, player: Player, data: object) {
  const res = await request.post(url("/api/player/limits"), { headers: { Authorization: `Bearer ${player.token}` }, data });
  expect(res.status(), await res.text()).toBe(201);
}

test.beforeEach(async ({ request }) => {
  await request.post(url("/api/_control/payments"), { data: { settleMs: 300 } });
});

test("a deposit limit set on the page refuses a larger deposit with 13100; it is raised after a confirmation and removed, each 24 h later", async ({ page, request }) => {
  const player = await register(request, "lim");
  await signedIn(page, player, "/profile/limits");
  const deposit = page.getByTestId("limits-deposit");
  await expect(deposit).toContainText("No limit set.");
  await deposit.getByRole("button", { name: "Add limit" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByTestId("limit-kind")).toHaveText("Deposit limit");
  await expect(dialog.getByLabel("Currency")).toHaveValue("USD");
  await dialog.getByLabel("Period").selectOption("daily");
  await dialog.getByLabel("Amount").fill("30");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(deposit.getByRole("listitem")).toContainText(["Daily30.00 USD"]);

  // The sandbox enforces it: 31 is refused with the server's sentence.
  await page.goto(url("/profile/limits?modal=wallet&wallet=deposit"));
  const modal = page.getByTestId("wallet-modal");
  await modal.getByTestId("method-card.deposit.visa").click();
  await modal.getByLabel(/^Amount/).fill("31");
  await modal.getByLabel("Card number").fill("4111 1111 1111 1111");
  await modal.getByTestId("pay-submit").click();
  await expect(page.getByTestId("deposit-limit")).toContainText("Your deposit limit has been reached.");
  await page.getByRole("button", { name: "Close" }).click();

  // Edit, confirm: nothing is sent before the confirmation.
  let puts = 0;
  page.on("request", (r) => r.method() === "PUT" && r.url().includes("/api/player/limits/") && puts++);
  await deposit.getByRole("button", { name: "Edit the Daily USD limit" }).click();
  await expect(dialog.getByLabel("Amount in USD")).toHaveValue("30.00");
  await dialog.getByLabel("Amount in USD").fill("100");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByTestId("confirm-limit-update")).toContainText("Your limit now: Daily Deposit limit: 30.00 USD");
  await expect(dialog.getByTestId("confirm-limit-update")).toContainText("After the change: Daily Deposit limit: 100 USD");
  // A raise is a loosening: the player is told before confirming that it waits 24 hours.
  await expect(dialog.getByTestId("confirm-limit-update")).toContainText("A higher limit takes effect 24 hours after you confirm");
  expect(puts).toBe(0);
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog).toHaveCount(0);
  expect(puts).toBe(1);
  // A raise waits 24 h (issue 30): the old limit stays, the new one is shown pending.
  await expect(deposit.getByRole("listitem")).toContainText(["Daily30.00 USD"]);
  await expect(deposit.getByRole("listitem")).toContainText("Changes to Daily 100.00 USD on");
  await control(request, "limits-due", { email: player.email, hours: 24 });
  await page.reload();
  await expect(deposit.getByRole("listitem")).toContainText(["Daily100.00 USD"]);

  await deposit.getByRole("button", { name: "Remove the Daily USD limit" }).click();
  await expect(dialog.getByTestId("confirm-delete-limit")).toContainText("Daily Deposit limit: 100.00 USD");
  await expect(dialog.getByTestId("confirm-delete-limit")).toContainText("A removed limit stays in force for 24 hours");
  await dialog.getByRole("button", { name: "Remove" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(deposit.getByRole("listitem")).toContainText("Removed on");
  await control(request, "limits-due", { email: player.email, hours: 24 });
  await page.reload();
  await expect(deposit).toContainText("No limit set.");
  const left = await (await request.get(url("/api/player/limits"), { headers: { Authorization: `Bearer ${player.token}` } })).json();
  expect(left).toEqual([]);
});

test("bad input gets a message under the field and sends nothing; the server's refusal keeps what was typed", async ({ page, request }) => {
  const player = await register(request, "lim");
  await addLimit(request, player, { definition: 1, period: "weekly", amount: "10", currency: "USD" });
  await signedIn(page, player, "/profile/limits");
  let posts = 0;
  page.on("request", (r) => r.method() === "POST" && r.url().endsWith("/api/player/limits") && posts++);
  await page.getByTestId("limits-bet").getByRole("button", { name: "Add limit" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Amount").fill("1.005");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.locator("#limit-period-error")).toHaveText("This field is required");
  await expect(dialog.locator("#limit-amount-error")).toHaveText("Must be a decimal number");
  expect(posts).toBe(0);
  await dialog.getByLabel("Period").selectOption("weekly");
  await dialog.getByLabel("Amount").fill("20");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.locator("#limit-period-error")).toContainText("You already have a weekly bet limit in USD");
  await expect(dialog.getByLabel("Amount")).toHaveValue("20");
  expect(posts).toBe(1);
});

test("a cooling-off closes deposits and says until when; it cannot be removed", async ({ page, request }) => {
  const player = await register(request, "lim");
  await signedIn(page, player, "/profile/limits");
  const cooling = page.getByTestId("limits-coolingOff");
  await cooling.getByRole("button", { name: "Start a cooling-off" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("cannot be cancelled or shortened");
  await dialog.getByLabel("Duration").selectOption("daily");
  await dialog.getByRole("button", { name: "Start a cooling-off" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId("limits-blocked")).toContainText("Cooling-off is active until");
  await expect(cooling).toContainText("Active until");
  await expect(cooling.getByRole("button", { name: /Remove/ })).toHaveCount(0);

  await page.goto(url("/profile/limits?modal=wallet&wallet=deposit"));
  await expect(page.getByTestId("deposit-limit")).toContainText(/cooling-off in place until \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
});

test("advanced mode: a grid per period and currency, opened by the SPEC §9 rule or the toggle", async ({ page, request }) => {
  const player = await register(request, "lim");
  const currencies: string[] = (await (await request.get(url("/api/settings/currencies?visible=1"))).json()).map((c: { code: string }) => c.code);
  for (const period of ["daily", "weekly", "monthly"]) {
    for (const currency of currencies) await addLimit(request, player, { definition: 2, period, amount: "5", currency });
  }
  await signedIn(page, player, "/profile/limits");
  // Loss: every period in every currency, so the grid opens by itself.
  const loss = page.getByTestId("limits-loss");
  await expect(loss.getByRole("switch", { name: "Advanced mode" })).toBeChecked();
  await expect(loss.getByTestId(`cell-loss-monthly-${currencies[0]}`)).toContainText("5");
  // Bet: the player turns it on and fills one cell.
  const bet = page.getByTestId("limits-bet");
  await expect(bet.getByRole("switch", { name: "Advanced mode" })).not.toBeChecked();
  await bet.getByRole("switch", { name: "Advanced mode" }).check();
  const cur = currencies[currencies.length - 1];
  await bet.getByRole("button", { name: `Add a Weekly Bet limit in ${cur}` }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByLabel("Period")).toHaveValue("weekly");
  await expect(dialog.getByLabel("Currency")).toHaveValue(cur);
  await dialog.getByLabel("Amount").fill("7");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(bet.getByTestId(`cell-bet-weekly-${cur}`)).toContainText("7");
  await axeClean(page);
});

test("play is refused during a cooling-off: game-limit-reached says which limit and until when", async ({ page, request }) => {
  const player = await register(request, "lim");
  await addLimit(request, player, { definition: 5, period: "daily" });
  await signedIn(page, player, "/sport");
  const modal = page.getByTestId("game-limit-reached");
  await expect(modal).toContainText("A limit you set stops this play.");
  await expect(modal).toContainText("Cooling-off until");
  await axeClean(page, '[role="dialog"]');
  await modal.getByRole("link", { name: "See your limits" }).click();
  await expect(page).toHaveURL(/\/profile\/limits$/);
  await expect(page.getByTestId("limits-blocked")).toBeVisible();
  // A casino game for real money is refused the same way.
  await page.goto(url("/game/book-of-dead"));
  await expect(page.getByTestId("game-limit-reached")).toContainText("Cooling-off until");
  await expect(page.locator("iframe")).toHaveCount(0);
});

for (const s of [
  { name: "desktop", width: 1280, height: 800 },
  { name: "mobile", width: 390, height: 844 },
]) {
  test(`screenshots and axe of the limits page and its modals (${s.name})`, async ({ page, request }) => {
    await page.setViewportSize({ width: s.width, height: s.height });
    const player = await register(request, "lim");
    await addLimit(request, player, { definition: 3, period: "daily", amount: "50", currency: "USD" });
    await addLimit(request, player, { definition: 3, period: "monthly", amount: "500", currency: "USD" });
    await addLimit(request, player, { definition: 1, period: "weekly", amount: "25", currency: "USD" });
    await addLimit(request, player, { definition: 4, period: "weekly" });
    await signedIn(page, player, "/profile/limits");
    await expect(page.getByTestId("limits-blocked")).toBeVisible();
    await axeClean(page);
    await expect(page.getByTestId("preloader")).toHaveCount(0, { timeout: 15_000 });
    await page.screenshot({ path: test.info().outputPath(`limits-${s.name}.png`), fullPage: true });
    await page.getByTestId("limits-deposit").getByRole("button", { name: "Edit the Daily USD limit" }).click();
    await page.getByRole("dialog").getByLabel("Amount in USD").fill("abc");
    await page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
    await expect(page.locator("#limit-amount-error")).toBeVisible();
    await axeClean(page, '[role="dialog"]');
    await expect(page.getByTestId("preloader")).toHaveCount(0, { timeout: 15_000 });
    await page.screenshot({ path: test.info().outputPath(`limit-edit-${s.name}.png`) });
    // A raise: the confirmation's 24-hour line is drawn and checked by axe too.
    await page.getByRole("dialog").getByLabel("Amount in USD").fill("80");
    await page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
    await expect(page.getByTestId("confirm-limit-update").locator(".confirm-later")).toBeVisible();
    await axeClean(page, '[role="dialog"]');
    await expect(page.getByTestId("preloader")).toHaveCount(0, { timeout: 15_000 });
    await page.screenshot({ path: test.info().outputPath(`limit-confirm-${s.name}.png`) });
  });
}
