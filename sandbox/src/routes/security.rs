//! The player's sessions and password (SPEC §7 Player): list open sessions (paged), close one,
//! close all others, change the password (which ends every other session).

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};

use super::hashing;
use crate::auth::AuthPlayer;
use crate::db::{self, players, sessions};
use crate::error::{ApiError, ApiJson, ApiPath, ApiQuery, ApiResult, FieldErrors};
use crate::password;
use crate::realtime;
use crate::state::AppState;
use crate::validation;

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PageQuery {
    page: Option<i64>,
    per_page: Option<i64>,
}

pub async fn list(
    State(state): State<AppState>,
    who: AuthPlayer,
    ApiQuery(q): ApiQuery<PageQuery>,
) -> ApiResult<Json<Value>> {
    let page = q.page.unwrap_or(1);
    let per_page = q.per_page.unwrap_or(10);
    if page < 1 || !(1..=100).contains(&per_page) {
        return Err(ApiError::field(
            "validation_failed",
            "page",
            "The page must be 1 or more and perPage 1 to 100.",
        ));
    }
    let (data, total) =
        sessions::page_open(&state.db(), who.player_id, who.session_id, page, per_page)?;
    Ok(Json(json!({
        "data": data,
        "meta": {
            "page": page,
            "perPage": per_page,
            "totalPages": (total + per_page - 1) / per_page,
            "totalRows": total,
        }
    })))
}

/// Closes one of the player's sessions (the current one too: that is a sign-out).
pub async fn close(
    State(state): State<AppState>,
    who: AuthPlayer,
    ApiPath(id): ApiPath<i64>,
) -> ApiResult<StatusCode> {
    {
        let conn = state.db();
        if !sessions::is_open_of(&conn, who.player_id, id)? {
            return Err(ApiError::not_found());
        }
        sessions::close(&conn, id, db::now())?;
    }
    realtime::session_closed(&state, id);
    Ok(StatusCode::NO_CONTENT)
}

pub async fn close_other(State(state): State<AppState>, who: AuthPlayer) -> ApiResult<Json<Value>> {
    let closed = sessions::close_others(&state.db(), who.player_id, who.session_id, db::now())?;
    for id in &closed {
        realtime::session_closed(&state, *id);
    }
    Ok(Json(json!({ "closed": closed.len() })))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PasswordBody {
    current_password: Option<String>,
    new_password: Option<String>,
    repeat_new_password: Option<String>,
}

/// Changes the password after checking the current one; every other session ends.
pub async fn change_password(
    State(state): State<AppState>,
    who: AuthPlayer,
    ApiJson(body): ApiJson<PasswordBody>,
) -> ApiResult<Json<Value>> {
    let current = body.current_password.unwrap_or_default();
    let new = body.new_password.unwrap_or_default();
    let mut errors = FieldErrors::new();
    if current.is_empty() {
        errors.add("currentPassword", "The current password field is required.");
    }
    if let Some(p) = validation::password_problem(&new, "new password") {
        errors.add("newPassword", p);
    } else if new == current {
        errors.add(
            "newPassword",
            "The new password must be different from the current one.",
        );
    }
    if body.repeat_new_password.is_some_and(|r| r != new) {
        errors.add("repeatNewPassword", "The passwords do not match.");
    }
    errors.check()?;
    check_current_password(&state, who.player_id, current).await?;
    let cost = state.hash_cost;
    let hash = hashing(&state, move || password::hash(&new, cost))
        .await?
        .map_err(ApiError::internal)?;
    let closed = {
        let conn = state.db();
        players::set_password_hash(&conn, who.player_id, &hash)?;
        // Game tokens stop spending with the old password (issue 32).
        db::games::end_tokens(&conn, who.player_id)?;
        sessions::close_others(&conn, who.player_id, who.session_id, db::now())?
    };
    for id in &closed {
        realtime::session_closed(&state, *id);
    }
    Ok(Json(json!({ "closedSessions": closed.len() })))
}

/// The player's current password, with wrong ones limited per player (429 with Retry-After):
/// a stolen bearer must not be a free password oracle. The attempt is reserved before the
/// hash is verified, and a right password clears the count.
pub async fn check_current_password(
    state: &AppState,
    player_id: i64,
    current: String,
) -> ApiResult<()> {
    let key = format!("current-password:player:{player_id}");
    let l = &state.limits;
    state
        .limiter
        .take(&key, l.current_password_per_player, l.window)
        .map_err(ApiError::too_many)?;
    let stored = players::by_id(&state.db(), player_id)?
        .ok_or_else(ApiError::unauthorized)?
        .password_hash;
    let ok = hashing(state, move || password::verify(&current, &stored)).await?;
    if !ok {
        return Err(ApiError::field(
            "validation_failed",
            "currentPassword",
            "The current password is incorrect.",
        ));
    }
    state.limiter.clear(&key);
    Ok(())
}
