#!/usr/bin/env bash
# wasm-test.sh chrome|firefox: the core's browser tests (core/tests/web_*.rs) headless in that
# browser, every test binary run even after a failure. What `wasm-pack test --headless
# --chrome` does, minus its one flaw here: wasm-pack hands extra arguments to `cargo build`
# as well as `cargo test`, so `--no-fail-fast` cannot be passed through it.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
export PATH="$HOME/.cargo/bin:$PATH"
case "${1:-}" in
  chrome) export CHROMEDRIVER="${CHROMEDRIVER:-$(command -v chromedriver)}" ;;
  firefox) export GECKODRIVER="${GECKODRIVER:-$(command -v geckodriver)}" ;;
  *) echo "usage: wasm-test.sh chrome|firefox [cargo test args]" >&2; exit 2 ;;
esac
shift
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner
cd "$ROOT/core"
exec cargo test --target wasm32-unknown-unknown --no-fail-fast "$@"
