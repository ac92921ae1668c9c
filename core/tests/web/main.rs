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

/// Resolves after `ms` milliseconds (the browser's timer).
async fn wait_ms(ms: i32) {
    let p = js_sys::Promise::new(&mut |ok, _| {
        let _ = web_sys::window()
            .expect("window")
            .set_timeout_with_callback_and_timeout_and_arguments_0(&ok, ms);
    });
    wasm_bindgen_futures::JsFuture::from(p)
        .await
        .expect("timer");
}

/// Waits until `view()` (a runtime's or a `Core`'s) says the lazy group `name`'s code is here
/// (5 s at most).
async fn group_ready(view: impl Fn() -> wasm_bindgen::JsValue, name: &str) {
    for _ in 0..500 {
        let groups = js_sys::Reflect::get(&view(), &"groups".into()).unwrap_or_default();
        let state = js_sys::Reflect::get(&groups, &name.into()).unwrap_or_default();
        if state.as_string().as_deref() == Some("ready") {
            return;
        }
        wait_ms(10).await;
    }
    panic!("the {name} group did not load");
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
