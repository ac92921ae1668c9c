//! Everything outside the /api route table: JSON 404 under /api, the built app elsewhere.
//!
//! Caching, as a CDN in front of the real product would do it:
//! - `/assets/*` are Vite's content-hashed files (JS, CSS, the wasm): a new build gives new
//!   names, so they are `public, max-age=31536000, immutable` and a repeat visit loads them
//!   from the browser's cache without asking;
//! - everything else (index.html at `/` and as the SPA fallback, `builds/latest.json`, icons)
//!   is `no-cache`: revalidated each time (Last-Modified / If-Modified-Since), so a new build
//!   is picked up at once.
//!
//! Security headers: `security.rs` (the page's Content-Security-Policy is added here).
//!
//! Encoding: the `.br` / `.gz` files that `build_product` writes beside each file are sent
//! when the request accepts them (brotli first); without them, gzip on the fly.

use std::path::Path;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use sha2::{Digest, Sha256};
use tower::ServiceExt;
use tower_http::services::ServeDir;

use crate::error::ApiError;
use crate::state::AppState;

/// The message of the 404 for an `/api/` path no route serves.
pub const NO_SUCH_PATH: &str = "No such API path.";

pub const IMMUTABLE: &str = "public, max-age=31536000, immutable";
pub const NO_CACHE: &str = "no-cache";

pub async fn fallback(State(state): State<AppState>, req: Request) -> Response {
    let path = req.uri().path();
    if path == "/api" || path.starts_with("/api/") {
        // Worded apart from a missing resource's 404, so a caller (and the §7 coverage test)
        // can tell an unknown path from an unknown id.
        return ApiError::new(StatusCode::NOT_FOUND, "not_found", NO_SUCH_PATH).into_response();
    }
    if !matches!(*req.method(), Method::GET | Method::HEAD) {
        return StatusCode::METHOD_NOT_ALLOWED.into_response();
    }
    // The control API may announce another build (tests of the SPEC §4 version check).
    if path == "/builds/latest.json" {
        if let Some(id) = state.build_id() {
            let body = serde_json::json!({ "id": id }).to_string();
            return (
                [
                    (
                        header::CONTENT_TYPE,
                        HeaderValue::from_static("application/json"),
                    ),
                    (header::CACHE_CONTROL, HeaderValue::from_static(NO_CACHE)),
                ],
                body,
            )
                .into_response();
        }
    }
    if path == "/config.json" && !state.app_config.is_empty() {
        return app_config(&state);
    }
    if let Some(res) = crate::seo::special(&state, path, req.headers()) {
        return res;
    }
    match state.static_dir.clone() {
        Some(dir) => {
            let mut res = serve_app(&state, &dir, req).await;
            crate::security::with_page_policy(&state, &dir, &mut res);
            res
        }
        None => (StatusCode::NOT_FOUND, Html(NO_APP_PAGE)).into_response(),
    }
}

/// The built `config.json` with the configured keys laid over it.
fn app_config(state: &AppState) -> Response {
    (
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/json"),
            ),
            (header::CACHE_CONTROL, HeaderValue::from_static(NO_CACHE)),
        ],
        serde_json::Value::Object(served_config(state)).to_string(),
    )
        .into_response()
}

/// The `config.json` the page reads: the built file with `SANDBOX_APP_CONFIG` laid over it
/// (the page's CSP follows it: `security::config_origins`).
pub fn served_config(state: &AppState) -> serde_json::Map<String, serde_json::Value> {
    let built = state
        .static_dir
        .as_ref()
        .and_then(|d| std::fs::read_to_string(d.join("config.json")).ok())
        .and_then(|t| serde_json::from_str::<serde_json::Value>(&t).ok());
    let mut config = match built {
        Some(serde_json::Value::Object(map)) => map,
        _ => serde_json::Map::new(),
    };
    for (k, v) in &state.app_config {
        config.insert(k.clone(), v.clone());
    }
    config
}

const NO_APP_PAGE: &str = "<!doctype html><title>Croupier sandbox</title>\
<p>The Croupier sandbox API is running, but no built app was found. Build <code>app/</code> \
(so <code>app/dist/index.html</code> exists) or start with <code>--static DIR</code>.</p>";

/// Real files as they are; any other path that doesn't look like a file gets index.html so
/// client-side routes (/wallet, /pt-br/games/...) load the SPA, its head filled for that page
/// (seo.rs). A missing `/x.js` stays 404.
async fn serve_app(state: &AppState, dir: &Path, req: Request) -> Response {
    let path = req.uri().path();
    let looks_like_file = path.rsplit('/').next().unwrap_or("").contains('.');
    let hashed = path.starts_with("/assets/");
    let is_file = dir.join(path.trim_start_matches('/')).is_file();
    if !looks_like_file && !is_file {
        return page(state, dir, req.uri().path(), req.headers());
    }
    let res = serve_file(dir, req).await;
    with_cache_headers(res, hashed)
}

/// index.html for a client route, with the page's head and text (seo.rs). Conditional on its
/// ETag: the same build and content give the same answer.
fn page(state: &AppState, dir: &Path, path: &str, headers: &HeaderMap) -> Response {
    let Ok(html) = std::fs::read_to_string(dir.join("index.html")) else {
        return (StatusCode::NOT_FOUND, Html(NO_APP_PAGE)).into_response();
    };
    let filled = crate::seo::Site::new(state, headers).and_then(|site| {
        let meta = crate::seo::describe(state, &site, path)?;
        Ok(crate::seo::fill(&html, &meta, &site))
    });
    let body = filled.unwrap_or_else(|e| {
        eprintln!("sandbox: page head for {path}: {e}");
        html
    });
    let digest = Sha256::digest(body.as_bytes());
    let etag = format!("\"{}\"", hex16(&digest));
    let matches = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == etag));
    let mut res = if matches {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        (
            [(
                header::CONTENT_TYPE,
                HeaderValue::from_static("text/html; charset=utf-8"),
            )],
            body,
        )
            .into_response()
    };
    if let Ok(v) = HeaderValue::from_str(&etag) {
        res.headers_mut().insert(header::ETAG, v);
    }
    with_cache_headers(res, false)
}

fn hex16(digest: &[u8]) -> String {
    digest.iter().take(16).map(|b| format!("{b:02x}")).collect()
}

async fn serve_file(dir: &Path, req: Request) -> Response {
    let service = ServeDir::new(dir).precompressed_br().precompressed_gzip();
    match service.oneshot(req).await {
        Ok(res) => res.map(Body::new),
        Err(never) => match never {},
    }
}

fn with_cache_headers(mut res: Response, hashed: bool) -> Response {
    let ok = res.status().is_success() || res.status() == StatusCode::NOT_MODIFIED;
    if !ok {
        return res;
    }
    let headers = res.headers_mut();
    let policy = if hashed { IMMUTABLE } else { NO_CACHE };
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(policy));
    // The same URL answers br, gzip or identity depending on the request.
    headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    res
}
