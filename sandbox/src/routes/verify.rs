//! E-mail confirmation and avatars (SPEC §7 Player).
//!
//! - `POST /api/player/profile/email/verify/send {email, currentPassword | code}`: a
//!   confirmation mail (a six-digit code and a `/verify/{token}` link) to the address the player
//!   gives; the player's e-mail becomes that address once confirmed. Moving the e-mail needs
//!   proof of the owner: the current password, or for a player without one the owner code
//!   (`POST /api/player/otp/email/send`, to the confirmed e-mail or the phone). 422
//!   `email_taken` for another player's address, 429 with retry-after before the resend wait
//!   (the OTP's, `/api/_control/otp`) or past 5 mails a window.
//! - `POST /api/player/profile/email/verify/confirm {code}`: the six-digit code (with the
//!   player's session) or the link's token (with or without one: a mail link works in any
//!   browser). Wrong codes count; the third burns it. Answers `{email, emailConfirmed: true}`.
//! - `POST /api/player/profile/confirmations/email/resend`: the mail again for the open code's
//!   address, or for the player's unconfirmed e-mail.
//! - `GET /api/player/avatar/list`, `POST /api/player/avatar/set-avatar {avatarId}`, and the
//!   pictures at `/avatars/{id}.svg`.
//!
//! Registration by e-mail sends the first mail ([`send_mail`]).

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};

use super::player::{current_player, present};
use crate::auth::AuthPlayer;
use crate::db::verify::{self, EmailCode};
use crate::db::{self, otp, outbox, players};
use crate::error::{ApiError, ApiJson, ApiResult, FieldErrors};
use crate::limits::{account_key, client_key};
use crate::state::AppState;
use crate::validation;

/// Mails one player may be sent per window (15 minutes).
const SENDS_PER_PLAYER: usize = 5;
/// Wrong codes or links one client may send per window.
const WRONG_PER_CLIENT: usize = 30;

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SendBody {
    email: Option<String>,
    /// The proof of the owner: the password, or the owner code for a player without one.
    current_password: Option<String>,
    code: Option<String>,
}

pub async fn send(
    State(state): State<AppState>,
    who: AuthPlayer,
    headers: HeaderMap,
    ApiJson(body): ApiJson<SendBody>,
) -> ApiResult<Json<Value>> {
    let email = present(&body.email).unwrap_or("").to_string();
    let mut errors = FieldErrors::new();
    if email.is_empty() {
        errors.add("email", "The email field is required.");
    } else if !validation::is_email(&email) || email.ends_with(".invalid") {
        errors.add("email", "The email must be a valid email address.");
    }
    errors.check()?;
    let me = current_player(&state, &who)?;
    // Moving the e-mail anywhere (a confirmed one or not) needs proof of the owner: a stolen
    // bearer alone must not take the address a reset goes to (issue 32). Asking for a mail to
    // the address the account already has moves nothing.
    let moving = !email.eq_ignore_ascii_case(&me.email);
    if moving {
        let proof = Proof {
            current_password: present(&body.current_password),
            code: present(&body.code),
        };
        prove_owner(&state, &me, &proof, &EMAIL).await?;
    }
    super::lookup_limit(&state, me.id, &email)?;
    if let Some(other) = players::by_email(&state.db(), &email)? {
        if other.id != me.id {
            return Err(ApiError::field(
                "email_taken",
                "email",
                "This e-mail belongs to another account.",
            ));
        }
        if me.email_confirmed {
            return Err(ApiError::field(
                "email_confirmed",
                "email",
                "This e-mail is already confirmed.",
            ));
        }
    }
    let sent = issue(&state, &headers, me.id, &email)?;
    // The owner code is spent once its mail went out (a refusal above leaves it usable).
    if moving && !me.has_password() {
        otp::remove(&state.db(), me.id, otp::OWNER)?;
    }
    Ok(sent)
}

/// Where a player without a password gets the owner code: the confirmed e-mail (the address
/// that would move), else the phone they signed up or confirmed with; `None` when they have
/// neither (a messenger player), whose e-mail then cannot move here.
pub(super) fn owner_channel(me: &players::Player) -> Option<(&'static str, &str)> {
    if me.email_confirmed && !me.email.ends_with(".invalid") {
        Some(("email", me.email.as_str()))
    } else {
        me.phone.as_deref().map(|p| ("sms", p))
    }
}

fn no_second_factor() -> ApiError {
    ApiError::field(
        "owner_unproven",
        "email",
        "This account has no password, e-mail or phone to prove it is yours: confirm a phone in \
         your profile first.",
    )
}

