//! The session gate's edges, natively (SPEC §4 Session, §6, §7 Other, §9): a 401/403 on a
//! public call keeps the session; every way a refresh can end (network failure, malformed
//! 200, 403) and what waited for it; the new-build check and the reload on the next
//! navigation, at most once per path within 10 s.
#![cfg(not(target_arch = "wasm32"))]

use crate::support;

use croupier_core::app::features::{shell, wallet::WalletUi};
use croupier_core::app::update::parse_reload_guard;
use croupier_core::app::{update, view, AppUi, Config, Effect, Event, Model, Req, SessionStatus};
use croupier_core::domain::refresh::{LockCmd, RefreshEvent};
use support::{fail, http, req, respond, respond_text, token, ui, NOW};

fn boot(token: Option<String>, path: &str) -> (Model, Vec<Effect>) {
    let mut m = Model::new(Config::default());
    let fx = update(
        &mut m,
        Event::Booted {
            token,
            path: path.into(),
            boot: Default::default(),
        },
        NOW,
    );
    (m, fx)
}

/// A signed-in player 7 with two accounts (1 active, 2 not), token valid for an hour.
fn player() -> (Model, String) {
    let t = token(3600, "a");
    let (mut m, _) = boot(Some(t.clone()), "/wallet");
    respond(
        &mut m,
        req::profile(),
        200,
        j!({"id": 7, "email": "ace@example.com"}),
    );
    respond(
        &mut m,
        req::accounts(),
        200,
        j!([
            {"id": 1, "currency": "USD", "balance": "10.00", "status": 1},
            {"id": 2, "currency": "EUR", "balance": "5.00", "status": 2},
            {"id": 3, "currency": "BRL", "balance": "1.00", "status": 2}
        ]),
    );
    assert_eq!(view(&m).session.status, SessionStatus::Player);
    (m, t)
}

fn still_signed_in(m: &Model, t: &str, fx: &[Effect]) {
    assert!(!fx.contains(&Effect::ClearToken), "{fx:#?}");
    assert!(!fx.contains(&Effect::SignalPeers { logged_in: false }));
    assert_eq!(m.calls.token.as_deref(), Some(t));
    assert_eq!(view(m).session.status, SessionStatus::Player);
}

fn lock_cmds(fx: &[Effect]) -> Vec<LockCmd> {
    fx.iter()
        .filter_map(|e| match e {
            Effect::RefreshLock(c) => Some(*c),
            _ => None,
        })
        .collect()
}

fn version() -> Req {
    Req::Shell(shell::Call::Version { at: NOW })
}

#[test]
fn a_401_or_403_on_public_calls_keeps_the_session() {
    for status in [401, 403] {
        let (mut m, t) = player();
        let fx = respond(
            &mut m,
            req::content("en"),
            status,
            j!({"code": "unauthorized", "message": "No."}),
        );
        still_signed_in(&m, &t, &fx);
        let fx = respond(&mut m, version(), status, j!({}));
        still_signed_in(&m, &t, &fx);
        // The same status on a player call does end it (the rule the two above escape).
        let fx = ui(&mut m, WalletUi::SwitchAccount { id: 2 });
        assert_eq!(http(&fx).len(), 1);
        let fx = respond(&mut m, req::switch_account(2), status, j!({}));
        assert!(fx.contains(&Effect::ClearToken), "{status}");
        assert_eq!(view(&m).session.status, SessionStatus::Guest);
    }
}

/// Booted with an expired token and the lock granted: the refresh is in flight, profile and
/// accounts wait for it.
fn refreshing() -> (Model, String) {
    let old = token(5, "old");
    let (mut m, fx) = boot(Some(old.clone()), "/wallet");
    assert_eq!(lock_cmds(&fx), vec![LockCmd::Acquire]);
    let fx = update(
        &mut m,
        Event::Refresh(RefreshEvent::Lock {
            acquired: true,
            stored_token: Some(old.clone()),
        }),
        NOW,
    );
    assert_eq!(http(&fx).len(), 1, "the refresh call");
    assert_eq!(m.calls.waiting.len(), 2, "profile and accounts wait");
    (m, old)
}

