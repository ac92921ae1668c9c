//! Referral program and affiliate applications (issue 16; docs/API.md "Referral").

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};

use crate::auth::AuthPlayer;
use crate::db::{self, referral};
use crate::error::{ApiJson, ApiResult, FieldErrors};
use crate::realtime;
use crate::routes::player::present;
use crate::state::AppState;
use crate::validation;

/// `GET /api/player/referral` -> `{code, invited, qualified, earned, available, currency}`.
pub async fn show(
    State(state): State<AppState>,
    who: AuthPlayer,
) -> ApiResult<Json<referral::Stats>> {
    Ok(Json(referral::stats(&state.db(), who.player_id)?))
}

/// `POST /api/player/referral/transfer` -> the stats after the transfer, plus `account` (the
/// account credited), pushed on `wallet:accounts#{id}`; 422 `nothing_to_transfer`.
pub async fn transfer(State(state): State<AppState>, who: AuthPlayer) -> ApiResult<Json<Value>> {
    let (stats, account) = {
        let conn = state.db();
        let tx = conn.unchecked_transaction()?;
        let account = referral::transfer(&tx, who.player_id, db::now())?;
        tx.commit()?;
        (referral::stats(&conn, who.player_id)?, account)
    };
    let Some(account) = account else {
        return Err(crate::error::ApiError::unprocessable(
            "nothing_to_transfer",
            "There is nothing to transfer yet.",
            FieldErrors::new(),
        ));
    };
    realtime::publish_account(&state, &account);
    let mut body = serde_json::to_value(&stats).unwrap_or_default();
    body["account"] = json!(account.view());
    Ok(Json(body))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ApplyBody {
    name: Option<String>,
    email: Option<String>,
    website: Option<String>,
    message: Option<String>,
    affiliate_tag: Option<String>,
}

/// `POST /api/affiliate/applications {name, email, website, message?, affiliateTag?}` -> 201
/// `{id}`; 422 per field.
pub async fn apply(
    State(state): State<AppState>,
    axum::extract::ConnectInfo(peer): axum::extract::ConnectInfo<std::net::SocketAddr>,
    ApiJson(body): ApiJson<ApplyBody>,
) -> ApiResult<(StatusCode, Json<Value>)> {
    super::message_limit(&state, peer.ip())?;
    let mut errors = FieldErrors::new();
    let name = present(&body.name).unwrap_or_default();
    let email = present(&body.email).unwrap_or_default();
    let website = present(&body.website).unwrap_or_default();
    let message = present(&body.message).unwrap_or_default();
    if name.chars().count() < 2 {
        errors.add("fullName", "The name must be at least 2 characters.");
    } else if name.chars().count() > 80 {
        errors.add(
            "fullName",
            "The name may not be greater than 80 characters.",
        );
    }
    if !validation::is_email(email) {
        errors.add("email", "The email must be a valid email address.");
    }
    let lower = website.to_ascii_lowercase();
    if !(lower.starts_with("https://") || lower.starts_with("http://")) || website.len() > 200 {
        errors.add("website", "The website must be a valid URL.");
    }
    if message.chars().count() > 1000 {
        errors.add(
            "message",
            "The message may not be greater than 1000 characters.",
        );
    }
    let tag = present(&body.affiliate_tag).filter(|t| t.len() <= 64);
    errors.check()?;
    let id = referral::apply(
        &state.db(),
        &referral::Application {
            name,
            email,
            website,
            message,
            affiliate_tag: tag,
            player_id: None,
            now: db::now(),
        },
    )?;
    Ok((StatusCode::CREATED, Json(json!({ "id": id }))))
}
