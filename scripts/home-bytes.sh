#!/usr/bin/env bash
# Compressed bytes (gzip -9) of the HTML, CSS, JS and wasm the home route loads, per file and in
# total, against the 170 KiB goal. Builds the product and the sandbox first (SKIP_BUILD=1 to
# measure the current app/dist). Not part of the test command.
source "$(dirname "$0")/lib.sh"
if [ -z "${SKIP_BUILD:-}" ]; then
  build_product
  cargo build --release -q -p croupier-sandbox
fi
ensure_npm "$ROOT/tests"
node "$ROOT/scripts/home-bytes.mjs"
