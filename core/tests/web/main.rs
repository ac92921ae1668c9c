//! The core's browser tests, one binary run headless in Chrome and Firefox by
//! `scripts/wasm-test.sh`: each binary costs the runner a start and a fresh browser, so the
//! suites are modules of this one (issue 31; they were 18 binaries, about 80 s of starts per
//! browser). The suites that talk to a sandbox read its address at compile time: run through
//! `scripts/with-sandbox.sh`.
#![cfg(target_arch = "wasm32")]

wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

/// The sandbox `scripts/with-sandbox.sh` started. Not `env!`: clippy and a native
/// `cargo test` build this binary without one.
fn sandbox_url() -> &'static str {
    match option_env!("CROUPIER_SANDBOX_URL") {
        Some(url) => url,
        None => panic!("CROUPIER_SANDBOX_URL is not set: run through scripts/with-sandbox.sh (scripts/test.sh does)"),
    }
}

mod account;
mod bindings;
mod bonuses;
mod content;
mod documents;
mod domain;
mod forms;
mod games;
mod json;
mod miniapp;
mod pages;
mod payments;
mod protection;
mod rules;
mod sandbox;
mod session;
mod social;
mod sport;
mod third_party;
