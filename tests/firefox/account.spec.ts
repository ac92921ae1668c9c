// Firefox smoke, the account flow: sign-up → header balance → account switch → reload → sign-out.
import { expect, test } from "@playwright/test";
import { button, choose, firefoxSession, loaded, textOf, url, urlIs, visible } from "./browser";
import { signUp, type Player } from "./player";

const firefox = firefoxSession();
let player: Player;

test("signs up from the header and is signed in", async () => {
  player = await signUp(firefox());
  expect(await firefox().manage().getCookie("access_token")).toBeTruthy();
});

test("the header shows the new account's balance", async () => {
  // The whole amount: a substring "0.00" would also match "10.00".
  await textOf(firefox(), '[data-testid="header-balance"] .money', { exact: "0.00 USD" });
});

test("adds a BTC account on the wallet page and switches to it", async () => {
  const driver = firefox();
  await (await visible(driver, '.drawer a[data-link="wallet"]')).click();
  await urlIs(driver, url("/wallet"));
  await choose(driver, "#new-account-currency", "BTC");
  await (await button(driver, "Add", "form.add-account")).click();
  await (await button(driver, "Make active", '[data-testid="account-BTC"]')).click();
  await textOf(driver, '[data-testid="account-BTC"] .badge', "Active");
  await textOf(driver, '[data-testid="header-balance"]', "mBTC");
});

test("a reload keeps the session and the active account", async () => {
  const driver = firefox();
  await driver.navigate().refresh();
  await loaded(driver);
  await textOf(driver, '[data-testid="header-nickname"]', { exact: player.nickname });
  await textOf(driver, '[data-testid="header-balance"]', "mBTC");
  await urlIs(driver, url("/wallet"));
});

test("signs out to home as a guest", async () => {
  const driver = firefox();
  await (await button(driver, "Sign out", "header")).click();
  await urlIs(driver, url("/"));
  await button(driver, "Sign in", "header");
  const cookies = await driver.manage().getCookies();
  expect(cookies.map((c) => c.name)).not.toContain("access_token");
});
