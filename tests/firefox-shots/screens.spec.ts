// The review screenshots of shots/screens.spec.ts, taken in Debian's firefox-esr through
// geckodriver, into screenshots/firefox/ with the same file names (scripts/screenshots-firefox.sh;
// never part of the test command).
import { test } from "@playwright/test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { WebDriver } from "selenium-webdriver";
import { ROOT } from "../e2e/sandbox";
import { ROUTES } from "../shots/routes";
import { button, fill, firefoxSession, gone, loaded, setViewport, textOf, url, visible, WAIT_MS } from "../firefox/browser";
import { api, signUp, token, walletLive } from "../firefox/player";

const OUT = join(ROOT, "screenshots", "firefox");
const sizes = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "mobile", width: 390, height: 844 },
];

/** Wait until no finite animation or transition is running (infinite ones, like skeletons, stay). */
async function settled(driver: WebDriver) {
  await driver.wait(
    () =>
      driver.executeScript(
        "return document.getAnimations().every(a => a.playState !== 'running' || a.effect.getComputedTiming().iterations === Infinity)",
      ) as Promise<boolean>,
    WAIT_MS,
    "animations did not settle",
  );
}

async function snap(driver: WebDriver, file: string) {
  await settled(driver);
  writeFileSync(join(OUT, file), await driver.takeScreenshot(), "base64");
}

async function shoot(driver: WebDriver, name: string) {
  for (const s of sizes) {
    await setViewport(driver, s.width, s.height);
    await snap(driver, `${name}-${s.name}.png`);
  }
  await setViewport(driver, sizes[0].width, sizes[0].height);
}

test.describe("screens", () => {
  const firefox = firefoxSession();
  test("screens", async () => {
    const driver = firefox();
    mkdirSync(OUT, { recursive: true });
    await driver.get(url("/"));
    await button(driver, "Sign in", "header");
    await shoot(driver, "home-guest");
    await driver.get(url("/?modal=sign-up"));
    await (await button(driver, "Sign up", '[role="dialog"]')).click();
    await visible(driver, "#signup-email-error");
    await shoot(driver, "sign-up-errors");
    await driver.get(url("/?modal=sign-in"));
    await fill(driver, '[role="dialog"] input[type="email"]', "demo@croupier.test");
    await fill(driver, '[role="dialog"] input[type="password"]', "wrong-password");
    await (await button(driver, "Sign in", '[role="dialog"]')).click();
    await visible(driver, '[role="dialog"] [role="alert"]');
    await shoot(driver, "sign-in-wrong-password");
    await fill(driver, '[role="dialog"] input[type="password"]', "demo12345");
    await (await button(driver, "Sign in", '[role="dialog"]')).click();
    await visible(driver, '[data-testid="header-nickname"]');
    await textOf(driver, '[data-testid="header-balance"]', /\d/);
    await gone(driver, ".toast"); // the "Signed in" toast leaves by itself (Chromium's shots wait it out)
    await shoot(driver, "home-player");
    await (await visible(driver, '[data-testid="header-balance"]')).click();
    await shoot(driver, "account-switcher");
    await driver.get(url("/wallet"));
    await loaded(driver);
    await visible(driver, '[data-testid^="account-"]');
    await shoot(driver, "wallet");
    await setViewport(driver, 390, 844);
    await (await button(driver, "Menu", "header")).click();
    await visible(driver, ".drawer-open");
    await snap(driver, "drawer-mobile.png");
  });
});

test.describe("every route", () => {
  const firefox = firefoxSession();
  test("every route", async () => {
    test.setTimeout(300_000);
    const driver = firefox();
    mkdirSync(OUT, { recursive: true });
    for (const s of sizes) {
      await setViewport(driver, s.width, s.height);
      for (const [name, path] of ROUTES) {
        await driver.get(url(path));
        await loaded(driver);
        await snap(driver, `route-${name}-${s.name}.png`);
      }
    }
  });
});

