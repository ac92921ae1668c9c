//! The third-party loaders in Chrome and Firefox (issue 16; SPEC §7 Other, §8): without keys
//! nothing is added to the page and a guarded form's captcha token is null; with keys each
//! stand-in of the sandbox (`/third-party/{service}.js`) is loaded by its loader, the
//! consent-requiring ones only after consent, the visit reaches every sink with its pixel action
//! id and external code, and a guarded form gets the captcha token and the visitor
//! fingerprint; a script that fails to load breaks nothing. One test: the loaders keep their
//! state in the page, as they do in the product.
//! Run through `scripts/with-sandbox.sh` (see sandbox.rs).

use crate::sandbox_url;
use croupier_core::app::Guard;
use croupier_core::bindings::Core;
use croupier_core::runtime::third_party::guard;
use js_sys::Reflect;
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::*;

const SERVICES: [&str; 7] = [
    "tagManager",
    "webMetrics",
    "chat",
    "sessionReplay",
    "fingerprint",
    "pixel",
    "captcha",
];

fn json(text: &str) -> JsValue {
    js_sys::JSON::parse(text).expect("test json")
}

fn global(name: &str) -> JsValue {
    Reflect::get(&js_sys::global(), &name.into()).unwrap_or(JsValue::UNDEFINED)
}

fn stringify(v: &JsValue) -> String {
    js_sys::JSON::stringify(v)
        .ok()
        .and_then(|s| s.as_string())
        .unwrap_or_default()
}

/// The scripts the page holds whose address contains `part`.
fn scripts(part: &str) -> Vec<String> {
    let all = js_sys::Function::new_no_args(
        "return Array.from(document.scripts, (s) => s.getAttribute('src') || '')",
    )
    .call0(&JsValue::NULL)
    .expect("scripts");
    js_sys::Array::from(&all)
        .iter()
        .filter_map(|s| s.as_string())
        .filter(|s| s.contains(part))
        .collect()
}

/// The visitor's stored cookie choice (`cookieConsent`, read by the core at start).
fn store_consent(value: Option<&str>) {
    let storage = web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .expect("localStorage");
    match value {
        Some(v) => storage.set_item("cookieConsent", v).expect("stored"),
        None => storage.remove_item("cookieConsent").expect("removed"),
    }
}

/// The services the stand-ins say have loaded (`window.__thirdParty.loaded`).
fn loaded() -> Vec<String> {
    let tp = global("__thirdParty");
    let list = Reflect::get(&tp, &"loaded".into()).unwrap_or(JsValue::UNDEFINED);
    if list.is_undefined() {
        return Vec::new();
    }
    js_sys::Array::from(&list)
        .iter()
        .filter_map(|e| Reflect::get(&e, &"service".into()).ok()?.as_string())
        .collect()
}

/// Wait (in 50 ms steps, at most ~10 s) until `done` holds; the assertion follows it.
async fn until(done: impl Fn() -> bool) {
    for _ in 0..200 {
        if done() {
            return;
        }
        gloo_timers::future::TimeoutFuture::new(50).await;
    }
}

/// The session's status in the core's view (`guest` once a visitor's start has run).
fn status(core: &Core) -> String {
    let session = Reflect::get(&core.view(), &"session".into()).unwrap();
    let status = Reflect::get(&session, &"status".into()).unwrap();
    status.as_string().unwrap_or_default()
}

fn core(third_party: &str) -> Core {
    let core = Core::new(json(&format!(
        r#"{{"apiBase":"{}","thirdParty":{third_party}}}"#,
        sandbox_url()
    )));
    core.start();
    core
}

