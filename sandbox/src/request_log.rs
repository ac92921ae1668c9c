//! Per-request bookkeeping: echo the trace id, log one line to stderr.

use std::time::Instant;

use axum::extract::{MatchedPath, Request, State};
use axum::http::HeaderValue;
use axum::middleware::Next;
use axum::response::Response;

use crate::state::AppState;

pub async fn layer(State(state): State<AppState>, req: Request, next: Next) -> Response {
    let started = Instant::now();
    let method = req.method().clone();
    let mut path = req.uri().path().to_string();
    let template = req
        .extensions()
        .get::<MatchedPath>()
        .map(|m| m.as_str().to_string());
    // Counted by route template ("PUT /api/wallet/accounts/{id}/switch") so tests can assert
    // which calls a client made; the control API itself is left out. A path no route knows
    // counts as one key, so any number of made-up paths cost nothing (issue 32).
    if path.starts_with("/api/") && !path.starts_with("/api/_control/") {
        let key = template.as_deref().unwrap_or("(no route)");
        state.count_call(format!("{method} {key}"));
    } else if !path.starts_with("/api") {
        state.count_file(path.clone());
    }
    // A game token in a path is a bearer: the log shows the route, not the token.
    if let Some(t) = template.filter(|t| t.contains("{token}")) {
        path = t;
    }
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
