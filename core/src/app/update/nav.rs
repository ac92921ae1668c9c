//! The address: route resolution (SPEC §2), the modal it names, locale switching, the drawer,
//! the preloader and the new-build reload.

use crate::app::effect::{Effect, LogLevel};
use crate::app::event::{Event, Tick};
use crate::app::model::{Model, Preloader, SessionStatus};
use crate::domain::modal::{self, Decision, ModalContext, ModalId, ModalState, OpenRequest};
use crate::domain::route::{self, Location, RouteError, RouteName};

/// SPEC §9: at most one reload per path within 10 s.
const RELOAD_GUARD_MS: u64 = 10_000;
pub const DRAWER_COMPACT_KEY: &str = "IS_DRAWER_COMPACT";

/// Take `url` (path?query#hash) as the current address and resolve it.
pub fn set_address(model: &mut Model, url: &str, fx: &mut Vec<Effect>) {
    let before = model.location.clone();
    model.location = Location::parse_url(url);
    resolve(model, fx);
    // SPEC §2: a changed full path closes the drawer; a page change scrolls.
    if before.path != model.location.path || before.query != model.location.query {
        model.drawer_open = false;
    }
    if before.path != model.location.path {
        fx.push(Effect::Scroll {
            anchor: model.location.hash.clone(),
        });
    }
}

/// Resolve the current location; a default-locale prefix is replaced by the canonical address.
pub fn resolve(model: &mut Model, fx: &mut Vec<Effect>) {
    let codes: Vec<String> = model
        .locale_codes()
        .into_iter()
        .map(str::to_string)
        .collect();
    let codes: Vec<&str> = codes.iter().map(String::as_str).collect();
    let full = model.location.full_path();
    model.route = route::resolve(&full, &codes, &model.config.default_locale);
    if let Err(RouteError::Redirect { location, .. }) = &model.route {
        let location = location.clone();
        model.location = Location::parse_url(&location);
        model.route = route::resolve(&location, &codes, &model.config.default_locale);
        fx.push(Effect::PushUrl {
            url: location,
            replace: true,
        });
    }
}

/// Follow an in-app link. A new build waiting turns it into a full load (once per path/10 s).
pub fn navigate(model: &mut Model, url: &str, now: u64, fx: &mut Vec<Effect>) {
    let target = Location::parse_url(url).full_path();
    if model.update_ready {
        let guarded = model
            .last_reload
            .as_ref()
            .is_some_and(|(p, at)| *p == target && now.saturating_sub(*at) < RELOAD_GUARD_MS);
        if !guarded {
            model.last_reload = Some((target.clone(), now));
            fx.push(Effect::StoreSession {
                key: RELOAD_GUARD_KEY.into(),
                value: Some(format!("{now}|{target}")),
            });
            fx.push(Effect::Load { url: target });
            return;
        }
    }
    set_address(model, url, fx);
    fx.push(Effect::PushUrl {
        url: model.location.full_path(),
        replace: false,
    });
    sync_modal(model, fx);
}

pub const RELOAD_GUARD_KEY: &str = "reloadGuard";

/// Read `at|path` written by `navigate`.
pub fn parse_reload_guard(value: &str) -> Option<(String, u64)> {
    let (at, path) = value.split_once('|')?;
    Some((path.to_string(), at.parse().ok()?))
}

fn context(model: &Model) -> ModalContext {
    let logged_in = model.status == SessionStatus::Player;
    let mut states = Vec::new();
    // 'authorization' is the state of a guest going through sign-in flows; 'profileConfirmed'
    // needs an e-mail confirmation flag the profile does not carry yet.
    if !logged_in {
        states.push(ModalState::Authorization);
    }
    ModalContext {
        logged_in,
        telegram: model.config.platform == "tg",
        states,
    }
}

pub fn open_modal(
    model: &mut Model,
    id: &str,
    params: Vec<(String, String)>,
    fx: &mut Vec<Effect>,
) {
    let Some(id) = ModalId::parse(id) else {
        fx.push(Effect::Log {
            level: LogLevel::Warn,
            message: format!("unknown modal {id}"),
        });
        return;
    };
    let req = OpenRequest { id, params };
    let ctx = context(model);
    match model.modals.open(&req, &model.location.query, &ctx) {
        Decision::Open { query, .. } => {
            model.location.query = query;
            fx.push(Effect::PushUrl {
                url: model.location.full_path(),
                replace: false,
            });
        }
        Decision::Blocked => {}
        Decision::Refused { reason } => fx.push(Effect::Log {
            level: LogLevel::Info,
            message: format!("modal {} refused: {}", id.as_str(), reason.as_str()),
        }),
    }
}

