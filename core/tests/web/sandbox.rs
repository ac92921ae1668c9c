//! The runtime against a real sandbox, in Chrome and Firefox: SPEC §9's 10 s request timeout
//! and 512 KB response cap (runtime/http.rs), and the whole runtime loop (start, effects,
//! HTTP, the token cookie, the WebSocket of runtime/socket.rs, pushes back into the view).
//!
//! The test page is wasm-bindgen-test's own; the sandbox is another local origin that allows
//! it by CORS. `scripts/with-sandbox.sh` starts one with `--control` and passes its address in
//! `CROUPIER_SANDBOX_URL` at compile time (scripts/test.sh runs the browser steps through it):
//!
//!     scripts/with-sandbox.sh bash -c 'cd core && wasm-pack test --headless --firefox'

use crate::sandbox_url;
use croupier_core::app::features::settings;
use croupier_core::app::{CallId, Config, Guard, HttpOutcome, HttpRequest, Method, Req};
use croupier_core::bindings::Core;
use croupier_core::runtime::{http, storage};
use wasm_bindgen_test::*;

fn base() -> http::Base {
    http::Base::from(&Config {
        api_base: sandbox_url().into(),
        ..Config::default()
    })
}

fn get(path: &str) -> HttpRequest {
    HttpRequest {
        id: CallId(1),
        req: Req::Settings(settings::Call::Currencies),
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
async fn a_slow_answer_within_the_limit_arrives() {
    let outcome = http::perform(&base(), &get("/api/_control/stall?ms=300")).await;
    assert_eq!(
        outcome,
        HttpOutcome::Response {
            status: 200,
            body: "{}".into()
        }
    );
}

#[wasm_bindgen_test]
async fn a_request_is_given_up_after_ten_seconds() {
    // The sandbox would answer 200 after 15 s; the client must not wait for it.
    let started = js_sys::Date::now();
    let outcome = http::perform(&base(), &get("/api/_control/stall?ms=15000")).await;
    let took = js_sys::Date::now() - started;
    assert!(
        matches!(outcome, HttpOutcome::Failed { .. }),
        "{outcome:?} after {took} ms"
    );
    // SPEC §9 "Request timeout 10 s", pinned here rather than read from the product's constant;
    // the ceiling is well before the sandbox's answer at 15 s, with room for a slow machine.
    assert!(took >= 9_900.0, "gave up early: {took} ms");
    assert!(took < 13_000.0, "gave up late: {took} ms");
}

#[wasm_bindgen_test]
async fn answers_over_512_kb_are_refused_with_or_without_a_length() {
    for path in [
        "/api/_control/big?bytes=600000",
        "/api/_control/big?bytes=600000&chunked=true",
    ] {
        match http::perform(&base(), &get(path)).await {
            HttpOutcome::Failed { reason } => assert!(reason.contains("524288"), "{reason}"),
            HttpOutcome::Response { status, body } => {
                panic!(
                    "{path}: read as a response ({status}, {} bytes)",
                    body.len()
                )
            }
        }
    }
    // Just under the cap: read as usual.
    for path in [
        "/api/_control/big?bytes=524288",
        "/api/_control/big?bytes=524288&chunked=true",
    ] {
        match http::perform(&base(), &get(path)).await {
            HttpOutcome::Response { status, body } => {
                assert_eq!((status, body.len()), (200, 524_288), "{path}")
            }
            HttpOutcome::Failed { reason } => panic!("{path}: {reason}"),
        }
    }
}

async fn fetch_json(method: &str, path: &str, body: &str) -> serde_json::Value {
    let url = format!("{}{path}", sandbox_url());
    let req = match method {
        "POST" => gloo_net::http::Request::post(&url),
        _ => gloo_net::http::Request::get(&url),
    };
    let res = req
        .header("Content-Type", "application/json")
        .body(body.to_string())
        .unwrap()
        .send()
        .await
        .unwrap();
    let text = res.text().await.unwrap();
    assert!(res.ok(), "{method} {path}: {} {text}", res.status());
    serde_json::from_str(&text).unwrap()
}

fn view_text(core: &Core, slice: &str) -> String {
    let v = js_sys::Reflect::get(&core.view(), &slice.into()).unwrap();
    js_sys::JSON::stringify(&v).unwrap().into()
}

async fn wait_view(core: &Core, slice: &str, what: &str) {
    for _ in 0..400 {
        if view_text(core, slice).contains(what) {
            return;
        }
        gloo_timers::future::TimeoutFuture::new(50).await;
    }
    panic!("{slice} never showed {what}: {}", view_text(core, slice));
}

/// A new player registered on the sandbox, its token stored as the page's session, and a
/// core started on it (not yet restored): the core and the player's id.
async fn core_of_new_player(prefix: &str) -> (Core, i64) {
    let email = format!("{prefix}{}@example.com", js_sys::Date::now() as u64);
    let reg = fetch_json(
        "POST",
        "/api/player/register",
        &format!(
            r#"{{"email":"{email}","password":"royal-flush-9","currency":"USD","agreements":true}}"#
        ),
    )
    .await;
    storage::store_token(reg["accessToken"].as_str().unwrap());
    let config = js_sys::JSON::parse(&format!(r#"{{"apiBase":"{}"}}"#, sandbox_url())).unwrap();
    let core = Core::new(config);
    core.start();
    (core, reg["profile"]["id"].as_i64().unwrap())
}

#[wasm_bindgen_test]
async fn the_runtime_restores_a_session_and_hears_pushes_over_its_socket() {
    let (core, player) = core_of_new_player("web").await;
    // Start -> Booted -> profile and accounts calls -> answers -> the view.
    wait_view(&core, "session", "\"player\"").await;
    wait_view(&core, "accounts", "\"USD\"").await;
    // The socket connects and subscribes as this player; a balance set on the server is
    // pushed over it into the view (retry: the subscription may not be up yet).
    let mut seen = false;
    for i in 0..40 {
        let balance = format!("{}.25", 300 + i);
        fetch_json(
            "POST",
            "/api/_control/balance",
            &format!(r#"{{"playerId":{player},"balance":"{balance}"}}"#),
        )
        .await;
        for _ in 0..10 {
            if view_text(&core, "accounts").contains(&balance) {
                seen = true;
                break;
            }
            gloo_timers::future::TimeoutFuture::new(50).await;
        }
        if seen {
            break;
        }
    }
    assert!(
        seen,
        "no push reached the view: {}",
        view_text(&core, "accounts")
    );
    storage::clear_token();
}

/// Every `fetch` the page makes from now on, as "METHOD path", in the window's `fetched` list.
fn record_fetches() -> js_sys::Array {
    let wrap = js_sys::Function::new_no_args(
        "const seen = []; const real = window.fetch;
         window.fetch = function (input, init) {
           const method = (init && init.method) || (input && input.method) || 'GET';
           seen.push(method + ' ' + new URL(input.url || input).pathname);
           return real.apply(this, arguments);
         };
         window.__restoreFetch = () => { window.fetch = real; };
         return seen;",
    );
    wrap.call0(&wasm_bindgen::JsValue::NULL).unwrap().into()
}

fn restore_fetch() {
    let restore = js_sys::Function::new_no_args("window.__restoreFetch()");
    restore.call0(&wasm_bindgen::JsValue::NULL).unwrap();
}

/// A change the player makes leaves in the task of the tap (a page left right after it must
/// not lose it); a read waits for a task of its own (issue 28: the start's ~20 reads).
#[wasm_bindgen_test]
async fn a_change_leaves_in_the_taps_task_and_a_read_in_its_own() {
    let (core, _) = core_of_new_player("tap").await;
    wait_view(&core, "session", "\"player\"").await;
    // Whatever the start asked for has left by now.
    gloo_timers::future::TimeoutFuture::new(200).await;
    let seen = record_fetches();
    let event =
        js_sys::JSON::parse(r#"{"type":"gamesFavorite","identity":"book-of-dead","on":true}"#)
            .unwrap();
    core.dispatch(event);
    // The same task, after its promise jobs: the change's fetch has been called.
    wasm_bindgen_futures::JsFuture::from(js_sys::Promise::resolve(&wasm_bindgen::JsValue::NULL))
        .await
        .unwrap();
    let now: Vec<String> = seen.iter().filter_map(|v| v.as_string()).collect();
    assert!(
        now.contains(&"POST /api/game/games/book-of-dead/favorite".to_string()),
        "{now:?}"
    );
    // A read the view asks for (a game page's game) waits for the next task.
    let open = js_sys::JSON::parse(r#"{"type":"navigate","path":"/game/book-of-dead"}"#).unwrap();
    core.dispatch(open);
    wasm_bindgen_futures::JsFuture::from(js_sys::Promise::resolve(&wasm_bindgen::JsValue::NULL))
        .await
        .unwrap();
    let before: Vec<String> = seen.iter().filter_map(|v| v.as_string()).collect();
    gloo_timers::future::TimeoutFuture::new(50).await;
    let after: Vec<String> = seen.iter().filter_map(|v| v.as_string()).collect();
    restore_fetch();
    storage::clear_token();
    assert!(
        !before.iter().any(|c| c.starts_with("GET ")),
        "a read left in the event's task: {before:?}"
    );
    assert!(
        after.contains(&"GET /api/game/games/book-of-dead".to_string()),
        "{after:?}"
    );
}
