//! GET/PUT /api/player/profile.

use axum::extract::State;
use axum::Json;
use serde_json::{Map, Value};

use super::player::current_player;
use crate::auth::AuthPlayer;
use crate::db::catalog;
use crate::db::players::{self, Field, Profile};
use crate::error::{ApiError, ApiJson, ApiResult, FieldErrors};
use crate::validation;

pub async fn show(
    State(state): State<crate::state::AppState>,
    who: AuthPlayer,
) -> ApiResult<Json<Profile>> {
    Ok(Json(current_player(&state, &who)?.profile()))
}

/// Editable fields: JSON name, column, label used in messages.
const EDITABLE: &[(&str, Field, &str)] = &[
    ("nickname", Field::Nickname, "nickname"),
    ("firstName", Field::FirstName, "first name"),
    ("lastName", Field::LastName, "last name"),
    ("phone", Field::Phone, "phone"),
    ("language", Field::Language, "language"),
    ("country", Field::Country, "country"),
    ("locale", Field::Locale, "locale"),
    (
        "freshchatRestoreId",
        Field::FreshchatRestoreId,
        "freshchat restore id",
    ),
];

/// Partial update: absent keys stay, `null` or "" clears (SPEC §5: rules pass on empty), other
/// keys (id, email, ...) are ignored so a client may send the whole profile back.
pub async fn update(
    State(state): State<crate::state::AppState>,
    who: AuthPlayer,
    ApiJson(body): ApiJson<Map<String, Value>>,
) -> ApiResult<Json<Profile>> {
    let mut errors = FieldErrors::new();
    let mut changes: Vec<(Field, Option<String>)> = Vec::new();
    {
        let conn = state.db();
        for (key, field, label) in EDITABLE {
            let Some(raw) = body.get(*key) else { continue };
            let value = match raw {
                Value::Null => None,
                Value::String(s) => Some(s.trim().to_string()).filter(|s| !s.is_empty()),
                _ => {
                    errors.add(key, format!("The {label} must be a string."));
                    continue;
                }
            };
            if let Some(v) = value.as_deref() {
                if let Some(msg) = problem(&conn, *field, label, v)? {
                    errors.add(key, msg);
                    continue;
                }
                if *field == Field::Nickname
                    && players::nickname_taken(&conn, v, Some(who.player_id))?
                {
                    errors.add(key, "The nickname has already been taken.");
                    continue;
                }
            }
            changes.push((*field, value));
        }
    }
    errors.check()?;

    {
        let conn = state.db();
        let tx = conn.unchecked_transaction()?;
        for (field, value) in &changes {
            players::update_field(&tx, who.player_id, *field, value.as_deref())?;
        }
        tx.commit()?;
    }
    Ok(Json(current_player(&state, &who)?.profile()))
}

fn problem(
    conn: &rusqlite::Connection,
    field: Field,
    label: &str,
    v: &str,
) -> Result<Option<String>, ApiError> {
    let len = v.chars().count();
    Ok(match field {
        Field::Nickname => validation::nickname_problem(v).map(String::from),
        Field::FirstName | Field::LastName if len < 2 => {
            Some(format!("The {label} must be at least 2 characters."))
        }
        Field::FirstName | Field::LastName if len > 50 => Some(format!(
            "The {label} may not be greater than 50 characters."
        )),
        Field::Phone if !validation::is_phone(v) => {
            Some("The phone must be a valid phone number.".into())
        }
        Field::Language if !(v.len() == 2 && v.chars().all(|c| c.is_ascii_lowercase())) => {
            Some("The language must be a two-letter lowercase code.".into())
        }
        Field::Country if !catalog::country_exists(conn, v)? => {
            Some("The selected country is invalid.".into())
        }
        Field::Locale if !catalog::locale_exists(conn, v)? => {
            Some("The selected locale is invalid.".into())
        }
        _ if len > 255 => Some(format!(
            "The {label} may not be greater than 255 characters."
        )),
        _ => None,
    })
}
