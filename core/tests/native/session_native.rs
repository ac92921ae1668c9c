//! SPEC §4 Session / §9 across tabs, natively: expiry margin, the refresh lock decisions (take,
//! wait and poll, adopt, time out, session ended elsewhere), logout effects, the settings
//! cache and the bracket query form.
#![cfg(not(target_arch = "wasm32"))]

use crate::support;
#[allow(unused_imports)]
use croupier_core::app::features::{
    session::SessionUi, shell::ShellUi, toasts::ToastsUi, wallet::WalletUi,
};
#[allow(unused_imports)]
use croupier_core::app::{AppUi, FormId, FormValue, SessionStatus};
use support::{b64, http, req, respond, token, NOW};

use croupier_core::app::calls::query::{array_param, encode_query, SETTINGS_TTL_MS};
use croupier_core::app::{
    update, view, Config, Effect, Event, HttpOutcome, HttpRequest, Method, Model,
};
use croupier_core::domain::realtime::{ConnState, SocketCmd, SocketEvent};
use croupier_core::domain::refresh::{
    after_poll, is_fresh_other, lock_value, may_take, parse_lock, LockCmd, RefreshEvent,
    RefreshPhase, WaitStep, LOCK_STALE_MS, REFRESH_POLL_MS, REFRESH_WAIT_POLLS,
};
use croupier_core::domain::session::{clock_ahead_ms, is_expired};
use serde_json::json;

fn authed_paths(fx: &[Effect]) -> Vec<(String, Option<String>)> {
    http(fx)
        .into_iter()
        .filter(|h| h.bearer.is_some())
        .map(|h| (h.path.clone(), h.bearer.clone()))
        .collect()
}

fn refresh_event(m: &mut Model, e: RefreshEvent) -> Vec<Effect> {
    update(m, Event::Refresh(e), NOW)
}

fn boot(token: Option<String>) -> (Model, Vec<Effect>) {
    let mut m = Model::new(Config::default());
    let fx = update(
        &mut m,
        Event::Booted {
            token,
            path: "/wallet".into(),
            boot: Default::default(),
        },
        NOW,
    );
    (m, fx)
}

fn lock_cmds(fx: &[Effect]) -> Vec<LockCmd> {
    fx.iter()
        .filter_map(|e| match e {
            Effect::RefreshLock(c) => Some(*c),
            _ => None,
        })
        .collect()
}

fn socket_cmds(fx: &[Effect]) -> Vec<&SocketCmd> {
    fx.iter()
        .filter_map(|e| match e {
            Effect::Socket(c) => Some(c),
            _ => None,
        })
        .collect()
}

fn is_refresh_call(h: &&HttpRequest) -> bool {
    h.method == Method::Post && h.path == "/api/player/sessions/refresh"
}

#[test]
fn expiry_margin_is_ten_seconds() {
    assert!(!is_expired(&token(11, "a"), NOW));
    assert!(is_expired(&token(10, "a"), NOW));
    assert!(is_expired(&token(-5, "a"), NOW));
    // A token outside the margin is used as is: no lock, calls carry it.
    let t = token(11, "a");
    let (_, fx) = boot(Some(t.clone()));
    assert!(lock_cmds(&fx).is_empty());
    assert_eq!(
        authed_paths(&fx),
        vec![
            ("/api/player/profile".to_string(), Some(t.clone())),
            ("/api/wallet/accounts".to_string(), Some(t))
        ]
    );
}

