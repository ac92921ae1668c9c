//! Form state and checks shared by every feature's forms (SPEC §5). A feature owns its
//! forms' state and rules; the parent applies input, blur and submit to them the same way.

use litemap::LiteMap;

use crate::domain::validation::{self, Form, Rule, Value};

#[derive(Clone, Debug, Default, PartialEq)]
pub struct FormState {
    pub values: Form,
    /// Fields whose message is shown (blurred once, or the form was submitted).
    pub touched: LiteMap<String, ()>,
    /// Server messages per field, cleared when the field changes.
    pub server_errors: LiteMap<String, String>,
    pub submitting: bool,
    /// Form-level message, e.g. the server's reason for a failed sign-in.
    pub error: Option<String>,
}

impl FormState {
    pub fn input(&mut self, field: String, value: Value) {
        self.server_errors.remove(&field);
        self.error = None;
        self.values.insert(field, value);
    }

    pub fn touch(&mut self, field: String) {
        self.touched.insert(field, ());
    }

    /// Empty again.
    pub fn reset(&mut self) {
        *self = FormState::default();
    }

    /// The text value of a field, trimmed; empty when absent.
    pub fn text(&self, field: &str) -> String {
        match self.values.get(field) {
            Some(Value::Text(s)) => s.trim().to_string(),
            _ => String::new(),
        }
    }

    /// Passwords are sent exactly as typed: spaces may be part of them.
    pub fn raw_text(&self, field: &str) -> String {
        match self.values.get(field) {
            Some(Value::Text(s)) => s.clone(),
            _ => String::new(),
        }
    }

    pub fn flag(&self, field: &str) -> bool {
        matches!(self.values.get(field), Some(Value::Bool(true)))
    }
}

/// Messages per field for the current values; server messages win until the field changes.
/// `text` looks a content key up in the current locale.
pub fn errors(
    rules: &[(String, Vec<Rule>)],
    state: &FormState,
    text: &dyn Fn(&str) -> Option<String>,
) -> LiteMap<String, String> {
    // Validation messages live in the fields-settings content group (`validations.min` is
    // `fields-settings.validations.min`), so they follow the locale like every other text.
    let lookup = |key: &str| text(&format!("fields-settings.{key}")).or_else(|| text(key));
    // An untouched checkbox is unchecked, not empty: "accepted" must see false.
    let mut values = state.values.clone();
    for (field, field_rules) in rules {
        if field_rules.contains(&Rule::Accepted) && !values.contains_key(field.as_str()) {
            values.insert(field.clone(), Value::Bool(false));
        }
    }
    let mut out: LiteMap<String, String> = LiteMap::new();
    for (field, v) in validation::validate_form(rules, &values) {
        out.insert(field, v.message(&lookup));
    }
    for (field, msg) in state.server_errors.iter() {
        out.insert(field.clone(), msg.clone());
    }
    out
}

/// Whether the form has any message (submit checks only that, not their text).
pub fn has_errors(rules: &[(String, Vec<Rule>)], state: &FormState) -> bool {
    !errors(rules, state, &|_| None).is_empty()
}

/// [`failed`], with a 429's wait as the form's message, and no form message when a field
/// has its own (the one-time code forms: phone, e-mail).
pub fn refused(
    state: &mut FormState,
    rules: &[(String, Vec<Rule>)],
    e: crate::app::calls::ResponseError,
    cx: &mut crate::app::feature::Cx,
) {
    if let crate::app::calls::ResponseError::Status { status: 429, error } = &e {
        state.submitting = false;
        cx.forms_changed();
        state.error = Some(cx.wait_message(error.retry_after));
        return;
    }
    failed(state, rules, e, cx);
    if !state.server_errors.is_empty() {
        state.error = None;
    }
}

/// Rules for fields that are required and then follow the spec's field rules (SPEC §5);
/// `own` overrides a field's list (e.g. checkboxes, fields the server alone checks).
pub fn required_fields(
    fields: &[&str],
    own: impl Fn(&str) -> Option<Vec<Rule>>,
) -> Vec<(String, Vec<Rule>)> {
    fields
        .iter()
        .map(|&f| {
            let rules = own(f).unwrap_or_else(|| {
                let mut r = vec![Rule::Required];
                r.extend(validation::field_rules(f));
                r
            });
            (f.to_string(), rules)
        })
        .collect()
}

/// Put a failed request's reason on the form; what the player typed stays.
pub fn failed(
    state: &mut FormState,
    rules: &[(String, Vec<Rule>)],
    e: crate::app::calls::ResponseError,
    cx: &mut crate::app::feature::Cx,
) {
    use crate::app::calls::ResponseError;
    use crate::app::effect::LogLevel;
    cx.forms_changed();
    state.submitting = false;
    match e {
        ResponseError::Status { error, status } => {
            for (field, msgs) in error.errors {
                let known = rules.iter().any(|(f, _)| *f == field);
                if let (true, Some(first)) = (known, msgs.into_iter().next()) {
                    state.server_errors.insert(field, first);
                }
            }
            if state.server_errors.is_empty() || error.code != "validation_failed" {
                state.error = Some(if error.message.is_empty() {
                    format!("{} (HTTP {status})", cx.text("alerts.somethingWrong"))
                } else {
                    error.message
                });
            }
        }
        ResponseError::Network(reason) => {
            state.error = Some(cx.text("alerts.network"));
            cx.log(LogLevel::Warn, &reason);
        }
        ResponseError::Malformed(reason) => {
            state.error = Some(cx.text("alerts.somethingWrong"));
            cx.log(LogLevel::Error, &reason);
        }
    }
}
