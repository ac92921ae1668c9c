//! The address, owned by the parent: route resolution (SPEC §2), the modal it names, locale
//! switching and the new-build reload. Features hear of a change through `Hook::Navigated`.

use super::effect::{Effect, LogLevel};
use super::feature::SessionStatus;
use super::model::Model;
use super::operator::{self, OperatorPath};
use super::stored::Stored;
use crate::domain::modal::{self, Decision, ModalContext, ModalId, ModalState, OpenRequest};
use crate::domain::route::{self, Location, RouteError, RouteName};

/// SPEC §9: at most one reload per path within 10 s.
const RELOAD_GUARD_MS: u64 = 10_000;
pub const RELOAD_GUARD_KEY: &str = "reloadGuard";
/// Where the guard lives: this tab's session storage (read back at boot, app/stored.rs).
pub const RELOAD_GUARD: Stored = Stored::session(RELOAD_GUARD_KEY);

/// Take `url` (path?query#hash) as the current address and resolve it.
pub fn set_address(model: &mut Model, url: &str, fx: &mut Vec<Effect>) {
    let before = model.shared.location.clone();
    model.shared.location = Location::parse_url(url);
    resolve(model, fx);
    if before.path != model.shared.location.path {
        // SPEC §2: a page change scrolls to the top, or to the anchor.
        fx.push(Effect::Scroll {
            anchor: model.shared.location.hash.clone(),
        });
    }
    moved(model, before);
}

/// Remember where the address was, for the `Navigated` hook after this update.
fn moved(model: &mut Model, before: Location) {
    if model.moved_from.is_none() && before != model.shared.location {
        model.moved_from = Some(before);
    }
    model.dirty.address();
}

/// Resolve the current location; a default-locale prefix is replaced by the canonical address.
pub fn resolve(model: &mut Model, fx: &mut Vec<Effect>) {
    let codes: Vec<String> = model
        .shared
        .locale_codes(&model.config)
        .into_iter()
        .map(str::to_string)
        .collect();
    let codes: Vec<&str> = codes.iter().map(String::as_str).collect();
    let default = model.config.default_locale.clone();
    let full = model.shared.location.full_path();
    model.shared.route = route::resolve(&full, &codes, &default);
    if let Err(RouteError::Redirect { location, .. }) = &model.shared.route {
        let location = location.clone();
        model.shared.location = Location::parse_url(&location);
        model.shared.route = route::resolve(&location, &codes, &default);
        fx.push(Effect::PushUrl {
            url: location,
            replace: true,
        });
    }
    model.dirty.address();
}

/// Follow an in-app link. A new build waiting turns it into a full load (once per path/10 s).
pub fn navigate(model: &mut Model, url: &str, now: u64, fx: &mut Vec<Effect>) {
    let to = Location::parse_url(url);
    let target = to.full_path();
    // Never mid-deposit (issue 16): moves into, inside or out of the wallet modal stay in the
    // page; the first navigation away from it loads the new build.
    let in_wallet =
        |l: &Location| l.query_value(modal::MODAL_PARAM) == Some(ModalId::Wallet.as_str());
    if model.shared.update_ready && !in_wallet(&model.shared.location) && !in_wallet(&to) {
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
        url: model.shared.location.full_path(),
        replace: false,
    });
    sync_modal(model, fx);
}

/// Read `at|path` written by `navigate`.
pub fn parse_reload_guard(value: &str) -> Option<(String, u64)> {
    let (at, path) = value.split_once('|')?;
    Some((path.to_string(), at.parse().ok()?))
}

fn context(model: &Model) -> ModalContext {
    let logged_in = model.shared.status == SessionStatus::Player;
    // 'authorization' is the state of proving who one is: a guest signing in or resetting a
    // password, a player confirming an e-mail (confirm-email, a player's modal, needs it too);
    // each modal's access narrows it to guests or players. 'profileConfirmed' is held once the
    // player's e-mail is confirmed (the profile says so, or it was just confirmed here): the
    // confirm modal says so.
    let mut states = vec![ModalState::Authorization];
    let confirmed = model
        .f
        .profile
        .me
        .as_ref()
        .is_some_and(|m| m.email_confirmed)
        // The session's own profile answer: a reload with `?modal=confirm` decides with it,
        // before the profile pages load theirs.
        || model
            .f
            .session
            .profile
            .as_ref()
            .is_some_and(|p| p.email_confirmed == Some(true))
        || !model.f.verify.link_email.is_empty();
    if logged_in && confirmed {
        states.push(ModalState::ProfileConfirmed);
    }
    ModalContext {
        logged_in,
        telegram: model.config.platform == "tg",
        states,
    }
}

/// Set the address's query (a modal opened or closed) without a page change.
fn set_query(model: &mut Model, query: Vec<(String, String)>, replace: bool, fx: &mut Vec<Effect>) {
    let before = model.shared.location.clone();
    model.shared.location.query = query;
    fx.push(Effect::PushUrl {
        url: model.shared.location.full_path(),
        replace,
    });
    moved(model, before);
}

