#!/usr/bin/env bash
# Bytes as sent per entry route (guest `/`; `/wallet`, `/profile`, a game, `/sport` signed in),
# everything the page receives until it is interactive; goals printed, a 450 KiB tripwire on
# the build's files per route gating (scripts/route-bytes.mjs). Builds the product and the sandbox first
# (SKIP_BUILD=1 measures the current app/dist with target/release/croupier-sandbox, as the test
# command does).
source "$(dirname "$0")/lib.sh"
if [ -z "${SKIP_BUILD:-}" ]; then
  build_product
  cargo build --release -q -p croupier-sandbox
fi
ensure_npm "$ROOT/tests"
node "$ROOT/scripts/route-bytes.mjs"
