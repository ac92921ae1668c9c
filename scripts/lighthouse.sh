#!/usr/bin/env bash
# Lighthouse (mobile, the default form factor) on home as a guest and on /wallet and /profile
# signed in as the seeded demo player, against the release sandbox serving app/dist: prints
# performance, FCP, LCP, TBT and CLS for each run (goal: >= 95, LCP <= 2.0 s, TBT <= 100 ms,
# CLS <= 0.02); LH_RUNS=5 adds each page's median of five runs, LH_PAGES=home,wallet picks
# pages. Debian's Chromium (CHROME_PATH, default /usr/bin/chromium) and the npm lighthouse in
# tools/lighthouse (npm ci). SKIP_BUILD=1 measures the current app/dist; LH_OUT=DIR keeps the
# JSON reports. In the test command only as a smoke: LH_PAGES=home, one run
# (scripts/bench-smoke.sh lighthouse). Last line: `lighthouse NAME (mobile, URL): performance N, …`
# (with LH_RUNS > 1, the medians come last).
source "$(dirname "$0")/lib.sh"
if [ -z "${SKIP_BUILD:-}" ]; then
  build_product
  cargo build --release -q -p croupier-sandbox
fi
ensure_browsers
ensure_npm "$ROOT/tools/lighthouse"
export CHROME_PATH="${CHROME_PATH:-/usr/bin/chromium}"
BIN="${SANDBOX_BIN:-$ROOT/target/release/croupier-sandbox}"
WORK="$(mktemp -d)"
# The log exists before the server starts: the loop below reads it at once, and sed on a file
# the background shell has not created yet fails with status 2 (the smoke's one unexplained
# exit, session 42).
: >"$WORK/sandbox.log"
"$BIN" --port 0 --db "$WORK/sandbox.db" --static "$ROOT/app/dist" >"$WORK/sandbox.log" 2>&1 &
PID=$!
trap 'kill "$PID" 2>/dev/null; rm -rf "$WORK"' EXIT
URL=""
for _ in $(seq 1 100); do
  URL="$(sed -n 's/^sandbox listening on \(http:.*\)$/\1/p' "$WORK/sandbox.log")"
  [ -n "$URL" ] && break
  sleep 0.1
done
[ -n "$URL" ] || { cat "$WORK/sandbox.log" >&2; exit 1; }
(cd "$ROOT/tools/lighthouse" && node run.mjs "$URL" "$WORK")
# LH_OUT=DIR keeps the JSON reports and traces (home-guest.json, home-guest.trace.json, wallet-…).
if [ -n "${LH_OUT:-}" ]; then mkdir -p "$LH_OUT" && cp "$WORK"/*.json "$LH_OUT"/ && log "reports in $LH_OUT"; fi
