//! /api/game/player-bonuses, /player-freespins, /bonuses (deposit packages, codes, cashback,
//! status): SPEC §7 Bonuses, with pushes on `bonus:player-bonuses#{id}`,
//! `bonus:player-freespins#{id}` and `bonus:player-bonus-codes#{id}` (docs/API.md "Bonuses").
//! Wagering progresses on bets recorded through the control API (`control` below).

use axum::extract::{RawQuery, State};
use axum::http::StatusCode;
use axum::routing::{get, post, put};
use axum::{Json, Router};
use rusqlite::Connection;
use serde::Deserialize;
use serde_json::{json, Value};

use crate::auth::AuthPlayer;
use crate::db::bonuses::{self as store, Bonus, DepositPackage, Freespin, PlayerCode};
use crate::db::{self, accounts, catalog, players};
use crate::error::{ApiError, ApiJson, ApiPath, ApiResult, FieldErrors};
use crate::money;
use crate::realtime;
use crate::state::AppState;
use crate::validation;

/// A bonus or free-spin package lives this long after it is issued.
const LIFETIME_SECS: i64 = 7 * 24 * 3600;
/// Cashback counts the net loss of the last 7 days.
const CASHBACK_WINDOW_SECS: i64 = 7 * 24 * 3600;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/game/player-bonuses", get(list_bonuses))
        .route(
            "/api/game/player-bonuses/{id}/activate",
            put(activate_bonus),
        )
        .route("/api/game/player-bonuses/{id}/cancel", put(cancel_bonus))
        .route("/api/game/player-freespins", get(list_freespins))
        .route(
            "/api/game/player-freespins/{id}/activate",
            put(activate_freespin),
        )
        .route(
            "/api/game/player-freespins/{id}/cancel",
            put(cancel_freespin),
        )
        .route(
            "/api/game/bonuses/bonuscodes",
            get(list_codes).post(add_code).delete(delete_code),
        )
        .route("/api/game/bonuses/cashback", get(cashback))
        .route("/api/game/bonuses/status", get(status))
        .route("/api/game/bonuses", get(deposit_bonuses))
}

pub fn control_router() -> Router<AppState> {
    Router::new()
        .route("/api/_control/bonuses", post(control_issue_bonus))
        .route("/api/_control/freespins", post(control_issue_freespin))
        .route("/api/_control/bets", post(control_bet))
        .route("/api/_control/bonuses/{id}/expire", post(control_expire))
}

fn subunit(conn: &Connection, currency: &str) -> i64 {
    catalog::currency(conn, currency)
        .ok()
        .flatten()
        .map_or(100, |c| c.subunit_to_unit)
}

pub fn bonus_json(conn: &Connection, b: &Bonus) -> Value {
    let sub = subunit(conn, &b.currency);
    json!({
        "id": b.id,
        "status": b.status,
        "result": b.result,
        "name": b.name,
        "amount": money::format_minor(b.amount, sub),
        "currency": b.currency,
        "packageId": b.package_id,
        "issueSessionId": b.issue_session_id,
        "wagerCasinoConditions": { "gameIds": b.game_ids },
        "wager": {
            "required": money::format_minor(b.wager_required, sub),
            "wagered": money::format_minor(b.wagered.min(b.wager_required), sub),
        },
        "maxBetAmount": b.max_bet.map(|m| money::format_minor(m, sub)),
        "cancelLocked": b.cancel_locked,
        "expiresAt": b.expires_at,
        "createdAt": b.created_at,
    })
}

fn spin_json(f: &Freespin) -> Value {
    json!({
        "id": f.id,
        "status": f.status,
        "result": f.result,
        "name": f.name,
        "count": f.count,
        "used": f.used,
        "currency": f.currency,
        "gameId": f.game_id,
        "packageId": f.package_id,
        "expiresAt": f.expires_at,
        "createdAt": f.created_at,
    })
}

fn code_json(c: &PlayerCode) -> Value {
    json!({
        "playerBonusCodeId": c.id,
        "bonusCode": c.code,
        "trigger": c.trigger,
        "status": c.status,
    })
}

