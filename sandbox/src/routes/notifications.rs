//! /api/notification (SPEC §7 Notifications): messenger messages and pushes (paged, read,
//! read-all, delete), new ones published live on `messenger:notifications#{id}` and
//! `messenger:pushes#{id}`, and the contact form.

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};

use crate::auth::{self, AuthPlayer};
use crate::db::notifications::{self as store, Kind};
use crate::db::{self, players};
use crate::error::{ApiError, ApiJson, ApiQuery, ApiResult, FieldErrors};
use crate::realtime;
use crate::state::AppState;

/// SPEC §9: the push list's page size, also the default for messages.
const PER_PAGE: i64 = 20;
const MAX_PER_PAGE: i64 = 100;
const TITLE_MAX: usize = 200;
const MESSAGE_MAX: usize = 5000;

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PageQuery {
    page: Option<String>,
    per_page: Option<String>,
}

fn paged(state: &AppState, kind: Kind, player_id: i64, q: &PageQuery) -> ApiResult<Json<Value>> {
    let mut errors = FieldErrors::new();
    let int = |v: &Option<String>, field: &str, errors: &mut FieldErrors, default: i64| match v {
        None => default,
        Some(t) => match t.trim().parse::<i64>() {
            Ok(n) if n >= 1 => n,
            _ => {
                errors.add(
                    field,
                    format!("The {field} must be a positive whole number."),
                );
                default
            }
        },
    };
    let page = int(&q.page, "page", &mut errors, 1);
    let per_page = int(&q.per_page, "perPage", &mut errors, PER_PAGE).min(MAX_PER_PAGE);
    errors.check()?;
    let conn = state.db();
    let (data, rows) = store::page(&conn, kind, player_id, page, per_page)?;
    let unread = store::unread(&conn, kind, player_id)?;
    Ok(Json(json!({
        "data": data,
        "meta": {
            "page": page,
            "perPage": per_page,
            "totalPages": (rows + per_page - 1) / per_page,
            "totalRows": rows,
            "totalUnread": unread,
        }
    })))
}

pub async fn messages(
    State(state): State<AppState>,
    who: AuthPlayer,
    ApiQuery(q): ApiQuery<PageQuery>,
) -> ApiResult<Json<Value>> {
    paged(&state, Kind::Message, who.player_id, &q)
}

