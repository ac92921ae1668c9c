//! `update(model, event, now) -> effects`: the only place the model changes.

mod auth;
mod calls;
mod nav;
mod wallet;

use super::effect::{Effect, LogLevel, Req};
use super::event::{Event, HttpOutcome, UiEvent};
use super::model::{Model, SessionStatus, Toast, ToastKind};

pub use calls::{parse_error, ResponseError};

pub fn update(model: &mut Model, event: Event, now_ms: u64) -> Vec<Effect> {
    let mut fx = Vec::new();
    match event {
        Event::Booted { token, path } => boot(model, token, &path, now_ms, &mut fx),
        Event::Ui(ui) => ui_event(model, ui, now_ms, &mut fx),
        Event::Http { req, outcome } => http_done(model, req, outcome, now_ms, &mut fx),
        Event::AddressChanged { path } => {
            nav::set_address(model, &path);
            nav::check_modal_access(model, &mut fx);
        }
        Event::PeerSession { logged_in } => auth::peer_session(model, logged_in, &mut fx),
    }
    fx
}

fn boot(model: &mut Model, token: Option<String>, path: &str, now: u64, fx: &mut Vec<Effect>) {
    nav::set_address(model, path);
    fx.push(calls::public(Req::Currencies, "/api/settings/currencies", vec![("visible", "1")]));
    fx.push(calls::public(Req::Locales, "/api/settings/locales", vec![]));
    match token.filter(|t| !t.is_empty()) {
        Some(t) => {
            model.token = Some(t);
            model.status = SessionStatus::Booting;
            auth::load_player(model, now, fx);
        }
        None => model.status = SessionStatus::Guest,
    }
    nav::check_modal_access(model, fx);
}

fn ui_event(model: &mut Model, ui: UiEvent, now: u64, fx: &mut Vec<Effect>) {
    match ui {
        // The runtime turns Start into Booted; seeing it here means a second start.
        UiEvent::Start => log(fx, LogLevel::Warn, "core already started"),
        UiEvent::Navigate { path } => {
            nav::set_address(model, &path);
            fx.push(Effect::PushUrl { url: nav::url(model), replace: false });
            nav::check_modal_access(model, fx);
        }
        UiEvent::OpenModal { id } => nav::open_modal(model, &id, fx),
        UiEvent::CloseModal => nav::close_modal(model, fx),
        UiEvent::FormInput { form, field, value } => {
            let state = model.form(form);
            state.server_errors.remove(&field);
            state.error = None;
            state.values.insert(field, value.into());
        }
        UiEvent::FormBlur { form, field } => {
            model.form(form).touched.insert(field);
        }
        UiEvent::FormSubmit { form } => auth::submit(model, form, now, fx),
        UiEvent::SwitchAccount { id } => wallet::switch(model, id, now, fx),
        UiEvent::HideAccount { id } => wallet::hide(model, id, now, fx),
        UiEvent::SignOut => auth::sign_out(model, now, fx),
        UiEvent::DismissToast { id } => model.toasts.retain(|t| t.id != id),
    }
}

fn http_done(model: &mut Model, req: Req, outcome: HttpOutcome, now: u64, fx: &mut Vec<Effect>) {
    let result = calls::classify(outcome);
    // SPEC §6: a 401 or 403 on an authenticated call ends the session.
    if let Err(ResponseError::Status { status: 401 | 403, .. }) = &result {
        if calls::is_authenticated(&req) {
            auth::session_lost(model, fx);
            return;
        }
    }
    match req {
        Req::Currencies => match result.and_then(|b| calls::json(&b)) {
            Ok(list) => model.currencies = list,
            Err(e) => log(fx, LogLevel::Warn, &format!("currencies: {e}")),
        },
        Req::Locales => match result.and_then(|b| calls::json(&b)) {
            Ok(list) => model.locales = list,
            Err(e) => log(fx, LogLevel::Warn, &format!("locales: {e}")),
        },
        Req::Register | Req::Login => auth::logged_in(model, req, result, now, fx),
        Req::Refresh => auth::refreshed(model, result, fx),
        Req::Logout => {
            if let Err(e) = result {
                log(fx, LogLevel::Info, &format!("logout: {e}"));
            }
        }
        Req::Profile => auth::profile_loaded(model, result, fx),
        Req::Accounts => wallet::loaded(model, result, fx),
        Req::CreateAccount => wallet::created(model, result, now, fx),
        Req::SwitchAccount(id) => wallet::switched(model, id, result, fx),
        Req::HideAccount(id) => wallet::hidden(model, id, result, fx),
    }
}

pub(crate) fn log(fx: &mut Vec<Effect>, level: LogLevel, message: &str) {
    fx.push(Effect::Log { level, message: message.to_string() });
}

pub(crate) fn toast(model: &mut Model, kind: ToastKind, title_key: &str, description_key: Option<&str>) {
    let id = model.next_toast_id;
    model.next_toast_id = model.next_toast_id.wrapping_add(1).max(1);
    model.toasts.push(Toast {
        id,
        kind,
        title: super::content::text(title_key),
        description: description_key.map(super::content::text),
    });
    // Keep the stack short: old toasts leave first.
    if model.toasts.len() > 4 {
        model.toasts.remove(0);
    }
}
