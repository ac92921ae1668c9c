// The sportsbook (issue 13): the stand-in provider's widget hosted on /sport, the address and
// the widget following each other (deep link, widget navigation, back), guests asked to sign in
// on a bet, a player's bet debiting the balance live and listed, the token refreshed on an
// account switch, the home carousels, axe, and screenshots at both sizes.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from "./fixtures";
import { axeNoSerious } from "./axe";
import { showCarousels } from "./home";
import { ROOT } from "./sandbox";

const base = () => process.env.BASE_URL!;
const url = (path: string) => `${base()}${path}`;
const MOBILE = { width: 390, height: 844 };
const SHOTS = join(ROOT, "screenshots");

type Player = { id: number; token: string };

let seq = 0;
async function player(request: APIRequestContext, balance: string): Promise<Player> {
  const email = `sb${Date.now()}${seq++}@example.com`;
  const res = await request.post(url("/api/player/register"), {
    data: { email, password: "royal-flush-9", currency: "USD", agreements: true },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = await res.json();
  const set = await request.post(url("/api/_control/balance"), { data: { playerId: body.profile.id, balance } });
  expect(set.ok()).toBeTruthy();
  return { id: body.profile.id, token: body.accessToken };
}

async function signInWith(context: BrowserContext, token: string) {
  await context.addCookies([{ name: "access_token", value: token, url: base() }]);
}

const book = (page: Page) => page.getByTestId("sportsbook");

async function settled(page: Page) {
  await expect(page.getByTestId("preloader")).toHaveCount(0, { timeout: 15_000 });
  await expect(book(page).locator("[data-sbw=book]")).toBeVisible();
}

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: false });
}

