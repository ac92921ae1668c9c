//! `GET /api/player/init` (SPEC §7 Player): the game side learns the player and the currency
//! of the active account. SPEC gives no answer shape; this one is written in docs/API.md
//! "Games". The client calls it when a session knows its active account and on each switch;
//! a failure is only logged there (SPEC §8 "Game info … update fails").

use axum::extract::State;
use axum::Json;
use serde_json::{json, Value};

use crate::auth::AuthPlayer;
use crate::db::{self, accounts, games as store};
use crate::error::ApiResult;
use crate::state::AppState;

pub async fn init(State(state): State<AppState>, who: AuthPlayer) -> ApiResult<Json<Value>> {
    let conn = state.db();
    let currency = accounts::active(&conn, who.player_id)?.map(|a| a.currency);
    let info = store::init_player(&conn, who.player_id, currency.as_deref(), db::now())?;
    Ok(Json(json!({
        "playerId": who.player_id,
        "currency": info.currency,
        "updatedAt": crate::dates::iso(info.updated_at),
    })))
}
