#!/usr/bin/env bash
# Fuzzes the core's parsers and validators with cargo-fuzz (libFuzzer). Not part of the test
# command. Only stable Rust is installed here, so nightly flags are enabled with
# RUSTC_BOOTSTRAP=1.
#
#   scripts/fuzz.sh                 # every target, 60 s each
#   FUZZ_SECONDS=300 scripts/fuzz.sh phone masks
#
# Prints, per target, executions per second and the number of crashes (artifacts are kept in
# core/fuzz/artifacts/<target>/). Exits non-zero if any target crashed.
set -uo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
FUZZ_DIR="$ROOT/core/fuzz"
SECONDS_PER_TARGET="${FUZZ_SECONDS:-60}"
# route: the route parser's target (owned with the route module).
TARGETS=("$@")
[ ${#TARGETS[@]} -eq 0 ] && TARGETS=(validators phone masks money route json)

export RUSTC_BOOTSTRAP=1
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$FUZZ_DIR/target}"

if ! cargo fuzz --version >/dev/null 2>&1; then
  echo "fuzz: installing cargo-fuzz" >&2
  cargo install cargo-fuzz --locked
fi

cd "$FUZZ_DIR"
failed=0
summary=()
for t in "${TARGETS[@]}"; do
  mkdir -p "corpus/$t" "artifacts/$t"
  before=$(find "artifacts/$t" -type f | wc -l)
  log="$(mktemp)"
  echo "fuzz: $t for ${SECONDS_PER_TARGET}s" >&2
  cargo fuzz run "$t" "corpus/$t" -- \
    -max_total_time="$SECONDS_PER_TARGET" -print_final_stats=1 -max_len=512 \
    -artifact_prefix="artifacts/$t/" >"$log" 2>&1
  status=$?
  after=$(find "artifacts/$t" -type f | wc -l)
  crashes=$((after - before))
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  if [ "$status" -ne 0 ] || [ "$crashes" -gt 0 ]; then
    failed=1
    tail -40 "$log" >&2
  fi
  summary+=("$(printf '%-12s %10s exec/s  %8s runs  %d crash(es)  exit %d' "$t" "${rate:-?}" "${runs:-?}" "$crashes" "$status")")
  [ "$crashes" -gt 0 ] && ls "artifacts/$t" >&2
  rm -f "$log"
done
printf '%s\n' "fuzz summary (${SECONDS_PER_TARGET}s per target):" "${summary[@]}"
exit "$failed"
