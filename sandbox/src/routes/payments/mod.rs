//! /api/payment: methods, invoices (deposit, withdrawal, list, decline, statistics) and the
//! simulated provider that settles them (docs/API.md "Payments").

pub mod control;
mod methods;
mod provider;

use axum::extract::{RawQuery, State};
use axum::http::{HeaderMap, StatusCode};
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};

use crate::auth::AuthPlayer;
use crate::db::accounts::{self, Account};
use crate::db::payments::{self as store, Filter, NewInvoice};
use crate::db::{self, catalog};
use crate::error::{ApiError, ApiJson, ApiPath, ApiResult, FieldErrors};
use crate::money;
use crate::state::AppState;

/// Error code of a reached deposit limit (SPEC §8).
pub const DEPOSIT_LIMIT_CODE: &str = "13100";
/// A deposit cap counts what was deposited over this window.
const CAP_WINDOW_SECS: i64 = 24 * 3600;

/// The query pairs, decoded (shared with the bonuses routes).
pub(crate) fn query_pairs(raw: &Option<String>) -> Vec<(String, String)> {
    pairs(raw)
}

/// `?currency=&country=` read from the raw query (brackets or not, unknown keys ignored).
fn pairs(raw: &Option<String>) -> Vec<(String, String)> {
    raw.as_deref()
        .unwrap_or("")
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|p| {
            let (k, v) = p.split_once('=').unwrap_or((p, ""));
            (decode(k), decode(v))
        })
        .collect()
}

fn decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => {
                let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).unwrap_or("");
                match u8::from_str_radix(hex, 16) {
                    Ok(b) => {
                        out.push(b);
                        i += 2;
                    }
                    Err(_) => out.push(b'%'),
                }
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn first<'a>(pairs: &'a [(String, String)], key: &str) -> Option<&'a str> {
    pairs
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.as_str())
        .filter(|v| !v.is_empty())
}

fn limit_reached() -> ApiError {
    ApiError::unprocessable(
        DEPOSIT_LIMIT_CODE,
        "Your deposit limit has been reached.",
        FieldErrors::new(),
    )
}

/// The cap left for a deposit in `currency` (minor units), if a cap is set.
/// The player's own deposit limits count too (the smaller room wins); a running
/// self-exclusion or cooling-off refuses with 13100 and says until when.
fn cap_left(conn: &rusqlite::Connection, player: i64, currency: &str) -> ApiResult<Option<i64>> {
    super::limits::refuse_if_excluded(conn, player, DEPOSIT_LIMIT_CODE)?;
    let own = super::limits::deposit_room(conn, player, currency)?;
    let Some(cap) = store::cap(conn, player, currency)? else {
        return Ok(own);
    };
    let used = store::deposited_since(conn, player, currency, db::now() - CAP_WINDOW_SECS)?;
    Ok(Some(own.map_or(cap - used, |o| o.min(cap - used))))
}

async fn methods(
    state: AppState,
    who: AuthPlayer,
    raw: Option<String>,
    dir: &str,
) -> ApiResult<Json<Vec<Value>>> {
    let q = pairs(&raw);
    let currency = first(&q, "currency").map(|c| c.trim().to_ascii_uppercase());
    let country = first(&q, "country").map(|c| c.trim().to_ascii_uppercase());
    let conn = state.db();
    let Some(currency) = currency else {
        return Err(ApiError::field(
            "validation_failed",
            "currency",
            "The currency field is required.",
        ));
    };
    let Some(cur) = catalog::enabled_currency(&conn, &currency)? else {
        return Err(ApiError::field(
            "validation_failed",
            "currency",
            "The selected currency is invalid.",
        ));
    };
    if dir == "deposit" && cap_left(&conn, who.player_id, &currency)?.is_some_and(|l| l <= 0) {
        return Err(limit_reached());
    }
    Ok(Json(methods::groups(
        dir,
        &currency,
        country.as_deref(),
        cur.subunit_to_unit,
    )))
}

