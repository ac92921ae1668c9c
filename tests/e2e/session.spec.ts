// Session across tabs and realtime (SPEC §4 Session, §6, §7 Realtime, §8), against the sandbox
// started by global-setup with --control. Every test registers its own player.
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from "./fixtures";

const base = () => process.env.BASE_URL!;
const url = (path: string) => `${base()}${path}`;

type Player = { id: number; email: string; token: string };

let seq = 0;
async function register(request: APIRequestContext, currency = "USD"): Promise<Player> {
  const email = `rt${Date.now()}${seq++}@example.com`;
  const res = await request.post(url("/api/player/register"), {
    data: { email, password: "royal-flush-9", currency, agreements: true },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = await res.json();
  return { id: body.profile.id, email, token: body.accessToken };
}

async function control(request: APIRequestContext, method: "GET" | "POST" | "DELETE", path: string, data?: unknown) {
  const res = await request.fetch(url(`/api/_control/${path}`), { method, data });
  expect(res.ok(), `${method} ${path}: ${res.status()}`).toBeTruthy();
  return res.status() === 204 ? null : res.json();
}

async function signInWith(context: BrowserContext, token: string) {
  await context.addCookies([{ name: "access_token", value: token, url: base() }]);
}

const nickname = (email: string) => `${email.split("@")[0].slice(0, -3)}***`;

async function expectSignedIn(page: Page, player: Player) {
  await expect(page.getByTestId("header-nickname")).toHaveText(nickname(player.email));
}

/** Wait until the page's socket is subscribed to the player's channel: publish until delivered. */
async function waitSubscribed(request: APIRequestContext, channel: string, data: unknown) {
  await expect
    .poll(async () => (await control(request, "POST", "publish", { channel, data })).delivered, { timeout: 20_000 })
    .toBeGreaterThan(0);
}

/** The JWT's exp, in ms. */
const expiresAt = (token: string) => JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString()).exp * 1000;

test("two tabs that need the refresh at once make one call; the other waits and takes its token", async ({
  browser,
  request,
}) => {
  // A token that counts as expired 2 s after issue (12 s life, 10 s margin); the refreshed one lives long.
  await control(request, "POST", "token-ttl", { seconds: 12 });
  let player: Player;
  try {
    player = await register(request);
  } finally {
    await control(request, "POST", "token-ttl", { seconds: 3600 });
  }
  const context = await browser.newContext();
  await signInWith(context, player.token);
  const [one, two] = [await context.newPage(), await context.newPage()];
  // Until the client counts the token as expired (exp - 10 s), by the token's own clock.
  await expect.poll(() => Date.now(), { timeout: 10_000 }).toBeGreaterThan(expiresAt(player.token) - 10_000 + 50);
  await control(request, "DELETE", "calls");
  // The sandbox takes refresh calls but answers none until released: whichever tab asks first
  // holds the lock for as long as the test wants, so the other one must find it held.
  await control(request, "POST", "hold-refresh", { hold: true });

  const waited: string[] = [];
  const bearers: Record<string, string[]> = { one: [], two: [] };
  for (const [name, page] of [["one", one], ["two", two]] as const) {
    page.on("console", (m) => m.text().startsWith("refresh: another tab is refreshing") && waited.push(name));
    page.on("request", (r) => {
      if (r.url().endsWith("/api/player/profile")) bearers[name].push(r.headers()["authorization"] ?? "");
    });
  }
  try {
    await Promise.all([one.goto(url("/wallet")), two.goto(url("/wallet"))]);
    // Both tabs are on it: one refresh reached the server (held), the other tab waits.
    await expect.poll(async () => (await control(request, "GET", "calls"))["POST /api/player/sessions/refresh"]).toBe(1);
    await expect.poll(() => waited.length, { timeout: 20_000 }).toBe(1);
  } finally {
    await control(request, "POST", "hold-refresh", { hold: false });
  }
  await expectSignedIn(one, player);
  await expectSignedIn(two, player);

  const calls = await control(request, "GET", "calls");
  expect(calls["POST /api/player/sessions/refresh"]).toBe(1);
  await expect(one.getByRole("dialog")).toHaveCount(0);
  await expect(two.getByRole("dialog")).toHaveCount(0);
  const cookie = (await context.cookies()).find((c) => c.name === "access_token");
  expect(cookie?.value).toBeTruthy();
  expect(cookie?.value).not.toBe(player.token);
  // The tab that waited loaded the profile with the new token, never with the expired one.
  const waiter = waited[0] as "one" | "two";
  expect(bearers[waiter]).toEqual([`Bearer ${cookie!.value}`]);
  // The lock is released.
  expect(await one.evaluate(() => localStorage.getItem("refreshSession"))).toBeNull();
  await context.close();
});

test("signing out in one tab sends the other home, signed out", async ({ browser, request }) => {
  const player = await register(request);
  const context = await browser.newContext();
  await signInWith(context, player.token);
  const one = await context.newPage();
  const two = await context.newPage();
  await one.goto(url("/wallet"));
  await two.goto(url("/wallet"));
  await expectSignedIn(one, player);
  await expectSignedIn(two, player);

  await one.getByRole("banner").getByRole("button", { name: "Sign out" }).click();
  await expect(one).toHaveURL(url("/"));
  await expect(two).toHaveURL(url("/"));
  await expect(two.getByRole("banner").getByRole("button", { name: "Sign in" })).toBeVisible();
  await expect(two.getByTestId("header-nickname")).toHaveCount(0);
  await context.close();
});

test("the balance survives 20 dropped sockets and ends equal to the server's", async ({ browser, request }) => {
  // 20 reconnects with backoff up to 20 s each: a budget far from the worst case on 2 busy cores.
  test.setTimeout(300_000);
  const player = await register(request);
  const context = await browser.newContext();
  await signInWith(context, player.token);
  const page = await context.newPage();
  const delays: number[] = [];
  let reconnects = 0;
  page.on("console", (m) => {
    const hit = /realtime: reconnect in (\d+) ms/.exec(m.text());
    if (hit) delays.push(Number(hit[1]));
    if (m.text().startsWith("realtime: reconnected")) reconnects++;
  });
  await page.goto(url("/"));
  await expect(page.getByTestId("header-balance").locator(".money-amount")).toHaveText("0.00");
  // Subscribed: a balance set now shows up without a reload.
  await expect(async () => {
    await control(request, "POST", "balance", { playerId: player.id, balance: "1.00" });
    await expect(page.getByTestId("header-balance")).toContainText("1.00", { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });

  for (let i = 1; i <= 20; i++) {
    // Each drop hits a live socket: wait for the previous reconnect first.
    await expect.poll(() => reconnects, { timeout: 25_000 }).toBe(i - 1);
    await control(request, "POST", "balance", { playerId: player.id, balance: `${100 + i}.25` });
    const { dropped } = await control(request, "POST", "drop-sockets");
    expect(dropped).toBeGreaterThanOrEqual(1);
    // Changes also land while the socket is away; the page must catch up after reconnecting.
    // Every other time only once the page has seen the drop (it scheduled its reconnect), so
    // both orders happen: a change before the page notices and one after.
    if (i % 2) await expect.poll(() => delays.length, { timeout: 25_000 }).toBeGreaterThanOrEqual(i);
    await control(request, "POST", "balance", { playerId: player.id, balance: `${200 + i}.50` });
  }
  const last = await control(request, "POST", "balance", { playerId: player.id, balance: "1234.56" });
  expect(last.balance).toBe("1234.56");

  const accounts = await (
    await request.get(url("/api/wallet/accounts"), { headers: { Authorization: `Bearer ${player.token}` } })
  ).json();
  const server = accounts.find((a: { status: number }) => a.status === 1);
  expect(server.balance).toBe("1234.56");
  await expect(page.getByTestId("header-balance")).toContainText("1,234.56", { timeout: 30_000 });

  console.log(`reconnect delays seen (ms, ${delays.length}): ${delays.join(", ")}`);
  expect(delays.length).toBeGreaterThanOrEqual(20);
  for (const d of delays) {
    expect(d).toBeGreaterThanOrEqual(500);
    expect(d).toBeLessThanOrEqual(20_000);
  }
  await context.close();
});

test("a 401 on an authenticated call opens home with the sign-in modal", async ({ browser, request }) => {
  const player = await register(request);
  const btc = await request.post(url("/api/wallet/accounts"), {
    headers: { Authorization: `Bearer ${player.token}` },
    data: { currency: "BTC" },
  });
  expect(btc.status()).toBe(201);
  const context = await browser.newContext();
  await signInWith(context, player.token);
  const page = await context.newPage();
  await page.goto(url("/wallet"));
  await expectSignedIn(page, player);
  await page.route("**/api/wallet/accounts/*/switch", (route) =>
    route.fulfill({
      status: 401,
      contentType: "application/json",
      body: JSON.stringify({ code: "unauthorized", message: "Token expired." }),
    }),
  );
  await page.getByTestId("account-BTC").getByRole("button", { name: "Make active" }).click();
  await expect(page).toHaveURL(url("/?modal=sign-in"));
  await expect(page.getByRole("dialog", { name: "Sign in" })).toBeVisible();
  await expect(page.getByTestId("header-nickname")).toHaveCount(0);
  await context.close();
});

test("a session closed on the server signs the page out with the sign-in modal", async ({ browser, request }) => {
  const player = await register(request);
  const context = await browser.newContext();
  await signInWith(context, player.token);
  const page = await context.newPage();
  await page.goto(url("/wallet"));
  await expectSignedIn(page, player);
  await waitSubscribed(request, `retention:accounts#${player.id}`, { probe: true });
  // Logout elsewhere closes this session's sockets (3500): the page checks and gets a 401.
  const out = await request.post(url("/api/player/sessions/logout"), {
    headers: { Authorization: `Bearer ${player.token}` },
  });
  expect(out.status()).toBe(204);
  await expect(page).toHaveURL(url("/?modal=sign-in"));
  await expect(page.getByRole("dialog", { name: "Sign in" })).toBeVisible();
  await context.close();
});

test("a game.bet.max.exceed push shows the max bet with its currency", async ({ browser, request }) => {
  const player = await register(request);
  const context = await browser.newContext();
  await signInWith(context, player.token);
  const page = await context.newPage();
  await page.goto(url("/"));
  await expectSignedIn(page, player);
  await waitSubscribed(request, `game:bets#${player.id}`, {
    event: "game.bet.max.exceed",
    data: { amount: "5", currency: "USD" },
  });
  const toast = page.getByRole("status").filter({ hasText: "Bet too high" });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText("5.00 USD");
  await context.close();
});
