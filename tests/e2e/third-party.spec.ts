// Issue 16, third-party services and analytics (SPEC §4 Analytics events, §7 Other, §8 captcha
// and pixel rows, §9 Pixel), against the sandbox's stand-ins (`/third-party/{service}.js`, which
// record what they are given on `window.__thirdParty`). A second sandbox serves config.json with
// every key set and the stand-ins on another origin (localhost instead of 127.0.0.1), so its
// Content-Security-Policy must allow exactly that origin.
import { createServer } from "node:net";
import type { ChildProcess } from "node:child_process";
import { expect, test, type APIRequestContext, type Page, type Request } from "./fixtures";
import { startSandbox } from "./sandbox";

const SERVICES = ["tagManager", "webMetrics", "chat", "sessionReplay", "fingerprint", "pixel", "captcha"] as const;
const KEYS: Record<(typeof SERVICES)[number], string> = {
  tagManager: "tagManagerId",
  webMetrics: "webMetricsId",
  chat: "chatId",
  sessionReplay: "sessionReplayOrgId",
  fingerprint: "fingerprintKey",
  pixel: "pixelId",
  captcha: "captchaKey",
};
const ALLOW_ALL = "analytics=1;marketing=1";

type Recorded = { loaded: { service: string; src: string; org?: string }[]; calls: { service: string; call: string; args: unknown[] }[] };

let keyed: { url: string; proc: ChildProcess; origin: string };

const shared = (path: string) => `${process.env.BASE_URL}${path}`;
const at = (path: string) => `${keyed.url}${path}`;

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (address && typeof address === "object" ? done(address.port) : fail(new Error("no port"))));
    });
  });
}

test.beforeAll(async () => {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const config: Record<string, unknown> = { thirdPartyScripts: {} };
  for (const s of SERVICES) {
    config[KEYS[s]] = `${s}-key`;
    (config.thirdPartyScripts as Record<string, string>)[s] = `${origin}/third-party/${s}.js`;
  }
  const started = await startSandbox(["--control", "--port", String(port)], { SANDBOX_APP_CONFIG: JSON.stringify(config) });
  keyed = { ...started, origin };
});

test.afterAll(() => {
  keyed?.proc.kill();
});

/** The visitor's stored cookie choice (the cookie-request modal writes it), before any script. */
async function chooseCookies(page: Page, choice: string) {
  await page.addInitScript((c) => localStorage.setItem("cookieConsent", c), choice);
}

const recorded = (page: Page) =>
  page.evaluate(() => (window as unknown as { __thirdParty?: Recorded }).__thirdParty ?? { loaded: [], calls: [] });
const loadedServices = async (page: Page) => (await recorded(page)).loaded.map((l) => l.service).sort();
const dataLayer = (page: Page) => page.evaluate(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []);
const callsOf = async (page: Page, service: string) => (await recorded(page)).calls.filter((c) => c.service === service);

