//! Everything that can happen to the core: intents from the view (`UiEvent`) and results the
//! runtime feeds back after performing an effect.

use serde::Deserialize;

use super::effect::Req;
use crate::domain::validation::Value;
use crate::json::{Json, Map};

/// Forms the view edits. Their fields and rules live in `app::forms`.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq, PartialOrd, Ord)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum FormId {
    SignUp,
    SignIn,
    NewAccount,
    /// Forgotten password: the e-mail to send a reset link to.
    ForgotPass,
    /// Reset password: the code from the e-mail and the new password.
    ResetPass,
}

/// An intent of the player, sent by the view.
///
/// The view writes `{type: "navigate", path}`, read by [`UiEvent::from_view`]. The serde
/// derive (externally tagged: `{"navigate": {"path": "/"}}`, `"signOut"`) is the reference
/// the tests hold that reader to, and gives TypeScript its `UiEvent`.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum UiEvent {
    /// The page loaded; the runtime adds the stored token and the address.
    Start,
    /// Go to an in-app address (a link was followed).
    Navigate {
        path: String,
    },
    /// Open a modal; `params` are its extra address parameters (e.g. wallet `tab`).
    OpenModal {
        id: String,
        #[serde(default)]
        params: Vec<(String, String)>,
    },
    /// The modal's component mounted: a second open of it is allowed again.
    ModalOpened,
    CloseModal,
    /// Same page, other language (SPEC §2 locale prefixes).
    SetLocale {
        code: String,
    },
    ToggleDrawer,
    CloseDrawer,
    SetDrawerCompact {
        compact: bool,
    },
    /// The page finished rendering: the preloader leaves after 1 s (SPEC §2).
    PageReady,
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
    SwitchAccount {
        id: i64,
    },
    HideAccount {
        id: i64,
    },
    SignOut,
    DismissToast {
        id: u32,
    },
}

impl FormId {
    fn parse(name: &str) -> Option<FormId> {
        Some(match name {
            "signUp" => FormId::SignUp,
            "signIn" => FormId::SignIn,
            "newAccount" => FormId::NewAccount,
            "forgotPass" => FormId::ForgotPass,
            "resetPass" => FormId::ResetPass,
            _ => return None,
        })
    }
}

impl UiEvent {
    /// An event as the view writes it, `{type: "navigate", path}`. Read by hand: serde's
    /// derived enum visitor cost ~14 KB of wasm; the derive stays as the reference the tests
    /// compare with (and the source of the TypeScript type). Unknown fields are ignored.
    pub fn from_view(event: Json) -> Result<UiEvent, String> {
        let Json::Object(mut f) = event else {
            return Err("an event must be an object".into());
        };
        let kind = match f.remove("type") {
            Some(Json::String(kind)) => kind,
            _ => return Err("an event needs a string type".into()),
        };
        let bad = |field: &str, what: &str| format!("{kind}: {field} must be {what}");
        let text = |f: &mut Map, field: &str| match f.remove(field) {
            Some(Json::String(s)) => Ok(s),
            _ => Err(bad(field, "a string")),
        };
        let form = |f: &mut Map| {
            f.remove("form")
                .and_then(|v| v.as_str().and_then(FormId::parse))
                .ok_or_else(|| bad("form", "a form id"))
        };
        let id = |f: &mut Map| {
            f.remove("id")
                .and_then(|v| v.as_i64())
                .ok_or_else(|| bad("id", "an integer"))
        };
        Ok(match kind.as_str() {
            "start" => UiEvent::Start,
            "modalOpened" => UiEvent::ModalOpened,
            "closeModal" => UiEvent::CloseModal,
            "toggleDrawer" => UiEvent::ToggleDrawer,
            "closeDrawer" => UiEvent::CloseDrawer,
            "pageReady" => UiEvent::PageReady,
            "signOut" => UiEvent::SignOut,
            "navigate" => UiEvent::Navigate {
                path: text(&mut f, "path")?,
            },
            "openModal" => UiEvent::OpenModal {
                id: text(&mut f, "id")?,
                params: match f.remove("params") {
                    None | Some(Json::Null) => Vec::new(),
                    Some(v) => params(v).ok_or_else(|| bad("params", "[name, value] pairs"))?,
                },
            },
            "setLocale" => UiEvent::SetLocale {
                code: text(&mut f, "code")?,
            },
            "setDrawerCompact" => UiEvent::SetDrawerCompact {
                compact: f
                    .remove("compact")
                    .and_then(|v| v.as_bool())
                    .ok_or_else(|| bad("compact", "a boolean"))?,
            },
            "formInput" => UiEvent::FormInput {
                form: form(&mut f)?,
                field: text(&mut f, "field")?,
                value: match f.remove("value") {
                    Some(Json::Bool(b)) => FormValue::Bool(b),
                    Some(Json::String(s)) => FormValue::Text(s),
                    _ => return Err(bad("value", "a boolean or a string")),
                },
            },
            "formBlur" => UiEvent::FormBlur {
                form: form(&mut f)?,
                field: text(&mut f, "field")?,
            },
            "formSubmit" => UiEvent::FormSubmit {
                form: form(&mut f)?,
            },
            "switchAccount" => UiEvent::SwitchAccount { id: id(&mut f)? },
            "hideAccount" => UiEvent::HideAccount { id: id(&mut f)? },
            "dismissToast" => UiEvent::DismissToast {
                id: id(&mut f)
                    .ok()
                    .and_then(|n| u32::try_from(n).ok())
                    .ok_or_else(|| bad("id", "a toast id"))?,
            },
            _ => return Err(format!("unknown event type {kind}")),
        })
    }
}

/// `[[name, value], ...]`.
fn params(v: Json) -> Option<Vec<(String, String)>> {
    let Json::Array(items) = v else { return None };
    items
        .into_iter()
        .map(|pair| match pair {
            Json::Array(mut p) if p.len() == 2 => match (p.pop(), p.pop()) {
                (Some(Json::String(v)), Some(Json::String(k))) => Some((k, v)),
                _ => None,
            },
            _ => None,
        })
        .collect()
}

/// A field value as the view sends it: a checkbox's boolean or an input's text.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), serde(untagged))]
pub enum FormValue {
    Bool(bool),
    Text(String),
}

// By hand: the derived untagged form buffers the value first, at a cost in wasm size.
impl<'de> Deserialize<'de> for FormValue {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl serde::de::Visitor<'_> for V {
            type Value = FormValue;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a boolean or a string")
            }
            fn visit_bool<E: serde::de::Error>(self, v: bool) -> Result<FormValue, E> {
                Ok(FormValue::Bool(v))
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<FormValue, E> {
                Ok(FormValue::Text(v.to_string()))
            }
            fn visit_string<E: serde::de::Error>(self, v: String) -> Result<FormValue, E> {
                Ok(FormValue::Text(v))
            }
        }
        d.deserialize_any(V)
    }
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
pub enum Event {
    Ui(UiEvent),
    /// The runtime started: what storage and the address hold.
    Booted {
        token: Option<String>,
        path: String,
        prefs: Prefs,
    },
    Http {
        req: Req,
        outcome: HttpOutcome,
    },
    /// A timer of the shell (see `Effect::Timer`).
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
}

/// Timers the core sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tick {
    HidePreloader,
    RemovePreloader,
    PollVersion,
    Toasts,
}
