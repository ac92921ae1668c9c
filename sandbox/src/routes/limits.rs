//! /api/player/limits (SPEC §7 Player, §4 Limits): list, add, change, remove; and the checks
//! the wallet and game calls make against them.
//!
//! Rules a real operator keeps (the spec is silent on them): one limit per definition, period
//! and currency; a self-exclusion or cooling-off runs for its period from when it was set, can
//! be extended but neither shortened nor removed while it runs, and blocks deposits and play
//! until it ends; amount limits count over a rolling window of their period.
//!
//! Loosening waits (issue 30, as regulated operators do): raising an amount, shortening its
//! period or removing the limit is stored as the limit's `pending` change applying 24 h later,
//! while the old limit stays enforced. A tighter or equal change applies at once and drops any
//! pending one, so putting the current values again cancels it. Asking for the same loosening
//! again keeps its time (a replay neither extends nor shortens the wait).

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use rusqlite::Connection;
use serde::Deserialize;
use serde_json::{json, Value};

use crate::auth::AuthPlayer;
use crate::db::limits::{self as store, LimitView, NewLimit, Pending};
use crate::db::{self, catalog};
use crate::error::{ApiError, ApiJson, ApiPath, ApiResult, FieldErrors};
use crate::money;
use crate::state::AppState;

/// Amounts above this many major units are refused (a typo, not a limit).
const MAX_UNITS: i64 = 1_000_000_000;

/// How long a loosened limit waits before it applies.
pub const LOOSEN_DELAY_SECS: i64 = 24 * 3600;

/// Whether `(period, amount)` allows no more than the limit in force in any window: no higher
/// amount over a period at least as long. Anything else is a loosening.
fn is_tighter(limit: &store::Limit, period_secs: i64, amount: i64) -> bool {
    let old_secs = store::period_secs(&limit.period).unwrap_or(0);
    limit
        .amount_minor
        .is_some_and(|old| amount <= old && period_secs >= old_secs)
}

/// Stores `change` as the limit's pending loosening; the same one asked again keeps its time.
fn loosen(
    conn: &Connection,
    limit: &store::Limit,
    change: Option<(String, i64)>,
    now: i64,
) -> ApiResult<()> {
    let applies_at = match &limit.pending {
        Some(p) if p.change == change => p.applies_at,
        _ => now + LOOSEN_DELAY_SECS,
    };
    store::set_pending(conn, limit.id, Some(&Pending { change, applies_at }))?;
    Ok(())
}

pub async fn list(
    State(state): State<AppState>,
    who: AuthPlayer,
) -> ApiResult<Json<Vec<LimitView>>> {
    let list = store::list(&state.db(), who.player_id, db::now())?;
    Ok(Json(list.iter().map(|l| l.view()).collect()))
}

#[derive(Deserialize)]
pub struct CreateBody {
    definition: Option<Value>,
    period: Option<String>,
    amount: Option<Value>,
    currency: Option<String>,
}

#[derive(Deserialize)]
pub struct UpdateBody {
    period: Option<String>,
    amount: Option<Value>,
}

/// A number or a decimal string, as text.
fn text_of(v: &Option<Value>) -> String {
    match v {
        Some(Value::String(s)) => s.trim().to_string(),
        Some(Value::Number(n)) => n.to_string(),
        _ => String::new(),
    }
}

fn definition_name(d: i64) -> &'static str {
    match d {
        store::BET => "bet",
        store::LOSS => "loss",
        store::DEPOSIT => "deposit",
        store::SELF_EXCLUSION => "self-exclusion",
        store::COOLING_OFF => "cooling-off",
        _ => "limit",
    }
}

/// `amount` checked against the currency's precision: minor units, or a message.
fn amount_minor(errors: &mut FieldErrors, amount: &str, unit: i64) -> Option<i64> {
    if amount.is_empty() {
        errors.add("amount", "The amount field is required.");
        return None;
    }
    match money::parse_minor(amount, unit) {
        Some(m) if m > 0 && m <= MAX_UNITS.saturating_mul(unit) => Some(m),
        Some(m) if m > 0 => {
            errors.add(
                "amount",
                format!("The amount may not be greater than {MAX_UNITS}."),
            );
            None
        }
        _ => {
            errors.add(
                "amount",
                format!(
                    "The amount must be a positive number with at most {} decimals.",
                    money::decimals(unit)
                ),
            );
            None
        }
    }
}

