// Issue 29's wallet choices, as a player meets them: crypto balances in units or sub-units
// (SPEC §1) with the equivalent beside every crypto balance (SPEC §9), the payment region the
// methods are asked for (SPEC §9 `paymentGeo`), and deposit bonuses asked with the typed amount
// (SPEC §7 `GET /api/game/bonuses`, query currency and amount). Each test registers its own player.
import { expect, test, type Page } from "./fixtures";
import { axeClean } from "./axe";
import { control, register, signedIn } from "./player";

const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

test("crypto shows in BTC once chosen, with its euro equivalent in the header and on /wallet, after a reload too", async ({ page, request }) => {
  const player = await register(request, "units", "BTC");
  await control(request, "balance", { playerId: player.id, balance: "0.01234567" });
  await signedIn(page, player, "/wallet");
  const header = page.getByTestId("header-balance");
  await expect(header).toContainText("12.34567 mBTC");
  await expect(page.getByTestId("account-BTC")).toContainText("12.34567 mBTC");
  await expect(page.getByTestId("header-equivalent")).toHaveCount(0);

  await page.getByTestId("crypto-display").click();
  const units = page.getByTestId("crypto-units");
  await expect(units.getByRole("radio", { name: "Sub-units (mBTC, mETH)" })).toBeChecked();
  await units.getByRole("radio", { name: "Units (BTC, ETH)" }).check();
  await page.getByRole("radio", { name: "EUR" }).check();
  await axeClean(page, '[role="dialog"]');
  await page.keyboard.press("Escape");

  const check = async () => {
    await expect(header).toContainText("0.01234567 BTC");
    // 0.01234567 × 65000 / 1.08, 2 decimals (SPEC §9).
    await expect(page.getByTestId("header-equivalent")).toHaveText("≈ 743.03 EUR");
    await expect(page.getByTestId("account-BTC")).toContainText("0.01234567 BTC");
    await expect(page.getByTestId("account-equivalent-BTC")).toHaveText("≈ 743.03 EUR");
  };
  await check();
  expect(await stored(page, "cryptoUnits")).toBe("units");
  await page.reload();
  await check();
  // The switcher's list shows it too, and the deposit amount is typed in the unit shown.
  await header.click();
  await expect(page.locator(".switcher-menu").getByRole("option").first()).toContainText("≈ 743.03 EUR");
  await page.keyboard.press("Escape");
  await page.getByTestId("header-deposit").click();
  await expect(page.getByTestId("wallet-modal").getByTestId("pay-account-BTC")).toContainText("0.01234567 BTC");
  await page.getByTestId("wallet-modal").getByTestId("method-directwallet.deposit.btc").click();
  await expect(page.getByTestId("wallet-modal").getByLabel("Amount (BTC)")).toBeVisible();
});

test("choosing another payment region shows that region's methods, and the choice stays after a reload", async ({ page, request }) => {
  const player = await register(request, "geo", "EUR");
  await signedIn(page, player, "/?modal=wallet&wallet=deposit");
  const modal = page.getByTestId("wallet-modal");
  const region = modal.getByLabel("Payment region");
  await expect(modal.getByTestId("method-card.deposit.visa")).toBeVisible();
  // SEPA is offered in SEPA countries only (the sandbox's catalogue).
  await expect(modal.getByTestId("method-sepa.deposit.sepa")).toHaveCount(0);
  const asked = page.waitForRequest((r) => r.url().includes("/api/payment/methods/deposit") && r.url().includes("country=PT"));
  await region.selectOption({ label: "Portugal" });
  await asked;
  await expect(modal.getByTestId("method-sepa.deposit.sepa")).toBeVisible();
  expect(await stored(page, "paymentGeo")).toBe("PT");
  await page.reload();
  await expect(modal.getByLabel("Payment region")).toHaveValue("PT");
  await expect(modal.getByTestId("method-sepa.deposit.sepa")).toBeVisible();
  await modal.getByLabel("Payment region").selectOption({ label: "Brazil" });
  await expect(modal.getByTestId("method-card.deposit.visa")).toBeVisible();
  await expect(modal.getByTestId("method-sepa.deposit.sepa")).toHaveCount(0);
});

test("deposit bonuses are asked with the amount once typing stops, and only those it reaches are offered", async ({ page, request }) => {
  const player = await register(request, "bonusamt");
  await signedIn(page, player, "/?modal=wallet&wallet=deposit");
  const modal = page.getByTestId("wallet-modal");
  await modal.getByTestId("method-card.deposit.visa").click();
  const asked: string[] = [];
  page.on("request", (r) => {
    const u = new URL(r.url());
    if (u.pathname === "/api/game/bonuses") asked.push(u.search);
  });
  const withAmount = page.waitForRequest((r) => r.url().includes("/api/game/bonuses?") && r.url().includes("amount=30"));
  await modal.getByLabel(/^Amount/).pressSequentially("30", { delay: 50 });
  await withAmount;
  // One call, after the typing stopped: never for the "3" typed on the way.
  await page.waitForTimeout(700);
  expect(asked).toEqual(["?currency=USD&amount=30"]);
  await modal.getByTestId("deposit-bonus-choose").click();
  const offer = page.getByTestId("package-bonus");
  await expect(offer.getByTestId("deposit-bonus-101")).toBeVisible();
  // 50% reload starts at 50 USD.
  await expect(offer.getByTestId("deposit-bonus-102")).toHaveCount(0);
});

for (const s of [
  { name: "desktop", width: 1280, height: 800 },
  { name: "mobile", width: 390, height: 844 },
]) {
  test(`screenshots of the crypto choices, the equivalents and the region (${s.name})`, async ({ page, request }) => {
    await page.setViewportSize({ width: s.width, height: s.height });
    const player = await register(request, "shots", "BTC");
    await control(request, "balance", { playerId: player.id, balance: "0.01234567" });
    await signedIn(page, player, "/wallet");
    await page.evaluate(() => localStorage.setItem("equivalentCurrency", "EUR"));
    await page.reload();
    await expect(page.getByTestId("header-equivalent")).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`wallet-equivalent-${s.name}.png`) });
    await page.getByTestId("crypto-display").click();
    await expect(page.getByTestId("crypto-units")).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`crypto-units-${s.name}.png`) });
    await page.keyboard.press("Escape");
    await page.getByTestId("header-deposit").click();
    await expect(page.getByTestId("wallet-modal").getByLabel("Payment region")).toBeVisible();
    await axeClean(page, '[role="dialog"]');
    await page.screenshot({ path: test.info().outputPath(`region-${s.name}.png`) });
  });
}
