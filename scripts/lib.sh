# Shared helpers for the scripts: install what is missing, nothing more.
# shellcheck shell=bash
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PATH="$HOME/.cargo/bin:$PATH"

log() { printf '\033[1;34m==>\033[0m %s\n' "$*" >&2; }

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

# The wasm-bindgen CLI must match the crate version in Cargo.lock exactly.
wasm_bindgen_version() {
  grep -A1 '^name = "wasm-bindgen"$' "$ROOT/Cargo.lock" | sed -n 's/^version = "\(.*\)"/\1/p' | head -1
}

# The exact toolchain. rust-toolchain.toml names the channel "stable" (the only toolchain these
# machines have; rustup cannot download a "1.95.0" here), and this asserts its version.
RUST_VERSION=1.95.0
# wasm-pack, pinned: reinstalled when the installed one differs.
WASM_PACK_VERSION=0.15.1

ensure_rust() {
  command -v cargo >/dev/null || { echo "cargo not found: install rustup first" >&2; exit 1; }
  local have
  have="$(cd "$ROOT" && rustc --version 2>/dev/null | awk '{print $2}')" || true
  if [ "$have" != "$RUST_VERSION" ]; then
    # A machine whose stable moved on but that still has the pinned release installed.
    if [ "$(rustup run "$RUST_VERSION" rustc --version 2>/dev/null | awk '{print $2}')" = "$RUST_VERSION" ]; then
      export RUSTUP_TOOLCHAIN="$RUST_VERSION"
    else
      echo "rustc $RUST_VERSION is required (rust-toolchain.toml, RUST_VERSION in scripts/lib.sh);" \
        "found '${have:-none}'. Install it with rustup, or update both pins together." >&2
      exit 1
    fi
  fi
  # Components and target of rust-toolchain.toml (rustup adds them itself when it can download).
  (
    cd "$ROOT"
    if ! rustup target list --installed | grep -q '^wasm32-unknown-unknown$'; then
      log "adding the wasm32 target"
      rustup target add wasm32-unknown-unknown
    fi
    local c
    for c in rustfmt clippy; do
      rustup component list --installed 2>/dev/null | grep -q "^$c" || rustup component add "$c"
    done
  )
}

ensure_wasm_tools() {
  ensure_rust
  if [ "$(wasm-pack --version 2>/dev/null | awk '{print $2}')" != "$WASM_PACK_VERSION" ]; then
    log "installing wasm-pack $WASM_PACK_VERSION"
    cargo install wasm-pack --version "$WASM_PACK_VERSION" --locked --force
  fi
  local want; want="$(wasm_bindgen_version)"
  if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$want" ]; then
    # Without --locked: the registry here lacks a version the CLI's own lockfile names.
    log "installing wasm-bindgen-cli $want"
    cargo install wasm-bindgen-cli --version "$want" --force
  fi
}

ensure_browsers() {
  local missing=()
  command -v chromium >/dev/null || missing+=(chromium)
  command -v chromedriver >/dev/null || missing+=(chromium-driver)
  command -v firefox-esr >/dev/null || command -v firefox >/dev/null || missing+=(firefox-esr)
  if [ "${#missing[@]}" -gt 0 ]; then
    log "installing ${missing[*]} from Debian"
    as_root apt-get update -qq
    DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "${missing[@]}"
  fi
  command -v geckodriver >/dev/null || { log "installing geckodriver"; cargo install geckodriver --locked; }
}

# npm ci when node_modules is missing or older than the lockfile.
ensure_npm() {
  local dir="$1"
  if [ ! -d "$dir/node_modules" ] || [ "$dir/package-lock.json" -nt "$dir/node_modules/.package-lock.json" ]; then
    log "npm ci in ${dir#"$ROOT"/}"
    (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
  fi
}

# core -> pkg (wasm-pack, profile wasm-release) -> wasm-opt -Oz from npm binaryen -> app/dist
# -> precompressed .br/.gz beside the hashed assets.
build_product() {
  # Every command decides (callers may run this with `set -e` off, or inside `&&`, where bash
  # ignores -e): a failed step returns at once, and the old pkg/ is removed first so that no
  # later step can test a stale core.
  ensure_wasm_tools || return 1
  log "building the core to wasm"
  rm -rf "$ROOT/pkg"
  # Plain stable: Cargo.toml's [profile.wasm-release] (opt-level z, fat LTO, one codegen unit,
  # panic abort), used only by this build, then wasm-opt -Oz from npm binaryen (Debian's 108
  # makes a module that fails at load). No unstable flag, no rebuilt std (docs/ARCHITECTURE.md
  # "Size": budgets are per route as sent, with generous tripwires, so nothing is golfed).
  (cd "$ROOT/core" && wasm-pack build --no-opt --profile wasm-release --target bundler \
    --out-dir "$ROOT/pkg" --out-name croupier_core .) || return 1
  ensure_npm "$ROOT/app" || return 1
  log "wasm-opt -Oz"
  local wasm="$ROOT/pkg/croupier_core_bg.wasm"
  "$ROOT/app/node_modules/.bin/wasm-opt" -Oz --strip-debug --strip-producers --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext --enable-mutable-globals --enable-reference-types --enable-multivalue "$wasm" -o "$wasm.opt" || return 1
  mv "$wasm.opt" "$wasm" || return 1
  log "building the app"
  (cd "$ROOT/app" && npm run build --silent) || return 1
  log "precompressing the app"
  node "$ROOT/scripts/precompress.mjs" "$ROOT/app/dist"
}
