//! Everything that can happen to the core: intents from the view (`UiEvent`) and results the
//! runtime feeds back after performing an effect.

use serde::Deserialize;

use super::effect::Req;
use crate::domain::validation::Value;

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
/// Externally tagged on the wire (`{"navigate": {"path": "/"}}`, `"signOut"`): serde reads
/// that without buffering, where an internally tagged enum costs ~30 KB of wasm. The view
/// still writes `{type: "navigate", path}`; `bindings::ui_event` converts.
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