pub fn open_modal(
    model: &mut Model,
    id: &str,
    mut params: Vec<(String, String)>,
    fx: &mut Vec<Effect>,
) {
    let Some(id) = ModalId::parse(id) else {
        fx.push(Effect::Log {
            level: LogLevel::Warn,
            message: format!("unknown modal {id}"),
        });
        return;
    };
    if model.shared.status == SessionStatus::Booting && model.calls.token.is_some() {
        // Asked while a stored session is restored (a press on a page painted before the
        // core): the address keeps it and `sync_modal` decides once the visitor is known.
        let mut query: Vec<_> = model
            .shared
            .location
            .query
            .iter()
            .filter(|(k, _)| k != modal::MODAL_PARAM)
            .cloned()
            .collect();
        query.push((modal::MODAL_PARAM.to_string(), id.as_str().to_string()));
        query.append(&mut params);
        set_query(model, query, false, fx);
        return;
    }
    if let Some(missing) = withdrawn(model, id) {
        fx.push(Effect::Log {
            level: LogLevel::Info,
            message: format!(
                "modal {} refused: the operator has no {}",
                id.as_str(),
                missing.key()
            ),
        });
        return;
    }
    let req = OpenRequest { id, params };
    let ctx = context(model);
    match model.modals.open(&req, &model.shared.location.query, &ctx) {
        // SPEC §2: modal links on the sport page do not change the address. The modal is
        // still named in the location the features read; only the browser's stays.
        Decision::Open { query, .. } if on_sport_page(model) => {
            let before = model.shared.location.clone();
            model.shared.location.query = query;
            moved(model, before);
        }
        Decision::Open { query, .. } => set_query(model, query, false, fx),
        Decision::Blocked => {}
        Decision::Refused { reason } => fx.push(Effect::Log {
            level: LogLevel::Info,
            message: format!("modal {} refused: {}", id.as_str(), reason.as_str()),
        }),
    }
}

pub fn close_modal(model: &mut Model, fx: &mut Vec<Effect>) {
    if model.modals.current().is_some()
        || model
            .shared
            .location
            .query_value(modal::MODAL_PARAM)
            .is_some()
    {
        let query = model.modals.close(&model.shared.location.query);
        // On the sport page the address did not change when it opened: it is replaced (the
        // same address, or one a reload had named the modal in), never a history entry.
        let replace = on_sport_page(model);
        set_query(model, query, replace, fx);
    }
}

/// The sportsbook's pages (`/sport/...`, any locale).
fn on_sport_page(model: &Model) -> bool {
    model
        .shared
        .route
        .as_ref()
        .is_ok_and(|r| r.route_name() == Some(RouteName::SportSlug))
}

/// Open what the address names (reopen on load, back/forward), or clean a refused modal out of
/// the address. Waits while the session is still being restored.
pub fn sync_modal(model: &mut Model, fx: &mut Vec<Effect>) {
    if model.shared.status == SessionStatus::Booting {
        return;
    }
    let named = model
        .shared
        .location
        .query_value(modal::MODAL_PARAM)
        .map(str::to_string);
    if named.is_none() {
        if model.modals.current().is_some() {
            model.modals.close(&[]);
            model.dirty.address();
        }
        return;
    }
    let current = model.modals.current().map(|m| m.query_value());
    if current.is_some() && current == named.as_deref() {
        return;
    }
    let ctx = context(model);
    let decision = match named.as_deref().and_then(ModalId::parse) {
        Some(id) if withdrawn(model, id).is_some() => None,
        _ => model
            .modals
            .from_location(&model.shared.location.clone(), &ctx),
    };
    model.dirty.address();
    match decision {
        Some(Decision::Open { query, .. }) => {
            if query != model.shared.location.query {
                set_query(model, query, true, fx);
            }
        }
        Some(Decision::Blocked) => {}
        Some(Decision::Refused { .. }) | None => {
            let query = model.modals.close(&model.shared.location.query);
            set_query(model, query, true, fx);
        }
    }
}

/// A modal whose call the operator does not have (`operatorPaths`): never opened.
fn withdrawn(model: &Model, id: ModalId) -> Option<OperatorPath> {
    operator::modal_needs(id).filter(|p| !model.config.operator_paths.provides(*p))
}

/// Home of the current locale, optionally with a modal open.
pub fn go_home(model: &mut Model, modal: Option<&str>, fx: &mut Vec<Effect>) {
    let home = route::home_path(
        model
            .shared
            .locale(&model.config)
            .map(str::to_string)
            .as_deref(),
        &model.config.default_locale,
    );
    model.modals.close(&[]);
    set_address(model, &home, fx);
    if let Some(m) = modal.and_then(ModalId::parse) {
        model.shared.location.query =
            vec![(modal::MODAL_PARAM.to_string(), m.query_value().to_string())];
        let ctx = context(model);
        model.modals.open(&OpenRequest::new(m), &[], &ctx);
    }
    fx.push(Effect::PushUrl {
        url: model.shared.location.full_path(),
        replace: false,
    });
}

/// Same page in another language; an error page goes to that language's home.
pub fn set_locale(model: &mut Model, code: &str, now: u64, fx: &mut Vec<Effect>) {
    let mut found = None;
    for c in model.shared.locale_codes(&model.config) {
        if c.eq_ignore_ascii_case(code) {
            found = Some(c.to_string());
            break;
        }
    }
    let Some(code) = found else {
        return;
    };
    let default = model.config.default_locale.clone();
    let target = match &model.shared.route {
        Ok(r) => r
            .route_name()
            .and_then(|name| route::try_build(name, &r.params, Some(&code), &default)),
        Err(_) => None,
    }
    .unwrap_or_else(|| route::build(RouteName::Index, &Default::default(), Some(&code), &default));
    let mut loc = Location::parse_url(&target);
    loc.query = model.shared.location.query.clone();
    loc.hash = model.shared.location.hash.clone();
    navigate(model, &loc.full_path(), now, fx);
}
