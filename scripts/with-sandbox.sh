#!/usr/bin/env bash
# with-sandbox.sh CMD...: run CMD with a throwaway release sandbox (--control with CORS, as
# the browser tests call it from their own port, --outbox, --test-limits, in-memory DB, free port) whose address is in CROUPIER_SANDBOX_URL; the sandbox stops when CMD ends.
# The core's browser tests (core/tests/web/sandbox.rs) read that address at compile time.
set -uo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BIN="${SANDBOX_BIN:-$ROOT/target/release/croupier-sandbox}"
[ -x "$BIN" ] || { echo "with-sandbox: no sandbox at $BIN (cargo build --release -p croupier-sandbox)" >&2; exit 1; }
out="$(mktemp)"
"$BIN" --port 0 --db :memory: --control --control-cors --outbox --fast-hash --test-limits >"$out" 2>&1 &
pid=$!
trap 'kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; rm -f "$out"' EXIT
url=""
for _ in $(seq 1 300); do
  url="$(sed -n 's/.*sandbox listening on \(http:\/\/127\.0\.0\.1:[0-9]*\).*/\1/p' "$out" | head -1)"
  [ -n "$url" ] && break
  kill -0 "$pid" 2>/dev/null || { cat "$out" >&2; echo "with-sandbox: the sandbox exited" >&2; exit 1; }
  sleep 0.1
done
[ -n "$url" ] || { cat "$out" >&2; echo "with-sandbox: the sandbox did not start" >&2; exit 1; }
echo "with-sandbox: $url" >&2
export CROUPIER_SANDBOX_URL="$url"
# The timeout test alone waits 10 s; the runner's default budget for a test binary is 20 s.
export WASM_BINDGEN_TEST_TIMEOUT="${WASM_BINDGEN_TEST_TIMEOUT:-180}"
"$@"
