#!/usr/bin/env node
// test-counts.mjs LOGDIR: the number of tests of every test binary and spec file, compared
// with the counts recorded in scripts/test-counts.tsv (issue 31). A binary or file that had
// tests and now has fewer (or is gone) fails the check: a suite cannot lose tests silently
// while its step stays green. More tests pass and are listed; UPDATE_TEST_COUNTS=1 records
// the counts of this run (a deliberate change, reviewed in the diff).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const ROOT = join(here, "..");
const RECORD = join(here, "test-counts.tsv");
const logs = process.argv[2] ?? join(ROOT, "target", "test-logs");

/** cargo test output: "Running tests/x.rs (…/deps/x-hash)" then its "test result: … N passed".
 * In the workspace run the package is the one whose unit tests ran last (cargo runs package by
 * package); the browser runs hold the core's `web` binary only, named without it. */
function rustCounts(file, layer, workspace = false) {
  const out = new Map();
  if (!existsSync(file)) return out;
  let pkg = "";
  let current = null;
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const run = /^\s*Running (.+?) \((.+)\)\s*$/.exec(line);
    const doc = /^\s*Doc-tests (\S+)/.exec(line);
    if (run) {
      const bin = run[2].split("/").pop().replace(/-[0-9a-f]+(\.wasm)?$/, "");
      if (run[1].startsWith("unittests")) pkg = bin;
      current = workspace ? `${pkg}:${run[1]}` : run[1];
    } else if (doc) {
      current = `${doc[1]}:doc-tests`;
    }
    // A binary of modules (`tests/NAME/main.rs`, one per layer: issue 31) is counted per module
    // file, so a suite inside it cannot lose tests unseen either.
    // A test of main.rs itself (no module) counts under main.rs.
    const test = /^test (?:(\w+)::)?\S+ \.\.\. (ok|FAILED|ignored)/.exec(line);
    if (test && current?.endsWith("/main.rs")) {
      const key = `${layer}\t${test[1] ? current.replace(/main\.rs$/, `${test[1]}.rs`) : current}`;
      out.set(key, (out.get(key) ?? 0) + 1);
      continue;
    }
    const result = /test result: \w+\. (\d+) passed; (\d+) failed; (\d+) ignored/.exec(line);
    if (result && current?.endsWith("/main.rs")) {
      current = null;
    } else if (result && current) {
      const n = Number(result[1]) + Number(result[2]) + Number(result[3]);
      out.set(`${layer}\t${current}`, (out.get(`${layer}\t${current}`) ?? 0) + n);
      current = null;
    }
  }
  return out;
}

/** Playwright JSON report: tests per spec file. */
function playwrightCounts(file, layer) {
  const out = new Map();
  if (!existsSync(file)) return out;
  const walk = (suite, path) => {
    const f = suite.file ?? path;
    for (const spec of suite.specs ?? []) {
      const key = `${layer}\t${f}`;
      out.set(key, (out.get(key) ?? 0) + (spec.tests?.length ?? 0));
    }
    for (const s of suite.suites ?? []) walk(s, f);
  };
  for (const s of JSON.parse(readFileSync(file, "utf8")).suites ?? []) walk(s, s.file);
  return out;
}

/** Vitest JSON report: tests per file. */
function vitestCounts(file, layer) {
  const out = new Map();
  if (!existsSync(file)) return out;
  for (const r of JSON.parse(readFileSync(file, "utf8")).testResults ?? []) {
    // Named from the app folder, so logs written by another checkout (a CI clone) read alike.
    const at = r.name.lastIndexOf("/app/src/");
    const name = at >= 0 ? r.name.slice(at + 1) : relative(ROOT, r.name);
    out.set(`${layer}\t${name}`, r.assertionResults?.length ?? 0);
  }
  return out;
}

const now = new Map([
  ...rustCounts(join(logs, "cargo-test.log"), "native", true),
  ...rustCounts(join(logs, "wasm-chrome.log"), "wasm-chrome"),
  ...rustCounts(join(logs, "wasm-firefox.log"), "wasm-firefox"),
  ...vitestCounts(join(logs, "vitest.json"), "vitest"),
  ...playwrightCounts(join(logs, "playwright.json"), "e2e"),
  ...playwrightCounts(join(logs, "firefox.json"), "e2e-firefox"),
]);

if (process.env.UPDATE_TEST_COUNTS === "1") {
  const lines = [...now].filter(([, n]) => n > 0).sort(([a], [b]) => a.localeCompare(b));
  writeFileSync(RECORD, `# layer\tbinary or file\ttests (scripts/test-counts.mjs; UPDATE_TEST_COUNTS=1 to record)\n${lines.map(([k, n]) => `${k}\t${n}`).join("\n")}\n`);
  console.log(`test-counts: recorded ${lines.length} binaries and files in ${relative(ROOT, RECORD)}`);
  process.exit(0);
}

const recorded = new Map(
  (existsSync(RECORD) ? readFileSync(RECORD, "utf8") : "")
    .split("\n")
    .filter((l) => l && !l.startsWith("#"))
    .map((l) => {
      const cut = l.lastIndexOf("\t");
      return [l.slice(0, cut), Number(l.slice(cut + 1))];
    }),
);
if (recorded.size === 0) {
  console.log("test-counts: nothing recorded (run with UPDATE_TEST_COUNTS=1)");
  process.exit(1);
}
const lost = [];
const grew = [];
for (const [key, was] of recorded) {
  const n = now.get(key) ?? 0;
  if (n < was) lost.push(`${key.replace("\t", " ")}: ${n} tests, ${was} recorded`);
}
for (const [key, n] of now) {
  const was = recorded.get(key) ?? 0;
  if (n > was) grew.push(`${key.replace("\t", " ")}: ${n} tests, ${was} recorded`);
}
for (const g of grew) console.log(`  more: ${g}`);
for (const l of lost) console.log(`  FEWER: ${l}`);
console.log(`test-counts: ${now.size} binaries and files, ${lost.length} with fewer tests than recorded, ${grew.length} with more`);
process.exit(lost.length ? 1 : 0);