test("a deep link to an event lands on it, and a guest's bet asks them to sign in", async ({ page }) => {
  await page.goto(url("/sport/event/9001"));
  await settled(page);
  // The id-only address is replaced by the event's slug address.
  await expect(page).toHaveURL(url("/sport/soccer/england/premier-league/9001-arsenal-chelsea"));
  await expect(book(page).getByRole("heading", { name: "Arsenal - Chelsea" })).toBeVisible();
  await book(page).getByRole("button", { name: /^Arsenal - Chelsea: 1 @/ }).click();
  // The bet slip is no navigation: the address stays.
  await expect(book(page).getByRole("region", { name: "Bet slip" })).toBeVisible();
  await expect(page).toHaveURL(url("/sport/soccer/england/premier-league/9001-arsenal-chelsea"));
  await book(page).getByRole("button", { name: "Sign in to bet" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  // SPEC §2: modal links on the sport page do not change the address, and leave the widget
  // where it was; closing keeps the address and adds no history entry.
  const entries = await page.evaluate(() => window.history.length);
  await expect(page).toHaveURL(url("/sport/soccer/england/premier-league/9001-arsenal-chelsea"));
  await expect(book(page).getByRole("heading", { name: "Arsenal - Chelsea" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(page).toHaveURL(url("/sport/soccer/england/premier-league/9001-arsenal-chelsea"));
  expect(await page.evaluate(() => window.history.length)).toBe(entries);
});

test("navigating in the widget writes the address, back moves the widget, and the address moves it", async ({ page }) => {
  await page.goto(url("/sport"));
  await settled(page);
  await book(page).getByRole("button", { name: "Soccer", exact: true }).click();
  await expect(page).toHaveURL(url("/sport/soccer"));
  await book(page).getByRole("button", { name: "England" }).click();
  await expect(page).toHaveURL(url("/sport/soccer/england"));
  await book(page).getByRole("button", { name: "Premier League" }).click();
  await expect(page).toHaveURL(url("/sport/soccer/england/premier-league"));
  await book(page).getByRole("button", { name: "Liverpool - Everton", exact: true }).click();
  await expect(page).toHaveURL(url("/sport/soccer/england/premier-league/9002-liverpool-everton"));
  await expect(book(page).getByRole("heading", { name: "Liverpool - Everton" })).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(url("/sport/soccer/england/premier-league"));
  await expect(book(page).getByRole("heading", { level: 2, name: "Premier League" })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(url("/sport/soccer/england"));
  await expect(book(page).getByRole("heading", { level: 2, name: "England" })).toBeVisible();
  await page.goForward();
  await expect(book(page).getByRole("heading", { level: 2, name: "Premier League" })).toBeVisible();

  // The address moves the widget: a special page, then esports (sport 145).
  await page.evaluate(() => {
    history.pushState(null, "", "/sport/live");
    dispatchEvent(new PopStateEvent("popstate"));
  });
  await expect(book(page).getByRole("heading", { name: "Live", exact: true })).toBeVisible();
  await expect(book(page).getByRole("button", { name: "Live", exact: true })).toHaveAttribute("aria-current", "page");
  await book(page).getByRole("button", { name: "Esports" }).click();
  await expect(page).toHaveURL(url("/sport/esports"));
  await expect(book(page).getByRole("button", { name: "NAVI - FaZe", exact: true })).toBeVisible();

  // An unknown sport falls back to /sport.
  await page.goto(url("/sport/curling-on-mars"));
  await expect(page).toHaveURL(url("/sport"));
  await expect(book(page).getByRole("heading", { name: "Top events" })).toBeVisible();
});

test("a player's bet debits the balance live and is listed; an account switch gives a fresh token", async ({
  browser,
  request,
}) => {
  const p = await player(request, "100");
  const context = await browser.newContext();
  await signInWith(context, p.token);
  const page = await context.newPage();
  await page.goto(url("/sport/soccer/england/premier-league/9002-liverpool-everton"));
  await settled(page);
  await expect(page.getByTestId("header-balance")).toContainText("100.00");
  await book(page).getByRole("button", { name: /^Liverpool - Everton: 1 @/ }).click();
  const slip = book(page).getByRole("region", { name: "Bet slip" });
  await expect(slip).toContainText("Bets from your USD account");
  await slip.getByLabel("Stake").fill("12.50");
  await slip.getByRole("button", { name: "Place bet" }).click();
  await expect(slip.getByRole("status")).toContainText("Bet placed");
  // The balance follows the push (wallet:accounts), without a reload.
  await expect(page.getByTestId("header-balance")).toContainText("87.50");
  await shot(page, "sport-bet-placed-1280");

  await book(page).getByRole("button", { name: "My bets" }).click();
  await expect(page).toHaveURL(url("/sport/bet-history"));
  await expect(book(page).locator("[data-bet]")).toHaveCount(1);
  await expect(book(page).locator("[data-bet]")).toContainText("Liverpool - Everton");
  await expect(book(page).locator("[data-bet]")).toContainText("12.50 USD");
  // The platform's bets history lists it with the open bets, named after its event.
  await page.goto(url("/wallet/history?tab=bets&settled=0"));
  const rows = page.getByTestId("history-rows").locator("tbody tr");
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText("Sportsbook: Liverpool - Everton");
  await expect(rows).toContainText("12.50 USD");
  await expect(rows.getByRole("link")).toHaveCount(0);

  // Switch to a BTC account: the widget gets a fresh token, for the BTC account.
  const auth = { Authorization: `Bearer ${p.token}` };
  const btc = await request.post(url("/api/wallet/accounts"), { data: { currency: "BTC" }, headers: auth });
  const btcId = (await btc.json()).id;
  const starts = async () => (await (await request.get(url("/api/_control/calls"))).json())["POST /api/game/sport/start"] ?? 0;
  const before = await starts();
  await page.goto(url("/sport/soccer/england/premier-league/9002-liverpool-everton"));
  await settled(page);
  await book(page).getByRole("button", { name: /^Liverpool - Everton: 1 @/ }).click();
  await expect(slip).toContainText("USD account");
  const sw = await request.put(url(`/api/wallet/accounts/${btcId}/switch`), { headers: auth });
  expect(sw.ok()).toBeTruthy();
  await expect(slip).toContainText("Bets from your BTC account");
  expect(await starts()).toBeGreaterThan(before + 1);
  await context.close();
});

test("the es-MX site gives the widget the es-ES culture (SPEC §9 culture map)", async ({ page }) => {
  await page.goto(url("/es-mx/sport/soccer"));
  await settled(page);
  await expect(page.locator("html")).toHaveAttribute("lang", "es-mx");
  await expect(book(page).locator("[data-sbw=book]")).toHaveAttribute("data-culture", "es-ES");
  // Navigating in the widget keeps the locale prefix, and outside English the address
  // carries the ids too (SPEC §2 sportsbook routes).
  await book(page).getByRole("button", { name: "England" }).click();
  await expect(page).toHaveURL(url("/es-mx/sport/soccer/england?categoryIds=1001"));
});

test("the home shows the top-events (15) and live-now (7) carousels, and a card opens the event", async ({ page }) => {
  await page.goto(url("/"));
  await expect(page.getByTestId("preloader")).toHaveCount(0, { timeout: 15_000 });
  await showCarousels(page);
  const top = page.getByTestId("top-events").locator("[data-event]");
  await expect(top).toHaveCount(15);
  await expect(page.getByTestId("live-now").locator("[data-event]")).toHaveCount(7);
  await axeNoSerious(page, "home with carousels");
  await shot(page, "sport-home-carousels-1280");
  await page.getByTestId("live-now").locator("[data-event]").first().click();
  await expect(page).toHaveURL(/\/sport\/[a-z-]+\/[a-z-]+\/[a-z-]+\/\d+-[a-z-]+$/);
  await settled(page);
});

test("axe finds nothing serious on the sport pages; screenshots at both sizes", async ({ page }) => {
  for (const [size, viewport] of [["1280", { width: 1280, height: 800 }], ["390", MOBILE]] as const) {
    await page.setViewportSize(viewport);
    await page.goto(url("/sport/soccer"));
    await settled(page);
    await axeNoSerious(page, `/sport/soccer ${size}`);
    await shot(page, `sport-soccer-${size}`);
    await page.goto(url("/sport/soccer/england/premier-league/9001-arsenal-chelsea"));
    await settled(page);
    await book(page).getByRole("button", { name: /^Arsenal - Chelsea: X @/ }).click();
    await axeNoSerious(page, `event with slip ${size}`);
    await shot(page, `sport-event-slip-${size}`);
    await page.goto(url("/sport/bet-history"));
    await settled(page);
    await axeNoSerious(page, `bet history guest ${size}`);
  }
  await page.setViewportSize(MOBILE);
  await page.goto(url("/"));
  await showCarousels(page);
  await expect(page.getByTestId("top-events").locator("[data-event]")).toHaveCount(15);
  await shot(page, "sport-home-carousels-390");
});
