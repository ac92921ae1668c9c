#!/usr/bin/env bash
# Lighthouse (mobile, the default form factor) on the home page served by the sandbox: prints
# the category scores and the main timings. Not part of the test command. Uses Debian's
# Chromium (CHROME_PATH, default /usr/bin/chromium) and the npm lighthouse in tools/lighthouse.
# SKIP_BUILD=1 measures the current app/dist; LH_PATH picks another page (default /).
source "$(dirname "$0")/lib.sh"
if [ -z "${SKIP_BUILD:-}" ]; then
  build_product
  cargo build --release -q -p croupier-sandbox
fi
ensure_npm "$ROOT/tools/lighthouse"
export CHROME_PATH="${CHROME_PATH:-/usr/bin/chromium}"
BIN="${SANDBOX_BIN:-$ROOT/target/release/croupier-sandbox}"
WORK="$(mktemp -d)"
"$BIN" --port 0 --db "$WORK/sandbox.db" --static "$ROOT/app/dist" >"$WORK/sandbox.log" 2>&1 &
PID=$!
trap 'kill "$PID" 2>/dev/null; rm -rf "$WORK"' EXIT
for _ in $(seq 1 100); do
  URL="$(sed -n 's/^sandbox listening on \(http:.*\)$/\1/p' "$WORK/sandbox.log")"
  [ -n "$URL" ] && break
  sleep 0.1
done
[ -n "$URL" ] || { cat "$WORK/sandbox.log" >&2; exit 1; }
"$ROOT/tools/lighthouse/node_modules/.bin/lighthouse" "$URL${LH_PATH:-/}" \
  --quiet --output=json --output-path="$WORK/report.json" \
  --only-categories=performance,accessibility,best-practices,seo \
  --chrome-flags="--headless --no-sandbox --disable-gpu --disable-dev-shm-usage --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync --user-data-dir=$WORK/chrome"
node -e '
  const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  const c = r.categories, a = r.audits;
  const s = (k) => Math.round((c[k]?.score ?? 0) * 100);
  console.log(`lighthouse (mobile, ${r.finalDisplayedUrl}): performance ${s("performance")}, accessibility ${s("accessibility")}, best practices ${s("best-practices")}, seo ${s("seo")}`);
  for (const k of ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index"])
    console.log(`  ${a[k].title}: ${a[k].displayValue}`);
' "$WORK/report.json"
