//! Per-request bookkeeping: echo the trace id, log one line to stderr.

use std::time::Instant;

use axum::extract::{Request, State};
use axum::http::HeaderValue;
use axum::middleware::Next;
use axum::response::Response;

use crate::state::AppState;

pub async fn layer(State(_state): State<AppState>, req: Request, next: Next) -> Response {
    let started = Instant::now();
    let method = req.method().clone();
    let path = req.uri().path().to_string();
    let trace = req
        .headers()
        .get("x-trace-id")
        .and_then(|v| v.to_str().ok())
        .map(|s| s.chars().take(128).collect::<String>());
    let mut res = next.run(req).await;
    if let Some(trace) = &trace {
        if let Ok(v) = HeaderValue::from_str(trace) {
            res.headers_mut().insert("x-trace-id", v);
        }
    }
    if path.starts_with("/api/") {
        eprintln!(
            "sandbox: {method} {path} {} {}ms{}",
            res.status().as_u16(),
            started.elapsed().as_millis(),
            trace.map(|t| format!(" trace={t}")).unwrap_or_default()
        );
    }
    res
}