pub fn close_modal(model: &mut Model, fx: &mut Vec<Effect>) {
    if model.modals.current().is_some() || model.location.query_value(modal::MODAL_PARAM).is_some()
    {
        model.location.query = model.modals.close(&model.location.query);
        fx.push(Effect::PushUrl {
            url: model.location.full_path(),
            replace: false,
        });
    }
}

/// Open what the address names (reopen on load, back/forward), or clean a refused modal out of
/// the address. Waits while the session is still being restored.
pub fn sync_modal(model: &mut Model, fx: &mut Vec<Effect>) {
    if model.status == SessionStatus::Booting {
        return;
    }
    let named = model
        .location
        .query_value(modal::MODAL_PARAM)
        .map(str::to_string);
    if named.is_none() {
        if model.modals.current().is_some() {
            model.modals.close(&[]);
        }
        return;
    }
    let current = model.modals.current().map(|m| m.query_value());
    if current.is_some() && current == named.as_deref() {
        return;
    }
    let ctx = context(model);
    let decision = model.modals.from_location(&model.location.clone(), &ctx);
    match decision {
        Some(Decision::Open { query, .. }) => {
            if query != model.location.query {
                model.location.query = query;
                fx.push(Effect::PushUrl {
                    url: model.location.full_path(),
                    replace: true,
                });
            }
        }
        Some(Decision::Blocked) => {}
        Some(Decision::Refused { .. }) | None => {
            model.location.query = model.modals.close(&model.location.query);
            fx.push(Effect::PushUrl {
                url: model.location.full_path(),
                replace: true,
            });
        }
    }
}

/// Home of the current locale, optionally with a modal open.
pub fn go_home(model: &mut Model, modal: Option<&str>, fx: &mut Vec<Effect>) {
    let home = route::home_path(
        model.locale().map(str::to_string).as_deref(),
        &model.config.default_locale,
    );
    model.modals.close(&[]);
    set_address(model, &home, fx);
    if let Some(m) = modal.and_then(ModalId::parse) {
        model.location.query = vec![(modal::MODAL_PARAM.to_string(), m.query_value().to_string())];
        model
            .modals
            .open(&OpenRequest::new(m), &[], &context(model));
    }
    fx.push(Effect::PushUrl {
        url: model.location.full_path(),
        replace: false,
    });
}

/// Same page in another language; an error page goes to that language's home.
pub fn set_locale(model: &mut Model, code: &str, now: u64, fx: &mut Vec<Effect>) {
    let Some(code) = model
        .locale_codes()
        .into_iter()
        .find(|c| c.eq_ignore_ascii_case(code))
        .map(str::to_string)
    else {
        return;
    };
    let default = model.config.default_locale.clone();
    let target = match &model.route {
        Ok(r) => r
            .route_name()
            .and_then(|name| route::try_build(name, &r.params, Some(&code), &default)),
        Err(_) => None,
    }
    .unwrap_or_else(|| route::build(RouteName::Index, &Default::default(), Some(&code), &default));
    let mut loc = Location::parse_url(&target);
    loc.query = model.location.query.clone();
    loc.hash = model.location.hash.clone();
    navigate(model, &loc.full_path(), now, fx);
}

pub fn set_drawer_compact(model: &mut Model, compact: bool, fx: &mut Vec<Effect>) {
    model.drawer_compact = compact;
    fx.push(Effect::StoreLocal {
        key: DRAWER_COMPACT_KEY.into(),
        value: compact.then(|| "true".into()),
    });
}

/// SPEC §2, §9: hidden 1 s after a page finishes (fade 500 ms, removed at 1000 ms), but it stays
/// on auto-login with a state parameter and on a social callback with code and state.
pub fn page_ready(model: &mut Model, fx: &mut Vec<Effect>) {
    if model.preloader != Preloader::Shown {
        return;
    }
    if let Ok(r) = &model.route {
        if route::preloader_stays(r, &model.location.query) {
            return;
        }
    }
    fx.push(Effect::Timer {
        ms: 1000,
        event: Box::new(Event::Tick(Tick::HidePreloader)),
    });
}

pub fn tick(model: &mut Model, tick: Tick, fx: &mut Vec<Effect>) {
    match tick {
        Tick::HidePreloader => {
            model.preloader = Preloader::Hiding;
            fx.push(Effect::Timer {
                ms: 500,
                event: Box::new(Event::Tick(Tick::RemovePreloader)),
            });
        }
        Tick::RemovePreloader => model.preloader = Preloader::Removed,
        Tick::PollVersion | Tick::Toasts => {}
    }
}
