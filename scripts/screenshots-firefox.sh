#!/usr/bin/env bash
# The screenshots of scripts/screenshots.sh taken in Debian's firefox-esr (through geckodriver),
# at 1280x800 and 390x844 into screenshots/firefox/ (gitignored), beside the Chromium ones.
source "$(dirname "$0")/lib.sh"
ensure_browsers
[ -n "${SKIP_BUILD:-}" ] || build_product
ensure_npm "$ROOT/tests"
cargo build --release -q -p croupier-sandbox
cd "$ROOT/tests" && npx playwright test --config firefox-shots.config.ts --reporter=list
ls "$ROOT/screenshots/firefox"
