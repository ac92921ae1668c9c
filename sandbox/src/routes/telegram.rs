//! The messenger mini-app: sign-in from its init data (`POST /api/player/tg_login`), the bot's
//! user sync (`PUT /api/tg-bot/users`) and linking Telegram to a web account
//! (`POST /api/player/social-connections/telegram`). Init data is verified in
//! [`crate::telegram::verify`] with the configured bot token and maximum age.

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, StatusCode};
use axum::routing::post;
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Value};

use super::player::{current_player, login_response, present, LoginResponse};
use super::{client_meta, too_long, META_MAX};
use crate::auth::AuthPlayer;
use crate::db::sessions::{self, NewSession};
use crate::db::telegram::{self as tg, TgProfile};
use crate::db::{self, accounts, catalog, players};
use crate::error::{ApiError, ApiJson, ApiResult, FieldErrors};
use crate::realtime;
use crate::state::AppState;
use crate::telegram::{self, InitData, InitError};

#[derive(Deserialize)]
pub struct TgLoginBody {
    tg_payload: Option<String>,
    affiliate_tag: Option<String>,
    #[serde(rename = "affiliateTag")]
    affiliate_tag_camel: Option<String>,
    ref_id: Option<Value>,
    #[serde(rename = "frogoFingerprint")]
    frogo_fingerprint: Option<String>,
    fingerprint: Option<String>,
    source: Option<String>,
    platform: Option<String>,
}

/// 401 `tg_auth_failed` with the reason (missing or bad hash, expired, no user).
fn auth_failed(e: InitError) -> ApiError {
    ApiError::new(StatusCode::UNAUTHORIZED, "tg_auth_failed", e.message())
}

fn blocked() -> ApiError {
    ApiError::new(
        StatusCode::FORBIDDEN,
        "account_blocked",
        "This account is blocked. Please contact support.",
    )
}

fn verified(state: &AppState, raw: Option<&str>) -> ApiResult<InitData> {
    let raw = raw.unwrap_or("");
    if raw.trim().is_empty() {
        return Err(auth_failed(InitError::MissingHash));
    }
    telegram::verify(raw, &state.tg_bot_token, state.tg_max_age, db::now()).map_err(|e| {
        eprintln!("sandbox: refused Telegram init data: {}", e.message());
        auth_failed(e)
    })
}

pub async fn tg_login(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    ApiJson(body): ApiJson<TgLoginBody>,
) -> ApiResult<Json<LoginResponse>> {
    let data = verified(&state, body.tg_payload.as_deref())?;
    let user = data.user.ok_or_else(|| auth_failed(InitError::NoUser))?;
    let (source, platform) = client_meta(&headers, body.source, body.platform);
    let tag = present(&body.affiliate_tag)
        .or(present(&body.affiliate_tag_camel))
        .map(str::to_string);
    let fingerprint = present(&body.frogo_fingerprint)
        .or(present(&body.fingerprint))
        .map(str::to_string);
    let mut errors = FieldErrors::new();
    too_long(&mut errors, "affiliate_tag", tag.as_deref(), 64);
    too_long(&mut errors, "frogoFingerprint", fingerprint.as_deref(), 128);
    too_long(&mut errors, "source", source.as_deref(), META_MAX);
    too_long(&mut errors, "platform", platform.as_deref(), META_MAX);
    let ref_id = match &body.ref_id {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) if s.trim().is_empty() => None,
        Some(Value::String(s)) => Some(s.trim().to_string()),
        Some(Value::Number(n)) => Some(n.to_string()),
        Some(_) => {
            errors.add("ref_id", "The ref id must be a string.");
            None
        }
    };
    too_long(&mut errors, "ref_id", ref_id.as_deref(), 64);
    errors.check()?;

    let now = db::now();
    let (player, session, created, account) = {
        let conn = state.db();
        if tg::is_blocked(&conn, user.id)? {
            eprintln!("sandbox: blocked Telegram user {} refused", user.id);
            return Err(blocked());
        }
        let tx = conn.unchecked_transaction()?;
        let (player_id, created, account) = match tg::player_of(&tx, user.id)? {
            Some(id) => (id, false, None),
            None => {
                let mut user = user.clone();
                // The profile's locale must be one the platform offers.
                if !user
                    .language_code
                    .as_deref()
                    .map(|l| catalog::locale_exists(&tx, l))
                    .transpose()?
                    .unwrap_or(false)
                {
                    user.language_code = None;
                }
                let id = tg::insert_player(&tx, &user, tag.as_deref(), now)?;
                let currency = tg::first_currency(&tx)?
                    .ok_or_else(|| ApiError::internal("no enabled currency"))?;
                let account = accounts::create(&tx, id, &currency, accounts::ACTIVE, 0, now)?;
                (id, true, Some(account))
            }
        };
        let session = sessions::open(
            &tx,
            &NewSession {
                player_id,
                fingerprint: fingerprint.as_deref(),
                source: source.as_deref(),
                platform: platform.as_deref(),
                now,
            },
        )?;
        tx.commit()?;
        let player = players::by_id(&conn, player_id)?
            .ok_or_else(|| ApiError::internal("player vanished after insert"))?;
        let account = match account {
            Some(id) => accounts::get(&conn, player_id, id)?,
            None => None,
        };
        (player, session, created, account)
    };
    if let Some(account) = account {
        realtime::publish_account(&state, &account);
    }
    println!(
        "sandbox: Telegram user {} signed in as player {} from {}{}",
        user.id,
        player.id,
        peer.ip(),
        ref_id.map(|r| format!(" (ref {r})")).unwrap_or_default()
    );
    Ok(Json(login_response(
        &state, &player, &session.1, now, created,
    )))
}

