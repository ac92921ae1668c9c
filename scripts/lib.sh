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
# wasm_split_cli_support (its binary wasm-split-cli cuts the core's wasm into the chunks each
# route loads, issue 28), pinned exactly: a young tool whose output the loader must match.
WASM_SPLIT_VERSION=0.2.4

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

# wasm-bindgen (and its test runner), the version of the crate in Cargo.lock.
ensure_wasm_bindgen() {
  ensure_rust
  local want; want="$(wasm_bindgen_version)"
  if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$want" ]; then
    # Without --locked: the registry here lacks a version the CLI's own lockfile names.
    log "installing wasm-bindgen-cli $want"
    cargo install wasm-bindgen-cli --version "$want" --force || return 1
  fi
}

# The product build's wasm tools: wasm-bindgen and wasm-split-cli, each at its pinned version.
ensure_wasm_tools() {
  # `|| return`: build_product calls this where bash ignores -e.
  ensure_wasm_bindgen || return 1
  # wasm-split-cli has no --version: cargo's record of what it installed names the version
  # (read whole first: grep -q stopping early would fail cargo's write under pipefail).
  local installed; installed="$(cargo install --list 2>/dev/null)" || installed=""
  if ! command -v wasm-split-cli >/dev/null ||
    ! grep -qxF "wasm_split_cli_support v$WASM_SPLIT_VERSION:" <<<"$installed"; then
    log "installing wasm-split-cli (wasm_split_cli_support $WASM_SPLIT_VERSION; a few minutes)"
    cargo install wasm_split_cli_support --version "=$WASM_SPLIT_VERSION" --features build-binary \
      --locked --force || return 1
  fi
}

ensure_browsers() {
  local missing=()
  command -v chromium >/dev/null || missing+=(chromium)
  command -v chromedriver >/dev/null || missing+=(chromium-driver)
  # The e2e specs run in the headless shell (tests/playwright.config.ts): half the CPU a page.
  command -v chromium-headless-shell >/dev/null || missing+=(chromium-headless-shell)
  command -v firefox-esr >/dev/null || command -v firefox >/dev/null || missing+=(firefox-esr)
  if [ "${#missing[@]}" -gt 0 ]; then
    log "installing ${missing[*]} from Debian"
    as_root apt-get update -qq
    DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "${missing[@]}"
  fi
  command -v geckodriver >/dev/null || { log "installing geckodriver"; cargo install geckodriver --locked; }
}

# The machine's shared build directory (.cargo/config.toml) keeps every dependency version
# ever built; past 20 GiB it is emptied, and the next build fills it again.
prune_build_dir() {
  local dir="${CARGO_HOME:-$HOME/.cargo}/build/croupier" kib
  [ -d "$dir" ] || return 0
  kib=$(du -sk "$dir" 2>/dev/null | cut -f1) || return 0
  if [ "${kib:-0}" -gt $((20 * 1024 * 1024)) ]; then
    log "emptying the shared build directory $dir ($((kib / 1024 / 1024)) GiB)"
    rm -rf "$dir"
  fi
}

# npm ci when node_modules is missing or older than the lockfile.
ensure_npm() {
  local dir="$1" lock
  # Setup installs every folder's packages in the background while the core builds; a second
  # caller (build_product's own ensure_npm) waits on the folder's lock and then finds them in
  # place instead of starting a second `npm ci` over a half-written node_modules.
  lock="${TMPDIR:-/tmp}/croupier-npm-$(printf '%s' "$dir" | md5sum | cut -c1-12).lock"
  (
    flock 9
    if [ ! -d "$dir/node_modules" ] || [ "$dir/package-lock.json" -nt "$dir/node_modules/.package-lock.json" ]; then
      log "npm ci in ${dir#"$ROOT"/}"
      cd "$dir" && npm ci --no-audit --no-fund --loglevel=error
    fi
  ) 9>"$lock"
}

# core (cargo, profile wasm-release) -> wasm-split-cli -> wasm-bindgen --target web -> pkg
# -> wasm-opt -Oz from npm binaryen on every .wasm -> app/dist -> precompressed .br/.gz beside
# the hashed assets.
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
  # --emit-relocs (a stable linker flag) keeps the relocations wasm-split-cli follows to cut the
  # module at its split points. A RUSTFLAGS in the environment would silently replace the
  # target's flags, so it is left out of this one command.
  (cd "$ROOT" && env -u RUSTFLAGS -u CARGO_ENCODED_RUSTFLAGS \
    CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="-Clink-args=--emit-relocs" \
    cargo build -p croupier-core --lib --features split --target wasm32-unknown-unknown --profile wasm-release) || return 1
  local built="${CARGO_TARGET_DIR:-$ROOT/target}/wasm32-unknown-unknown/wasm-release/croupier_core.wasm"
  # The split runs between rustc and wasm-bindgen (it needs the relocations, which wasm-bindgen
  # drops): pkg/croupier_core.wasm is the main module, beside it one .wasm per split point and
  # __wasm_split.js, their loader. The web target: the app calls init() itself, and a chunk
  # whose fetch failed can be fetched again (docs/ARCHITECTURE.md "Loading the core by route").
  log "splitting the wasm"
  wasm-split-cli --target web --out-name croupier_core "$built" "$ROOT/pkg" || return 1
  wasm-bindgen --target web --keep-lld-exports --out-dir "$ROOT/pkg" "$ROOT/pkg/croupier_core.wasm" || return 1
  rm "$ROOT/pkg/croupier_core.wasm" || return 1
  write_pkg_json || return 1
  ensure_npm "$ROOT/app" || return 1
  log "wasm-opt -Oz"
  # One wasm-opt per core, the biggest file first: the main module's optimisation takes most
  # of the time, and the chunks (each a node start and a small module) fill the other cores.
  # xargs fails when any of them does.
  # shellcheck disable=SC2016 # $1 is the inner shell's
  (cd "$ROOT/pkg" && ls -S -- *.wasm | xargs -P "$(nproc)" -n 1 sh -c '
    "$0" -Oz --strip-debug --strip-producers --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext --enable-mutable-globals --enable-reference-types --enable-multivalue "$1" -o "$1.opt" && mv "$1.opt" "$1"
  ' "$ROOT/app/node_modules/.bin/wasm-opt") || return 1
  log "building the app"
  (cd "$ROOT/app" && npm run build --silent) || return 1
  log "precompressing the app"
  node "$ROOT/scripts/precompress.mjs" "$ROOT/app/dist"
}

# pkg/package.json, which wasm-pack used to write: the app depends on `croupier-core: file:../pkg`.
write_pkg_json() {
  cat >"$ROOT/pkg/package.json" <<'JSON'
{
  "name": "croupier-core",
  "type": "module",
  "description": "Croupier's domain core: rules, state machines and the wasm runtime.",
  "version": "0.1.0",
  "license": "UNLICENSED",
  "main": "croupier_core.js",
  "types": "croupier_core.d.ts",
  "sideEffects": ["./croupier_core.js", "./snippets/*"]
}
JSON
}
