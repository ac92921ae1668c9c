#!/usr/bin/env node
// Issue 29, "served and called": which SPEC §7 calls (docs/spec-calls.tsv) the client made
// during the test run's e2e steps. The sandbox logs one line per request (`sandbox: METHOD
// PATH STATUS TIME trace=ID`); the core sends a trace id with every call it makes and the
// tests' own set-up requests send none, so a line with a trace id is a call the product made.
// The socket is opened by the browser (no header to carry a trace): its upgrade counts.
// Served is the sandbox's test (`sandbox/tests/api/spec_calls.rs`).
// Usage: spec-calls.mjs LOGDIR. Last line: `spec calls: called N/M by the client in e2e`.
import { readFileSync, existsSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const logdir = process.argv[2] || join(root, "target/test-logs");
const rows = readFileSync(join(root, "docs/spec-calls.tsv"), "utf8")
  .split("\n")
  .filter((l) => l.trim() && !l.startsWith("#"))
  .map((l) => {
    const [method, path] = l.split("\t");
    const re = new RegExp("^" + path.replace(/\{[^}]+\}/g, "[^/]+") + "$");
    return { method, path, re, hits: 0 };
  });

let lines = 0;
for (const name of ["e2e.log", "e2e-firefox.log"]) {
  const file = join(logdir, name);
  if (!existsSync(file)) continue;
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const m = /^sandbox: ([A-Z]+) (\S+) \d{3} \d+ms(?: trace=([0-9a-f]{32}))?$/.exec(line);
    if (!m) continue;
    const [, method, full, trace] = m;
    const path = full.split("?")[0];
    const socket = path === "/api/connection/websocket";
    if (!trace && !socket) continue;
    lines++;
    for (const r of rows) if (r.method === method && r.re.test(path)) r.hits++;
  }
}
if (lines === 0) {
  console.log(`spec calls: no client call found in ${logdir}/e2e*.log`);
  process.exit(1);
}
const missed = rows.filter((r) => r.hits === 0);
for (const r of missed) console.log(`not called in e2e: ${r.method} ${r.path}`);
console.log(`spec calls: called ${rows.length - missed.length}/${rows.length} by the client in e2e (${lines} client requests)`);