fn package_json(p: &DepositPackage) -> Value {
    json!({
        "package": { "id": p.id, "name": p.name, "percent": p.percent, "wager": p.wager,
                     "maxAmount": p.max_amount },
        "triggerConditions": {
            "invoiceAmountItems": [{ "currency": p.currency, "amountFrom": p.amount_from }],
            "baseCurrencyInvoiceAmountFrom": null,
        },
    })
}

pub fn publish_bonus(state: &AppState, id: i64) {
    let data = {
        let conn = state.db();
        match store::bonus(&conn, id) {
            Ok(Some(b)) => Some((b.player_id, bonus_json(&conn, &b))),
            _ => None,
        }
    };
    if let Some((player, data)) = data {
        realtime::publish(state, &format!("bonus:player-bonuses#{player}"), data);
    }
}

fn publish_spin(state: &AppState, id: i64) {
    let found = store::freespin(&state.db(), id).ok().flatten();
    if let Some(f) = found {
        realtime::publish(
            state,
            &format!("bonus:player-freespins#{}", f.player_id),
            spin_json(&f),
        );
    }
}

/// `status[]=1&status[]=2&currency[]=USD` (brackets or not).
fn list_query(raw: &Option<String>) -> (Vec<i64>, Vec<String>) {
    let mut statuses = Vec::new();
    let mut currencies = Vec::new();
    for (k, v) in super::payments::query_pairs(raw) {
        match k.trim_end_matches("[]") {
            "status" => statuses.extend(v.parse::<i64>().ok()),
            "currency" if !v.is_empty() => currencies.push(v.to_ascii_uppercase()),
            _ => {}
        }
    }
    (statuses, currencies)
}

/// Finishes what ran out of time before a list is answered, pushing each.
fn expire_due(state: &AppState, player_id: i64) -> ApiResult<()> {
    let (bonuses, spins) = {
        let conn = state.db();
        let (b, s) = store::due_to_expire(&conn, player_id, db::now())?;
        for id in &b {
            store::set_bonus_state(&conn, *id, store::FINISHED, store::EXPIRED)?;
        }
        for id in &s {
            if let Some(f) = store::freespin(&conn, *id)? {
                store::set_spin_state(&conn, *id, store::FINISHED, store::EXPIRED, f.used)?;
            }
        }
        (b, s)
    };
    bonuses.iter().for_each(|id| publish_bonus(state, *id));
    spins.iter().for_each(|id| publish_spin(state, *id));
    Ok(())
}

async fn list_bonuses(
    State(state): State<AppState>,
    who: AuthPlayer,
    RawQuery(raw): RawQuery,
) -> ApiResult<Json<Vec<Value>>> {
    expire_due(&state, who.player_id)?;
    let (statuses, currencies) = list_query(&raw);
    let conn = state.db();
    let list = store::bonuses(&conn, who.player_id, &statuses, &currencies)?;
    Ok(Json(list.iter().map(|b| bonus_json(&conn, b)).collect()))
}

async fn list_freespins(
    State(state): State<AppState>,
    who: AuthPlayer,
    RawQuery(raw): RawQuery,
) -> ApiResult<Json<Vec<Value>>> {
    expire_due(&state, who.player_id)?;
    let (statuses, currencies) = list_query(&raw);
    let list = store::freespins(&state.db(), who.player_id, &statuses, &currencies)?;
    Ok(Json(list.iter().map(spin_json).collect()))
}

fn own_bonus(conn: &Connection, player: i64, id: i64) -> ApiResult<Bonus> {
    match store::bonus(conn, id)? {
        Some(b) if b.player_id == player => Ok(b),
        _ => Err(ApiError::not_found()),
    }
}

fn refuse(code: &'static str, message: &str) -> ApiError {
    ApiError::unprocessable(code, message, FieldErrors::new())
}

