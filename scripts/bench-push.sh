#!/usr/bin/env bash
# Push burst bench (issue 29): 1,000 balance, bonus and notification pushes published in about
# one second through a release sandbox's control API to a signed-in page in headless Chromium;
# counts what the page applied and measures its frames and long tasks. Prints numbers; asserts
# nothing. Its last line: `push: N applied, M lost, frame p95 X ms, longest task Y ms`.
# Needs a built app (scripts/lib.sh build_product). PUSH_TOTAL (default 1000) and PUSH_MS
# (default 1000) change the burst (the test command's smoke runs a small one). PUSH_DIST serves
# another built app (a copy of an older app/dist, for a before/after on the same machine).
source "$(dirname "$0")/lib.sh"
set -euo pipefail
ensure_npm "$ROOT/tests"
ensure_browsers # Debian chromium, which the bench drives
dist="${PUSH_DIST:-$ROOT/app/dist}"
[ -f "$dist/index.html" ] || { echo "$dist/index.html missing: run build_product first" >&2; exit 1; }
cargo build --release -p croupier-sandbox >/dev/null 2>&1
port=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
"$ROOT/target/release/croupier-sandbox" --port "$port" --db :memory: --fast-hash --control --static "$dist" >/dev/null 2>&1 &
sandbox=$!
trap 'kill "$sandbox" 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do curl -fs "http://127.0.0.1:$port/" -o /dev/null && break; sleep 0.2; done
cd "$ROOT/tests/bench" && node push-burst.mjs "http://127.0.0.1:$port"
