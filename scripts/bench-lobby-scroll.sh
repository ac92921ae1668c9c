#!/usr/bin/env bash
# Lobby scroll bench (issue 11): frame times while a category page's virtualised grid scrolls
# over 2,000 tiles, in headless Chromium, against a release sandbox serving app/dist. Prints
# numbers; asserts nothing. Needs a built app (scripts/lib.sh build_product).
source "$(dirname "$0")/lib.sh"
set -euo pipefail
ensure_npm "$ROOT/tests"
ensure_browsers # Debian chromium, which the bench drives
[ -f "$ROOT/app/dist/index.html" ] || { echo "app/dist missing: run build_product first" >&2; exit 1; }
cargo build --release -p croupier-sandbox >/dev/null 2>&1
port=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
"$ROOT/target/release/croupier-sandbox" --port "$port" --db :memory: --fast-hash --static "$ROOT/app/dist" >/dev/null 2>&1 &
sandbox=$!
trap 'kill "$sandbox" 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do curl -fs "http://127.0.0.1:$port/" -o /dev/null && break; sleep 0.2; done
cd "$ROOT/tests/bench" && node lobby-scroll.mjs "http://127.0.0.1:$port"
