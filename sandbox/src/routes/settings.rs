//! GET /api/settings/*: public reference data.

use std::collections::HashMap;

use axum::extract::State;
use axum::Json;
use serde_json::Value;

use crate::constants;
use crate::db::catalog::{self, Country, Currency, Locale};
use crate::error::{ApiQuery, ApiResult};
use crate::state::AppState;

/// `?visible=1` leaves out currencies hidden from players.
pub async fn currencies(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<HashMap<String, String>>,
) -> ApiResult<Json<Vec<Currency>>> {
    let only_visible = query
        .get("visible")
        .is_some_and(|v| matches!(v.as_str(), "1" | "true"));
    Ok(Json(catalog::currencies(&state.db(), only_visible)?))
}

pub async fn locales(State(state): State<AppState>) -> ApiResult<Json<Vec<Locale>>> {
    Ok(Json(catalog::locales(&state.db())?))
}

pub async fn countries(State(state): State<AppState>) -> ApiResult<Json<Vec<Country>>> {
    Ok(Json(catalog::countries(&state.db())?))
}

/// The reference constants and the public flags of SPEC §6 (`questsEnabled`,
/// `loyaltyEnabled`; issue 12).
pub async fn constants(State(state): State<AppState>) -> Json<Value> {
    let mut all = constants::constants();
    if let Value::Object(map) = &mut all {
        let conn = state.db();
        for (name, key) in [
            ("questsEnabled", super::retention::QUESTS_FLAG),
            ("loyaltyEnabled", super::retention::LOYALTY_FLAG),
        ] {
            map.insert(name.into(), Value::Bool(super::retention::flag(&conn, key)));
        }
    }
    Json(all)
}
