//! The session's browser side, in real browsers (Chrome and Firefox via wasm-pack): the token
//! cookie, the cross-tab refresh lock in localStorage, the requests the API client builds
//! (headers, credentials, bracket query) and one real fetch through the client.
//!
//! Requests are checked as built `Request` objects: headers and URL are what the browser
//! sends, and no server of ours runs here (wasm-bindgen-test serves only its own page). The
//! real fetch goes to that page's server, which answers an unknown path with an error status:
//! enough to prove the fetch path, timeout guard and response reading work end to end.

use croupier_core::app::calls::query::array_param;
use croupier_core::app::features::{settings, wallet};
use croupier_core::app::{CallId, Config, Guard, HttpOutcome, HttpRequest, Method, Req};
use croupier_core::domain::refresh::{lock_value, REFRESH_LOCK_KEY};
use croupier_core::runtime::{http, lock, socket, storage};
use std::cell::Cell;
use std::rc::Rc;

use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

fn now() -> u64 {
    js_sys::Date::now() as u64
}

fn clear_lock() {
    storage::local()
        .unwrap()
        .remove_item(REFRESH_LOCK_KEY)
        .unwrap();
}

fn stored_lock() -> Option<String> {
    storage::local()
        .unwrap()
        .get_item(REFRESH_LOCK_KEY)
        .unwrap()
}

#[wasm_bindgen_test]
fn the_token_lives_in_the_access_token_cookie() {
    storage::clear_token();
    assert_eq!(storage::read_token(), None);
    storage::store_token("h.p.s");
    let cookies = web_sys::window()
        .unwrap()
        .document()
        .unwrap()
        .dyn_into::<web_sys::HtmlDocument>()
        .unwrap()
        .cookie()
        .unwrap();
    assert!(cookies.contains("access_token=h.p.s"), "{cookies}");
    assert_eq!(storage::read_token().as_deref(), Some("h.p.s"));
    storage::clear_token();
    assert_eq!(storage::read_token(), None);
}

#[wasm_bindgen_test]
fn lock_is_taken_held_and_released_by_its_owner_only() {
    clear_lock();
    let t = now();
    assert!(lock::try_take("tabA", t));
    assert_eq!(stored_lock(), Some(lock_value("tabA", t)));
    assert!(lock::holds("tabA"));
    // Another tab finds it held, and cannot release it.
    assert!(!lock::try_take("tabB", t + 1));
    assert!(!lock::holds("tabB"));
    lock::release("tabB");
    assert!(lock::holds("tabA"));
    // Its owner may take it again (a second refresh in the same tab) and releases it.
    assert!(lock::try_take("tabA", t + 2));
    lock::release("tabA");
    assert_eq!(stored_lock(), None);
    assert!(lock::try_take("tabB", t + 3));
    lock::release("tabB");
}

#[wasm_bindgen_test]
fn a_stale_or_unreadable_lock_is_free() {
    clear_lock();
    let t = now();
    let local = storage::local().unwrap();
    local
        .set_item(REFRESH_LOCK_KEY, &lock_value("gone", t - 10_000))
        .unwrap();
    assert!(lock::try_take("tabB", t));
    assert!(lock::holds("tabB"));
    local.set_item(REFRESH_LOCK_KEY, "???").unwrap();
    assert!(lock::try_take("tabC", t));
    lock::release("tabC");
}

#[wasm_bindgen_test]
fn a_later_writer_wins_the_read_back() {
    // Two tabs that both saw the lock free: the read-back after the settle decides.
    clear_lock();
    let t = now();
    assert!(lock::try_take("tabA", t));
    storage::local()
        .unwrap()
        .set_item(REFRESH_LOCK_KEY, &lock_value("tabB", t))
        .unwrap();
    assert!(!lock::holds("tabA"));
    assert!(lock::holds("tabB"));
    lock::release("tabB");
}

/// `navigator` (web-sys's Navigator type is not among the crate's features).
fn navigator() -> js_sys::Object {
    js_sys::Reflect::get(&js_sys::global(), &"navigator".into())
        .unwrap()
        .unchecked_into()
}

/// Hide `navigator.locks` for the rest of a test (the browsers without Web Locks): an own
/// property shadows the prototype's getter; `restore_web_locks` deletes it again.
fn hide_web_locks() {
    let nav = navigator();
    let desc = js_sys::Object::new();
    js_sys::Reflect::set(&desc, &"value".into(), &JsValue::UNDEFINED).unwrap();
    js_sys::Reflect::set(&desc, &"configurable".into(), &JsValue::TRUE).unwrap();
    js_sys::Object::define_property(&nav, &"locks".into(), &desc);
    assert!(js_sys::Reflect::get(&nav, &"locks".into())
        .unwrap()
        .is_undefined());
}