test.describe("shell states", () => {
  const firefox = firefoxSession();
  test("shell states", async () => {
    const driver = firefox();
    mkdirSync(OUT, { recursive: true });
    await driver.get(url("/games"));
    await loaded(driver);
    await (await button(driver, "Collapse menu")).click();
    await visible(driver, ".drawer-compact");
    await snap(driver, "drawer-compact-desktop.png");
    await (await button(driver, "Expand menu")).click();
    for (const [name, path] of [
      ["modal-pending", "/?modal=quests-hub"],
      ["modal-forgot-pass", "/?modal=forgot-pass"],
      ["modal-reset-pass", "/?modal=reset-pass"],
    ]) {
      await driver.get(url(path));
      await loaded(driver);
      await visible(driver, '[role="dialog"]');
      await shoot(driver, name);
    }
    await driver.get(url("/?modal=forgot-pass"));
    await loaded(driver);
    await fill(driver, '[role="dialog"] input[type="email"]', "demo@croupier.test");
    await (await button(driver, "Send the link", '[role="dialog"]')).click();
    await textOf(driver, '[role="dialog"]', "Check your e-mail");
    await shoot(driver, "modal-reset-email-send");
    await setViewport(driver, 390, 844);
    await driver.get(url("/pt-br/wallet"));
    await loaded(driver);
    await (await button(driver, "Menu", "header")).click();
    await visible(driver, ".drawer-open");
    await snap(driver, "drawer-mobile-pt-br.png");
  });
});

// The pages of the later flows (issue 19: deposit.spec.ts, lobby.spec.ts, sportsbook.spec.ts),
// beside the Chromium shots of games.spec.ts, sport.spec.ts and payments.spec.ts.
test.describe("games, sportsbook and deposit", () => {
  const firefox = firefoxSession();
  test("games, sportsbook and deposit", async () => {
    test.setTimeout(180_000);
    const driver = firefox();
    mkdirSync(OUT, { recursive: true });
    // Games, as a guest: the lobby with its images, a search, a demo round.
    await driver.get(url("/games"));
    await loaded(driver);
    const img = await visible(driver, '[data-testid="game-row"] img');
    await driver.wait(() => driver.executeScript("return arguments[0].complete && arguments[0].naturalWidth > 0", img) as Promise<boolean>, WAIT_MS);
    await shoot(driver, "games-lobby");
    await fill(driver, '[data-testid="games-search"]', "sweet bonaza");
    await visible(driver, '[data-testid="search-results"] [data-game="sweet-bonanza"]');
    await shoot(driver, "games-search");
    await driver.get(url("/game/sweet-bonanza"));
    await loaded(driver);
    await (await visible(driver, '[role="dialog"] [data-testid="play-demo"]')).click();
    await driver.switchTo().frame(await visible(driver, '[data-testid="game-frame"]'));
    await textOf(driver, "#balance", /^\d+\.\d\d$/);
    await driver.switchTo().defaultContent();
    await shoot(driver, "game-demo");
    // The sportsbook, as a guest: a sport's page, an event with the bet slip open.
    await driver.get(url("/sport/soccer"));
    await loaded(driver);
    await visible(driver, '[data-testid="sportsbook"] [data-sbw="book"] .sbw-row');
    await shoot(driver, "sport-soccer");
    await driver.get(url("/sport/soccer/england/premier-league/9001-arsenal-chelsea"));
    await loaded(driver);
    await (await visible(driver, '[data-testid="sportsbook"] button[aria-label^="Arsenal - Chelsea: X @"]')).click();
    await visible(driver, '[data-testid="sportsbook"] [aria-label="Bet slip"]');
    await shoot(driver, "sport-event-slip");
    // A deposit: the card form's messages, the pending provider, the success.
    await signUp(driver);
    await walletLive(driver);
    await (await visible(driver, '[data-testid="header-deposit"]')).click();
    await (await visible(driver, '[data-testid="wallet-modal"] [data-testid="method-card.deposit.visa"]')).click();
    await fill(driver, "#pay-amount", "5");
    await fill(driver, "#pay-card_number", "4111 1111 1111 1112");
    await (await visible(driver, '[data-testid="pay-submit"]')).click();
    await visible(driver, "#pay-card_number-error");
    await shoot(driver, "deposit-errors");
    await fill(driver, "#pay-amount", "25.77");
    await fill(driver, "#pay-card_number", "4111 1111 1111 1111");
    await (await visible(driver, '[data-testid="pay-submit"]')).click();
    await visible(driver, '[data-testid="deposit-pending"]');
    await shoot(driver, "deposit-pending");
    const [invoice] = ((await api("/api/payment/invoices", { auth: await token(driver) })) as { data: { id: number }[] }).data;
    await api(`/api/_control/invoices/${invoice.id}/settle`, { body: { status: 2 } });
    await visible(driver, '[data-testid="deposit-success"]');
    await textOf(driver, '[data-testid="header-balance"]', "25.77");
    await shoot(driver, "deposit-success");
  });
});