#[derive(Deserialize)]
pub struct SyncBody {
    user_id: Option<Value>,
    username: Option<String>,
    language_code: Option<String>,
    photo_url: Option<String>,
    name: Option<String>,
}

/// Stores what the messenger says about the signed-in player's Telegram user. The user id must
/// be the one the player signed in with.
pub async fn sync(
    State(state): State<AppState>,
    who: AuthPlayer,
    ApiJson(body): ApiJson<SyncBody>,
) -> ApiResult<Json<Value>> {
    let player = current_player(&state, &who)?;
    let mut errors = FieldErrors::new();
    let user_id = match &body.user_id {
        Some(Value::Number(n)) => n.as_i64(),
        Some(Value::String(s)) => s.trim().parse().ok(),
        _ => None,
    };
    match user_id {
        None => errors.add("user_id", "The user id field is required."),
        Some(id) if Some(id) != player.tg_user_id => errors.add(
            "user_id",
            "The user id is not the Telegram user this player signed in with.",
        ),
        Some(_) => {}
    }
    too_long(&mut errors, "username", body.username.as_deref(), 64);
    too_long(
        &mut errors,
        "language_code",
        body.language_code.as_deref(),
        16,
    );
    too_long(&mut errors, "photo_url", body.photo_url.as_deref(), 512);
    too_long(&mut errors, "name", body.name.as_deref(), 128);
    errors.check()?;
    let profile = TgProfile {
        tg_user_id: user_id.unwrap_or_default(),
        username: present(&body.username).map(str::to_string),
        language_code: present(&body.language_code).map(str::to_string),
        photo_url: present(&body.photo_url).map(str::to_string),
        name: present(&body.name).map(str::to_string),
    };
    let conn = state.db();
    if tg::is_blocked(&conn, profile.tg_user_id)? {
        return Err(blocked());
    }
    tg::upsert(&conn, &profile, db::now())?;
    Ok(Json(sync_view(&profile)))
}

fn sync_view(p: &TgProfile) -> Value {
    json!({
        "user_id": p.tg_user_id,
        "username": p.username,
        "language_code": p.language_code,
        "photo_url": p.photo_url,
        "name": p.name,
    })
}

#[derive(Deserialize)]
pub struct ConnectBody {
    payload: Option<String>,
}

/// Links the Telegram user of verified init data to the signed-in (web) player. A Telegram
/// user already linked to another player is refused (422 `social_taken`).
pub async fn connect(
    State(state): State<AppState>,
    who: AuthPlayer,
    ApiJson(body): ApiJson<ConnectBody>,
) -> ApiResult<Json<Value>> {
    let data = verified(&state, body.payload.as_deref())?;
    let user = data.user.ok_or_else(|| auth_failed(InitError::NoUser))?;
    let conn = state.db();
    if tg::is_blocked(&conn, user.id)? {
        return Err(blocked());
    }
    match tg::player_of(&conn, user.id)? {
        Some(id) if id != who.player_id => {
            return Err(ApiError::field(
                "social_taken",
                "payload",
                "This Telegram account is already linked to another player.",
            ))
        }
        _ => tg::link(&conn, who.player_id, user.id)?,
    }
    Ok(Json(
        json!({ "provider": "telegram", "tgUserId": user.id, "username": user.username }),
    ))
}

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/player/tg_login", post(tg_login))
        .route("/api/tg-bot/users", axum::routing::put(sync))
        .route("/api/player/social-connections/telegram", post(connect))
}

/// Test control: block or unblock a Telegram user, read what the sync stored.
pub mod control {
    use super::*;

    #[derive(Deserialize)]
    #[serde(rename_all = "camelCase")]
    struct BlockBody {
        tg_user_id: i64,
        blocked: bool,
    }

    async fn block(
        State(state): State<AppState>,
        Json(b): Json<BlockBody>,
    ) -> ApiResult<StatusCode> {
        tg::set_blocked(&state.db(), b.tg_user_id, b.blocked)?;
        Ok(StatusCode::NO_CONTENT)
    }

    /// What the sync stored, and the source/platform of the Telegram player's newest session.
    async fn synced(
        State(state): State<AppState>,
        axum::extract::Path(id): axum::extract::Path<i64>,
    ) -> ApiResult<Json<Value>> {
        let conn = state.db();
        let mut view = tg::get(&conn, id)?
            .map(|p| sync_view(&p))
            .unwrap_or_else(|| json!({ "user_id": id }));
        view["session"] = tg::last_session(&conn, id)?
            .map(|(source, platform)| json!({ "source": source, "platform": platform }))
            .unwrap_or(Value::Null);
        Ok(Json(view))
    }

    #[derive(Deserialize)]
    #[serde(rename_all = "camelCase")]
    struct SignBody {
        user: Value,
        auth_date: Option<i64>,
        start_param: Option<String>,
    }

    /// Init data signed with the configured bot token, as the messenger would hand it to the
    /// mini-app (browser tests have no HMAC of their own).
    async fn sign(
        State(state): State<AppState>,
        Json(b): Json<SignBody>,
    ) -> ApiResult<Json<Value>> {
        let auth_date = b.auth_date.unwrap_or_else(db::now).to_string();
        let user = b.user.to_string();
        let mut fields = vec![
            ("query_id", "AAHcontrol"),
            ("user", user.as_str()),
            ("auth_date", auth_date.as_str()),
        ];
        if let Some(p) = b.start_param.as_deref() {
            fields.push(("start_param", p));
        }
        Ok(Json(
            json!({ "initData": telegram::sign(&fields, &state.tg_bot_token) }),
        ))
    }

    pub fn router() -> Router<AppState> {
        Router::new()
            .route("/api/_control/tg/block", post(block))
            .route("/api/_control/tg/users/{id}", axum::routing::get(synced))
            .route("/api/_control/tg/sign", post(sign))
    }
}
