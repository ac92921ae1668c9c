//! Forgotten password: request a reset code, then confirm it with a new password.

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, State};
use axum::http::{header, HeaderMap, StatusCode};
use serde::Deserialize;

use super::hashing;
use crate::db::{self, outbox, players, resets, sessions};
use crate::error::{ApiError, ApiJson, ApiResult, FieldErrors};
use crate::limits::{account_key, client_key};
use crate::password;
use crate::state::AppState;
use crate::validation;

#[derive(Deserialize)]
pub struct ResetBody {
    email: Option<String>,
}

/// Always 204 for a well-formed address, known or not, so the endpoint can't be used to
/// probe which e-mails have accounts. The e-mail goes to the local outbox (never the log).
/// Limited per address asked for and per client, known or not (the same answer either way).
pub async fn reset(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    ApiJson(body): ApiJson<ResetBody>,
) -> ApiResult<StatusCode> {
    let email = body.email.as_deref().map(str::trim).unwrap_or("");
    let mut errors = FieldErrors::new();
    if email.is_empty() {
        errors.add("email", "The email field is required.");
    } else if !validation::is_email(email) {
        errors.add("email", "The email must be a valid email address.");
    }
    errors.check()?;
    let limits = &state.limits;
    let acct = account_key("reset", email);
    let client = client_key("reset", peer.ip());
    state
        .limiter
        .check(&acct, limits.reset_per_account, limits.window)
        .and_then(|()| {
            state
                .limiter
                .check(&client, limits.reset_per_client, limits.window)
        })
        .map_err(ApiError::too_many)?;
    state.limiter.hit(&acct);
    state.limiter.hit(&client);

    let now = db::now();
    let conn = state.db();
    resets::prune(&conn, now)?;
    if let Some(player) = players::by_email(&conn, email)? {
        let code = crate::secrets::random_token();
        resets::create(&conn, &code, player.id, now)?;
        // The Host was checked against the served names, so the link leads back here.
        let host = headers
            .get(header::HOST)
            .and_then(|h| h.to_str().ok())
            .unwrap_or("127.0.0.1");
        let link = format!("http://{host}/password-reset/{code}");
        let minutes = resets::RESET_TTL_SECS / 60;
        outbox::push(
            &conn,
            &outbox::NewMessage {
                kind: "email",
                recipient: &player.email,
                subject: "Reset your Croupier password",
                body: &format!(
                    "Someone asked to reset the password of your account. Open the link to \
                     choose a new one, or enter the code {code} in the reset form. The link \
                     works once, for {minutes} minutes. If it was not you, ignore this e-mail."
                ),
                link: Some(&link),
                now,
            },
        )?;
        println!(
            "sandbox: password reset e-mail for player {} is in the outbox{}",
            player.id,
            if state.outbox { " (/_outbox)" } else { "" }
        );
    }
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Deserialize)]
pub struct ConfirmBody {
    code: Option<String>,
    password: Option<String>,
    password_confirmation: Option<String>,
}

/// Sets the new password, burns the player's reset codes and closes all their sessions.
/// Wrong codes count per client: past the limit the endpoint answers 429 before looking.
pub async fn confirm(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    ApiJson(body): ApiJson<ConfirmBody>,
) -> ApiResult<StatusCode> {
    let client = client_key("confirm", peer.ip());
    let limits = &state.limits;
    state
        .limiter
        .check(&client, limits.confirm_per_client, limits.window)
        .map_err(ApiError::too_many)?;
    let mut errors = FieldErrors::new();
    let code = body.code.as_deref().map(str::trim).unwrap_or("");
    let player_id = if code.is_empty() {
        errors.add("code", "The code field is required.");
        None
    } else if code.len() > 64 {
        errors.add("code", "The reset code is invalid or has expired.");
        None
    } else {
        let found = resets::find_valid(&state.db(), code, db::now())?;
        if found.is_none() {
            state.limiter.hit(&client);
            errors.add("code", "The reset code is invalid or has expired.");
        }
        found
    };
    let pw = body.password.unwrap_or_default();
    if pw.is_empty() {
        errors.add("password", "The password field is required.");
    } else if let Some(msg) = validation::password_problem(&pw, "password") {
        errors.add("password", msg);
    }
    if body.password_confirmation.as_deref() != Some(pw.as_str()) {
        errors.add(
            "password_confirmation",
            "The password confirmation does not match.",
        );
    }
    errors.check()?;
    let player_id = player_id.ok_or_else(|| ApiError::internal("reset code lost"))?;

    let cost = state.hash_cost;
    let hash = hashing(&state, move || password::hash(&pw, cost))
        .await?
        .map_err(ApiError::internal)?;
    let now = db::now();
    let conn = state.db();
    let tx = conn.unchecked_transaction()?;
    // Re-check inside the transaction: the same code may have been used meanwhile.
    if resets::find_valid(&tx, code, now)? != Some(player_id) {
        return Err(ApiError::field(
            "validation_failed",
            "code",
            "The reset code is invalid or has expired.",
        ));
    }
    players::set_password_hash(&tx, player_id, &hash)?;
    resets::consume_all(&tx, player_id, now)?;
    sessions::close_all_for_player(&tx, player_id, now)?;
    tx.commit()?;
    drop(conn);
    crate::realtime::player_sessions_closed(&state, player_id);
    Ok(StatusCode::NO_CONTENT)
}
