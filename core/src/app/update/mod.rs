//! `update(model, event, now) -> effects`: the only place the model changes.

mod auth;
mod calls;
mod content;
mod live;
mod nav;
mod password;
mod refresh;
mod settings;
mod wallet;

use super::effect::{Effect, LogLevel, Req};
use super::event::{Event, HttpOutcome, Prefs, Tick, UiEvent};
use super::model::{Model, SessionStatus, Toast, ToastKind};

pub use calls::{parse_error, ResponseError};
pub use nav::{parse_reload_guard, DRAWER_COMPACT_KEY, RELOAD_GUARD_KEY};

/// SPEC §9: at most one new toast per 400 ms.
pub const TOAST_THROTTLE_MS: u64 = 400;
/// How often the shell asks whether a new build is out (the spec leaves it open).
pub const VERSION_POLL_MS: u32 = 60_000;

pub fn update(model: &mut Model, event: Event, now_ms: u64) -> Vec<Effect> {
    let mut fx = Vec::new();
    match event {
        Event::Booted { token, path, prefs } => boot(model, token, &path, prefs, now_ms, &mut fx),
        Event::Ui(ui) => ui_event(model, ui, now_ms, &mut fx),
        Event::Http { req, outcome } => http_done(model, req, outcome, now_ms, &mut fx),
        Event::Tick(Tick::PollVersion) => content::poll_version(model, now_ms, &mut fx),
        Event::Tick(Tick::Toasts) => model.toast_timer = false,
        Event::Tick(t) => nav::tick(model, t, &mut fx),
        Event::AddressChanged { path } => {
            nav::set_address(model, &path, &mut fx);
            nav::sync_modal(model, &mut fx);
            content::ensure(model, now_ms, &mut fx);
        }
        Event::PeerSession { logged_in } => auth::peer_session(model, logged_in, &mut fx),
        Event::Socket(e) => live::socket_event(model, e, now_ms, &mut fx),
        Event::Refresh(e) => refresh::event(model, e, now_ms, &mut fx),
    }
    // The socket follows the session: login, logout and a lost session reconnect it.
    live::sync(model, now_ms, &mut fx);
    // `/password-reset/{code}` opens reset-pass once the session is known.
    password::follow_route(model, &mut fx);
    flush_toasts(model, now_ms, &mut fx);
    fx
}

fn boot(
    model: &mut Model,
    token: Option<String>,
    path: &str,
    prefs: Prefs,
    now: u64,
    fx: &mut Vec<Effect>,
) {
    model.drawer_compact = prefs.drawer_compact;
    model.last_reload = prefs.last_reload;
    nav::set_address(model, path, fx);
    settings::get(
        model,
        Req::Currencies,
        "/api/settings/currencies",
        &[("visible", "1")],
        now,
        fx,
    );
    settings::get(model, Req::Locales, "/api/settings/locales", &[], now, fx);
    content::ensure(model, now, fx);
    content::poll_version(model, now, fx);
    match token.filter(|t| !t.is_empty()) {
        Some(t) => {
            model.token = Some(t);
            model.status = SessionStatus::Booting;
            auth::load_player(model, now, fx);
        }
        None => model.status = SessionStatus::Guest,
    }
    nav::sync_modal(model, fx);
}

