//! The core's whole state. Only `update` changes it; `view` reads it.

use std::collections::BTreeMap;

use super::api::{Account, Currency, Locale, Profile};
use super::effect::HttpRequest;
use super::event::FormId;
use crate::domain::validation::Form;

/// Fixed at creation by the host page.
#[derive(Clone, Debug, PartialEq, serde::Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Config {
    /// Origin of the platform API; empty = same origin.
    pub api_base: String,
    /// What the player's browser calls our site (SPEC §7 `source`).
    pub origin: String,
    /// `web`, or `tg` inside the messenger mini-app.
    pub platform: String,
    pub default_locale: String,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            api_base: String::new(),
            origin: String::new(),
            platform: "web".into(),
            default_locale: "en".into(),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SessionStatus {
    /// Not started yet, or restoring a stored session.
    Booting,
    Guest,
    Player,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct FormState {
    pub values: Form,
    /// Fields whose message is shown (blurred once, or the form was submitted).
    pub touched: std::collections::BTreeSet<String>,
    /// Server messages per field, cleared when the field changes.
    pub server_errors: BTreeMap<String, String>,
    pub submitting: bool,
    /// Form-level message, e.g. the server's reason for a failed sign-in.
    pub error: Option<String>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Toast {
    pub id: u32,
    pub kind: ToastKind,
    pub title: String,
    pub description: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub enum ToastKind {
    Success,
    Error,
    Info,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    pub config: Config,
    pub status: SessionStatus,
    pub token: Option<String>,
    pub profile: Option<Profile>,
    pub accounts: Vec<Account>,
    pub accounts_loading: bool,
    pub currencies: Vec<Currency>,
    pub locales: Vec<Locale>,
    pub forms: BTreeMap<FormId, FormState>,
    /// Current address: path and query (no origin).
    pub path: String,
    pub query: Vec<(String, String)>,
    pub modal: Option<String>,
    /// Account operations in flight, to disable their buttons.
    pub busy_accounts: std::collections::BTreeSet<i64>,
    pub toasts: Vec<Toast>,
    pub next_toast_id: u32,
    /// A refresh is in flight; authenticated calls wait here for its token.
    pub refreshing: bool,
    pub waiting: Vec<HttpRequest>,
}

impl Model {
    pub fn new(config: Config) -> Self {
        Model {
            config,
            status: SessionStatus::Booting,
            token: None,
            profile: None,
            accounts: Vec::new(),
            accounts_loading: false,
            currencies: Vec::new(),
            locales: Vec::new(),
            forms: BTreeMap::new(),
            path: "/".into(),
            query: Vec::new(),
            modal: None,
            busy_accounts: Default::default(),
            toasts: Vec::new(),
            next_toast_id: 1,
            refreshing: false,
            waiting: Vec::new(),
        }
    }

    pub fn form(&mut self, id: FormId) -> &mut FormState {
        self.forms.entry(id).or_default()
    }

    pub fn currency(&self, code: &str) -> Option<&Currency> {
        self.currencies.iter().find(|c| c.code.eq_ignore_ascii_case(code))
    }

    pub fn active_account(&self) -> Option<&Account> {
        self.accounts.iter().find(|a| a.is_active())
    }
}
