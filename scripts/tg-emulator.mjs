#!/usr/bin/env node
// Development: open the app as the messenger mini-app in a visible Chromium, with the emulated
// launch environment (tests/e2e/tg-emulator-page.js) and init data signed with the sandbox's test
// bot token. Usage (a sandbox or `vite` dev server running):
//
//   node scripts/tg-emulator.mjs [app URL, default http://127.0.0.1:8080/] [telegram user id]
//
// Options by environment: TG_BOT_TOKEN (default the sandbox's test token), TG_SCHEME=light,
// TG_INSETS=top,bottom (safe area; default 47,34) and TG_CONTENT_TOP (default 46).
import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(new URL("../tests/package.json", import.meta.url));
const { chromium } = require("@playwright/test");

const app = process.argv[2] ?? "http://127.0.0.1:8080/";
const id = Number(process.argv[3] ?? 424242);
const token = process.env.TG_BOT_TOKEN ?? "7000000001:CroupierSandboxTestBot-not-a-real-token";
const [top, bottom] = (process.env.TG_INSETS ?? "47,34").split(",").map(Number);
const light = process.env.TG_SCHEME === "light";

const user = { id, first_name: "Dev", last_name: "Player", username: `dev${id}`, language_code: "en" };
const fields = { query_id: "AAHdev", user: JSON.stringify(user), auth_date: String(Math.floor(Date.now() / 1000)) };
const check = Object.keys(fields).sort().map((k) => `${k}=${fields[k]}`).join("\n");
const secret = createHmac("sha256", "WebAppData").update(token).digest();
const hash = createHmac("sha256", secret).update(check).digest("hex");
const config = {
  initData: new URLSearchParams({ ...fields, hash }).toString(),
  initDataUnsafe: { user },
  platform: "ios",
  colorScheme: light ? "light" : "dark",
  themeParams: light
    ? { bg_color: "#ffffff", secondary_bg_color: "#f1f1f1", text_color: "#000000", hint_color: "#707579", link_color: "#3390ec", button_color: "#3390ec", button_text_color: "#ffffff" }
    : { bg_color: "#17212b", secondary_bg_color: "#232e3c", text_color: "#f5f5f5", hint_color: "#a8b5c4", link_color: "#6ab3f3", button_color: "#5288c1", button_text_color: "#ffffff" },
  safeAreaInset: { top, bottom, left: 0, right: 0 },
  contentSafeAreaInset: { top: Number(process.env.TG_CONTENT_TOP ?? 46), bottom: 0, left: 0, right: 0 },
};
const script = readFileSync(new URL("../tests/e2e/tg-emulator-page.js", import.meta.url), "utf8");
const browser = await chromium.launch({ headless: false, executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
await page.addInitScript({ content: `window.__TG_EMULATOR__ = ${JSON.stringify(config)};\n${script}` });
page.on("console", (m) => console.log(`[page] ${m.text()}`));
await page.goto(`${app}${app.includes("?") ? "&" : "?"}botURL=${encodeURIComponent("https://t.me/croupier_test_bot")}`);
console.log("mini-app open; window.__tgCalls records the WebApp calls. Ctrl+C to stop.");