fn period_of(errors: &mut FieldErrors, period: &Option<String>) -> Option<(String, i64)> {
    let p = period.as_deref().map(str::trim).unwrap_or("");
    match store::period_secs(p) {
        Some(secs) => Some((p.to_string(), secs)),
        None if p.is_empty() => {
            errors.add("period", "The period field is required.");
            None
        }
        None => {
            errors.add("period", "The period must be daily, weekly or monthly.");
            None
        }
    }
}

pub async fn create(
    State(state): State<AppState>,
    who: AuthPlayer,
    ApiJson(body): ApiJson<CreateBody>,
) -> ApiResult<(StatusCode, Json<LimitView>)> {
    let conn = state.db();
    let now = db::now();
    let mut errors = FieldErrors::new();
    let definition = text_of(&body.definition)
        .parse::<i64>()
        .ok()
        .filter(|d| (1..=5).contains(d));
    if definition.is_none() {
        errors.add("definition", "The selected definition is invalid.");
    }
    let period = period_of(&mut errors, &body.period);
    let mut minor = None;
    let mut currency = None;
    if let Some(d) = definition.filter(|d| store::has_amount(*d)) {
        let code = body
            .currency
            .as_deref()
            .map(|c| c.trim().to_ascii_uppercase())
            .unwrap_or_default();
        match catalog::enabled_currency(&conn, &code)? {
            Some(cur) => {
                minor = amount_minor(&mut errors, &text_of(&body.amount), cur.subunit_to_unit);
                currency = Some(code);
            }
            None if code.is_empty() => errors.add("currency", "The currency field is required."),
            None => errors.add("currency", "The selected currency is invalid."),
        }
        if let (Some((p, _)), Some(c)) = (&period, &currency) {
            let taken = store::list(&conn, who.player_id, now)?
                .into_iter()
                .any(|l| {
                    l.definition == d
                        && l.currency.as_deref() == Some(c)
                        && (l.period == *p || pending_period(&l) == Some(p))
                });
            if taken {
                errors.add(
                    "period",
                    format!(
                        "You already have a {p} {} limit in {c}; change that one instead.",
                        definition_name(d)
                    ),
                );
            }
        }
    }
    let mut ends_at = None;
    if let (Some(d), Some((_, secs))) = (definition.filter(|d| !store::has_amount(*d)), &period) {
        if let Some((_, until)) =
            store::exclusion(&conn, who.player_id, now)?.filter(|(def, _)| *def == d)
        {
            errors.add(
                "period",
                format!(
                    "Your {} already runs until {}; extend it instead.",
                    definition_name(d),
                    utc(until)
                ),
            );
        }
        ends_at = Some(now + secs);
    }
    errors.check()?;
    let (Some(definition), Some((period, _))) = (definition, period) else {
        return Err(ApiError::internal("validated limit without definition"));
    };
    let id = store::create(
        &conn,
        &NewLimit {
            player_id: who.player_id,
            definition,
            period: &period,
            amount_minor: minor,
            currency: currency.as_deref(),
            now,
            ends_at,
        },
    )?;
    let limit = store::get(&conn, who.player_id, id, now)?
        .ok_or_else(|| ApiError::internal("limit vanished after insert"))?;
    Ok((StatusCode::CREATED, Json(limit.view())))
}

