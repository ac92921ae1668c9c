//! Sign-up, sign-in, restore, refresh and sign-out (SPEC §4 Session, §6).

use super::calls::{self, ResponseError};
use super::{log, nav, toast, wallet};
use crate::app::api::{LoginResponse, Profile, RefreshResponse};
use crate::app::effect::{Effect, LogLevel, Method, Req};
use crate::app::event::FormId;
use crate::app::forms;
use crate::app::model::{Model, SessionStatus, ToastKind};

pub fn submit(model: &mut Model, form: FormId, now: u64, fx: &mut Vec<Effect>) {
    let state = model.form(form);
    if state.submitting {
        return;
    }
    // Every message shows after a submit attempt; an invalid form sends nothing.
    state
        .touched
        .extend(forms::fields(form).iter().map(|f| f.to_string()));
    // Only whether there are messages matters here, not their text.
    if !forms::errors(form, state, &|_| None).is_empty() {
        return;
    }
    state.submitting = true;
    state.error = None;
    let state = state.clone();
    match form {
        FormId::SignUp => {
            let body = crate::json_object! {
                "email": forms::text(&state, "email"),
                "password": forms::raw_text(&state, "password"),
                "currency": forms::text(&state, "currency"),
                "agreements": forms::flag(&state, "agreements"),
                "locale": &model.config.default_locale,
                "source": &model.config.origin,
                "platform": &model.config.platform,
            };
            fx.push(calls::post(Req::Register, "/api/player/register", body));
        }
        FormId::SignIn => {
            let body = crate::json_object! {
                "email": forms::text(&state, "email"),
                "password": forms::raw_text(&state, "password"),
                "source": &model.config.origin,
                "platform": &model.config.platform,
            };
            fx.push(calls::post(Req::Login, "/api/player/sessions", body));
        }
        FormId::NewAccount => wallet::create(model, &forms::text(&state, "currency"), now, fx),
        FormId::ForgotPass | FormId::ResetPass => super::password::send(form, &state, fx),
    }
}

/// Register or login answered.
pub fn logged_in(
    model: &mut Model,
    req: Req,
    result: Result<String, ResponseError>,
    now: u64,
    fx: &mut Vec<Effect>,
) {
    let form = if req == Req::Register {
        FormId::SignUp
    } else {
        FormId::SignIn
    };
    let result = result.and_then(|b| calls::json::<LoginResponse>(&b));
    let state = model.form(form);
    state.submitting = false;
    match result {
        Ok(login) => {
            model.forms.remove(&form);
            model.token = Some(login.access_token.clone());
            model.profile = Some(login.profile);
            model.status = SessionStatus::Player;
            fx.push(Effect::StoreToken(login.access_token));
            fx.push(Effect::SignalPeers { logged_in: true });
            wallet::load(model, now, fx);
            nav::close_modal(model, fx);
            if req == Req::Register {
                toast(
                    model,
                    ToastKind::Success,
                    "alerts.signedUp",
                    Some("alerts.signedUpDescription"),
                );
            } else {
                toast(model, ToastKind::Success, "alerts.signedIn", None);
            }
        }
        Err(e) => form_failed(model, form, e, fx),
    }
}

/// Put a failed request's reason on the form; what the player typed stays.
pub fn form_failed(model: &mut Model, form: FormId, e: ResponseError, fx: &mut Vec<Effect>) {
    let (wrong, network) = (
        model.text("alerts.somethingWrong"),
        model.text("alerts.network"),
    );
    let state = model.form(form);
    state.submitting = false;
    match e {
        ResponseError::Status { error, status } => {
            let fields = forms::fields(form);
            for (field, msgs) in error.errors {
                if let (true, Some(first)) =
                    (fields.contains(&field.as_str()), msgs.into_iter().next())
                {
                    state.server_errors.insert(field, first);
                }
            }
            if state.server_errors.is_empty() || error.code != "validation_failed" {
                state.error = Some(if error.message.is_empty() {
                    format!("{wrong} (HTTP {status})")
                } else {
                    error.message
                });
            }
        }
        ResponseError::Network(reason) => {
            state.error = Some(network);
            log(fx, LogLevel::Warn, &reason);
        }
        ResponseError::Malformed(reason) => {
            state.error = Some(wrong);
            log(fx, LogLevel::Error, &reason);
        }
    }
}

