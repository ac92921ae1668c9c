//! /api/retention: quests (list, activate, cancel) and the loyalty account and levels (SPEC §7
//! Quests), behind the public flags `questsEnabled` / `loyaltyEnabled` (in
//! /api/settings/constants; on by default, switched by the control API). Bets and deposits
//! move task progress and loyalty points; changes are pushed on `retention:quests#{id}`
//! (`quest.updated`, `quest.task.updated`) and `retention:accounts#{id}`.

use axum::extract::{RawQuery, State};
use axum::http::StatusCode;
use axum::routing::{get, post, put};
use axum::{Json, Router};
use rusqlite::Connection;
use serde::Deserialize;
use serde_json::{json, Value};

use crate::auth::AuthPlayer;
use crate::db::retention::{self as store, Quest, Task};
use crate::db::{self, players};
use crate::error::{ApiError, ApiJson, ApiPath, ApiResult, FieldErrors};
use crate::realtime;
use crate::state::AppState;

pub const QUESTS_FLAG: &str = "quests_enabled";
pub const LOYALTY_FLAG: &str = "loyalty_enabled";

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/retention/quests", get(list))
        .route("/api/retention/quests/{id}/activate", put(activate))
        .route("/api/retention/quests/{id}/cancel", put(cancel))
        .route("/api/retention/account", get(account))
        .route("/api/retention/levels", get(levels))
}

pub fn control_router() -> Router<AppState> {
    Router::new()
        .route("/api/_control/flags", post(control_flags))
        .route("/api/_control/quests", post(control_quest))
        .route("/api/_control/loyalty", post(control_loyalty))
}

/// A public flag (default on).
pub fn flag(conn: &Connection, key: &str) -> bool {
    db::get_setting(conn, key).ok().flatten().as_deref() != Some("0")
}

fn enabled(state: &AppState, key: &str) -> ApiResult<()> {
    if flag(&state.db(), key) {
        Ok(())
    } else {
        Err(ApiError::new(
            StatusCode::NOT_FOUND,
            "feature_disabled",
            "This feature is not enabled.",
        ))
    }
}

fn task_json(t: &Task, quest_state: i64) -> Value {
    json!({
        "id": t.id,
        "questId": t.quest_id,
        "type": t.kind,
        "isActive": quest_state == store::QUEST_ACTIVE,
        "isCompleted": t.progress >= t.quantity,
        "progress": t.progress.min(t.quantity),
        "quantity": t.quantity,
        "gameIds": t.game_ids,
    })
}

fn quest_json(conn: &Connection, q: &Quest) -> Value {
    let tasks: Vec<Value> = store::tasks(conn, q.id)
        .unwrap_or_default()
        .iter()
        .map(|t| task_json(t, q.state))
        .collect();
    json!({
        "id": q.id,
        "name": q.name,
        "state": q.state,
        "currency": q.currency,
        "reward": q.reward,
        "tasks": tasks,
    })
}

fn publish_quest(state: &AppState, id: i64) {
    let data = {
        let conn = state.db();
        match store::quest(&conn, id) {
            Ok(Some(q)) => Some((q.player_id, quest_json(&conn, &q))),
            _ => None,
        }
    };
    if let Some((player, data)) = data {
        realtime::publish(
            state,
            &format!("retention:quests#{player}"),
            json!({ "event": "quest.updated", "data": data }),
        );
    }
}

async fn list(
    State(state): State<AppState>,
    who: AuthPlayer,
    RawQuery(raw): RawQuery,
) -> ApiResult<Json<Vec<Value>>> {
    enabled(&state, QUESTS_FLAG)?;
    let mut states = Vec::new();
    let mut currency = None;
    for (k, v) in super::payments::query_pairs(&raw) {
        match k.trim_end_matches("[]") {
            "state" => states.extend(v.parse::<i64>().ok()),
            "currency" if !v.is_empty() => currency = Some(v.to_ascii_uppercase()),
            _ => {}
        }
    }
    let conn = state.db();
    let list = store::quests(&conn, who.player_id)?;
    Ok(Json(
        list.iter()
            .filter(|q| states.is_empty() || states.contains(&q.state))
            .filter(|q| currency.as_deref().is_none_or(|c| c == q.currency))
            .map(|q| quest_json(&conn, q))
            .collect(),
    ))
}

