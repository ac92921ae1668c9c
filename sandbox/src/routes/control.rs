//! Test-control API under /api/_control, mounted only with `--control`. Lets tests shorten
//! token life, push realtime events, drop sockets, read call counts and set balances, hold
//! refresh answers, stall or send oversized answers, and announce another build.

use std::collections::{BTreeMap, HashMap};

use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Value};

use crate::db::accounts::{self, AccountView};
use crate::db::{self, players, resets};
use crate::error::{ApiError, ApiJson, ApiQuery, ApiResult, FieldErrors};
use crate::money;
use crate::realtime::{self, protocol};
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/_control/token-ttl", post(token_ttl))
        .route("/api/_control/publish", post(publish))
        .route("/api/_control/drop-sockets", post(drop_sockets))
        .route("/api/_control/calls", get(calls).delete(reset_calls))
        .route("/api/_control/balance", post(balance))
        .route("/api/_control/password-reset", get(password_reset_code))
        .route(
            "/api/_control/autologin",
            post(super::social::control_autologin),
        )
        .route(
            "/api/_control/otp",
            get(super::otp::control_code).post(super::otp::control_set),
        )
        .route("/api/_control/files", get(files).delete(reset_files))
        .route("/api/_control/panic", get(panic_now))
        .route("/api/_control/hold-refresh", post(hold_refresh))
        .route("/api/_control/stall", get(stall))
        .route("/api/_control/big", get(big))
        .route("/api/_control/build", post(set_build))
        .route("/api/_control/restrict-bets", post(restrict_bets))
        .route(
            "/api/_control/registration-fields",
            post(registration_fields).delete(reset_registration_fields),
        )
        .route("/api/_control/stats", get(stats))
        .route("/api/_control/notify", post(super::notifications::notify))
        .route("/api/_control/communications", get(communications))
        .route("/api/_control/limits-due", post(super::limits::control_due))
        .route(
            "/api/_control/document-status",
            post(super::documents::set_status),
        )
        .merge(super::payments::control::router())
        .merge(super::telegram::control::router())
        .merge(super::bonuses::control_router())
        .merge(super::retention::control_router())
}

/// Counters the hardening tests read: password hashes run since start (an unknown e-mail's
/// login runs one too) and sessions stored (pruning removes ended ones).
async fn stats(State(state): State<AppState>) -> ApiResult<Json<Value>> {
    let sessions = crate::db::sessions::count(&state.db())?;
    Ok(Json(json!({
        "hashRuns": state.hash_runs.load(std::sync::atomic::Ordering::Relaxed),
        "sessions": sessions,
    })))
}

#[derive(Deserialize)]
struct HoldBody {
    hold: bool,
}

/// `{"hold": true}`: refresh calls arrive (and are counted) but are not answered until
/// `{"hold": false}`. Answers how many refresh calls have arrived so far.
async fn hold_refresh(State(state): State<AppState>, Json(body): Json<HoldBody>) -> Json<Value> {
    state.refresh_hold.send_replace(body.hold);
    let arrived = state
        .calls()
        .get("POST /api/player/sessions/refresh")
        .copied()
        .unwrap_or(0);
    Json(json!({ "hold": body.hold, "refreshCalls": arrived }))
}

#[derive(Deserialize)]
struct StallQuery {
    ms: u64,
}

/// Answers `{}` after `ms` milliseconds (at most a minute): SPEC §9's request timeout.
async fn stall(ApiQuery(q): ApiQuery<StallQuery>) -> Json<Value> {
    tokio::time::sleep(std::time::Duration::from_millis(q.ms.min(60_000))).await;
    Json(json!({}))
}

#[derive(Deserialize)]
struct BigQuery {
    bytes: usize,
    /// Stream it without a Content-Length (the client must count what it reads).
    #[serde(default)]
    chunked: bool,
}

/// A JSON body of `bytes` bytes (at most 8 MB): SPEC §9's response cap.
async fn big(ApiQuery(q): ApiQuery<BigQuery>) -> axum::response::Response {
    use axum::response::IntoResponse;
    let n = q.bytes.clamp(12, 8 << 20);
    let body = format!("{{\"pad\":\"{}\"}}", "x".repeat(n - 10));
    let headers = [(axum::http::header::CONTENT_TYPE, "application/json")];
    if q.chunked {
        let chunks: Vec<Result<Vec<u8>, std::io::Error>> = body
            .into_bytes()
            .chunks(16 * 1024)
            .map(|c| Ok(c.to_vec()))
            .collect();
        let stream = futures_util::stream::iter(chunks);
        (headers, axum::body::Body::from_stream(stream)).into_response()
    } else {
        (headers, body).into_response()
    }
}

#[derive(Deserialize)]
struct BuildBody {
    /// None: back to the file's own id.
    id: Option<String>,
}

/// Makes `builds/latest.json` report this build id (SPEC §4 version check).
async fn set_build(State(state): State<AppState>, Json(body): Json<BuildBody>) -> Json<Value> {
    *state.build_id.lock().unwrap_or_else(|p| p.into_inner()) = body.id.clone();
    Json(json!({ "id": body.id }))
}

/// A handler that panics: the catch-panic layer must answer 500 with the JSON error body and
/// the server must go on serving (the release profile unwinds; see Cargo.toml).
async fn panic_now() -> StatusCode {
    panic!("the test-control API was asked to panic")
}

#[derive(Deserialize)]
struct TokenTtlBody {
    seconds: u64,
}

/// Applies to tokens issued from now on.
async fn token_ttl(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<TokenTtlBody>,
) -> ApiResult<Json<Value>> {
    if body.seconds == 0 {
        return Err(ApiError::field(
            "validation_failed",
            "seconds",
            "The seconds must be at least 1.",
        ));
    }
    state.set_token_ttl(body.seconds);
    Ok(Json(json!({ "seconds": state.token_ttl() })))
}

