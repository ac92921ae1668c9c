// Firefox, a visitor's tour (issue 31): the cookie question on a fresh profile (consent), a
// /static page and a /questions page in English and Portuguese (content, pages), no third-party
// key configured so nothing foreign loads and the sign-up still works (third_party), then as
// that player the referral page (referral), a Google link through the sandbox's stand-in
// provider on the profile's social list (social), a bonus from the control API activated
// (bonuses), and last the mini-app opened with signed Telegram launch data in the hash (miniapp).
// WebDriver BiDi is on for this Firefox: console entries, and the messenger's script answered.
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { By, type WebDriver } from "selenium-webdriver";
import LogInspector from "selenium-webdriver/bidi/logInspector.js";
import { initData, DARK_THEME, type TgUser } from "../e2e/tg-emulator";
import { button, choose, fill, firefoxSession, gone, heading, loaded, textOf, url, urlIs, visible } from "./browser";
import { api, type Player } from "./player";

const firefox = firefoxSession(1280, 800, { askConsent: true, bidi: true });
const dialog = '[role="dialog"]';
const toast = '.toast[role="status"]';
const player: Player = { email: `fftour${Date.now()}@example.com`, password: "royal-flush-9", nickname: "" };

/** The page's JS value of `expr`. */
const js = <T>(driver: WebDriver, expr: string) => driver.executeScript(`return ${expr}`) as Promise<T>;

/** Wait until the core has started on the page (it reads the address and storage then). */
async function coreReady(driver: WebDriver) {
  await visible(driver, '.shell[data-core="ready"]');
  await gone(driver, '[data-testid="preloader"]');
}

test("consent: a fresh profile is asked about cookies once; the answer stays after a reload", async () => {
  const driver = firefox();
  await driver.get(url("/"));
  await visible(driver, '[data-testid="cookie-request"]');
  expect(await driver.getCurrentUrl()).toContain("modal=cookie-request");
  await (await visible(driver, '[data-testid="consent-all"]')).click();
  await gone(driver, '[data-testid="cookie-request"]');
  expect(await js(driver, "localStorage.getItem('cookieConsent')")).toBe("analytics=1;marketing=1");
  await driver.navigate().refresh();
  await coreReady(driver);
  expect(await driver.findElements(By.css('[data-testid="cookie-request"]'))).toHaveLength(0);
});

for (const [path, en, pt] of [
  ["/static/terms", "Terms and Conditions", "Termos e Condições"],
  ["/questions/how-to-deposit", "How do I make a deposit?", "Como faço um depósito?"],
]) {
  test(`content and pages: ${path} in English and under /pt-br`, async () => {
    const driver = firefox();
    for (const [prefix, title, lang] of [
      ["", en, "en"],
      ["/pt-br", pt, "pt-br"],
    ]) {
      await driver.get(url(`${prefix}${path}`));
      await heading(driver, title, "main");
      await visible(driver, '[data-testid="content-page"][data-status="ready"] .content-body > *');
      expect(await (await driver.findElement(By.css("html"))).getAttribute("lang")).toBe(lang);
    }
  });
}

