//! Helpers shared by the native flow tests.
#![allow(dead_code)] // each test file uses its own subset

/// The fixed "now" of the flow tests (ms since the epoch).
pub const NOW: u64 = 1_700_000_000_000;

/// Unpadded base64url, as JWT segments are written.
pub fn b64(s: &str) -> String {
    const T: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut out = String::new();
    for chunk in s.as_bytes().chunks(3) {
        let n = chunk.iter().fold(0u32, |a, &x| (a << 8) | u32::from(x)) << (8 * (3 - chunk.len()));
        for i in 0..=chunk.len() {
            out.push(T[((n >> (18 - 6 * i)) & 63) as usize] as char);
        }
    }
    out
}

/// A JWT of player 7 whose exp is `secs` after NOW; `tag` stands for the signature.
pub fn token(secs: i64, tag: &str) -> String {
    let exp = (NOW / 1000) as i64 + secs;
    format!(
        "{}.{}.{tag}",
        b64(r#"{"alg":"HS256"}"#),
        b64(&format!(r#"{{"sub":"7","exp":{exp}}}"#))
    )
}

use croupier_core::app::calls::refresh::REFRESH_CALL;
use croupier_core::app::features::{content, session, settings, wallet};
use croupier_core::app::{
    update, Boot, CallId, Config, Effect, Event, HttpOutcome, HttpRequest, Model, Req, UiEvent,
};
use croupier_core::domain::zone::Zone;

/// A returning player (a stored token) opening `path`: booted, and the profile answered
/// (id 7). The effects are the profile answer's: what the page then asked for.
pub fn restored(path: &str) -> (Model, Vec<Effect>) {
    restored_in(path, Zone::default())
}

/// [`restored`] on a device in `zone` (the runtime measures it at boot).
pub fn restored_in(path: &str, zone: Zone) -> (Model, Vec<Effect>) {
    let mut m = booted_with_token(
        path,
        Boot {
            zone,
            ..Boot::default()
        },
    );
    let fx = respond(
        &mut m,
        req::profile(),
        200,
        serde_json::json!({"id": 7, "email": "a@b.c"}),
    );
    (m, fx)
}

/// Berlin's 2026 as the runtime would measure it: UTC+1, UTC+2 from 29 March 01:00 UTC
/// (`BERLIN_SUMMER`) to 25 October 01:00 UTC.
pub fn berlin() -> Zone {
    Zone::from_changes(vec![
        (i64::MIN, 60),
        (BERLIN_SUMMER, 120),
        (1_792_890_000, 60),
    ])
}
pub const BERLIN_SUMMER: i64 = 1_774_746_000;
/// 2026-01-15T23:30:00Z (00:30 on the 16th in Berlin) and 2026-07-15T23:30:00Z (01:30).
pub const JAN_15_2330Z: i64 = 1_768_519_800;
pub const JUL_15_2330Z: i64 = 1_784_158_200;

/// A returning player's page (a stored token) at `path`, booted with what the device held
/// (`boot`); nothing answered yet.
pub fn booted_with_token(path: &str, boot: Boot) -> Model {
    let mut m = Model::new(Config::default());
    update(
        &mut m,
        Event::Booted {
            token: Some(token(3600, "a")),
            path: path.into(),
            boot,
        },
        NOW,
    );
    m
}

/// A first-time guest (no stored token) opening `path`, booted.
pub fn guest(path: &str) -> Model {
    guest_with(Config::default(), path)
}

/// [`guest`] with the host page's `config`.
pub fn guest_with(config: Config, path: &str) -> Model {
    let mut m = Model::new(config);
    update(
        &mut m,
        Event::Booted {
            token: None,
            path: path.into(),
            boot: Boot::default(),
        },
        NOW,
    );
    m
}

/// The names of the slices a dispatch would send (the runtime sends exactly these).
pub fn sent(m: &mut Model) -> Vec<&'static str> {
    let mut names = croupier_core::app::view::SliceNames::default();
    let dirty = m.dirty.take();
    croupier_core::app::view::changed(m, dirty, &mut names);
    names.0
}

/// Slices as the runtime writes them for the page, by name (a later one replacing an earlier
/// one, as the bridge keeps them).
#[derive(Default)]
pub struct Drawn(pub serde_json::Map<String, serde_json::Value>);

impl croupier_core::app::feature::SliceSink for Drawn {
    fn put<T: serde::Serialize>(&mut self, name: &'static str, value: &T) {
        self.0
            .insert(name.into(), serde_json::to_value(value).unwrap());
    }
    fn put_json(&mut self, name: &'static str, json: serde_json::Result<String>) {
        let value = serde_json::from_str(&json.unwrap()).unwrap();
        self.0.insert(name.into(), value);
    }
}

/// Text typed into `form`'s field `field`, at NOW.
pub fn type_text(m: &mut Model, form: croupier_core::app::FormId, field: &str, v: &str) {
    ui(
        m,
        croupier_core::app::AppUi::FormInput {
            form,
            field: field.into(),
            value: croupier_core::app::FormValue::Text(v.into()),
        },
    );
}

/// A view event, at NOW.
pub fn ui(m: &mut Model, e: impl Into<UiEvent>) -> Vec<Effect> {
    update(m, Event::Ui(e.into()), NOW)
}

/// A guest booted on `path` with the lazy groups' loads deferred (the browser's way): each
/// `Effect::LoadGroup` waits for the test's [`arrived_of`] or [`failed_of`].
pub fn booted_deferred(config: croupier_core::app::Config, path: &str) -> (Model, Vec<Effect>) {
    let mut m = Model::new(config);
    m.groups.deferred = true;
    let fx = update(
        &mut m,
        Event::Booted {
            token: None,
            path: path.into(),
            boot: Default::default(),
        },
        NOW,
    );
    (m, fx)
}

/// How many loads of `group` the effects ask for.
pub fn loads_of(fx: &[Effect], group: croupier_core::app::registry::GroupId) -> usize {
    fx.iter()
        .filter(|e| **e == Effect::LoadGroup(group))
        .count()
}

/// The group's code arrives (the loader's answer).
pub fn arrived_of(m: &mut Model, group: croupier_core::app::registry::GroupId) -> Vec<Effect> {
    let code = croupier_core::app::groups::Code(group.load_now().into());
    update(
        m,
        Event::GroupLoaded {
            group,
            code: Ok(code),
        },
        NOW,
    )
}

/// The group's chunk did not load.
pub fn failed_of(m: &mut Model, group: croupier_core::app::registry::GroupId) -> Vec<Effect> {
    update(
        m,
        Event::GroupLoaded {
            group,
            code: Err(croupier_core::app::feature::LoadFailed),
        },
        NOW,
    )
}

/// The id of the newest call in flight for `req` (the refresh has its own).
pub fn call_id(m: &Model, req: &Req) -> CallId {
    if *req == Req::Session(session::Call::Refresh) {
        return REFRESH_CALL;
    }
    m.calls
        .id_of(req)
        .unwrap_or_else(|| panic!("no call in flight for {req:?}"))
}

/// The server answers `req` with `status` and a JSON body, at NOW.
pub fn respond(m: &mut Model, req: Req, status: u16, body: serde_json::Value) -> Vec<Effect> {
    respond_text(m, req, status, &body.to_string())
}

/// The server answers `req` with `status` and this body text, at NOW.
pub fn respond_text(m: &mut Model, req: Req, status: u16, body: &str) -> Vec<Effect> {
    respond_at(m, req, status, body, NOW)
}

/// The server answers `req` with `status` and this body text at `at` (the core's clock for
/// tests of time: sessions, timers, queued answers).
pub fn respond_at(m: &mut Model, req: Req, status: u16, body: &str, at: u64) -> Vec<Effect> {
    let id = call_id(m, &req);
    update(
        m,
        Event::Http {
            id,
            outcome: HttpOutcome::Response {
                status,
                body: body.to_string(),
            },
        },
        at,
    )
}

/// `req` got no answer (network), at NOW.
pub fn fail(m: &mut Model, req: Req, reason: &str) -> Vec<Effect> {
    let id = call_id(m, &req);
    update(
        m,
        Event::Http {
            id,
            outcome: HttpOutcome::Failed {
                reason: reason.into(),
            },
        },
        NOW,
    )
}

/// A player adds an account in `currency` and the server creates it as `id`: the wallet's
/// reload of the list is then in flight.
pub fn add_account(m: &mut Model, currency: &str, id: i64) -> Vec<Effect> {
    use croupier_core::app::{AppUi, FormId, FormValue};
    ui(
        m,
        AppUi::FormInput {
            form: FormId::NewAccount,
            field: "currency".into(),
            value: FormValue::Text(currency.into()),
        },
    );
    ui(
        m,
        AppUi::FormSubmit {
            form: FormId::NewAccount,
        },
    );
    respond(
        m,
        req::create_account(),
        201,
        serde_json::json!({"id": id, "currency": currency, "balance": "0", "status": 0}),
    )
}

/// The HTTP requests among some effects, in order.
pub fn http(fx: &[Effect]) -> Vec<&HttpRequest> {
    fx.iter()
        .filter_map(|e| match e {
            Effect::Http(h) => Some(h),
            _ => None,
        })
        .collect()
}

/// serde_json's `json!` (the core's JSON value is serde_json's).
#[macro_export]
macro_rules! j {
    ($($t:tt)+) => {
        serde_json::json!($($t)+)
    };
}

/// The calls by their old flat names, for brevity in tests.
pub mod req {
    use super::*;
    pub fn currencies() -> Req {
        Req::Settings(settings::Call::Currencies)
    }
    pub fn locales() -> Req {
        Req::Settings(settings::Call::Locales)
    }
    pub fn content(locale: &str) -> Req {
        Req::Content(content::Call::Content(locale.into()))
    }
    pub fn register() -> Req {
        Req::Session(session::Call::Register)
    }
    pub fn login() -> Req {
        Req::Session(session::Call::Login)
    }
    pub fn logout() -> Req {
        Req::Session(session::Call::Logout)
    }
    pub fn refresh() -> Req {
        Req::Session(session::Call::Refresh)
    }
    pub fn profile() -> Req {
        Req::Session(session::Call::Profile)
    }
    pub fn password_reset() -> Req {
        Req::Session(session::Call::PasswordReset)
    }
    pub fn password_confirm() -> Req {
        Req::Session(session::Call::PasswordConfirm)
    }
    pub fn accounts() -> Req {
        Req::Wallet(wallet::Call::Accounts)
    }
    pub fn create_account() -> Req {
        Req::Wallet(wallet::Call::Create)
    }
    pub fn switch_account(id: i64) -> Req {
        Req::Wallet(wallet::Call::Switch(id))
    }
    pub fn hide_account(id: i64) -> Req {
        Req::Wallet(wallet::Call::Hide(id))
    }
}

/// The socket up and subscribed, so pushes reach the features: answers whatever the client
/// sent (its connect, then each subscribe, by their ids). The effects are the last answer's.
pub fn connect(m: &mut Model) -> Vec<Effect> {
    let answer = |fx: &[Effect], what: &str, reply: &str| -> String {
        fx.iter()
            .filter_map(|e| match e {
                Effect::Socket(croupier_core::domain::realtime::SocketCmd::Send(s)) => {
                    Some(s.clone())
                }
                _ => None,
            })
            .flat_map(|s| s.lines().map(str::to_string).collect::<Vec<_>>())
            .filter_map(|l| serde_json::from_str::<serde_json::Value>(&l).ok())
            .filter(|v| v.get(what).is_some())
            .map(|v| format!(r#"{{"id":{},"{what}":{reply}}}"#, v["id"]))
            .collect::<Vec<_>>()
            .join("\n")
    };
    use croupier_core::domain::realtime::SocketEvent;
    let fx = update(m, Event::Socket(SocketEvent::Opened), NOW);
    let reply = answer(&fx, "connect", r#"{"client":"c","ping":25,"pong":true}"#);
    let fx = update(m, Event::Socket(SocketEvent::Message(reply)), NOW);
    let reply = answer(&fx, "subscribe", "{}");
    update(m, Event::Socket(SocketEvent::Message(reply)), NOW)
}
