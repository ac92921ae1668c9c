// Push burst bench (issue 29): a signed-in page in headless Chromium while the sandbox's control
// API publishes about a third each of account (balance), player-bonus and messenger pushes on the
// player's channels, paced over about a second, each channel in order (the next publish of a
// channel waits for the previous one's answer). Counts what the page applied from what it shows
// and measures frame times (requestAnimationFrame) and long tasks (PerformanceObserver
// 'longtask') from the burst's start until the page settled. Numbers only, no assertion.
//   node push-burst.mjs <base url>        (PUSH_TOTAL, default 1000; PUSH_MS, default 1000)
import { chromium } from "@playwright/test";

const base = process.argv[2];
const total = Number(process.env.PUSH_TOTAL ?? 1000);
const span = Number(process.env.PUSH_MS ?? 1000);
const counts = { balance: Math.ceil(total / 3), bonus: Math.round(total / 3) };
counts.note = total - counts.balance - counts.bonus;
// PUSH_ONLY=balance|bonus|note: the whole burst on that one kind (to see which one costs).
const only = process.env.PUSH_ONLY;
if (only) for (const k of Object.keys(counts)) counts[k] = k === only ? total : 0;

async function call(method, path, body, token) {
  const headers = { "content-type": "application/json" };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}
const publish = (channel, data) => call("POST", "/api/_control/publish", { channel, data });
const sleep = (ms) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

