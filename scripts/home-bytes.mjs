// What a first-visit guest's home route loads, in compressed bytes: loads `/` in Debian's
// Chromium (fresh profile, empty cache) against a sandbox serving app/dist, records every HTML,
// CSS, JS and wasm response and the encoding the sandbox answered it with, and prints gzip (-9)
// and brotli (q 11) sizes per file and in total. Fails when what was actually sent (the served
// encoding of each file) exceeds 300 KiB. Data files the page fetches (e.g. the phone plans)
// count too, if home asks for them. Run by scripts/home-bytes.sh.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { brotliCompressSync, gzipSync, constants } from "node:zlib";
import { createRequire } from "node:module";

const ROOT = resolve(import.meta.dirname, "..");
const require = createRequire(join(ROOT, "tests", "package.json"));
const { chromium } = require("playwright-core");
const DIST = join(ROOT, "app", "dist");
const LIMIT = 300 * 1024;

const bin = process.env.SANDBOX_BIN ?? join(ROOT, "target", "release", "croupier-sandbox");
if (!existsSync(bin)) throw new Error(`no sandbox binary at ${bin}`);
const db = join(mkdtempSync(join(tmpdir(), "croupier-bytes-")), "sandbox.db");
const sandbox = spawn(bin, ["--port", "0", "--db", db, "--static", DIST], { stdio: ["ignore", "pipe", "ignore"] });
const base = await new Promise((ok, fail) => {
  let out = "";
  sandbox.stdout.on("data", (c) => {
    out += c;
    const m = out.match(/sandbox listening on (http:\/\/127\.0\.0\.1:\d+)/);
    if (m) ok(m[1]);
  });
  sandbox.on("exit", (code) => fail(new Error(`sandbox exited ${code}`)));
  setTimeout(() => fail(new Error("sandbox did not start")), 30_000);
});

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const loaded = new Map(); // path -> { kind, encoding }
try {
  const page = await browser.newPage();
  page.on("response", (r) => {
    const u = new URL(r.url());
    if (u.origin !== base || u.pathname.startsWith("/api/")) return;
    const type = r.request().resourceType();
    const path = u.pathname === "/" ? "/index.html" : u.pathname;
    const kind = path.endsWith(".wasm")
      ? "wasm"
      : type === "document" ? "html"
      : type === "stylesheet" ? "css"
      : type === "script" ? "js"
      : type === "fetch" || type === "xhr" ? "data" // e.g. the phone plans, if home asks for them
      : null;
    if (kind) loaded.set(path, { kind, encoding: r.headers()["content-encoding"] ?? "identity" });
  });
  await page.goto(`${base}/`, { waitUntil: "networkidle" });
  await page.getByTestId("preloader").waitFor({ state: "detached", timeout: 15_000 });
} finally {
  await browser.close();
  sandbox.kill("SIGTERM");
}

/** The precompressed file build_product wrote, or the same compression done here. */
function variant(path, ext, make) {
  const pre = join(DIST, `${path}.${ext}`);
  return existsSync(pre) ? readFileSync(pre).length : make(readFileSync(join(DIST, path))).length;
}
// Files the sandbox serves itself, not the build (the sportsbook provider's stand-in script,
// which the home's carousels may fetch once idle): a third party's bytes, listed apart.
for (const path of [...loaded.keys()]) {
  if (!existsSync(join(DIST, path))) {
    console.log(`not counted (not part of the build, a provider's): ${path}`);
    loaded.delete(path);
  }
}
const rows = [...loaded].map(([path, { kind, encoding }]) => {
  const raw = readFileSync(join(DIST, path)).length;
  const gz = variant(path, "gz", (b) => gzipSync(b, { level: 9 }));
  const br = variant(path, "br", (b) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  const served = encoding === "br" ? br : encoding === "gzip" ? gz : raw;
  return { path, kind, raw, gz, br, encoding, served };
});
rows.sort((a, b) => b.served - a.served);
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
console.log(`${"kind".padEnd(5)} ${"gzip".padStart(10)} ${"brotli".padStart(10)} ${"raw".padStart(10)}  sent as   path`);
for (const r of rows)
  console.log(`${r.kind.padEnd(5)} ${kib(r.gz).padStart(10)} ${kib(r.br).padStart(10)} ${kib(r.raw).padStart(10)}  ${r.encoding.padEnd(8)}  ${r.path}`);
const sum = (field, kind) => rows.filter((r) => !kind || r.kind === kind).reduce((s, r) => s + r[field], 0);
const [gz, br, served] = [sum("gz"), sum("br"), sum("served")];
const byKind = ["html", "css", "js", "wasm", "data"].map((k) => `${k} ${kib(sum("served", k))}`).join(", ");
const encodings = [...new Set(rows.map((r) => r.encoding))].join("+");
console.log(`total: gzip ${gz} bytes (${kib(gz)}), brotli ${br} bytes (${kib(br)}), raw ${kib(sum("raw"))}`);
console.log(
  `home-bytes: ${served} bytes sent (${kib(served)} as ${encodings}; ${byKind}); limit ${kib(LIMIT)}, ` +
    (served <= LIMIT ? `${kib(LIMIT - served)} headroom` : `${kib(served - LIMIT)} OVER`),
);
if (rows.length === 0 || !rows.some((r) => r.kind === "wasm")) {
  console.error("home-bytes: the page loaded no wasm; nothing measured");
  process.exit(1);
}
process.exit(served <= LIMIT ? 0 : 1);
