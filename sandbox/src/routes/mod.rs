//! The /api route table. Paths are SPEC §7's, spelled as axum 0.8 templates.

mod content;
pub mod control;
mod passwords;
mod player;
mod profile;
mod settings;
mod sport;
mod wallet;

use axum::http::HeaderMap;
use axum::routing::{get, post, put};
use axum::Router;

use crate::error::{ApiError, ApiResult};
use crate::state::AppState;

pub fn api_router() -> Router<AppState> {
    Router::new()
        .route("/api/settings/currencies", get(settings::currencies))
        .route("/api/settings/locales", get(settings::locales))
        .route("/api/settings/countries", get(settings::countries))
        .route("/api/settings/constants", get(settings::constants))
        .route("/api/content", get(content::show))
        .route("/api/player/register", post(player::register))
        .route("/api/player/sessions", post(player::login))
        .route("/api/player/sessions/refresh", post(player::refresh))
        .route("/api/player/sessions/logout", post(player::logout))
        .route(
            "/api/player/profile",
            get(profile::show).put(profile::update),
        )
        .route("/api/player/passwords/reset", post(passwords::reset))
        .route("/api/player/passwords/confirm", post(passwords::confirm))
        .route(
            "/api/wallet/accounts",
            get(wallet::list).post(wallet::create),
        )
        .route("/api/wallet/accounts/{id}/switch", put(wallet::switch))
        .route("/api/wallet/accounts/{id}/hide", put(wallet::hide))
        .route("/api/game/sport/start", post(sport::start))
        .route("/api/game/sport/info/{id}", get(sport::info))
        .route("/api/game/sport/events/{id}", get(sport::event))
        .route("/api/game/sport/search", get(sport::search))
        // Gzipped like any script a provider CDN serves.
        .route(
            "/sportsbook/sdk.js",
            get(sport::script).layer(tower_http::compression::CompressionLayer::new()),
        )
        .route("/sportsbook/api/feed", get(sport::feed))
        .route("/sportsbook/api/me", get(sport::me))
        .route("/sportsbook/api/bets", get(sport::bets).post(sport::place))
        .route(
            "/api/connection/websocket",
            get(crate::realtime::socket::handler),
        )
}

/// `source` / `platform` come as headers (X-Source, X-Platform) and may also be in a body;
/// the body wins when both are given.
pub(crate) fn client_meta(
    headers: &HeaderMap,
    body_source: Option<String>,
    body_platform: Option<String>,
) -> (Option<String>, Option<String>) {
    let header = |name: &str| {
        headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(|s| s.chars().take(255).collect::<String>())
            .filter(|s| !s.is_empty())
    };
    (
        body_source.or_else(|| header("x-source")),
        body_platform.or_else(|| header("x-platform")),
    )
}

/// Runs CPU-heavy work (argon2) off the async workers.
pub(crate) async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> T + Send + 'static,
) -> ApiResult<T> {
    tokio::task::spawn_blocking(f)
        .await
        .map_err(|e| ApiError::internal(format!("blocking task failed: {e}")))
}