pub async fn pushes(
    State(state): State<AppState>,
    who: AuthPlayer,
    ApiQuery(q): ApiQuery<PageQuery>,
) -> ApiResult<Json<Value>> {
    paged(&state, Kind::Push, who.player_id, &q)
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Ids {
    message_ids: Option<Vec<i64>>,
    push_ids: Option<Vec<i64>>,
}

fn ids(list: Option<Vec<i64>>, field: &str) -> ApiResult<Vec<i64>> {
    match list {
        Some(l) if !l.is_empty() && l.len() <= 500 => Ok(l),
        _ => Err(ApiError::field(
            "validation_failed",
            field,
            "Give between 1 and 500 ids.",
        )),
    }
}

fn unread_answer(state: &AppState, kind: Kind, player_id: i64) -> ApiResult<Json<Value>> {
    let n = store::unread(&state.db(), kind, player_id)?;
    Ok(Json(json!({ "totalUnread": n })))
}

pub async fn read(
    State(state): State<AppState>,
    who: AuthPlayer,
    ApiJson(body): ApiJson<Ids>,
) -> ApiResult<Json<Value>> {
    let list = ids(body.message_ids, "messageIds")?;
    store::read(
        &state.db(),
        Kind::Message,
        who.player_id,
        Some(&list),
        db::now(),
    )?;
    unread_answer(&state, Kind::Message, who.player_id)
}

pub async fn read_all(State(state): State<AppState>, who: AuthPlayer) -> ApiResult<Json<Value>> {
    store::read(&state.db(), Kind::Message, who.player_id, None, db::now())?;
    unread_answer(&state, Kind::Message, who.player_id)
}

pub async fn delete(
    State(state): State<AppState>,
    who: AuthPlayer,
    ApiJson(body): ApiJson<Ids>,
) -> ApiResult<Json<Value>> {
    let list = ids(body.message_ids, "messageIds")?;
    store::delete(&state.db(), who.player_id, &list)?;
    unread_answer(&state, Kind::Message, who.player_id)
}

pub async fn pushes_read(
    State(state): State<AppState>,
    who: AuthPlayer,
    ApiJson(body): ApiJson<Ids>,
) -> ApiResult<Json<Value>> {
    let list = ids(body.push_ids, "pushIds")?;
    store::read(
        &state.db(),
        Kind::Push,
        who.player_id,
        Some(&list),
        db::now(),
    )?;
    unread_answer(&state, Kind::Push, who.player_id)
}

pub async fn pushes_read_all(
    State(state): State<AppState>,
    who: AuthPlayer,
) -> ApiResult<Json<Value>> {
    store::read(&state.db(), Kind::Push, who.player_id, None, db::now())?;
    unread_answer(&state, Kind::Push, who.player_id)
}

#[derive(Deserialize)]
pub struct ContactBody {
    email: Option<String>,
    subject: Option<String>,
    message: Option<String>,
}

/// The contact form: a player's message is filed under their account (their e-mail unless
/// they give another), a guest must give an e-mail.
pub async fn communications(
    State(state): State<AppState>,
    axum::extract::ConnectInfo(peer): axum::extract::ConnectInfo<std::net::SocketAddr>,
    headers: HeaderMap,
    ApiJson(body): ApiJson<ContactBody>,
) -> ApiResult<(StatusCode, Json<Value>)> {
    super::message_limit(&state, peer.ip())?;
    let who = auth::bearer(&headers).and_then(|t| auth::authenticate(&state, t).ok());
    let conn = state.db();
    let player = match who {
        Some(w) => players::by_id(&conn, w.player_id)?,
        None => None,
    };
    let mut errors = FieldErrors::new();
    let email = body
        .email
        .as_deref()
        .map(str::trim)
        .filter(|e| !e.is_empty())
        .map(str::to_string)
        .or_else(|| player.as_ref().map(|p| p.email.clone()))
        .unwrap_or_default();
    if email.is_empty() {
        errors.add("email", "The email field is required.");
    } else if !crate::validation::is_email(&email) {
        errors.add("email", "The email must be a valid email address.");
    }
    let subject = body.subject.as_deref().unwrap_or("").trim().to_string();
    if subject.is_empty() {
        errors.add("subject", "The subject field is required.");
    } else if subject.chars().count() > TITLE_MAX {
        errors.add(
            "subject",
            format!("The subject may not be greater than {TITLE_MAX} characters."),
        );
    }
    let message = body.message.as_deref().unwrap_or("").trim().to_string();
    if message.chars().count() < 10 {
        errors.add("message", "The message must be at least 10 characters.");
    } else if message.chars().count() > MESSAGE_MAX {
        errors.add(
            "message",
            format!("The message may not be greater than {MESSAGE_MAX} characters."),
        );
    }
    errors.check()?;
    let id = store::communicate(
        &conn,
        player.map(|p| p.id),
        &email,
        &subject,
        &message,
        db::now(),
    )?;
    Ok((StatusCode::CREATED, Json(json!({ "id": id }))))
}

/// Control: `{playerId | email, kind: message|push, title, body}` files one and publishes it.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NotifyBody {
    player_id: Option<i64>,
    email: Option<String>,
    kind: Option<String>,
    title: String,
    body: Option<String>,
}

pub async fn notify(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<NotifyBody>,
) -> ApiResult<Json<Value>> {
    let kind = match body.kind.as_deref().unwrap_or("message") {
        "message" => Kind::Message,
        "push" => Kind::Push,
        _ => {
            return Err(ApiError::field(
                "validation_failed",
                "kind",
                "message or push",
            ))
        }
    };
    let item = {
        let conn = state.db();
        let player = match (body.player_id, body.email.as_deref()) {
            (Some(id), _) => players::by_id(&conn, id)?,
            (None, Some(e)) => players::by_email(&conn, e.trim())?,
            _ => None,
        }
        .ok_or_else(|| ApiError::field("validation_failed", "playerId", "No such player."))?;
        let item = store::create(
            &conn,
            kind,
            player.id,
            &body.title,
            body.body.as_deref().unwrap_or(""),
            db::now(),
        )?;
        (player.id, item)
    };
    publish(&state, kind, item.0, &item.1);
    Ok(Json(item.1))
}

/// A new message or push goes out live to the player's channel.
pub fn publish(state: &AppState, kind: Kind, player_id: i64, item: &Value) {
    let channel = match kind {
        Kind::Message => format!("messenger:notifications#{player_id}"),
        Kind::Push => format!("messenger:pushes#{player_id}"),
    };
    realtime::publish(state, &channel, item.clone());
}
