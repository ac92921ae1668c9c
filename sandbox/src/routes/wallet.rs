//! /api/wallet/accounts: list, open, switch, hide.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use serde::Deserialize;

use crate::auth::AuthPlayer;
use crate::db::accounts::{self, AccountView};
use crate::db::{self, catalog};
use crate::error::{ApiError, ApiJson, ApiPath, ApiResult, FieldErrors};
use crate::realtime;
use crate::state::AppState;

pub async fn list(
    State(state): State<AppState>,
    who: AuthPlayer,
) -> ApiResult<Json<Vec<AccountView>>> {
    let list = accounts::list(&state.db(), who.player_id)?;
    Ok(Json(list.iter().map(|a| a.view()).collect()))
}

#[derive(Deserialize)]
pub struct CreateBody {
    currency: Option<String>,
}

/// Opens an inactive account. A hidden account in the same currency is shown again instead
/// of creating a second one, so balances are never stranded.
pub async fn create(
    State(state): State<AppState>,
    who: AuthPlayer,
    ApiJson(body): ApiJson<CreateBody>,
) -> ApiResult<(StatusCode, Json<AccountView>)> {
    let currency = body
        .currency
        .as_deref()
        .map(|c| c.trim().to_ascii_uppercase())
        .unwrap_or_default();
    let account = {
        let conn = state.db();
        let mut errors = FieldErrors::new();
        if currency.is_empty() {
            errors.add("currency", "The currency field is required.");
        } else if catalog::enabled_currency(&conn, &currency)?.is_none() {
            errors.add("currency", "The selected currency is invalid.");
        }
        errors.check()?;
        let id = match accounts::by_currency(&conn, who.player_id, &currency)? {
            Some(existing) if !existing.is_hidden => {
                return Err(ApiError::field(
                    "validation_failed",
                    "currency",
                    "You already have an account in this currency.",
                ))
            }
            Some(hidden) => {
                accounts::set_hidden(&conn, hidden.id, false)?;
                hidden.id
            }
            None => accounts::create(
                &conn,
                who.player_id,
                &currency,
                accounts::INACTIVE,
                0,
                db::now(),
            )?,
        };
        accounts::get(&conn, who.player_id, id)?
            .ok_or_else(|| ApiError::internal("account vanished after insert"))?
    };
    realtime::publish_account(&state, &account);
    Ok((StatusCode::CREATED, Json(account.view())))
}

pub async fn switch(
    State(state): State<AppState>,
    who: AuthPlayer,
    ApiPath(id): ApiPath<i64>,
) -> ApiResult<Json<Vec<AccountView>>> {
    let (before, after) = {
        let conn = state.db();
        match accounts::get(&conn, who.player_id, id)? {
            Some(a) if !a.is_hidden => {}
            _ => return Err(ApiError::not_found()),
        }
        let before = accounts::list(&conn, who.player_id)?;
        accounts::switch_active(&conn, who.player_id, id)?;
        (before, accounts::list(&conn, who.player_id)?)
    };
    // Publish only accounts whose status actually changed.
    for account in &after {
        let changed = before
            .iter()
            .find(|b| b.id == account.id)
            .is_none_or(|b| b.status != account.status);
        if changed {
            realtime::publish_account(&state, account);
        }
    }
    Ok(Json(after.iter().map(|a| a.view()).collect()))
}

pub async fn hide(
    State(state): State<AppState>,
    who: AuthPlayer,
    ApiPath(id): ApiPath<i64>,
) -> ApiResult<StatusCode> {
    let conn = state.db();
    let account = accounts::get(&conn, who.player_id, id)?.ok_or_else(ApiError::not_found)?;
    if account.status == accounts::ACTIVE {
        return Err(ApiError::unprocessable(
            "account_active",
            "The active account cannot be hidden.",
            FieldErrors::new(),
        ));
    }
    accounts::set_hidden(&conn, id, true)?;
    Ok(StatusCode::NO_CONTENT)
}