pub async fn update(
    State(state): State<AppState>,
    who: AuthPlayer,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<UpdateBody>,
) -> ApiResult<Json<LimitView>> {
    let conn = state.db();
    let now = db::now();
    let limit = store::get(&conn, who.player_id, id, now)?.ok_or_else(ApiError::not_found)?;
    let mut errors = FieldErrors::new();
    let period = period_of(&mut errors, &body.period);
    let mut minor = None;
    let mut ends_at = limit.ends_at;
    if store::has_amount(limit.definition) {
        minor = amount_minor(&mut errors, &text_of(&body.amount), limit.subunit_to_unit);
        if let Some((p, _)) = &period {
            let taken = store::list(&conn, who.player_id, now)?
                .into_iter()
                .any(|l| {
                    l.id != id
                        && l.definition == limit.definition
                        && (l.period == *p || pending_period(&l) == Some(p))
                        && l.currency == limit.currency
                });
            if taken {
                errors.add(
                    "period",
                    format!(
                        "You already have a {p} {} limit in {}.",
                        definition_name(limit.definition),
                        limit.currency.as_deref().unwrap_or("")
                    ),
                );
            }
        }
    } else if let Some((_, secs)) = &period {
        let until = limit.created_at + secs;
        if until < limit.ends_at.unwrap_or(0) {
            errors.add(
                "period",
                format!(
                    "An active {} can be extended, not shortened.",
                    definition_name(limit.definition)
                ),
            );
        }
        ends_at = Some(until);
    }
    errors.check()?;
    let Some((period, secs)) = period else {
        return Err(ApiError::internal("validated limit without period"));
    };
    match minor {
        Some(amount) if !is_tighter(&limit, secs, amount) => {
            loosen(&conn, &limit, Some((period, amount)), now)?
        }
        _ => store::update(&conn, id, &period, minor, ends_at)?,
    }
    let limit = store::get(&conn, who.player_id, id, now)?
        .ok_or_else(|| ApiError::internal("limit vanished after update"))?;
    Ok(Json(limit.view()))
}

/// An amount limit is not removed at once: the answer is the limit with its pending removal.
pub async fn delete(
    State(state): State<AppState>,
    who: AuthPlayer,
    ApiPath(id): ApiPath<i64>,
) -> ApiResult<Json<LimitView>> {
    let conn = state.db();
    let now = db::now();
    let limit = store::get(&conn, who.player_id, id, now)?.ok_or_else(ApiError::not_found)?;
    if let Some(until) = limit.ends_at {
        return Err(ApiError::unprocessable(
            "limit_locked",
            format!(
                "Your {} cannot be removed before it ends on {}.",
                definition_name(limit.definition),
                utc(until)
            ),
            FieldErrors::new(),
        ));
    }
    loosen(&conn, &limit, None, now)?;
    let limit = store::get(&conn, who.player_id, id, now)?
        .ok_or_else(|| ApiError::internal("limit vanished after removal was asked"))?;
    Ok(Json(limit.view()))
}

fn pending_period(l: &store::Limit) -> Option<&String> {
    l.pending.as_ref()?.change.as_ref().map(|(p, _)| p)
}

#[derive(Deserialize)]
pub struct DueBody {
    email: String,
    hours: i64,
}

/// Test control `POST /api/_control/limits-due {email, hours}`: the player's pending limit
/// changes come `hours` closer (24 applies a fresh one), so tests need not wait a day.
pub async fn control_due(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<DueBody>,
) -> ApiResult<Json<Value>> {
    let conn = state.db();
    let player = db::players::by_email(&conn, body.email.trim())?
        .ok_or_else(|| ApiError::field("validation_failed", "email", "No such player."))?;
    let moved = store::advance_pending(&conn, player.id, body.hours.saturating_mul(3600))?;
    store::apply_due(&conn, player.id, db::now())?;
    Ok(Json(json!({ "moved": moved })))
}

/// A running self-exclusion or cooling-off refuses the call, saying until when.
pub fn refuse_if_excluded(conn: &Connection, player_id: i64, code: &'static str) -> ApiResult<()> {
    match store::exclusion(conn, player_id, db::now())? {
        Some((d, until)) => Err(ApiError::unprocessable(
            code,
            format!(
                "You have a {} in place until {}: deposits and play are closed until then.",
                definition_name(d),
                utc(until)
            ),
            FieldErrors::new(),
        )),
        None => Ok(()),
    }
}