/// Issued -> active. Activating an active bonus again answers it as it is; another active
/// bonus in the same currency is refused (one at a time).
async fn activate_bonus(
    State(state): State<AppState>,
    who: AuthPlayer,
    ApiPath(id): ApiPath<i64>,
) -> ApiResult<Json<Value>> {
    let changed = {
        let conn = state.db();
        let b = own_bonus(&conn, who.player_id, id)?;
        match b.status {
            store::ACTIVE => false,
            store::ISSUED => {
                if store::active_bonus(&conn, who.player_id, &b.currency)?.is_some() {
                    return Err(refuse(
                        "bonus_already_active",
                        "Another bonus is already active in this currency.",
                    ));
                }
                store::set_bonus_state(&conn, id, store::ACTIVE, store::UNSPECIFIED)?;
                true
            }
            _ => return Err(refuse("bonus_finished", "This bonus has finished.")),
        }
    };
    if changed {
        publish_bonus(&state, id);
    }
    let conn = state.db();
    Ok(Json(bonus_json(
        &conn,
        &own_bonus(&conn, who.player_id, id)?,
    )))
}

#[derive(Deserialize, Default)]
pub struct CancelBody {
    /// The player confirmed cancelling with bets still unsettled.
    #[serde(default)]
    force: bool,
}

/// Issued or active -> finished/canceled. Locked bonuses are refused
/// (`bonus_cancel_locked`); with unsettled bets the player must confirm (`unsettled_bets`,
/// then `{force: true}`).
async fn cancel_bonus(
    State(state): State<AppState>,
    who: AuthPlayer,
    ApiPath(id): ApiPath<i64>,
    body: Option<Json<CancelBody>>,
) -> ApiResult<Json<Value>> {
    let force = body.is_some_and(|Json(b)| b.force);
    {
        let conn = state.db();
        let b = own_bonus(&conn, who.player_id, id)?;
        if b.status == store::FINISHED {
            return Err(refuse("bonus_finished", "This bonus has finished."));
        }
        if b.cancel_locked {
            return Err(refuse(
                "bonus_cancel_locked",
                "This bonus cannot be cancelled until its wagering is complete.",
            ));
        }
        if b.status == store::ACTIVE
            && !force
            && store::unsettled_bets(&conn, who.player_id, &b.currency)? > 0
        {
            return Err(refuse(
                "unsettled_bets",
                "You have bets that are not settled yet.",
            ));
        }
        store::set_bonus_state(&conn, id, store::FINISHED, store::CANCELED)?;
    }
    publish_bonus(&state, id);
    let conn = state.db();
    Ok(Json(bonus_json(
        &conn,
        &own_bonus(&conn, who.player_id, id)?,
    )))
}

fn own_spin(conn: &Connection, player: i64, id: i64) -> ApiResult<Freespin> {
    match store::freespin(conn, id)? {
        Some(f) if f.player_id == player => Ok(f),
        _ => Err(ApiError::not_found()),
    }
}

async fn activate_freespin(
    State(state): State<AppState>,
    who: AuthPlayer,
    ApiPath(id): ApiPath<i64>,
) -> ApiResult<Json<Value>> {
    let f = own_spin(&state.db(), who.player_id, id)?;
    match f.status {
        store::ACTIVE => return Ok(Json(spin_json(&f))),
        store::ISSUED => {
            store::set_spin_state(&state.db(), id, store::ACTIVE, store::UNSPECIFIED, f.used)?
        }
        _ => {
            return Err(refuse(
                "freespin_finished",
                "These free spins have finished.",
            ))
        }
    }
    publish_spin(&state, id);
    Ok(Json(spin_json(&own_spin(&state.db(), who.player_id, id)?)))
}

async fn cancel_freespin(
    State(state): State<AppState>,
    who: AuthPlayer,
    ApiPath(id): ApiPath<i64>,
) -> ApiResult<Json<Value>> {
    let f = own_spin(&state.db(), who.player_id, id)?;
    if f.status == store::FINISHED {
        return Err(refuse(
            "freespin_finished",
            "These free spins have finished.",
        ));
    }
    store::set_spin_state(&state.db(), id, store::FINISHED, store::CANCELED, f.used)?;
    publish_spin(&state, id);
    Ok(Json(spin_json(&own_spin(&state.db(), who.player_id, id)?)))
}