fn own(conn: &Connection, player: i64, id: i64) -> ApiResult<Quest> {
    match store::quest(conn, id)? {
        Some(q) if q.player_id == player => Ok(q),
        _ => Err(ApiError::not_found()),
    }
}

async fn activate(
    State(state): State<AppState>,
    who: AuthPlayer,
    ApiPath(id): ApiPath<i64>,
) -> ApiResult<Json<Value>> {
    enabled(&state, QUESTS_FLAG)?;
    let changed = {
        let conn = state.db();
        let q = own(&conn, who.player_id, id)?;
        match q.state {
            store::QUEST_ACTIVE => false,
            store::QUEST_ISSUED => {
                store::set_state(&conn, id, store::QUEST_ACTIVE)?;
                true
            }
            _ => {
                return Err(ApiError::unprocessable(
                    "quest_finished",
                    "This quest has finished.",
                    FieldErrors::new(),
                ))
            }
        }
    };
    if changed {
        publish_quest(&state, id);
    }
    let conn = state.db();
    Ok(Json(quest_json(&conn, &own(&conn, who.player_id, id)?)))
}

async fn cancel(
    State(state): State<AppState>,
    who: AuthPlayer,
    ApiPath(id): ApiPath<i64>,
) -> ApiResult<Json<Value>> {
    enabled(&state, QUESTS_FLAG)?;
    {
        let conn = state.db();
        let q = own(&conn, who.player_id, id)?;
        if q.state != store::QUEST_ISSUED && q.state != store::QUEST_ACTIVE {
            return Err(ApiError::unprocessable(
                "quest_finished",
                "This quest has finished.",
                FieldErrors::new(),
            ));
        }
        store::set_state(&conn, id, store::QUEST_CANCELLED)?;
    }
    publish_quest(&state, id);
    let conn = state.db();
    Ok(Json(quest_json(&conn, &own(&conn, who.player_id, id)?)))
}

fn account_json(conn: &Connection, player: i64) -> rusqlite::Result<Value> {
    let points = store::points(conn, player)?;
    let levels = store::levels(conn)?;
    let current = levels.iter().rev().find(|l| l.points <= points);
    let next = levels.iter().find(|l| l.points > points);
    Ok(json!({
        "points": points,
        "currentLevel": current.map(|l| json!({ "name": l.name, "points": l.points, "order": l.order })),
        "nextLevel": next.map(|l| json!({ "name": l.name, "points": l.points })),
    }))
}

async fn account(State(state): State<AppState>, who: AuthPlayer) -> ApiResult<Json<Value>> {
    enabled(&state, LOYALTY_FLAG)?;
    Ok(Json(account_json(&state.db(), who.player_id)?))
}

async fn levels(State(state): State<AppState>, _who: AuthPlayer) -> ApiResult<Json<Vec<Value>>> {
    enabled(&state, LOYALTY_FLAG)?;
    let list = store::levels(&state.db())?;
    Ok(Json(
        list.iter()
            .map(|l| json!({ "name": l.name, "points": l.points, "order": l.order }))
            .collect(),
    ))
}

fn publish_account(state: &AppState, player: i64) {
    let data = account_json(&state.db(), player).ok();
    if let Some(data) = data {
        realtime::publish(state, &format!("retention:accounts#{player}"), data);
    }
}

