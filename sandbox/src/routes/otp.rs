//! Phone sign-in and sign-up with a one-time code, and confirming a phone for the profile
//! (SPEC §7 Auth: otp/send with and without a session, otp/verify, register/phone).
//!
//! A guest asks for a code (`otp/send {phone}`), gets it by SMS (the local outbox), and sends it
//! back (`otp/verify {phone, code}`): a phone that belongs to a player signs that player in; a
//! new phone answers `{registered: false}` and its verified code then finishes the sign-up
//! (`register/phone {phone, code, currency, agreements, …}`). With a session the same two
//! calls confirm a phone for the player's profile, with proof of the owner when the account
//! already has a factor (issue 32; [`prove_owner_for_phone`]). Three wrong codes burn the code.

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};

use super::player::{check_sign_up, login_response, nickname_taken, present, SignUp, SignUpFields};
use super::{client_meta, too_long, verify, META_MAX};
use crate::auth::{self, AuthPlayer};
use crate::db::otp::{self, Otp};
use crate::db::players::{self, NewPlayer, Player};
use crate::db::sessions::{self, NewSession};
use crate::db::{self, accounts, outbox};
use crate::error::{ApiError, ApiJson, ApiResult, FieldErrors};
use crate::limits::{account_key, client_key};
use crate::realtime;
use crate::state::AppState;
use crate::validation;

/// Codes sent to one phone, and asked for by one client, per window (15 minutes).
const SENDS_PER_PHONE: usize = 5;
const SENDS_PER_CLIENT: usize = 100;
/// Wrong codes one client may send per window, whatever the phone.
const WRONG_PER_CLIENT: usize = 30;
const GUEST: i64 = 0;

/// The caller's session when a bearer came; a bearer that does not authenticate is a 401.
fn caller(state: &AppState, headers: &HeaderMap) -> ApiResult<Option<AuthPlayer>> {
    match auth::bearer(headers) {
        None => Ok(None),
        Some(token) => auth::authenticate(state, token)
            .map(Some)
            .map_err(|_| ApiError::unauthorized()),
    }
}

/// The phone field checked and normalized (`+` and digits).
fn phone_field(errors: &mut FieldErrors, phone: &Option<String>) -> String {
    match present(phone) {
        None => errors.add("phone", "The phone field is required."),
        Some(p) if !validation::is_phone(p) => {
            errors.add("phone", "The phone must be a valid phone number.")
        }
        Some(p) => return otp::normalize(p),
    }
    String::new()
}

#[derive(Deserialize)]
pub struct SendBody {
    phone: Option<String>,
}