/// What a proof of the owner unlocks: the field the owner code comes in and the words of the
/// answers (the e-mail move sends it as `code`; the phone's own SMS code takes that name there).
pub(super) struct Change {
    pub code_field: &'static str,
    pub password_required: &'static str,
    pub code_required: &'static str,
}

pub(super) const EMAIL: Change = Change {
    code_field: "code",
    password_required: "Enter your current password to change the e-mail.",
    code_required: "Ask for a code and enter it to change the e-mail.",
};

/// The proof as the body carries it (blank fields already `None`).
pub(super) struct Proof<'a> {
    pub current_password: Option<&'a str>,
    pub code: Option<&'a str>,
}

/// The current password of a player who has one; otherwise the owner code
/// (`otp/email/send`). Wrong passwords and wrong codes are limited like everywhere else.
pub(super) async fn prove_owner(
    state: &AppState,
    me: &players::Player,
    proof: &Proof<'_>,
    change: &Change,
) -> ApiResult<()> {
    if me.has_password() {
        let Some(current) = proof.current_password else {
            return Err(ApiError::field(
                "password_required",
                "currentPassword",
                change.password_required,
            ));
        };
        return super::security::check_current_password(state, me.id, current.to_string()).await;
    }
    owner_channel(me).ok_or_else(no_second_factor)?;
    let field = change.code_field;
    let Some(code) = proof.code else {
        return Err(ApiError::field(
            "code_required",
            field,
            change.code_required,
        ));
    };
    let conn = state.db();
    let live = otp::get(&conn, me.id, otp::OWNER)?
        .filter(|o| o.expires_at > db::now() && o.attempts < otp::MAX_ATTEMPTS);
    let Some(live) = live else {
        return Err(ApiError::field(
            "otp_expired",
            field,
            "This code no longer works: ask for a new one.",
        ));
    };
    if live.code == code {
        return Ok(());
    }
    let left = otp::MAX_ATTEMPTS - otp::wrong(&conn, me.id, otp::OWNER)?;
    Err(if left <= 0 {
        ApiError::field(
            "otp_expired",
            field,
            "Three wrong codes: this one no longer works. Ask for a new one.",
        )
    } else {
        ApiError::field(
            "otp_invalid",
            field,
            &format!(
                "The code is incorrect: {left} attempt{} left.",
                if left == 1 { "" } else { "s" }
            ),
        )
    })
}

/// `POST /api/player/otp/email/send` (no body): the owner code of a player without a
/// password, to their confirmed e-mail or else their phone. `{channel: "email"|"sms", to,
/// resendIn, expiresIn, length}`; 422 `password_required` for a player with a password (the
/// password is the proof), `owner_unproven` with neither e-mail nor phone; 429 before the
/// resend wait or past 5 codes a window.
pub async fn owner_code(State(state): State<AppState>, who: AuthPlayer) -> ApiResult<Json<Value>> {
    let me = current_player(&state, &who)?;
    if me.has_password() {
        return Err(ApiError::field(
            "password_required",
            "currentPassword",
            "This account has a password: enter it to prove it is yours.",
        ));
    }
    let (channel, to) = owner_channel(&me).ok_or_else(no_second_factor)?;
    let now = db::now();
    let conn = state.db();
    let wait = otp::resend_secs(&conn)?;
    if let Some(old) = otp::get(&conn, me.id, otp::OWNER)? {
        let left = old.sent_at + wait - now;
        if left > 0 {
            return Err(ApiError::too_many(left as u64));
        }
    }
    let key = account_key("owner-code", &me.id.to_string());
    state
        .limiter
        .check(&key, SENDS_PER_PLAYER, state.limits.window)
        .map_err(ApiError::too_many)?;
    state.limiter.hit(&key);
    let code = otp::new_code();
    otp::put(&conn, me.id, otp::OWNER, &code, now)?;
    outbox::push(
        &conn,
        &outbox::NewMessage {
            kind: channel,
            recipient: to,
            subject: "Your Croupier code to change the e-mail or phone",
            body: &format!(
                "Your Croupier code to change the account's e-mail or phone is {code}. It works \
                 for {} minutes. If it was not you, do not share it and contact support.",
                otp::TTL_SECS / 60
            ),
            link: None,
            now,
        },
    )?;
    Ok(Json(json!({
        "channel": channel,
        "to": to,
        "resendIn": wait,
        "expiresIn": otp::TTL_SECS,
        "length": otp::LENGTH,
    })))
}