// A player with one USD account, signed in by the session cookie.
const email = `push${Date.now()}@example.com`;
const reg = await call("POST", "/api/player/register", { email, password: "royal-flush-9", currency: "USD", agreements: true });
const id = reg.profile.id;
const token = reg.accessToken;
const [account] = await call("GET", "/api/wallet/accounts", undefined, token);
const channel = {
  balance: `wallet:accounts#${id}`,
  bonus: `bonus:player-bonuses#${id}`,
  note: `messenger:notifications#${id}`,
};
const now = Math.floor(Date.now() / 1000);
// Payloads shaped as the sandbox's own (sandbox/src/db/accounts.rs AccountView,
// routes/bonuses.rs bonus_json, db/notifications.rs view): balances 1.00, 2.00, ... so the
// header's figure tells which push it shows; new issued bonuses and unread messages with ids
// the player does not have, so each one adds a listed bonus or an unread message.
const make = {
  balance: (i) => ({ id: account.id, currency: account.currency, balance: `${i + 1}.00`, status: account.status }),
  bonus: (i) => ({
    id: 900_000 + i,
    status: 1,
    result: 1,
    name: `Burst bonus ${i + 1}`,
    amount: "1.00",
    currency: account.currency,
    packageId: 1,
    issueSessionId: null,
    wagerCasinoConditions: { gameIds: [] },
    wager: { required: "30.00", wagered: "0.00" },
    maxBetAmount: null,
    cancelLocked: false,
    expiresAt: now + 86_400,
  }),
  note: (i) => ({
    id: 900_000 + i,
    state: 1,
    content: { title: `Burst message ${i + 1}`, body: "A message of the push burst." },
    createdAt: new Date().toISOString(),
    readAt: null,
  }),
};

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addCookies([{ name: "access_token", value: token, url: base }]);
  const page = await context.newPage();
  // A page busy with the burst answers late: wait for it rather than fail the run.
  page.setDefaultTimeout(180_000);
  // PUSH_PATH: another page (e.g. /wallet, which lists no bonuses: the bonus count is then
  // not seen and counts as lost; for comparing the cost of rendering the list only).
  const path = process.env.PUSH_PATH ?? "/profile/bonuses";
  await page.goto(`${base}${path}`);
  await page.getByTestId("preloader").waitFor({ state: "detached", timeout: 15_000 });
  await page.getByTestId("header-balance").waitFor();
  if (path.endsWith("bonuses")) await page.getByTestId("bonus-empty").waitFor();
  // Subscribed when a publication on each channel reaches a socket. `{}` is not an account,
  // bonus or message: the core logs it and drops it, nothing changes on the page.
  for (const ch of Object.values(channel)) {
    const until = Date.now() + 20_000;
    while ((await publish(ch, {})).delivered < 1) {
      if (Date.now() > until) throw new Error(`${ch}: never subscribed`);
      await sleep(100);
    }
  }
  const unread = () =>
    page.getByTestId("bell").evaluate((b) => Number((b.getAttribute("aria-label") ?? "").match(/\d+/)?.[0] ?? 0));
  const unreadBefore = await unread();

  // In the page: frame times, long tasks, and per frame the listed bonuses and the header's figure.
  await page.evaluate(() => {
    const w = window;
    const b = (w.__bench = { frames: [], long: [], bonusMax: 0, bonusIds: new Set(), balances: [], stop: false });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) b.long.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: "longtask" });
    // Every bonus card the page put in, even one the debounced refetch took out again before
    // a frame was drawn (the server has none of the pushed bonuses).
    const card = '[data-testid=bonus-list] > [data-testid^="bonus-bonus-"]';
    new MutationObserver((records) => {
      for (const r of records)
        for (const node of r.addedNodes) {
          if (!(node instanceof Element)) continue;
          if (node.matches(card)) b.bonusIds.add(node.getAttribute("data-testid"));
          for (const c of node.querySelectorAll(card)) b.bonusIds.add(c.getAttribute("data-testid"));
        }
    }).observe(document.body, { childList: true, subtree: true });
    let last = performance.now();
    b.start = last;
    const tick = (t) => {
      b.frames.push(t - last);
      last = t;
      const n = document.querySelectorAll("[data-testid=bonus-list] > *").length;
      if (n > b.bonusMax) b.bonusMax = n;
      const shown = document.querySelector("[data-testid=header-balance]")?.textContent ?? "";
      if (shown !== b.balances[b.balances.length - 1]) b.balances.push(shown);
      if (!b.stop) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });

  // PUSH_TRACE=FILE: a Chromium timeline trace of the burst with JS samples (for looking, not printed).
  if (process.env.PUSH_TRACE) await browser.startTracing(page, { path: process.env.PUSH_TRACE, categories: ["devtools.timeline", "disabled-by-default-v8.cpu_profiler"] });
  // The burst: each channel's pushes spread evenly over the span, one after another.
  let delivered = 0;
  const t0 = Date.now();
  const run = async (kind) => {
    const n = counts[kind];
    for (let i = 0; i < n; i++) {
      await sleep(t0 + ((i + 0.5) * span) / n - Date.now());
      const answer = await publish(channel[kind], make[kind](i));
      delivered += answer.delivered;
    }
  };
  await Promise.all(Object.keys(counts).map(run));
  const sentMs = Date.now() - t0;

  // Settled: the header shows the last balance and the bell every message, or 60 s passed.
  // The bonus list is read before its 500 ms debounced refetch (SPEC §4) replaces it with the
  // server's list, which has none of the pushed bonuses.
  const lastBalance = counts.balance;
  const figure = (s) => Number((s ?? "").replace(/[^\d.]/g, "")) || 0;
  const settleUntil = Date.now() + 60_000;
  while (Date.now() < settleUntil) {
    const shown = figure(await page.getByTestId("header-balance").textContent());
    if (shown === lastBalance && (await unread()) - unreadBefore >= counts.note) break;
    await sleep(20);
  }
  const settledMs = Date.now() - t0;
  if (process.env.PUSH_TRACE) await browser.stopTracing();
  await sleep(300);
  const m = await page.evaluate(() => {
    const b = window.__bench;
    b.stop = true;
    return { frames: b.frames.slice(1), long: b.long.filter((l) => l.start >= b.start), bonusMax: b.bonusMax, bonusSeen: b.bonusIds.size, balances: b.balances };
  });
  const unreadAfter = await unread();
  const shownBalance = figure(await page.getByTestId("header-balance").textContent());
  await sleep(800);
  const bonusAfterRefetch = await page.locator("[data-testid=bonus-list] > *").count();
  const toasts = await page.getByRole("status").or(page.getByRole("alert")).count();

  // Applied: the balance figure k (1..n) means pushes 1..k landed (each replaces the last, so
  // the ones between are not seen one by one) and k+1..n did not; each unread message and
  // each listed bonus is one push.
  const seen = m.balances.map(figure);
  const ordered = seen.every((v, i) => i === 0 || v === 0 || v >= seen[i - 1]);
  const applied = {
    balance: Math.min(shownBalance, counts.balance),
    note: Math.min(unreadAfter - unreadBefore, counts.note),
    bonus: Math.min(m.bonusSeen, counts.bonus),
  };
  const appliedAll = applied.balance + applied.note + applied.bonus;
  const lost = total - appliedAll;
  const frames = [...m.frames].sort((a, b) => a - b);
  const p = (q) => (frames.length ? frames[Math.min(frames.length - 1, Math.floor((frames.length - 1) * q))] : 0);
  const longest = m.long.reduce((a, l) => Math.max(a, l.duration), 0);
  const longTotal = m.long.reduce((a, l) => a + l.duration, 0);

  console.log(`push: published ${counts.balance} balance, ${counts.bonus} bonus, ${counts.note} notification pushes in ${sentMs} ms (target ${span} ms); the sandbox delivered ${delivered} to a socket; page settled ${settledMs} ms after the first`);
  console.log(`push: balance: header shows ${shownBalance.toFixed(2)}, last published ${lastBalance.toFixed(2)} -> ${applied.balance} applied; ${seen.length} figures seen in frames, in order: ${ordered ? "yes" : "NO"} (intermediate pushes are replaced, not shown one by one)`);
  console.log(`push: notifications: bell unread ${unreadBefore} -> ${unreadAfter} (+${unreadAfter - unreadBefore} of ${counts.note} pushed)`);
  console.log(`push: bonuses: ${m.bonusSeen} distinct put in the list of ${counts.bonus} pushed, up to ${m.bonusMax} listed in one frame (a pause of 500 ms in the burst lets the debounced refetch put back the server's list; after it ${bonusAfterRefetch} listed, the server's own); ${toasts} status/alert regions in the page at the end`);
  console.log(`push: ${frames.length} frames over the burst, frame time p50 ${p(0.5).toFixed(1)} ms, p95 ${p(0.95).toFixed(1)} ms, max ${(frames[frames.length - 1] ?? 0).toFixed(1)} ms; ${m.long.length} long tasks, ${longTotal.toFixed(0)} ms in all`);
  const missed = [];
  if (lost > 0) missed.push(`${lost} lost (goal 0)`);
  if (p(0.95) > 16) missed.push(`frame p95 ${p(0.95).toFixed(1)} ms (goal <= 16 ms)`);
  if (missed.length) console.log(`push: goal missed: ${missed.join("; ")}; 2-core shared machine, numbers vary run to run`);
  console.log(`push: ${appliedAll} applied, ${lost} lost, frame p95 ${p(0.95).toFixed(1)} ms, longest task ${longest.toFixed(0)} ms`);
} finally {
  await browser.close();
}