fn ui_event(model: &mut Model, ui: UiEvent, now: u64, fx: &mut Vec<Effect>) {
    match ui {
        // The runtime turns Start into Booted; seeing it here means a second start.
        UiEvent::Start => log(fx, LogLevel::Warn, "core already started"),
        UiEvent::Navigate { path } => {
            nav::navigate(model, &path, now, fx);
            content::ensure(model, now, fx);
        }
        UiEvent::OpenModal { id, params } => nav::open_modal(model, &id, params, fx),
        UiEvent::ModalOpened => model.modals.opened(),
        UiEvent::CloseModal => nav::close_modal(model, fx),
        UiEvent::SetLocale { code } => {
            nav::set_locale(model, &code, now, fx);
            content::ensure(model, now, fx);
        }
        UiEvent::ToggleDrawer => model.drawer_open = !model.drawer_open,
        UiEvent::CloseDrawer => model.drawer_open = false,
        UiEvent::SetDrawerCompact { compact } => nav::set_drawer_compact(model, compact, fx),
        UiEvent::PageReady => nav::page_ready(model, fx),
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
    let ok_body = match &outcome {
        HttpOutcome::Response { status, body } if (200..300).contains(status) => {
            Some(body.as_str())
        }
        _ => None,
    };
    model.settings_cache.answered(&req, ok_body, now);
    let result = calls::classify(outcome);
    // SPEC §6: a 401 or 403 on an authenticated call ends the session.
    if let Err(ResponseError::Status {
        status: 401 | 403, ..
    }) = &result
    {
        if calls::is_authenticated(&req) {
            auth::session_lost(model, fx);
            return;
        }
    }
    match req {
        Req::Content(locale) => content::loaded(model, &locale, result, now, fx),
        Req::Version => content::version_loaded(model, result, fx),
        Req::Currencies => match result.and_then(|b| calls::json(&b)) {
            Ok(list) => model.currencies = list,
            Err(e) => log(fx, LogLevel::Warn, &format!("currencies: {e}")),
        },
        Req::Locales => match result.and_then(|b| calls::json(&b)) {
            Ok(list) => {
                model.locales = list;
                // A prefix unknown before may be a locale now.
                nav::resolve(model, fx);
                content::ensure(model, now, fx);
            }
            Err(e) => log(fx, LogLevel::Warn, &format!("locales: {e}")),
        },
        Req::Register | Req::Login => auth::logged_in(model, req, result, now, fx),
        Req::Refresh => refresh::finished(model, result, fx),
        Req::Logout => {
            if let Err(e) = result {
                log(fx, LogLevel::Info, &format!("logout: {e}"));
            }
        }
        Req::Profile => {
            auth::profile_loaded(model, result, fx);
            nav::sync_modal(model, fx);
        }
        Req::Accounts => {
            wallet::loaded(model, result, fx);
            live::accounts_loaded(model, now, fx);
        }
        Req::CreateAccount => wallet::created(model, result, now, fx),
        Req::SwitchAccount(id) => wallet::switched(model, id, result, fx),
        Req::HideAccount(id) => wallet::hidden(model, id, result, fx),
        Req::PasswordReset => password::reset_sent(model, result, fx),
        Req::PasswordConfirm => password::confirmed(model, result, fx),
    }
}

pub(crate) fn log(fx: &mut Vec<Effect>, level: LogLevel, message: &str) {
    fx.push(Effect::Log {
        level,
        message: message.to_string(),
    });
}

/// Queue a toast; `flush_toasts` shows it when the throttle allows.
pub(crate) fn toast(
    model: &mut Model,
    kind: ToastKind,
    title_key: &str,
    description_key: Option<&str>,
) {
    let title = model.text(title_key);
    let description = description_key.map(|k| model.text(k));
    toast_text(model, kind, title, description);
}

pub(crate) fn toast_text(
    model: &mut Model,
    kind: ToastKind,
    title: String,
    description: Option<String>,
) {
    let id = model.next_toast_id;
    model.next_toast_id = model.next_toast_id.wrapping_add(1).max(1);
    model.pending_toasts.push_back(Toast {
        id,
        kind,
        title,
        description,
    });
    // A burst keeps its newest few: old news is not worth waiting for.
    while model.pending_toasts.len() > 5 {
        model.pending_toasts.pop_front();
    }
}

fn flush_toasts(model: &mut Model, now: u64, fx: &mut Vec<Effect>) {
    if model.pending_toasts.is_empty() {
        return;
    }
    let ready_at = model
        .last_toast_ms
        .map_or(now, |t| t.saturating_add(TOAST_THROTTLE_MS));
    if now >= ready_at {
        if let Some(t) = model.pending_toasts.pop_front() {
            model.toasts.push(t);
            model.last_toast_ms = Some(now);
            if model.toasts.len() > 4 {
                model.toasts.remove(0);
            }
        }
    }
    if !model.pending_toasts.is_empty() && !model.toast_timer {
        model.toast_timer = true;
        let wait = model.last_toast_ms.map_or(0, |t| {
            t.saturating_add(TOAST_THROTTLE_MS).saturating_sub(now)
        });
        fx.push(Effect::Timer {
            ms: wait.clamp(1, TOAST_THROTTLE_MS) as u32,
            event: Box::new(Event::Tick(Tick::Toasts)),
        });
    }
}
