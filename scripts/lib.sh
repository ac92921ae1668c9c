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

ensure_rust() {
  command -v cargo >/dev/null || { echo "cargo not found: install rustup first" >&2; exit 1; }
  if ! rustup target list --installed | grep -q '^wasm32-unknown-unknown$'; then
    log "adding the wasm32 target"
    rustup target add wasm32-unknown-unknown
  fi
  rustup component list --installed 2>/dev/null | grep -q '^rustfmt' || rustup component add rustfmt
  rustup component list --installed 2>/dev/null | grep -q '^clippy' || rustup component add clippy
  # The release core rebuilds std for size (see build_product).
  rustup component list --installed 2>/dev/null | grep -q '^rust-src' || rustup component add rust-src
}

ensure_wasm_tools() {
  ensure_rust
  command -v wasm-pack >/dev/null || { log "installing wasm-pack"; cargo install wasm-pack --locked; }
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

# core -> pkg (wasm-pack, release) -> wasm-opt -Oz from npm binaryen -> app/dist.
build_product() {
  ensure_wasm_tools
  log "building the core to wasm"
  # std rebuilt with optimize_for_size and panics that abort without formatting: about 10%
  # off the gzip size. Debug formatting and panic locations are compiled out too (the core
  # logs with Display only). Stable toolchain, so RUSTC_BOOTSTRAP unlocks the -Z flags; its own
  # target dir keeps these flags from invalidating the test builds.
  (cd "$ROOT/core" && RUSTC_BOOTSTRAP=1 CARGO_TARGET_DIR="$ROOT/target/pkg-release" \
    RUSTFLAGS="-Zunstable-options -Cpanic=immediate-abort -Zfmt-debug=none -Zlocation-detail=none" \
    wasm-pack build --release --target bundler --out-dir "$ROOT/pkg" --out-name croupier_core . \
    -- -Zbuild-std=std,panic_abort -Zbuild-std-features=optimize_for_size)
  ensure_npm "$ROOT/app"
  log "wasm-opt -Oz"
  local wasm="$ROOT/pkg/croupier_core_bg.wasm"
  "$ROOT/app/node_modules/.bin/wasm-opt" -Oz --converge --strip-debug --strip-producers --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext --enable-mutable-globals --enable-reference-types --enable-multivalue "$wasm" -o "$wasm.opt"
  mv "$wasm.opt" "$wasm"
  log "building the app"
  (cd "$ROOT/app" && npm run build --silent)
}
