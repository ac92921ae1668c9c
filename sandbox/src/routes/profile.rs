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
    ("language", Field::Language, "language"),
    ("country", Field::Country, "country"),
    ("locale", Field::Locale, "locale"),
    (
        "freshchatRestoreId",
        Field::FreshchatRestoreId,
        "freshchat restore id",
    ),
    ("birthdate", Field::Birthdate, "birthdate"),
    ("city", Field::City, "city"),
    ("address", Field::Address, "address"),
    ("postalCode", Field::PostalCode, "postal code"),
    ("cpf_number", Field::Cpf, "CPF"),
];

/// Players must be this old (the profile scenario's `minAge`).
pub const MIN_AGE: i64 = 18;

/// `GET /api/player/fields/validations?scenario=profile|registration` (SPEC §5, §7): the
/// server's field rules; `isRequired` adds required on the client.
pub async fn validations(
    State(state): State<crate::state::AppState>,
    crate::error::ApiQuery(q): crate::error::ApiQuery<std::collections::HashMap<String, String>>,
) -> ApiResult<Json<Value>> {
    let rules = match q.get("scenario").map(String::as_str) {
        Some("profile") => Value::Array(
            PROFILE_RULES
                .iter()
                .map(|(field, required)| rule_entry(field, *required))
                .collect(),
        ),
        Some("registration") => {
            let mut list = serde_json::json!([
                {"field": "email", "isRequired": true, "rules": "email|max:254"},
                {"field": "password", "isRequired": true, "rules": "min:8|max:128"},
                {"field": "currency", "isRequired": true, "rules": ""},
                {"field": "agreements", "isRequired": true, "rules": "accepted"},
            ]);
            if let Value::Array(items) = &mut list {
                for field in registration_requires(&state) {
                    items.push(rule_entry(&field, true));
                }
            }
            list
        }
        _ => {
            return Err(ApiError::field(
                "validation_failed",
                "scenario",
                "The scenario must be profile or registration.",
            ))
        }
    };
    Ok(Json(rules))
}

/// The profile scenario's fields and whether each is required.
const PROFILE_RULES: &[(&str, bool)] = &[
    ("firstName", true),
    ("lastName", true),
    ("birthdate", true),
    ("country", true),
    ("city", false),
    ("address", false),
    ("postalCode", false),
    ("cpf_number", false),
];

/// Profile fields an operator may require at registration (the control API's
/// `registration-fields`); each is checked as the profile checks it.
pub const REGISTRATION_OFFERED: &[(&str, Field, &str)] = &[
    ("nickname", Field::Nickname, "nickname"),
    ("firstName", Field::FirstName, "first name"),
    ("lastName", Field::LastName, "last name"),
    ("birthdate", Field::Birthdate, "birthdate"),
    ("country", Field::Country, "country"),
    ("city", Field::City, "city"),
    ("address", Field::Address, "address"),
    ("postalCode", Field::PostalCode, "postal code"),
    ("cpf_number", Field::Cpf, "CPF"),
];

/// One field's entry in a validations answer: the rules this server checks it with.
fn rule_entry(field: &str, required: bool) -> Value {
    let rules = match field {
        "nickname" => "min:3|max:24|alpha_dash".to_string(),
        "firstName" | "lastName" => "min:2|max:50".to_string(),
        "birthdate" => format!("date|minAge:{MIN_AGE}"),
        "country" => "countryCode".to_string(),
        "city" => "min:2|max:100".to_string(),
        "address" => "max:200".to_string(),
        "postalCode" => "max:20".to_string(),
        "cpf_number" => "cpf_number".to_string(),
        _ => String::new(),
    };
    serde_json::json!({"field": field, "isRequired": required, "rules": rules})
}

/// The fields the registration scenario requires besides the usual four, in
/// [`REGISTRATION_OFFERED`] order.
pub fn registration_requires(state: &crate::state::AppState) -> Vec<String> {
    state
        .registration_requires
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .clone()
}

/// A registration's offered fields checked (SPEC §5 "Fields flagged isRequired by the server
/// get required added"): each required one must be there, each given one well formed. What
/// passes is written to the new player by the caller, in its transaction.
pub fn registration_extras(
    state: &crate::state::AppState,
    given: &Map<String, Value>,
    errors: &mut FieldErrors,
) -> ApiResult<Vec<(Field, String)>> {
    let required = registration_requires(state);
    let conn = state.db();
    let mut out = Vec::new();
    for (key, field, label) in REGISTRATION_OFFERED {
        // Nickname is one of every sign-up's own fields, checked there.
        if *key == "nickname" {
            continue;
        }
        let value = match given.get(*key) {
            Some(Value::String(s)) => s.trim(),
            Some(Value::Null) | None => "",
            Some(_) => {
                errors.add(key, format!("The {label} must be a string."));
                continue;
            }
        };
        if value.is_empty() {
            if required.iter().any(|r| r == key) {
                errors.add(key, format!("The {label} field is required."));
            }
            continue;
        }
        match problem(&conn, *field, label, value)? {
            Some(msg) => errors.add(key, msg),
            None => out.push((*field, value.to_string())),
        }
    }
    Ok(out)
}

