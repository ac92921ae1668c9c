//! The fields of each form and the rules that guard them (SPEC §5), evaluated here so the view
//! only shows messages.

use crate::vec_map::VecMap;

use super::event::FormId;
use super::model::FormState;
use crate::domain::validation::{self, Rule, Value};

const CHECKBOXES: &[&str] = &["agreements"];

/// Fields of a form, in display order.
pub fn fields(form: FormId) -> &'static [&'static str] {
    match form {
        FormId::SignUp => &["email", "password", "currency", "agreements"],
        FormId::SignIn => &["email", "password"],
        FormId::NewAccount => &["currency"],
        FormId::ForgotPass => &["email"],
        FormId::ResetPass => &["code", "password", "password_confirmation"],
    }
}

/// Rules per field: the spec's field rules, plus required where the form needs the value
/// (the registration fields are the ones a platform flags isRequired).
pub fn rules(form: FormId) -> Vec<(String, Vec<Rule>)> {
    fields(form)
        .iter()
        .map(|&f| {
            let mut r = vec![Rule::Required];
            match (form, f) {
                // Sign-in checks only presence and shape: an old account may predate min 8.
                (FormId::SignIn, "password") => {}
                (_, "currency") => {}
                // "accepted" says what is missing better than "required" would.
                (_, "agreements") => r = validation::field_rules(f),
                // Its own rules start with required.
                (_, "password_confirmation") => r = validation::field_rules(f),
                // The reset code is checked by the server.
                (FormId::ResetPass, "code") => {}
                _ => r.extend(validation::field_rules(f)),
            }
            (f.to_string(), r)
        })
        .collect()
}

/// Messages per field for the current values; server messages win until the field changes.
/// `text` looks a content key up in the current locale (see `Model::text_of`).
pub fn errors(
    form: FormId,
    state: &FormState,
    text: &dyn Fn(&str) -> Option<String>,
) -> VecMap<String, String> {
    // Validation messages live in the fields-settings content group (`validations.min` is
    // `fields-settings.validations.min`), so they follow the locale like every other text.
    let lookup = |key: &str| text(&format!("fields-settings.{key}")).or_else(|| text(key));
    // An untouched checkbox is unchecked, not empty: "accepted" must see false.
    let mut values = state.values.clone();
    for &f in fields(form).iter().filter(|f| CHECKBOXES.contains(f)) {
        values.entry(f.to_string()).or_insert(Value::Bool(false));
    }
    let mut out: VecMap<String, String> = validation::validate_form(&rules(form), &values)
        .into_iter()
        .map(|(field, v)| (field, v.message(&lookup)))
        .collect();
    for (field, msg) in &state.server_errors {
        out.insert(field.clone(), msg.clone());
    }
    out
}

/// The text value of a field, trimmed; empty when absent.
pub fn text(state: &FormState, field: &str) -> String {
    match state.values.get(field) {
        Some(Value::Text(s)) => s.trim().to_string(),
        _ => String::new(),
    }
}

/// Passwords are sent exactly as typed: spaces may be part of them.
pub fn raw_text(state: &FormState, field: &str) -> String {
    match state.values.get(field) {
        Some(Value::Text(s)) => s.clone(),
        _ => String::new(),
    }
}

pub fn flag(state: &FormState, field: &str) -> bool {
    matches!(state.values.get(field), Some(Value::Bool(true)))
}