pub async fn resend(
    State(state): State<AppState>,
    who: AuthPlayer,
    headers: HeaderMap,
) -> ApiResult<Json<Value>> {
    let me = current_player(&state, &who)?;
    let open = verify::open(&state.db(), me.id)?;
    let email = match open {
        Some(c) => c.email,
        None if !me.email_confirmed && !me.email.ends_with(".invalid") => me.email,
        None => {
            return Err(ApiError::field(
                "email_confirmed",
                "email",
                "There is no e-mail waiting for a confirmation.",
            ))
        }
    };
    issue(&state, &headers, me.id, &email)
}

/// The rate checks, then a new code and its mail.
fn issue(
    state: &AppState,
    headers: &HeaderMap,
    player_id: i64,
    email: &str,
) -> ApiResult<Json<Value>> {
    let now = db::now();
    let conn = state.db();
    let wait = otp::resend_secs(&conn)?;
    // The wait is between two mails to one address; a burned or expired code does not hold
    // the next one back.
    let open = verify::open(&conn, player_id)?.filter(|c| {
        c.email.eq_ignore_ascii_case(email)
            && c.attempts < verify::MAX_ATTEMPTS
            && c.expires_at > now
    });
    if let Some(old) = open {
        let left = old.sent_at + wait - now;
        if left > 0 {
            return Err(ApiError::too_many(left as u64));
        }
    }
    let key = account_key("email-verify", &player_id.to_string());
    state
        .limiter
        .check(&key, SENDS_PER_PLAYER, state.limits.window)
        .map_err(ApiError::too_many)?;
    state.limiter.hit(&key);
    send_mail(&conn, headers, player_id, email, now)?;
    Ok(Json(json!({
        "email": email,
        "resendIn": wait,
        "expiresIn": verify::TTL_SECS,
        "length": otp::LENGTH,
    })))
}

/// A new code for `email` and its mail in the outbox (registration, send, resend).
pub fn send_mail(
    conn: &rusqlite::Connection,
    headers: &HeaderMap,
    player_id: i64,
    email: &str,
    now: i64,
) -> rusqlite::Result<()> {
    let code = otp::new_code();
    let token = crate::secrets::random_token();
    verify::put(conn, player_id, email, &code, &token, now)?;
    // The Host was checked against the served names, so the link leads back here.
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("127.0.0.1");
    let link = format!("http://{host}/verify/{token}");
    outbox::push(
        conn,
        &outbox::NewMessage {
            kind: "email",
            recipient: email,
            subject: "Confirm your Croupier e-mail",
            body: &format!(
                "Open the link to confirm this address, or enter the code {code} in the \
                 confirmation form. Both work for {} minutes. If it was not you, ignore this \
                 e-mail.",
                verify::TTL_SECS / 60
            ),
            link: Some(&link),
            now,
        },
    )
}

#[derive(Deserialize)]
pub struct ConfirmBody {
    code: Option<String>,
}

pub async fn confirm(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    ApiJson(body): ApiJson<ConfirmBody>,
) -> ApiResult<Json<Value>> {
    let code = present(&body.code).unwrap_or("").to_string();
    if code.is_empty() {
        return Err(ApiError::field(
            "validation_failed",
            "code",
            "The code field is required.",
        ));
    }
    let client = client_key("email-verify", peer.ip());
    state
        .limiter
        .check(&client, WRONG_PER_CLIENT, state.limits.window)
        .map_err(ApiError::too_many)?;
    // A six-digit code is the signed-in player's; anything else is a link's token.
    let typed = code.len() == otp::LENGTH && code.bytes().all(|b| b.is_ascii_digit());
    let player = match crate::auth::bearer(&headers) {
        Some(token) if typed => Some(
            crate::auth::authenticate(&state, token)
                .map_err(|_| ApiError::unauthorized())?
                .player_id,
        ),
        _ => None,
    };
    let now = db::now();
    let conn = state.db();
    let found = match player {
        Some(id) => verify::open(&conn, id)?,
        None if code.len() <= 128 => verify::by_token(&conn, &code)?,
        None => None,
    };
    let Some(found) = found else {
        state.limiter.hit(&client);
        return Err(if player.is_some() {
            refused(
                "code_expired",
                "There is no code waiting: ask for a new e-mail.",
            )
        } else {
            refused("code_invalid", "This confirmation link is not valid.")
        });
    };
    check(
        &conn,
        &found,
        player.is_some().then_some(code.as_str()),
        now,
    )
    .inspect_err(|_| {
        state.limiter.hit(&client);
    })?;
    if players::by_email(&conn, &found.email)?.is_some_and(|p| p.id != found.player_id) {
        return Err(refused(
            "email_taken",
            "This e-mail now belongs to another account.",
        ));
    }
    let old = players::by_id(&conn, found.player_id)?.map(|p| p.email);
    verify::confirm(&conn, &found, now)?;
    // The address the account leaves is told, so its owner can act (issue 32).
    if let Some(old) =
        old.filter(|o| !o.eq_ignore_ascii_case(&found.email) && !o.ends_with(".invalid"))
    {
        outbox::push(
            &conn,
            &outbox::NewMessage {
                kind: "email",
                recipient: &old,
                subject: "Your Croupier e-mail was changed",
                body: &format!(
                    "The e-mail of your Croupier account is now {}. If it was not you, \
                     contact support at once.",
                    found.email
                ),
                link: None,
                now,
            },
        )?;
    }
    Ok(Json(
        json!({ "email": found.email, "emailConfirmed": true }),
    ))
}