/// What the player may still deposit in `currency` (minor units) under their deposit limits,
/// if any is set: the smallest room left over each limit's rolling window.
pub fn deposit_room(conn: &Connection, player_id: i64, currency: &str) -> ApiResult<Option<i64>> {
    let now = db::now();
    let mut room: Option<i64> = None;
    for (period, amount) in store::amounts(conn, player_id, store::DEPOSIT, currency)? {
        let secs = store::period_secs(&period).unwrap_or(86_400);
        let used = crate::db::payments::deposited_since(conn, player_id, currency, now - secs)?;
        let left = amount - used;
        room = Some(room.map_or(left, |r| r.min(left)));
    }
    Ok(room)
}

/// SPEC §2 game-limit-reached: a bet the player's own limits refuse.
pub const GAME_LIMIT_CODE: &str = "game_limit_reached";

/// A sportsbook stake of `stake` minor units in `currency`: refused while excluded, or when it
/// would pass a bet limit (stakes in the window) or a loss limit (stakes still open or lost in
/// the window: an open bet counts as lost until it settles).
pub fn check_bet(
    conn: &Connection,
    player_id: i64,
    currency: &str,
    unit: i64,
    stake: i64,
) -> ApiResult<()> {
    refuse_if_excluded(conn, player_id, GAME_LIMIT_CODE)?;
    let now = db::now();
    for (definition, statuses) in [(store::BET, "1, 2, 3, 4, 5"), (store::LOSS, "1, 3")] {
        for (period, amount) in store::amounts(conn, player_id, definition, currency)? {
            let since = now - store::period_secs(&period).unwrap_or(86_400);
            let used: i64 = conn.query_row(
                &format!(
                    "SELECT COALESCE(SUM(stake), 0) FROM sport_bets
                     WHERE player_id = ?1 AND currency = ?2 AND created_at >= ?3
                       AND status IN ({statuses})"
                ),
                rusqlite::params![player_id, currency, since],
                |r| r.get(0),
            )?;
            if used + stake > amount {
                let mut errors = FieldErrors::new();
                let message = format!(
                    "This bet would pass your {period} {} limit of {} {currency} ({} left).",
                    definition_name(definition),
                    money::format_minor(amount, unit),
                    money::format_minor((amount - used).max(0), unit),
                );
                errors.add("stake", message.clone());
                return Err(ApiError::unprocessable(GAME_LIMIT_CODE, message, errors));
            }
        }
    }
    Ok(())
}

/// A slot round of `bet` minor units in `currency`: refused while excluded, or when it would
/// pass a bet limit (stakes in the window) or a loss limit (stakes less wins in the window).
pub fn check_spin(
    conn: &Connection,
    player_id: i64,
    currency: &str,
    unit: i64,
    bet: i64,
) -> ApiResult<()> {
    refuse_if_excluded(conn, player_id, GAME_LIMIT_CODE)?;
    let now = db::now();
    for (definition, net) in [(store::BET, "bet"), (store::LOSS, "bet - win")] {
        for (period, amount) in store::amounts(conn, player_id, definition, currency)? {
            let since = now - store::period_secs(&period).unwrap_or(86_400);
            let used: i64 = conn.query_row(
                &format!(
                    "SELECT COALESCE(SUM({net}), 0) FROM game_spins
                     WHERE player_id = ?1 AND currency = ?2 AND created_at >= ?3"
                ),
                rusqlite::params![player_id, currency, since],
                |r| r.get(0),
            )?;
            let used = used.max(0);
            if used + bet > amount {
                let message = format!(
                    "This bet would pass your {period} {} limit of {} {currency} ({} left).",
                    definition_name(definition),
                    money::format_minor(amount, unit),
                    money::format_minor((amount - used).max(0), unit),
                );
                let mut errors = FieldErrors::new();
                errors.add("bet", message.clone());
                return Err(ApiError::unprocessable(GAME_LIMIT_CODE, message, errors));
            }
        }
    }
    Ok(())
}

use crate::dates::utc;
