#!/usr/bin/env bash
# Fails when the core's release .wasm exceeds its gzip ceiling; prints the figure.
#
# TARGET is the budget issue 2 set (120 KiB). The core is not there yet (see the notes on
# issue 2 and docs/ARCHITECTURE.md "Size"), so the gate enforces CEILING, a ratchet set just
# above the measured size: growth fails the build; every slimming step lowers CEILING.
source "$(dirname "$0")/lib.sh"
TARGET_KIB=120
CEILING_KIB=160
wasm="$ROOT/pkg/croupier_core_bg.wasm"
[ -f "$wasm" ] || { echo "size gate: $wasm not built" >&2; exit 1; }
raw=$(wc -c <"$wasm")
gz=$(gzip -9 -c "$wasm" | wc -c)
awk -v r="$raw" -v g="$gz" -v c="$CEILING_KIB" -v t="$TARGET_KIB" 'BEGIN {
  printf "size gate: core wasm %d bytes raw, %d bytes gzip = %.1f KiB (ceiling %d KiB, target %d KiB, %.1f KiB to go)\n", r, g, g / 1024, c, t, g / 1024 - t }'
[ "$gz" -le $((CEILING_KIB * 1024)) ]