/// A found code: used, expired, burned, or (for a typed code) wrong.
fn check(
    conn: &rusqlite::Connection,
    c: &EmailCode,
    typed: Option<&str>,
    now: i64,
) -> ApiResult<()> {
    if c.used_at.is_some() {
        return Err(refused(
            "code_used",
            "This link was already used: the e-mail is confirmed.",
        ));
    }
    if c.expires_at <= now || c.attempts >= verify::MAX_ATTEMPTS {
        return Err(refused(
            "code_expired",
            "This code has expired. Ask for a new e-mail.",
        ));
    }
    let Some(typed) = typed else { return Ok(()) };
    if typed == c.code {
        return Ok(());
    }
    let left = verify::MAX_ATTEMPTS - verify::wrong(conn, &c.token)?;
    Err(if left <= 0 {
        refused(
            "code_expired",
            "Three wrong codes: this one no longer works. Ask for a new e-mail.",
        )
    } else {
        refused(
            "code_invalid",
            &format!(
                "The code is incorrect: {left} attempt{} left.",
                if left == 1 { "" } else { "s" }
            ),
        )
    })
}

fn refused(code: &'static str, message: &str) -> ApiError {
    ApiError::field(code, "code", message)
}

/// `[{id, url}]` in display order.
pub async fn avatars(State(state): State<AppState>, _who: AuthPlayer) -> ApiResult<Json<Value>> {
    let ids = verify::avatars(&state.db())?;
    Ok(Json(Value::Array(
        ids.iter()
            .map(|id| json!({ "id": id, "url": verify::avatar_url(id) }))
            .collect(),
    )))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SetBody {
    avatar_id: Option<Value>,
}

/// Answers the profile with the new avatar.
pub async fn set_avatar(
    State(state): State<AppState>,
    who: AuthPlayer,
    ApiJson(body): ApiJson<SetBody>,
) -> ApiResult<Json<players::Profile>> {
    let id = match &body.avatar_id {
        Some(Value::String(s)) if !s.trim().is_empty() => s.trim().to_string(),
        Some(Value::Number(n)) => n.to_string(),
        _ => {
            return Err(ApiError::field(
                "validation_failed",
                "avatarId",
                "The avatar id field is required.",
            ))
        }
    };
    {
        let conn = state.db();
        if id.len() > 64 || !verify::avatar_exists(&conn, &id)? {
            return Err(ApiError::field(
                "avatar_unknown",
                "avatarId",
                "There is no avatar with this id: choose one from the list.",
            ));
        }
        verify::set_avatar(&conn, who.player_id, &id)?;
    }
    Ok(Json(current_player(&state, &who)?.profile()))
}

/// The avatar pictures (small SVGs shipped with the sandbox).
const PICTURES: &[(&str, &str)] = &[
    ("ace.svg", include_str!("../../assets/avatars/ace.svg")),
    ("chip.svg", include_str!("../../assets/avatars/chip.svg")),
    (
        "clover.svg",
        include_str!("../../assets/avatars/clover.svg"),
    ),
    ("crown.svg", include_str!("../../assets/avatars/crown.svg")),
    ("dice.svg", include_str!("../../assets/avatars/dice.svg")),
    ("star.svg", include_str!("../../assets/avatars/star.svg")),
];

pub async fn picture(Path(file): Path<String>) -> Response {
    match PICTURES.iter().find(|(n, _)| *n == file) {
        Some((_, svg)) => (
            [
                (header::CONTENT_TYPE, "image/svg+xml"),
                (header::CACHE_CONTROL, "public, max-age=86400"),
            ],
            *svg,
        )
            .into_response(),
        None => StatusCode::NOT_FOUND.into_response(),
    }
}