#[test]
fn lock_value_rules() {
    let v = lock_value("tabA", NOW);
    assert_eq!(v, format!("tabA:{NOW}"));
    assert_eq!(parse_lock(&v), Some(("tabA", NOW)));
    assert_eq!(parse_lock("a:b:123"), Some(("a:b", 123)));
    assert_eq!(parse_lock(":5"), None);
    assert_eq!(parse_lock("tab:soon"), None);
    // Free, unreadable, ours or stale: take it. Another tab's fresh lock: wait.
    assert!(may_take(None, "tabB", NOW));
    assert!(may_take(Some("garbage"), "tabB", NOW));
    assert!(may_take(Some(&v), "tabA", NOW + 1));
    assert!(!may_take(Some(&v), "tabB", NOW + 1));
    assert!(!may_take(Some(&v), "tabB", NOW + LOCK_STALE_MS - 1));
    assert!(may_take(Some(&v), "tabB", NOW + LOCK_STALE_MS));
    // Another tab's clock ahead of ours: still held.
    assert!(!may_take(
        Some(&lock_value("tabA", NOW + 5_000)),
        "tabB",
        NOW
    ));
}

#[test]
fn wait_decisions() {
    let old = token(5, "old");
    let new = token(3600, "new");
    assert!(is_fresh_other(Some(&new), Some(&old), NOW));
    assert!(
        !is_fresh_other(Some(&old), Some(&old), NOW),
        "our own token is no news"
    );
    assert!(
        !is_fresh_other(Some(&token(3, "other")), Some(&old), NOW),
        "expired"
    );
    assert!(!is_fresh_other(None, Some(&old), NOW));
    assert_eq!(
        after_poll(Some(&new), Some(&old), 1, NOW),
        WaitStep::Adopt(new.clone())
    );
    assert_eq!(after_poll(None, Some(&old), 3, NOW), WaitStep::SessionEnded);
    assert_eq!(
        after_poll(Some(""), Some(&old), 3, NOW),
        WaitStep::SessionEnded
    );
    for polls in 1..REFRESH_WAIT_POLLS {
        assert_eq!(
            after_poll(Some(&old), Some(&old), polls, NOW),
            WaitStep::PollAgain
        );
    }
    assert_eq!(
        after_poll(Some(&old), Some(&old), REFRESH_WAIT_POLLS, NOW),
        WaitStep::RefreshSelf
    );
    // A fresh token still wins on the last poll.
    assert_eq!(
        after_poll(Some(&new), Some(&old), REFRESH_WAIT_POLLS, NOW),
        WaitStep::Adopt(new)
    );
}

#[test]
fn the_tab_that_takes_the_lock_refreshes_and_releases_it() {
    let old = token(5, "old");
    let (mut m, fx) = boot(Some(old.clone()));
    // The expired token: ask for the lock; profile and accounts wait; no call yet.
    assert_eq!(lock_cmds(&fx), vec![LockCmd::Acquire]);
    assert!(authed_paths(&fx).is_empty());
    assert_eq!(m.calls.refresh_phase, RefreshPhase::Locking);
    let fx = refresh_event(
        &mut m,
        RefreshEvent::Lock {
            acquired: true,
            stored_token: Some(old.clone()),
        },
    );
    let calls = http(&fx);
    assert_eq!(calls.len(), 1);
    assert!(is_refresh_call(&calls[0]));
    assert_eq!(calls[0].bearer.as_deref(), Some(old.as_str()));
    assert_eq!(m.calls.refresh_phase, RefreshPhase::Requesting);

    let new = token(3600, "new");
    let fx = respond(&mut m, req::refresh(), 200, json!({"accessToken": new}));
    assert_eq!(lock_cmds(&fx), vec![LockCmd::Release]);
    assert!(fx.contains(&Effect::StoreToken(new.clone())));
    assert_eq!(
        authed_paths(&fx),
        vec![
            ("/api/player/profile".to_string(), Some(new.clone())),
            ("/api/wallet/accounts".to_string(), Some(new.clone()))
        ]
    );
    assert_eq!(m.calls.refresh_phase, RefreshPhase::Idle);
    assert!(!m.calls.refreshing);
}

