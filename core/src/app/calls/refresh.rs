//! One session refresh for all tabs (SPEC §4 Session, §9): take the cross-tab lock and
//! refresh, or wait for the tab that holds it. The rules are in `domain::refresh`; the
//! runtime performs `Effect::RefreshLock` and answers with `Event::Refresh`.
//!
//! A failed refresh of a messenger (tg) session ends it quietly; the mini-app feature then
//! signs in again from the launch data (features/miniapp).

use super::{Calls, ResponseError};
use crate::app::effect::{CallId, Effect, HttpRequest, LogLevel};
use crate::app::event::Event;
use crate::app::registry::Req;
use crate::domain::refresh::{
    after_poll, is_fresh_other, LockCmd, RefreshEvent, RefreshPhase, WaitStep, REFRESH_POLL_MS,
};

/// What the parent does after a refresh step.
#[derive(Debug, PartialEq)]
pub enum Outcome {
    Pending,
    /// A new token is in place (and stored, when we refreshed here).
    Renewed,
    /// Another tab ended the session while we waited.
    EndedElsewhere,
    /// The refresh was refused: the session is over (SPEC §6).
    Lost,
    /// No answer: the session stays, what waited is dropped.
    NoAnswer,
}

/// The refresh call is not a feature's call: it is the gate's own, with this id space.
pub const REFRESH_PATH: &str = "/api/player/sessions/refresh";

/// A refresh is needed (an expired token before a call, or the socket's "token expired").
/// Joins the refresh in progress, if any.
pub fn start(calls: &mut Calls, fx: &mut Vec<Effect>) {
    if calls.refreshing || calls.token.is_none() {
        return;
    }
    calls.refreshing = true;
    calls.refresh_phase = RefreshPhase::Locking;
    fx.push(Effect::RefreshLock(LockCmd::Acquire));
}

pub fn event(calls: &mut Calls, event: RefreshEvent, now: u64, fx: &mut Vec<Effect>) -> Outcome {
    if !calls.refreshing {
        // The session ended meanwhile; a lock we took must not linger.
        if let RefreshEvent::Lock { acquired: true, .. } = event {
            fx.push(Effect::RefreshLock(LockCmd::Release));
        }
        calls.refresh_phase = RefreshPhase::Idle;
        return Outcome::Pending;
    }
    match (calls.refresh_phase, event) {
        (
            RefreshPhase::Locking,
            RefreshEvent::Lock {
                acquired,
                stored_token,
            },
        ) => {
            let server_now = calls.server_now(now);
            if is_fresh_other(stored_token.as_deref(), calls.token.as_deref(), server_now) {
                // Another tab finished a refresh just before we asked.
                if acquired {
                    fx.push(Effect::RefreshLock(LockCmd::Release));
                }
                adopt(calls, stored_token.unwrap_or_default(), fx);
                Outcome::Renewed
            } else if acquired {
                request(calls, fx);
                Outcome::Pending
            } else {
                log(
                    fx,
                    "refresh: another tab is refreshing; waiting for its token",
                );
                calls.refresh_phase = RefreshPhase::Waiting { polls: 0 };
                poll_later(fx);
                Outcome::Pending
            }
        }
        (RefreshPhase::Waiting { .. }, RefreshEvent::Poll) => {
            fx.push(Effect::RefreshLock(LockCmd::ReadToken));
            Outcome::Pending
        }
        (RefreshPhase::Waiting { polls }, RefreshEvent::StoredToken(stored)) => {
            let polls = polls.saturating_add(1);
            match after_poll(
                stored.as_deref(),
                calls.token.as_deref(),
                polls,
                calls.server_now(now),
            ) {
                WaitStep::Adopt(token) => {
                    adopt(calls, token, fx);
                    Outcome::Renewed
                }
                WaitStep::SessionEnded => {
                    log(fx, "refresh: another tab ended the session");
                    calls.refresh_phase = RefreshPhase::Idle;
                    Outcome::EndedElsewhere
                }
                WaitStep::PollAgain => {
                    calls.refresh_phase = RefreshPhase::Waiting { polls };
                    poll_later(fx);
                    Outcome::Pending
                }
                WaitStep::RefreshSelf => {
                    log(
                        fx,
                        "refresh: waited for another tab in vain, refreshing here",
                    );
                    request(calls, fx);
                    Outcome::Pending
                }
            }
        }
        // An answer that does not fit the phase (a duplicate, or one from before a restart).
        _ => Outcome::Pending,
    }
}

/// The refresh call answered: let the other tabs in, then the success/failure rules.
pub fn finished(
    calls: &mut Calls,
    result: Result<crate::app::wire::RefreshResponse, ResponseError>,
    now: u64,
    fx: &mut Vec<Effect>,
) -> Outcome {
    fx.push(Effect::RefreshLock(LockCmd::Release));
    calls.refresh_phase = RefreshPhase::Idle;
    match result {
        Ok(r) => {
            calls.fresh_token(r.access_token.clone(), now);
            fx.push(Effect::StoreToken(r.access_token));
            calls.release_waiting(fx);
            Outcome::Renewed
        }
        Err(ResponseError::Network(reason)) => {
            // No answer is not a verdict: keep the session, drop what waited.
            fx.push(Effect::Log {
                level: LogLevel::Warn,
                message: format!("refresh: {reason}"),
            });
            let waiting = std::mem::take(&mut calls.waiting);
            calls.forget(&waiting);
            calls.refreshing = false;
            Outcome::NoAnswer
        }
        Err(e) => {
            log(fx, &format!("refresh failed: {e}"));
            Outcome::Lost
        }
    }
}

/// The id the refresh call went out with (its answer comes back as `Event::Refreshed`).
pub const REFRESH_CALL: CallId = CallId(0);

fn request(calls: &mut Calls, fx: &mut Vec<Effect>) {
    calls.refresh_phase = RefreshPhase::Requesting;
    // The session's endpoint table says where; the gate sends it outside the numbered calls,
    // since no player call may wait on it.
    let req = Req::Session(crate::app::features::session::Call::Refresh);
    let route = req.endpoint();
    fx.push(Effect::Http(HttpRequest {
        id: REFRESH_CALL,
        req,
        method: route.method,
        path: route.path,
        query: route.query,
        body: None,
        bearer: calls.token.clone(),
        source_platform: route.source_platform,
        guarded: route.guarded,
        file_input: route.file_input,
    }));
}

/// Another tab's refresh stored this token: use it and send what waited.
fn adopt(calls: &mut Calls, token: String, fx: &mut Vec<Effect>) {
    calls.refresh_phase = RefreshPhase::Idle;
    calls.token = Some(token);
    calls.release_waiting(fx);
}

fn poll_later(fx: &mut Vec<Effect>) {
    fx.push(Effect::Timer {
        id: crate::app::effect::TimerId(0),
        ms: REFRESH_POLL_MS as u32,
        event: Box::new(Event::Refresh(RefreshEvent::Poll)),
    });
}

fn log(fx: &mut Vec<Effect>, message: &str) {
    fx.push(Effect::Log {
        level: LogLevel::Info,
        message: message.to_string(),
    });
}
