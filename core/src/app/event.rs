//! Everything that can happen to the core: intents from the view and what the runtime feeds
//! back after performing an effect.

use super::effect::CallId;
use super::registry::{FeatureUi, FormId, GroupId, Tick};
use crate::domain::validation::Value;
use crate::json::{Json, Map};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// Intents the parent takes itself: the address, modals, locale and forms. Features declare
/// their own (`Feature::Ui`); the view writes all of them as `{type: "navigate", path}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase", rename_all_fields = "camelCase")]
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
    /// An intent of a lazily loaded group's row, not read yet: the group's code reads it when
    /// it is here (its chunk holds the reader).
    Unread(Unread),
}

/// A lazy group's intent as the view wrote it.
#[derive(Clone, Debug, PartialEq)]
pub struct Unread {
    pub group: GroupId,
    pub kind: String,
    pub event: Json,
}

impl UiEvent {
    /// An event as the view writes it, `{type: "navigate", path}`: the parent's intents
    /// first, then each eager feature's; a lazy group's is left [`UiEvent::Unread`] for its
    /// chunk. The error names the type and the field at fault, or says the type is unknown.
    pub fn from_view(event: Json) -> Result<UiEvent, String> {
        let kind = match &event {
            Json::Object(fields) => match fields.get("type") {
                Some(Json::String(kind)) => kind.as_str(),
                _ => return Err("an event needs a string type".into()),
            },
            _ => return Err("an event must be an object".into()),
        };
        if owns::<AppUi>(kind) {
            return read_as(kind, &event).map(UiEvent::App);
        }
        if let Some(read) = FeatureUi::read(kind, &event) {
            return read.map(UiEvent::Feature);
        }
        match GroupId::of_intent(kind) {
            Some(group) => Ok(UiEvent::Unread(Unread {
                group,
                kind: kind.to_string(),
                event,
            })),
            None => Err(format!("unknown event type {kind}")),
        }
    }

    /// [`UiEvent::from_view`], with a lazy group's intent read at once by its code (tests and
    /// unsplit builds; in the product the group reads it when its chunk is here).
    pub fn read_now(event: Json) -> Result<UiEvent, String> {
        match UiEvent::from_view(event)? {
            UiEvent::Unread(u) => u
                .group
                .load_now()
                .read(&u.kind, &u.event)
                .map(UiEvent::Feature),
            read => Ok(read),
        }
    }
}

/// The view writes an intent as `{type: kind, ...fields}` (TypeScript's `ViewEvent`); the
/// intent enums keep serde's default form, `{kind: {...fields}}`, or `{kind: null}` for a
/// variant without fields. An internally tagged enum (`tag = "type"`) is read through serde's
/// buffered `Content`, a second reader of every variant: -10.1 KiB brotli in the main module
/// and -15.8 in the chunks without it (docs/ARCHITECTURE.md "View, events, boundary").
fn tagged(kind: &str, content: Json) -> Json {
    let mut outer = Map::new();
    outer.insert(kind.into(), content);
    Json::Object(outer)
}

/// The intent's fields: the event without its `type`.
fn fields_of(event: &Json) -> Map<String, Json> {
    let mut fields = event.as_object().cloned().unwrap_or_default();
    fields.remove("type");
    fields
}

/// `fields` as the variant `kind` of `T`. A variant without fields is read from `null`, also
/// when the view sent extra fields (ignored, as they were in the tagged form); a refused event
/// gets the error of its fields' form (a missing or wrong field, or an unknown variant).
fn read_fields<T: DeserializeOwned>(kind: &str, fields: Map<String, Json>) -> Result<T, String> {
    let unit = || T::deserialize(&tagged(kind, Json::Null));
    let empty = fields.is_empty();
    if empty {
        if let Ok(read) = unit() {
            return Ok(read);
        }
    }
    match T::deserialize(&tagged(kind, Json::Object(fields))) {
        Ok(read) => Ok(read),
        // Without fields the unit form was tried first.
        Err(e) if empty => Err(e.to_string()),
        Err(e) => unit().map_err(|_| e.to_string()),
    }
}

