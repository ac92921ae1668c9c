//! Forgotten password: request a reset code, then confirm it with a new password.

use axum::extract::State;
use axum::http::StatusCode;
use rand::RngCore;
use serde::Deserialize;

use super::blocking;
use crate::db::{self, players, resets, sessions};
use crate::error::{ApiError, ApiJson, ApiResult, FieldErrors};
use crate::password;
use crate::seed::to_hex;
use crate::state::AppState;
use crate::validation;

#[derive(Deserialize)]
pub struct ResetBody {
    email: Option<String>,
}

/// Always 204 for a well-formed address, known or not, so the endpoint can't be used to
/// probe which e-mails have accounts. The code is printed to stdout in place of an e-mail.
pub async fn reset(
    State(state): State<AppState>,
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

    let conn = state.db();
    if let Some(player) = players::by_email(&conn, email)? {
        let mut bytes = [0u8; 16];
        rand::rng().fill_bytes(&mut bytes);
        let code = to_hex(&bytes);
        resets::create(&conn, &code, player.id, db::now())?;
        println!(
            "sandbox: password reset code for {}: {code} (valid {} min)",
            player.email,
            resets::RESET_TTL_SECS / 60
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
pub async fn confirm(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<ConfirmBody>,
) -> ApiResult<StatusCode> {
    let mut errors = FieldErrors::new();
    let code = body.code.as_deref().map(str::trim).unwrap_or("");
    let player_id = if code.is_empty() {
        errors.add("code", "The code field is required.");
        None
    } else {
        let found = resets::find_valid(&state.db(), code, db::now())?;
        if found.is_none() {
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
    let hash = blocking(move || password::hash(&pw, cost))
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
