// A player made through the sandbox's API, for the specs that start signed in: register, the
// control API, and a page opened with the player's session cookie.
import { expect, type APIRequestContext, type Page, type WebSocket } from "@playwright/test";

export const base = () => process.env.BASE_URL!;
export const url = (path: string) => `${base()}${path}`;

export type Player = { id: number; email: string; token: string };

let seq = 0;

/** A new player with one `currency` account; `prefix` names the spec in the e-mail. */
export async function register(request: APIRequestContext, prefix: string, currency = "USD"): Promise<Player> {
  const email = `${prefix}${Date.now()}${seq++}@example.com`;
  const res = await request.post(url("/api/player/register"), {
    data: { email, password: "royal-flush-9", currency, agreements: true },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = await res.json();
  return { id: body.profile.id, email, token: body.accessToken };
}

/** A sandbox control call (`/api/_control/{path}`), which must succeed. */
export async function control(request: APIRequestContext, path: string, data: unknown) {
  const res = await request.post(url(`/api/_control/${path}`), { data });
  expect(res.ok(), `${path}: ${res.status()} ${await res.text()}`).toBeTruthy();
  return res.json();
}

/** The worker sandbox's switches back to their start values (`--control` defaults: the
 * provider settles in 1500 ms, tokens live 3600 s). The `switches` fixture (fixtures.ts) calls
 * it after every test, so no later test runs on another test's setting. */
export async function resetSwitches(request: APIRequestContext) {
  await control(request, "payments", { settleMs: 1500 });
  await control(request, "token-ttl", { seconds: 3600 });
}

/** Opens `path` as the player (the session cookie the core restores). */
export async function signedIn(page: Page, player: Player, path: string) {
  await page.context().addCookies([{ name: "access_token", value: player.token, url: base() }]);
  await page.goto(url(path));
}

/** Sets the player's balance through the control API. */
export async function fund(request: APIRequestContext, player: Player, balance: string) {
  const res = await request.post(url("/api/_control/balance"), { data: { playerId: player.id, balance } });
  expect(res.ok(), await res.text()).toBeTruthy();
}

/** From now on, whether the page's newest realtime socket is open and the server has answered
 * on it: the pushes (a spin's row, the balance) are heard only then. */
export function socketReady(page: Page): () => boolean {
  let last: { ws: WebSocket; answered: boolean } | undefined;
  page.on("websocket", (ws) => {
    const s = { ws, answered: false };
    last = s;
    ws.on("framereceived", () => (s.answered = true));
  });
  return () => !!last && last.answered && !last.ws.isClosed();
}
