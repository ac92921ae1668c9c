//! The /api route table. Paths are SPEC §7's, spelled as axum 0.8 templates.

pub mod bonuses;
mod content;
pub mod control;
pub mod documents;
pub mod games;
pub mod limits;
pub mod notifications;
mod otp;
pub mod outbox;
mod pages;
mod passwords;
pub mod payments;
pub(crate) mod player;
mod profile;
mod referral;
pub mod retention;
mod security;
mod settings;
mod social;
mod sport;
pub mod telegram;
mod third_party;
mod verify;
mod wallet;

use axum::http::HeaderMap;
use axum::routing::{delete, get, post, put};
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
        .route("/api/content/pages", get(pages::list))
        .route("/api/content/pages/{slug}", get(pages::show))
        .route("/api/geo", get(pages::geo))
        .route("/api/player/referral", get(referral::show))
        .route("/api/player/referral/transfer", post(referral::transfer))
        .route("/api/affiliate/applications", post(referral::apply))
        .route("/api/player/register", post(player::register))
        .route("/api/player/register/phone", post(otp::register))
        .route("/api/player/otp/send", post(otp::send))
        .route("/api/player/fields/validations", get(profile::validations))
        .route("/api/player/otp/verify", post(otp::verify))
        .route("/api/player/sessions/social", post(social::login))
        .route("/api/player/sessions/token", post(social::autologin))
        .route("/api/player/social-connections", get(social::list))
        .route(
            "/api/player/social-connections/unlink",
            post(social::unlink),
        )
        .route(
            "/api/player/social-connections/{provider}",
            post(social::link),
        )
        .route(
            "/api/player/social/{connection}/authorize",
            get(social::authorize),
        )
        .route(
            "/api/player/social/{connection}/consent",
            get(social::consent),
        )
        .route(
            "/api/player/sessions",
            post(player::login).get(security::list),
        )
        .route("/api/player/sessions/{id}/close", put(security::close))
        .route(
            "/api/player/sessions/close-other",
            post(security::close_other),
        )
        .route("/api/player/passwords", put(security::change_password))
        .route("/api/player/sessions/refresh", post(player::refresh))
        .route("/api/player/sessions/logout", post(player::logout))
        .route(
            "/api/player/profile",
            get(profile::show).put(profile::update),
        )
        .merge(verify_router())
        .route("/api/player/limits", get(limits::list).post(limits::create))
        .route(
            "/api/player/limits/{id}",
            put(limits::update).delete(limits::delete),
        )
        .merge(notifications_router())
        .merge(documents_router())
        .route("/api/player/passwords/reset", post(passwords::reset))
        .route("/api/player/passwords/confirm", post(passwords::confirm))
        .route(
            "/api/wallet/accounts",
            get(wallet::list).post(wallet::create),
        )
        .route("/api/wallet/accounts/{id}/switch", put(wallet::switch))
        .route("/api/wallet/accounts/{id}/hide", put(wallet::hide))
        .merge(payments_router())
        .merge(telegram::router())
        .merge(games::router())
        .merge(bonuses::router())
        .merge(retention::router())
        .route("/api/game/sport/start", post(sport::start))
        .route("/api/game/sport/info/{id}", get(sport::info))
        .route("/api/game/sport/events/{id}", get(sport::event))
        .route("/api/game/sport/search", get(sport::search))
        // Gzipped like any script a provider CDN serves.
        .route(
            "/sportsbook/sdk.js",
            get(sport::script).layer(tower_http::compression::CompressionLayer::new()),
        )
        .route("/third-party/{name}", get(third_party::script))
        .route("/sportsbook/api/feed", get(sport::feed))
        .route("/sportsbook/api/me", get(sport::me))
        .route("/sportsbook/api/bets", get(sport::bets).post(sport::place))
        .route(
            "/api/connection/websocket",
            get(crate::realtime::socket::handler),
        )
}

/// Longest `source` / `platform` stored with a session.
pub(crate) const META_MAX: usize = 64;

/// A 422 for a stored string over `max` characters.
pub(crate) fn too_long(
    errors: &mut crate::error::FieldErrors,
    field: &str,
    value: Option<&str>,
    max: usize,
) {
    if value.is_some_and(|v| v.chars().count() > max) {
        errors.add(
            field,
            format!("The {field} may not be greater than {max} characters."),
        );
    }
}

/// SPEC §7 Player: e-mail confirmation and avatars.
fn verify_router() -> Router<AppState> {
    let email = "/api/player/profile/email/verify";
    Router::new()
        .route(&format!("{email}/send"), post(verify::send))
        .route(&format!("{email}/confirm"), post(verify::confirm))
        .route("/api/player/otp/email/send", post(verify::owner_code))
        .route(
            "/api/player/profile/confirmations/email/resend",
            post(verify::resend),
        )
        .route("/api/player/avatar/list", get(verify::avatars))
        .route("/api/player/avatar/set-avatar", post(verify::set_avatar))
        .route("/avatars/{file}", get(verify::picture))
}

