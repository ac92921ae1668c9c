//! GET /api/content: localised text groups (SPEC §7, docs/API.md "Content").

use axum::extract::State;
use axum::Json;

use crate::db::catalog;
use crate::db::content::{self, Groups, GROUPS};
use crate::error::{ApiQuery, ApiResult};
use crate::state::AppState;

/// `?locale=pt-br&groups[]=alerts&groups[]=layout`. An unknown or missing locale answers the
/// default locale's texts; no groups means all of them; unknown group names are ignored.
pub async fn show(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<Vec<(String, String)>>,
) -> ApiResult<Json<Groups>> {
    let mut wanted: Vec<&str> = Vec::new();
    let mut locale = String::new();
    for (k, v) in &query {
        match k.as_str() {
            "locale" => locale = v.trim().to_ascii_lowercase(),
            "groups[]" | "groups" => {
                for g in v.split(',').map(str::trim) {
                    if let Some(known) = GROUPS.iter().find(|k| **k == g) {
                        if !wanted.contains(known) {
                            wanted.push(known);
                        }
                    }
                }
            }
            _ => {}
        }
    }
    let explicit = query.iter().any(|(k, _)| k == "groups[]" || k == "groups");
    if wanted.is_empty() && !explicit {
        wanted = GROUPS.to_vec();
    }
    let conn = state.db();
    let locales = catalog::locales(&conn)?;
    let default = locales
        .iter()
        .find(|l| l.is_default)
        .map_or("en", |l| l.code.as_str());
    let locale = locales
        .iter()
        .find(|l| l.code.eq_ignore_ascii_case(&locale))
        .map_or(default, |l| l.code.as_str());
    Ok(Json(content::texts(&conn, locale, default, &wanted)?))
}
