// Lighthouse (mobile, its default form factor) on three pages of a running sandbox, each run in
// a fresh Debian Chromium (empty cache, fresh profile): home as a guest, and /wallet and /profile
// signed in as the seeded demo player (session from POST /api/player/sessions, set as the
// access_token cookie the core reads; Lighthouse's storage reset leaves cookies alone). Prints
// performance, FCP, LCP, TBT, CLS per run and, with LH_RUNS=N (default 1), the median of the N
// runs per page (Lighthouse's own guidance: judge on the median of 5). LH_PAGES=home,wallet,profile
// (the default) picks pages. Run by scripts/lighthouse.sh: node run.mjs BASE_URL WORKDIR
import { mkdtempSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
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
  // TBT is the observed tasks' lengths times four: anything else running on the machine shows
  // up in it (sessions 45-47 read home TBT 1,640-1,753 ms at load ~1.5-2; the same tree gave
  // 168-386 ms on a quiet machine). The load is printed with each run so a figure carries its context.
  console.log(`lighthouse ${name}: machine load ${loadavg()[0].toFixed(2)} (1-minute average) before the run`);
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
    const figures = {
      performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
      fcp: a["first-contentful-paint"].numericValue,
      lcp: a["largest-contentful-paint"].numericValue,
      tbt: a["total-blocking-time"].numericValue,
      cls: a["cumulative-layout-shift"].numericValue,
    };
    console.log(line(`lighthouse ${name} (mobile, ${lhr.finalDisplayedUrl})`, figures));
    return figures;
  } finally {
    await browser.close();
  }
}

function line(label, f) {
  const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
  return `${label}: performance ${f.performance}, FCP ${s(f.fcp)}, LCP ${s(f.lcp)}, TBT ${Math.round(f.tbt)} ms, CLS ${f.cls.toFixed(3)}`;
}

// Each figure's own median (the runs' middle value per column, as Lighthouse's guidance does).
function median(runs) {
  const mid = (k) => {
    const v = runs.map((r) => r[k]).sort((x, y) => x - y);
    return v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
  };
  return { performance: Math.round(mid("performance")), fcp: mid("fcp"), lcp: mid("lcp"), tbt: mid("tbt"), cls: mid("cls") };
}

const PAGES = {
  home: { name: "home-guest", path: "/", signedIn: false },
  wallet: { name: "wallet-signed-in", path: "/wallet", signedIn: true },
  profile: { name: "profile-signed-in", path: "/profile", signedIn: true },
};
const runs = Number(process.env.LH_RUNS ?? 1);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`LH_RUNS must be a whole number >= 1, not ${process.env.LH_RUNS}`);
const picked = (process.env.LH_PAGES ?? "home,wallet,profile").split(",").map((p) => p.trim()).filter(Boolean);
for (const p of picked) if (!PAGES[p]) throw new Error(`LH_PAGES: unknown page ${p} (known: ${Object.keys(PAGES).join(", ")})`);
const medians = [];
for (const p of picked) {
  const { name, path, signedIn } = PAGES[p];
  const results = [];
  for (let i = 1; i <= runs; i++) {
    // A fresh session per run: each run is a first visit in a fresh browser.
    results.push(await audit(runs > 1 ? `${name}-${i}` : name, path, signedIn ? await signIn() : undefined));
  }
  if (runs > 1) medians.push(line(`lighthouse ${name} median of ${runs}`, median(results)));
}
for (const m of medians) console.log(m);
