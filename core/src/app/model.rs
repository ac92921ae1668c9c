//! The core's whole state. Only `update` changes it; `view` reads it.

use crate::vec_map::VecMap;

use super::api::{Account, Currency, Locale, Profile};
use super::effect::HttpRequest;
use super::event::FormId;
use crate::domain::modal::ModalHost;
use crate::domain::route::{Location, Route, RouteError};
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
    /// Locale codes known before settings load, so prefixed addresses resolve at once.
    pub locales: Vec<String>,
    /// Where the phone numbering plans are served (kept out of the wasm); empty = none.
    pub phone_metadata_url: String,
    /// The default language's texts (`core/content/en.json`), under any loaded content.
    pub texts: VecMap<String, String>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            api_base: String::new(),
            origin: String::new(),
            platform: "web".into(),
            default_locale: "en".into(),
            locales: vec!["en".into(), "pt-br".into(), "es".into(), "ru".into()],
            phone_metadata_url: String::new(),
            texts: super::content::built_in(),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Preloader {
    Shown,
    Hiding,
    Removed,
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
    pub touched: crate::vec_map::VecSet<String>,
    /// Server messages per field, cleared when the field changes.
    pub server_errors: VecMap<String, String>,
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
    pub forms: VecMap<FormId, FormState>,
    /// Current address and what it resolves to (SPEC §2).
    pub location: Location,
    pub route: Result<Route, RouteError>,
    pub modals: ModalHost,
    /// Drawer state; `drawer_compact` persists as IS_DRAWER_COMPACT.
    pub drawer_open: bool,
    pub drawer_compact: bool,
    /// Preloader phase: shown until a page is ready, then hidden and removed.
    pub preloader: Preloader,
    /// Localized texts of the current locale, by key; English built-ins fill the gaps.
    pub texts: VecMap<String, String>,
    /// When each locale's content was loaded (15 min cache, SPEC §7).
    pub content_loaded: Vec<(String, u64)>,
    /// Loaded texts per locale, so switching back needs no request; `texts` holds
    /// `texts_locale`'s.
    pub content_cache: Vec<(String, VecMap<String, String>)>,
    pub texts_locale: Option<String>,
    /// Build id seen first and whether a newer one exists (SPEC §7 Other).
    pub build_id: Option<String>,
    pub update_ready: bool,
    pub last_reload: Option<(String, u64)>,
    /// Toasts waiting for the 400 ms throttle (SPEC §9), and when the last one started.
    pub pending_toasts: std::collections::VecDeque<Toast>,
    pub last_toast_ms: Option<u64>,
    pub toast_timer: bool,
    /// Account operations in flight, to disable their buttons.
    pub busy_accounts: crate::vec_map::VecSet<i64>,
    pub toasts: Vec<Toast>,
    pub next_toast_id: u32,
    /// A refresh is in flight; authenticated calls wait here for its token.
    pub refreshing: bool,
    pub waiting: Vec<HttpRequest>,
    /// Where the cross-tab refresh stands (SPEC §4; app/update/refresh.rs).
    pub refresh_phase: crate::domain::refresh::RefreshPhase,
    /// The realtime connection and its subscriptions (SPEC §7; app/update/live.rs).
    pub realtime: crate::domain::realtime::Client,
    /// An account push arrived while the accounts list was loading: load it again after.
    pub accounts_stale: bool,
    /// Settings answers, 15 minutes per path and parameters (SPEC §7, §9).
    pub settings_cache: super::request::SettingsCache,
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
            forms: VecMap::new(),
            location: Location::parse_url("/"),
            route: Err(RouteError::NoMatch {
                status: 404,
                message: String::new(),
            }),
            modals: ModalHost::new(),
            drawer_open: false,
            drawer_compact: false,
            preloader: Preloader::Shown,
            texts: VecMap::new(),
            content_loaded: Vec::new(),
            content_cache: Vec::new(),
            texts_locale: None,
            build_id: None,
            update_ready: false,
            last_reload: None,
            pending_toasts: Default::default(),
            last_toast_ms: None,
            toast_timer: false,
            busy_accounts: Default::default(),
            toasts: Vec::new(),
            next_toast_id: 1,
            refreshing: false,
            waiting: Vec::new(),
            refresh_phase: Default::default(),
            realtime: Default::default(),
            accounts_stale: false,
            settings_cache: Default::default(),
        }
    }

    pub fn form(&mut self, id: FormId) -> &mut FormState {
        self.forms.entry(id).or_default()
    }

    pub fn currency(&self, code: &str) -> Option<&Currency> {
        self.currencies
            .iter()
            .find(|c| c.code.eq_ignore_ascii_case(code))
    }

    /// Localized text for `key`, if any: loaded content, else the built-in default language.
    pub fn text_of(&self, key: &str) -> Option<&String> {
        self.texts.get(key).or_else(|| self.config.texts.get(key))
    }

    /// [`Model::text_of`], or the key itself so a missing text is visible rather than blank.
    pub fn text(&self, key: &str) -> String {
        self.text_of(key)
            .map_or_else(|| key.to_string(), String::clone)
    }

    /// The locale of the current address (`None` = default).
    pub fn locale(&self) -> Option<&str> {
        self.route
            .as_ref()
            .ok()
            .and_then(|r| r.locale.as_deref())
            .or_else(|| {
                // An error page keeps the prefix of the address it failed on.
                let first = self
                    .location
                    .path
                    .trim_start_matches('/')
                    .split('/')
                    .next()?;
                self.locale_codes()
                    .into_iter()
                    .find(|l| l.eq_ignore_ascii_case(first) && *l != self.config.default_locale)
            })
    }

    /// Known locale codes: settings when loaded, else the configured list.
    pub fn locale_codes(&self) -> Vec<&str> {
        if self.locales.is_empty() {
            self.config.locales.iter().map(String::as_str).collect()
        } else {
            self.locales.iter().map(|l| l.code.as_str()).collect()
        }
    }

    /// The content locale: the address's, else the default.
    pub fn content_locale(&self) -> String {
        self.locale()
            .unwrap_or(&self.config.default_locale)
            .to_string()
    }

    pub fn active_account(&self) -> Option<&Account> {
        self.accounts.iter().find(|a| a.is_active())
    }
}