#[test]
fn a_refresh_with_no_answer_keeps_the_session() {
    let (mut m, old) = refreshing();
    let fx = fail(
        &mut m,
        req::refresh(),
        "NetworkError when attempting to fetch",
    );
    assert_eq!(lock_cmds(&fx), vec![LockCmd::Release]);
    assert!(!fx.contains(&Effect::ClearToken), "{fx:#?}");
    assert!(!fx.contains(&Effect::SignalPeers { logged_in: false }));
    assert_eq!(m.calls.token.as_deref(), Some(old.as_str()));
    assert!(!m.calls.refreshing && m.calls.waiting.is_empty());
    assert!(
        http(&fx).is_empty(),
        "nothing goes out with the expired token"
    );
    // The player is told; the stored token stays for the next load to try again.
    assert!(!view(&m).toasts.is_empty());
    assert!(!fx.iter().any(|e| matches!(e, Effect::PushUrl { .. })));
}

#[test]
fn a_malformed_200_on_refresh_ends_the_session_and_sends_nothing() {
    let (mut m, _) = refreshing();
    let fx = respond_text(&mut m, req::refresh(), 200, "<html>proxy says hi</html>");
    assert_eq!(lock_cmds(&fx), vec![LockCmd::Release]);
    assert!(fx.contains(&Effect::ClearToken));
    assert!(fx.iter().all(|e| !matches!(e, Effect::StoreToken(_))));
    assert!(http(&fx)
        .iter()
        .all(|h| h.bearer.is_none() || h.path.ends_with("/logout")));
    assert!(m.calls.token.is_none() && m.calls.waiting.is_empty());
    assert_eq!(view(&m).session.status, SessionStatus::Guest);
    // A 200 whose JSON lacks the token is no better.
    let (mut m, _) = refreshing();
    let fx = respond(&mut m, req::refresh(), 200, j!({"token": "x"}));
    assert!(fx.contains(&Effect::ClearToken));
    assert!(fx.iter().all(|e| !matches!(e, Effect::StoreToken(_))));
}

#[test]
fn a_403_on_refresh_ends_the_session_with_sign_in_open() {
    let (mut m, _) = refreshing();
    let fx = respond(
        &mut m,
        req::refresh(),
        403,
        j!({"code": "forbidden", "message": "No."}),
    );
    assert_eq!(lock_cmds(&fx), vec![LockCmd::Release]);
    assert!(fx.contains(&Effect::ClearToken));
    assert!(fx.contains(&Effect::SignalPeers { logged_in: false }));
    assert!(fx.contains(&Effect::PushUrl {
        url: "/?modal=sign-in".into(),
        replace: false
    }));
    assert!(http(&fx).is_empty(), "what waited is dropped, not sent");
    assert_eq!(view(&m).session.status, SessionStatus::Guest);
}

#[test]
fn calls_made_while_a_refresh_is_in_flight_wait_and_go_once_with_the_new_token() {
    // A player whose token expires: a call starts the refresh, a second call joins the wait.
    let (mut m, t) = player();
    let later = NOW + 3_600_000;
    let fx = update(
        &mut m,
        Event::Ui(WalletUi::SwitchAccount { id: 2 }.into()),
        later,
    );
    assert!(http(&fx).is_empty(), "waits for the refresh: {fx:#?}");
    assert_eq!(lock_cmds(&fx), vec![LockCmd::Acquire]);
    let fx = update(
        &mut m,
        Event::Refresh(RefreshEvent::Lock {
            acquired: true,
            stored_token: Some(t.clone()),
        }),
        later,
    );
    let sent = http(&fx);
    assert_eq!(sent.len(), 1);
    assert_eq!(sent[0].path, "/api/player/sessions/refresh");
    // Meanwhile more player calls: they queue, no second refresh, no lock request.
    let fx = update(
        &mut m,
        Event::Ui(WalletUi::HideAccount { id: 3 }.into()),
        later,
    );
    assert!(http(&fx).is_empty(), "{fx:#?}");
    assert!(lock_cmds(&fx).is_empty());
    let queued = m.calls.waiting.len();
    assert_eq!(queued, 2);
    let new = token(7200, "new");
    let body = j!({"accessToken": new}).to_string();
    let fx = support::respond_at(&mut m, req::refresh(), 200, &body, later);
    let sent = http(&fx);
    assert_eq!(sent.len(), queued, "{sent:#?}");
    assert!(sent
        .iter()
        .all(|h| h.bearer.as_deref() == Some(new.as_str())));
    let paths: Vec<&str> = sent.iter().map(|h| h.path.as_str()).collect();
    assert_eq!(
        paths,
        vec![
            "/api/wallet/accounts/2/switch",
            "/api/wallet/accounts/3/hide"
        ]
    );
    assert!(!sent.iter().any(|h| h.path.ends_with("/refresh")));
}

