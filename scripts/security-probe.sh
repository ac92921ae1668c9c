#!/usr/bin/env bash
# security-probe.sh: repeats issue 18's probe against the release sandbox (real argon2 cost, a
# file database) and prints what it finds. A benchmark-style check, not part of the test
# command: it prints numbers (timings) rather than asserting them. Needs curl.
set -uo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BIN="${SANDBOX_BIN:-$ROOT/target/release/croupier-sandbox}"
[ -x "$BIN" ] || { echo "probe: build it first: cargo build --release -p croupier-sandbox" >&2; exit 1; }
dir="$(mktemp -d)"
log="$dir/sandbox.log"
"$BIN" --port 0 --db "$dir/data/sandbox.db" --static "" --control --outbox >"$log" 2>&1 &
pid=$!
trap 'kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; rm -rf "$dir"' EXIT
base=""
for _ in $(seq 1 300); do
  base="$(sed -n 's/^sandbox listening on \(http:\/\/127\.0\.0\.1:[0-9]*\)$/\1/p' "$log")"
  [ -n "$base" ] && break
  sleep 0.1
done
[ -n "$base" ] || { cat "$log" >&2; exit 1; }
echo "probe: $base"

json() { curl -s -o /dev/null -w '%{http_code}' -H 'Content-Type: application/json' -d "$2" "$base$1"; }

echo "files: $(stat -c '%a %n' "$dir/data" "$dir/data/sandbox.db" "$dir/data/sandbox.db.secret" | tr '\n' ' ')"
json /api/player/register '{"email":"victim@example.com","password":"right-pass-1","currency":"USD","agreements":true}' >/dev/null

codes=""
for i in $(seq 1 30); do
  codes+="$(json /api/player/sessions "{\"email\":\"victim@example.com\",\"password\":\"guess-$i\"}") "
done
echo "30 wrong passwords (count status): $(echo "$codes" | tr ' ' '\n' | grep . | sort | uniq -c | tr -s ' \n' ' ')"
echo "then the right one: $(json /api/player/sessions '{"email":"victim@example.com","password":"right-pass-1"}')"
curl -s -D - -o /dev/null -H 'Content-Type: application/json' \
  -d '{"email":"victim@example.com","password":"x"}' "$base/api/player/sessions" | grep -i '^retry-after' || true

# Timing: a known account (not the limited one) vs unknown e-mails, wrong passwords.
json /api/player/register '{"email":"known@example.com","password":"right-pass-1","currency":"USD","agreements":true}' >/dev/null
t() { curl -s -o /dev/null -w '%{time_total}\n' -H 'Content-Type: application/json' -d "$1" "$base/api/player/sessions"; }
known=0; unknown=0
for i in 1 2 3 4; do
  known=$(echo "$known + $(t '{"email":"known@example.com","password":"nope-nope"}')" | bc -l)
  unknown=$(echo "$unknown + $(t "{\"email\":\"ghost$i@example.com\",\"password\":\"nope-nope\"}")" | bc -l)
done
echo "login time, 4 tries each: known ${known}s, unknown ${unknown}s, ratio unknown/known $(echo "$unknown / $known" | bc -l | cut -c1-5)"

echo "foreign Host: $(curl -s -o /dev/null -w '%{http_code}' -H 'Host: rebind.example' "$base/api/settings/locales")"
long="$(head -c 100000 /dev/zero | tr '\0' x)"
echo "100k affiliate tag: $(json /api/player/register "{\"email\":\"long@example.com\",\"password\":\"right-pass-1\",\"currency\":\"USD\",\"agreements\":true,\"affiliateTag\":\"$long\"}")"
echo "CORS http://localhost5173: '$(curl -s -D - -o /dev/null -X OPTIONS -H 'Origin: http://localhost5173' \
  -H 'Access-Control-Request-Method: POST' "$base/api/player/sessions" | grep -i '^access-control-allow-origin' | tr -d '\r')'"
echo "bad JSON message: $(curl -s -H 'Content-Type: application/json' -d '{"email":5}' "$base/api/player/sessions")"

json /api/player/passwords/reset '{"email":"known@example.com"}' >/dev/null
code="$(curl -s "$base/api/_control/password-reset?email=known@example.com" | sed 's/.*"code":"\([0-9a-f]*\)".*/\1/')"
if grep -q "$code" "$log"; then echo "reset code in the log: YES"; else echo "reset code in the log: no"; fi
if curl -s "$base/_outbox" | grep -q "$code"; then echo "reset code in the outbox page: yes"; fi
if cat "$dir/data/sandbox.db" "$dir/data/sandbox.db-wal" 2>/dev/null | grep -aq "$(cat "$dir/data/sandbox.db.secret")"; then
  echo "signing secret in the database: YES"
else
  echo "signing secret in the database: no"
fi