#[test]
fn a_second_tab_waits_for_the_first_ones_token() {
    let old = token(5, "old");
    let (mut m, _) = boot(Some(old.clone()));
    let fx = refresh_event(
        &mut m,
        RefreshEvent::Lock {
            acquired: false,
            stored_token: Some(old.clone()),
        },
    );
    assert!(http(&fx).is_empty(), "no refresh of its own");
    let timers: Vec<_> = fx
        .iter()
        .filter(|e| matches!(e, Effect::Timer { .. }))
        .collect();
    assert_eq!(
        timers,
        vec![&Effect::Timer {
            id: croupier_core::app::TimerId(0),
            ms: REFRESH_POLL_MS as u32,
            event: Box::new(Event::Refresh(RefreshEvent::Poll)),
        }]
    );
    assert_eq!(m.calls.refresh_phase, RefreshPhase::Waiting { polls: 0 });
    // Poll: read the stored token; still the old one: wait again.
    assert_eq!(
        lock_cmds(&refresh_event(&mut m, RefreshEvent::Poll)),
        vec![LockCmd::ReadToken]
    );
    let fx = refresh_event(&mut m, RefreshEvent::StoredToken(Some(old.clone())));
    assert!(http(&fx).is_empty());
    assert!(matches!(fx[0], Effect::Timer { ms: 500, .. }));
    assert_eq!(m.calls.refresh_phase, RefreshPhase::Waiting { polls: 1 });
    // The first tab stored a new token: take it and send what waited, nothing else.
    refresh_event(&mut m, RefreshEvent::Poll);
    let new = token(3600, "new");
    let fx = refresh_event(&mut m, RefreshEvent::StoredToken(Some(new.clone())));
    assert!(!http(&fx).iter().any(is_refresh_call));
    assert!(
        !fx.contains(&Effect::StoreToken(new.clone())),
        "already stored by the other tab"
    );
    assert!(lock_cmds(&fx).is_empty(), "the lock is not ours to release");
    assert_eq!(
        authed_paths(&fx),
        vec![
            ("/api/player/profile".to_string(), Some(new.clone())),
            ("/api/wallet/accounts".to_string(), Some(new.clone()))
        ]
    );
    assert_eq!(m.calls.token.as_deref(), Some(new.as_str()));
    assert_eq!(m.calls.refresh_phase, RefreshPhase::Idle);
}

#[test]
fn the_wait_ends_after_ten_polls_with_a_refresh_of_its_own() {
    let old = token(5, "old");
    let (mut m, _) = boot(Some(old.clone()));
    refresh_event(
        &mut m,
        RefreshEvent::Lock {
            acquired: false,
            stored_token: Some(old.clone()),
        },
    );
    let mut reads = 0;
    loop {
        let fx = refresh_event(&mut m, RefreshEvent::Poll);
        assert_eq!(lock_cmds(&fx), vec![LockCmd::ReadToken]);
        reads += 1;
        let fx = refresh_event(&mut m, RefreshEvent::StoredToken(Some(old.clone())));
        if let Some(h) = http(&fx).into_iter().find(is_refresh_call) {
            assert_eq!(h.bearer.as_deref(), Some(old.as_str()));
            break;
        }
        assert!(reads < 20, "never gave up waiting");
    }
    assert_eq!(reads, REFRESH_WAIT_POLLS);
    assert_eq!(m.calls.refresh_phase, RefreshPhase::Requesting);
}

#[test]
fn a_token_refreshed_just_before_the_lock_is_taken_is_used() {
    let old = token(5, "old");
    let new = token(3600, "new");
    let (mut m, _) = boot(Some(old));
    let fx = refresh_event(
        &mut m,
        RefreshEvent::Lock {
            acquired: true,
            stored_token: Some(new.clone()),
        },
    );
    assert!(!http(&fx).iter().any(is_refresh_call));
    assert_eq!(lock_cmds(&fx), vec![LockCmd::Release]);
    assert_eq!(authed_paths(&fx).len(), 2);
    assert_eq!(m.calls.token.as_deref(), Some(new.as_str()));
}

