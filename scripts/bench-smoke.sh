#!/usr/bin/env bash
# bench-smoke.sh search|dispatch|lobby|lighthouse: one benchmark script run on a small input,
# as the test command does (issue 31, "Benchmarks that cannot rot"). Prints the bench's output,
# then checks its LAST line (stdout): its format, sane numbers and the right item count. Never a
# timing: the numbers of a smoke on a small input, in the debug profile, on a shared machine,
# mean nothing. Reuses what the test command built (app/dist, the release sandbox, the debug
# wasm dependencies of the browser tests); each script installs what it uses itself.
#   search      BENCH_PROFILE=dev BENCH_SEARCH_PAGES=2: 400 games, the labelled queries among them
#   dispatch    BENCH_PROFILE=dev BENCH_ITERATIONS=100 BENCH_RUN_LIMIT=45: 100 timed events of each
#               kind, a browser attempt stopped and tried again after 45 s (three in all)
#   lobby       LOBBY_TILES=200: a scroll over 200 tiles
#   lighthouse  SKIP_BUILD=1 LH_PAGES=home LH_RUNS=1: one page, one run
# The push bench's smoke is its own step in scripts/test.sh (push-smoke).
source "$(dirname "$0")/lib.sh"
# lib.sh turns on -e: off here, so that a failing bench reaches the message below.
set +e -uo pipefail
name="${1:-}"
S="$ROOT/scripts"
case "$name" in
  search) cmd=(env BENCH_PROFILE=dev BENCH_SEARCH_PAGES=2 "$S/bench-search.sh") ;;
  dispatch) cmd=(env BENCH_PROFILE=dev BENCH_ITERATIONS=100 BENCH_RUN_LIMIT=45 WASM_BINDGEN_TEST_TIMEOUT=60 "$S/bench-dispatch.sh") ;;
  lobby) cmd=(env LOBBY_TILES=200 "$S/bench-lobby-scroll.sh") ;;
  lighthouse) cmd=(env SKIP_BUILD=1 LH_PAGES=home LH_RUNS=1 "$S/lighthouse.sh") ;;
  *) echo "usage: bench-smoke.sh search|dispatch|lobby|lighthouse" >&2; exit 2 ;;
esac
out="$(mktemp)"
trap 'rm -f "$out"' EXIT
start=$SECONDS
"${cmd[@]}" | tee "$out"
rc=${PIPESTATUS[0]}
took="$((SECONDS - start)) s"
last="$(tail -n 1 "$out")"
fail() {
  echo "bench-smoke $name: FAILED after $took: $*" >&2
  echo "  its last line: ${last:-(no output)}" >&2
  exit 1
}
[ "$rc" -eq 0 ] || fail "the bench exited with status $rc"
[ -n "$last" ] || fail "the bench printed no last line"
n='[0-9]+' f='[0-9]+\.?[0-9]*' # no group in f: BASH_REMATCH counts only the named numbers
case "$name" in
  search)
    re="^search: core p95 $f ms, fuse\.js p95 $f ms \(($n|Infinity)× faster\), uFuzzy p95 $f ms, recall@10 core ($f) fuse\.js ($f); core indexed ($n) of ($n) games, ($n) queries$"
    [[ "$last" =~ $re ]] || fail "not the search bench's last line (search: core p95 … ms, …, recall@10 core A fuse.js B; core indexed N of G games, Q queries)"
    core="${BASH_REMATCH[2]}" fuse="${BASH_REMATCH[3]}" indexed="${BASH_REMATCH[4]}" games="${BASH_REMATCH[5]}" queries="${BASH_REMATCH[6]}"
    # 2 pages of 200: the sandbox's first 400 games, every one read and indexed.
    [ "$games" -eq 400 ] || fail "the pages carried $games games, not 400"
    [ "$indexed" -eq "$games" ] || fail "the core indexed $indexed of $games games"
    [ "$queries" -ge 1 ] || fail "no labelled query ran"
    awk -v c="$core" -v u="$fuse" 'BEGIN { exit !(c > 0 && c <= 100 && u >= 0 && u <= 100) }' ||
      fail "recall@10 out of range (core $core must be above 0, both at most 100)"
    ;;
  dispatch)
    re="^dispatch: keystroke p95 ($f) ms, push p95 ($f) ms; ($n) timed events each, ($n)-item collection$"
    [[ "$last" =~ $re ]] || fail "not the dispatch bench's last line (dispatch: keystroke p95 X ms, push p95 Y ms; N timed events each, M-item collection)"
    [ "${BASH_REMATCH[3]}" -eq 100 ] || fail "${BASH_REMATCH[3]} timed events, not the 100 asked for"
    [ "${BASH_REMATCH[4]}" -eq 20000 ] || fail "a ${BASH_REMATCH[4]}-item collection, not 20,000"
    ;;
  lobby)
    re="^lobby scroll: ($n) tiles \(($n) per row\) over ($n) px, ($n) frames; frame time p50 $f ms, p95 $f ms, max $f ms; ($n) tiles in the page at the end, the last drawn #($n) of ($n)$"
    [[ "$last" =~ $re ]] || fail "not the lobby scroll bench's last line (lobby scroll: N tiles (C per row) over D px, F frames; …; the last drawn #K of T)"
    tiles="${BASH_REMATCH[1]}" frames="${BASH_REMATCH[4]}" drawn="${BASH_REMATCH[6]}" total="${BASH_REMATCH[7]}"
    [ "$tiles" -ge 200 ] || fail "scrolled over $tiles tiles, fewer than the 200 asked for"
    [ "$frames" -ge 1 ] || fail "no frame measured"
    # The page followed the scroll: it drew the tiles scrolled over (a page that did not move,
    # e.g. under a modal that locks the scroll, stops at its first screen of tiles).
    [ "$drawn" -ge "$tiles" ] || fail "the last tile drawn is #$drawn, short of the $tiles scrolled over"
    [ "$total" -ge "$drawn" ] || fail "tile #$drawn drawn of a list of $total"
    ;;
  lighthouse)
    re="^lighthouse home-guest \(mobile, http://127\.0\.0\.1:$n/[^)]*\): performance ($n), FCP ($f) s, LCP ($f) s, TBT $n ms, CLS $f$"
    [[ "$last" =~ $re ]] || fail "not Lighthouse's line for home-guest (lighthouse home-guest (mobile, URL): performance N, FCP …)"
    [ "${BASH_REMATCH[1]}" -le 100 ] || fail "a performance score of ${BASH_REMATCH[1]}"
    awk -v a="${BASH_REMATCH[2]}" -v b="${BASH_REMATCH[3]}" 'BEGIN { exit !(a > 0 && b > 0) }' || fail "no paint measured (FCP or LCP 0)"
    ;;
esac
echo "bench-smoke $name: ok in $took"
