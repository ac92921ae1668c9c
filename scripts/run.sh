#!/usr/bin/env bash
# Build everything and serve the product: http://127.0.0.1:${PORT:-8080}, with the local
# outbox (/_outbox: reset e-mails and SMS codes, how a developer signs in locally).
source "$(dirname "$0")/lib.sh"
build_product
mkdir -p "$ROOT/data"
log "starting the sandbox"
cd "$ROOT"
exec cargo run --release -q -p croupier-sandbox -- --port "${PORT:-8080}" --db "${DB:-data/sandbox.db}" --static app/dist --outbox
