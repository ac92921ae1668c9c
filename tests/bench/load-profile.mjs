// Where a page's load spends the main thread: a V8 CPU profile of the first LOAD_MS (default
// 3000) after navigation, with Chromium's CPU slowed 4x as Lighthouse's mobile run assumes,
// printed as the functions with the most self time and the callers that lead to them. A tool
// for reading TBT (issue 28), not a benchmark: numbers only, no assertion. The product's build
// has no wasm names (wasm-split-cli drops the name section, wasm-opt --strip-debug the rest):
// to see them, build the core without `--features split`, run wasm-bindgen, then
// `wasm-opt -Oz -g` (binaryen writes names only with -g) and `vite build --minify false`
// against that pkg/. An app built with VITE_TRACE_STEPS=1 also marks the bridge's steps.
//   node load-profile.mjs <base url> [path] [top]
import { chromium } from "@playwright/test";

const [base, path = "/", topArg = "40"] = process.argv.slice(2);
const LOAD_MS = Number(process.env.LOAD_MS ?? 3000);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
try {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
  await cdp.send("Profiler.start");
  await page.goto(`${base}${path}`);
  await page.waitForTimeout(LOAD_MS);
  const { profile } = await cdp.send("Profiler.stop");
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const dt = new Map();
  profile.samples.forEach((id, i) => dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000));
  const name = (n) => `${n.callFrame.functionName || "(anon)"} ${n.callFrame.url.split("/").at(-1)}`;
  const self = new Map();
  const via = new Map();
  let total = 0;
  // FOCUS=name: only the samples under a function of that name (e.g. core_start, core_view).
  const focus = process.env.FOCUS;
  const under = (id) => {
    for (let p = id; p; p = parent.get(p)) if (byId.get(p).callFrame.functionName === focus) return true;
    return false;
  };
  for (const [id, ms] of dt) {
    const n = byId.get(id);
    if (focus && !under(id)) continue;
    if (["(idle)", "(program)", "(garbage collector)"].includes(n.callFrame.functionName)) {
      self.set(n.callFrame.functionName, (self.get(n.callFrame.functionName) ?? 0) + ms);
      continue;
    }
    total += ms;
    const k = name(n);
    self.set(k, (self.get(k) ?? 0) + ms);
    // The nearest JS caller of a wasm function (the bridge's export that led into the core).
    let p = parent.get(id);
    const chain = [];
    while (p && chain.length < 6) {
      const pn = byId.get(p);
      if (pn.callFrame.url && !pn.callFrame.url.includes("wasm")) {
        chain.push(pn.callFrame.functionName || "(anon)");
        if (chain.length >= 2) break;
      }
      p = parent.get(p);
    }
    const vk = `${chain.reverse().join(" > ")}`;
    via.set(vk, (via.get(vk) ?? 0) + ms);
  }
  const top = Number(topArg);
  console.log(`script time in ${LOAD_MS} ms at 4x: ${total.toFixed(0)} ms`);
  for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${v.toFixed(1).padStart(8)} ms  ${k}`);
  console.log("-- by the JS that led there --");
  for (const [k, v] of [...via].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`${v.toFixed(1).padStart(8)} ms  ${k}`);
} finally {
  await browser.close();
}
