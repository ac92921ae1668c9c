//! Content pages (issue 16; docs/API.md "Content pages") and the visitor's country (geo).

use std::collections::HashMap;

use axum::extract::State;
use axum::http::HeaderMap;
use axum::Json;
use serde_json::{json, Value};

use crate::db::catalog;
use crate::db::pages::{self, Item, Page};
use crate::error::{ApiError, ApiPath, ApiQuery, ApiResult};
use crate::state::AppState;

/// The locale asked for as a known code, else the default; and the default.
fn locales(state: &AppState, asked: Option<&String>) -> ApiResult<(String, String)> {
    let list = catalog::locales(&state.db())?;
    let default = list
        .iter()
        .find(|l| l.is_default)
        .map_or("en".to_string(), |l| l.code.clone());
    let locale = asked
        .and_then(|a| list.iter().find(|l| l.code.eq_ignore_ascii_case(a.trim())))
        .map_or(default.clone(), |l| l.code.clone());
    Ok((locale, default))
}

fn kind_of(query: &HashMap<String, String>) -> ApiResult<Option<String>> {
    match query
        .get("type")
        .map(|t| t.trim())
        .filter(|t| !t.is_empty())
    {
        None => Ok(None),
        Some(t) if pages::KINDS.contains(&t) => Ok(Some(t.to_string())),
        Some(_) => Err(ApiError::bad_request(
            "type must be static, bonus, question or page.",
        )),
    }
}

/// `GET /api/content/pages/{slug}?locale=&type=` -> `{slug, type, title, body}`; 404 when no
/// page of that slug (and type) exists.
pub async fn show(
    State(state): State<AppState>,
    ApiPath(slug): ApiPath<String>,
    ApiQuery(query): ApiQuery<HashMap<String, String>>,
) -> ApiResult<Json<Page>> {
    let (locale, default) = locales(&state, query.get("locale"))?;
    let kind = kind_of(&query)?;
    pages::find(&state.db(), &locale, &default, &slug, kind.as_deref())?
        .map(Json)
        .ok_or_else(ApiError::not_found)
}

/// `GET /api/content/pages?type=question&locale=` -> `[{slug, type, title}]` in order.
pub async fn list(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<HashMap<String, String>>,
) -> ApiResult<Json<Vec<Item>>> {
    let (locale, default) = locales(&state, query.get("locale"))?;
    let kind = kind_of(&query)?.ok_or_else(|| ApiError::bad_request("type is required."))?;
    Ok(Json(pages::list(&state.db(), &locale, &default, &kind)?))
}

/// The visitor's country as the edge names it (`CF-IPCountry`, else `X-Country-Code`): two
/// letters, uppercased; `None` without a usable header.
pub fn edge_country(headers: &HeaderMap) -> Option<String> {
    ["cf-ipcountry", "x-country-code"].iter().find_map(|h| {
        headers
            .get(*h)
            .and_then(|v| v.to_str().ok())
            .map(str::trim)
            .filter(|v| v.len() == 2 && v.bytes().all(|b| b.is_ascii_alphabetic()))
            .map(str::to_ascii_uppercase)
    })
}

/// `GET /api/geo` -> `{country}`: the visitor's country as the edge names it
/// (`CF-IPCountry`, else `X-Country-Code`), else UA (SPEC §9 default country fallback).
pub async fn geo(headers: HeaderMap) -> Json<Value> {
    let country = edge_country(&headers).unwrap_or_else(|| "UA".into());
    Json(json!({ "country": country }))
}