/// A stored session: load who the player is and what they hold.
pub fn load_player(model: &mut Model, now: u64, fx: &mut Vec<Effect>) {
    calls::authed(
        model,
        now,
        Req::Profile,
        Method::Get,
        "/api/player/profile",
        None,
        fx,
    );
    wallet::load(model, now, fx);
}

pub fn profile_loaded(
    model: &mut Model,
    result: Result<String, ResponseError>,
    fx: &mut Vec<Effect>,
) {
    match result.and_then(|b| calls::json::<Profile>(&b)) {
        Ok(p) => {
            model.profile = Some(p);
            model.status = SessionStatus::Player;
        }
        Err(e) => {
            // The token stays: a reload may well succeed once the network is back.
            log(fx, LogLevel::Warn, &format!("profile: {e}"));
            if model.profile.is_none() {
                model.status = SessionStatus::Guest;
                toast(model, ToastKind::Error, "alerts.network", None);
            }
        }
    }
}

pub fn refreshed(model: &mut Model, result: Result<String, ResponseError>, fx: &mut Vec<Effect>) {
    match result.and_then(|b| calls::json::<RefreshResponse>(&b)) {
        Ok(r) => {
            model.token = Some(r.access_token.clone());
            fx.push(Effect::StoreToken(r.access_token));
            calls::release_waiting(model, fx);
        }
        Err(ResponseError::Network(reason)) => {
            // No answer is not a verdict: keep the session, drop what waited.
            log(fx, LogLevel::Warn, &format!("refresh: {reason}"));
            model.waiting.clear();
            model.refreshing = false;
            toast(model, ToastKind::Error, "alerts.network", None);
            if model.profile.is_none() {
                model.status = SessionStatus::Guest;
            }
        }
        Err(e) => {
            log(fx, LogLevel::Info, &format!("refresh failed: {e}"));
            session_lost(model, fx);
        }
    }
}

pub fn sign_out(model: &mut Model, now: u64, fx: &mut Vec<Effect>) {
    if model.status != SessionStatus::Player {
        return;
    }
    if let Some(token) = model.token.clone() {
        // Best effort: the local session ends whatever the server says.
        let _ = now;
        fx.push(Effect::Http(crate::app::effect::HttpRequest {
            req: Req::Logout,
            method: Method::Post,
            path: "/api/player/sessions/logout".into(),
            query: vec![],
            body: None,
            bearer: Some(token),
            source_platform: false,
        }));
    }
    clear_session(model, fx);
    fx.push(Effect::SignalPeers { logged_in: false });
    nav::go_home(model, None, fx);
    toast(model, ToastKind::Info, "alerts.signedOut", None);
}

/// 401/403 or a failed refresh: the session is gone; home with sign-in open (SPEC §6).
pub fn session_lost(model: &mut Model, fx: &mut Vec<Effect>) {
    let had_session = model.token.is_some();
    clear_session(model, fx);
    if had_session {
        fx.push(Effect::SignalPeers { logged_in: false });
        nav::go_home(model, Some("sign-in"), fx);
        toast(model, ToastKind::Info, "alerts.sessionExpired", None);
    }
}

fn clear_session(model: &mut Model, fx: &mut Vec<Effect>) {
    model.token = None;
    model.profile = None;
    model.accounts.clear();
    model.accounts_loading = false;
    model.busy_accounts.clear();
    model.waiting.clear();
    model.refreshing = false;
    model.forms.remove(&FormId::NewAccount);
    model.status = SessionStatus::Guest;
    fx.push(Effect::ClearToken);
}

/// Another tab signed in or out (SPEC §4 "Across tabs").
pub fn peer_session(model: &mut Model, logged_in: bool, fx: &mut Vec<Effect>) {
    if logged_in && model.status != SessionStatus::Player {
        fx.push(Effect::Reload);
    } else if !logged_in && model.token.is_some() {
        clear_session(model, fx);
        nav::go_home(model, None, fx);
    }
}
