// Issue 29, SPEC §3 "Payment method group": the stand-in provider offers every provider family
// SPEC §3 names, each only where its currency and country fit (docs/API.md "Payments" has the
// table). A player in India with rupees sees UPI and not PIX; a player in Brazil with reais sees
// PIX and not UPI. Each test registers its own player; its country is the profile's.
import { expect, test, type APIRequestContext, type Page } from "./fixtures";
import { axeClean } from "./axe";
import { control, register, signedIn, url, type Player } from "./player";

async function livesIn(request: APIRequestContext, player: Player, country: string) {
  const res = await request.put(url("/api/player/profile"), {
    headers: { Authorization: `Bearer ${player.token}` },
    data: { country },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function openDeposit(page: Page, player: Player) {
  await signedIn(page, player, "/?modal=wallet&wallet=deposit");
  const modal = page.getByTestId("wallet-modal");
  await expect(modal.locator('input[name="pay-method"]').first()).toBeVisible();
  return modal;
}

test.beforeEach(async ({ request }) => {
  await control(request, "payments", { settleMs: 700 });
});

test("a rupee player in India sees UPI and not PIX, and deposits through UPI with a UPI ID", async ({ page, request }) => {
  const player = await register(request, "upi", "INR");
  await livesIn(request, player, "IN");
  const modal = await openDeposit(page, player);
  await expect(modal.getByLabel("Payment region")).toHaveValue("IN");
  await expect(modal.getByTestId("method-upi.deposit.upi")).toBeVisible();
  await expect(modal.getByTestId("method-neteller.deposit.neteller")).toBeVisible();
  await expect(modal.getByTestId("method-pix.deposit.pix")).toHaveCount(0);

  await modal.getByTestId("method-upi.deposit.upi").click();
  await modal.getByLabel(/^Amount/).fill("500");
  const upiId = modal.getByLabel("UPI ID (name@bank)");
  await upiId.fill("player");
  await modal.getByTestId("pay-submit").click();
  // The sandbox refuses a UPI ID without a bank handle, under the field.
  await expect(modal.getByText("The UPI ID is invalid.")).toBeVisible();
  await upiId.fill("player.one@okaxis");
  await modal.getByTestId("pay-submit").click();
  await expect(page.getByTestId("deposit-success")).toBeVisible();
  await expect(page.getByTestId("header-balance")).toContainText("500.00");
});

test("a player in Brazil with reais sees PIX and not UPI; a region chosen elsewhere hides PIX", async ({ page, request }) => {
  const player = await register(request, "pixbr", "BRL");
  await livesIn(request, player, "BR");
  const modal = await openDeposit(page, player);
  await expect(modal.getByTestId("method-pix.deposit.pix")).toBeVisible();
  await expect(modal.getByTestId("method-upi.deposit.upi")).toHaveCount(0);
  await modal.getByLabel("Payment region").selectOption({ label: "India" });
  await expect(modal.getByTestId("method-pix.deposit.pix")).toHaveCount(0);
  // UPI is for rupees: a real account never gets it, wherever the player pays from.
  await expect(modal.getByTestId("method-skrill.deposit.skrill")).toBeVisible();
  await expect(modal.getByTestId("method-upi.deposit.upi")).toHaveCount(0);
});

test("mobile money asks for the phone: bKash for a taka player in Bangladesh", async ({ page, request }) => {
  const player = await register(request, "bkash", "BDT");
  await livesIn(request, player, "BD");
  const modal = await openDeposit(page, player);
  await expect(modal.getByTestId("method-nagad.deposit.nagad")).toBeVisible();
  await modal.getByTestId("method-bkash.deposit.bkash").click();
  await expect(modal.getByLabel("Phone (with +country code)")).toBeVisible();
  await expect(modal.getByTestId("method-gcash.deposit.gcash")).toHaveCount(0);
});

for (const s of [
  { name: "desktop", width: 1280, height: 800 },
  { name: "mobile", width: 390, height: 844 },
]) {
  test(`screenshots of the methods list in India, Poland and Germany (${s.name})`, async ({ page, request }) => {
    await page.setViewportSize({ width: s.width, height: s.height });
    const player = await register(request, "shots", "INR");
    await livesIn(request, player, "IN");
    const modal = await openDeposit(page, player);
    await modal.getByTestId("method-upi.deposit.upi").click();
    await expect(modal.getByLabel("UPI ID (name@bank)")).toBeVisible();
    await axeClean(page, '[role="dialog"]');
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(s.width);
    await page.screenshot({ path: test.info().outputPath(`methods-inr-${s.name}.png`) });

    const pl = await register(request, "shotspl", "PLN");
    await livesIn(request, pl, "PL");
    await page.context().clearCookies();
    const plModal = await openDeposit(page, pl);
    await plModal.getByTestId("method-blik.deposit.blik").click();
    await expect(plModal.getByLabel("BLIK code (6 digits)")).toBeVisible();
    await axeClean(page, '[role="dialog"]');
    await page.screenshot({ path: test.info().outputPath(`methods-pln-${s.name}.png`) });

    // The longest list: a euro player in Germany (SEPA, Open Banking, Sofort, cards, e-wallets,
    // the mobile operator and the agent), scrolled to its end inside the modal.
    const de = await register(request, "shotsde", "EUR");
    await livesIn(request, de, "DE");
    await page.context().clearCookies();
    const deModal = await openDeposit(page, de);
    await expect(deModal.getByTestId("method-sofort.deposit.sofort")).toBeVisible();
    await expect(deModal.getByTestId("method-openbanking.deposit.openbanking")).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`methods-eur-de-${s.name}.png`) });
    await deModal.getByTestId("method-mobileoperator.deposit.mobile").scrollIntoViewIfNeeded();
    await axeClean(page, '[role="dialog"]');
    await page.screenshot({ path: test.info().outputPath(`methods-eur-de-end-${s.name}.png`) });
  });
}
