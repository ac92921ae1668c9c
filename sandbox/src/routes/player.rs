//! Registration and sessions: register, login, refresh, logout.

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::Json;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{blocking, client_meta};
use crate::auth::{self, AuthPlayer, RefreshingPlayer};
use crate::db::players::{NewPlayer, Player, Profile};
use crate::db::sessions::NewSession;
use crate::db::{self, accounts, catalog, players, sessions};
use crate::error::{ApiError, ApiJson, ApiResult, FieldErrors};
use crate::password;
use crate::realtime;
use crate::state::AppState;
use crate::validation;

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LoginProfile {
    #[serde(flatten)]
    pub profile: Profile,
    pub is_newly_registered: bool,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LoginResponse {
    pub access_token: String,
    pub profile: LoginProfile,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RefreshResponse {
    pub access_token: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RegisterBody {
    email: Option<String>,
    password: Option<String>,
    #[serde(rename = "password_confirmation")]
    password_confirmation: Option<String>,
    currency: Option<String>,
    agreements: Option<Value>,
    locale: Option<String>,
    nickname: Option<String>,
    affiliate_tag: Option<String>,
    fingerprint: Option<String>,
    source: Option<String>,
    platform: Option<String>,
}

/// Trimmed, `None` when blank: SPEC §5's `required` trims strings.
fn present(v: &Option<String>) -> Option<&str> {
    v.as_deref().map(str::trim).filter(|s| !s.is_empty())
}

/// Validates e-mail and password shape; returns the trimmed e-mail.
fn check_credentials<'a>(
    errors: &mut FieldErrors,
    email: &'a Option<String>,
    password: &Option<String>,
    check_length: bool,
) -> &'a str {
    let email = present(email).unwrap_or("");
    if email.is_empty() {
        errors.add("email", "The email field is required.");
    } else if !validation::is_email(email) {
        errors.add("email", "The email must be a valid email address.");
    }
    match password.as_deref() {
        None | Some("") => errors.add("password", "The password field is required."),
        Some(p) if check_length => {
            if let Some(msg) = validation::password_problem(p, "password") {
                errors.add("password", msg);
            }
        }
        Some(_) => {}
    }
    email
}

pub async fn register(
    State(state): State<AppState>,
    headers: HeaderMap,
    ApiJson(body): ApiJson<RegisterBody>,
) -> ApiResult<(StatusCode, Json<LoginResponse>)> {
    let mut errors = FieldErrors::new();
    let email = check_credentials(&mut errors, &body.email, &body.password, true).to_string();
    if let (Some(confirm), Some(pw)) = (&body.password_confirmation, &body.password) {
        if confirm != pw {
            errors.add(
                "password_confirmation",
                "The password confirmation does not match.",
            );
        }
    }
    let currency = present(&body.currency).unwrap_or("").to_ascii_uppercase();
    let locale = present(&body.locale).unwrap_or("en").to_ascii_lowercase();
    {
        let conn = state.db();
        if currency.is_empty() {
            errors.add("currency", "The currency field is required.");
        } else if catalog::enabled_currency(&conn, &currency)?.is_none() {
            errors.add("currency", "The selected currency is invalid.");
        }
        if !catalog::locale_exists(&conn, &locale)? {
            errors.add("locale", "The selected locale is invalid.");
        }
    }
    if !body
        .agreements
        .as_ref()
        .is_some_and(validation::is_accepted)
    {
        errors.add("agreements", "The agreements must be accepted.");
    }
    let nickname = present(&body.nickname).map(str::to_string);
    if let Some(problem) = nickname.as_deref().and_then(validation::nickname_problem) {
        errors.add("nickname", problem);
    }
    errors.check()?;

    // Cheap pre-check so a duplicate sign-up doesn't pay for a hash; the UNIQUE index below
    // is what actually guarantees it.
    if players::by_email(&state.db(), &email)?.is_some() {
        return Err(email_taken());
    }
    let pw = body.password.clone().unwrap_or_default();
    let cost = state.hash_cost;
    let hash = blocking(move || password::hash(&pw, cost))
        .await?
        .map_err(ApiError::internal)?;

    let (source, platform) = client_meta(&headers, body.source, body.platform);
    // pt-br -> pt: the profile's language is the locale's language part.
    let language = locale.split('-').next().unwrap_or("en").to_string();
    let now = db::now();
    let (player, session_id, account) = {
        let conn = state.db();
        let tx = conn.unchecked_transaction()?;
        let Some(player_id) = players::insert(
            &tx,
            &NewPlayer {
                email: &email,
                password_hash: &hash,
                nickname: nickname.as_deref(),
                locale: &locale,
                language: &language,
                affiliate_tag: present(&body.affiliate_tag),
                now,
            },
        )?
        else {
            return Err(email_taken());
        };
        let account_id = accounts::create(&tx, player_id, &currency, accounts::ACTIVE, 0, now)?;
        let session_id = sessions::open(
            &tx,
            &NewSession {
                player_id,
                fingerprint: present(&body.fingerprint),
                source: source.as_deref(),
                platform: platform.as_deref(),
                now,
            },
        )?;
        tx.commit()?;
        let player = players::by_id(&conn, player_id)?
            .ok_or_else(|| ApiError::internal("player vanished after insert"))?;
        let account = accounts::get(&conn, player_id, account_id)?;
        (player, session_id, account)
    };
    if let Some(account) = account {
        realtime::publish_account(&state, &account);
    }
    println!(
        "sandbox: registered player {} <{}>",
        player.id, player.email
    );
    Ok((
        StatusCode::CREATED,
        Json(login_response(&state, &player, session_id, true)),
    ))
}

fn email_taken() -> ApiError {
    ApiError::field("email_taken", "email", "The email has already been taken.")
}

fn login_response(
    state: &AppState,
    player: &Player,
    session_id: i64,
    is_newly_registered: bool,
) -> LoginResponse {
    LoginResponse {
        access_token: auth::issue_token(state, player.id, session_id),
        profile: LoginProfile {
            profile: player.profile(),
            is_newly_registered,
        },
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LoginBody {
    email: Option<String>,
    password: Option<String>,
    fingerprint: Option<String>,
    source: Option<String>,
    platform: Option<String>,
}

pub async fn login(
    State(state): State<AppState>,
    headers: HeaderMap,
    ApiJson(body): ApiJson<LoginBody>,
) -> ApiResult<Json<LoginResponse>> {
    let mut errors = FieldErrors::new();
    let email = check_credentials(&mut errors, &body.email, &body.password, false).to_string();
    errors.check()?;

    let player = players::by_email(&state.db(), &email)?;
    let Some(player) = player else {
        return Err(invalid_credentials());
    };
    let pw = body.password.clone().unwrap_or_default();
    let stored = player.password_hash.clone();
    if !blocking(move || password::verify(&pw, &stored)).await? {
        return Err(invalid_credentials());
    }
    let (source, platform) = client_meta(&headers, body.source, body.platform);
    let session_id = sessions::open(
        &state.db(),
        &NewSession {
            player_id: player.id,
            fingerprint: present(&body.fingerprint),
            source: source.as_deref(),
            platform: platform.as_deref(),
            now: db::now(),
        },
    )?;
    Ok(Json(login_response(&state, &player, session_id, false)))
}

fn invalid_credentials() -> ApiError {
    ApiError::unprocessable(
        "invalid_credentials",
        "Incorrect e-mail or password.",
        FieldErrors::new(),
    )
}

/// The bearer may be expired; see [`auth::authenticate_for_refresh`].
pub async fn refresh(
    State(state): State<AppState>,
    RefreshingPlayer(who): RefreshingPlayer,
) -> Json<RefreshResponse> {
    // Only the control API ever holds it (tests of cross-tab refresh contention).
    state.refresh_released().await;
    Json(RefreshResponse {
        access_token: auth::issue_token(&state, who.player_id, who.session_id),
    })
}

/// Closes the session; an expired token can still log out.
pub async fn logout(
    State(state): State<AppState>,
    RefreshingPlayer(who): RefreshingPlayer,
) -> ApiResult<StatusCode> {
    sessions::close(&state.db(), who.session_id, db::now())?;
    realtime::session_closed(&state, who.session_id);
    Ok(StatusCode::NO_CONTENT)
}

/// Used by handlers that need the caller's player row.
pub fn current_player(state: &AppState, who: &AuthPlayer) -> ApiResult<Player> {
    players::by_id(&state.db(), who.player_id)?.ok_or_else(ApiError::unauthorized)
}