test("third_party: with no keys nothing foreign loads, the missing keys are warnings, sign-up works", async () => {
  const driver = firefox();
  const logs = await LogInspector(driver);
  const entries: { level: string; text: string }[] = [];
  await logs.onConsoleEntry((e) => entries.push({ level: e.level, text: e.text }));
  await logs.onJavascriptException((e) => entries.push({ level: "exception", text: e.text }));
  await driver.get(url("/?modal=sign-up"));
  await coreReady(driver);
  const expected = ["Missing captcha key", ...["tagManager", "webMetrics", "chat", "sessionReplay", "fingerprint", "pixel"].map((s) => `Missing ${s} key: not loaded`)];
  await driver.wait(async () => expected.every((t) => entries.some((e) => e.text === t)), 15_000, `warnings seen: ${JSON.stringify(entries)}`);
  for (const t of expected) expect(entries.filter((e) => e.text === t).map((e) => e.level)).toEqual(["warn"]);
  expect(entries.filter((e) => e.level === "error" || e.level === "exception")).toEqual([]);

  await fill(driver, "#signup-email", player.email);
  await fill(driver, "#signup-password", player.password);
  await choose(driver, "#signup-currency", "USD");
  await (await visible(driver, "#signup-agreements")).click();
  await (await button(driver, "Sign up", dialog)).click();
  await gone(driver, dialog);
  await visible(driver, '[data-testid="header-balance"]');
  // Nothing was asked of another origin, and no stand-in recorded anything.
  const foreign = await js<string[]>(driver, "performance.getEntriesByType('resource').map((r) => r.name).filter((n) => !n.startsWith(location.origin) || n.includes('/third-party/'))");
  expect(foreign).toEqual([]);
  expect(await js(driver, "window.__thirdParty ?? null")).toBeNull();
  await logs.close();
});

test("referral: the player's link brings a friend, counted on the page", async () => {
  const driver = firefox();
  await driver.get(url("/referral"));
  await heading(driver, "Referral Program", "main");
  const link = await visible(driver, '[data-testid="referral-link"]');
  await driver.wait(async () => /\?ref=R[0-9A-Z]+$/.test((await link.getAttribute("value")) ?? ""), 15_000, "no referral link");
  const value = (await link.getAttribute("value")) ?? "";
  expect(value.startsWith(`${process.env.BASE_URL}/?ref=`)).toBe(true);
  await textOf(driver, '[data-testid="referral-invited"]', { exact: "0" });
  expect(await (await visible(driver, '[data-testid="referral-transfer-open"]')).isEnabled()).toBe(false);
  // The friend signs up with the link's code (in their own browser: here through the API).
  const refId = new URL(value).searchParams.get("ref");
  await api("/api/player/register", { body: { email: `fffriend${Date.now()}@example.com`, password: "royal-flush-9", currency: "USD", agreements: true, refId } });
  await driver.navigate().refresh();
  await textOf(driver, '[data-testid="referral-invited"]', { exact: "1" });
});

test("social: the profile lists the connections; Google is linked through the provider's page", async () => {
  const driver = firefox();
  await driver.get(url("/profile/info"));
  const google = '[data-testid="social-google"]';
  await textOf(driver, google, "Not linked");
  await textOf(driver, '[data-testid="social-facebook"]', "Not linked");
  await (await button(driver, "Link Google", google)).click();
  await heading(driver, "Sign in with Google");
  const gmail = `fflink${Date.now()}@gmail.example`;
  await fill(driver, "#email", gmail);
  await (await button(driver, "Allow")).click();
  await urlIs(driver, url("/profile"));
  await textOf(driver, toast, "Account linked");
  await driver.get(url("/profile/info"));
  await textOf(driver, google, `Linked as ${gmail}`);
});

test("bonuses: a bonus given by the control API is activated", async () => {
  const driver = firefox();
  const bonus = (await api("/api/_control/bonuses", {
    body: { email: player.email, currency: "USD", amount: "10.00", wager: 3, gameIds: [7], name: "Welcome bonus" },
  })) as { id: number };
  await driver.get(url("/bonuses"));
  const card = `[data-testid="bonus-bonus-${bonus.id}"]`;
  await textOf(driver, card, "Welcome bonus");
  await textOf(driver, card, "Book of Ra");
  await (await visible(driver, `${card} [data-testid="bonus-activate"]`)).click();
  await textOf(driver, '[data-testid="bonus-confirm"]', "Activate this bonus?");
  await (await visible(driver, '[data-testid="bonus-confirm-yes"]')).click();
  await textOf(driver, toast, "Bonus for one game activated");
  await textOf(driver, card, "Active");
});