/// Also run first by the Web Lock test: a failed fallback test (a panic aborts, no cleanup)
/// must not leave the API hidden for the tests after it.
fn restore_web_locks() {
    let nav = navigator();
    js_sys::Reflect::delete_property(&nav, &"locks".into()).unwrap();
    assert!(!js_sys::Reflect::get(&nav, &"locks".into())
        .unwrap()
        .is_undefined());
}

#[wasm_bindgen_test]
async fn without_web_locks_acquire_writes_settles_and_reads_back() {
    // Every test of this page runs in turn, so no other test sees the hidden API.
    clear_lock();
    hide_web_locks();
    let tab = lock::tab_id();
    assert_eq!(tab.len(), 12);
    assert_eq!(tab, lock::tab_id(), "one id per page");
    // Free: taken through localStorage alone (no Web Lock is held afterwards).
    assert!(lock::acquire(&tab).await);
    assert!(lock::holds(&tab));
    assert!(stored_lock().is_some_and(|v| v.starts_with(&format!("{tab}:"))));
    lock::release(&tab);
    assert_eq!(stored_lock(), None);
    // Held by another tab: refused at once, their lock untouched.
    let theirs = lock_value("other", now());
    storage::local()
        .unwrap()
        .set_item(REFRESH_LOCK_KEY, &theirs)
        .unwrap();
    assert!(!lock::acquire(&tab).await);
    assert_eq!(stored_lock(), Some(theirs));
    clear_lock();
    // Two tabs saw it free and both wrote: the read-back after the settle decides. Another
    // tab's write lands while ours settles, so ours is refused.
    let result = Rc::new(Cell::new(None));
    let out = Rc::clone(&result);
    let me = tab.clone();
    wasm_bindgen_futures::spawn_local(async move { out.set(Some(lock::acquire(&me).await)) });
    wait_for("our write", || stored_lock().is_some()).await;
    assert!(lock::holds(&tab), "we wrote first");
    storage::local()
        .unwrap()
        .set_item(REFRESH_LOCK_KEY, &lock_value("later", now()))
        .unwrap();
    wait_for("the read-back", || result.get().is_some()).await;
    assert_eq!(result.get(), Some(false), "the later writer wins");
    assert!(lock::holds("later"));
    clear_lock();
    restore_web_locks();
}

/// Poll `done` every 5 ms for up to 5 s (a state the test can see, never a fixed sleep).
async fn wait_for(what: &str, done: impl Fn() -> bool) {
    for _ in 0..1000 {
        if done() {
            return;
        }
        gloo_timers::future::TimeoutFuture::new(5).await;
    }
    panic!("timed out waiting for {what}");
}

/// Is the refresh Web Lock held by anyone? (`navigator.locks.query()`.)
async fn web_lock_held() -> bool {
    let nav = navigator();
    let locks = js_sys::Reflect::get(&nav, &"locks".into()).unwrap();
    let query: js_sys::Function = js_sys::Reflect::get(&locks, &"query".into())
        .unwrap()
        .unchecked_into();
    let promise: js_sys::Promise = query.call0(&locks).unwrap().unchecked_into();
    let snapshot = wasm_bindgen_futures::JsFuture::from(promise).await.unwrap();
    let held: js_sys::Array = js_sys::Reflect::get(&snapshot, &"held".into())
        .unwrap()
        .unchecked_into();
    held.iter().any(|l| {
        js_sys::Reflect::get(&l, &"name".into())
            .ok()
            .and_then(|n| n.as_string())
            .as_deref()
            == Some(REFRESH_LOCK_KEY)
    })
}

async fn wait_web_lock(held: bool) {
    for _ in 0..1000 {
        if web_lock_held().await == held {
            return;
        }
        gloo_timers::future::TimeoutFuture::new(5).await;
    }
    panic!(
        "the Web Lock never became {}",
        if held { "held" } else { "free" }
    );
}

fn config() -> http::Base {
    http::Base::from(&Config {
        api_base: "http://127.0.0.1:9".into(),
        origin: "https://croupier.test".into(),
        ..Config::default()
    })
}

fn request(req: Req, path: &str) -> HttpRequest {
    HttpRequest {
        id: CallId(1),
        req,
        method: Method::Get,
        path: path.into(),
        query: vec![],
        body: None,
        bearer: None,
        source_platform: false,
        guarded: Guard::None,
        file_input: None,
    }
}