/// SPEC §7 Notifications.
fn notifications_router() -> Router<AppState> {
    use notifications as n;
    let base = "/api/notification/messenger/messages";
    Router::new()
        .route(base, get(n::messages).delete(n::delete))
        .route(&format!("{base}/read"), post(n::read))
        .route(&format!("{base}/read/all"), post(n::read_all))
        .route("/api/notification/pushes", get(n::pushes))
        .route("/api/notification/pushes/read", post(n::pushes_read))
        .route(
            "/api/notification/pushes/read/all",
            post(n::pushes_read_all),
        )
        .route("/api/notification/communications", post(n::communications))
}

/// SPEC §7 Player documents and the identity check.
fn documents_router() -> Router<AppState> {
    use documents as d;
    Router::new()
        .route(
            "/api/player/documents",
            get(d::list)
                .post(d::upload)
                .layer(axum::extract::DefaultBodyLimit::max(d::BODY_LIMIT)),
        )
        .route("/api/player/documents/{id}", delete(d::delete))
        .route("/api/player/services/sumsub/auth", post(d::sumsub_auth))
        .route("/api/player/services/sumsub/check", get(d::sumsub_check))
}

/// SPEC §7 Payments.
fn payments_router() -> Router<AppState> {
    Router::new()
        .route(
            "/api/payment/methods/deposit",
            get(payments::deposit_methods),
        )
        .route(
            "/api/payment/methods/withdrawal",
            get(payments::withdrawal_methods),
        )
        .route("/api/payment/invoices", get(payments::list))
        .route("/api/payment/invoices/deposit", post(payments::deposit))
        .route(
            "/api/payment/invoices/withdrawal",
            post(payments::withdrawal),
        )
        .route(
            "/api/payment/invoices/statistics",
            get(payments::statistics),
        )
        .route("/api/payment/invoices/{id}/decline", put(payments::decline))
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
            .map(str::to_string)
            .filter(|s| !s.is_empty())
    };
    (
        body_source.or_else(|| header("x-source")),
        body_platform.or_else(|| header("x-platform")),
    )
}

/// Runs a password hash or verification: off the async workers, at most
/// `limits.hash_concurrency` at once. When too many already wait, the caller gets 429 (with
/// Retry-After 1) rather than a place in an ever longer queue.
pub(crate) async fn hashing<T: Send + 'static>(
    state: &AppState,
    f: impl FnOnce() -> T + Send + 'static,
) -> ApiResult<T> {
    use std::sync::atomic::Ordering;
    /// Leaves the queue however the wait ends (a dropped request included).
    struct Waiting<'a>(&'a std::sync::atomic::AtomicUsize);
    impl Drop for Waiting<'_> {
        fn drop(&mut self) {
            self.0.fetch_sub(1, Ordering::SeqCst);
        }
    }
    let ahead = state.hash_waiting.fetch_add(1, Ordering::SeqCst);
    let waiting = Waiting(&state.hash_waiting);
    if ahead >= state.limits.hash_queue {
        return Err(ApiError::too_many(1));
    }
    let permit = state
        .hash_gate
        .acquire()
        .await
        .map_err(|e| ApiError::internal(format!("hash gate closed: {e}")))?;
    drop(waiting);
    state.hash_runs.fetch_add(1, Ordering::Relaxed);
    let out = blocking(f).await;
    drop(permit);
    out
}

/// Runs CPU-heavy work (argon2) off the async workers.
pub(crate) async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> T + Send + 'static,
) -> ApiResult<T> {
    tokio::task::spawn_blocking(f)
        .await
        .map_err(|e| ApiError::internal(format!("blocking task failed: {e}")))
}

/// A signed-in player asking to send a code or link to `address` (a phone or an e-mail): each
/// answer tells whether the address belongs to someone, so asks are limited per player and
/// per address (429 with Retry-After), before anything is looked up (issue 32).
pub(crate) fn lookup_limit(state: &AppState, player_id: i64, address: &str) -> ApiResult<()> {
    let l = &state.limits;
    let player = format!("lookup:player:{player_id}");
    let addr = crate::limits::account_key("lookup", address);
    state
        .limiter
        .take(&player, l.lookup_per_player, l.window)
        .map_err(ApiError::too_many)?;
    if let Err(secs) = state.limiter.take(&addr, l.lookup_per_address, l.window) {
        state.limiter.release(&player);
        return Err(ApiError::too_many(secs));
    }
    Ok(())
}

/// Contact-form messages and affiliate applications per client address (429 with
/// Retry-After): each is stored, so a loop must not fill the database.
pub(crate) fn message_limit(state: &AppState, ip: std::net::IpAddr) -> ApiResult<()> {
    let l = &state.limits;
    state
        .limiter
        .take(
            &crate::limits::client_key("message", ip),
            l.message_per_client,
            l.window,
        )
        .map_err(ApiError::too_many)
}
