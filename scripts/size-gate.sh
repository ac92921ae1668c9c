#!/usr/bin/env bash
# The wasm size gate: fails when the core's release .wasm exceeds 220 KiB gzip, the budget of
# the whole product (DESIGN.md "Size and speed"; every feature notes its delta in
# docs/ARCHITECTURE.md "Size"). Prints raw, gzip (-9) and brotli (q 11) sizes and the headroom.
# Needs a built pkg/ (scripts/lib.sh build_product).
source "$(dirname "$0")/lib.sh"
LIMIT_KIB=220
wasm="$ROOT/pkg/croupier_core_bg.wasm"
[ -f "$wasm" ] || { echo "size gate: $wasm not built" >&2; exit 1; }
raw=$(wc -c <"$wasm")
gz=$(gzip -9 -c "$wasm" | wc -c)
br=$(node -e '
  const z = require("zlib"), b = require("fs").readFileSync(process.argv[1]);
  console.log(z.brotliCompressSync(b, { params: { [z.constants.BROTLI_PARAM_QUALITY]: 11 } }).length);
' "$wasm")
awk -v r="$raw" -v g="$gz" -v b="$br" -v l="$LIMIT_KIB" 'BEGIN {
  printf "size gate: core wasm %.1f KiB raw (%d bytes), %.1f KiB gzip (%d bytes), %.1f KiB brotli (%d bytes); limit %d KiB gzip, %.1f KiB headroom\n",
    r / 1024, r, g / 1024, g, b / 1024, b, l, l - g / 1024 }'
# The phone numbering plans are a run-time asset (core/src/domain/phone/metadata.tsv, loaded
# by the app), never compiled in: no long pattern of the plan file may appear in the wasm.
tsv="$ROOT/core/src/domain/phone/metadata.tsv"
found=""
while IFS= read -r pat; do
  if grep -qF -- "$pat" "$wasm"; then found="$pat"; break; fi
done < <(cut -f3 "$tsv" | awk 'length($0) >= 24 && n++ < 40')
if [ -n "$found" ]; then
  echo "size gate: the phone plans are compiled into the wasm (found: $found)" >&2
  exit 1
fi
echo "size gate: no phone plan compiled into the wasm"
[ "$gz" -le $((LIMIT_KIB * 1024)) ]