pub async fn send(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    ApiJson(body): ApiJson<SendBody>,
) -> ApiResult<Json<Value>> {
    let who = caller(&state, &headers)?;
    let mut errors = FieldErrors::new();
    let phone = phone_field(&mut errors, &body.phone);
    errors.check()?;
    let scope = who.as_ref().map_or(GUEST, |w| w.player_id);
    let now = db::now();
    if let Some(w) = &who {
        super::lookup_limit(&state, w.player_id, &phone)?;
        // A phone another player holds cannot be confirmed for this one.
        if let Some(p) = players::by_phone(&state.db(), &phone)? {
            if p.id != w.player_id {
                return Err(phone_taken());
            }
        }
    }
    // One code a minute per phone, then the windows per phone and per client.
    let resend = otp::resend_secs(&state.db())?;
    if let Some(old) = otp::get(&state.db(), scope, &phone)? {
        let wait = old.sent_at + resend - now;
        if wait > 0 {
            return Err(ApiError::too_many(wait as u64));
        }
    }
    let limits = &state.limits;
    let per_phone = account_key("otp", &phone);
    let per_client = client_key("otp", peer.ip());
    state
        .limiter
        .check(&per_phone, SENDS_PER_PHONE, limits.window)
        .and_then(|()| {
            state
                .limiter
                .check(&per_client, SENDS_PER_CLIENT, limits.window)
        })
        .map_err(ApiError::too_many)?;
    state.limiter.hit(&per_phone);
    state.limiter.hit(&per_client);

    let code = otp::new_code();
    let conn = state.db();
    otp::put(&conn, scope, &phone, &code, now)?;
    // The SMS goes to the outbox; the code never reaches the log.
    outbox::push(
        &conn,
        &outbox::NewMessage {
            kind: "sms",
            recipient: &phone,
            subject: "Croupier code",
            body: &format!(
                "Your Croupier code is {code}. It works for {} minutes. Do not share it.",
                otp::TTL_SECS / 60
            ),
            link: None,
            now,
        },
    )?;
    Ok(Json(json!({
        "phone": phone,
        "resendIn": resend,
        "expiresIn": otp::TTL_SECS,
        "length": otp::LENGTH,
    })))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct VerifyBody {
    phone: Option<String>,
    code: Option<String>,
    /// With a bearer, the proof of the owner (issue 32): the password, or the owner code of a
    /// player without one (`code` is the new phone's SMS code here).
    current_password: Option<String>,
    owner_code: Option<String>,
    fingerprint: Option<String>,
    source: Option<String>,
    platform: Option<String>,
}

pub async fn verify(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    ApiJson(body): ApiJson<VerifyBody>,
) -> ApiResult<Response> {
    let who = caller(&state, &headers)?;
    let mut errors = FieldErrors::new();
    let phone = phone_field(&mut errors, &body.phone);
    let code = present(&body.code).unwrap_or("").to_string();
    if code.is_empty() {
        errors.add("code", "The code field is required.");
    }
    let (source, platform) = client_meta(&headers, body.source, body.platform);
    too_long(&mut errors, "fingerprint", present(&body.fingerprint), 128);
    too_long(&mut errors, "source", source.as_deref(), META_MAX);
    too_long(&mut errors, "platform", platform.as_deref(), META_MAX);
    errors.check()?;
    let scope = who.as_ref().map_or(GUEST, |w| w.player_id);
    let now = db::now();
    // Setting the phone needs proof of the owner before the code is looked at.
    let proven_by_code = match &who {
        Some(w) => {
            let proof = verify::Proof {
                current_password: present(&body.current_password),
                code: present(&body.owner_code),
            };
            prove_owner_for_phone(&state, w, &phone, &proof).await?
        }
        None => false,
    };
    check_code(&state, peer, scope, &phone, &code, now)?;

    let conn = state.db();
    if let Some(w) = who {
        // The profile's phone, confirmed.
        if players::by_phone(&conn, &phone)?.is_some_and(|p| p.id != w.player_id) {
            return Err(phone_taken());
        }
        players::update_field(&conn, w.player_id, players::Field::Phone, Some(&phone))?;
        otp::remove(&conn, scope, &phone)?;
        if proven_by_code {
            otp::remove(&conn, w.player_id, otp::OWNER)?;
        }
        let player = players::by_id(&conn, w.player_id)?.ok_or_else(ApiError::unauthorized)?;
        return Ok(Json(player.profile()).into_response());
    }
    let Some(player) = players::by_phone(&conn, &phone)? else {
        // A new phone: the verified code finishes the sign-up.
        otp::verified(&conn, GUEST, &phone, now)?;
        return Ok(Json(json!({ "registered": false, "phone": phone })).into_response());
    };
    otp::remove(&conn, GUEST, &phone)?;
    sessions::prune(&conn, now, state.session_lifetime as i64)?;
    let session = sessions::open(
        &conn,
        &NewSession {
            player_id: player.id,
            fingerprint: present(&body.fingerprint),
            source: source.as_deref(),
            platform: platform.as_deref(),
            now,
        },
    )?;
    Ok(Json(login_response(&state, &player, &session.1, now, false)).into_response())
}

pub(super) const PHONE: verify::Change = verify::Change {
    code_field: "ownerCode",
    password_required: "Enter your current password to change the phone.",
    code_required: "Ask for a code and enter it to change the phone.",
};

/// A signed-in player setting `phone`: an account that already has a factor (a password, a
/// confirmed e-mail or a phone) proves its owner like an e-mail move, since the SMS code proves
/// only the new phone and a phone signs in (issue 32). Its own number again moves nothing; a
/// messenger player with none of them adds a first phone with its code alone (nothing to prove
/// against). True when an owner code was the proof (spent once the phone is set).
async fn prove_owner_for_phone(
    state: &AppState,
    w: &AuthPlayer,
    phone: &str,
    proof: &verify::Proof<'_>,
) -> ApiResult<bool> {
    let me = super::player::current_player(state, w)?;
    if me.phone.as_deref() == Some(phone)
        || !(me.has_password() || verify::owner_channel(&me).is_some())
    {
        return Ok(false);
    }
    verify::prove_owner(state, &me, proof, &PHONE).await?;
    Ok(!me.has_password())
}

/// The code as the player typed it against the stored one: wrong ones count (per code and per
/// client), the third burns the code.
fn check_code(
    state: &AppState,
    peer: SocketAddr,
    scope: i64,
    phone: &str,
    code: &str,
    now: i64,
) -> ApiResult<()> {
    let client = client_key("otp-verify", peer.ip());
    state
        .limiter
        .check(&client, WRONG_PER_CLIENT, state.limits.window)
        .map_err(ApiError::too_many)?;
    let conn = state.db();
    let stored: Option<Otp> = otp::get(&conn, scope, phone)?;
    let Some(stored) = stored.filter(|o| o.expires_at > now && o.attempts < otp::MAX_ATTEMPTS)
    else {
        return Err(expired("This code has expired. Ask for a new one."));
    };
    if stored.code == code {
        return Ok(());
    }
    state.limiter.hit(&client);
    let attempts = otp::wrong(&conn, scope, phone)?;
    let left = otp::MAX_ATTEMPTS - attempts;
    if left <= 0 {
        otp::remove(&conn, scope, phone)?;
        return Err(expired(
            "Three wrong codes: this one no longer works. Ask for a new one.",
        ));
    }
    Err(ApiError::field(
        "otp_invalid",
        "code",
        &format!(
            "The code is incorrect: {left} attempt{} left.",
            if left == 1 { "" } else { "s" }
        ),
    ))
}

fn expired(message: &str) -> ApiError {
    ApiError::field("otp_expired", "code", message)
}

fn phone_taken() -> ApiError {
    ApiError::field(
        "phone_taken",
        "phone",
        "This phone number belongs to another account.",
    )
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RegisterBody {
    phone: Option<String>,
    code: Option<String>,
    #[serde(flatten)]
    sign_up: SignUpFields,
}

/// Sign-up by phone: the phone's code verified by `otp/verify` (within 15 minutes of it).
pub async fn register(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    ApiJson(body): ApiJson<RegisterBody>,
) -> ApiResult<(StatusCode, Json<super::player::LoginResponse>)> {
    let mut errors = FieldErrors::new();
    let phone = phone_field(&mut errors, &body.phone);
    let SignUp {
        currency,
        locale,
        nickname,
        source,
        platform,
        extras,
    } = check_sign_up(&state, peer, &headers, errors, &body.sign_up)?;

    let now = db::now();
    let conn = state.db();
    let code = present(&body.code).unwrap_or("");
    let confirmed = otp::get(&conn, GUEST, &phone)?.is_some_and(|o| {
        o.code == code
            && o.verified_at
                .is_some_and(|v| v + otp::SIGN_UP_WINDOW_SECS > now)
    });
    if !confirmed {
        return Err(expired("Confirm the phone with a new code first."));
    }
    if players::by_phone(&conn, &phone)?.is_some() {
        return Err(phone_taken());
    }
    let tx = conn.unchecked_transaction()?;
    if let Some(n) = nickname.as_deref() {
        if players::nickname_taken(&tx, n, None)? {
            return Err(nickname_taken());
        }
    }
    let language = locale.split('-').next().unwrap_or("en").to_string();
    // No e-mail or password: a reserved address that receives nothing and a hash no password
    // verifies against, so only a code for the phone signs this player in.
    let email = format!("phone-{}@phone.invalid", &phone[1..]);
    let player_id = players::insert(
        &tx,
        &NewPlayer {
            email: &email,
            password_hash: "!phone",
            nickname: nickname.as_deref(),
            locale: &locale,
            language: &language,
            affiliate_tag: present(&body.sign_up.affiliate_tag),
            now,
        },
    )?
    .ok_or_else(phone_taken)?;
    players::update_field(&tx, player_id, players::Field::Phone, Some(&phone))?;
    for (field, value) in &extras {
        players::update_field(&tx, player_id, *field, Some(value))?;
    }
    let account_id = accounts::create(&tx, player_id, &currency, accounts::ACTIVE, 0, now)?;
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
    otp::remove(&tx, GUEST, &phone)?;
    tx.commit()?;
    let player: Player =
        players::by_id(&conn, player_id)?.ok_or_else(|| ApiError::internal("player vanished"))?;
    if let Some(account) = accounts::get(&conn, player_id, account_id)? {
        realtime::publish_account(&state, &account);
    }
    drop(conn);
    println!(
        "sandbox: registered player {player_id} by phone from {}",
        peer.ip()
    );
    Ok((
        StatusCode::CREATED,
        Json(login_response(&state, &player, &session.1, now, true)),
    ))
}

/// Control: the newest live code sent to a phone (`?phone=`, guest's unless `playerId`).
pub async fn control_code(
    State(state): State<AppState>,
    crate::error::ApiQuery(q): crate::error::ApiQuery<std::collections::HashMap<String, String>>,
) -> ApiResult<Json<Value>> {
    let phone = otp::normalize(q.get("phone").map_or("", String::as_str));
    let scope = q
        .get("playerId")
        .and_then(|p| p.parse().ok())
        .unwrap_or(GUEST);
    let o = otp::get(&state.db(), scope, &phone)?.ok_or_else(ApiError::not_found)?;
    Ok(Json(json!({ "code": o.code, "attempts": o.attempts })))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ControlBody {
    resend_secs: i64,
}

/// Control: the seconds between two codes to one phone (tests of the resend countdown).
pub async fn control_set(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<ControlBody>,
) -> ApiResult<Json<Value>> {
    let secs = body.resend_secs.clamp(0, 3600);
    otp::set_resend_secs(&state.db(), secs)?;
    Ok(Json(json!({ "resendSecs": secs })))
}
