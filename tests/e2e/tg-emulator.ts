// Node side of the launch-environment emulator (tg-emulator-page.js): init data signed exactly as
// the messenger signs it (HMAC-SHA256, secret = HMAC_SHA256("WebAppData", bot token)) with the
// sandbox's public test bot token, and the page set up to open as the mini-app.
import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";

/** sandbox/src/telegram.rs TEST_BOT_TOKEN: the sandbox's default, never a real bot's. */
export const TEST_BOT_TOKEN = "7000000001:CroupierSandboxTestBot-not-a-real-token";
export const BOT_URL = "https://t.me/croupier_test_bot";

const script = readFileSync(new URL("./tg-emulator-page.js", import.meta.url), "utf8");

export type TgUser = { id: number; first_name: string; last_name?: string; username?: string; language_code?: string; photo_url?: string };

/** The raw init data for these fields, `hash` appended (independent of the sandbox's code). */
export function signInitData(fields: Record<string, string>, token = TEST_BOT_TOKEN): string {
  const check = Object.keys(fields)
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join("\n");
  const secret = createHmac("sha256", "WebAppData").update(token).digest();
  const hash = createHmac("sha256", secret).update(check).digest("hex");
  return new URLSearchParams({ ...fields, hash }).toString();
}

export type Launch = {
  user: TgUser;
  /** Seconds since the epoch; now by default. */
  authDate?: number;
  startParam?: string;
  colorScheme?: "light" | "dark";
  themeParams?: Record<string, string>;
  safeAreaInset?: { top: number; bottom: number; left: number; right: number };
  contentSafeAreaInset?: { top: number; bottom: number; left: number; right: number };
  platform?: string;
};

/** Telegram's dark theme (its desktop and mobile clients' defaults). */
export const DARK_THEME = {
  bg_color: "#17212b",
  secondary_bg_color: "#232e3c",
  section_bg_color: "#17212b",
  text_color: "#f5f5f5",
  hint_color: "#a8b5c4",
  link_color: "#6ab3f3",
  button_color: "#5288c1",
  button_text_color: "#ffffff",
  header_bg_color: "#17212b",
};

export function initData(l: Launch): string {
  const fields: Record<string, string> = {
    query_id: "AAHemulator",
    user: JSON.stringify(l.user),
    auth_date: String(l.authDate ?? Math.floor(Date.now() / 1000)),
  };
  if (l.startParam) fields.start_param = l.startParam;
  return signInitData(fields);
}

/** Every page of this context opens as the mini-app with this launch. */
export async function asMiniapp(page: Page, l: Launch) {
  const config = {
    initData: initData(l),
    initDataUnsafe: { user: l.user, start_param: l.startParam },
    platform: l.platform ?? "ios",
    colorScheme: l.colorScheme ?? "dark",
    themeParams: l.themeParams ?? DARK_THEME,
    safeAreaInset: l.safeAreaInset,
    contentSafeAreaInset: l.contentSafeAreaInset,
  };
  await page.addInitScript({ content: `window.__TG_EMULATOR__ = ${JSON.stringify(config)};\n${script}` });
}

/** As the real messenger opens it: the launch data in the address's hash and no WebApp object
 * until the page loads the messenger's script, which is answered here with the emulator. */
export async function viaMessengerScript(page: Page, l: Launch): Promise<string> {
  const config = {
    initData: initData(l),
    initDataUnsafe: { user: l.user, start_param: l.startParam },
    platform: l.platform ?? "ios",
    colorScheme: l.colorScheme ?? "dark",
    themeParams: l.themeParams ?? DARK_THEME,
  };
  await page.route("https://telegram.org/js/telegram-web-app.js", (route) =>
    route.fulfill({
      contentType: "text/javascript",
      body: `window.__TG_EMULATOR__ = ${JSON.stringify(config)};\n${script}`,
    }),
  );
  return `#tgWebAppData=${encodeURIComponent(config.initData)}&tgWebAppVersion=8.0&tgWebAppPlatform=${config.platform}`;
}

export type TgCall = { method: string; args: unknown[] };
export const tgCalls = (page: Page) => page.evaluate(() => (window as unknown as { __tgCalls?: TgCall[] }).__tgCalls ?? []);
export const called = async (page: Page, method: string) => (await tgCalls(page)).filter((c) => c.method === method);
