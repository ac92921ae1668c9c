//! The Host check and the headers every answer carries.
//!
//! A web page can point a name it controls at 127.0.0.1 (DNS rebinding) and then talk to the
//! sandbox as "same origin". Only the served names are answered: 127.0.0.1 and localhost with
//! our port, plus `--host` names; anything else gets 421, a request without a Host 400.

use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::error::ApiError;
use crate::state::AppState;

pub async fn layer(State(state): State<AppState>, req: Request, next: Next) -> Response {
    // HTTP/1.1 sends Host; HTTP/2 the :authority, which lands in the URI.
    let host = req
        .headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .map(str::to_string)
        .or_else(|| req.uri().authority().map(|a| a.as_str().to_string()));
    let Some(host) = host else {
        return ApiError::bad_request("The request has no Host header.").into_response();
    };
    if !state.host_allowed(&host) {
        eprintln!("sandbox: refused a request for host {host:?}");
        return ApiError::new(
            StatusCode::MISDIRECTED_REQUEST,
            "misdirected_request",
            "This server does not serve that host name.",
        )
        .into_response();
    }
    let api = req.uri().path().starts_with("/api/");
    let mut res = next.run(req).await;
    let headers = res.headers_mut();
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    // API answers are per player and per moment: no cache keeps them.
    if api && !headers.contains_key(header::CACHE_CONTROL) {
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    res
}

/// A loopback origin: `http://localhost` or `http://127.0.0.1`, optionally with `:port`.
/// Used for CORS and for websocket Origin checks.
pub fn is_loopback_origin(origin: &[u8]) -> bool {
    ["http://localhost", "http://127.0.0.1"].iter().any(|p| {
        let Some(rest) = origin.strip_prefix(p.as_bytes()) else {
            return false;
        };
        match rest.split_first() {
            None => true,
            Some((b':', port)) => {
                !port.is_empty() && port.len() <= 5 && port.iter().all(u8::is_ascii_digit)
            }
            Some(_) => false,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loopback_origins() {
        for ok in [
            "http://localhost",
            "http://localhost:5173",
            "http://127.0.0.1:8080",
        ] {
            assert!(is_loopback_origin(ok.as_bytes()), "{ok}");
        }
        for bad in [
            "http://localhost5173",
            "http://127.0.0.12",
            "http://localhost:",
            "http://localhost.evil.com",
            "https://localhost:1",
            "http://localhost:123456",
            "null",
        ] {
            assert!(!is_loopback_origin(bad.as_bytes()), "{bad}");
        }
    }
}
