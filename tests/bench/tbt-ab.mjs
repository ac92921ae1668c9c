// Two builds' main-thread blocking, compared in turns: each round loads the page once from A
// and once from B in a fresh context with Chromium's CPU slowed 4x (devtools throttling, not
// Lighthouse's simulation), and sums, over the main thread's tasks after the first paint, what
// each task lasts beyond 50 ms. Prints each side's median, its runs, the median longest task
// and the median busy time. A tool for A/B work on TBT (issue 28, session 48): quieter than
// Lighthouse, whose trace runs V8's sampling profiler and whose simulation multiplies the
// observed tasks by four. Numbers only, no assertion; run it on a quiet machine.
// Serve each build with its own sandbox (`croupier-sandbox --port P --static DIR`), then:
//   node tbt-ab.mjs BASE_A [BASE_B] [path] [rounds]
// A path other than / is loaded as the seeded demo player (signed in on each sandbox, the
// cookie choice already made, as lighthouse.sh does).
import { chromium } from "@playwright/test";

const [a, b, path = "/", roundsArg = "9"] = process.argv.slice(2);
if (!a) throw new Error("usage: node tbt-ab.mjs BASE_A [BASE_B] [path] [rounds]");
const bases = b ? [a, b] : [a];
const rounds = Number(roundsArg);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});

async function signIn(base) {
  const res = await fetch(`${base}/api/player/sessions`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: "demo@croupier.test", password: "demo12345", source: "web", platform: "desktop" }),
  });
  if (res.status !== 200) throw new Error(`sign-in at ${base} failed: ${res.status}`);
  return (await res.json()).accessToken;
}

async function load(base) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    if (path !== "/") {
      await context.addCookies([{ name: "access_token", value: await signIn(base), url: base }]);
      await context.addInitScript(() => localStorage.setItem("cookieConsent", "analytics=0;marketing=0"));
    }
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    const events = [];
    cdp.on("Tracing.dataCollected", (d) => events.push(...d.value));
    const complete = new Promise((done) => cdp.once("Tracing.tracingComplete", done));
    await cdp.send("Tracing.start", { categories: "devtools.timeline,disabled-by-default-devtools.timeline,loading", transferMode: "ReportEvents" });
    await page.goto(`${base}${path}`);
    await page.waitForTimeout(Number(process.env.LOAD_MS ?? 5000));
    await cdp.send("Tracing.end");
    await complete;
    // The page's renderer main thread: the one that parsed the page.
    const parse = events.filter((e) => e.name === "ParseHTML").at(-1);
    const paint = events.find((e) => e.name === "firstContentfulPaint")?.ts ?? 0;
    const tasks = events.filter((e) => e.name === "RunTask" && e.pid === parse.pid && e.tid === parse.tid && e.ts >= paint && e.dur).map((e) => e.dur / 1000);
    return {
      blocking: tasks.reduce((sum, ms) => sum + Math.max(0, ms - 50), 0),
      longest: Math.max(0, ...tasks),
      busy: tasks.reduce((sum, ms) => sum + ms, 0),
    };
  } finally {
    await context.close();
  }
}

const runs = bases.map(() => []);
try {
  for (let round = 0; round < rounds; round++) {
    for (const [i, base] of bases.entries()) runs[i].push(await load(base));
  }
} finally {
  await browser.close();
}
const median = (list, key) => {
  const v = list.map((r) => r[key]).sort((x, y) => x - y);
  return v[Math.floor(v.length / 2)];
};
for (const [i, base] of bases.entries()) {
  const r = runs[i];
  console.log(
    `${"AB"[i]} ${base}${path}: blocking at 4x median ${median(r, "blocking").toFixed(0)} ms (${r.map((x) => x.blocking.toFixed(0)).join(" ")}), ` +
      `longest task ${median(r, "longest").toFixed(0)} ms, busy after the first paint ${median(r, "busy").toFixed(0)} ms`,
  );
}
