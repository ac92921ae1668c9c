//! The wasm surface in a real browser: create a core, dispatch, receive view slices; the
//! runtime's token storage.

use std::cell::RefCell;
use std::rc::Rc;

use croupier_core::bindings::Core;
use croupier_core::runtime::storage;
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::*;

fn event(json: &str) -> JsValue {
    js_sys::JSON::parse(json).expect("test json")
}

fn get(v: &JsValue, path: &[&str]) -> JsValue {
    path.iter().fold(v.clone(), |acc, k| {
        js_sys::Reflect::get(&acc, &(*k).into()).unwrap_or(JsValue::UNDEFINED)
    })
}

/// Subscribe and collect every `changed` object the core sends.
fn collect(core: &Core) -> Rc<RefCell<Vec<JsValue>>> {
    let seen = Rc::new(RefCell::new(Vec::new()));
    let sink = Rc::clone(&seen);
    let cb =
        Closure::<dyn Fn(JsValue)>::new(move |changed: JsValue| sink.borrow_mut().push(changed));
    core.subscribe(cb.as_ref().unchecked_ref::<js_sys::Function>().clone());
    cb.forget();
    seen
}

#[wasm_bindgen_test]
fn dispatch_sends_only_changed_slices() {
    let core = Core::new(JsValue::UNDEFINED);
    let seen = collect(&core);
    core.dispatch(event(
        r#"{"type":"formInput","form":"signUp","field":"email","value":"someone@gmail.c"}"#,
    ));
    core.dispatch(event(r#"{"type":"formSubmit","form":"signUp"}"#));
    let seen = seen.borrow();
    assert!(!seen.is_empty(), "subscriber was called");
    let last = seen.last().unwrap();
    // The form slice changed; the session slice did not, so it is not re-sent.
    assert!(get(last, &["session"]).is_undefined());
    let email_error = get(last, &["forms", "signUp", "errors", "email"]);
    assert!(
        email_error.as_string().is_some_and(|m| !m.is_empty()),
        "email message shown after submit"
    );
    assert_eq!(
        get(last, &["forms", "signUp", "values", "email"])
            .as_string()
            .as_deref(),
        Some("someone@gmail.c")
    );
    assert_eq!(
        get(last, &["forms", "signUp", "submitting"]).as_bool(),
        Some(false)
    );
}

#[wasm_bindgen_test]
fn view_is_a_plain_object() {
    let core = Core::new(event(
        r#"{"apiBase":"","platform":"web","defaultLocale":"en"}"#,
    ));
    let v = core.view();
    assert_eq!(
        get(&v, &["session", "status"]).as_string().as_deref(),
        Some("booting")
    );
    assert!(js_sys::Array::is_array(&get(&v, &["accounts", "items"])));
    // Plain objects all the way down: Object.prototype, no Map, keys as the view names them.
    let plain = |x: &JsValue| {
        js_sys::Object::get_prototype_of(x)
            == js_sys::Object::get_prototype_of(&js_sys::Object::new())
    };
    assert!(plain(&v));
    for slice in ["session", "accounts", "nav", "forms", "texts"] {
        let s = get(&v, &[slice]);
        assert!(
            s.is_object() && plain(&s) && !s.is_instance_of::<js_sys::Map>(),
            "{slice}"
        );
    }
}

#[wasm_bindgen_test]
fn malformed_input_is_ignored_not_fatal() {
    let core = Core::new(event(r#"{"apiBase": 42}"#));
    let seen = collect(&core);
    let before = js_sys::JSON::stringify(&core.view()).expect("view");
    core.dispatch(event(r#"{"type":"noSuchEvent"}"#));
    core.dispatch(JsValue::from_f64(3.0));
    core.dispatch(event(r#"{"type":"switchAccount","id":"not a number"}"#));
    // Ignored: nothing changed, nothing was sent to the view.
    assert_eq!(js_sys::JSON::stringify(&core.view()).expect("view"), before);
    assert_eq!(seen.borrow().len(), 0);
    // Not fatal: the same core still acts on a well-formed event.
    core.dispatch(event(r#"{"type":"openModal","id":"sign-in"}"#));
    assert_eq!(
        get(&core.view(), &["nav", "modal", "id"])
            .as_string()
            .as_deref(),
        Some("sign-in")
    );
    assert!(!seen.borrow().is_empty());
    core.dispatch(event(r#"{"type":"closeModal"}"#));
}

#[wasm_bindgen_test]
fn modal_events_move_the_address() {
    let core = Core::new(JsValue::UNDEFINED);
    core.dispatch(event(r#"{"type":"openModal","id":"sign-in"}"#));
    let search = web_sys::window().unwrap().location().search().unwrap();
    assert_eq!(search, "?modal=sign-in");
    assert_eq!(
        get(&core.view(), &["nav", "modal", "id"])
            .as_string()
            .as_deref(),
        Some("sign-in")
    );
    core.dispatch(event(r#"{"type":"closeModal"}"#));
    assert_eq!(web_sys::window().unwrap().location().search().unwrap(), "");
}

#[wasm_bindgen_test]
fn token_is_stored_read_and_cleared() {
    storage::clear_token();
    assert_eq!(storage::read_token(), None);
    storage::store_token("aaa.bbb.ccc");
    assert_eq!(storage::read_token().as_deref(), Some("aaa.bbb.ccc"));
    storage::store_token("ddd.eee.fff");
    assert_eq!(storage::read_token().as_deref(), Some("ddd.eee.fff"));
    storage::clear_token();
    assert_eq!(storage::read_token(), None);
}

#[wasm_bindgen_test]
fn peer_signals_round_trip() {
    assert_eq!(storage::parse_peer_signal("login:123"), Some(true));
    assert_eq!(storage::parse_peer_signal("logout:5"), Some(false));
    assert_eq!(storage::parse_peer_signal("junk"), None);
    // What one tab writes, another reads back as the same signal.
    for logged_in in [false, true] {
        storage::signal_peers(logged_in, 42.0);
        let stored = storage::local()
            .unwrap()
            .get_item(storage::PEER_KEY)
            .unwrap()
            .unwrap();
        assert_eq!(stored, if logged_in { "login:42" } else { "logout:42" });
        assert_eq!(storage::parse_peer_signal(&stored), Some(logged_in));
    }
}

#[wasm_bindgen_test]
fn the_pages_texts_are_the_views_defaults() {
    // The browser build carries no texts of its own: the page hands over the default language.
    let bare = Core::new(JsValue::UNDEFINED);
    assert!(get(&bare.view(), &["texts", "layout.signIn"]).is_undefined());
    let core = Core::new(event(
        r#"{"texts": {"layout.signIn": "Sign in", "layout.brand": "Croupier"}}"#,
    ));
    assert_eq!(
        get(&core.view(), &["texts", "layout.signIn"])
            .as_string()
            .as_deref(),
        Some("Sign in")
    );
}

#[wasm_bindgen_test]
fn prepare_changes_nothing_and_the_core_then_works() {
    let core = Core::new(JsValue::UNDEFINED);
    let seen = collect(&core);
    let text = |v: JsValue| js_sys::JSON::stringify(&v).unwrap().as_string().unwrap();
    let before = text(core.view());
    core.prepare();
    core.prepare();
    assert!(seen.borrow().is_empty(), "no slice sent");
    assert_eq!(text(core.view()), before, "the same view");
    // Events run as ever afterwards.
    core.dispatch(event(
        r#"{"type":"formInput","form":"signUp","field":"email","value":"a@b.c"}"#,
    ));
    let seen = seen.borrow();
    assert_eq!(
        get(
            seen.last().unwrap(),
            &["forms", "signUp", "values", "email"]
        )
        .as_string()
        .as_deref(),
        Some("a@b.c")
    );
}
