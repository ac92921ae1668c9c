//! Realtime in the app (SPEC §4 Session, §7 Realtime): keep one socket connected as whoever
//! the visitor is, hand its publications to the features, and have them refetch after a
//! reconnect.
//!
//! - [`sync`] runs after every update: a guest connects without a token (`global:online`
//!   only), a player with the session token and the SPEC §7 channels of their id. Login,
//!   logout and a lost session therefore reconnect by themselves.
//! - Publications are routed by `domain::realtime::push` and reach every feature through
//!   `Hook::Push`; the parent logs what no feature takes. A push that does not fit the
//!   contract is logged and dropped.
//! - After every connect (or an unauthorized close), `Hook::Refetch` lets each feature reload
//!   what pushes would have told, so nothing published while away is lost, nor anything
//!   published between sign-in's first loads and the first subscription (issue 29).
//! - A refetch's answer may be older than a push that arrived before it (the server answered
//!   the GET before the change): a push while the refetch's calls are out opens a
//!   [`RefetchWindow`] that refetches once more when they have all answered (at most
//!   [`REFETCH_ROUNDS`] in a row).

use super::effect::{CallId, Effect, LogLevel, TimerId};
use super::event::Event;
use super::feature::SessionStatus;
use super::model::Model;
use crate::domain::realtime::push::{self, Push};
use crate::domain::realtime::{self, is_unauthorized, Output, SocketEvent};
use crate::domain::session::is_expired;

/// The calls one refetch sent, and whether a push arrived before they all answered (then
/// their answers may predate it and the parent refetches again).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RefetchWindow {
    pub calls: Vec<CallId>,
    pub pushed: bool,
    /// 1 for the refetch after a connect, 2 for the first one again, and so on.
    pub round: u8,
}

/// Refetches in a row at most, pushes or not: under a steady stream of pushes (a player
/// spinning fast) every window would see one and the refetch would never end. A push after
/// the last round is applied as it comes; only an answer older than it can still hide it,
/// until the next push or connect.
pub const REFETCH_ROUNDS: u8 = 3;

/// What the parent does with the socket's news.
#[derive(Debug, PartialEq)]
pub enum News {
    Push(Push),
    Refetch,
    NeedToken,
}

/// Connect, reconnect or resume so the socket matches the session.
pub fn sync(model: &mut Model, now: u64, fx: &mut Vec<Effect>) -> Vec<News> {
    let desired = match model.shared.status {
        SessionStatus::Booting => return Vec::new(),
        SessionStatus::Guest => None,
        SessionStatus::Player => match model.shared.player_id {
            Some(id) => Some(id),
            None => return Vec::new(),
        },
    };
    let token = model.calls.token.clone();
    let same = model.realtime.target() == Some(desired);
    if same && desired.is_some() && model.realtime.token() != token.as_deref() {
        model.realtime.set_token(token.clone());
    }
    // Same identity: nothing to do, unless a connect waits for a refreshed token.
    if same && !model.realtime.awaiting_token() {
        return Vec::new();
    }
    if desired.is_some() {
        // Never connect with a token known to be expired: refresh first; sync runs again.
        match token.as_deref() {
            None => return Vec::new(),
            _ if model.calls.refreshing => return Vec::new(),
            Some(t) if is_expired(t, model.calls.server_now(now)) => return vec![News::NeedToken],
            Some(_) => {}
        }
    }
    if same {
        let out = model.realtime.resume(token);
        return apply(model, out, fx);
    }
    let url = if model.config.realtime_url.is_empty() {
        format!(
            "{}{}",
            model.config.api_base.trim_end_matches('/'),
            realtime::PATH
        )
    } else {
        model.config.realtime_url.clone()
    };
    let token = desired.and(token);
    let out = model
        .realtime
        .connect(&url, desired, token, push::channels(desired), now);
    let who = desired.map_or("a guest".to_string(), |id| format!("player {id}"));
    log(
        fx,
        LogLevel::Info,
        &format!("realtime: connecting as {who}"),
    );
    apply(model, out, fx)
}

pub fn socket_event(
    model: &mut Model,
    event: SocketEvent,
    now: u64,
    fx: &mut Vec<Effect>,
) -> Vec<News> {
    let out = model.realtime.handle(event, now);
    apply(model, out, fx)
}

fn apply(model: &mut Model, outputs: Vec<Output>, fx: &mut Vec<Effect>) -> Vec<News> {
    let mut news = Vec::new();
    for output in outputs {
        match output {
            Output::Socket(cmd) => fx.push(Effect::Socket(cmd)),
            // The client's timers are never cancelled: it ignores the ones it outgrew.
            Output::Timer { ms, timer } => fx.push(Effect::Timer {
                id: TimerId(0),
                ms,
                event: Box::new(Event::Socket(SocketEvent::Timer(timer))),
            }),
            Output::Connected { client, reconnect } => {
                let again = if reconnect { "reconnected" } else { "connected" };
                log(fx, LogLevel::Info, &format!("realtime: {again} (client {client})"));
            }
            Output::Recovered => {
                if model.shared.status == SessionStatus::Player {
                    news.push(News::Refetch);
                }
            }
            Output::Publication { channel, data } => match push::route(&channel, data) {
                Push::Malformed { channel, reason } => log(
                    fx,
                    LogLevel::Warn,
                    &format!("realtime: push on {channel} dropped: {reason}"),
                ),
                Push::LogOnly { what, data } => log(
                    fx,
                    LogLevel::Info,
                    &format!(
                        "realtime: {what} push on {channel} (no feature yet): {}",
                        crate::json::to_string(&data).unwrap_or_default()
                    ),
                ),
                p => news.push(News::Push(p)),
            },
            Output::Reconnecting {
                delay_ms,
                attempt,
                error,
                detail,
            } => log(
                fx,
                LogLevel::Info,
                &format!("realtime: reconnect in {delay_ms} ms (attempt {attempt}, error {error}: {detail})"),
            ),
            Output::Disconnected { code, reason } => {
                log(fx, LogLevel::Warn, &format!("realtime: disconnected {code} {reason}"));
                // Unauthorized: an authenticated call settles whether the session still
                // holds (a 401 ends it and the socket reconnects as a guest).
                if is_unauthorized(code) && model.shared.status == SessionStatus::Player {
                    news.push(News::Refetch);
                }
            }
            Output::NeedToken => news.push(News::NeedToken),
            Output::Error { code, message } => {
                log(fx, LogLevel::Warn, &format!("realtime: error {code}: {message}"))
            }
        }
    }
    news
}

fn log(fx: &mut Vec<Effect>, level: LogLevel, message: &str) {
    fx.push(Effect::Log {
        level,
        message: message.to_string(),
    });
}
