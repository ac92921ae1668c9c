//! Control hooks for payments (mounted with the rest of /api/_control): the settle delay,
//! settling an invoice by hand (the QR payer paid), and a player's deposit cap (SPEC §8
//! 13100).

use axum::extract::State;
use axum::routing::post;
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Value};

use crate::db::payments as store;
use crate::db::{self, catalog, players};
use crate::error::{ApiError, ApiJson, ApiPath, ApiResult};
use crate::money;
use crate::state::AppState;

use super::provider;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/_control/payments", post(configure))
        .route("/api/_control/invoices/{id}/settle", post(settle))
        .route("/api/_control/deposit-limit", post(deposit_limit))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Configure {
    settle_ms: u64,
}

/// `{settleMs}` -> `{settleMs}`: the delay before the provider settles new invoices.
async fn configure(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<Configure>,
) -> ApiResult<Json<Value>> {
    let ms = body.settle_ms.min(600_000);
    db::set_setting(&state.db(), provider::SETTLE_MS_KEY, &ms.to_string())?;
    Ok(Json(json!({ "settleMs": ms })))
}

#[derive(Deserialize)]
struct Settle {
    status: i64,
}

/// `{status: 2|3}` settles a pending invoice now; 404 unknown, 422 not pending.
async fn settle(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<Settle>,
) -> ApiResult<Json<Value>> {
    if body.status != store::SUCCESS && body.status != store::ERROR {
        return Err(ApiError::field(
            "validation_failed",
            "status",
            "The status must be 2 or 3.",
        ));
    }
    if store::by_id(&state.db(), id)?.is_none() {
        return Err(ApiError::not_found());
    }
    let invoice = provider::settle_and_publish(&state, id, body.status).ok_or_else(|| {
        ApiError::field(
            "invoice_not_pending",
            "status",
            "The invoice is not pending.",
        )
    })?;
    Ok(Json(json!(invoice.view())))
}

#[derive(Deserialize)]
struct Limit {
    email: String,
    currency: String,
    /// Major-unit decimal string; null removes the cap.
    amount: Option<String>,
}

/// `{email, currency, amount|null}`: caps what the player may deposit per 24 h.
async fn deposit_limit(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<Limit>,
) -> ApiResult<Json<Value>> {
    let conn = state.db();
    let player = players::by_email(&conn, body.email.trim())?
        .ok_or_else(|| ApiError::field("validation_failed", "email", "No such player."))?;
    let currency = body.currency.trim().to_ascii_uppercase();
    let cur = catalog::currency(&conn, &currency)?
        .ok_or_else(|| ApiError::field("validation_failed", "currency", "No such currency."))?;
    let minor = match body.amount.as_deref() {
        None => None,
        Some(a) => Some(money::parse_minor(a, cur.subunit_to_unit).ok_or_else(|| {
            ApiError::field(
                "validation_failed",
                "amount",
                "The amount is not a decimal at the currency's precision.",
            )
        })?),
    };
    store::set_cap(&conn, player.id, &currency, minor)?;
    Ok(Json(json!({ "currency": currency, "amount": body.amount })))
}
