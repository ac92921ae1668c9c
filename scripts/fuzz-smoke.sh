#!/usr/bin/env bash
# Builds every fuzz target (core/fuzz) on stable Rust and runs each on a few thousand inputs, so
# the targets cannot rot between fuzzing sessions. Part of the test command (a check, not a test
# suite). Real fuzzing is scripts/fuzz.sh (cargo-fuzz, longer runs). The build carries
# libFuzzer's coverage instrumentation (sancov, stable `-C` flags), and the seeds are kept
# (`-keep_seed=1`): mutation starts from inputs that reach past the first checks and keeps
# what reaches new code, a small search rather than random strings.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
export PATH="$HOME/.cargo/bin:$PATH"
FUZZ_DIR="$ROOT/core/fuzz"
export CARGO_TARGET_DIR="$ROOT/target/fuzz"
RUNS="${FUZZ_SMOKE_RUNS:-3000}"
TARGETS=(validators phone masks money route json)

# What cargo-fuzz passes for coverage, minus its nightly-only sanitizer: edge counters and
# comparison tracing so libFuzzer sees which inputs reach new code. An explicit --target keeps
# the flags off build scripts and proc macros.
HOST="$(rustc -vV | sed -n 's/^host: //p')"
export RUSTFLAGS="--cfg fuzzing -Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4 -Cllvm-args=-sanitizer-coverage-inline-8bit-counters -Cllvm-args=-sanitizer-coverage-pc-table -Cllvm-args=-sanitizer-coverage-trace-compares"
cargo build --manifest-path "$FUZZ_DIR/Cargo.toml" --target "$HOST" --bins -q
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# One target's run; its lines go to $work/$t.out and its status to $work/$t.rc.
fuzz_one() {
  local t="$1"
  mkdir -p "$work/$t"
  # A few seeds, kept, so mutation starts from inputs that reach past the first check.
  printf '%s' '{"a":[1,2.5,"x"],"b":null}' >"$work/$t/json"
  printf '%s' '+55 11 91234-5678' >"$work/$t/phone"
  printf '%s' '/pt/sports/football/live' >"$work/$t/route"
  printf '%s' '1234.56' >"$work/$t/money"
  printf '%s' '-0.50' >"$work/$t/negative" # a sign and a trailing zero: what blind mutation rarely makes
  "$CARGO_TARGET_DIR/$HOST/debug/$t" "$work/$t" -runs="$RUNS" -max_len=256 -seed=1 -keep_seed=1 \
    -artifact_prefix="$work/" >"$work/$t.log" 2>&1 || {
    # The panic's message first (the backtrace after it is long), then the end of the log.
    grep -m1 -A4 'panicked' "$work/$t.log" || true
    tail -12 "$work/$t.log"
    echo "fuzz-smoke: $t FAILED"
    return 1
  }
  # Proof of the search: libFuzzer saw the instrumentation and grew a corpus from coverage.
  grep -q 'inline 8-bit counters' "$work/$t.log" || { tail -12 "$work/$t.log"; echo "fuzz-smoke: $t has no coverage instrumentation"; return 1; }
  echo "fuzz-smoke: $t ran $RUNS inputs ($(grep -o 'DONE .*' "$work/$t.log" | grep -o 'cov: [0-9]* ft: [0-9]* corp: [0-9]*/[0-9a-zA-Z]*' | head -1))"
}
# Each libFuzzer run is one thread: as many at once as there are cores (issue 31: one after
# another, the smoke ran at one core). Their lines are printed in the targets' order.
cores="$(nproc)"
i=0
for t in "${TARGETS[@]}"; do
  # Without the script's EXIT trap, which would remove $work as each run ends.
  (
    trap - EXIT
    rc=0
    fuzz_one "$t" || rc=1
    echo "$rc" >"$work/$t.rc"
  ) >"$work/$t.out" 2>&1 &
  i=$((i + 1))
  if [ $((i % cores)) -eq 0 ]; then wait; fi
done
wait
status=0
for t in "${TARGETS[@]}"; do
  cat "$work/$t.out"
  [ "$(cat "$work/$t.rc" 2>/dev/null)" = 0 ] || status=1
done
exit "$status"
