// Live state that really arrives (issue 29): a real spin's row appears on the open history page
// without a reload, a game the sandbox restricts warns on the bet, and a change published
// between the sign-in's first loads and the socket's first subscription still shows.
import { expect, test, type Page, type WebSocketRoute } from "./fixtures";
import { control, register, signedIn, url } from "./player";

async function shot(page: Page, name: string) {
  // A full load shows the preloader for a second (SPEC §2): shoot the page, not the preloader.
  await page.getByTestId("preloader").waitFor({ state: "detached", timeout: 15_000 });
  await page.screenshot({ path: `../screenshots/live-${name}.png` });
}

const toast = (page: Page, text: RegExp) =>
  page.getByRole("status").or(page.getByRole("alert")).filter({ hasText: text }).first();

test.afterEach(async ({ request }) => {
  await control(request, "restrict-bets", { game: "book-of-dead", restricted: false });
});

test("a real spin's row appears live on the open history page; a restricted game warns", async ({ page, request }) => {
  const player = await register(request, "live");
  await control(request, "balance", { playerId: player.id, balance: "50" });
  // The history open in one tab, the game in another (the same session).
  await signedIn(page, player, "/wallet/history?tab=spins");
  await expect(page.getByTestId("history-empty")).toBeVisible();
  const game = await page.context().newPage();
  await game.goto(url("/game/book-of-dead"));
  const frame = game.frameLocator("[data-testid=game-frame]");
  await expect(frame.getByText("Real money")).toBeVisible();
  await frame.locator("#bet").fill("2.00");
  await frame.getByRole("button", { name: "Spin" }).click();
  // Pushed on game:spins#{id}: the history page shows it with no reload.
  const rows = page.getByTestId("history-rows");
  await expect(rows).toContainText("Book of Dead");
  await expect(rows).toContainText("2.00 USD");

  // The sandbox restricts the game: the bet is refused and the player told why.
  await control(request, "restrict-bets", { game: "book-of-dead", restricted: true });
  await frame.locator("#bet").fill("3.00");
  await frame.getByRole("button", { name: "Spin" }).click();
  await expect(toast(game, /not allowed in this game/)).toBeVisible();
  await shot(game, "restricted-1280");
  // Nothing was taken: still the one row.
  await expect(rows.getByText("Book of Dead")).toHaveCount(1);
  await page.bringToFront();
  await shot(page, "history-1280");

  // The same at 390x844: the warning, then (the restriction lifted) a second row live.
  await expect(toast(game, /not allowed in this game/)).toBeHidden();
  await game.setViewportSize({ width: 390, height: 844 });
  await page.setViewportSize({ width: 390, height: 844 });
  await game.bringToFront();
  await frame.getByRole("button", { name: "Spin" }).click();
  await expect(toast(game, /not allowed in this game/)).toBeVisible();
  await shot(game, "restricted-390");
  await control(request, "restrict-bets", { game: "book-of-dead", restricted: false });
  await frame.locator("#bet").fill("1.00");
  await frame.getByRole("button", { name: "Spin" }).click();
  await expect(rows.getByText("Book of Dead")).toHaveCount(2);
  await expect(rows).toContainText("1.00 USD");
  await page.bringToFront();
  await expect(toast(page, /not allowed in this game/)).toBeHidden();
  await shot(page, "history-390");
  await game.close();
});

test("a balance published after the first loads but before the first subscription shows without a reload", async ({
  page,
  request,
}) => {
  const player = await register(request, "gap");
  await control(request, "balance", { playerId: player.id, balance: "50" });
  // The page's frames to the server wait until released: the socket connects late, as a slow
  // network makes it, so the change below lands in the gap for certain.
  const link: { held: (string | Buffer)[] | null; server?: WebSocketRoute } = { held: [] };
  await page.routeWebSocket(/\/api\/connection\/websocket/, (ws) => {
    const server = ws.connectToServer();
    link.server = server;
    ws.onMessage((m) => (link.held ? link.held.push(m) : server.send(m)));
    server.onMessage((m) => ws.send(m));
  });
  await signedIn(page, player, "/wallet");
  const balance = page.getByTestId("header-balance");
  await expect(balance).toContainText("50.00");
  // The core has asked to connect as the player: its accounts are loaded, nothing subscribed.
  await expect.poll(() => link.held?.some((m) => String(m).includes('"token"'))).toBe(true);
  const set = await control(request, "balance", { playerId: player.id, balance: "75" });
  expect(set.balance).toBe("75.00");
  // Released: connect, subscribe, and the first subscription's refetch brings the change.
  const frames = link.held ?? [];
  link.held = null;
  for (const m of frames) link.server?.send(m);
  await expect(balance).toContainText("75.00");
});
