#!/usr/bin/env bash
# The wasm tripwire: every wasm file of the built product (app/dist/assets/*.wasm), measured as
# the sandbox sends it (the precompressed .br and .gz beside each file, written by
# scripts/precompress.mjs), per file and together; fails when all the wasm together exceeds
# 450 KiB brotli. Generous on purpose (DESIGN.md "Size and speed"): what a player waits for is
# budgeted per entry route by scripts/route-bytes.sh; this only catches a runaway. Needs a built
# app/dist (scripts/lib.sh build_product).
source "$(dirname "$0")/lib.sh"
LIMIT_KIB=450
shopt -s nullglob
files=("$ROOT"/app/dist/assets/*.wasm)
[ "${#files[@]}" -gt 0 ] || { echo "size gate: no wasm in app/dist/assets (build first)" >&2; exit 1; }
total_br=0 total_gz=0 total_raw=0
for wasm in "${files[@]}"; do
  for enc in br gz; do
    [ -f "$wasm.$enc" ] || { echo "size gate: $wasm.$enc missing (precompress)" >&2; exit 1; }
  done
  raw=$(wc -c <"$wasm"); gz=$(wc -c <"$wasm.gz"); br=$(wc -c <"$wasm.br")
  total_raw=$((total_raw + raw)); total_gz=$((total_gz + gz)); total_br=$((total_br + br))
  awk -v r="$raw" -v g="$gz" -v b="$br" -v f="${wasm#"$ROOT"/}" 'BEGIN {
    printf "size gate: %s: %.1f KiB raw, %.1f KiB gzip, %.1f KiB brotli (%d bytes) as served\n", f, r / 1024, g / 1024, b / 1024, b }'
done
awk -v n="${#files[@]}" -v r="$total_raw" -v g="$total_gz" -v b="$total_br" -v l="$LIMIT_KIB" 'BEGIN {
  printf "size gate: all wasm (%d files) %.1f KiB raw, %.1f KiB gzip (%d bytes), %.1f KiB brotli (%d bytes) as served; tripwire %d KiB brotli, %.1f KiB headroom\n",
    n, r / 1024, g / 1024, g, b / 1024, b, l, l - b / 1024 }'
# The phone numbering plans are a run-time asset (core/src/domain/phone/metadata.tsv, loaded
# by the app), never compiled in: no long pattern of the plan file may appear in the wasm.
tsv="$ROOT/core/src/domain/phone/metadata.tsv"
while IFS= read -r pat; do
  for wasm in "${files[@]}"; do
    if grep -qF -- "$pat" "$wasm"; then
      echo "size gate: the phone plans are compiled into ${wasm#"$ROOT"/} (found: $pat)" >&2
      exit 1
    fi
  done
done < <(cut -f3 "$tsv" | awk 'length($0) >= 24 && n++ < 40')
echo "size gate: no phone plan compiled into the wasm"
[ "$total_br" -le $((LIMIT_KIB * 1024)) ]