async function watchViolations(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { violations: string[] };
    w.violations = [];
    document.addEventListener("securitypolicyviolation", (e) => w.violations.push(`${e.effectiveDirective} ${e.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { violations: string[] }).violations);
}

function consoleOf(page: Page) {
  const lines: { type: string; text: string }[] = [];
  page.on("console", (m) => lines.push({ type: m.type(), text: m.text() }));
  return lines;
}

async function ready(page: Page) {
  await expect(page.locator(".shell")).toHaveAttribute("data-core", "ready");
}

async function signUp(page: Page, email: string) {
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("E-mail").fill(email);
  await dialog.getByLabel("Password").fill("royal-flush-9");
  await dialog.getByLabel("Currency").selectOption("USD");
  await dialog.getByLabel(/I am over 18/).check();
  await dialog.getByRole("button", { name: "Sign up" }).click();
}

const body = (r: Request) => JSON.parse(r.postData() ?? "{}") as Record<string, unknown>;

test("without keys nothing third-party loads, each missing key is logged and the captcha token is null", async ({ page }) => {
  const logs = consoleOf(page);
  const foreign: string[] = [];
  page.on("request", (r) => {
    const u = new URL(r.url());
    if (u.hostname !== "127.0.0.1" || u.pathname.startsWith("/third-party/")) foreign.push(r.url());
  });
  await chooseCookies(page, ALLOW_ALL);
  const res = await page.goto(shared("/?modal=sign-up"));
  await ready(page);
  const warnings = logs.filter((l) => l.type === "warning").map((l) => l.text);
  expect(warnings).toContain("Missing captcha key");
  for (const s of SERVICES.filter((s) => s !== "captcha")) expect(warnings).toContain(`Missing ${s} key: not loaded`);
  // The policy names no third-party origin: none is configured.
  const script = (res?.headers()["content-security-policy"] ?? "").split("; ").find((d) => d.startsWith("script-src")) ?? "";
  expect(script).not.toMatch(/googletagmanager|yandex|freshchat|fullstory|recaptcha|localhost/);

  const sent = page.waitForRequest((r) => r.url().endsWith("/api/player/register") && r.method() === "POST");
  await signUp(page, `tp-none-${Date.now()}@example.com`);
  const reg = body(await sent);
  expect(reg.captchaToken).toBeNull();
  expect(reg).not.toHaveProperty("fingerprint");
  await expect(page.getByTestId("header-balance")).toBeVisible();
  expect(foreign).toEqual([]);
  expect(await recorded(page)).toEqual({ loaded: [], calls: [] });
});

test("the policy allows exactly the configured providers' origin", async ({ request }) => {
  const csp = (await request.get(at("/"))).headers()["content-security-policy"] ?? "";
  const script = csp.split("; ").find((d) => d.startsWith("script-src")) ?? "";
  expect(script.split(" ")).toContain(keyed.origin);
  expect(script.split(" ")).not.toContain("'unsafe-inline'");
  expect(csp.split("; ").find((d) => d.startsWith("connect-src"))).toContain(keyed.origin);
  const plain = (await request.get(shared("/"))).headers()["content-security-policy"] ?? "";
  expect(plain).not.toContain("localhost");
});

test("before the visitor's choice only chat, fingerprint and captcha load; the visit waits", async ({ page }) => {
  const asked: string[] = [];
  page.on("request", (r) => r.url().includes("/third-party/") && asked.push(new URL(r.url()).pathname));
  await page.goto(at("/"));
  await ready(page);
  await expect.poll(() => loadedServices(page)).toEqual(["captcha", "chat", "fingerprint"]);
  expect(asked.sort()).toEqual(["/third-party/captcha.js", "/third-party/chat.js", "/third-party/fingerprint.js"]);
  for (const s of asked) expect(`${keyed.origin}${s}`.startsWith(keyed.origin)).toBe(true);
  expect(await dataLayer(page)).toEqual([]);
  // The chat was set up as a guest: its token is the key, no player.
  const init = (await callsOf(page, "chat")).find((c) => c.call === "init");
  expect(init?.args[0]).toEqual({ token: "chat-key", host: keyed.origin });
});

test("with consent every stand-in loads from its provider; events reach every sink with their ids; no token, no CSP violation", async ({
  page,
  request,
}) => {
  const violations = await watchViolations(page);
  const scriptUrls: string[] = [];
  page.on("request", (r) => r.url().includes("/third-party/") && scriptUrls.push(r.url()));
  await chooseCookies(page, ALLOW_ALL);
  await page.goto(at("/?modal=sign-up"));
  await ready(page);
  await expect.poll(() => loadedServices(page)).toEqual([...SERVICES].sort());
  const { loaded } = await recorded(page);
  for (const l of loaded) expect(l.src).toBe(`${keyed.origin}/third-party/${l.service}.js`);
  expect(loaded.find((l) => l.service === "sessionReplay")?.org).toBe("sessionReplay-key");

  // visit, at mount: SPEC §9 action 80, external code 5, to each sink.
  await expect.poll(() => dataLayer(page)).toContainEqual({ event: "visit", pixelActionId: 80, externalEventCode: 5 });
  expect((await callsOf(page, "webMetrics")).map((c) => c.args)).toEqual([
    ["webMetrics-key", "init", { clickmap: true, trackLinks: true, accurateTrackBounce: true }],
    ["webMetrics-key", "reachGoal", "visit", { pixelActionId: 80, externalEventCode: 5 }],
  ]);
  expect((await callsOf(page, "pixel")).map((c) => c.args)).toEqual([
    ["init", "pixel-key"],
    ["track", 80, { event: "visit", externalEventCode: 5 }],
  ]);

  // Registration: the captcha token for frontend_form and the visitor id ride along; regfin fires.
  const sent = page.waitForRequest((r) => r.url().endsWith("/api/player/register") && r.method() === "POST");
  await signUp(page, `tp-all-${Date.now()}@example.com`);
  const reg = body(await sent);
  expect(reg.captchaToken).toBe("captcha-captcha-key-frontend_form");
  expect(reg.fingerprint).toBe("visitor-fingerprint-key");
  await expect(page.getByTestId("header-balance")).toBeVisible();
  await expect.poll(() => dataLayer(page)).toContainEqual({ event: "regfin", pixelActionId: 81, externalEventCode: 1 });
  expect(await callsOf(page, "captcha")).toEqual([{ service: "captcha", call: "execute", args: ["captcha-key", { action: "frontend_form" }] }]);

  // The chat and the session replay learn the player's id; the chat's new restore id is saved.
  const token = (await page.context().cookies()).find((c) => c.name === "access_token")?.value ?? "";
  expect(token.length).toBeGreaterThan(20);
  const me = await (await request.get(at("/api/player/profile"), { headers: { authorization: `Bearer ${token}` } })).json();
  const id = String(me.profile?.id ?? me.id);
  await expect.poll(async () => (await callsOf(page, "sessionReplay")).map((c) => c.args)).toContainEqual([id]);
  await expect
    .poll(async () => (await callsOf(page, "chat")).filter((c) => c.call === "init").map((c) => c.args[0]))
    .toContainEqual({ token: "chat-key", host: keyed.origin, externalId: id });
  await expect
    .poll(async () => {
      const p = await (await request.get(at("/api/player/profile"), { headers: { authorization: `Bearer ${token}` } })).json();
      return p.freshchatRestoreId ?? p.profile?.freshchatRestoreId;
    })
    .toBe(`restore-${id}`);

  // A deposit: ftd then deposit (83/2, 89/4) to every sink.
  await request.post(at("/api/_control/payments"), { data: { settleMs: 300 } });
  await page.goto(at("/?modal=wallet&wallet=deposit"));
  const modal = page.getByTestId("wallet-modal");
  await modal.getByTestId("method-card.deposit.visa").click();
  await modal.getByLabel(/^Amount/).fill("25");
  await modal.getByLabel("Card number").fill("4111 1111 1111 1111");
  await modal.getByTestId("pay-submit").click();
  await expect(page.getByTestId("deposit-success")).toBeVisible();
  await expect.poll(() => dataLayer(page)).toContainEqual({ event: "ftd", pixelActionId: 83, externalEventCode: 2 });
  expect(await dataLayer(page)).toContainEqual({ event: "deposit", pixelActionId: 89, externalEventCode: 4 });
  expect((await callsOf(page, "pixel")).map((c) => c.args)).toContainEqual(["track", 83, { event: "ftd", externalEventCode: 2 }]);
  expect((await callsOf(page, "webMetrics")).map((c) => c.args)).toContainEqual([
    "webMetrics-key",
    "reachGoal",
    "deposit",
    { pixelActionId: 89, externalEventCode: 4 },
  ]);

  // A bet in the sportsbook: bet then bet30 (88/3, 90 with no code).
  await page.goto(at("/sport/soccer/england/premier-league/9002-liverpool-everton"));
  const book = page.getByTestId("sportsbook");
  await book.getByRole("button", { name: /^Liverpool - Everton: 1 @/ }).click();
  const slip = book.getByRole("region", { name: "Bet slip" });
  await slip.getByLabel("Stake").fill("5");
  await slip.getByRole("button", { name: "Place bet" }).click();
  await expect(slip.getByRole("status")).toContainText("Bet placed");
  await expect.poll(() => dataLayer(page)).toContainEqual({ event: "bet", pixelActionId: 88, externalEventCode: 3 });
  expect(await dataLayer(page)).toContainEqual({ event: "bet30", pixelActionId: 90, externalEventCode: null });

  // A real spin of a casino game is a bet too (issue 29: the slot publishes bet.placebet).
  const count = async (event: string) =>
    ((await dataLayer(page)) as { event?: string }[]).filter((e) => e.event === event).length;
  await page.goto(at("/game/book-of-dead"));
  const slot = page.frameLocator("[data-testid=game-frame]");
  await expect(slot.getByText("Real money")).toBeVisible();
  const [bets, bets30] = [await count("bet"), await count("bet30")];
  await slot.locator("#bet").fill("1.00");
  await slot.getByRole("button", { name: "Spin" }).click();
  await expect.poll(() => count("bet")).toBe(bets + 1);
  expect(await count("bet30")).toBe(bets30 + 1);

  // Nothing any provider was handed, nor any script address, holds the session token.
  const given = JSON.stringify({ r: await recorded(page), d: await dataLayer(page) });
  expect(given).not.toContain(token);
  for (const u of scriptUrls) expect(u).not.toContain(token);
  await page.waitForLoadState("networkidle");
  expect(await violations()).toEqual([]);
});

test("a provider script that fails is logged and breaks nothing: the rest loads, the page works", async ({ page }) => {
  const logs = consoleOf(page);
  await page.route("**/third-party/pixel.js", (route) => route.abort());
  await chooseCookies(page, ALLOW_ALL);
  await page.goto(at("/"));
  await ready(page);
  await expect.poll(() => loadedServices(page)).toEqual(SERVICES.filter((s) => s !== "pixel").sort());
  await expect.poll(() => logs.some((l) => l.type === "error" && l.text === "Failed to load Pixel")).toBe(true);
  // The other sinks still had the visit; the page goes on.
  await expect.poll(() => dataLayer(page)).toContainEqual({ event: "visit", pixelActionId: 80, externalEventCode: 5 });
  await page.getByRole("banner").getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
});

test("a failed captcha gives a null token and the form still goes", async ({ page, request }) => {
  await page.route("**/third-party/captcha.js", (route) => route.abort());
  const email = `tp-cap-${Date.now()}@example.com`;
  await register(request, email);
  await page.goto(at("/?modal=sign-in"));
  await ready(page);
  const sent = page.waitForRequest((r) => r.url().endsWith("/api/player/sessions") && r.method() === "POST");
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("E-mail").fill(email);
  await dialog.getByLabel("Password").fill("royal-flush-9");
  await dialog.getByRole("button", { name: "Sign in" }).click();
  const login = body(await sent);
  expect(login.captchaToken).toBeNull();
  expect(login.fingerprint).toBe("visitor-fingerprint-key");
  await expect(page.getByTestId("header-balance")).toBeVisible();
});

async function register(request: APIRequestContext, email: string) {
  const res = await request.post(at("/api/player/register"), {
    data: { email, password: "royal-flush-9", currency: "USD", agreements: true },
  });
  expect(res.status()).toBe(201);
}
