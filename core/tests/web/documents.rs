//! The document upload in real browsers (Chrome and Firefox) against a real sandbox: the
//! runtime's multipart form (`runtime/upload.js`, XMLHttpRequest) with the file of the page's
//! input, its `uploadprogress` events on that input, the answer, and a refusal as the answer
//! of a call (no file, no session). Run through `scripts/with-sandbox.sh`, like sandbox.rs.

use crate::sandbox_url;
use croupier_core::app::features::documents::{Call, FILE_INPUT};
use croupier_core::app::{CallId, Config, Guard, HttpOutcome, HttpRequest, Method, Req};
use croupier_core::runtime::{http, upload};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

fn base() -> http::Base {
    http::Base::from(&Config {
        api_base: sandbox_url().into(),
        ..Config::default()
    })
}

fn request(
    req: Req,
    method: Method,
    path: &str,
    body: Option<serde_json::Value>,
    bearer: Option<String>,
) -> HttpRequest {
    HttpRequest {
        id: CallId(1),
        req,
        method,
        path: path.into(),
        query: vec![],
        body,
        bearer,
        source_platform: false,
        guarded: Guard::None,
        file_input: None,
    }
}

/// A new player's token.
async fn player(tag: &str) -> String {
    let email = [
        tag,
        &(js_sys::Math::random() * 1e9).floor().to_string(),
        "@example.com",
    ]
    .concat();
    let body = serde_json::json!({"email": email, "password": "royal-flush-9", "currency": "USD", "agreements": true});
    let r = request(
        Req::Documents(Call::List),
        Method::Post,
        "/api/player/register",
        Some(body),
        None,
    );
    match http::perform(&base(), &r).await {
        HttpOutcome::Response { status: 201, body } => {
            let v: serde_json::Value = serde_json::from_str(&body).unwrap();
            v["accessToken"].as_str().unwrap().to_string()
        }
        other => panic!("register: {other:?}"),
    }
}

/// The page's file input holding `bytes` as `name` (or nothing), counting its progress events
/// in `window.__progress`.
fn input_with(name: &str, bytes: usize) {
    let setup = js_sys::Function::new_with_args(
        "id, name, size",
        "let i = document.getElementById(id);
         if (i) i.remove();
         i = document.createElement('input');
         i.type = 'file'; i.id = id; document.body.appendChild(i);
         window.__progress = [];
         i.addEventListener('uploadprogress', (e) => window.__progress.push(e.detail));
         if (!name) return;
         const b = new Uint8Array(size);
         b.set([137, 80, 78, 71, 13, 10, 26, 10]);
         const dt = new DataTransfer();
         dt.items.add(new File([b], name, { type: 'image/png' }));
         i.files = dt.files;",
    );
    setup
        .call3(
            &JsValue::NULL,
            &FILE_INPUT.into(),
            &name.into(),
            &(bytes as f64).into(),
        )
        .unwrap();
}

fn progress() -> Vec<f64> {
    let v = js_sys::Reflect::get(&js_sys::global(), &"__progress".into()).unwrap();
    js_sys::Array::from(&v)
        .iter()
        .filter_map(|p| p.as_f64())
        .collect()
}

/// The upload as the documents feature's call makes it: its route names the file input.
fn upload_req(token: Option<String>) -> HttpRequest {
    HttpRequest {
        file_input: Req::Documents(Call::Upload).endpoint().file_input,
        ..request(
            Req::Documents(Call::Upload),
            Method::Post,
            "/api/player/documents",
            Some(serde_json::json!({"type": "identity"})),
            token,
        )
    }
}

/// What the runtime does with an upload effect (runtime/mod.rs): the file of the input it names.
async fn send(req: &HttpRequest) -> HttpOutcome {
    let input = req.file_input.expect("an upload names its file input");
    upload::perform(&base(), req, input).await
}

#[wasm_bindgen_test]
async fn a_png_is_sent_as_multipart_with_its_progress() {
    let token = player("webdoc").await;
    input_with("passport.png", 2 * 1024 * 1024);
    let outcome = send(&upload_req(Some(token.clone()))).await;
    let HttpOutcome::Response { status, body } = outcome else {
        panic!("no answer: {outcome:?}");
    };
    assert_eq!(status, 201, "{body}");
    let doc: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(doc["type"], "identity");
    assert_eq!(doc["fileName"], "passport.png");
    assert_eq!(doc["size"], 2 * 1024 * 1024);
    assert_eq!(doc["status"], 1);
    let seen = progress();
    assert!(!seen.is_empty(), "progress events on the input");
    assert!(seen.windows(2).all(|w| w[0] <= w[1]), "{seen:?}");
    assert_eq!(seen.last().copied(), Some(100.0), "{seen:?}");
    // The list has it.
    let list = request(
        Req::Documents(Call::List),
        Method::Get,
        "/api/player/documents",
        None,
        Some(token),
    );
    let HttpOutcome::Response { status: 200, body } = http::perform(&base(), &list).await else {
        panic!("list");
    };
    assert!(body.contains("passport.png"), "{body}");
}

#[wasm_bindgen_test]
async fn refusals_come_back_as_answers() {
    // Without a session: the server's 401, for the gate to handle.
    input_with("id.png", 64);
    let outcome = send(&upload_req(None)).await;
    assert!(
        matches!(outcome, HttpOutcome::Response { status: 401, .. }),
        "{outcome:?}"
    );
    // No file chosen: nothing is sent.
    input_with("", 0);
    let token = player("webdoc-none").await;
    let outcome = send(&upload_req(Some(token))).await;
    assert_eq!(
        outcome,
        HttpOutcome::Failed {
            reason: "no file chosen".into()
        }
    );
}