/// Notification settings: JSON name, column.
const FLAGS: &[(&str, &str)] = &[
    ("receiveEmailPromo", "receive_email_promo"),
    ("receiveSmsPromo", "receive_sms_promo"),
    ("receiveBonus", "receive_bonus"),
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
    let owner_code_spent = prove_owner_to_clear_phone(&state, &who, &body).await?;
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
        // A phone signs its player in, so it is set only by its code (`otp/send` and
        // `otp/verify` with a session). The same number sent back is fine; none clears it
        // once the owner is proven (above).
        match body.get("phone") {
            None => {}
            Some(Value::Null) => changes.push((Field::Phone, None)),
            Some(Value::String(p)) if p.trim().is_empty() => {
                changes.push((Field::Phone, None));
            }
            Some(Value::String(p)) => {
                let me = players::by_id(&conn, who.player_id)?;
                let same = me.and_then(|m| m.phone).is_some_and(|have| {
                    crate::db::otp::normalize(p) == crate::db::otp::normalize(&have)
                });
                if !same {
                    errors.add(
                        "phone",
                        "Confirm the phone with the code we send it (otp/send, otp/verify).",
                    );
                }
            }
            Some(_) => errors.add("phone", "The phone must be a string."),
        }
    }
    let mut flags: Vec<(&str, bool)> = Vec::new();
    for (key, column) in FLAGS {
        match body.get(*key) {
            None => {}
            Some(Value::Bool(on)) => flags.push((column, *on)),
            Some(_) => errors.add(key, format!("The {key} field must be true or false.")),
        }
    }
    let typed_cpf = body
        .get("cpf_number")
        .and_then(Value::as_str)
        .is_some_and(|c| !c.trim().is_empty());
    // Brazil's players give their CPF when they save their personal details (a body that
    // carries `cpf_number`, as the personal page's does). (the tax number the payment methods need too).
    let me = current_player(&state, &who)?;
    let country = match changes.iter().find(|(f, _)| *f == Field::Country) {
        Some((_, c)) => c.clone(),
        None => me.country.clone(),
    };
    let cpf = match changes.iter().find(|(f, _)| *f == Field::Cpf) {
        Some((_, c)) => c.clone(),
        None => me.personal.cpf_number.clone(),
    };
    if country.as_deref() == Some("BR")
        && cpf.is_none()
        && body.contains_key("cpf_number")
        && !typed_cpf
    {
        errors.add("cpf_number", "The CPF is required for players in Brazil.");
    }
    errors.check()?;

    {
        let conn = state.db();
        let tx = conn.unchecked_transaction()?;
        for (field, value) in &changes {
            players::update_field(&tx, who.player_id, *field, value.as_deref())?;
        }
        for (column, on) in &flags {
            players::set_flag(&tx, who.player_id, column, *on)?;
        }
        if owner_code_spent {
            crate::db::otp::remove(&tx, who.player_id, crate::db::otp::OWNER)?;
        }
        tx.commit()?;
    }
    Ok(Json(current_player(&state, &who)?.profile()))
}

/// `phone: null` or blank clears a phone the player has only with proof of the owner
/// (`currentPassword`, or the owner code in `ownerCode`), as changing it does (issue 32): a
/// stolen bearer that could clear it would leave a phone-only or messenger account with no
/// factor, then add the thief's phone with its code alone. True when an owner code was the
/// proof (spent with the change).
async fn prove_owner_to_clear_phone(
    state: &crate::state::AppState,
    who: &AuthPlayer,
    body: &Map<String, Value>,
) -> ApiResult<bool> {
    let clears = match body.get("phone") {
        Some(Value::Null) => true,
        Some(Value::String(p)) => p.trim().is_empty(),
        _ => false,
    };
    let me = current_player(state, who)?;
    if !clears || me.phone.is_none() {
        return Ok(false);
    }
    let given = |key: &str| {
        body.get(key)
            .and_then(Value::as_str)
            .filter(|v| !v.trim().is_empty())
    };
    let proof = super::verify::Proof {
        current_password: given("currentPassword"),
        code: given("ownerCode"),
    };
    super::verify::prove_owner(state, &me, &proof, &super::otp::PHONE).await?;
    Ok(!me.has_password())
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
        Field::FirstName | Field::LastName if len > validation::NAME_MAX => {
            validation::too_long(v, validation::NAME_MAX, label)
        }
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
        Field::Birthdate => birthdate_problem(v),
        Field::City if len < 2 => Some("The city must be at least 2 characters.".into()),
        Field::PostalCode if len > 20 => {
            Some("The postal code may not be greater than 20 characters.".into())
        }
        Field::Cpf if !validation::is_cpf(v) => Some("The CPF is not valid.".into()),
        _ if len > validation::TEXT_MAX => validation::too_long(v, validation::TEXT_MAX, label),
        _ => None,
    })
}

/// A `YYYY-MM-DD` date of someone at least [`MIN_AGE`] today (UTC).
fn birthdate_problem(v: &str) -> Option<String> {
    let parts: Vec<i64> = v.split('-').filter_map(|p| p.parse().ok()).collect();
    let [y, m, d] = parts[..] else {
        return Some("The birthdate must be a date (YYYY-MM-DD).".into());
    };
    let days = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
    if v.len() != 10
        || !(1900..=2100).contains(&y)
        || !(1..=12).contains(&m)
        || d < 1
        || d > days[(m - 1) as usize]
    {
        return Some("The birthdate must be a date (YYYY-MM-DD).".into());
    }
    let (ty, tm, td) = crate::dates::ymd(crate::db::now());
    let age = ty - y - i64::from((tm, td) < (m, d));
    (age < MIN_AGE).then(|| format!("You must be at least {MIN_AGE} years old."))
}