async fn list_codes(
    State(state): State<AppState>,
    who: AuthPlayer,
    RawQuery(raw): RawQuery,
) -> ApiResult<Json<Vec<Value>>> {
    let pairs = super::payments::query_pairs(&raw);
    let trigger = pairs
        .iter()
        .find(|(k, v)| k == "trigger" && !v.is_empty())
        .map(|(_, v)| v.clone());
    let list = store::player_codes(&state.db(), who.player_id, trigger.as_deref())?;
    Ok(Json(list.iter().map(code_json).collect()))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CodeBody {
    bonus_code: Option<String>,
    trigger: Option<String>,
}

/// Codes are upper case without spaces. Unknown codes answer status 3, known but not
/// available (or already used by this player) status 4, both stored and pushed like applied
/// ones; an applied code (2) issues its bonus or free spins in the active account's currency.
async fn add_code(
    State(state): State<AppState>,
    who: AuthPlayer,
    ApiJson(body): ApiJson<CodeBody>,
) -> ApiResult<(StatusCode, Json<Value>)> {
    let code: String = body
        .bonus_code
        .unwrap_or_default()
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_ascii_uppercase();
    if code.is_empty() {
        return Err(ApiError::field(
            "validation_failed",
            "bonusCode",
            "The bonus code field is required.",
        ));
    }
    if code.len() > 32 {
        return Err(ApiError::field(
            "validation_failed",
            "bonusCode",
            "The bonus code may not be greater than 32 characters.",
        ));
    }
    let trigger = body
        .trigger
        .filter(|t| !t.trim().is_empty())
        .unwrap_or_else(|| "manual".into());
    if let Some(m) = validation::too_long(&trigger, validation::TEXT_MAX, "trigger") {
        return Err(ApiError::field("validation_failed", "trigger", &m));
    }
    let (saved, issued) = {
        let mut conn = state.db();
        // A code is money: closed during a self-exclusion like every play action.
        super::limits::refuse_if_excluded(&conn, who.player_id, super::limits::GAME_LIMIT_CODE)?;
        // Guessing codes is bounded per player (each try is stored and pushed too).
        let key = format!("bonuscode:player:{}", who.player_id);
        let l = &state.limits;
        state
            .limiter
            .take(&key, l.code_per_player, l.window)
            .map_err(ApiError::too_many)?;
        // All or nothing: a code is never marked redeemed without its bonus issued.
        let conn = conn.transaction()?;
        let entry = store::catalog_code(&conn, &code)?;
        let status = match &entry {
            None => store::CODE_INCORRECT,
            Some((false, ..)) => store::CODE_NOT_AVAILABLE,
            Some(_) if !store::redeem_code(&conn, who.player_id, &code)? => {
                store::CODE_NOT_AVAILABLE
            }
            Some(_) => store::CODE_APPLIED,
        };
        let saved =
            store::add_player_code(&conn, who.player_id, &code, &trigger, status, db::now())?;
        let mut issued = None;
        if let (store::CODE_APPLIED, Some((_, kind, amount, wager))) = (status, entry) {
            let account = accounts::active(&conn, who.player_id)?
                .ok_or_else(|| refuse("no_active_account", "No active account."))?;
            let now = db::now();
            if kind == "freespin" {
                let count = amount.parse().unwrap_or(10);
                let id = store::issue_freespin(
                    &conn,
                    who.player_id,
                    None,
                    &format!("Code {code}"),
                    count,
                    &account.currency,
                    1,
                    now + LIFETIME_SECS,
                    now,
                )?;
                issued = Some((false, id));
            } else {
                let minor = money::parse_minor(&amount, account.subunit_to_unit).unwrap_or(0);
                let id = store::issue_bonus(
                    &conn,
                    &store::NewBonus {
                        player_id: who.player_id,
                        package_id: None,
                        name: &format!("Code {code}"),
                        amount: minor,
                        currency: &account.currency,
                        wager_required: minor.saturating_mul(wager.max(1)),
                        game_ids: &[],
                        max_bet: None,
                        cancel_locked: false,
                        expires_at: now + LIFETIME_SECS,
                        now,
                    },
                )?;
                issued = Some((true, id));
            }
        }
        conn.commit()?;
        (saved, issued)
    };
    realtime::publish(
        &state,
        &format!("bonus:player-bonus-codes#{}", who.player_id),
        code_json(&saved),
    );
    match issued {
        Some((true, id)) => publish_bonus(&state, id),
        Some((false, id)) => publish_spin(&state, id),
        None => {}
    }
    Ok((StatusCode::CREATED, Json(code_json(&saved))))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DeleteCodeBody {
    player_bonus_code_id: Option<i64>,
}

/// `DELETE` with `playerBonusCodeId` in the body or the query.
async fn delete_code(
    State(state): State<AppState>,
    who: AuthPlayer,
    RawQuery(raw): RawQuery,
    body: Option<Json<DeleteCodeBody>>,
) -> ApiResult<StatusCode> {
    let from_query = super::payments::query_pairs(&raw)
        .into_iter()
        .find(|(k, _)| k == "playerBonusCodeId")
        .and_then(|(_, v)| v.parse().ok());
    let id = body
        .and_then(|Json(b)| b.player_bonus_code_id)
        .or(from_query)
        .ok_or_else(|| {
            ApiError::field(
                "validation_failed",
                "playerBonusCodeId",
                "The player bonus code id field is required.",
            )
        })?;
    if store::delete_player_code(&state.db(), who.player_id, id)? {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(ApiError::not_found())
    }
}

fn currency_param(raw: &Option<String>) -> Option<String> {
    super::payments::query_pairs(raw)
        .into_iter()
        .find(|(k, v)| k.trim_end_matches("[]") == "currency" && !v.is_empty())
        .map(|(_, v)| v.to_ascii_uppercase())
}

/// `{currency, amount, percent, lossAmount}`: 10 % of the net loss on settled bets of the last
/// 7 days, in the asked currency.
async fn cashback(
    State(state): State<AppState>,
    who: AuthPlayer,
    RawQuery(raw): RawQuery,
) -> ApiResult<Json<Value>> {
    let currency = currency_param(&raw).ok_or_else(|| {
        ApiError::field(
            "validation_failed",
            "currency",
            "The currency field is required.",
        )
    })?;
    let conn = state.db();
    let Some(cur) = catalog::currency(&conn, &currency)? else {
        return Err(ApiError::field(
            "validation_failed",
            "currency",
            "The selected currency is invalid.",
        ));
    };
    let loss = store::net_loss(
        &conn,
        who.player_id,
        &currency,
        db::now() - CASHBACK_WINDOW_SECS,
    )?;
    let amount = loss * store::CASHBACK_PERCENT / 100;
    Ok(Json(json!({
        "currency": currency,
        "percent": store::CASHBACK_PERCENT,
        "amount": money::format_minor(amount, cur.subunit_to_unit),
        "lossAmount": money::format_minor(loss, cur.subunit_to_unit),
    })))
}

/// Deposit-bonus packages in `currency` (all when absent). `amount`, when given, keeps the
/// ones whose trigger the amount reaches; the client applies the same rule as the player
/// types.
async fn deposit_bonuses(
    State(state): State<AppState>,
    _who: AuthPlayer,
    RawQuery(raw): RawQuery,
) -> ApiResult<Json<Vec<Value>>> {
    let currency = currency_param(&raw);
    let amount = super::payments::query_pairs(&raw)
        .into_iter()
        .find(|(k, v)| k == "amount" && !v.is_empty())
        .map(|(_, v)| v);
    let conn = state.db();
    let list = store::deposit_packages(&conn, currency.as_deref())?;
    let reaches = |p: &DepositPackage| {
        let Some(a) = amount.as_deref() else {
            return true;
        };
        let sub = subunit(&conn, &p.currency);
        match (
            money::parse_minor(a, sub),
            money::parse_minor(&p.amount_from, sub),
        ) {
            (Some(a), Some(from)) => a >= from,
            _ => false,
        }
    };
    Ok(Json(
        list.iter()
            .filter(|p| reaches(p))
            .map(package_json)
            .collect(),
    ))
}

/// `bonusIds[]` + `currency` -> `[{id, isAvailable}]` for deposit-bonus packages.
async fn status(
    State(state): State<AppState>,
    _who: AuthPlayer,
    RawQuery(raw): RawQuery,
) -> ApiResult<Json<Vec<Value>>> {
    let currency = currency_param(&raw);
    let conn = state.db();
    let mut out = Vec::new();
    for (k, v) in super::payments::query_pairs(&raw) {
        if k.trim_end_matches("[]") != "bonusIds" {
            continue;
        }
        let Ok(id) = v.parse::<i64>() else { continue };
        let available = store::deposit_package(&conn, id)?
            .is_some_and(|p| currency.as_deref().is_none_or(|c| c == p.currency));
        out.push(json!({ "id": id, "isAvailable": available }));
    }
    Ok(Json(out))
}

/// Called when a deposit succeeds: issues the deposit bonus chosen with it, once.
pub fn on_deposit(state: &AppState, invoice_id: i64, player_id: i64, amount_minor: i64) {
    super::retention::progress(state, player_id, "deposit", 0);
    let issued = (|| -> rusqlite::Result<Option<i64>> {
        let conn = state.db();
        let Some(package) = store::take_deposit_choice(&conn, invoice_id)? else {
            return Ok(None);
        };
        let Some(p) = store::deposit_package(&conn, package)? else {
            return Ok(None);
        };
        let sub = subunit(&conn, &p.currency);
        let max = money::parse_minor(&p.max_amount, sub).unwrap_or(i64::MAX);
        let amount = (amount_minor.saturating_mul(p.percent) / 100).min(max);
        let now = db::now();
        store::issue_bonus(
            &conn,
            &store::NewBonus {
                player_id,
                package_id: Some(p.id),
                name: &p.name,
                amount,
                currency: &p.currency,
                wager_required: amount.saturating_mul(p.wager.max(1)),
                game_ids: &[],
                max_bet: None,
                cancel_locked: false,
                expires_at: now + LIFETIME_SECS,
                now,
            },
        )
        .map(Some)
    })();
    match issued {
        Ok(Some(id)) => publish_bonus(state, id),
        Ok(None) => {}
        Err(e) => eprintln!("sandbox: deposit bonus for invoice {invoice_id} failed: {e}"),
    }
}

/// The deposit form's chosen package, checked against the invoice's currency and amount.
pub fn check_deposit_choice(
    conn: &Connection,
    package_id: i64,
    currency: &str,
    amount_minor: i64,
) -> ApiResult<()> {
    let ok = match store::deposit_package(conn, package_id)? {
        Some(p) if p.currency == currency => {
            let sub = subunit(conn, currency);
            money::parse_minor(&p.amount_from, sub).is_some_and(|from| amount_minor >= from)
        }
        _ => false,
    };
    if ok {
        Ok(())
    } else {
        Err(ApiError::field(
            "validation_failed",
            "bonusId",
            "This bonus is not offered for this deposit.",
        ))
    }
}

// ---- control API (tests) ----

fn player_by_email(conn: &Connection, email: &str) -> ApiResult<i64> {
    players::by_email(conn, email.trim())?
        .map(|p| p.id)
        .ok_or_else(|| ApiError::field("validation_failed", "email", "No such player."))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct IssueBonus {
    email: String,
    currency: String,
    amount: String,
    #[serde(default)]
    wager: Option<i64>,
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    game_ids: Vec<i64>,
    #[serde(default)]
    cancel_locked: bool,
    #[serde(default)]
    max_bet: Option<String>,
    /// Seconds from now; default 7 days.
    #[serde(default)]
    expires_in: Option<i64>,
}

async fn control_issue_bonus(
    State(state): State<AppState>,
    ApiJson(b): ApiJson<IssueBonus>,
) -> ApiResult<Json<Value>> {
    let id = {
        let conn = state.db();
        let player = player_by_email(&conn, &b.email)?;
        let currency = b.currency.trim().to_ascii_uppercase();
        let sub = catalog::currency(&conn, &currency)?
            .ok_or_else(|| ApiError::field("validation_failed", "currency", "No such currency."))?
            .subunit_to_unit;
        let amount = money::parse_minor(&b.amount, sub)
            .ok_or_else(|| ApiError::field("validation_failed", "amount", "Bad amount."))?;
        let max_bet = b
            .max_bet
            .as_deref()
            .and_then(|m| money::parse_minor(m, sub));
        let now = db::now();
        store::issue_bonus(
            &conn,
            &store::NewBonus {
                player_id: player,
                package_id: Some(1),
                name: b.name.as_deref().unwrap_or("Welcome bonus"),
                amount,
                currency: &currency,
                wager_required: amount.saturating_mul(b.wager.unwrap_or(30).max(1)),
                game_ids: &b.game_ids,
                max_bet,
                cancel_locked: b.cancel_locked,
                expires_at: now + b.expires_in.unwrap_or(LIFETIME_SECS),
                now,
            },
        )?
    };
    publish_bonus(&state, id);
    let conn = state.db();
    let bonus = store::bonus(&conn, id)?.ok_or_else(ApiError::not_found)?;
    Ok(Json(bonus_json(&conn, &bonus)))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct IssueSpins {
    email: String,
    currency: String,
    count: i64,
    #[serde(default)]
    game_id: Option<i64>,
    #[serde(default)]
    name: Option<String>,
}

async fn control_issue_freespin(
    State(state): State<AppState>,
    ApiJson(b): ApiJson<IssueSpins>,
) -> ApiResult<Json<Value>> {
    let id = {
        let conn = state.db();
        let player = player_by_email(&conn, &b.email)?;
        let now = db::now();
        store::issue_freespin(
            &conn,
            player,
            Some(2),
            b.name.as_deref().unwrap_or("Free spins"),
            b.count.clamp(1, 1000),
            &b.currency.trim().to_ascii_uppercase(),
            b.game_id.unwrap_or(1),
            now + LIFETIME_SECS,
            now,
        )?
    };
    publish_spin(&state, id);
    Ok(Json(spin_json(
        &store::freespin(&state.db(), id)?.ok_or_else(ApiError::not_found)?,
    )))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Bet {
    email: String,
    currency: String,
    amount: String,
    #[serde(default)]
    win: Option<String>,
    /// An unsettled bet (the cancel confirmation case); default settled.
    #[serde(default)]
    unsettled: bool,
}

/// Records a demo-game bet (the control API): as [`on_stake`], and it uses one spin of an
/// active free-spin package.
async fn control_bet(
    State(state): State<AppState>,
    ApiJson(b): ApiJson<Bet>,
) -> ApiResult<Json<Value>> {
    let (player, currency, amount, win) = {
        let conn = state.db();
        let player = player_by_email(&conn, &b.email)?;
        let currency = b.currency.trim().to_ascii_uppercase();
        let account = accounts::by_currency(&conn, player, &currency)?
            .ok_or_else(|| ApiError::field("validation_failed", "currency", "No account."))?;
        let sub = account.subunit_to_unit;
        let amount = money::parse_minor(&b.amount, sub)
            .ok_or_else(|| ApiError::field("validation_failed", "amount", "Bad amount."))?;
        let win = b
            .win
            .as_deref()
            .and_then(|w| money::parse_minor(w, sub))
            .unwrap_or(0);
        (player, currency, amount, win)
    };
    let stake = Stake {
        player,
        currency: &currency,
        amount,
        win,
        settled: !b.unsettled,
        game_id: None,
        free_spin: true,
    };
    let (bonus, spin) = on_stake(&state, &stake)?;
    Ok(Json(json!({ "bonusId": bonus, "freespinId": spin })))
}

/// A real-money stake on a game.
pub struct Stake<'a> {
    pub player: i64,
    pub currency: &'a str,
    /// Minor units.
    pub amount: i64,
    pub win: i64,
    pub settled: bool,
    /// The game staked on (`None`: any game, the control API's demo bet).
    pub game_id: Option<i64>,
    /// Whether it uses a spin of an active free-spin package.
    pub free_spin: bool,
}

/// A stake was placed (a slot spin, or the control API's bet): it counts for cashback, wagers
/// the active bonus in its currency when the bonus applies to the game (finishing it as
/// played when the requirement is met, crediting the bonus amount in the same transaction),
/// and counts for quests' bet tasks and loyalty; the pushes follow. Returns the bonus wagered
/// and the free-spin package used.
pub fn on_stake(state: &AppState, s: &Stake) -> ApiResult<(Option<i64>, Option<i64>)> {
    let (bonus, spin, account, sub) = {
        let conn = state.db();
        let account = accounts::by_currency(&conn, s.player, s.currency)?
            .ok_or_else(|| ApiError::field("validation_failed", "currency", "No account."))?;
        let tx = conn.unchecked_transaction()?;
        // The control API's settled bet stands for the open bets settling (the cancel
        // confirmation case); a game round settles only itself.
        if s.settled && s.game_id.is_none() {
            store::settle_bets(&tx, s.player)?;
        }
        store::record_bet(
            &tx,
            s.player,
            s.currency,
            s.amount,
            s.win,
            s.settled,
            db::now(),
        )?;
        let mut touched_account = false;
        let applies = |ids: &[i64]| match s.game_id {
            Some(g) => ids.is_empty() || ids.contains(&g),
            None => true,
        };
        let bonus = match store::active_bonus(&tx, s.player, s.currency)? {
            Some(bonus) if applies(&bonus.game_ids) => {
                let wagered = bonus.wagered.saturating_add(s.amount);
                store::set_wagered(&tx, bonus.id, wagered)?;
                if wagered >= bonus.wager_required {
                    store::set_bonus_state(&tx, bonus.id, store::FINISHED, store::PLAYED)?;
                    accounts::set_balance(
                        &tx,
                        account.id,
                        account.balance_minor.saturating_add(bonus.amount),
                    )?;
                    touched_account = true;
                }
                Some(bonus.id)
            }
            _ => None,
        };
        let spin = if s.free_spin {
            store::freespins(&tx, s.player, &[store::ACTIVE], &[s.currency.to_string()])?
                .into_iter()
                .next_back()
        } else {
            None
        };
        let spin = match spin {
            Some(f) => {
                let used = f.used + 1;
                let (status, result) = if used >= f.count {
                    (store::FINISHED, store::PLAYED)
                } else {
                    (store::ACTIVE, store::UNSPECIFIED)
                };
                store::set_spin_state(&tx, f.id, status, result, used)?;
                Some(f.id)
            }
            None => None,
        };
        tx.commit()?;
        let account = if touched_account {
            accounts::get(&conn, s.player, account.id)?
        } else {
            None
        };
        (bonus, spin, account, subunit(&conn, s.currency))
    };
    if let Some(a) = &account {
        realtime::publish_account(state, a);
    }
    if let Some(id) = bonus {
        publish_bonus(state, id);
    }
    if let Some(id) = spin {
        publish_spin(state, id);
    }
    // Quests' bet tasks and loyalty points (a point per whole unit staked).
    super::retention::progress(state, s.player, "bet", s.amount / sub.max(1));
    Ok((bonus, spin))
}

/// Expires a bonus now (result 5 for bonuses), with its push.
async fn control_expire(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
) -> ApiResult<Json<Value>> {
    {
        let conn = state.db();
        let b = store::bonus(&conn, id)?.ok_or_else(ApiError::not_found)?;
        if b.status == store::FINISHED {
            return Err(refuse("bonus_finished", "This bonus has finished."));
        }
        store::set_bonus_state(&conn, id, store::FINISHED, 5)?;
    }
    publish_bonus(&state, id);
    Ok(Json(json!({ "id": id })))
}

/// Reference rows: bonus codes (valid, not available) and deposit-bonus packages per
/// currency. Idempotent.
pub fn seed(conn: &Connection) -> rusqlite::Result<()> {
    store::add_catalog_code(conn, "WELCOME100", true, "bonus", "10.00", 5)?;
    store::add_catalog_code(conn, "SPINS20", true, "freespin", "20", 1)?;
    store::add_catalog_code(conn, "SUMMER2024", false, "bonus", "5.00", 5)?;
    store::add_deposit_package(
        conn,
        101,
        "100% first deposit",
        100,
        30,
        "USD",
        "20.00",
        "200.00",
    )?;
    store::add_deposit_package(conn, 102, "50% reload", 50, 20, "USD", "50.00", "500.00")?;
    store::add_deposit_package(
        conn,
        103,
        "100% first deposit",
        100,
        30,
        "EUR",
        "20.00",
        "200.00",
    )?;
    store::add_deposit_package(conn, 104, "50% reload", 50, 20, "BRL", "100.00", "2000.00")?;
    store::add_deposit_package(
        conn,
        105,
        "Crypto boost 25%",
        25,
        40,
        "BTC",
        "0.001",
        "0.05",
    )?;
    Ok(())
}
