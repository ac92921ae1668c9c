#!/usr/bin/env bash
# Fails when the core's release .wasm exceeds the gzip budget; prints the figure.
source "$(dirname "$0")/lib.sh"
BUDGET=$((120 * 1024))
wasm="$ROOT/pkg/croupier_core_bg.wasm"
[ -f "$wasm" ] || { echo "size gate: $wasm not built" >&2; exit 1; }
raw=$(wc -c <"$wasm")
gz=$(gzip -9 -c "$wasm" | wc -c)
awk -v r="$raw" -v g="$gz" -v b="$BUDGET" 'BEGIN { printf "size gate: core wasm %d bytes raw, %d bytes gzip (%.1f KiB of %d KiB budget)\n", r, g, g / 1024, b / 1024 }'
[ "$gz" -le "$BUDGET" ]
