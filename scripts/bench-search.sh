#!/usr/bin/env bash
# Games search bench (issue 11): the core's in-client search against Fuse.js and uFuzzy (npm,
# tests/node_modules) on the sandbox's 20,000 games (the SPEC §7 `games` pages the core's index is built from) and the 200 labelled queries of
# tests/bench/search-queries.json, in Node and in headless Chromium. Prints p50/p95 per
# keystroke, index build time, memory and recall@10; asserts nothing (numbers, not a test).
# The core's search is built to wasm with the feature bench-search (`release` profile by
# default; BENCH_PROFILE=wasm-release for the product's profile).
# BENCH_SEARCH_PAGES=N indexes only the first N pages of 200 games (the test command's smoke:
# 2 pages, 400 games, debug profile), and the labelled queries whose game is among them.
# Last line: `search: core p95 X ms, fuse.js p95 Y ms (Z× faster), uFuzzy p95 W ms, recall@10 core A fuse.js B;
# core indexed N of G games, Q queries` (in Chromium: N the games the core's index holds, G
# the games the pages carry, Q the labelled queries run).
source "$(dirname "$0")/lib.sh"
set -euo pipefail
ensure_wasm_bindgen
ensure_npm "$ROOT/tests"
ensure_browsers # Debian chromium, which the bench drives
work="$ROOT/target/bench-search"
mkdir -p "$work"
profile="${BENCH_PROFILE:-release}"
# cargo and the pinned wasm-bindgen CLI (what wasm-pack --target web did, without installing
# wasm-pack from source on first use; the product build uses the same two tools).
log "building the core's search for the bench ($profile)"
(cd "$ROOT" && cargo build -p croupier-core --lib --target wasm32-unknown-unknown --profile "$profile" \
  --features bench-search) >"$work/build.log" 2>&1 || { tail -30 "$work/build.log"; exit 1; }
dir=$profile; [ "$profile" = dev ] && dir=debug
rm -rf "$work/pkg"
wasm-bindgen --target web --out-dir "$work/pkg" --out-name croupier_core \
  "${CARGO_TARGET_DIR:-$ROOT/target}/wasm32-unknown-unknown/$dir/croupier_core.wasm" \
  >>"$work/build.log" 2>&1 || { tail -30 "$work/build.log"; exit 1; }
log "the games from a sandbox: every SPEC §7 games page, as the core's index sweep asks"
cargo build --release -p croupier-sandbox >"$work/sandbox-build.log" 2>&1 || { tail -30 "$work/sandbox-build.log"; exit 1; }
port=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
"$ROOT/target/release/croupier-sandbox" --port "$port" --db :memory: --fast-hash >"$work/sandbox.log" 2>&1 &
sandbox=$!
trap 'kill "$sandbox" 2>/dev/null || true' EXIT
per=200
url="http://127.0.0.1:$port/api/game/games?page=1&perPage=$per"
for _ in $(seq 1 100); do curl -fs "$url" -o "$work/page1.json" && break; sleep 0.2; done
pages=$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1])).meta.totalPages)' "$work/page1.json")
if [ -n "${BENCH_SEARCH_PAGES:-}" ] && [ "$BENCH_SEARCH_PAGES" -lt "$pages" ]; then pages=$BENCH_SEARCH_PAGES; fi
: >"$work/pages.jsonl"
raw=0; gz=0; biggest=0
for p in $(seq 1 "$pages"); do
  curl -fs "http://127.0.0.1:$port/api/game/games?page=$p&perPage=$per" -o "$work/page.json"
  n=$(wc -c <"$work/page.json"); raw=$((raw + n)); [ "$n" -gt "$biggest" ] && biggest=$n
  gz=$((gz + $(gzip -c "$work/page.json" | wc -c)))
  cat "$work/page.json" >>"$work/pages.jsonl"; echo >>"$work/pages.jsonl"
done
kill "$sandbox" 2>/dev/null || true
# A cut catalogue is a whole one of fewer games: its pages say so (the core's sweep reads
# totalPages to know the last page).
if [ -n "${BENCH_SEARCH_PAGES:-}" ]; then
  node -e '
    const fs = require("fs");
    const pages = fs.readFileSync(process.argv[1], "utf8").split("\n").filter((l) => l.trim() !== "").map((l) => JSON.parse(l));
    const rows = pages.reduce((n, p) => n + p.data.length, 0);
    for (const p of pages) p.meta = { ...p.meta, totalPages: pages.length, totalRows: rows };
    fs.writeFileSync(process.argv[1], pages.map((p) => JSON.stringify(p)).join("\n") + "\n");
  ' "$work/pages.jsonl"
fi
awk -v p="$pages" -v r="$raw" -v g="$gz" -v b="$biggest" 'BEGIN { printf "index download: %d games pages of 200, %.0f KiB raw, %.0f KiB gzip, the biggest %.0f KiB\n", p, r / 1024, g / 1024, b / 1024 }'
cd "$ROOT/tests/bench" && node --expose-gc search-bench.mjs "$work/pages.jsonl" "$work/pkg"
