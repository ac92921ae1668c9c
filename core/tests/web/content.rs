//! Issue 16 in a real browser (Chrome and Firefox): the affiliate cookies the runtime writes
//! and reads, their expiry, and the tag captured from the landing address at start.

use crate::wait_ms;
use croupier_core::bindings::Core;
use croupier_core::runtime::storage;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;
use wasm_bindgen_test::*;

/// Records every line written to `document.cookie` (still written through) until
/// [`unwatch_cookie_writes`]; the lines a browser does not let a page read back (Max-Age).
fn watch_cookie_writes() -> js_sys::Array {
    let lines = js_sys::Array::new();
    js_sys::Function::new_with_args(
        "lines",
        "const real = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
         Object.defineProperty(document, 'cookie', { configurable: true,
           get() { return real.get.call(document); },
           set(v) { lines.push(String(v)); real.set.call(document, v); } });",
    )
    .call1(&JsValue::NULL, &lines)
    .expect("watch document.cookie");
    lines
}

fn unwatch_cookie_writes() {
    js_sys::Function::new_no_args("delete document.cookie;")
        .call0(&JsValue::NULL)
        .expect("unwatch document.cookie");
}

#[wasm_bindgen_test]
fn a_cookie_keeps_any_text_and_max_age_zero_removes_it() {
    storage::store_cookie("t_any", "a b;c=d%e/é", 60);
    assert_eq!(
        storage::read_cookie("t_any").as_deref(),
        Some("a b;c=d%e/é")
    );
    storage::store_cookie("t_any", "", 0);
    assert_eq!(storage::read_cookie("t_any"), None);
    assert_eq!(
        storage::cookie_line("affiliate_tag", "x", 30 * 86_400),
        "affiliate_tag=x; Max-Age=2592000; Path=/; SameSite=Lax"
    );
}

#[wasm_bindgen_test]
async fn a_cookie_is_gone_once_its_max_age_has_passed() {
    storage::store_cookie("t_short", "v", 1);
    assert_eq!(storage::read_cookie("t_short").as_deref(), Some("v"));
    // The browser drops it after its second; two leave room for a slow machine.
    wait_ms(2_100).await;
    assert_eq!(storage::read_cookie("t_short"), None);
}

#[wasm_bindgen_test]
async fn the_landing_tag_is_captured_once_with_the_configured_lifetime() {
    for n in ["affiliate_tag", "bot_url", "referral_id"] {
        storage::store_cookie(n, "", 0);
    }
    let window = web_sys::window().expect("window");
    let history = window.history().expect("history");
    let back = window.location().href().expect("href");
    history
        .replace_state_with_url(&JsValue::NULL, "", Some("/?stag=web_first"))
        .expect("address");
    let config = js_sys::JSON::parse(r#"{"affiliateCookieDays": 7}"#).expect("config");
    let written = watch_cookie_writes();
    Core::new(config.clone()).start();
    unwatch_cookie_writes();
    assert_eq!(
        storage::read_cookie("affiliate_tag").as_deref(),
        Some("web_first")
    );
    // Its lifetime is 7 days, in every browser: what the core told `document.cookie`.
    let lines: Vec<String> = written.iter().filter_map(|l| l.as_string()).collect();
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("affiliate_tag=web_first;") && l.contains("; Max-Age=604800;")),
        "{lines:?}"
    );
    // And what the browser kept, where it can say: Chrome's Cookie Store API gives the expiry
    // (7 days away); Firefox's gives only name and value, so there the line written above is
    // the proof.
    let store = js_sys::Reflect::get(&window, &"cookieStore".into()).unwrap_or(JsValue::UNDEFINED);
    if !store.is_undefined() {
        let get: js_sys::Function = js_sys::Reflect::get(&store, &"get".into())
            .expect("get")
            .unchecked_into();
        let found = JsFuture::from(js_sys::Promise::from(
            get.call1(&store, &"affiliate_tag".into()).expect("call"),
        ))
        .await
        .expect("cookie");
        assert!(!found.is_null(), "the store has the cookie");
        if let Some(expires) = js_sys::Reflect::get(&found, &"expires".into())
            .ok()
            .and_then(|e| e.as_f64())
        {
            let days = (expires - js_sys::Date::now()) / 86_400_000.0;
            assert!(days > 6.99 && days < 7.01, "expires in {days} days");
        }
    }
    // A second landing with another tag keeps the first.
    history
        .replace_state_with_url(&JsValue::NULL, "", Some("/?stag=web_second"))
        .expect("address");
    Core::new(config).start();
    assert_eq!(
        storage::read_cookie("affiliate_tag").as_deref(),
        Some("web_first")
    );
    storage::store_cookie("affiliate_tag", "", 0);
    history
        .replace_state_with_url(&JsValue::NULL, "", Some(&back))
        .expect("address back");
}