/** The WebDriver BiDi connection selenium-webdriver keeps for this driver (untyped there). */
type Bidi = {
  send(command: { method: string; params: unknown }): Promise<unknown>;
  subscribe(events: string[]): Promise<void>;
  socket: { on(event: "message", listener: (data: Buffer) => void): void; off(event: "message", listener: (data: Buffer) => void): void };
};

/** Answer the page's requests for `address` with `body` (JavaScript), as the Chromium spec's
 * page.route does: a BiDi intercept before the request is sent, so nothing leaves the machine.
 * Returns how many were answered so far and a stop. */
async function answer(driver: WebDriver, address: string, body: string) {
  const bidi = await (driver as unknown as { getBidi(): Promise<Bidi> }).getBidi();
  await bidi.subscribe(["network.beforeRequestSent"]);
  const { intercept } = (await bidi.send({
    method: "network.addIntercept",
    params: { phases: ["beforeRequestSent"], urlPatterns: [{ type: "string", pattern: address }] },
  })) as { intercept: string };
  let answered = 0;
  const onMessage = (data: Buffer) => {
    const msg = JSON.parse(data.toString()) as { method?: string; params?: { isBlocked?: boolean; request: { request: string; url: string } } };
    if (msg.method !== "network.beforeRequestSent" || !msg.params?.isBlocked || msg.params.request.url !== address) return;
    answered++;
    void bidi.send({
      method: "network.provideResponse",
      params: {
        request: msg.params.request.request,
        statusCode: 200,
        reasonPhrase: "OK",
        headers: [{ name: "content-type", value: { type: "string", value: "text/javascript" } }],
        body: { type: "string", value: body },
      },
    });
  };
  bidi.socket.on("message", onMessage);
  return {
    answered: () => answered,
    stop: async () => {
      bidi.socket.off("message", onMessage);
      await bidi.send({ method: "network.removeIntercept", params: { intercept } });
    },
  };
}

test("miniapp: opened by the messenger with signed launch data in the hash, the player is signed in silently", async () => {
  const driver = firefox();
  await driver.manage().deleteAllCookies();
  const user: TgUser = { id: 710_000_000 + (Date.now() % 1_000_000), first_name: "Mila", last_name: "Tester", username: `ffmila${Date.now() % 1000}`, language_code: "en" };
  // As the real messenger opens it (e2e/tg-emulator.ts viaMessengerScript): the init data,
  // signed with the sandbox's test bot token, in the hash; the page then loads the messenger's
  // script, answered here with the emulator of its WebApp object.
  const config = { initData: initData({ user }), initDataUnsafe: { user }, platform: "ios", colorScheme: "dark", themeParams: DARK_THEME };
  const emulator = readFileSync(new URL("../e2e/tg-emulator-page.js", import.meta.url), "utf8");
  const script = await answer(driver, "https://telegram.org/js/telegram-web-app.js", `window.__TG_EMULATOR__ = ${JSON.stringify(config)};\n${emulator}`);
  const logins = async () => ((await api("/api/_control/calls")) as Record<string, number>)["POST /api/player/tg_login"] ?? 0;
  const before = await logins();
  const hash = `#tgWebAppData=${encodeURIComponent(config.initData)}&tgWebAppVersion=8.0&tgWebAppPlatform=ios`;
  await driver.get(url(`/?botURL=${encodeURIComponent("https://t.me/croupier_test_bot")}${hash}`));
  await textOf(driver, '[data-testid="header-nickname"]', { exact: "Mila" });
  await loaded(driver);
  expect(script.answered()).toBe(1);
  expect(await logins()).toBe(before + 1);
  // No sign-in modal and no sign-out: the messenger is who the player is.
  expect(await driver.findElements(By.css(".modal"))).toHaveLength(0);
  expect(await driver.findElements(By.xpath('//button[normalize-space(.)="Sign out"]'))).toHaveLength(0);
  expect(((await api(`/api/_control/tg/users/${user.id}`)) as { name: string }).name).toBe("Mila Tester");
  await script.stop();
});