pub async fn deposit_methods(
    State(state): State<AppState>,
    who: AuthPlayer,
    RawQuery(raw): RawQuery,
) -> ApiResult<Json<Vec<Value>>> {
    methods(state, who, raw, "deposit").await
}

pub async fn withdrawal_methods(
    State(state): State<AppState>,
    who: AuthPlayer,
    RawQuery(raw): RawQuery,
) -> ApiResult<Json<Vec<Value>>> {
    methods(state, who, raw, "withdrawal").await
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct InvoiceBody {
    account_id: Option<i64>,
    amount: Option<String>,
    payment_method: Option<String>,
    #[serde(default)]
    fields: std::collections::BTreeMap<String, String>,
    idempotency_key: Option<String>,
    country: Option<String>,
    /// The deposit bonus the player chose in the package-bonus modal (issue 12).
    bonus_id: Option<i64>,
}

pub async fn deposit(
    State(state): State<AppState>,
    who: AuthPlayer,
    headers: HeaderMap,
    ApiJson(body): ApiJson<InvoiceBody>,
) -> ApiResult<(StatusCode, Json<Value>)> {
    create(state, who, headers, body, store::DEPOSIT).await
}

pub async fn withdrawal(
    State(state): State<AppState>,
    who: AuthPlayer,
    headers: HeaderMap,
    ApiJson(body): ApiJson<InvoiceBody>,
) -> ApiResult<(StatusCode, Json<Value>)> {
    create(state, who, headers, body, store::WITHDRAWAL).await
}

/// Validates, honours the idempotency key (the same key gives back the same invoice, 200),
/// creates the pending invoice (a withdrawal reserves its amount) and hands it to the
/// provider.
async fn create(
    state: AppState,
    who: AuthPlayer,
    headers: HeaderMap,
    body: InvoiceBody,
    kind: i64,
) -> ApiResult<(StatusCode, Json<Value>)> {
    let key = headers
        .get("idempotency-key")
        .and_then(|v| v.to_str().ok())
        .map(str::to_string)
        .or(body.idempotency_key.clone())
        .map(|k| k.chars().take(100).collect::<String>())
        .filter(|k| !k.trim().is_empty());
    let dir = if kind == store::DEPOSIT {
        "deposit"
    } else {
        "withdrawal"
    };
    let invoice = {
        let conn = state.db();
        if let Some(k) = key.as_deref() {
            if let Some(existing) = store::by_key(&conn, who.player_id, k)? {
                return Ok((StatusCode::OK, Json(json!(existing.view()))));
            }
        }
        let account: Account = match body.account_id {
            Some(id) => accounts::get(&conn, who.player_id, id)?.filter(|a| !a.is_hidden),
            None => accounts::active(&conn, who.player_id)?,
        }
        .ok_or_else(|| ApiError::field("validation_failed", "accountId", "No such account."))?;
        let unit = account.subunit_to_unit;
        let mut errors = FieldErrors::new();
        let method = body
            .payment_method
            .as_deref()
            .and_then(methods::find)
            .filter(|m| {
                m.offered(dir, &account.currency, body.country.as_deref())
                    || (m.direction() == dir
                        && m.currencies.contains(&account.currency.as_str())
                        && body.country.is_none())
            });
        if method.is_none() {
            errors.add("paymentMethod", "The selected payment method is invalid.");
        }
        let amount = body.amount.as_deref().map(str::trim).unwrap_or("");
        let minor = money::parse_minor(amount, unit).filter(|m| *m > 0);
        match (minor, method) {
            _ if amount.is_empty() => errors.add("amount", "The amount field is required."),
            (None, _) => errors.add(
                "amount",
                format!(
                    "The amount must be a positive number with at most {} decimals.",
                    money::decimals(unit)
                ),
            ),
            (Some(a), Some(m)) => {
                let (min, max) = m.limits(&account.currency, unit);
                if a < min {
                    errors.add(
                        "amount",
                        format!(
                            "The amount must be at least {}.",
                            money::format_minor(min, unit)
                        ),
                    );
                } else if a > max {
                    errors.add(
                        "amount",
                        format!(
                            "The amount may not be greater than {}.",
                            money::format_minor(max, unit)
                        ),
                    );
                } else if kind == store::WITHDRAWAL && a > account.balance_minor {
                    errors.add("amount", "The amount exceeds your balance.");
                }
            }
            _ => {}
        }
        if let Some(m) = method {
            for f in m.fields {
                let value = body.fields.get(f.name()).map(String::as_str).unwrap_or("");
                if let Some(problem) = methods::field_problem(*f, value, &account.currency) {
                    errors.add(f.name(), problem);
                }
            }
        }
        errors.check()?;
        let (Some(method), Some(minor)) = (method, minor) else {
            return Err(ApiError::internal(
                "validated invoice without method or amount",
            ));
        };
        if let (store::DEPOSIT, Some(bonus)) = (kind, body.bonus_id) {
            super::bonuses::check_deposit_choice(&conn, bonus, &account.currency, minor)?;
        }
        if kind == store::DEPOSIT
            && cap_left(&conn, who.player_id, &account.currency)?.is_some_and(|l| minor > l)
        {
            return Err(limit_reached());
        }
        let now = db::now();
        let (qr, address, expires_at) = if method.is_async {
            let address = provider::address(&account.currency, account.id);
            let qr = provider::qr_text(&account.currency, &address, amount);
            (
                Some(qr),
                Some(address),
                Some(now + provider::ASYNC_TTL_SECS),
            )
        } else {
            (None, None, None)
        };
        let new = NewInvoice {
            player_id: who.player_id,
            account_id: account.id,
            kind,
            amount_minor: minor,
            currency: &account.currency,
            method: method.id,
            qr,
            address,
            expires_at,
            key: key.as_deref(),
            now,
        };
        let id = match store::create(&conn, &new) {
            Ok(Some(id)) => id,
            Ok(None) => {
                return Err(ApiError::field(
                    "validation_failed",
                    "amount",
                    "The amount exceeds your balance.",
                ))
            }
            // Two requests with one key raced: the other one won; answer with its invoice.
            Err(rusqlite::Error::SqliteFailure(e, _))
                if e.code == rusqlite::ErrorCode::ConstraintViolation =>
            {
                let k = key.as_deref().unwrap_or("");
                let existing = store::by_key(&conn, who.player_id, k)?
                    .ok_or_else(|| ApiError::internal("idempotent invoice vanished"))?;
                return Ok((StatusCode::OK, Json(json!(existing.view()))));
            }
            Err(e) => return Err(e.into()),
        };
        if let (store::DEPOSIT, Some(bonus)) = (kind, body.bonus_id) {
            crate::db::bonuses::choose_deposit_bonus(&conn, id, bonus)?;
        }
        store::by_id(&conn, id)?.ok_or_else(|| ApiError::internal("invoice vanished"))?
    };
    if kind == store::WITHDRAWAL {
        provider::publish_account(&state, invoice.player_id, invoice.account_id);
    }
    provider::publish_invoice(&state, &invoice);
    provider::schedule(&state, &invoice);
    Ok((StatusCode::CREATED, Json(json!(invoice.view()))))
}

/// `GET /api/payment/invoices?type=deposit|withdrawal&status[]=1&dateFrom=&dateTo=&page=&perPage=`
/// (dates are unix seconds or YYYY-MM-DD).
pub async fn list(
    State(state): State<AppState>,
    who: AuthPlayer,
    RawQuery(raw): RawQuery,
) -> ApiResult<Json<Value>> {
    let q = pairs(&raw);
    let mut errors = FieldErrors::new();
    let mut f = Filter {
        page: 1,
        per_page: 20,
        ..Filter::default()
    };
    for (k, v) in &q {
        let k = k.trim_end_matches("[]");
        match k {
            "type" if !v.is_empty() => match v.as_str() {
                "deposit" | "1" => f.kind = Some(store::DEPOSIT),
                "withdrawal" | "2" => f.kind = Some(store::WITHDRAWAL),
                _ => errors.add("type", "The type must be deposit or withdrawal."),
            },
            "status" => match v.parse::<i64>() {
                Ok(s @ 1..=3) => f.statuses.push(s),
                _ => errors.add("status", "Each status must be 1, 2 or 3."),
            },
            "dateFrom" | "dateTo" if !v.is_empty() => match parse_date(v, k == "dateTo") {
                Some(t) if k == "dateFrom" => f.date_from = Some(t),
                Some(t) => f.date_to = Some(t),
                None => errors.add(k, "The date must be YYYY-MM-DD or unix seconds."),
            },
            "page" => match v.parse::<i64>() {
                Ok(p) if p >= 1 => f.page = p,
                _ => errors.add("page", "The page must be a positive integer."),
            },
            "perPage" => match v.parse::<i64>() {
                Ok(p @ 1..=100) => f.per_page = p,
                _ => errors.add("perPage", "The perPage must be between 1 and 100."),
            },
            _ => {}
        }
    }
    errors.check()?;
    let (rows, total) = store::list(&state.db(), who.player_id, &f)?;
    let data: Vec<Value> = rows.iter().map(|i| json!(i.view())).collect();
    let pages = (total + f.per_page - 1) / f.per_page;
    Ok(Json(json!({
        "data": data,
        "meta": { "page": f.page, "perPage": f.per_page, "totalPages": pages, "totalRows": total },
    })))
}

/// Unix seconds, or a UTC day (`dateTo` means its end).
fn parse_date(v: &str, end: bool) -> Option<i64> {
    if let Ok(n) = v.parse::<i64>() {
        return Some(n);
    }
    let mut parts = v.split('-').map(|p| p.parse::<i64>().ok());
    let (y, m, d) = (parts.next()??, parts.next()??, parts.next()??);
    if parts.next().is_some() || !(1..=12).contains(&m) || !(1..=31).contains(&d) {
        return None;
    }
    // Days from civil (Howard Hinnant's algorithm).
    let y2 = if m <= 2 { y - 1 } else { y };
    let era = y2.div_euclid(400);
    let yoe = y2 - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    let days = era * 146_097 + doe - 719_468;
    Some(days * 86_400 + if end { 86_399 } else { 0 })
}

/// Declines a pending invoice of the caller (a withdrawal gets its amount back).
pub async fn decline(
    State(state): State<AppState>,
    who: AuthPlayer,
    ApiPath(id): ApiPath<i64>,
) -> ApiResult<Json<Value>> {
    let invoice = {
        let conn = state.db();
        let inv = store::get(&conn, who.player_id, id)?.ok_or_else(ApiError::not_found)?;
        if inv.status != store::PENDING || !store::settle(&conn, id, store::ERROR, db::now())? {
            return Err(ApiError::unprocessable(
                "invoice_not_pending",
                "Only a pending invoice can be declined.",
                FieldErrors::new(),
            ));
        }
        store::by_id(&conn, id)?.ok_or_else(|| ApiError::internal("invoice vanished"))?
    };
    if invoice.kind == store::WITHDRAWAL {
        provider::publish_account(&state, invoice.player_id, invoice.account_id);
    }
    provider::publish_invoice(&state, &invoice);
    Ok(Json(json!(invoice.view())))
}

pub async fn statistics(
    State(state): State<AppState>,
    who: AuthPlayer,
) -> ApiResult<Json<Vec<Value>>> {
    Ok(Json(store::statistics(&state.db(), who.player_id)?))
}
