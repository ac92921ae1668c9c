//! Sportsbook (SPEC §3, §7): the platform's start-game token call and the sport info, event
//! info and search calls; plus the stand-in provider the token is for (its widget script,
//! feed, bets), which production loads from an external provider.

use std::collections::BTreeMap;

use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::IntoResponse;
use axum::Json;
use rand::RngCore;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::auth::{bearer, AuthPlayer};
use crate::db::sport::{self as data, BetError, Event, NewBet};
use crate::db::{self, accounts};
use crate::error::{ApiError, ApiJson, ApiPath, ApiQuery, ApiResult, FieldErrors};
use crate::realtime;
use crate::state::AppState;

/// The `provider` value the start call must carry (the core's `SPORTSBOOK_PROVIDER`).
pub const PROVIDER: &str = "sportsbook";
/// The sportsbook's game key (SPEC §7: the start call sends it).
pub const GAME_KEY: &str = "sportsbook";

/// The stand-in widget script (the provider SDK's surface).
const WIDGET_JS: &str = include_str!("../../assets/sport-widget.js");

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StartBody {
    game_key: Option<String>,
    account_id: Option<i64>,
    lobby_url: Option<String>,
    locale: Option<String>,
    country_code: Option<String>,
    demo_mode: Option<bool>,
    platform: Option<i64>,
    provider: Option<String>,
}

/// `POST /api/game/sport/start`: a provider token bound to the player's account.
pub async fn start(
    State(state): State<AppState>,
    who: AuthPlayer,
    ApiJson(body): ApiJson<StartBody>,
) -> ApiResult<Json<Value>> {
    let mut errors = FieldErrors::new();
    if body.game_key.as_deref() != Some(GAME_KEY) {
        errors.add("gameKey", "The game key is not the sportsbook's.");
    }
    if body.provider.as_deref() != Some(PROVIDER) {
        errors.add("provider", "The selected provider is invalid.");
    }
    let platform = body.platform.unwrap_or(0);
    if !matches!(platform, 1 | 2) {
        errors.add(
            "platform",
            "The platform must be 1 (mobile) or 2 (desktop).",
        );
    }
    let culture = body.locale.as_deref().unwrap_or("").trim().to_string();
    if culture.is_empty() || culture.len() > 16 {
        errors.add("locale", "The locale field is required.");
    }
    if body.lobby_url.as_deref().unwrap_or("").is_empty() {
        errors.add("lobbyUrl", "The lobby url field is required.");
    }
    if body.country_code.as_deref().unwrap_or("").len() != 2 {
        errors.add("countryCode", "The country code must be two letters.");
    }
    let _demo = body.demo_mode.unwrap_or(false);
    let conn = state.db();
    super::limits::refuse_if_excluded(&conn, who.player_id, super::limits::GAME_LIMIT_CODE)?;
    let account = match body.account_id {
        None => {
            errors.add("accountId", "The account id field is required.");
            None
        }
        Some(id) => match accounts::get(&conn, who.player_id, id)? {
            Some(a) if !a.is_hidden => Some(a),
            _ => {
                errors.add("accountId", "The selected account is invalid.");
                None
            }
        },
    };
    errors.check()?;
    let account = account.ok_or_else(|| ApiError::internal("account checked above"))?;
    let mut bytes = [0u8; 24];
    rand::rng().fill_bytes(&mut bytes);
    let token = crate::seed::to_hex(&bytes);
    data::insert_token(
        &conn,
        &token,
        who.player_id,
        account.id,
        &culture,
        platform,
        who.session_id,
    )?;
    Ok(Json(json!({ "token": token })))
}

#[derive(Serialize)]
#[serde(rename_all = "PascalCase")]
struct InfoCategory {
    category_id: i64,
    name: String,
    championships: Vec<InfoChampionship>,
}

#[derive(Serialize)]
#[serde(rename_all = "PascalCase")]
struct InfoChampionship {
    championship_id: i64,
    name: String,
}

