//! Everything that can happen to the core: intents from the view and what the runtime feeds
//! back after performing an effect.

use super::effect::CallId;
use super::registry::{FeatureUi, FormId, Tick};
use super::ui_read::Fields;
use crate::domain::validation::Value;
use crate::json::Json;

/// Intents the parent takes itself: the address, modals, locale and forms. Features declare
/// their own (`Feature::Ui`); the view writes all of them as `{type: "navigate", path}`.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[cfg_attr(
    target_arch = "wasm32",
    serde(
        tag = "type",
        rename_all = "camelCase",
        rename_all_fields = "camelCase"
    )
)]
pub enum AppUi {
    /// The page loaded; the runtime adds the stored token and the address.
    Start,
    /// Go to an in-app address (a link was followed).
    Navigate {
        path: String,
    },
    /// Open a modal; `params` are its extra address parameters (e.g. wallet `tab`).
    OpenModal {
        id: String,
        #[cfg_attr(target_arch = "wasm32", serde(default))]
        params: Vec<(String, String)>,
    },
    /// The modal's component mounted: a second open of it is allowed again.
    ModalOpened,
    CloseModal,
    /// Same page, other language (SPEC §2 locale prefixes).
    SetLocale {
        code: String,
    },
    FormInput {
        form: FormId,
        field: String,
        value: FormValue,
    },
    /// A field lost focus: its message appears from now on.
    FormBlur {
        form: FormId,
        field: String,
    },
    FormSubmit {
        form: FormId,
    },
}

/// An intent of the player, sent by the view.
#[derive(Clone, Debug, PartialEq)]
pub enum UiEvent {
    App(AppUi),
    Feature(FeatureUi),
}

impl UiEvent {
    /// An event as the view writes it, `{type: "navigate", path}`: the parent's intents
    /// first, then each feature's. The error names the field at fault, or the unknown type.
    pub fn from_view(event: Json) -> Result<UiEvent, String> {
        let kind = match event.get("type") {
            Some(Json::String(kind)) => kind.clone(),
            Some(_) | None if event.is_object() => {
                return Err("an event needs a string type".into())
            }
            _ => return Err("an event must be an object".into()),
        };
        let f = Fields::new(&event);
        let read = AppUi::read(&kind, &f);
        // A field at fault refuses the event, as the reader stops there.
        if let Some(e) = f.fault() {
            return Err(super::ui_read::of_kind(&kind, &e));
        }
        match read {
            Ok(Some(e)) => Ok(UiEvent::App(e)),
            Ok(None) => FeatureUi::read(&event).map(UiEvent::Feature),
            Err(e) => Err(super::ui_read::of_kind(&kind, &e)),
        }
    }
}

impl AppUi {
    /// The parent's intents by hand (`ui_read.rs`); Ok(None) for another type.
    fn read(kind: &str, f: &Fields) -> Result<Option<AppUi>, String> {
        let form = || {
            let name = f.text("form");
            FormId::named(&name).ok_or_else(|| format!("unknown form {name}"))
        };
        Ok(Some(match kind {
            "start" => AppUi::Start,
            "navigate" => AppUi::Navigate {
                path: f.text("path"),
            },
            "openModal" => AppUi::OpenModal {
                id: f.text("id"),
                params: params(f)?,
            },
            "modalOpened" => AppUi::ModalOpened,
            "closeModal" => AppUi::CloseModal,
            "setLocale" => AppUi::SetLocale {
                code: f.text("code"),
            },
            "formInput" => AppUi::FormInput {
                form: form()?,
                field: f.text("field"),
                value: match f.raw("value") {
                    Some(Json::Bool(b)) => FormValue::Bool(*b),
                    Some(Json::String(s)) => FormValue::Text(s.clone()),
                    _ => return Err("`value` must be a string or a boolean".into()),
                },
            },
            "formBlur" => AppUi::FormBlur {
                form: form()?,
                field: f.text("field"),
            },
            "formSubmit" => AppUi::FormSubmit { form: form()? },
            _ => return Ok(None),
        }))
    }
}