/// The first build check answers `id` at `now`.
fn checked(m: &mut Model, id: &str) {
    respond(m, version(), 200, j!({"id": id}));
}

fn loads(fx: &[Effect]) -> Vec<String> {
    fx.iter()
        .filter_map(|e| match e {
            Effect::Load { url } => Some(url.clone()),
            _ => None,
        })
        .collect()
}

fn go(m: &mut Model, path: &str, now: u64) -> Vec<Effect> {
    update(
        m,
        Event::Ui(AppUi::Navigate { path: path.into() }.into()),
        now,
    )
}

#[test]
fn a_new_build_reloads_on_the_next_navigation_once_per_path_in_ten_seconds() {
    let (mut m, fx) = boot(None, "/");
    assert!(http(&fx).iter().any(|h| h.path == "/builds/latest.json"
        && h.bearer.is_none()
        && h.query
            .iter()
            .any(|(k, v)| k == "timestamp" && *v == NOW.to_string())));
    checked(&mut m, "build-1");
    // The same build again: navigation stays in the page.
    let fx = update(
        &mut m,
        Event::Tick(croupier_core::app::Tick::Shell(
            shell::ShellTick::PollVersion,
        )),
        NOW,
    );
    assert_eq!(http(&fx).len(), 1);
    checked(&mut m, "build-1");
    assert!(loads(&go(&mut m, "/games", NOW)).is_empty());
    // A new id: nothing happens until the next navigation, which is a full load.
    update(
        &mut m,
        Event::Tick(croupier_core::app::Tick::Shell(
            shell::ShellTick::PollVersion,
        )),
        NOW,
    );
    let fx = respond(&mut m, version(), 200, j!({"id": "build-2"}));
    assert!(loads(&fx).is_empty());
    assert!(!fx.iter().any(|e| matches!(e, Effect::Reload)));
    let fx = go(&mut m, "/wallet", NOW + 1_000);
    assert_eq!(loads(&fx), vec!["/wallet".to_string()]);
    assert!(!fx.iter().any(|e| matches!(e, Effect::PushUrl { .. })));
    let guard = fx
        .iter()
        .find_map(|e| match e {
            Effect::StoreSession { value: Some(v), .. } => Some(v.clone()),
            _ => None,
        })
        .expect("the reload guard is stored");
    assert_eq!(
        parse_reload_guard(&guard),
        Some(("/wallet".into(), NOW + 1_000))
    );
    // The reloaded page still sees the new build (the guard came back from session storage):
    // the same path within 10 s navigates in place; another path, or 10 s later, reloads.
    let fx = go(&mut m, "/wallet", NOW + 10_999);
    assert!(loads(&fx).is_empty(), "{fx:#?}");
    assert_eq!(
        loads(&go(&mut m, "/games", NOW + 11_000)),
        vec!["/games".to_string()]
    );
    assert_eq!(
        loads(&go(&mut m, "/wallet", NOW + 11_000)),
        vec!["/wallet".to_string()]
    );
}

#[test]
fn the_reload_guard_survives_the_reload() {
    // Booted with the guard a reload left in session storage.
    let mut m = Model::new(Config::default());
    update(
        &mut m,
        Event::Booted {
            token: None,
            path: "/wallet".into(),
            boot: croupier_core::app::Boot {
                stored: croupier_core::app::stored::Kept::default().with(
                    croupier_core::app::address::RELOAD_GUARD,
                    &format!("{NOW}|/games"),
                ),
                ..Default::default()
            },
        },
        NOW,
    );
    checked(&mut m, "build-1");
    update(
        &mut m,
        Event::Tick(croupier_core::app::Tick::Shell(
            shell::ShellTick::PollVersion,
        )),
        NOW,
    );
    respond(&mut m, version(), 200, j!({"id": "build-2"}));
    assert!(loads(&go(&mut m, "/games", NOW + 5_000)).is_empty());
    assert_eq!(
        loads(&go(&mut m, "/games", NOW + 10_000)),
        vec!["/games".to_string()]
    );
    // A failed or unreadable check is no new build.
    let (mut m, _) = boot(None, "/");
    checked(&mut m, "build-1");
    update(
        &mut m,
        Event::Tick(croupier_core::app::Tick::Shell(
            shell::ShellTick::PollVersion,
        )),
        NOW,
    );
    respond_text(&mut m, version(), 200, "<html>");
    assert!(loads(&go(&mut m, "/games", NOW)).is_empty());
}
