// Firefox flow, the reality check and the session bar (issue 30): a new player chooses a
// 15-minute check on the limits page; the play session this device has kept since 16 minutes
// ago (as a reload keeps it) brings the check as the slot opens, with its figures; "Keep
// playing" gives the game back under the session bar, and a stake the platform pushes moves the
// bar's net result live. The Chromium specs play the slot on the page's clock.
import { expect, test } from "@playwright/test";
import type { WebDriver } from "selenium-webdriver";
import { choose, firefoxSession, gone, heading, loaded, textOf, url, visible } from "./browser";
import { api, signUp, token } from "./player";

const firefox = firefoxSession();
const MIN = 60_000;
const check = '[data-testid="reality-check"]';

async function playerId(driver: WebDriver): Promise<number> {
  return ((await api("/api/player/profile", { auth: await token(driver) })) as { id: number }).id;
}

test("the player chooses a 15-minute reality check, kept on this device", async () => {
  const driver = firefox();
  await signUp(driver);
  await driver.get(url("/profile/limits"));
  await choose(driver, '[data-testid="reality-interval"]', "15");
  await textOf(driver, '[data-testid="reality-device"]', { exact: "These choices are kept on this device." });
});

test("the session begun 16 minutes ago brings the check on the slot, with its figures", async () => {
  const driver = firefox();
  const now = Date.now();
  const session = {
    player: await playerId(driver), started: now - 16 * MIN, last_play: now - MIN, last_check: now - 16 * MIN,
    asked: now - 16 * MIN, totals: { USD: { staked: "3.00", won: "1.00" } }, rows: [],
  };
  await driver.executeScript("localStorage.setItem(arguments[0], arguments[1])", "croupier.playSession", JSON.stringify(session));
  await driver.get(url("/game/book-of-dead"));
  await loaded(driver);
  await textOf(driver, check, /You have been playing for 1[67] min\./);
  await textOf(driver, `${check} [data-testid="reality-USD"]`, /USD\s+3\.00\s+1\.00\s+-2\.00/);
  await heading(driver, "Reality check", '[role="dialog"]');
});

test("keep playing gives the game back, and a pushed stake moves the bar live", async () => {
  const driver = firefox();
  await (await visible(driver, '[data-testid="reality-keep"]')).click();
  await gone(driver, check);
  await textOf(driver, '[data-testid="session-net"]', { exact: "Net result: -2.00 USD" });
  const id = await playerId(driver);
  const stake = { id: 880_001, gameIdentity: "book-of-dead", gameName: "Book of Dead", currency: "USD", amount: "2.00", win: "5.00", isSettled: true, createdAt: 1 };
  // Published until the page's socket has subscribed to the player's bets channel.
  await expect
    .poll(async () => ((await api("/api/_control/publish", { body: { channel: `game:bets#${id}`, data: stake } })) as { delivered: number }).delivered, { timeout: 30_000 })
    .toBeGreaterThan(0);
  await textOf(driver, '[data-testid="session-net"]', { exact: "Net result: +1.00 USD" });
  const kept = JSON.parse((await driver.executeScript("return localStorage.getItem('croupier.playSession')")) as string);
  expect(kept.totals.USD).toEqual({ staked: "5.00", won: "6.00" });
});
