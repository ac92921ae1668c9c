// Search bench (issue 11): the core's games search (wasm, feature bench-search) against
// Fuse.js and uFuzzy on the same 20,000-game catalogue and the same labelled queries, in Node
// and in headless Chromium. Prints numbers; asserts nothing. Run by scripts/bench-search.sh:
//   node search-bench.mjs <pages.jsonl> <pkg dir (wasm-pack --target web)>
import { createServer } from "node:http";
import { readFileSync } from "node:fs";
import { extname, join, resolve } from "node:path";
import Fuse from "fuse.js";
import uFuzzy from "@leeoniya/ufuzzy";
import { chromium } from "@playwright/test";
import { engines, readCatalogue, run, slug } from "./search-core.mjs";

const [catPath, pkgDir] = process.argv.slice(2);
const ROOT = resolve(import.meta.dirname, "..", "..");
const text = readFileSync(catPath, "utf8");
const games = readCatalogue(text, slug);
// The labelled queries whose game is in the catalogue: all 200 on the sandbox's 20,000 games,
// fewer on a cut one (BENCH_SEARCH_PAGES), so that recall stays a measure of the search.
const have = new Set(games.map((g) => g.identity));
const queries = JSON.parse(readFileSync(join(import.meta.dirname, "search-queries.json"), "utf8")).filter((q) => have.has(q.expect));
if (queries.length === 0) throw new Error(`none of the labelled queries' games is among the ${games.length} games read`);

function line(where, r) {
  const f = (x) => x.toFixed(3);
  for (const [name, s] of Object.entries(r)) {
    const mem = s.memBytes > 0 ? `${(s.memBytes / 1048576).toFixed(1)} MiB` : "n/a";
    console.log(
      `  ${where.padEnd(8)} ${name.padEnd(7)} p50 ${f(s.p50)} ms  p95 ${f(s.p95)} ms  (${s.n} keystrokes)  build ${s.buildMs.toFixed(0)} ms  memory ${mem}  recall@10 ${s.recall.toFixed(1)}`,
    );
  }
}

// Node.
const pkg = await import(join(resolve(pkgDir), "croupier_core.js"));
pkg.initSync({ module: readFileSync(join(resolve(pkgDir), "croupier_core_bg.wasm")) });
const wasmMem = () => pkg.__wasm?.memory?.buffer.byteLength ?? 0;
console.log(`search bench: ${games.length} games, ${queries.length} labelled queries`);
global.gc?.();
const nodeResult = run(
  engines({ SearchBench: pkg.SearchBench, Fuse, uFuzzy, text, games }),
  queries,
  () => performance.now(),
  () => process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers + wasmMem(),
);
line("node", nodeResult);

// Headless Chromium: the same modules served from the repo.
const types = { ".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm", ".json": "application/json", ".html": "text/html" };
const server = createServer((req, res) => {
  const path = decodeURIComponent(new URL(req.url, "http://x").pathname);
  let file;
  if (path === "/pages.jsonl") file = resolve(catPath);
  else if (path === "/queries.json") {
    res.writeHead(200, { "content-type": "application/json", "cross-origin-resource-policy": "same-origin" });
    res.end(JSON.stringify(queries));
    return;
  }
  else if (path.startsWith("/pkg/")) file = join(resolve(pkgDir), path.slice(5));
  else file = join(ROOT, path);
  try {
    const body = readFileSync(file);
    res.writeHead(200, { "content-type": types[extname(file)] ?? "text/plain", "cross-origin-opener-policy": "same-origin", "cross-origin-embedder-policy": "require-corp" });
    res.end(body);
  } catch {
    res.writeHead(404);
    res.end();
  }
});
await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
const port = server.address().port;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--enable-precise-memory-info"],
});
try {
  const page = await browser.newPage();
  page.setDefaultTimeout(900_000);
  await page.goto(`http://127.0.0.1:${port}/tests/bench/browser.html`);
  // The page's module sets benchDone after its awaits (the core, ~10 MB of pages), which can
  // end after the load event that goto waits for.
  await page.waitForFunction(() => window.benchDone !== undefined);
  const browserResult = await page.evaluate(() => window.benchDone);
  const read = await page.evaluate(() => window.benchRead);
  line("chromium", browserResult);
  const c = browserResult.core, fz = browserResult.fuse, u = browserResult.ufuzzy;
  console.log(
    `search: core p95 ${c.p95.toFixed(3)} ms, fuse.js p95 ${fz.p95.toFixed(3)} ms (${(fz.p95 / c.p95).toFixed(0)}× faster), uFuzzy p95 ${u.p95.toFixed(3)} ms, recall@10 core ${c.recall.toFixed(1)} fuse.js ${fz.recall.toFixed(1)}; core indexed ${c.items} of ${read.games} games, ${read.queries} queries`,
  );
} finally {
  await browser.close();
  server.close();
}