#[test]
fn no_stored_token_while_waiting_means_the_session_ended_elsewhere() {
    let old = token(5, "old");
    let (mut m, _) = boot(Some(old.clone()));
    refresh_event(
        &mut m,
        RefreshEvent::Lock {
            acquired: false,
            stored_token: Some(old),
        },
    );
    refresh_event(&mut m, RefreshEvent::Poll);
    let fx = refresh_event(&mut m, RefreshEvent::StoredToken(None));
    assert!(fx.contains(&Effect::ClearToken));
    assert!(http(&fx).is_empty());
    assert_eq!(view(&m).session.status, SessionStatus::Guest);
    // Late answers of the old wait do nothing.
    assert!(http(&refresh_event(&mut m, RefreshEvent::Poll)).is_empty());
    assert!(lock_cmds(&refresh_event(&mut m, RefreshEvent::Poll)).is_empty());
}

#[test]
fn a_lock_granted_after_the_session_ended_is_given_back() {
    let old = token(5, "old");
    let (mut m, _) = boot(Some(old.clone()));
    update(&mut m, Event::PeerSession { logged_in: false }, NOW);
    let fx = refresh_event(
        &mut m,
        RefreshEvent::Lock {
            acquired: true,
            stored_token: None,
        },
    );
    assert_eq!(lock_cmds(&fx), vec![LockCmd::Release]);
    assert!(http(&fx).is_empty());
}

#[test]
fn a_failed_refresh_releases_the_lock_and_ends_the_session() {
    let old = token(5, "old");
    let (mut m, _) = boot(Some(old.clone()));
    refresh_event(
        &mut m,
        RefreshEvent::Lock {
            acquired: true,
            stored_token: Some(old),
        },
    );
    let fx = respond(
        &mut m,
        req::refresh(),
        401,
        json!({"code": "unauthorized", "message": "Session closed."}),
    );
    assert_eq!(lock_cmds(&fx), vec![LockCmd::Release]);
    assert!(fx.contains(&Effect::ClearToken));
    assert!(fx.contains(&Effect::SignalPeers { logged_in: false }));
    assert!(fx.contains(&Effect::PushUrl {
        url: "/?modal=sign-in".into(),
        replace: false
    }));
    assert_eq!(view(&m).session.status, SessionStatus::Guest);
    // The socket comes up as a guest.
    assert!(socket_cmds(&fx)
        .iter()
        .any(|c| matches!(c, SocketCmd::Open { .. })));
    assert_eq!(m.realtime.target(), Some(None));
}

/// A signed-in player (profile 7) whose socket is connected and subscribed.
fn connected_player() -> (Model, String) {
    let t = token(3600, "a");
    let (mut m, _) = boot(Some(t.clone()));
    respond(
        &mut m,
        req::profile(),
        200,
        json!({"id": 7, "email": "ace@example.com"}),
    );
    respond(
        &mut m,
        req::accounts(),
        200,
        json!([{"id": 1, "currency": "USD", "balance": "10.00", "status": 1}]),
    );
    assert_eq!(m.realtime.target(), Some(Some(7)));
    update(&mut m, Event::Socket(SocketEvent::Opened), NOW);
    update(
        &mut m,
        Event::Socket(SocketEvent::Message(
            r#"{"id":1,"connect":{"client":"c1","ping":25,"pong":true}}"#.into(),
        )),
        NOW,
    );
    assert_eq!(m.realtime.state(), ConnState::Connected);
    (m, t)
}