/// `GET /api/game/sport/info/{id}`: `{Categories: [{CategoryId, Name, Championships}]}`.
pub async fn info(
    State(state): State<AppState>,
    ApiPath(sport_id): ApiPath<i64>,
) -> ApiResult<Json<Value>> {
    let events = data::by_sport(&state.db(), sport_id)?;
    if events.is_empty() {
        return Err(ApiError::not_found());
    }
    let mut cats: Vec<InfoCategory> = Vec::new();
    for e in &events {
        let pos = match cats.iter().position(|c| c.category_id == e.category.0) {
            Some(p) => p,
            None => {
                cats.push(InfoCategory {
                    category_id: e.category.0,
                    name: e.category.1.clone(),
                    championships: Vec::new(),
                });
                cats.len() - 1
            }
        };
        if let Some(cat) = cats.get_mut(pos) {
            if !cat
                .championships
                .iter()
                .any(|c| c.championship_id == e.championship.0)
            {
                cat.championships.push(InfoChampionship {
                    championship_id: e.championship.0,
                    name: e.championship.1.clone(),
                });
            }
        }
    }
    Ok(Json(json!({ "Categories": cats })))
}

fn event_info(e: &Event) -> Value {
    json!({
        "id": e.id,
        "name": e.name(),
        "championship": {
            "id": e.championship.0,
            "name": e.championship.1,
            "category": {
                "id": e.category.0,
                "name": e.category.1,
                "sport": { "id": e.sport.0, "name": e.sport.1 },
            },
        },
    })
}

/// `GET /api/game/sport/events/{id}`: the event info of SPEC §3.
pub async fn event(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
) -> ApiResult<Json<Value>> {
    let e = data::get(&state.db(), id)?.ok_or_else(ApiError::not_found)?;
    Ok(Json(event_info(&e)))
}

#[derive(Deserialize)]
pub struct SearchQuery {
    query: Option<String>,
}

/// `GET /api/game/sport/search?query=`: events whose teams, championship, category or sport
/// contain the text (at least 2 characters).
pub async fn search(
    State(state): State<AppState>,
    ApiQuery(q): ApiQuery<SearchQuery>,
) -> ApiResult<Json<Value>> {
    let text = q.query.unwrap_or_default().trim().to_lowercase();
    if text.chars().count() < 2 {
        return Err(ApiError::field(
            "validation_failed",
            "query",
            "The query must be at least 2 characters.",
        ));
    }
    let events = data::all(&state.db())?;
    let found: Vec<Value> = events
        .iter()
        .filter(|e| {
            [&e.name(), &e.championship.1, &e.category.1, &e.sport.1]
                .iter()
                .any(|s| s.to_lowercase().contains(&text))
        })
        .take(20)
        .map(event_info)
        .collect();
    Ok(Json(Value::Array(found)))
}

// ---------------------------------------------------------------------------------------------
// The stand-in provider
// ---------------------------------------------------------------------------------------------

/// `GET /sportsbook/sdk.js`: the widget script. Revalidated each time, like the real SDK.
pub async fn script() -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        WIDGET_JS,
    )
}

fn event_feed(e: &Event, now: i64) -> Value {
    let m = e.market(now);
    let odds: BTreeMap<String, String> = m
        .odds
        .iter()
        .map(|(o, v)| (o.clone(), crate::money::format_minor(*v, 100)))
        .collect();
    json!({
        "id": e.id,
        "name": e.name(),
        "home": e.home,
        "away": e.away,
        "live": e.live,
        "startsAt": m.starts_at,
        "minute": m.minute,
        "score": m.score,
        "odds": odds,
        "sport": { "id": e.sport.0, "name": e.sport.1 },
        "category": { "id": e.category.0, "name": e.category.1 },
        "championship": { "id": e.championship.0, "name": e.championship.1 },
    })
}

/// `GET /sportsbook/api/feed`: every event with its current odds and score.
pub async fn feed(State(state): State<AppState>) -> ApiResult<Json<Value>> {
    let now = db::now();
    let events = data::all(&state.db())?;
    Ok(Json(json!({
        "now": now,
        "events": events.iter().map(|e| event_feed(e, now)).collect::<Vec<_>>(),
    })))
}