/// `params`: `[[name, value], …]`, absent for none.
fn params(f: &Fields) -> Result<Vec<(String, String)>, String> {
    let Some(list) = f.raw("params") else {
        return Ok(Vec::new());
    };
    let bad = || "`params` must be [name, value] pairs of strings".to_string();
    let mut out = Vec::new();
    for pair in list.as_array().ok_or_else(bad)? {
        match pair.as_array().map(Vec::as_slice) {
            Some([Json::String(k), Json::String(v)]) => out.push((k.clone(), v.clone())),
            _ => return Err(bad()),
        }
    }
    Ok(out)
}

impl From<AppUi> for UiEvent {
    fn from(e: AppUi) -> Self {
        UiEvent::App(e)
    }
}

/// A field value as the view sends it: a checkbox's boolean or an input's text.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(untagged)]
pub enum FormValue {
    Bool(bool),
    Text(String),
}

impl From<FormValue> for Value {
    fn from(v: FormValue) -> Self {
        match v {
            FormValue::Bool(b) => Value::Bool(b),
            FormValue::Text(s) if s.is_empty() => Value::Empty,
            FormValue::Text(s) => Value::Text(s),
        }
    }
}

/// What came back for an HTTP effect.
#[derive(Clone, Debug, PartialEq)]
pub enum HttpOutcome {
    Response {
        status: u16,
        body: String,
    },
    /// No response: network failure, timeout, or a body over the size limit.
    Failed {
        reason: String,
    },
}

#[derive(Clone, Debug, PartialEq)]
// Booted (with the storage's prefs) comes once per page: its size costs nothing.
#[allow(clippy::large_enum_variant)]
pub enum Event {
    Ui(UiEvent),
    /// The runtime started: what storage and the address hold.
    Booted {
        token: Option<String>,
        path: String,
        prefs: Prefs,
    },
    /// The answer to call `id` (see `Effect::Http`).
    Http {
        id: CallId,
        outcome: HttpOutcome,
    },
    /// A feature's timer (see `Cx::timer`).
    Tick(Tick),
    /// The browser changed the address itself (back/forward).
    AddressChanged {
        path: String,
    },
    /// Another tab signed in or out (storage signal).
    PeerSession {
        logged_in: bool,
    },
    /// The realtime socket (runtime/socket.rs), or one of the realtime client's timers.
    Socket(crate::domain::realtime::SocketEvent),
    /// The cross-tab refresh: lock answers, waiting polls, the stored token.
    Refresh(crate::domain::refresh::RefreshEvent),
}

/// What the runtime read from storage at start.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Prefs {
    /// localStorage `IS_DRAWER_COMPACT` (SPEC §9).
    pub drawer_compact: bool,
    /// The last reload made for a new build: (full path, at ms), from sessionStorage.
    pub last_reload: Option<(String, u64)>,
    /// sessionStorage `asyncInvoiceId`: a QR deposit still pending (SPEC §9).
    pub async_invoice_id: Option<u64>,
    /// localStorage: the equivalent currency (SPEC §9) and `paymentGeo`.
    pub equivalent_currency: Option<String>,
    pub payment_geo: Option<String>,
    /// localStorage `playedGames` and sessionStorage `returnGame` (SPEC §9, games).
    pub played_games: Option<String>,
    pub return_game: Option<String>,
    /// The page's origin (the social provider returns to it).
    pub origin: String,
    /// Random per page load (social sign-in `state`).
    pub seed: String,
    /// sessionStorage `socialAuth`: the social round trip this tab started.
    pub social: Option<String>,
    /// Cookies of the affiliate capture (`referral::COOKIES`): name and decoded value.
    pub affiliate_cookies: Vec<(String, String)>,
    /// localStorage `cookieConsent` (domain::consent) and sessionStorage `geoPopupSeen`.
    pub consent: Option<String>,
    pub geo_seen: bool,
}
