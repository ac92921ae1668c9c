// The main thread's long tasks in a trace that scripts/lighthouse.sh kept (LH_OUT): each task
// of at least MIN ms (default 10; Lighthouse counts a task blocking once its simulated length,
// four times the observed one, passes 50 ms) after the first paint, with what took its time.
// Usage: node tasks.mjs DIR/wallet-signed-in.trace.json [MIN]
import { readFileSync } from "node:fs";

const [file, min = "10"] = process.argv.slice(2);
if (!file) throw new Error("usage: node tasks.mjs TRACE.json [MIN_MS]");
const trace = JSON.parse(readFileSync(file, "utf8"));
const events = Array.isArray(trace) ? trace : trace.traceEvents;
// The page's renderer main thread: the one that parsed the page (not a browser page).
const parse = events.filter((e) => e.name === "ParseHTML" && /^https?:/.test(e.args?.beginData?.url ?? "")).at(-1);
const main = events.filter((e) => e.pid === parse.pid && e.tid === parse.tid && e.ph === "X" && e.dur).sort((a, b) => a.ts - b.ts);
const paint = events.find((e) => e.name === "firstContentfulPaint" && e.pid === parse.pid)?.ts ?? main[0].ts;
const WHAT = new Set(["FunctionCall", "TimerFire", "RunMicrotasks", "EvaluateScript", "v8.evaluateModule", "Layout", "UpdateLayoutTree", "Paint", "PrePaint", "Commit", "MinorGC", "MajorGC", "ParseHTML", "EventDispatch"]);
// The page's own measures (performance.measure; an instrumented build labels its steps so),
// each listed under the task it ran in.
const begins = new Map();
const measures = [];
for (const e of events.filter((e) => e.cat?.includes("blink.user_timing"))) {
  const key = `${e.id2?.local ?? e.id}:${e.name}`;
  if (e.ph === "b") begins.set(key, e.ts);
  else if (e.ph === "e" && begins.has(key)) measures.push({ ts: begins.get(key), dur: e.ts - begins.get(key), name: e.name });
}
let blocking = 0;
for (const task of main.filter((e) => e.name === "RunTask" && e.dur >= Number(min) * 1000 && e.ts >= paint)) {
  const end = task.ts + task.dur;
  const spent = new Map();
  for (const e of main) {
    if (e === task || e.ts < task.ts || e.ts + e.dur > end || !WHAT.has(e.name)) continue;
    const url = e.args?.data?.url?.split("/").at(-1);
    const key = e.name === "FunctionCall" && url ? `${e.name} ${url}` : e.name;
    spent.set(key, (spent.get(key) ?? 0) + e.dur / 1000);
  }
  blocking += Math.max(0, (task.dur / 1000) * 4 - 50);
  const top = [...spent].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, v]) => `${k} ${v.toFixed(1)}`);
  console.log(`+${((task.ts - paint) / 1000).toFixed(0)} ms: ${(task.dur / 1000).toFixed(1)} ms (${top.join(", ")})`);
  for (const m of measures.filter((m) => m.ts >= task.ts && m.ts < end)) console.log(`    ${(m.dur / 1000).toFixed(1)} ms ${m.name.slice(0, 110)}`);
}
console.log(`observed x4 over 50 ms, summed: ${blocking.toFixed(0)} ms (Lighthouse simulates the page, so its TBT differs)`);
