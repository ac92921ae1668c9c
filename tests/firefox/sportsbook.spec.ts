// Firefox smoke, the sportsbook page: the provider's widget (the sandbox's stand-in SDK) hosted on
// /sport, the address and the widget following each other (a deep link, the widget's own
// navigation, Back), and a guest's bet that asks to sign in, goes through once signed in there,
// and moves the header balance live.
import { test } from "@playwright/test";
import { By, type WebDriver } from "selenium-webdriver";
import { button, fill, firefoxSession, gone, heading, loaded, textOf, url, urlIs, visible, visibleBy } from "./browser";
import { api, walletLive } from "./player";

const firefox = firefoxSession();
const book = '[data-testid="sportsbook"]';
const slip = `${book} [role="region"][aria-label="Bet slip"]`;
const EVENT = "/sport/soccer/england/premier-league/9002-liverpool-everton";

/** The widget's odds button for `pick` (1, X or 2) of the event named `event`. */
const odds = (driver: WebDriver, event: string, pick: string) =>
  visibleBy(driver, By.xpath(`.//button[starts-with(@aria-label, ${JSON.stringify(`${event}: ${pick} @`)})]`), `odds ${event} ${pick}`, book);

test("a deep link to an event lands on its address and shows it", async () => {
  const driver = firefox();
  await driver.get(url("/sport/event/9001"));
  await loaded(driver);
  // The id-only address is replaced by the event's slug address.
  await urlIs(driver, url("/sport/soccer/england/premier-league/9001-arsenal-chelsea"));
  await heading(driver, "Arsenal - Chelsea", book);
});

test("navigating in the widget writes the address; Back moves the widget", async () => {
  const driver = firefox();
  await driver.get(url("/sport"));
  await loaded(driver);
  for (const [name, path] of [
    ["Soccer", "/sport/soccer"],
    ["England", "/sport/soccer/england"],
    ["Premier League", "/sport/soccer/england/premier-league"],
    ["Liverpool - Everton", EVENT],
  ]) {
    await (await button(driver, name, book)).click();
    await urlIs(driver, url(path));
  }
  await heading(driver, "Liverpool - Everton", book);
  await driver.navigate().back();
  await urlIs(driver, url("/sport/soccer/england/premier-league"));
  await heading(driver, "Premier League", book);
  await driver.navigate().forward();
  await urlIs(driver, url(EVENT));
  await heading(driver, "Liverpool - Everton", book);
});

test("a guest's bet asks to sign in; signed in there, the bet goes through and the balance moves live", async () => {
  const driver = firefox();
  const email = `ffsb${Date.now()}@example.com`;
  const body = (await api("/api/player/register", { body: { email, password: "royal-flush-9", currency: "USD", agreements: true } })) as {
    profile: { id: number };
  };
  await api("/api/_control/balance", { body: { playerId: body.profile.id, balance: "100.00" } });

  await (await odds(driver, "Liverpool - Everton", "1")).click();
  await (await button(driver, "Sign in to bet", slip)).click();
  await visible(driver, '[role="dialog"] input[type="email"]');
  // SPEC §2: modal links on the sport page do not change the address.
  await urlIs(driver, url(EVENT));
  await fill(driver, '[role="dialog"] input[type="email"]', email);
  await fill(driver, '[role="dialog"] input[type="password"]', "royal-flush-9");
  await (await button(driver, "Sign in", '[role="dialog"]')).click();
  await gone(driver, '[role="dialog"]');
  await textOf(driver, '[data-testid="header-balance"]', "100.00");
  await walletLive(driver);
  // The widget stays on the event and now bets from the player's account.
  await heading(driver, "Liverpool - Everton", book);
  await (await odds(driver, "Liverpool - Everton", "1")).click();
  await textOf(driver, slip, "Bets from your USD account");
  await fill(driver, `${slip} input`, "12.50");
  await (await button(driver, "Place bet", slip)).click();
  await textOf(driver, `${slip} [role="status"]`, "Bet placed");
  await textOf(driver, '[data-testid="header-balance"]', "87.50");
});