/// A task of `kind` moved by one for each active quest of the player; tasks pushed, a quest
/// whose tasks are all done completes (pushed). Loyalty points grow by `points`.
pub fn progress(state: &AppState, player: i64, kind: &str, points: i64) {
    let mut tasks_moved = Vec::new();
    let mut completed = Vec::new();
    let mut points_moved = false;
    {
        let conn = state.db();
        if flag(&conn, QUESTS_FLAG) {
            let quests = store::quests(&conn, player).unwrap_or_default();
            for q in quests.iter().filter(|q| q.state == store::QUEST_ACTIVE) {
                let tasks = store::tasks(&conn, q.id).unwrap_or_default();
                let mut all_done = true;
                for t in tasks {
                    let mut t = t;
                    if t.kind == kind && t.progress < t.quantity {
                        t.progress += 1;
                        if store::set_progress(&conn, t.id, t.progress).is_ok() {
                            tasks_moved.push(task_json(&t, q.state));
                        }
                    }
                    all_done &= t.progress >= t.quantity;
                }
                if all_done && store::set_state(&conn, q.id, store::QUEST_COMPLETED).is_ok() {
                    completed.push(q.id);
                }
            }
        }
        if points > 0 && flag(&conn, LOYALTY_FLAG) {
            let now = store::points(&conn, player).unwrap_or(0);
            points_moved = store::set_points(&conn, player, now + points).is_ok();
        }
    }
    for t in tasks_moved {
        realtime::publish(
            state,
            &format!("retention:quests#{player}"),
            json!({ "event": "quest.task.updated", "data": t }),
        );
    }
    for id in completed {
        publish_quest(state, id);
    }
    if points_moved {
        publish_account(state, player);
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Flags {
    quests_enabled: Option<bool>,
    loyalty_enabled: Option<bool>,
}

/// `{questsEnabled?, loyaltyEnabled?}` -> both flags as they are now.
async fn control_flags(
    State(state): State<AppState>,
    ApiJson(b): ApiJson<Flags>,
) -> ApiResult<Json<Value>> {
    let conn = state.db();
    for (key, value) in [
        (QUESTS_FLAG, b.quests_enabled),
        (LOYALTY_FLAG, b.loyalty_enabled),
    ] {
        if let Some(v) = value {
            db::set_setting(&conn, key, if v { "1" } else { "0" })?;
        }
    }
    Ok(Json(json!({
        "questsEnabled": flag(&conn, QUESTS_FLAG),
        "loyaltyEnabled": flag(&conn, LOYALTY_FLAG),
    })))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct NewTask {
    #[serde(rename = "type")]
    kind: String,
    quantity: i64,
    #[serde(default)]
    game_ids: Vec<i64>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct NewQuest {
    email: String,
    name: String,
    #[serde(default)]
    currency: Option<String>,
    #[serde(default)]
    state: Option<i64>,
    #[serde(default)]
    reward: Option<String>,
    tasks: Vec<NewTask>,
}

async fn control_quest(
    State(state): State<AppState>,
    ApiJson(b): ApiJson<NewQuest>,
) -> ApiResult<Json<Value>> {
    let id = {
        let conn = state.db();
        let player = players::by_email(&conn, b.email.trim())?
            .ok_or_else(|| ApiError::field("validation_failed", "email", "No such player."))?;
        let tasks: Vec<(String, i64, Vec<i64>)> = b
            .tasks
            .into_iter()
            .filter(|t| t.kind == "bet" || t.kind == "deposit")
            .map(|t| (t.kind, t.quantity.max(1), t.game_ids))
            .collect();
        store::add_quest(
            &conn,
            player.id,
            &b.name,
            b.state.unwrap_or(store::QUEST_ISSUED),
            &b.currency
                .unwrap_or_else(|| "USD".into())
                .to_ascii_uppercase(),
            b.reward.as_deref().unwrap_or("10 free spins"),
            &tasks,
            db::now(),
        )?
    };
    publish_quest(&state, id);
    let conn = state.db();
    let q = store::quest(&conn, id)?.ok_or_else(ApiError::not_found)?;
    Ok(Json(quest_json(&conn, &q)))
}

#[derive(Deserialize)]
struct SetPoints {
    email: String,
    points: i64,
}

async fn control_loyalty(
    State(state): State<AppState>,
    ApiJson(b): ApiJson<SetPoints>,
) -> ApiResult<Json<Value>> {
    let player = {
        let conn = state.db();
        let player = players::by_email(&conn, b.email.trim())?
            .ok_or_else(|| ApiError::field("validation_failed", "email", "No such player."))?;
        store::set_points(&conn, player.id, b.points)?;
        player.id
    };
    publish_account(&state, player);
    Ok(Json(account_json(&state.db(), player)?))
}
