//! Everything outside the /api route table: JSON 404 under /api, the built app elsewhere.

use std::path::Path;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{header, Method, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use tower::ServiceExt;
use tower_http::services::ServeDir;

use crate::error::ApiError;
use crate::state::AppState;

pub async fn fallback(State(state): State<AppState>, req: Request) -> Response {
    let path = req.uri().path();
    if path == "/api" || path.starts_with("/api/") {
        return ApiError::not_found().into_response();
    }
    if !matches!(*req.method(), Method::GET | Method::HEAD) {
        return StatusCode::METHOD_NOT_ALLOWED.into_response();
    }
    match state.static_dir.clone() {
        Some(dir) => serve_app(&dir, req).await,
        None => (StatusCode::NOT_FOUND, Html(NO_APP_PAGE)).into_response(),
    }
}

const NO_APP_PAGE: &str = "<!doctype html><title>Croupier sandbox</title>\
<p>The Croupier sandbox API is running, but no built app was found. Build <code>app/</code> \
(so <code>app/dist/index.html</code> exists) or start with <code>--static DIR</code>.</p>";

/// Real files as they are; any other path that doesn't look like a file gets index.html so
/// client-side routes (/wallet, /pt-br/games/...) load the SPA. A missing `/x.js` stays 404.
async fn serve_app(dir: &Path, req: Request) -> Response {
    let last_segment = req.uri().path().rsplit('/').next().unwrap_or("");
    let looks_like_file = last_segment.contains('.');
    let res = match ServeDir::new(dir).oneshot(req).await {
        Ok(res) => res.map(Body::new),
        Err(never) => match never {},
    };
    if res.status() != StatusCode::NOT_FOUND || looks_like_file {
        return res;
    }
    match tokio::fs::read(dir.join("index.html")).await {
        Ok(bytes) => (
            [
                (header::CONTENT_TYPE, "text/html; charset=utf-8"),
                // The shell must be re-fetched so a new build is picked up.
                (header::CACHE_CONTROL, "no-cache"),
            ],
            bytes,
        )
            .into_response(),
        Err(_) => (StatusCode::NOT_FOUND, Html(NO_APP_PAGE)).into_response(),
    }
}
