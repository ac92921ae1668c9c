//! Social sign-in's round trip in real browsers (Chrome and Firefox): what the tab kept in
//! sessionStorage (`socialAuth`) before going to the provider is read back by a fresh runtime
//! on the callback address (a new page load), used once, and a callback whose state this tab
//! did not keep is refused on its page. The page's address is set with the History API, so
//! nothing leaves the test page; the API base is a closed port.

use croupier_core::app::features::social::PENDING_KEY;
use croupier_core::app::Config;
use croupier_core::runtime::{storage, Runtime};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

fn config() -> Config {
    Config {
        api_base: "http://127.0.0.1:9".into(),
        ..Config::default()
    }
}

fn get(v: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(v, &key.into()).unwrap_or(JsValue::UNDEFINED)
}

/// Runs `f` with the page's address set to `path`, then puts the address back.
fn at<T>(path: &str, f: impl FnOnce() -> T) -> T {
    let window = web_sys::window().unwrap();
    let history = window.history().unwrap();
    let before = window.location().href().unwrap();
    history
        .replace_state_with_url(&JsValue::NULL, "", Some(path))
        .unwrap();
    let out = f();
    history
        .replace_state_with_url(&JsValue::NULL, "", Some(&before))
        .unwrap();
    out
}

/// A fresh runtime (a page load) on the callback: its `social` slice once the identity
/// group's code (phone and social, a lazy group since session 51) is here and has finished
/// what the page brings.
async fn callback(state: &str) -> JsValue {
    storage::clear_token();
    let path = ["/auth/social/google/callback?code=c-1&state=", state].concat();
    let rt = at(&path, || {
        let rt = Runtime::new(config());
        rt.start();
        rt
    });
    // Microtasks only: the group's code arrives in one (this build is not split), while the
    // trade's answer (a closed port) comes in a later task, so the slice read here is the one
    // the code's arrival left.
    for _ in 0..1000 {
        let view = rt.view();
        let identity = get(&get(&view, "groups"), "identity").as_string();
        if identity.as_deref() == Some("ready") {
            return get(&view, "social");
        }
        let tick = js_sys::Promise::resolve(&JsValue::NULL);
        let _ = wasm_bindgen_futures::JsFuture::from(tick).await;
    }
    panic!("the identity group's code did not come within microtasks");
}

#[wasm_bindgen_test]
async fn the_kept_round_trip_is_read_back_on_the_callback_and_used_once() {
    storage::session_set(PENDING_KEY, Some("s-77 google login /games?x=1"));
    let social = callback("s-77").await;
    assert!(
        get(&social, "error").is_null() || get(&social, "error").is_undefined(),
        "the state matches: no refusal"
    );
    assert_eq!(
        get(&social, "busy").as_bool(),
        Some(true),
        "the code is being traded"
    );
    assert_eq!(
        storage::session_get(PENDING_KEY),
        None,
        "sessionStorage no longer holds it"
    );
}

#[wasm_bindgen_test]
async fn a_state_this_tab_did_not_keep_is_refused_on_the_page() {
    storage::session_set(PENDING_KEY, Some("mine google login /"));
    let social = callback("theirs").await;
    assert!(
        get(&social, "error")
            .as_string()
            .is_some_and(|e| !e.is_empty()),
        "the page says why"
    );
    assert_eq!(get(&social, "busy").as_bool(), Some(false));
    assert_eq!(storage::session_get(PENDING_KEY), None);
}
