#!/usr/bin/env bash
# Compressed bytes of the HTML, CSS, JS and wasm a first-visit guest's home route loads, per
# file and in total, gzip and brotli; fails over 300 KiB as sent (the encoding the sandbox
# answered Chromium with). Builds the product and the sandbox first (SKIP_BUILD=1 measures the
# current app/dist with target/release/croupier-sandbox, as the test command does).
source "$(dirname "$0")/lib.sh"
if [ -z "${SKIP_BUILD:-}" ]; then
  build_product
  cargo build --release -q -p croupier-sandbox
fi
ensure_npm "$ROOT/tests"
node "$ROOT/scripts/home-bytes.mjs"
