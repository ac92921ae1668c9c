#!/usr/bin/env bash
# Builds every fuzz target (core/fuzz) on stable Rust and runs each on a few thousand inputs, so
# the targets cannot rot between fuzzing sessions. Part of the test command (a check, not a test
# suite). Real fuzzing is scripts/fuzz.sh (cargo-fuzz, coverage-guided); this build has no
# sanitizer coverage (that needs nightly flags), so libFuzzer here mutates blindly: a smoke run
# of each target's assertions, not a search.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
export PATH="$HOME/.cargo/bin:$PATH"
FUZZ_DIR="$ROOT/core/fuzz"
export CARGO_TARGET_DIR="$ROOT/target/fuzz"
RUNS="${FUZZ_SMOKE_RUNS:-3000}"
TARGETS=(validators phone masks money route json)

cargo build --manifest-path "$FUZZ_DIR/Cargo.toml" --bins -q
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
for t in "${TARGETS[@]}"; do
  mkdir -p "$work/$t"
  # A few seeds so blind mutation starts from inputs that reach past the first check.
  printf '%s' '{"a":[1,2.5,"x"],"b":null}' >"$work/$t/json"
  printf '%s' '+55 11 91234-5678' >"$work/$t/phone"
  printf '%s' '/pt/sports/football/live' >"$work/$t/route"
  printf '%s' '1234.56' >"$work/$t/money"
  printf '%s' '-0.50' >"$work/$t/negative" # a sign and a trailing zero: what blind mutation rarely makes
  "$CARGO_TARGET_DIR/debug/$t" "$work/$t" -runs="$RUNS" -max_len=256 -seed=1 \
    -artifact_prefix="$work/" >"$work/$t.log" 2>&1 || {
    # The panic's message first (the backtrace after it is long), then the end of the log.
    grep -m1 -A4 'panicked' "$work/$t.log" || true
    tail -12 "$work/$t.log"
    echo "fuzz-smoke: $t FAILED"
    exit 1
  }
  echo "fuzz-smoke: $t ran $RUNS inputs"
done
