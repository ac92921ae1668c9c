//! Registration and sessions: register, login, refresh, logout.

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, StatusCode};
use axum::Json;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{client_meta, hashing, too_long, META_MAX};
use crate::auth::{self, AuthPlayer, LoggingOutPlayer, RefreshingPlayer, TokenFor};
use crate::db::players::{NewPlayer, Player, Profile};
use crate::db::sessions::NewSession;
use crate::db::{self, accounts, catalog, players, sessions};
use crate::error::{ApiError, ApiJson, ApiResult, FieldErrors};
use crate::limits::{account_key, client_key};
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
    /// A referrer's code (the referral page's `?ref=` link), issue 16.
    ref_id: Option<String>,
    #[serde(flatten)]
    pub(crate) sign_up: SignUpFields,
}

/// What every registration (e-mail, phone) sends besides its credentials.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SignUpFields {
    currency: Option<String>,
    agreements: Option<Value>,
    locale: Option<String>,
    nickname: Option<String>,
    pub(crate) affiliate_tag: Option<String>,
    pub(crate) fingerprint: Option<String>,
    source: Option<String>,
    platform: Option<String>,
    /// Everything else: the profile fields a registration scenario may require.
    #[serde(flatten)]
    rest: serde_json::Map<String, Value>,
}

/// [`SignUpFields`] checked: currency enabled, locale known, agreements accepted, nickname
/// well formed, client fields not too long.
pub struct SignUp {
    pub currency: String,
    pub locale: String,
    pub nickname: Option<String>,
    pub source: Option<String>,
    pub platform: Option<String>,
    /// The profile fields the registration gave (required ones checked present).
    pub extras: Vec<(players::Field, String)>,
}

/// Checks the shared sign-up fields into `errors` (the caller reports them with its own), then
/// takes one registration from the client's allowance once every field is good.
pub(crate) fn check_sign_up(
    state: &AppState,
    peer: SocketAddr,
    headers: &HeaderMap,
    mut errors: FieldErrors,
    f: &SignUpFields,
) -> ApiResult<SignUp> {
    let currency = present(&f.currency).unwrap_or("").to_ascii_uppercase();
    let locale = present(&f.locale).unwrap_or("en").to_ascii_lowercase();
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
    if !f.agreements.as_ref().is_some_and(validation::is_accepted) {
        errors.add("agreements", "The agreements must be accepted.");
    }
    let nickname = present(&f.nickname).map(str::to_string);
    if let Some(problem) = nickname.as_deref().and_then(validation::nickname_problem) {
        errors.add("nickname", problem);
    }
    let requires = super::profile::registration_requires(state);
    if nickname.is_none() && requires.iter().any(|f| f == "nickname") {
        errors.add("nickname", "The nickname field is required.");
    }
    let extras = super::profile::registration_extras(state, &f.rest, &mut errors)?;
    let (source, platform) = client_meta(headers, f.source.clone(), f.platform.clone());
    check_stored_lengths(
        &mut errors,
        present(&f.affiliate_tag),
        present(&f.fingerprint),
        source.as_deref(),
        platform.as_deref(),
    );
    errors.check()?;
    let limits = &state.limits;
    state
        .limiter
        .take(
            &client_key("register", peer.ip()),
            limits.register_per_client,
            limits.window,
        )
        .map_err(ApiError::too_many)?;
    Ok(SignUp {
        currency,
        locale,
        nickname,
        source,
        platform,
        extras,
    })
}