#[derive(Deserialize)]
struct PublishBody {
    channel: String,
    data: Value,
}

async fn publish(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<PublishBody>,
) -> ApiResult<Json<Value>> {
    if body.channel.is_empty() {
        return Err(ApiError::field(
            "validation_failed",
            "channel",
            "The channel field is required.",
        ));
    }
    let delivered = realtime::publish(&state, &body.channel, body.data);
    Ok(Json(json!({ "delivered": delivered })))
}

#[derive(Deserialize)]
struct RestrictBody {
    /// The game's identity (the slot's catalogue game).
    game: String,
    restricted: bool,
}

/// `{"game": "<identity>", "restricted": true}`: real spins in that game are refused with the
/// `game.bet.restricted` push, as an operator's bet rules refuse a bet; `false` lifts it.
async fn restrict_bets(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<RestrictBody>,
) -> Json<Value> {
    let mut games = state
        .restricted_games
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    if body.restricted {
        games.insert(body.game);
    } else {
        games.remove(&body.game);
    }
    Json(json!({ "restricted": games.iter().collect::<Vec<_>>() }))
}

#[derive(Deserialize)]
struct RegistrationFieldsBody {
    required: Vec<String>,
}

/// The registration scenario requires these profile fields too (an operator's setting; e2e
/// tests set it and clear it with DELETE). Only the fields a sign-up can offer are taken.
async fn registration_fields(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<RegistrationFieldsBody>,
) -> ApiResult<Json<Value>> {
    let offered = super::profile::REGISTRATION_OFFERED;
    let mut fields = Vec::new();
    for (key, _, _) in offered {
        if body.required.iter().any(|r| r == key) {
            fields.push(key.to_string());
        }
    }
    if let Some(unknown) = body
        .required
        .iter()
        .find(|r| !offered.iter().any(|(k, _, _)| k == r))
    {
        return Err(ApiError::field(
            "validation_failed",
            "required",
            &format!("A sign-up cannot offer {unknown}."),
        ));
    }
    *state
        .registration_requires
        .lock()
        .unwrap_or_else(|e| e.into_inner()) = fields.clone();
    Ok(Json(json!({ "required": fields })))
}

async fn reset_registration_fields(State(state): State<AppState>) -> StatusCode {
    state
        .registration_requires
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .clear();
    StatusCode::NO_CONTENT
}

/// Closes every websocket with "shutdown" (3001), which clients reconnect after.
async fn drop_sockets(State(state): State<AppState>) -> Json<Value> {
    let dropped = state
        .hub
        .close_where(|_| true, protocol::DISCONNECT_SHUTDOWN);
    Json(json!({ "dropped": dropped }))
}

async fn calls(State(state): State<AppState>) -> Json<BTreeMap<String, u64>> {
    Json(state.calls())
}

async fn reset_calls(State(state): State<AppState>) -> StatusCode {
    state.reset_calls();
    StatusCode::NO_CONTENT
}

/// Requests for app files (anything outside /api) that reached the server, by path.
async fn files(State(state): State<AppState>) -> Json<BTreeMap<String, u64>> {
    Json(state.files())
}

async fn reset_files(State(state): State<AppState>) -> StatusCode {
    state.reset_files();
    StatusCode::NO_CONTENT
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct BalanceBody {
    player_id: Option<i64>,
    email: Option<String>,
    account_id: Option<i64>,
    balance: String,
}

/// Sets a balance (default: the player's active account) and publishes the account.
async fn balance(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<BalanceBody>,
) -> ApiResult<Json<AccountView>> {
    let account = {
        let conn = state.db();
        let player = match (body.player_id, body.email.as_deref()) {
            (Some(id), _) => players::by_id(&conn, id)?,
            (None, Some(email)) => players::by_email(&conn, email.trim())?,
            (None, None) => None,
        }
        .ok_or_else(|| ApiError::field("validation_failed", "playerId", "No such player."))?;
        let account = match body.account_id {
            Some(id) => accounts::get(&conn, player.id, id)?,
            None => accounts::active(&conn, player.id)?,
        }
        .ok_or_else(|| ApiError::field("validation_failed", "accountId", "No such account."))?;
        let Some(minor) = money::parse_minor(&body.balance, account.subunit_to_unit) else {
            let mut errors = FieldErrors::new();
            errors.add(
                "balance",
                "The balance must be a non-negative decimal string at the currency's precision.",
            );
            return Err(ApiError::validation(errors));
        };
        accounts::set_balance(&conn, account.id, minor)?;
        accounts::get(&conn, player.id, account.id)?
            .ok_or_else(|| ApiError::internal("account vanished"))?
    };
    realtime::publish_account(&state, &account);
    Ok(Json(account.view()))
}

/// `?email=` -> `{code}`: the newest usable reset code, standing in for reading the e-mail.
async fn password_reset_code(
    State(state): State<AppState>,
    ApiQuery(q): ApiQuery<HashMap<String, String>>,
) -> ApiResult<Json<Value>> {
    let conn = state.db();
    let email = q.get("email").map(|e| e.trim()).unwrap_or("");
    let player = players::by_email(&conn, email)?.ok_or_else(ApiError::not_found)?;
    let code =
        resets::latest_valid(&conn, player.id, db::now())?.ok_or_else(ApiError::not_found)?;
    Ok(Json(json!({ "code": code })))
}

/// The contact form's messages, newest first.
async fn communications(State(state): State<AppState>) -> ApiResult<Json<Value>> {
    Ok(Json(json!(crate::db::notifications::communications(
        &state.db()
    )?)))
}
