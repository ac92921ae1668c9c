//! The registration scenario's server rules (SPEC §5: "Fields flagged isRequired by the server
//! get required added. Server-provided field validations exist per scenario 'profile' or
//! 'registration'"). The session feature asks for them when a sign-up form may open; both
//! sign-up forms (e-mail and phone) merge them with their own rules and offer the fields the
//! server requires beyond their own.

use serde::Serialize;

use crate::app::feature::Cx;
use crate::app::forms::FormState;
use crate::app::registry::FormId;
use crate::domain::validation::{self, Rule};
use crate::json::Json;
use std::collections::BTreeMap;

/// Fields a sign-up form can offer when the server requires them (SPEC §3 form fields that a
/// registration may ask), in display order, with the input each needs and its label's text
/// key (the profile pages' labels for the same fields).
pub const OFFERED: &[(&str, FieldKind, &str)] = &[
    (
        "nickname",
        FieldKind::Text,
        "global-components.profile.nickname",
    ),
    (
        "firstName",
        FieldKind::Text,
        "global-components.personal.firstName",
    ),
    (
        "lastName",
        FieldKind::Text,
        "global-components.personal.lastName",
    ),
    (
        "birthdate",
        FieldKind::Date,
        "global-components.personal.birthdate",
    ),
    (
        "country",
        FieldKind::Country,
        "global-components.personal.country",
    ),
    ("city", FieldKind::Text, "global-components.personal.city"),
    (
        "address",
        FieldKind::Text,
        "global-components.personal.address",
    ),
    (
        "postalCode",
        FieldKind::Text,
        "global-components.personal.postalCode",
    ),
    (
        "cpf_number",
        FieldKind::Cpf,
        "global-components.personal.cpf_number",
    ),
];

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum FieldKind {
    Text,
    /// `YYYY-MM-DD` typed (SPEC §5 date rule).
    Date,
    /// A choice from the settings' countries.
    Country,
    /// The Brazilian tax number, with its mask.
    Cpf,
}

/// One field a sign-up form shows because the server requires it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct ExtraField {
    pub name: String,
    pub kind: FieldKind,
    /// The label's text key.
    pub label: String,
    /// A hint's text key, if the field has one (a date's format).
    pub hint: Option<String>,
    /// An example of the expected shape ("" for none).
    pub placeholder: String,
}

/// What the server said for the registration scenario, and the countries a country field
/// offers. Empty until the answers arrive: the product's rules stand alone meanwhile, and the
/// server checks everything again on register.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Registration {
    /// The server's rule sets, with the product's field rules completed (server order).
    pub rules: Vec<(String, Vec<Rule>)>,
    /// Countries a player may choose (settings, without SPEC §5's excluded ones): code, name.
    pub countries: Vec<(String, String)>,
}

impl Registration {
    /// Read the server's answer (any shape `parse_server_validations` accepts); rules it could
    /// not read are returned as text for the log.
    pub fn read_rules(v: &Json) -> (Vec<(String, Vec<Rule>)>, Vec<String>) {
        let (rules, warnings) = validation::parse_server_validations(v);
        let warnings = warnings
            .into_iter()
            .map(|w| format!("registration rule {} {}: {}", w.field, w.rule, w.reason))
            .collect();
        (validation::with_field_rules(rules), warnings)
    }

    /// The fields the server requires that `form` does not ask for itself and can offer.
    pub fn extras(&self, form_fields: &[(String, Vec<Rule>)]) -> Vec<ExtraField> {
        OFFERED
            .iter()
            .filter(|(name, _, _)| {
                self.required(name) && !form_fields.iter().any(|(f, _)| f == name)
            })
            .map(|(name, kind, label)| ExtraField {
                name: (*name).to_string(),
                kind: *kind,
                label: (*label).to_string(),
                hint: (*kind == FieldKind::Date)
                    .then(|| "global-components.personal.birthdateHint".to_string()),
                placeholder: match kind {
                    FieldKind::Date => "1990-12-31".to_string(),
                    FieldKind::Cpf => crate::app::features::profile::CPF_MASK.replace('#', "0"),
                    FieldKind::Text | FieldKind::Country => String::new(),
                },
            })
            .collect()
    }

    fn required(&self, name: &str) -> bool {
        self.rules
            .iter()
            .any(|(f, rules)| f == name && rules.contains(&Rule::Required))
    }

    /// A sign-up form's rules with the server's: each of its own fields gains the server's
    /// rules it lacks, and each offered field the server requires is added.
    pub fn merge(&self, mut own: Vec<(String, Vec<Rule>)>) -> Vec<(String, Vec<Rule>)> {
        let extras = self.extras(&own);
        for (field, rules) in own.iter_mut() {
            if let Some((_, server)) = self.rules.iter().find(|(f, _)| f == field) {
                for rule in server {
                    if !rules.contains(rule) {
                        rules.push(rule.clone());
                    }
                }
            }
        }
        for extra in extras {
            if let Some((field, rules)) = self.rules.iter().find(|(f, _)| *f == extra.name) {
                own.push((field.clone(), rules.clone()));
            }
        }
        own
    }

    /// The offered fields' values for a sign-up's body (trimmed; an empty one is left out).
    pub fn values(
        &self,
        own: &[(String, Vec<Rule>)],
        state: &FormState,
    ) -> BTreeMap<String, String> {
        self.extras(own)
            .into_iter()
            .map(|extra| {
                let value = state.text(&extra.name);
                (extra.name, value)
            })
            .filter(|(_, value)| !value.is_empty())
            .collect()
    }
}

/// What every registration sends besides its credentials (e-mail, phone): the account's
/// currency, the accepted terms, the page's language (a `/pt-br` sign-up is a Portuguese player,
/// SPEC §3), the client (`source`, `platform`), the affiliate tag (`null` without one), and the
/// offered fields the registration rules require, by their names.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SignUpCommon<'a> {
    pub currency: String,
    pub agreements: bool,
    pub locale: &'a str,
    pub source: &'a str,
    pub platform: &'a str,
    pub affiliate_tag: Option<&'a str>,
    #[serde(flatten)]
    pub offered: BTreeMap<String, String>,
}

/// [`SignUpCommon`] from a sign-up form (`own`: the form's own rules).
pub fn sign_up<'a>(own: &[(String, Vec<Rule>)], state: &FormState, cx: &'a Cx) -> SignUpCommon<'a> {
    SignUpCommon {
        currency: state.text("currency"),
        agreements: state.flag("agreements"),
        locale: cx
            .shared
            .locale(cx.config)
            .unwrap_or(&cx.config.default_locale),
        source: cx.config.source(),
        platform: &cx.config.platform,
        affiliate_tag: cx.shared.affiliate.stag.as_deref(),
        offered: cx.shared.registration.values(own, state),
    }
}

/// The two forms that register a player.
pub fn is_sign_up(form: FormId) -> bool {
    matches!(form, FormId::SignUp | FormId::PhoneSignUp)
}
