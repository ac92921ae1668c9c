// What the home route loads, in compressed bytes: loads `/` in Debian's Chromium against a
// sandbox serving app/dist, records every HTML, CSS, JS and wasm response, and gzips (-9) the
// matching dist file. Run by scripts/home-bytes.sh.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { createRequire } from "node:module";

const ROOT = resolve(import.meta.dirname, "..");
const require = createRequire(join(ROOT, "tests", "package.json"));
const { chromium } = require("playwright-core");
const DIST = join(ROOT, "app", "dist");
const GOAL = 170 * 1024;

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
const loaded = new Map();
try {
  const page = await browser.newPage();
  page.on("response", (r) => {
    const u = new URL(r.url());
    if (u.origin !== base || u.pathname.startsWith("/api/")) return;
    const type = r.request().resourceType();
    const path = u.pathname === "/" ? "/index.html" : u.pathname;
    const kind = path.endsWith(".wasm") ? "wasm" : type === "document" ? "html" : type === "stylesheet" ? "css" : type === "script" ? "js" : null;
    if (kind) loaded.set(path, kind);
  });
  await page.goto(`${base}/`, { waitUntil: "networkidle" });
  await page.getByTestId("preloader").waitFor({ state: "detached", timeout: 15_000 });
} finally {
  await browser.close();
  sandbox.kill("SIGTERM");
}

const rows = [...loaded].map(([path, kind]) => {
  const bytes = readFileSync(join(DIST, path));
  return { path, kind, raw: bytes.length, gz: gzipSync(bytes, { level: 9 }).length };
});
rows.sort((a, b) => b.gz - a.gz);
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
for (const r of rows) console.log(`${r.kind.padEnd(5)} ${kib(r.gz).padStart(10)} gzip ${kib(r.raw).padStart(10)} raw  ${r.path}`);
const sum = (k) => rows.filter((r) => !k || r.kind === k).reduce((s, r) => s + r.gz, 0);
const total = sum();
console.log(
  `home-bytes: ${total} bytes gzip (${kib(total)}; html ${kib(sum("html"))}, css ${kib(sum("css"))}, js ${kib(sum("js"))}, wasm ${kib(sum("wasm"))}) — goal ${kib(GOAL)}, ${total <= GOAL ? "within" : `${kib(total - GOAL)} over`}`,
);
