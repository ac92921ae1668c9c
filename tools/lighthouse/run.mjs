// Lighthouse (mobile, its default form factor) on two pages of a running sandbox, each in a
// fresh Debian Chromium (empty cache, fresh profile): home as a guest, and /wallet signed in as
// the seeded demo player (session from POST /api/player/sessions, set as the access_token cookie
// the core reads; Lighthouse's storage reset leaves cookies alone). Prints performance, FCP,
// LCP, TBT, CLS per page. Run by scripts/lighthouse.sh: node run.mjs BASE_URL WORKDIR
import { mkdtempSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import lighthouse from "lighthouse";
import puppeteer from "puppeteer-core";

const [base, work] = process.argv.slice(2);
if (!base || !work) throw new Error("usage: node run.mjs BASE_URL WORKDIR");
const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const ARGS = [
  "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
];

async function signIn() {
  const res = await fetch(`${base}/api/player/sessions`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: "demo@croupier.test", password: "demo12345", source: "web", platform: "desktop" }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return (await res.json()).accessToken;
}

async function audit(name, path, token) {
  const browser = await puppeteer.launch({
    executablePath: CHROME,
    headless: true,
    args: ARGS,
    userDataDir: mkdtempSync(join(work, `chrome-${name}-`)),
  });
  try {
    const page = await browser.newPage();
    if (token) {
      await browser.setCookie({ name: "access_token", value: token, url: base });
      // A signed-in player has been here before and answered the cookie question (the site asks
      // on the first visit): their choice is in localStorage, which Lighthouse's storage reset
      // empties, so it is put back in each new document before the page's scripts run.
      await page.evaluateOnNewDocument(() => localStorage.setItem("cookieConsent", "analytics=0;marketing=0"));
    }
    const result = await lighthouse(`${base}${path}`, { output: "json", logLevel: "error", onlyCategories: ["performance"] }, undefined, page);
    const lhr = result.lhr;
    writeFileSync(join(work, `${name}.json`), result.report);
    // The trace the figures come from, kept with the reports (LH_OUT): which task was long.
    writeFileSync(join(work, `${name}.trace.json`), JSON.stringify(result.artifacts.Trace));
    if (lhr.runtimeError) throw new Error(`${name}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    if (token) {
      const kept = (await browser.cookies()).some((c) => c.name === "access_token" && c.value === token);
      if (!kept) throw new Error(`${name}: the session cookie did not survive the run`);
    }
    const a = lhr.audits;
    const ms = (k) => `${(a[k].numericValue / 1000).toFixed(2)} s`;
    const perf = Math.round((lhr.categories.performance.score ?? 0) * 100);
    console.log(
      `lighthouse ${name} (mobile, ${lhr.finalDisplayedUrl}): performance ${perf}, FCP ${ms("first-contentful-paint")}, ` +
        `LCP ${ms("largest-contentful-paint")}, TBT ${Math.round(a["total-blocking-time"].numericValue)} ms, ` +
        `CLS ${a["cumulative-layout-shift"].numericValue.toFixed(3)}`,
    );
  } finally {
    await browser.close();
  }
}

// LH_ONLY=NAME audits that one page (the test command's smoke: home-guest).
const only = process.env.LH_ONLY;
let audited = 0;
const pick = (name) => (!only || only === name) && ++audited > 0;
if (pick("home-guest")) await audit("home-guest", "/");
if (pick("wallet-signed-in")) await audit("wallet-signed-in", "/wallet", await signIn());
if (audited === 0) throw new Error(`LH_ONLY=${only}: no page of that name`);