/// Whether `kind` names a variant of the intent enum `T`: read `{kind: null}`, the variant is
/// either unknown (serde's `Error::unknown_variant`) or `T`'s (then at most its fields are
/// missing). The same reader as the event's, so no second copy in the wasm.
pub(crate) fn owns<T: DeserializeOwned>(kind: &str) -> bool {
    match T::deserialize(&tagged(kind, Json::Null)) {
        Err(e) => !e.to_string().starts_with("unknown variant"),
        Ok(_) => true,
    }
}

/// The intent names `T`'s derived reader takes: serde lists them when it refuses an unknown
/// one ("unknown variant `x`, expected one of `a`, `b`").
#[cfg(test)]
pub(crate) fn intent_names<T: DeserializeOwned>() -> Vec<String> {
    let Err(e) = T::deserialize(&tagged("\u{1}", Json::Null)) else {
        return Vec::new();
    };
    let e = e.to_string();
    let listed = e.split_once("expected").map_or("", |(_, rest)| rest);
    listed
        .split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

/// `event` (`{type: kind, ...}`) as `T` (a type that [`owns`] it); the error is `kind: why`,
/// naming the field at fault.
pub(crate) fn read_as<T: DeserializeOwned>(kind: &str, event: &Json) -> Result<T, String> {
    read_fields(kind, fields_of(event))
        .map_err(|e| format!("{kind}: {}", at_fault::<T>(kind, &fields_of(event), e)))
}

/// serde names a missing field but not one of the wrong type or value (`invalid type:
/// integer, expected a string`): that field is the first one whose removal changes the error
/// (removing another gives the same error, as serde stops at the first bad value). Only runs
/// for a refused event.
fn at_fault<T: DeserializeOwned>(kind: &str, fields: &Map<String, Json>, e: String) -> String {
    // serde's own message names it (`Error::missing_field`).
    if e.starts_with("missing field") {
        return e;
    }
    for key in fields.keys() {
        let mut rest = fields.clone();
        rest.remove(key);
        let again = read_fields::<T>(kind, rest).err();
        if again.as_ref() != Some(&e) {
            return format!("`{key}`: {e}");
        }
    }
    e
}

impl From<AppUi> for UiEvent {
    fn from(e: AppUi) -> Self {
        UiEvent::App(e)
    }
}

/// A field value as the view sends it: a checkbox's boolean or an input's text.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
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
// Booted (with what the device keeps) comes once per page: its size costs nothing.
#[allow(clippy::large_enum_variant)]
pub enum Event {
    Ui(UiEvent),
    /// The runtime started: what storage and the address hold.
    Booted {
        token: Option<String>,
        path: String,
        boot: Boot,
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
    /// Load a lazy group's code now (the view's prefetch, or its retry after a failure).
    LoadGroup(super::registry::GroupId),
    /// The runtime's answer to `Effect::LoadGroup`.
    GroupLoaded {
        group: super::registry::GroupId,
        code: Result<super::groups::Code, super::feature::LoadFailed>,
    },
}

/// What the runtime found at start: what the device keeps for features, and the page's own
/// facts.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Boot {
    /// Every key a feature declared (`Feature::STORED`), as the device held it; each feature
    /// reads its own in `Hook::Booted` (app/stored.rs).
    pub stored: super::stored::Kept,
    /// The page's origin (the social provider returns to it).
    pub origin: String,
    /// Random per page load (social sign-in `state`).
    pub seed: String,
    /// The device's offset from UTC in minutes at boot (+60 for UTC+1): the reminder's time
    /// of day is local.
    pub offset_minutes: i32,
    /// The device's time zone around now (`runtime::zone`): the offsets and when they change,
    /// so dates are shown in the offset they had (SPEC §9 date formats). Empty: UTC.
    pub zone: crate::domain::zone::Zone,
}

impl Boot {
    /// A boot whose device holds `values` (tests set up a device this way).
    pub fn holding(values: &[(super::stored::Stored, &str)]) -> Boot {
        let mut boot = Boot::default();
        for (stored, value) in values {
            boot.stored.insert(*stored, value.to_string());
        }
        boot
    }
}
