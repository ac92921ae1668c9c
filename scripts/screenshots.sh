#!/usr/bin/env bash
# Screenshots of the product at 1280x800 and 390x844 into screenshots/ (gitignored), for review.
source "$(dirname "$0")/lib.sh"
build_product
ensure_npm "$ROOT/tests"
cargo build --release -q -p croupier-sandbox
cd "$ROOT/tests" && npx playwright test --config shots.config.ts --reporter=list
ls "$ROOT/screenshots"