/// Trimmed, `None` when blank: SPEC §5's `required` trims strings.
pub(crate) fn present(v: &Option<String>) -> Option<&str> {
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

/// Longest affiliate tag and fingerprint stored.
const TAG_MAX: usize = 64;
const FINGERPRINT_MAX: usize = 128;

/// Length rules of the stored client fields (e-mail, password and nickname have their own).
fn check_stored_lengths(
    errors: &mut FieldErrors,
    affiliate_tag: Option<&str>,
    fingerprint: Option<&str>,
    source: Option<&str>,
    platform: Option<&str>,
) {
    too_long(errors, "affiliateTag", affiliate_tag, TAG_MAX);
    too_long(errors, "fingerprint", fingerprint, FINGERPRINT_MAX);
    too_long(errors, "source", source, META_MAX);
    too_long(errors, "platform", platform, META_MAX);
}

pub async fn register(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
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
    let SignUp {
        currency,
        locale,
        nickname,
        source,
        platform,
        extras,
    } = check_sign_up(&state, peer, &headers, errors, &body.sign_up)?;

    // Cheap pre-check so a duplicate sign-up doesn't pay for a hash; the UNIQUE index below
    // is what actually guarantees it.
    if players::by_email(&state.db(), &email)?.is_some() {
        return Err(email_taken());
    }
    if let Some(n) = nickname.as_deref() {
        if players::nickname_taken(&state.db(), n, None)? {
            return Err(nickname_taken());
        }
    }
    let pw = body.password.clone().unwrap_or_default();
    let cost = state.hash_cost;
    let hash = hashing(&state, move || password::hash(&pw, cost))
        .await?
        .map_err(ApiError::internal)?;

    // pt-br -> pt: the profile's language is the locale's language part.
    let language = locale.split('-').next().unwrap_or("en").to_string();
    let now = db::now();
    let (player, session, account) = {
        let conn = state.db();
        let tx = conn.unchecked_transaction()?;
        // Checked again under the lock: a racing sign-up may have taken the nickname.
        if let Some(n) = nickname.as_deref() {
            if players::nickname_taken(&tx, n, None)? {
                return Err(nickname_taken());
            }
        }
        let Some(player_id) = players::insert(
            &tx,
            &NewPlayer {
                email: &email,
                password_hash: &hash,
                nickname: nickname.as_deref(),
                locale: &locale,
                language: &language,
                affiliate_tag: present(&body.sign_up.affiliate_tag),
                now,
            },
        )?
        else {
            return Err(email_taken());
        };
        for (field, value) in &extras {
            players::update_field(&tx, player_id, *field, Some(value))?;
        }
        let account_id = accounts::create(&tx, player_id, &currency, accounts::ACTIVE, 0, now)?;
        if let Some(code) = present(&body.ref_id) {
            crate::db::referral::link(&tx, player_id, code, now)?;
        }
        let session = sessions::open(
            &tx,
            &NewSession {
                player_id,
                fingerprint: present(&body.sign_up.fingerprint),
                source: source.as_deref(),
                platform: platform.as_deref(),
                now,
            },
        )?;
        // The address is confirmed by the mail's code or link (the outbox).
        super::verify::send_mail(&tx, &headers, player_id, &email, now)?;
        tx.commit()?;
        let player = players::by_id(&conn, player_id)?
            .ok_or_else(|| ApiError::internal("player vanished after insert"))?;
        let account = accounts::get(&conn, player_id, account_id)?;
        (player, session, account)
    };
    if let Some(account) = account {
        realtime::publish_account(&state, &account);
    }
    println!(
        "sandbox: registered player {} from {}",
        player.id,
        peer.ip()
    );
    Ok((
        StatusCode::CREATED,
        Json(login_response(&state, &player, &session.1, now, true)),
    ))
}

fn email_taken() -> ApiError {
    ApiError::field("email_taken", "email", "The email has already been taken.")
}

pub(crate) fn nickname_taken() -> ApiError {
    ApiError::field(
        "nickname_taken",
        "nickname",
        "The nickname has already been taken.",
    )
}

pub(crate) fn login_response(
    state: &AppState,
    player: &Player,
    public_id: &str,
    created_at: i64,
    is_newly_registered: bool,
) -> LoginResponse {
    LoginResponse {
        access_token: auth::issue_token(
            state,
            &TokenFor {
                player_id: player.id,
                public_id,
                generation: 0,
                created_at,
            },
        ),
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
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    ApiJson(body): ApiJson<LoginBody>,
) -> ApiResult<Json<LoginResponse>> {
    let mut errors = FieldErrors::new();
    let email = check_credentials(&mut errors, &body.email, &body.password, false).to_string();
    too_long(
        &mut errors,
        "password",
        body.password.as_deref(),
        validation::PASSWORD_MAX,
    );
    let (source, platform) = client_meta(&headers, body.source, body.platform);
    check_stored_lengths(
        &mut errors,
        None,
        present(&body.fingerprint),
        source.as_deref(),
        platform.as_deref(),
    );
    errors.check()?;

    // Wrong passwords count per account and per client; either being full refuses the
    // attempt before any hashing. The attempt is reserved before the password is verified,
    // so parallel guesses cannot all pass the check (issue 32); a right one gives it back.
    let limits = &state.limits;
    let acct = account_key("login", &email);
    let client = client_key("login", peer.ip());
    state
        .limiter
        .take(&acct, limits.login_per_account, limits.window)
        .map_err(ApiError::too_many)?;
    if let Err(secs) = state
        .limiter
        .take(&client, limits.login_per_client, limits.window)
    {
        state.limiter.release(&acct);
        return Err(ApiError::too_many(secs));
    }

    let player = players::by_email(&state.db(), &email)?;
    // An unknown e-mail is verified against a dummy hash of the same cost, so the answer
    // takes as long as for a known one and does not tell which e-mails have accounts.
    let stored = player
        .as_ref()
        .map(|p| p.password_hash.clone())
        .unwrap_or_else(|| state.dummy_hash.clone());
    let pw = body.password.clone().unwrap_or_default();
    let matches = match hashing(&state, move || password::verify(&pw, &stored)).await {
        Ok(m) => m,
        Err(e) => {
            // Turned away before any verifying (a full hash queue): not a guess.
            state.limiter.release(&acct);
            state.limiter.release(&client);
            return Err(e);
        }
    };
    let Some(player) = player.filter(|_| matches) else {
        eprintln!("sandbox: failed login for {email} from {}", peer.ip());
        return Err(invalid_credentials());
    };
    state.limiter.clear(&acct);
    state.limiter.release(&client);
    let now = db::now();
    let session = {
        let conn = state.db();
        sessions::prune(&conn, now, state.session_lifetime as i64)?;
        sessions::open(
            &conn,
            &NewSession {
                player_id: player.id,
                fingerprint: present(&body.fingerprint),
                source: source.as_deref(),
                platform: platform.as_deref(),
                now,
            },
        )?
    };
    Ok(Json(login_response(
        &state, &player, &session.1, now, false,
    )))
}

fn invalid_credentials() -> ApiError {
    ApiError::unprocessable(
        "invalid_credentials",
        "Incorrect e-mail or password.",
        FieldErrors::new(),
    )
}

/// The bearer may be expired (see [`RefreshingPlayer`]). The session moves to its next token
/// generation, so the bearer stops working; the token a rotation just replaced gets the
/// current generation instead (two tabs refreshing at once).
pub async fn refresh(
    State(state): State<AppState>,
    caller: RefreshingPlayer,
) -> ApiResult<Json<RefreshResponse>> {
    // Only the control API ever holds it (tests of cross-tab refresh contention).
    state.refresh_released().await;
    let s = &caller.session;
    let generation = if caller.current {
        sessions::rotate(&state.db(), s.id, s.generation, db::now())?
    } else {
        s.generation
    };
    Ok(Json(RefreshResponse {
        access_token: auth::issue_token(
            &state,
            &TokenFor {
                player_id: caller.who.player_id,
                public_id: &s.public_id,
                generation,
                created_at: s.created_at,
            },
        ),
    }))
}

/// Closes the session; an expired or replaced token of it can still log out.
pub async fn logout(
    State(state): State<AppState>,
    LoggingOutPlayer(who): LoggingOutPlayer,
) -> ApiResult<StatusCode> {
    sessions::close(&state.db(), who.session_id, db::now())?;
    realtime::session_closed(&state, who.session_id);
    Ok(StatusCode::NO_CONTENT)
}

/// Used by handlers that need the caller's player row.
pub fn current_player(state: &AppState, who: &AuthPlayer) -> ApiResult<Player> {
    players::by_id(&state.db(), who.player_id)?.ok_or_else(ApiError::unauthorized)
}
