//! The sportsbook across the boundary, in Chrome and Firefox, against the sandbox's stand-in
//! provider: the `sport` slice asks for the script, widgets wait for `init`, the widget's own
//! navigation (a JS object from its callback) reaches the core and the address, an address
//! change moves the widget, and a script that fails to load leaves a retry.
//! Run through `scripts/with-sandbox.sh` (see sandbox.rs).

use std::rc::Rc;

use crate::sandbox_url;
use croupier_core::bindings::Core;
use js_sys::{Function, Object, Promise, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;
use wasm_bindgen_test::*;

fn json(text: &str) -> JsValue {
    js_sys::JSON::parse(text).expect("test json")
}

fn get(v: &JsValue, path: &[&str]) -> JsValue {
    path.iter().fold(v.clone(), |acc, k| {
        Reflect::get(&acc, &(*k).into()).unwrap_or(JsValue::UNDEFINED)
    })
}

fn text(v: &JsValue, path: &[&str]) -> Option<String> {
    get(v, path).as_string()
}

/// What the app's host does, written in JS: add a script tag and wait for it. In CORS mode:
/// the test page is cross-origin isolated, and the sandbox is another origin that allows it.
async fn load_script(url: &str) -> Result<JsValue, JsValue> {
    let load = Function::new_with_args(
        "url",
        "return new Promise((ok, fail) => { const s = document.createElement('script'); \
         s.crossOrigin = 'anonymous'; s.src = url; s.onload = () => ok(); s.onerror = () => { s.remove(); fail(new Error('no ' + url)); }; \
         document.head.appendChild(s); })",
    );
    JsFuture::from(Promise::from(load.call1(&JsValue::NULL, &url.into())?)).await
}

/// A core on `path` once the sport group's code is in: the group loads asynchronously (in the
/// product from its own chunk; here, unsplit, in the next task), and what was sent to it meanwhile
/// is queued and delivered on arrival.
async fn core_at(path: &str) -> Rc<Core> {
    let script = format!("{}/sportsbook/sdk.js", sandbox_url());
    let core = Rc::new(Core::new(json(&format!(
        r#"{{"apiBase":"{}","sportsbookScript":"{script}"}}"#,
        sandbox_url()
    ))));
    core.start();
    core.dispatch(json(&format!(r#"{{"type":"navigate","path":"{path}"}}"#)));
    crate::group_ready(|| core.view(), "sport").await;
    core
}

fn pathname() -> String {
    web_sys::window()
        .and_then(|w| w.location().pathname().ok())
        .unwrap_or_default()
}

fn go_home(core: &Core) {
    core.dispatch(json(r#"{"type":"navigate","path":"/"}"#));
}

#[wasm_bindgen_test]
async fn the_stand_in_widget_and_the_core_drive_each_other() {
    let core = core_at("/sport").await;
    let sport = get(&core.view(), &["sport"]);
    let script = text(&sport, &["script"]).expect("the slice asks for the script");
    assert!(script.ends_with("/sportsbook/sdk.js"));
    assert_eq!(text(&sport, &["state"]).as_deref(), Some("loading"));
    assert!(get(&sport, &["book"]).is_undefined() || get(&sport, &["book"]).is_null());

    load_script(&script).await.expect("the stand-in loads");
    let sdk = get(&web_sys::window().unwrap().into(), &["Sportsbook"]);
    let init = Function::new_with_args(
        "sdk, v",
        "return sdk.init({integration: v.integration, culture: v.culture, theme: v.theme, \
         token: v.token, numberFormat: {decimal: v.decimal}})",
    );
    let ready = init.call2(&JsValue::NULL, &sdk, &sport).expect("init");
    JsFuture::from(Promise::from(ready))
        .await
        .expect("init resolves");
    core.dispatch(json(r#"{"type":"sportWidgetReady"}"#));
    let sport = get(&core.view(), &["sport"]);
    assert_eq!(text(&sport, &["state"]).as_deref(), Some("initiated"));
    assert_eq!(text(&sport, &["culture"]).as_deref(), Some("en-GB"));
    assert_eq!(
        text(&sport, &["token"]).as_deref(),
        Some(""),
        "guest: blank"
    );
    let route = get(&sport, &["book", "route"]);
    assert_eq!(text(&route, &["page"]).as_deref(), Some("overview"));
    let nav = get(&sport, &["book", "nav"]).as_f64().expect("nav");

    // The widget's callback hands the core a plain JS object.
    let c = Rc::clone(&core);
    let on_navigate = Closure::<dyn Fn(JsValue)>::new(move |r: JsValue| {
        let e = Object::new();
        Reflect::set(&e, &"type".into(), &"sportNavigated".into()).unwrap();
        Reflect::set(&e, &"route".into(), &r).unwrap();
        c.dispatch(e.into());
    });
    let add = Function::new_with_args(
        "sdk, route, onNavigate",
        "const el = document.createElement('div'); document.body.appendChild(el); \
         sdk.addSportsBook({container: el, route, onNavigate, onSignIn() {}, onTokenExpired() {}}); \
         return el;",
    );
    let el = add
        .call3(&JsValue::NULL, &sdk, &route, on_navigate.as_ref())
        .expect("addSportsBook");
    let click = Function::new_with_args("el, sel", "el.querySelector(sel).click()");
    click
        .call2(&JsValue::NULL, &el, &"[data-sport=\"66\"]".into())
        .expect("the soccer chip");
    assert_eq!(
        pathname(),
        "/sport/soccer",
        "the address follows the widget"
    );
    let sport = get(&core.view(), &["sport"]);
    assert_eq!(
        get(&sport, &["book", "route", "sportId"]).as_f64(),
        Some(66.0)
    );
    assert_eq!(
        get(&sport, &["book", "nav"]).as_f64(),
        Some(nav),
        "the widget is not moved back"
    );

    // The address moves the widget: the slice's route changes and nav moves on.
    core.dispatch(json(r#"{"type":"navigate","path":"/sport/live"}"#));
    let sport = get(&core.view(), &["sport"]);
    assert_eq!(
        text(&sport, &["book", "route", "page"]).as_deref(),
        Some("live")
    );
    assert_eq!(get(&sport, &["book", "nav"]).as_f64(), Some(nav + 1.0));
    let again = Function::new_with_args(
        "sdk, el, route",
        "sdk.addSportsBook({container: el, route, onNavigate() { throw new Error('reported'); }}); \
         return el.querySelector('[data-page=live]').getAttribute('aria-current');",
    );
    let current = again
        .call3(&JsValue::NULL, &sdk, &el, &get(&sport, &["book", "route"]))
        .expect("moved without reporting back");
    assert_eq!(current.as_string().as_deref(), Some("page"));

    let remove = Function::new_with_args("sdk, el", "sdk.remove(el); return el.children.length;");
    let left = remove.call2(&JsValue::NULL, &sdk, &el).unwrap();
    assert_eq!(left.as_f64(), Some(0.0));
    go_home(&core);
    drop(on_navigate);
}

#[wasm_bindgen_test]
async fn a_script_that_does_not_load_leaves_a_retry() {
    let core = core_at("/sport/esports").await;
    let missing = format!("{}/sportsbook/missing.js", sandbox_url());
    let err = load_script(&missing).await.expect_err("a 404 script fails");
    let reason = get(&err, &["message"]).as_string().unwrap_or_default();
    assert!(reason.contains("missing.js"), "{reason}");
    let e = Object::new();
    Reflect::set(&e, &"type".into(), &"sportScriptFailed".into()).unwrap();
    Reflect::set(&e, &"reason".into(), &reason.into()).unwrap();
    core.dispatch(e.into());
    let sport = get(&core.view(), &["sport"]);
    assert_eq!(text(&sport, &["state"]).as_deref(), Some("failed"));
    let attempt = get(&sport, &["attempt"]).as_f64().unwrap();
    core.dispatch(json(r#"{"type":"sportRetry"}"#));
    let sport = get(&core.view(), &["sport"]);
    assert_eq!(text(&sport, &["state"]).as_deref(), Some("loading"));
    assert_eq!(get(&sport, &["attempt"]).as_f64(), Some(attempt + 1.0));
    go_home(&core);
}