#[wasm_bindgen_test]
fn requests_carry_trace_id_bearer_and_bracket_arrays() {
    let mut q = array_param("status", &["1", "2"]);
    q.extend(array_param("currency", &["USD", "EUR"]));
    q.push(("page".into(), "1 & 2".into()));
    let http_req = HttpRequest {
        query: q,
        bearer: Some("a.b.c".into()),
        ..request(
            Req::Wallet(wallet::Call::Accounts),
            "/api/game/player-bonuses",
        )
    };
    let built = http::build(&config(), &http_req, None).unwrap();
    assert_eq!(
        built.url(),
        "http://127.0.0.1:9/api/game/player-bonuses?status[]=1&status[]=2&currency[]=USD&currency[]=EUR&page=1%20%26%202"
    );
    let headers = built.headers();
    let trace = headers.get("x-trace-id").unwrap();
    assert_eq!(trace.len(), 32);
    assert!(trace.bytes().all(|b| b.is_ascii_hexdigit()));
    assert_eq!(
        headers.get("authorization").as_deref(),
        Some("Bearer a.b.c")
    );
    assert_eq!(headers.get("accept").as_deref(), Some("application/json"));
    assert_eq!(
        headers.get("x-source"),
        None,
        "only the calls SPEC §7 lists"
    );
    let raw: web_sys::Request = built.into();
    assert_eq!(raw.credentials(), web_sys::RequestCredentials::Omit);
    assert_eq!(raw.method(), "GET");
    // A fresh trace id per request.
    let again = http::build(&config(), &http_req, None).unwrap();
    assert_ne!(again.headers().get("x-trace-id").unwrap(), trace);
}

#[wasm_bindgen_test]
fn source_and_platform_go_with_the_calls_that_need_them() {
    let http_req = HttpRequest {
        method: Method::Post,
        body: Some(croupier_core::json::json!({ "currency": "USD" })),
        source_platform: true,
        guarded: Guard::None,
        ..request(Req::Wallet(wallet::Call::Create), "/api/wallet/accounts")
    };
    let built = http::build(&config(), &http_req, None).unwrap();
    let headers = built.headers();
    assert_eq!(
        headers.get("x-source").as_deref(),
        Some("https://croupier.test")
    );
    assert_eq!(headers.get("x-platform").as_deref(), Some("web"));
    assert_eq!(
        headers.get("content-type").as_deref(),
        Some("application/json")
    );
    assert_eq!(headers.get("authorization"), None);
    let raw: web_sys::Request = built.into();
    assert_eq!(raw.method(), "POST");
}

#[wasm_bindgen_test]
async fn a_real_fetch_comes_back_as_a_response() {
    // The test page's own server: an API path it does not know.
    let config = http::Base::from(&Config {
        api_base: String::new(),
        ..Config::default()
    });
    let outcome = http::perform(
        &config,
        &request(
            Req::Settings(settings::Call::Currencies),
            "/api/settings/nothing-here",
        ),
    )
    .await;
    match outcome {
        HttpOutcome::Response { status, .. } => assert!(status >= 400, "{status}"),
        HttpOutcome::Failed { reason } => panic!("no response: {reason}"),
    }
}

#[wasm_bindgen_test]
fn socket_address_follows_the_page() {
    assert_eq!(
        socket::ws_url("/api/connection/websocket", "http://127.0.0.1:8080"),
        "ws://127.0.0.1:8080/api/connection/websocket"
    );
    assert_eq!(
        socket::ws_url("/api/connection/websocket", "https://croupier.test/"),
        "wss://croupier.test/api/connection/websocket"
    );
    assert_eq!(
        socket::ws_url("http://127.0.0.1:9/api/connection/websocket", "https://x"),
        "ws://127.0.0.1:9/api/connection/websocket"
    );
    let page = http::origin();
    assert!(socket::ws_url("/x", &page).starts_with("ws://"), "{page}");
}

#[wasm_bindgen_test]
async fn the_web_lock_excludes_a_second_taker_until_released() {
    // Both browsers have Web Locks: the first taker holds it, anyone else is refused, even
    // when localStorage says the lock is free.
    restore_web_locks();
    clear_lock();
    lock::release("any");
    wait_web_lock(false).await;
    assert!(lock::acquire("tabA").await);
    assert!(web_lock_held().await);
    clear_lock();
    assert!(
        !lock::acquire("tabB").await,
        "the Web Lock decides, not storage"
    );
    lock::release("tabA");
    // The browser hands a released lock on asynchronously: wait until it is free.
    wait_web_lock(false).await;
    assert!(lock::acquire("tabB").await);
    lock::release("tabB");
    wait_web_lock(false).await;
}
