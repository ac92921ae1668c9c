// Issue 30: a loosened limit applies only 24 h later. A deposit limit of 100 raised to 100000
// shows the raise pending with its time while a deposit over 100 is still refused with 13100;
// 24 h on (the sandbox's limits-due control) the raise applies; a pending change is cancelled
// from the page. Axe and screenshots of the page with a pending change.
import { expect, test, type APIRequestContext } from "./fixtures";
import { axeClean } from "./axe";
import { control, url, register, signedIn, type Player } from "./player";

const auth = (p: Player) => ({ Authorization: `Bearer ${p.token}` });

async function depositLimit(request: APIRequestContext, player: Player, amount: string): Promise<number> {
  const res = await request.post(url("/api/player/limits"), {
    headers: auth(player),
    data: { definition: 3, period: "daily", amount, currency: "USD" },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).id;
}

async function raise(request: APIRequestContext, player: Player, id: number, amount: string) {
  const res = await request.put(url(`/api/player/limits/${id}`), { headers: auth(player), data: { period: "daily", amount } });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

test.beforeEach(async ({ request }) => {
  await request.post(url("/api/_control/payments"), { data: { settleMs: 300 } });
});

test("a raised deposit limit is pending for 24 h, the old one still refuses, then it applies; a pending change is cancelled", async ({ page, request }) => {
  const player = await register(request, "later");
  await depositLimit(request, player, "100");
  await signedIn(page, player, "/profile/limits");
  const deposit = page.getByTestId("limits-deposit");
  await deposit.getByRole("button", { name: "Edit the Daily USD limit" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Amount in USD").fill("100000");
  await dialog.getByRole("button", { name: "Save" }).click();
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText("Your new limit applies in 24 hours")).toBeVisible();

  const limits = await (await request.get(url("/api/player/limits"), { headers: auth(player) })).json();
  const appliesAt: number = limits[0].pending.appliesAt;
  // SPEC §9 date-time DD.MM.YY, HH:mm in the page's zone, computed here (the core formats it).
  const when = await page.evaluate((at) => {
    const d = new Date(at * 1000);
    const p = (n: number) => String(n).padStart(2, "0");
    return `${p(d.getDate())}.${p(d.getMonth() + 1)}.${p(d.getFullYear() % 100)}, ${p(d.getHours())}:${p(d.getMinutes())}`;
  }, appliesAt);
  const row = deposit.getByRole("listitem");
  await expect(row).toContainText("Daily100.00 USD");
  await expect(row.getByTestId(/^limit-later-/)).toContainText(`Changes to Daily 100000.00 USD on ${when}`);
  await axeClean(page);

  // The old limit holds: 101 is refused with the spec's 13100.
  await page.goto(url("/profile/limits?modal=wallet&wallet=deposit"));
  const modal = page.getByTestId("wallet-modal");
  await modal.getByTestId("method-card.deposit.visa").click();
  await modal.getByLabel(/^Amount/).fill("101");
  await modal.getByLabel("Card number").fill("4111 1111 1111 1111");
  await modal.getByTestId("pay-submit").click();
  await expect(page.getByTestId("deposit-limit")).toContainText("Your deposit limit has been reached.");
  await page.getByRole("button", { name: "Close" }).click();

  // 24 h on, it applies.
  await control(request, "limits-due", { email: player.email, hours: 24 });
  await page.reload();
  await expect(row).toContainText("Daily100000.00 USD");
  await expect(row.getByTestId(/^limit-later-/)).toHaveCount(0);
  const paid = await request.post(url("/api/payment/invoices/deposit"), {
    headers: auth(player),
    data: { amount: "101", paymentMethod: "skrill.deposit.skrill" },
  });
  expect(paid.status(), await paid.text()).toBe(201);

  // A pending change is cancelled from the page: the limit in force stays.
  const id = limits[0].id;
  await request.put(url(`/api/player/limits/${id}`), { headers: auth(player), data: { period: "daily", amount: "50" } });
  await raise(request, player, id, "500");
  await page.reload();
  await expect(row.getByTestId(/^limit-later-/)).toContainText("Changes to Daily 500.00 USD on");
  await row.getByRole("button", { name: "Cancel the pending change of the Daily USD limit" }).click();
  await expect(page.getByText("Change cancelled: your current limit stays.")).toBeVisible();
  await expect(row.getByTestId(/^limit-later-/)).toHaveCount(0);
  await expect(row).toContainText("Daily50.00 USD");
  const after = await (await request.get(url("/api/player/limits"), { headers: auth(player) })).json();
  expect(after[0].pending).toBeNull();
  expect(after[0].amount).toBe("50.00");
});

for (const s of [
  { name: "desktop", width: 1280, height: 800 },
  { name: "mobile", width: 390, height: 844 },
]) {
  test(`screenshot and axe of pending changes (${s.name})`, async ({ page, request }) => {
    await page.setViewportSize({ width: s.width, height: s.height });
    const player = await register(request, "later");
    const daily = await depositLimit(request, player, "100");
    await raise(request, player, daily, "100000");
    const bet = await request.post(url("/api/player/limits"), {
      headers: auth(player),
      data: { definition: 1, period: "weekly", amount: "25", currency: "USD" },
    });
    const betId = (await bet.json()).id;
    await request.delete(url(`/api/player/limits/${betId}`), { headers: auth(player) });
    await signedIn(page, player, "/profile/limits");
    await expect(page.getByTestId(/^limit-later-/)).toHaveCount(2);
    await expect(page.getByTestId(`limit-later-${betId}`)).toContainText("Removed on");
    await axeClean(page);
    await expect(page.getByTestId("preloader")).toHaveCount(0, { timeout: 15_000 });
    await page.screenshot({ path: test.info().outputPath(`limits-later-${s.name}.png`), fullPage: true });
  });
}
