#!/usr/bin/env bash
# Every test of the project. Installs what it needs; ends with "N passed, N failed".
source "$(dirname "$0")/lib.sh"
set +e
cd "$ROOT"
LOGDIR="$ROOT/target/test-logs"
mkdir -p "$LOGDIR"
PASSED=0
FAILED=0
FAILED_STEPS=()

# Count test cases from a log: cargo/wasm-bindgen-test "test result:" lines.
count_rust() {
  local log="$1" p f
  p=$(grep -Eo 'test result: [A-Za-z]+\. [0-9]+ passed' "$log" | awk '{s+=$4} END {print s+0}')
  f=$(grep -Eo '[0-9]+ failed;' "$log" | awk '{s+=$1} END {print s+0}')
  echo "$p $f"
}
count_line() { # a tool's own "N passed, N failed" line
  grep -Eo '[0-9]+ passed, [0-9]+ failed' "$1" | tail -1 | awk '{print $1, $3}' | grep . || echo "0 0"
}
count_json() { # vitest / playwright JSON report -> "passed failed"
  node -e '
    const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
    if (r.stats) console.log((r.stats.expected ?? 0) + (r.stats.flaky ?? 0), r.stats.unexpected ?? 0);
    else console.log(r.numPassedTests ?? 0, (r.numFailedTests ?? 0));
  ' "$1" 2>/dev/null || echo "0 0"
}

# step NAME COUNTER CMD...: run, count, and record. COUNTER is rust|json:FILE|one.
step() {
  local name="$1" counter="$2"; shift 2
  local log="$LOGDIR/$name.log" rc p f
  log "$name"
  "$@" >"$log" 2>&1
  rc=$?
  case "$counter" in
    rust) read -r p f < <(count_rust "$log") ;;
    json:*) read -r p f < <(count_json "${counter#json:}") ;;
    line) read -r p f < <(count_line "$log") ;;
    *) p=0 f=0 ;;
  esac
  if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; fi
  if [ "$rc" -eq 0 ] && [ "$p" -eq 0 ]; then p=1; fi
  PASSED=$((PASSED + p))
  FAILED=$((FAILED + f))
  if [ "$rc" -ne 0 ]; then
    FAILED_STEPS+=("$name")
    tail -n 60 "$log"
    echo "--- $name FAILED (full log: ${log#"$ROOT"/})"
  else
    echo "    $name: $p passed"
  fi
  return "$rc"
}

setup() {
  ensure_wasm_tools && ensure_browsers && build_product && ensure_npm "$ROOT/tests" &&
    { [ ! -f "$ROOT/tests/interop/package.json" ] || ensure_npm "$ROOT/tests/interop"; } &&
    cargo build --release -q -p croupier-sandbox
}

step setup one setup || { echo "0 passed, 1 failed"; exit 1; }
step fmt one cargo fmt --all --check
step clippy one cargo clippy --workspace --all-targets -q -- -D warnings
step clippy-wasm one cargo clippy -p croupier-core --target wasm32-unknown-unknown --all-targets -q -- -D warnings
step cargo-test rust cargo test --workspace -q
step size-gate one "$ROOT/scripts/size-gate.sh"
cat "$LOGDIR/size-gate.log"
step home-bytes one env SKIP_BUILD=1 "$ROOT/scripts/home-bytes.sh"
cat "$LOGDIR/home-bytes.log"
step wasm-chrome rust bash -c "cd core && wasm-pack test --headless --chrome"
step wasm-firefox rust bash -c "cd core && wasm-pack test --headless --firefox"
step app-tsc one bash -c "cd app && npm run typecheck --silent"
step app-lint one bash -c "cd app && npm run lint --silent"
step app-vitest "json:$LOGDIR/vitest.json" bash -c "cd app && npx vitest run --reporter=default --reporter=json --outputFile='$LOGDIR/vitest.json'"
step tests-tsc one bash -c "cd tests && npx tsc --noEmit -p ."
step e2e "json:$LOGDIR/playwright.json" bash -c "cd tests && PLAYWRIGHT_JSON_OUTPUT_NAME='$LOGDIR/playwright.json' npx playwright test --reporter=list,json"
step e2e-firefox "json:$LOGDIR/firefox.json" bash -c "rm -f '$LOGDIR/firefox.json'; cd tests && PLAYWRIGHT_JSON_OUTPUT_NAME='$LOGDIR/firefox.json' npx playwright test --config firefox.config.ts --reporter=list,json"
if [ -f "$ROOT/tests/interop/package.json" ]; then
  step interop line bash -c "cd tests/interop && SANDBOX_BIN='$ROOT/target/release/croupier-sandbox' npm test --silent"
fi

[ "${#FAILED_STEPS[@]}" -eq 0 ] || echo "failed steps: ${FAILED_STEPS[*]}"
echo "$PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
