// Firefox smoke, the games: the lobby's rows with their images, a search with a typo, a game
// launched from the results in demo mode (a spin inside the provider's frame), then a player's
// real-money launch whose spin moves the header balance live.
import { test } from "@playwright/test";
import type { WebDriver } from "selenium-webdriver";
import { fill, firefoxSession, loaded, textOf, url, urlIs, visible, WAIT_MS } from "./browser";
import { api, signUp, walletLive } from "./player";

const firefox = firefoxSession();

/** Run `steps` inside the game's frame (the provider's page), then come back to the app. */
async function inGame<T>(driver: WebDriver, steps: () => Promise<T>): Promise<T> {
  await driver.switchTo().frame(await visible(driver, '[data-testid="game-frame"]'));
  try {
    return await steps();
  } finally {
    await driver.switchTo().defaultContent();
  }
}

/** Spin once in the game's frame; resolves when the frame's balance has changed. */
async function spin(driver: WebDriver) {
  await inGame(driver, async () => {
    const before = await textOf(driver, "#balance", /^\d+\.\d\d$/);
    await (await visible(driver, "#spin")).click();
    await driver.wait(
      async () => (await driver.findElement({ css: "#balance" }).getText()).trim() !== before,
      WAIT_MS,
      `the game's balance stayed ${before}`,
    );
  });
}

test("the lobby shows its rows with loaded images", async () => {
  const driver = firefox();
  await driver.get(url("/games"));
  await loaded(driver);
  const row = await visible(driver, '[data-testid="game-row"]');
  const img = await visible(driver, "img", row);
  await driver.wait(
    () => driver.executeScript("return arguments[0].complete && arguments[0].naturalWidth > 0", img) as Promise<boolean>,
    WAIT_MS,
    "the first tile's image did not load",
  );
});

test("a search with a typo finds the game and its tile opens it", async () => {
  const driver = firefox();
  await fill(driver, '[data-testid="games-search"]', "sweet bonaza");
  const first = '[data-testid="search-results"] [data-testid="game-tile"]';
  await driver.wait(
    async () => (await (await visible(driver, first)).getAttribute("data-game")) === "sweet-bonanza",
    WAIT_MS,
    "Sweet Bonanza is not the first result",
  );
  await (await visible(driver, `${first}[data-game="sweet-bonanza"] a[aria-label="Open Sweet Bonanza"]`)).click();
  // A guest is offered the demo (SPEC §2 demo-game modal).
  await urlIs(driver, url("/game/sweet-bonanza?modal=demo-game"));
});

test("a guest launches the demo and spins in the game's frame", async () => {
  const driver = firefox();
  await (await visible(driver, '[role="dialog"] [data-testid="play-demo"]')).click();
  await textOf(driver, '[data-testid="game-mode"]', "Demo mode");
  await inGame(driver, () => textOf(driver, "#mode", { exact: "Demo mode: play money" }));
  await spin(driver);
});

test("a player funded live opens a game from the search and plays for real: the header balance moves", async () => {
  const driver = firefox();
  const player = await signUp(driver);
  await walletLive(driver);
  await api("/api/_control/balance", { body: { email: player.email, balance: "50.00" } });
  await textOf(driver, '[data-testid="header-balance"]', "50.00");
  // In-app from here on: the page and its realtime connection stay.
  await (await visible(driver, '.drawer a[data-link="casino"]')).click();
  await fill(driver, '[data-testid="games-search"]', "book of dead");
  await (await visible(driver, '[data-testid="search-results"] [data-game="book-of-dead"] a')).click();
  await urlIs(driver, url("/game/book-of-dead"));
  await textOf(driver, '[data-testid="game-mode"]', "Playing for real money.");
  await inGame(driver, async () => {
    await textOf(driver, "#mode", { exact: "Real money" });
    await fill(driver, "#bet", "2.00");
  });
  // The round costs 2.00 and pays 0, 2× or more: the balance always moves (sandbox slot.rs).
  await spin(driver);
  await textOf(driver, '[data-testid="header-balance"]', /^(?![\s\S]*\b50\.00\b)[\s\S]*\d+\.\d\d/);
});
