#!/usr/bin/env bash
# Fails when the core's release .wasm exceeds 120 KiB gzip (issue 2's budget); prints the
# figure and the headroom. What moved the size is logged in docs/ARCHITECTURE.md "Size".
source "$(dirname "$0")/lib.sh"
LIMIT_KIB=120
wasm="$ROOT/pkg/croupier_core_bg.wasm"
[ -f "$wasm" ] || { echo "size gate: $wasm not built" >&2; exit 1; }
raw=$(wc -c <"$wasm")
gz=$(gzip -9 -c "$wasm" | wc -c)
awk -v r="$raw" -v g="$gz" -v l="$LIMIT_KIB" 'BEGIN {
  printf "size gate: core wasm %d bytes raw, %d bytes gzip = %.1f KiB (limit %d KiB, %.1f KiB headroom)\n", r, g, g / 1024, l, l - g / 1024 }'
[ "$gz" -le $((LIMIT_KIB * 1024)) ]