#[test]
fn sign_out_clears_everything_tells_other_tabs_and_reconnects_as_guest() {
    let (mut m, t) = connected_player();
    let fx = update(&mut m, Event::Ui(SessionUi::SignOut.into()), NOW);
    let logout = http(&fx);
    assert_eq!(logout.len(), 1);
    assert_eq!(
        (logout[0].path.as_str(), logout[0].bearer.as_deref()),
        ("/api/player/sessions/logout", Some(t.as_str()))
    );
    assert!(fx.contains(&Effect::ClearToken));
    assert!(fx.contains(&Effect::SignalPeers { logged_in: false }));
    // Subscriptions stop with the player's socket; a guest socket replaces it.
    let socket = socket_cmds(&fx);
    assert_eq!(socket[0], &SocketCmd::Close);
    assert!(matches!(socket[1], SocketCmd::Open { url } if url == "/api/connection/websocket"));
    assert_eq!(m.realtime.target(), Some(None));
    assert_eq!(
        m.realtime.channels().map(|(c, _)| c).collect::<Vec<_>>(),
        vec!["global:online"]
    );
    assert!(
        m.calls.token.is_none() && m.f.session.profile.is_none() && m.f.wallet.accounts.is_empty()
    );
    assert_eq!(view(&m).session.status, SessionStatus::Guest);
    // The guest connects without a token.
    let fx = update(&mut m, Event::Socket(SocketEvent::Opened), NOW);
    assert!(socket_cmds(&fx).iter().any(
        |c| matches!(c, SocketCmd::Send(s) if s.contains("\"connect\"") && !s.contains("token"))
    ));
}

#[test]
fn peer_signals() {
    // A login elsewhere reloads a guest tab.
    let (mut m, _) = boot(None);
    let fx = update(&mut m, Event::PeerSession { logged_in: true }, NOW);
    assert!(fx.contains(&Effect::Reload));
    // A logout elsewhere sends a player home, signed out, and the socket follows.
    let (mut m, _) = connected_player();
    let fx = update(&mut m, Event::PeerSession { logged_in: false }, NOW);
    assert!(fx.contains(&Effect::ClearToken));
    assert!(fx
        .iter()
        .any(|e| matches!(e, Effect::PushUrl { url, .. } if url == "/")));
    assert_eq!(view(&m).session.status, SessionStatus::Guest);
    assert_eq!(m.realtime.target(), Some(None));
}

#[test]
fn settings_are_cached_fifteen_minutes_per_path_and_params() {
    let (mut m, fx) = boot(None);
    let settings: Vec<_> = http(&fx)
        .iter()
        // The bonuses feature's public flags (issue 12) are read once per start, not cached.
        .filter(|h| h.path.starts_with("/api/settings/") && h.path != "/api/settings/constants")
        .map(|h| (h.path.clone(), encode_query(&h.query)))
        .collect();
    assert_eq!(
        settings,
        vec![
            (
                "/api/settings/currencies".to_string(),
                "?visible=1".to_string()
            ),
            ("/api/settings/locales".to_string(), String::new())
        ]
    );
    let currencies = json!([{"code": "USD", "type": "fiat", "symbol": "$", "subunitToUnit": 100}]);
    respond(&mut m, req::currencies(), 200, currencies);
    respond(
        &mut m,
        req::locales(),
        200,
        json!([{"code": "en", "isDefault": true}]),
    );
    // The public flags of the bonuses feature (issue 12), a settings call too.
    respond(
        &mut m,
        croupier_core::app::Req::Bonuses(croupier_core::app::features::bonuses::Call::Flags),
        200,
        json!({"questsEnabled": true, "loyaltyEnabled": true}),
    );
    // A second start within 15 minutes asks for neither, and the answers still apply.
    m.shared.currencies = Default::default();
    let again = |m: &mut Model, at: u64| {
        let fx = update(
            m,
            Event::Booted {
                token: None,
                path: "/".into(),
                boot: Default::default(),
            },
            at,
        );
        http(&fx)
            .iter()
            .filter(|h| h.path.starts_with("/api/settings/"))
            .map(|h| h.path.clone())
            .collect::<Vec<_>>()
    };
    assert!(again(&mut m, NOW + SETTINGS_TTL_MS - 1).is_empty());
    assert_eq!(
        m.shared.currencies.len(),
        1,
        "the cached answer was applied"
    );
    assert_eq!(
        again(&mut m, NOW + SETTINGS_TTL_MS),
        vec![
            "/api/settings/currencies",
            "/api/settings/locales",
            "/api/settings/constants"
        ]
    );
    // While those are in flight a third start sends nothing more.
    assert!(again(&mut m, NOW + SETTINGS_TTL_MS + 1).is_empty());
}