fn keyed(pixel_script: &str) -> String {
    let entries: Vec<String> = SERVICES
        .iter()
        .map(|s| {
            let script = if *s == "pixel" {
                pixel_script.to_string()
            } else {
                format!("{}/third-party/{s}.js", sandbox_url())
            };
            format!(r#""{s}":{{"key":"{s}-key","script":"{script}"}}"#)
        })
        .collect();
    format!("{{{}}}", entries.join(","))
}

#[wasm_bindgen_test]
async fn loaders_follow_keys_and_consent_and_a_failure_breaks_nothing() {
    // No keys: nothing is added, and a guarded form's captcha token is null.
    store_consent(Some("analytics=1;marketing=1"));
    let bare = core("{}");
    // The start has run (a guest now), and with it every loader's plan: a script a loader adds
    // is in the page as soon as it is planned, so none is there now means none will be.
    assert_eq!(status(&bare), "guest");
    assert!(scripts("/third-party/").is_empty());
    assert!(global("dataLayer").is_undefined());
    let body = guard(Some(serde_json::json!({"email": "a@b.c"})), Guard::Form).await;
    assert_eq!(
        body,
        Some(serde_json::json!({"email": "a@b.c", "captchaToken": null}))
    );
    drop(bare);

    // Every service keyed, the pixel's script missing (a 404): with no choice made, only the
    // consent-free ones load.
    store_consent(None);
    let missing = format!("{}/third-party/missing.js", sandbox_url());
    let first_core = core(&keyed(&missing));
    // Planned at start: the page holds the consent-free services' scripts and no other, so no
    // other can load later.
    assert_eq!(status(&first_core), "guest");
    let mut tags = scripts("/third-party/");
    tags.sort();
    let at = |s: &str| format!("{}/third-party/{s}.js", sandbox_url());
    assert_eq!(tags, [at("captcha"), at("chat"), at("fingerprint")]);
    until(|| loaded().len() >= 3).await;
    let mut first = loaded();
    first.sort();
    assert_eq!(first, ["captcha", "chat", "fingerprint"]);
    assert!(
        global("dataLayer").is_undefined(),
        "no tag manager before consent"
    );
    drop(first_core);

    // The visitor allowed both: the next start loads the rest too.
    store_consent(Some("analytics=1;marketing=1"));
    let c = core(&keyed(&missing));
    until(|| loaded().len() >= 9).await;
    let mut all = loaded();
    all.sort();
    all.dedup();
    assert_eq!(
        all,
        [
            "captcha",
            "chat",
            "fingerprint",
            "sessionReplay",
            "tagManager",
            "webMetrics"
        ]
    );
    assert_eq!(scripts("/third-party/missing.js").len(), 1);
    // The visit kept for consent reached the sinks with its ids (SPEC §9: 80, code 5).
    let layer = stringify(&global("dataLayer"));
    assert!(
        layer.contains(r#"{"event":"visit","pixelActionId":80,"externalEventCode":5}"#),
        "{layer}"
    );
    let calls = stringify(&Reflect::get(&global("__thirdParty"), &"calls".into()).unwrap());
    assert!(
        calls.contains(
            r#"["webMetrics-key","reachGoal","visit",{"pixelActionId":80,"externalEventCode":5}]"#
        ),
        "{calls}"
    );
    assert!(calls.contains(r#"{"token":"chat-key""#), "{calls}");
    // The failed pixel: the page and the core go on.
    c.dispatch(json(r#"{"type":"navigate","path":"/games"}"#));
    let nav = Reflect::get(&c.view(), &"nav".into()).unwrap();
    let path = Reflect::get(&nav, &"path".into()).unwrap();
    assert_eq!(path.as_string().as_deref(), Some("/games"));

    // A guarded form now carries the captcha token for frontend_form and the visitor id, and
    // the anti-fraud fingerprint its integration keeps in localStorage (SPEC §7).
    croupier_core::runtime::storage::local_set("croupier.fingerprint2", Some("fraud-2"));
    let body = guard(None, Guard::Form).await.expect("a body");
    assert_eq!(body["fingerprint2"], serde_json::json!("fraud-2"));
    assert_eq!(
        body["captchaToken"],
        serde_json::json!("captcha-captcha-key-frontend_form")
    );
    assert_eq!(
        body["fingerprint"],
        serde_json::json!("visitor-fingerprint-key")
    );
    // A fingerprint the form already has is kept.
    let body = guard(
        Some(serde_json::json!({"fingerprint": "mine"})),
        Guard::Form,
    )
    .await
    .unwrap();
    assert_eq!(body["fingerprint"], serde_json::json!("mine"));
    // The messenger sign-in: the same visitor id as `frogoFingerprint`, no captcha asked.
    let body = guard(
        Some(serde_json::json!({"tg_payload": "query_id=1"})),
        Guard::Messenger,
    )
    .await
    .unwrap();
    // (No anti-fraud fingerprint for the messenger: SPEC lists none for tg_login.)
    assert_eq!(
        body,
        serde_json::json!({"tg_payload": "query_id=1", "frogoFingerprint": "visitor-fingerprint-key"})
    );
    croupier_core::runtime::storage::local_set("croupier.fingerprint2", None);
}
