//! One session refresh for all tabs (SPEC §4 Session, §9): take the cross-tab lock and
//! refresh, or wait for the tab that holds it. The rules are in `domain::refresh`; the
//! runtime performs `Effect::RefreshLock` and answers with `Event::Refresh`.
//!
//! Not done: SPEC §4's silent re-login of a messenger (tg) user when the refresh fails. The
//! sandbox has no `/api/player/tg_login` yet; when it does, `finished` is where a failed
//! refresh of a `platform == "tg"` session would log in again from the messenger data instead
//! of ending the session.

use super::{auth, calls, log};
use crate::app::effect::{Effect, HttpRequest, LogLevel, Method, Req};
use crate::app::event::Event;
use crate::app::model::Model;
use crate::domain::refresh::{
    after_poll, is_fresh_other, LockCmd, RefreshEvent, RefreshPhase, WaitStep, REFRESH_POLL_MS,
};

/// A refresh is needed (an expired token before a call, or the socket's "token expired").
/// Joins the refresh in progress, if any.
pub fn start(model: &mut Model, fx: &mut Vec<Effect>) {
    if model.refreshing || model.token.is_none() {
        return;
    }
    model.refreshing = true;
    model.refresh_phase = RefreshPhase::Locking;
    fx.push(Effect::RefreshLock(LockCmd::Acquire));
}

pub fn event(model: &mut Model, event: RefreshEvent, now: u64, fx: &mut Vec<Effect>) {
    if !model.refreshing {
        // The session ended meanwhile; a lock we took must not linger.
        if let RefreshEvent::Lock { acquired: true, .. } = event {
            fx.push(Effect::RefreshLock(LockCmd::Release));
        }
        model.refresh_phase = RefreshPhase::Idle;
        return;
    }
    match (model.refresh_phase, event) {
        (
            RefreshPhase::Locking,
            RefreshEvent::Lock {
                acquired,
                stored_token,
            },
        ) => {
            if is_fresh_other(stored_token.as_deref(), model.token.as_deref(), now) {
                // Another tab finished a refresh just before we asked.
                if acquired {
                    fx.push(Effect::RefreshLock(LockCmd::Release));
                }
                adopt(model, stored_token.unwrap_or_default(), fx);
            } else if acquired {
                request(model, fx);
            } else {
                log(
                    fx,
                    LogLevel::Info,
                    "refresh: another tab is refreshing; waiting for its token",
                );
                model.refresh_phase = RefreshPhase::Waiting { polls: 0 };
                poll_later(fx);
            }
        }
        (RefreshPhase::Waiting { .. }, RefreshEvent::Poll) => {
            fx.push(Effect::RefreshLock(LockCmd::ReadToken));
        }
        (RefreshPhase::Waiting { polls }, RefreshEvent::StoredToken(stored)) => {
            let polls = polls.saturating_add(1);
            match after_poll(stored.as_deref(), model.token.as_deref(), polls, now) {
                WaitStep::Adopt(token) => adopt(model, token, fx),
                WaitStep::SessionEnded => {
                    log(fx, LogLevel::Info, "refresh: another tab ended the session");
                    auth::peer_session(model, false, fx);
                }
                WaitStep::PollAgain => {
                    model.refresh_phase = RefreshPhase::Waiting { polls };
                    poll_later(fx);
                }
                WaitStep::RefreshSelf => {
                    log(
                        fx,
                        LogLevel::Info,
                        "refresh: waited for another tab in vain, refreshing here",
                    );
                    request(model, fx);
                }
            }
        }
        // An answer that does not fit the phase (a duplicate, or one from before a restart).
        _ => {}
    }
}

/// The refresh call answered: let the other tabs in, then the usual success/failure rules.
pub fn finished(
    model: &mut Model,
    result: Result<String, calls::ResponseError>,
    fx: &mut Vec<Effect>,
) {
    fx.push(Effect::RefreshLock(LockCmd::Release));
    model.refresh_phase = RefreshPhase::Idle;
    auth::refreshed(model, result, fx);
}

fn request(model: &mut Model, fx: &mut Vec<Effect>) {
    model.refresh_phase = RefreshPhase::Requesting;
    fx.push(Effect::Http(HttpRequest {
        req: Req::Refresh,
        method: Method::Post,
        path: "/api/player/sessions/refresh".into(),
        query: vec![],
        body: None,
        bearer: model.token.clone(),
        source_platform: false,
    }));
}

/// Another tab's refresh stored this token: use it and send what waited.
fn adopt(model: &mut Model, token: String, fx: &mut Vec<Effect>) {
    model.refresh_phase = RefreshPhase::Idle;
    model.token = Some(token);
    calls::release_waiting(model, fx);
}

fn poll_later(fx: &mut Vec<Effect>) {
    fx.push(Effect::Timer {
        ms: REFRESH_POLL_MS as u32,
        event: Box::new(Event::Refresh(RefreshEvent::Poll)),
    });
}