#[test]
fn a_failed_settings_answer_is_not_cached() {
    let (mut m, _) = boot(None);
    let id = support::call_id(&m, &req::currencies());
    update(
        &mut m,
        Event::Http {
            id,
            outcome: HttpOutcome::Failed {
                reason: "offline".into(),
            },
        },
        NOW,
    );
    let fx = update(
        &mut m,
        Event::Booted {
            token: None,
            path: "/".into(),
            boot: Default::default(),
        },
        NOW + 1,
    );
    assert!(http(&fx)
        .iter()
        .any(|h| h.path == "/api/settings/currencies"));
}

#[test]
fn array_params_use_the_bracket_form() {
    let mut q = array_param("status", &["1", "2"]);
    q.extend(array_param("currency", &["USD", "mBTC"]));
    assert_eq!(
        encode_query(&q),
        "?status[]=1&status[]=2&currency[]=USD&currency[]=mBTC"
    );
    assert_eq!(array_param::<&str>("status", &[]), vec![]);
}

/// A JWT of player 7 issued at `iat` and expiring at `exp` (seconds since the epoch).
fn issued(iat: i64, exp: i64, tag: &str) -> String {
    format!(
        "{}.{}.{tag}",
        b64(r#"{"alg":"HS256"}"#),
        b64(&format!(r#"{{"sub":"7","iat":{iat},"exp":{exp}}}"#))
    )
}

#[test]
fn the_clocks_are_compared_on_a_token_the_server_just_issued() {
    let server_now = (NOW / 1000) as i64;
    // The device runs two hours ahead of the server, or 90 s behind it.
    assert_eq!(
        clock_ahead_ms(&issued(server_now - 7200, server_now - 3600, "a"), NOW),
        7_200_000
    );
    assert_eq!(
        clock_ahead_ms(&issued(server_now + 90, server_now + 3690, "a"), NOW),
        -90_000
    );
    // No `iat`: nothing to compare, the device's clock is taken as right.
    assert_eq!(clock_ahead_ms(&token(3600, "a"), NOW), 0);
}

#[test]
fn a_device_clock_hours_ahead_refreshes_once_not_before_every_call() {
    // The server's clock is two hours behind the device's: the stored token looks expired.
    let server_now = (NOW / 1000) as i64 - 7200;
    let old = issued(server_now - 600, server_now + 3000, "old");
    let (mut m, fx) = boot(Some(old.clone()));
    assert_eq!(lock_cmds(&fx), vec![LockCmd::Acquire]);
    refresh_event(
        &mut m,
        RefreshEvent::Lock {
            acquired: true,
            stored_token: Some(old),
        },
    );
    // The fresh token lives an hour on the server's clock (an hour before the device's now).
    let new = issued(server_now, server_now + 3600, "new");
    respond(&mut m, req::refresh(), 200, json!({"accessToken": new}));
    assert_eq!(m.calls.clock_ahead_ms, 7_200_000);
    respond(
        &mut m,
        req::profile(),
        200,
        json!({"id": 7, "email": "a@b.c"}),
    );
    // The next page's calls go with it, no second refresh.
    let fx = update(
        &mut m,
        Event::Ui(croupier_core::app::UiEvent::App(AppUi::Navigate {
            path: "/profile/limits".into(),
        })),
        NOW + 1_000,
    );
    assert!(lock_cmds(&fx).is_empty(), "no refresh: {fx:?}");
    assert!(!m.calls.refreshing);
    let sent = authed_paths(&fx);
    assert!(!sent.is_empty(), "the profile page asks for its data");
    assert!(sent.iter().all(|(_, b)| b.as_deref() == Some(new.as_str())));
}