/// The token's row, or 401 `token_stale` (unknown, expired, or its account is no longer the
/// active one: the host must fetch a fresh token).
fn sport_session(
    state: &AppState,
    headers: &HeaderMap,
) -> ApiResult<(data::Token, accounts::Account)> {
    let stale = || {
        ApiError::new(
            StatusCode::UNAUTHORIZED,
            "token_stale",
            "The betting session has expired.",
        )
    };
    let token = bearer(headers).ok_or_else(stale)?;
    let conn = state.db();
    // Unknown, past its life, or its session closed: all the same to the widget.
    let row = data::token(&conn, token)?.ok_or_else(stale)?;
    let account = accounts::active(&conn, row.player_id)?.ok_or_else(stale)?;
    if account.id != row.account_id {
        return Err(stale());
    }
    Ok((row, account))
}

/// `GET /sportsbook/api/me`: whose the token is and the account bets go against.
pub async fn me(State(state): State<AppState>, headers: HeaderMap) -> ApiResult<Json<Value>> {
    let (row, account) = sport_session(&state, &headers)?;
    Ok(Json(json!({
        "playerId": row.player_id,
        "account": account.view(),
    })))
}

/// `GET /sportsbook/api/bets`: the token's player's bets, newest first.
pub async fn bets(State(state): State<AppState>, headers: HeaderMap) -> ApiResult<Json<Value>> {
    let (row, _) = sport_session(&state, &headers)?;
    let list = data::bets(&state.db(), row.player_id)?;
    Ok(Json(json!(list)))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BetBody {
    event_id: Option<i64>,
    outcome: Option<String>,
    stake: Option<String>,
}

/// `POST /sportsbook/api/bets`: debit the token's account and record the bet (one
/// transaction), then push the account and `bet.placebet`.
pub async fn place(
    State(state): State<AppState>,
    headers: HeaderMap,
    ApiJson(body): ApiJson<BetBody>,
) -> ApiResult<(StatusCode, Json<Value>)> {
    let (row, account) = sport_session(&state, &headers)?;
    let now = db::now();
    let placed = {
        let conn = state.db();
        let mut errors = FieldErrors::new();
        let event = match body.event_id {
            Some(id) => data::get(&conn, id)?,
            None => None,
        };
        if event.is_none() {
            errors.add("eventId", "The selected event is invalid.");
        }
        let outcome = body.outcome.unwrap_or_default();
        let odds = event.as_ref().and_then(|e| e.odds_of(&outcome, now));
        if event.is_some() && odds.is_none() {
            errors.add("outcome", "The selected outcome is invalid.");
        }
        let stake_text = body.stake.unwrap_or_default();
        let stake = crate::money::parse_minor(&stake_text, account.subunit_to_unit);
        match stake {
            None if stake_text.trim().is_empty() => {
                errors.add("stake", "The stake field is required.")
            }
            None => errors.add("stake", "The stake must be a positive amount."),
            Some(0) => errors.add("stake", "The stake must be a positive amount."),
            Some(_) => {}
        }
        errors.check()?;
        let (Some(event), Some(odds), Some(stake)) = (event, odds, stake) else {
            return Err(ApiError::internal("bet checked above"));
        };
        super::limits::check_bet(
            &conn,
            row.player_id,
            &account.currency,
            account.subunit_to_unit,
            stake,
        )?;
        let new = NewBet {
            player_id: row.player_id,
            account_id: account.id,
            event: &event,
            outcome: &outcome,
            odds,
            stake_minor: stake,
            now,
        };
        match data::place(&conn, &new) {
            Ok(done) => done,
            Err(BetError::InsufficientFunds) => {
                return Err(ApiError::field(
                    "insufficient_funds",
                    "stake",
                    "The stake is more than the balance.",
                ))
            }
            Err(BetError::Db(e)) => return Err(e.into()),
        }
    };
    realtime::publish_account(&state, &placed.account);
    let channel = format!("game:bets#{}", row.player_id);
    realtime::publish(
        &state,
        &channel,
        json!({ "event": "bet.placebet", "data": placed.bet }),
    );
    // The new row of the platform's bets history, as the slot's rounds push theirs.
    let history = crate::routes::games::spin_json(&state.db(), &placed.history, true);
    realtime::publish(&state, &channel, history);
    Ok((StatusCode::CREATED, Json(json!(placed.bet))))
}
