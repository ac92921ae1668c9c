//! An upload (`HttpRequest::file_input`, set by a feature's `Route::upload`): a multipart form
//! with the request's fields and the file of the page's input it names, sent by `upload.js`
//! with XMLHttpRequest, which tells the input how much is sent (an `uploadprogress` event the
//! view's progress bar listens to: no closure into the wasm). The answer goes through the gate
//! like any call's.

use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;

use crate::app::effect::HttpRequest;
use crate::app::HttpOutcome;

use super::http;

#[wasm_bindgen(module = "/src/runtime/upload.js")]
extern "C" {
    fn upload_file(
        url: &str,
        bearer: Option<String>,
        trace: &str,
        fields: &str,
        input: &str,
    ) -> js_sys::Promise;
}

/// Send `req` with the file chosen in the page's input `input` (its element id).
pub async fn perform(base: &http::Base, req: &HttpRequest, input: &str) -> HttpOutcome {
    let fields = crate::json::to_string(&req.body).unwrap_or_default();
    let sent = JsFuture::from(upload_file(
        &http::url(base, req),
        req.bearer.clone(),
        &http::trace_id(),
        &fields,
        input,
    ))
    .await;
    let field = |name: &str| {
        sent.as_ref()
            .ok()
            .and_then(|v| js_sys::Reflect::get(v, &name.into()).ok())
    };
    let status = field("status").and_then(|s| s.as_f64()).unwrap_or(0.0) as u16;
    let body = field("body")
        .and_then(|b| b.as_string())
        .unwrap_or_default();
    if status == 0 {
        HttpOutcome::Failed { reason: body }
    } else {
        HttpOutcome::Response { status, body }
    }
}
