//! The realtime client natively (SPEC §7 Realtime, §8, §9): the protocol codec, the
//! connection/subscription state machine (timeouts, pings, backoff, unauthorized), push
//! routing, malformed input, and the app's reactions (balances, the max-bet toast, refetch
//! after a reconnect, token refresh before reconnecting).
#![cfg(not(target_arch = "wasm32"))]

use crate::support;
#[allow(unused_imports)]
use croupier_core::app::features::{
    session::SessionUi, shell::ShellUi, toasts::ToastsUi, wallet::WalletUi,
};
#[allow(unused_imports)]
use croupier_core::app::{AppUi, FormId, FormValue, SessionStatus};
use support::{req, respond, sent, token, ui, NOW};

use croupier_core::app::features::games;
use croupier_core::app::features::toasts::view::ToastKind;
use croupier_core::app::{update, view, Config, Effect, Event, HttpOutcome, Model, Req};
use croupier_core::domain::realtime::backoff::{cap, delay};
use croupier_core::domain::realtime::protocol::{self, Incoming, ReplyError};
use croupier_core::domain::realtime::push::{self, Push, Topic};
use croupier_core::domain::realtime::{
    should_reconnect, Client, ConnState, Output, SocketCmd, SocketEvent, SubState, Timer,
    BACKOFF_MAX_MS, BACKOFF_MIN_MS, ERROR_TIMEOUT, ERROR_TRANSPORT_CLOSED, PING_GRACE_MS,
    TIMEOUT_MS,
};
use croupier_core::domain::refresh::{LockCmd, RefreshEvent};
use proptest::prelude::*;
use serde_json::json;

const URL: &str = "/api/connection/websocket";

// ---------------------------------------------------------------- codec

#[test]
fn decodes_multi_line_frames_in_order() {
    let frame = "{\"id\":1,\"connect\":{\"client\":\"c\",\"ping\":25,\"pong\":true}}\n{}\n\
                 {\"id\":2,\"error\":{\"code\":103,\"message\":\"permission denied\"}}\n\
                 {\"push\":{\"channel\":\"wallet:accounts#7\",\"pub\":{\"data\":{\"id\":1}}}}\n\
                 {\"push\":{\"disconnect\":{\"code\":3500,\"reason\":\"invalid token\"}}}\n\
                 {\"push\":{\"channel\":\"c\",\"join\":{}}}\n\n";
    let got = protocol::decode(frame);
    assert_eq!(got.len(), 6);
    assert!(
        matches!(&got[0], Incoming::Reply { id: 1, result: Ok(r) } if r["ping"].as_u64() == Some(25))
    );
    assert_eq!(got[1], Incoming::Ping);
    assert_eq!(
        got[2],
        Incoming::Reply {
            id: 2,
            result: Err(ReplyError {
                code: 103,
                message: "permission denied".into()
            })
        }
    );
    assert_eq!(
        got[3],
        Incoming::Publication {
            channel: "wallet:accounts#7".into(),
            data: j!({"id": 1})
        }
    );
    assert_eq!(
        got[4],
        Incoming::Disconnect {
            code: 3500,
            reason: "invalid token".into()
        }
    );
    assert_eq!(got[5], Incoming::Ignored);
}

#[test]
fn malformed_lines_are_reported_not_fatal() {
    for bad in [
        "nope",
        "[1,2]",
        "42",
        "{\"id\":\"x\",\"connect\":{}}",
        "{\"id\":-1}",
        "{\"foo\":1}",
        "{\"push\":5}",
        "{\"push\":{\"pub\":{\"data\":{}}}}",
    ] {
        assert!(
            matches!(protocol::decode(bad).as_slice(), [Incoming::Malformed(_)]),
            "{bad}"
        );
    }
    // One bad line does not spoil its neighbours.
    let got = protocol::decode("{}\nnot json\n{}");
    assert_eq!(got.len(), 3);
    assert_eq!((&got[0], &got[2]), (&Incoming::Ping, &Incoming::Ping));
}

#[test]
fn encodes_commands() {
    assert_eq!(
        protocol::connect(1, Some("a.b.c")),
        r#"{"id":1,"connect":{"token":"a.b.c","name":"croupier"}}"#
    );
    assert_eq!(
        protocol::connect(1, None),
        r#"{"id":1,"connect":{"name":"croupier"}}"#
    );
    assert_eq!(
        protocol::connect(1, Some("")),
        r#"{"id":1,"connect":{"name":"croupier"}}"#
    );
    assert_eq!(
        protocol::subscribe(2, "wallet:accounts#7"),
        r#"{"id":2,"subscribe":{"channel":"wallet:accounts#7"}}"#
    );
    assert_eq!(
        protocol::unsubscribe(3, "global:online"),
        r#"{"id":3,"unsubscribe":{"channel":"global:online"}}"#
    );
    let odd = "q\"\\\n\u{1}é";
    let line = protocol::subscribe(4, odd);
    let back: serde_json::Value = serde_json::from_str(&line).unwrap();
    assert_eq!(back["subscribe"]["channel"], odd);
    assert_eq!(protocol::frame(&["{}".into(), "{}".into()]), "{}\n{}");
}

#[test]
fn close_codes() {
    for code in [1000, 1001, 1006, 3000, 3001, 3012, 3499, 4000, 4499] {
        assert!(should_reconnect(code), "{code}");
    }
    for code in [3500, 3501, 3502, 3999, 4500, 4999] {
        assert!(!should_reconnect(code), "{code}");
    }
}

// ---------------------------------------------------------------- state machine

fn sends(out: &[Output]) -> Vec<String> {
    out.iter()
        .filter_map(|o| match o {
            Output::Socket(SocketCmd::Send(s)) => Some(s.clone()),
            _ => None,
        })
        .collect()
}

fn timers(out: &[Output]) -> Vec<(u32, Timer)> {
    out.iter()
        .filter_map(|o| match o {
            Output::Timer { ms, timer } => Some((*ms, *timer)),
            _ => None,
        })
        .collect()
}

fn msg(c: &mut Client, text: &str, now: u64) -> Vec<Output> {
    c.handle(SocketEvent::Message(text.into()), now)
}

const CHANNELS: [&str; 2] = ["global:online", "wallet:accounts#7"];

/// A client connected as player 7 and subscribed to two channels; returns the last epoch's
/// ping-check timer.
fn connected() -> Client {
    let mut c = Client::new();
    let out = c.connect(
        URL,
        Some(7),
        Some("tok".into()),
        CHANNELS.iter().map(|s| s.to_string()).collect(),
        NOW,
    );
    assert_eq!(out[0], Output::Socket(SocketCmd::Open { url: URL.into() }));
    assert!(matches!(
        timers(&out)[..],
        [(TIMEOUT_MS, Timer::Connect { .. })]
    ));
    assert_eq!(c.state(), ConnState::Connecting);
    assert_eq!(c.sub_state("global:online"), SubState::Subscribing);
    let out = c.handle(SocketEvent::Opened, NOW);
    assert_eq!(
        sends(&out),
        vec![r#"{"id":1,"connect":{"token":"tok","name":"croupier"}}"#]
    );
    let out = msg(
        &mut c,
        r#"{"id":1,"connect":{"client":"abc","ping":25,"pong":true}}"#,
        NOW,
    );
    assert_eq!(c.state(), ConnState::Connected);
    assert!(out.contains(&Output::Connected {
        client: "abc".into(),
        reconnect: false
    }));
    // Both subscribes leave in one frame; each has a reply timeout; the ping watchdog runs.
    assert_eq!(
        sends(&out),
        vec![
            "{\"id\":2,\"subscribe\":{\"channel\":\"global:online\"}}\n{\"id\":3,\"subscribe\":{\"channel\":\"wallet:accounts#7\"}}"
        ]
    );
    let t = timers(&out);
    assert!(t.contains(&(25_000 + PING_GRACE_MS, Timer::PingCheck { epoch: 1 })));
    assert!(t.contains(&(TIMEOUT_MS, Timer::Reply { epoch: 1, id: 2 })));
    assert!(t.contains(&(TIMEOUT_MS, Timer::Reply { epoch: 1, id: 3 })));
    let out = msg(
        &mut c,
        "{\"id\":2,\"subscribe\":{}}\n{\"id\":3,\"subscribe\":{}}",
        NOW,
    );
    // The first connect recovers too: what was published before the channels were subscribed
    // (after the session's first loads) is refetched (issue 29).
    assert_eq!(out, vec![Output::Recovered]);
    assert_eq!(c.sub_state("global:online"), SubState::Subscribed);
    assert_eq!(c.sub_state("wallet:accounts#7"), SubState::Subscribed);
    c
}

#[test]
fn connects_and_subscribes() {
    connected();
}

#[test]
fn answers_pings_in_one_frame_and_routes_publications() {
    let mut c = connected();
    let out = msg(&mut c, "{}\n{}", NOW + 1);
    assert_eq!(sends(&out), vec!["{}\n{}"]);
    let out = msg(
        &mut c,
        r#"{"push":{"channel":"wallet:accounts#7","pub":{"data":{"id":1,"balance":"5.00"}}}}"#,
        NOW + 2,
    );
    assert_eq!(
        out,
        vec![Output::Publication {
            channel: "wallet:accounts#7".into(),
            data: j!({"id": 1, "balance": "5.00"})
        }]
    );
    // A channel we are not on is not routed.
    let out = msg(
        &mut c,
        r#"{"push":{"channel":"other#1","pub":{"data":{}}}}"#,
        NOW,
    );
    assert!(out.is_empty());
}

#[test]
fn subscribe_errors() {
    let mut c = Client::new();
    c.connect(
        URL,
        Some(7),
        Some("t".into()),
        CHANNELS.iter().map(|s| s.to_string()).collect(),
        NOW,
    );
    c.handle(SocketEvent::Opened, NOW);
    msg(&mut c, r#"{"id":1,"connect":{"client":"a"}}"#, NOW);
    let out = msg(
        &mut c,
        "{\"id\":2,\"error\":{\"code\":105,\"message\":\"already subscribed\"}}\n{\"id\":3,\"error\":{\"code\":103,\"message\":\"permission denied\"}}",
        NOW,
    );
    assert_eq!(c.sub_state("global:online"), SubState::Subscribed);
    assert_eq!(c.sub_state("wallet:accounts#7"), SubState::Unsubscribed);
    assert!(out
        .iter()
        .any(|o| matches!(o, Output::Error { code: 103, .. })));
}

#[test]
fn a_dropped_socket_reconnects_with_backoff_resubscribes_and_recovers() {
    let mut c = connected();
    let out = c.handle(
        SocketEvent::Closed {
            code: 3001,
            reason: "shutdown".into(),
        },
        NOW + 10,
    );
    assert_eq!(c.state(), ConnState::Connecting);
    assert_eq!(c.sub_state("wallet:accounts#7"), SubState::Subscribing);
    let [(ms, Timer::Reconnect { epoch: 1 })] = timers(&out)[..] else {
        panic!("one reconnect timer: {out:?}")
    };
    assert!((500..=1000).contains(&ms), "first backoff step: {ms}");
    assert!(out.iter().any(|o| matches!(o,
        Output::Reconnecting { error, attempt: 1, delay_ms, .. } if *error == ERROR_TRANSPORT_CLOSED && *delay_ms == ms)));
    // The reconnect timer opens a new socket (epoch 2); stale timers of epoch 1 do nothing.
    let out = c.handle(
        SocketEvent::Timer(Timer::Reconnect { epoch: 1 }),
        NOW + 1000,
    );
    assert_eq!(out[0], Output::Socket(SocketCmd::Open { url: URL.into() }));
    assert!(c
        .handle(
            SocketEvent::Timer(Timer::PingCheck { epoch: 1 }),
            NOW + 99_000
        )
        .is_empty());
    assert!(c
        .handle(
            SocketEvent::Timer(Timer::Reconnect { epoch: 1 }),
            NOW + 1000
        )
        .is_empty());
    c.handle(SocketEvent::Opened, NOW + 1001);
    let out = msg(
        &mut c,
        r#"{"id":4,"connect":{"client":"b","ping":25,"pong":true}}"#,
        NOW + 1002,
    );
    assert!(out.contains(&Output::Connected {
        client: "b".into(),
        reconnect: true
    }));
    assert!(
        !out.contains(&Output::Recovered),
        "not before the channels answered"
    );
    let out = msg(&mut c, "{\"id\":5,\"subscribe\":{}}", NOW + 1003);
    assert!(!out.contains(&Output::Recovered));
    let out = msg(&mut c, "{\"id\":6,\"subscribe\":{}}", NOW + 1004);
    assert_eq!(out, vec![Output::Recovered]);
    assert_eq!(c.attempts(), 0, "a successful connect resets the backoff");
}

#[test]
fn unauthorized_and_bad_request_closes_do_not_reconnect() {
    for code in [3500u16, 3501] {
        let mut c = connected();
        let out = c.handle(
            SocketEvent::Closed {
                code,
                reason: "invalid token".into(),
            },
            NOW,
        );
        assert_eq!(c.state(), ConnState::Disconnected);
        assert!(timers(&out).is_empty());
        assert!(out.contains(&Output::Disconnected {
            code,
            reason: "invalid token".into()
        }));
        assert_eq!(c.sub_state("global:online"), SubState::Unsubscribed);
    }
    // The same through a disconnect push.
    let mut c = connected();
    let out = msg(
        &mut c,
        r#"{"push":{"disconnect":{"code":3500,"reason":"invalid token"}}}"#,
        NOW,
    );
    assert_eq!(out[0], Output::Socket(SocketCmd::Close));
    assert_eq!(c.state(), ConnState::Disconnected);
}

#[test]
fn an_expired_token_asks_for_a_refresh_then_resumes() {
    let mut c = Client::new();
    c.connect(
        URL,
        Some(7),
        Some("old".into()),
        vec!["global:online".into()],
        NOW,
    );
    c.handle(SocketEvent::Opened, NOW);
    let out = msg(
        &mut c,
        r#"{"id":1,"error":{"code":109,"message":"token expired"}}"#,
        NOW,
    );
    assert_eq!(
        out,
        vec![Output::Socket(SocketCmd::Close), Output::NeedToken]
    );
    assert!(c.awaiting_token());
    assert_eq!(c.state(), ConnState::Connecting);
    // A connect timer of that socket is ignored while waiting.
    assert!(c
        .handle(SocketEvent::Timer(Timer::Connect { epoch: 1 }), NOW + 5000)
        .is_empty());
    let out = c.resume(Some("new".into()));
    assert_eq!(out[0], Output::Socket(SocketCmd::Open { url: URL.into() }));
    let out = c.handle(SocketEvent::Opened, NOW);
    assert_eq!(
        sends(&out),
        vec![r#"{"id":2,"connect":{"token":"new","name":"croupier"}}"#]
    );
    // Expired again and again: give up rather than loop.
    msg(
        &mut c,
        r#"{"id":2,"error":{"code":109,"message":"token expired"}}"#,
        NOW,
    );
    c.resume(Some("newer".into()));
    c.handle(SocketEvent::Opened, NOW);
    let out = msg(
        &mut c,
        r#"{"id":3,"error":{"code":109,"message":"token expired"}}"#,
        NOW,
    );
    assert!(out
        .iter()
        .any(|o| matches!(o, Output::Disconnected { code: 3500, .. })));
    assert_eq!(c.state(), ConnState::Disconnected);
}

#[test]
fn other_connect_errors_reconnect() {
    let mut c = Client::new();
    c.connect(URL, None, None, vec!["global:online".into()], NOW);
    c.handle(SocketEvent::Opened, NOW);
    let out = msg(
        &mut c,
        r#"{"id":1,"error":{"code":100,"message":"internal"}}"#,
        NOW,
    );
    assert!(out
        .iter()
        .any(|o| matches!(o, Output::Error { code: 100, .. })));
    assert!(out.contains(&Output::Socket(SocketCmd::Close)));
    assert!(matches!(timers(&out)[..], [(_, Timer::Reconnect { .. })]));
}

#[test]
fn timeouts_are_error_1_and_reconnect() {
    // No connect reply in time.
    let mut c = Client::new();
    c.connect(URL, None, None, vec!["global:online".into()], NOW);
    c.handle(SocketEvent::Opened, NOW);
    let out = c.handle(SocketEvent::Timer(Timer::Connect { epoch: 1 }), NOW + 5000);
    assert_eq!(out[0], Output::Socket(SocketCmd::Close));
    assert!(out
        .iter()
        .any(|o| matches!(o, Output::Reconnecting { error, .. } if *error == ERROR_TIMEOUT)));
    // No subscribe reply in time.
    let mut c = Client::new();
    c.connect(URL, None, None, vec!["global:online".into()], NOW);
    c.handle(SocketEvent::Opened, NOW);
    msg(&mut c, r#"{"id":1,"connect":{"client":"a"}}"#, NOW);
    assert!(
        c.handle(SocketEvent::Timer(Timer::Connect { epoch: 1 }), NOW + 5000)
            .is_empty(),
        "connected in time"
    );
    let out = c.handle(
        SocketEvent::Timer(Timer::Reply { epoch: 1, id: 2 }),
        NOW + 5000,
    );
    assert!(out
        .iter()
        .any(|o| matches!(o, Output::Reconnecting { error: 1, .. })));
    // A reply timer whose command was answered does nothing.
    let mut c = connected();
    assert!(c
        .handle(
            SocketEvent::Timer(Timer::Reply { epoch: 1, id: 2 }),
            NOW + 5000
        )
        .is_empty());
}

#[test]
fn a_silent_server_is_given_up_after_ping_interval_plus_grace() {
    let mut c = connected();
    // A ping at +20 s moves the deadline: the check at +35 s re-arms for the rest.
    msg(&mut c, "{}", NOW + 20_000);
    let out = c.handle(
        SocketEvent::Timer(Timer::PingCheck { epoch: 1 }),
        NOW + 35_000,
    );
    assert_eq!(timers(&out), vec![(20_000, Timer::PingCheck { epoch: 1 })]);
    assert_eq!(c.state(), ConnState::Connected);
    let out = c.handle(
        SocketEvent::Timer(Timer::PingCheck { epoch: 1 }),
        NOW + 55_000,
    );
    assert_eq!(out[0], Output::Socket(SocketCmd::Close));
    assert!(out
        .iter()
        .any(|o| matches!(o, Output::Reconnecting { error: 1, .. })));
    assert_eq!(c.state(), ConnState::Connecting);
}

#[test]
fn backoff_grows_while_attempts_fail() {
    let mut c = Client::new();
    c.connect(URL, None, None, vec![], NOW);
    let mut now = NOW;
    let mut delays = vec![];
    for epoch in 1..=10 {
        let out = c.handle(
            SocketEvent::Closed {
                code: 1006,
                reason: String::new(),
            },
            now,
        );
        let [(ms, Timer::Reconnect { epoch: e })] = timers(&out)[..] else {
            panic!("{out:?}")
        };
        assert_eq!(e, epoch);
        delays.push(ms);
        now += u64::from(ms);
        c.handle(SocketEvent::Timer(Timer::Reconnect { epoch }), now);
    }
    for (step, d) in delays.iter().enumerate() {
        assert!(
            *d >= BACKOFF_MIN_MS && *d <= BACKOFF_MIN_MS + cap(step as u32).min(BACKOFF_MAX_MS)
        );
    }
    assert!(delays.iter().all(|d| *d <= BACKOFF_MAX_MS));
}

#[test]
fn disconnect_stays_down() {
    let mut c = connected();
    let out = c.disconnect();
    assert_eq!(out, vec![Output::Socket(SocketCmd::Close)]);
    assert_eq!(c.state(), ConnState::Disconnected);
    assert!(c
        .handle(
            SocketEvent::Closed {
                code: 1006,
                reason: String::new()
            },
            NOW
        )
        .is_empty());
    assert!(c
        .handle(SocketEvent::Timer(Timer::Reconnect { epoch: 1 }), NOW)
        .is_empty());
    assert!(c.handle(SocketEvent::Opened, NOW).is_empty());
}

proptest! {
    #[test]
    fn backoff_is_always_in_bounds(step in 0u32..200, r in proptest::num::f64::ANY) {
        let d = delay(step, r);
        prop_assert!((BACKOFF_MIN_MS..=BACKOFF_MAX_MS).contains(&d));
        prop_assert!(d <= BACKOFF_MIN_MS + cap(step));
    }

    #[test]
    fn backoff_cap_never_decreases(step in 0u32..1000) {
        prop_assert!(cap(step) <= cap(step + 1));
        prop_assert!(cap(step) >= BACKOFF_MIN_MS && cap(step) <= BACKOFF_MAX_MS);
    }

    /// Any text on the socket (the network's, not the core's) is handled without aborting the
    /// app (panic=immediate-abort in the release wasm); no invariant beyond that here, the
    /// protocol's answers are the tests above.
    #[test]
    fn any_socket_frame_is_handled_without_aborting(frames in proptest::collection::vec(".{0,80}", 1..8)) {
        let mut c = connected();
        for f in frames {
            let _ = c.handle(SocketEvent::Message(f), NOW);
        }
    }

    /// Any data in a push (the server's JSON, any shape) is routed or dropped and the player's
    /// view still renders: the app is not aborted by a push (panic=immediate-abort in the
    /// release wasm).
    #[test]
    fn any_push_data_is_routed_or_dropped_without_aborting(channel in "[a-z:#0-9]{0,20}", data in arb_json()) {
        let _ = push::route(&channel, data.clone());
        let (mut m, _) = connected_player();
        let line = json!({"push": {"channel": "wallet:accounts#7", "pub": {"data": data.clone()}}}).to_string();
        let _ = update(&mut m, Event::Socket(SocketEvent::Message(line)), NOW);
        let line = json!({"push": {"channel": "game:bets#7", "pub": {"data": {"event": "game.bet.max.exceed", "data": data}}}}).to_string();
        let _ = update(&mut m, Event::Socket(SocketEvent::Message(line)), NOW);
        let _ = view(&m);
    }
}

fn arb_json() -> impl Strategy<Value = serde_json::Value> {
    let leaf = prop_oneof![
        Just(serde_json::Value::Null),
        any::<bool>().prop_map(serde_json::Value::from),
        any::<i64>().prop_map(serde_json::Value::from),
        "[0-9.a-zA-Z-]{0,12}".prop_map(serde_json::Value::from),
    ];
    leaf.prop_recursive(3, 16, 4, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..4).prop_map(serde_json::Value::from),
            proptest::collection::btree_map(
                prop_oneof![
                    Just("id".to_string()),
                    Just("balance".to_string()),
                    Just("currency".to_string()),
                    Just("amount".to_string()),
                    Just("status".to_string()),
                    "[a-z]{1,5}"
                ],
                inner,
                0..5
            )
            .prop_map(|m| serde_json::Value::Object(m.into_iter().collect())),
        ]
    })
}

// ---------------------------------------------------------------- push routing

#[test]
fn channels_for_guests_and_players() {
    assert_eq!(push::channels(None), vec!["global:online"]);
    let player = push::channels(Some(42));
    assert_eq!(player.len(), 12);
    assert!(player.contains(&"wallet:accounts#42".to_string()));
    assert!(player.contains(&"retention:quests#42".to_string()));
    assert!(player.contains(&"messenger:pushes#42".to_string()));
    assert_eq!(player.last().map(String::as_str), Some("global:online"));
    for ch in &player {
        assert_ne!(push::topic(ch), Topic::Unknown, "{ch}");
    }
}

/// The namespace before `#` names the topic; anything else is unknown.
#[test]
fn each_namespace_is_its_topic() {
    for (channel, want) in [
        ("retention:quests#1", Topic::Quests),
        ("bonus:player-bonuses#1", Topic::Bonuses),
        ("bonus:player-bonus-codes#1", Topic::BonusCodes),
        ("game:spins#1", Topic::Spins),
        ("messenger:pushes#1", Topic::Pushes),
        (push::GLOBAL_ONLINE, Topic::Online),
        ("global:online#1", Topic::Online),
        ("game:bet", Topic::Unknown),
        ("", Topic::Unknown),
        (" ", Topic::Unknown),
    ] {
        assert_eq!(push::topic(channel), want, "{channel}");
    }
}

#[test]
fn routes_by_event_then_channel() {
    let account = j!({"id": 1, "currency": "USD", "balance": "5.00", "status": 1});
    assert_eq!(
        push::route("wallet:accounts#7", account.clone()),
        Push::Account(account.clone())
    );
    assert_eq!(
        push::route(
            "game:bets#7",
            j!({"event": "game.bet.max.exceed", "data": {"amount": "5", "currency": "USD"}})
        ),
        Push::MaxBetExceeded {
            amount: "5".into(),
            currency: "USD".into()
        }
    );
    assert_eq!(
        push::route(
            "game:bets#7",
            j!({"event": "game.bet.max.exceed", "data": {"maxBet": 2.5, "currency": "EUR"}})
        ),
        Push::MaxBetExceeded {
            amount: "2.5".into(),
            currency: "EUR".into()
        }
    );
    assert!(matches!(
        push::route(
            "retention:quests#7",
            j!({"event": "quest.task.updated", "data": {}})
        ),
        Push::Quest { task: true, .. }
    ));
    assert!(matches!(
        push::route(
            "retention:quests#7",
            j!({"event": "quest.updated", "data": {}})
        ),
        Push::Quest { task: false, .. }
    ));
    assert!(matches!(
        push::route("retention:accounts#7", j!({"points": 1})),
        Push::Loyalty(_)
    ));
    assert!(matches!(
        push::route(
            "game:bets#7",
            j!({"event": "bet.placebet", "data": {"id": 1}})
        ),
        Push::BetPlaced(_)
    ));
    assert!(matches!(
        push::route(
            "game:bets#7",
            j!({"event": "game.bet.restricted", "data": {}})
        ),
        Push::BetRestricted(_)
    ));
    // Plain objects on the game channels are history rows (issue 29: they were dropped).
    assert!(matches!(
        push::route("game:spins#7", j!({"id": 1})),
        Push::Spin(_)
    ));
    assert!(matches!(
        push::route("game:bets#7", j!({"id": 1})),
        Push::Bet(_)
    ));
    for event in ["invoice.deposit.updated", "invoice.withdrawal.updated"] {
        assert!(
            matches!(push::route("payment:invoices#7", j!({"event": event, "data": {"id": 1}})), Push::Invoice { event: e, .. } if e == event),
            "{event}"
        );
    }
    assert!(matches!(
        push::route("bonus:player-bonuses#7", j!({"id": 1})),
        Push::Bonus(_)
    ));
    assert!(matches!(
        push::route("bonus:player-freespins#7", j!({"id": 1})),
        Push::Freespin(_)
    ));
    assert!(matches!(
        push::route("bonus:player-bonus-codes#7", j!({"id": 1})),
        Push::BonusCode(_)
    ));
    for (channel, what) in [
        ("payment:invoices#7", "invoice"),
        ("global:online", "online count"),
    ] {
        assert!(
            matches!(push::route(channel, j!({"id": 1})), Push::LogOnly { what: w, .. } if w == what),
            "{channel}"
        );
    }
    assert!(matches!(
        push::route("messenger:notifications#7", j!({"id": 1})),
        Push::Message(_)
    ));
    assert!(matches!(
        push::route("messenger:pushes#7", j!({"id": 1})),
        Push::PushNote(_)
    ));
}

#[test]
fn malformed_pushes_are_named_not_fatal() {
    for (channel, data) in [
        ("wallet:accounts#7", j!("text")),
        ("wallet:accounts#7", j!([1, 2])),
        ("game:bets#7", j!({"event": 5})),
        ("game:bets#7", j!({"event": "no.such.event"})),
        ("game:bets#7", j!({"event": "game.bet.max.exceed"})),
        (
            "game:bets#7",
            j!({"event": "game.bet.max.exceed", "data": {"amount": "5"}}),
        ),
        (
            "game:bets#7",
            j!({"event": "game.bet.max.exceed", "data": {"amount": "", "currency": "USD"}}),
        ),
        (
            "game:bets#7",
            j!({"event": "game.bet.max.exceed", "data": {"amount": "5", "currency": " "}}),
        ),
        ("nowhere", j!({"id": 1})),
    ] {
        assert!(
            matches!(push::route(channel, data.clone()), Push::Malformed { .. }),
            "{channel} {data}"
        );
    }
}

// ---------------------------------------------------------------- the app

fn socket(m: &mut Model, e: SocketEvent) -> Vec<Effect> {
    update(m, Event::Socket(e), NOW)
}

fn frame(m: &mut Model, text: &str) -> Vec<Effect> {
    socket(m, SocketEvent::Message(text.into()))
}

/// The calls other than the bonuses feature's refetch (issue 12).
fn wallet_paths(fx: &[Effect]) -> Vec<String> {
    http_paths(fx)
        .into_iter()
        .filter(|p| !p.starts_with("/api/game/"))
        .collect()
}

fn lock_cmds(fx: &[Effect]) -> Vec<LockCmd> {
    fx.iter()
        .filter_map(|e| match e {
            Effect::RefreshLock(c) => Some(*c),
            _ => None,
        })
        .collect()
}

fn http_paths(fx: &[Effect]) -> Vec<String> {
    fx.iter()
        .filter_map(|e| match e {
            Effect::Http(h) => Some(h.path.clone()),
            _ => None,
        })
        .collect()
}

fn logs(fx: &[Effect]) -> Vec<String> {
    fx.iter()
        .filter_map(|e| match e {
            Effect::Log { message, .. } => Some(message.clone()),
            _ => None,
        })
        .collect()
}

/// Player 7 signed in, USD and BTC accounts, socket connected and subscribed.
fn connected_player() -> (Model, String) {
    connected_player_then("10.00")
}

/// As [`connected_player`], the USD balance `refetched` by the first subscription's refetch.
fn connected_player_then(refetched: &str) -> (Model, String) {
    let t = token(3600, "a");
    let mut m = Model::new(Config::default());
    update(
        &mut m,
        Event::Booted {
            token: Some(t.clone()),
            path: "/".into(),
            boot: Default::default(),
        },
        NOW,
    );
    respond(
        &mut m,
        req::currencies(),
        200,
        json!([
            {"code":"USD","type":"fiat","symbol":"$","subunitToUnit":100},
            {"code":"BTC","type":"crypto","symbol":"₿","subunitToUnit":100000000,"subCurrencies":[{"code":"mBTC","subunitToUnit":1000}]}
        ]),
    );
    let fx = respond(
        &mut m,
        req::profile(),
        200,
        json!({"id": 7, "email": "ace@example.com"}),
    );
    // The socket opens once the player is known, with the per-player channels.
    assert!(fx.contains(&Effect::Socket(SocketCmd::Open { url: URL.into() })));
    respond(
        &mut m,
        req::accounts(),
        200,
        json!([
            {"id": 1, "currency": "USD", "balance": "10.00", "status": 1},
            {"id": 3, "currency": "BTC", "balance": "0", "status": 2}
        ]),
    );
    let fx = socket(&mut m, SocketEvent::Opened);
    assert!(fx
        .iter()
        .any(|e| matches!(e, Effect::Socket(SocketCmd::Send(s)) if s.contains(&t))));
    let fx = frame(
        &mut m,
        r#"{"id":1,"connect":{"client":"c","ping":25,"pong":true}}"#,
    );
    let subscribe = fx
        .iter()
        .find_map(|e| match e {
            Effect::Socket(SocketCmd::Send(s)) => Some(s.clone()),
            _ => None,
        })
        .unwrap();
    assert_eq!(subscribe.lines().count(), 12, "{subscribe}");
    assert!(subscribe.contains(r#""channel":"wallet:accounts#7""#));
    // Timers come back as socket events.
    assert!(fx.iter().any(|e| matches!(e, Effect::Timer { ms: 35_000, event, .. } if **event == Event::Socket(SocketEvent::Timer(Timer::PingCheck { epoch: 1 })))));
    let replies: Vec<String> = (2..14)
        .map(|id| format!(r#"{{"id":{id},"subscribe":{{}}}}"#))
        .collect();
    let fx = frame(&mut m, &replies.join("\n"));
    assert_eq!(
        m.realtime.sub_state("wallet:accounts#7"),
        SubState::Subscribed
    );
    // Subscribed: what changed since the first loads is loaded again (issue 29).
    assert!(http_paths(&fx).contains(&"/api/wallet/accounts".to_string()));
    respond(
        &mut m,
        req::accounts(),
        200,
        json!([
            {"id": 1, "currency": "USD", "balance": refetched, "status": 1},
            {"id": 3, "currency": "BTC", "balance": "0", "status": 2}
        ]),
    );
    (m, t)
}

fn account_push(balance: &str, id: i64, status: i64) -> String {
    json!({"push": {"channel": "wallet:accounts#7", "pub": {"data": {"id": id, "currency": if id == 3 { "BTC" } else { "USD" }, "balance": balance, "status": status}}}}).to_string()
}

#[test]
fn an_account_push_updates_the_balance() {
    let (mut m, _) = connected_player();
    assert_eq!(view(&m).session.balance.unwrap().amount, "10.00");
    let fx = frame(&mut m, &account_push("1234.5", 1, 1));
    assert!(http_paths(&fx).is_empty(), "a push needs no request");
    assert_eq!(view(&m).session.balance.unwrap().amount, "1,234.50");
    // An account we did not list joins in id order.
    frame(&mut m, &account_push("2", 2, 2));
    assert_eq!(
        m.f.wallet.accounts.iter().map(|a| a.id).collect::<Vec<_>>(),
        vec![1, 2, 3]
    );
}

#[test]
fn a_malformed_account_push_is_logged_and_dropped() {
    let (mut m, _) = connected_player();
    let before = m.f.wallet.accounts.clone();
    for bad in [
        r#"{"push":{"channel":"wallet:accounts#7","pub":{"data":{"id":"one","balance":"5"}}}}"#,
        r#"{"push":{"channel":"wallet:accounts#7","pub":{"data":{"id":1,"balance":5}}}}"#,
        r#"{"push":{"channel":"wallet:accounts#7","pub":{"data":null}}}"#,
        r#"{"push":{"channel":"wallet:accounts#7","pub":{}}}"#,
        "{not json",
    ] {
        let fx = frame(&mut m, bad);
        assert!(
            logs(&fx)
                .iter()
                .any(|l| l.contains("dropped") || l.contains("malformed")),
            "{bad}: {fx:?}"
        );
    }
    assert_eq!(m.f.wallet.accounts, before);
}

#[test]
fn max_bet_exceeded_shows_a_toast_with_amount_and_currency() {
    let (mut m, _) = connected_player();
    frame(
        &mut m,
        r#"{"push":{"channel":"game:bets#7","pub":{"data":{"event":"game.bet.max.exceed","data":{"amount":"5","currency":"USD"}}}}}"#,
    );
    let toast = view(&m).toasts.last().cloned().expect("a toast");
    assert_eq!(toast.title, "Bet too high");
    assert_eq!(
        toast.description.as_deref(),
        Some("The maximum bet is 5.00 USD.")
    );
    // Crypto in milli-units, as the balances are shown.
    update(
        &mut m,
        Event::Socket(SocketEvent::Message(
            r#"{"push":{"channel":"game:bets#7","pub":{"data":{"event":"game.bet.max.exceed","data":{"amount":"0.0025","currency":"BTC"}}}}}"#.into(),
        )),
        NOW + 1000,
    );
    let toast = view(&m).toasts.last().cloned().unwrap();
    assert_eq!(
        toast.description.as_deref(),
        Some("The maximum bet is 2.50 mBTC.")
    );
    // A bad amount is dropped.
    let n = view(&m).toasts.len();
    let fx = update(
        &mut m,
        Event::Socket(SocketEvent::Message(
            r#"{"push":{"channel":"game:bets#7","pub":{"data":{"event":"game.bet.max.exceed","data":{"amount":"lots","currency":"USD"}}}}}"#.into(),
        )),
        NOW + 2000,
    );
    assert_eq!(view(&m).toasts.len(), n);
    assert!(logs(&fx).iter().any(|l| l.contains("max bet push dropped")));
}

#[test]
fn the_online_count_is_logged_only() {
    let (mut m, _) = connected_player();
    let before = m.clone();
    let fx = frame(
        &mut m,
        r#"{"push":{"channel":"global:online","pub":{"data":{"online":12}}}}"#,
    );
    assert!(logs(&fx).iter().any(|l| l.contains("online count")));
    assert_eq!(m.f.wallet.accounts, before.f.wallet.accounts);
    assert_eq!(m.f.toasts, before.f.toasts);
}

/// Issue 29: spins and bets published on the game channels reach the history tab that shows
/// them, through the socket, not only through the reducer.
#[test]
fn spin_and_bet_pushes_arrive_as_live_history_rows() {
    let (mut m, _) = connected_player();
    ui(
        &mut m,
        AppUi::Navigate {
            path: "/wallet/history?tab=spins".into(),
        },
    );
    respond(
        &mut m,
        Req::Games(games::Call::Spins { page: 1 }),
        200,
        json!({"data": [], "meta": {"totalPages": 1}}),
    );
    assert!(view(&m).games_history.rows.is_empty());
    frame(
        &mut m,
        r#"{"push":{"channel":"game:spins#7","pub":{"data":{"id":41,"gameIdentity":"starburst","gameName":"Starburst","currency":"USD","bet":"1.00","win":"2.00","createdAt":1700000001}}}}"#,
    );
    let rows = view(&m).games_history.rows;
    assert_eq!(rows.len(), 1);
    assert_eq!((rows[0].game.as_str(), rows[0].id), ("Starburst", 41));
    // A bet is not a spin: the spins tab does not take it.
    frame(
        &mut m,
        r#"{"push":{"channel":"game:bets#7","pub":{"data":{"id":42,"gameName":"Starburst","currency":"USD","amount":"1.00","win":"0.00","isSettled":true,"createdAt":1700000002}}}}"#,
    );
    assert_eq!(view(&m).games_history.rows.len(), 1);
    // On the bets tab it does.
    ui(
        &mut m,
        AppUi::Navigate {
            path: "/wallet/history?tab=bets".into(),
        },
    );
    respond(
        &mut m,
        Req::Games(games::Call::Bets {
            page: 1,
            settled: true,
        }),
        200,
        json!({"data": [], "meta": {"totalPages": 1}}),
    );
    frame(
        &mut m,
        r#"{"push":{"channel":"game:bets#7","pub":{"data":{"id":42,"gameName":"Starburst","currency":"USD","amount":"1.00","win":"0.00","isSettled":true,"createdAt":1700000002}}}}"#,
    );
    let rows = view(&m).games_history.rows;
    assert_eq!(rows.iter().map(|r| r.id).collect::<Vec<_>>(), [42]);
}

#[test]
fn a_restricted_bet_push_warns_the_player() {
    let (mut m, _) = connected_player();
    let n = view(&m).toasts.len();
    frame(
        &mut m,
        r#"{"push":{"channel":"game:bets#7","pub":{"data":{"event":"game.bet.restricted","data":{"gameIdentity":"starburst"}}}}}"#,
    );
    let toasts = view(&m).toasts;
    assert_eq!(toasts.len(), n + 1);
    let toast = toasts.last().unwrap();
    assert_eq!(toast.kind, ToastKind::Warning);
    assert_eq!(toast.title, "This bet is not allowed in this game.");
}

/// Issue 29, the first-connection gap: a balance changed after the sign-in's accounts answer
/// but before the channels were subscribed (its push went to nobody) shows once subscribed.
#[test]
fn a_change_published_before_the_first_subscription_is_refetched() {
    let (m, _) = connected_player_then("25.00");
    let usd = m.f.wallet.accounts.iter().find(|a| a.id == 1).unwrap();
    assert_eq!(usd.balance, "25.00");
}

/// Every call in flight fails (network), at NOW; the effects of the last answer.
fn fail_all(m: &mut Model) -> Vec<Effect> {
    let mut fx = Vec::new();
    for id in m.calls.in_flight_ids() {
        fx = update(
            m,
            Event::Http {
                id,
                outcome: HttpOutcome::Failed {
                    reason: "offline".into(),
                },
            },
            NOW,
        );
    }
    fx
}

/// A refetch's answer may predate a push that arrived before it (the server answered the GET
/// before the change): a push while the refetch's calls are out refetches once more when
/// they have all answered; without one, nothing more is asked (the reverted fix of issue 19
/// put the older loyalty level back).
#[test]
fn a_push_during_a_refetch_refetches_again_once_its_calls_answered() {
    let (mut m, _) = connected_player();
    // The first subscription's refetch is still out: a balance push arrives meanwhile (a
    // push no feature takes, as the e2e's `{}` probes, changes nothing and does not count).
    assert!(!m.calls.in_flight_ids().is_empty());
    frame(
        &mut m,
        r#"{"push":{"channel":"retention:accounts#7","pub":{"data":{}}}}"#,
    );
    assert!(!m.refetch.as_ref().unwrap().pushed);
    frame(&mut m, &account_push("30.00", 1, 1));
    let fx = fail_all(&mut m);
    assert!(
        logs(&fx).iter().any(|l| l.contains("refetching again")),
        "{fx:#?}"
    );
    let again = http_paths(&fx);
    assert!(
        again.contains(&"/api/wallet/accounts".to_string()),
        "{again:?}"
    );
    assert!(
        again.contains(&"/api/game/player-bonuses".to_string()),
        "{again:?}"
    );
    // No push this time: once answered, nothing more.
    let fx = fail_all(&mut m);
    assert!(http_paths(&fx).is_empty(), "{fx:#?}");
    assert!(m.refetch.is_none());
}

/// A steady stream of pushes (a player spinning fast) must not keep every feature refetching
/// for as long as it lasts: after `REFETCH_ROUNDS` in a row the refetching stops.
#[test]
fn pushes_during_every_refetch_stop_refetching_after_the_last_round() {
    let (mut m, _) = connected_player();
    let mut rounds = 1;
    loop {
        assert!(
            !m.calls.in_flight_ids().is_empty(),
            "round {rounds}: calls out"
        );
        frame(&mut m, &account_push("30.00", 1, 1));
        let fx = fail_all(&mut m);
        if http_paths(&fx).is_empty() {
            assert!(
                logs(&fx).iter().any(|l| l.contains("no refetch after")),
                "{fx:#?}"
            );
            break;
        }
        rounds += 1;
        assert!(rounds <= 10, "still refetching after {rounds} rounds");
    }
    assert_eq!(
        rounds,
        usize::from(croupier_core::app::live::REFETCH_ROUNDS)
    );
    assert!(m.refetch.is_none());
    // The push itself still lands.
    let usd = m.f.wallet.accounts.iter().find(|a| a.id == 1).unwrap();
    assert_eq!(usd.balance, "30.00");
}

#[test]
fn after_a_reconnect_the_accounts_are_refetched() {
    let (mut m, _) = connected_player();
    let fx = socket(
        &mut m,
        SocketEvent::Closed {
            code: 3001,
            reason: "shutdown".into(),
        },
    );
    assert!(
        logs(&fx)
            .iter()
            .any(|l| l.starts_with("realtime: reconnect in ")),
        "{fx:?}"
    );
    socket(&mut m, SocketEvent::Timer(Timer::Reconnect { epoch: 1 }));
    socket(&mut m, SocketEvent::Opened);
    let fx = frame(
        &mut m,
        r#"{"id":14,"connect":{"client":"d","ping":25,"pong":true}}"#,
    );
    assert!(http_paths(&fx).is_empty());
    let replies: Vec<String> = (15..27)
        .map(|id| format!(r#"{{"id":{id},"subscribe":{{}}}}"#))
        .collect();
    let fx = frame(&mut m, &replies.join("\n"));
    // The accounts, and the notifications a missed push may have changed (issue 14).
    assert_eq!(
        wallet_paths(&fx),
        vec![
            "/api/wallet/accounts",
            "/api/notification/messenger/messages",
            "/api/notification/pushes"
        ]
    );
    // The bonuses feature reloads what its pushes would have told (issue 12).
    assert!(http_paths(&fx).contains(&"/api/game/player-bonuses".to_string()));
}

#[test]
fn a_push_during_an_accounts_load_loads_them_again() {
    let (mut m, _) = connected_player();
    update(
        &mut m,
        Event::Ui(croupier_core::app::features::wallet::WalletUi::SwitchAccount { id: 3 }.into()),
        NOW,
    );
    // The reload after a create is in flight when the push arrives.
    support::add_account(&mut m, "BTC", 2);
    assert!(m.f.wallet.loading);
    frame(&mut m, &account_push("99", 1, 1));
    let fx = respond(
        &mut m,
        req::accounts(),
        200,
        json!([{"id": 1, "currency": "USD", "balance": "10.00", "status": 1}]),
    );
    assert_eq!(
        http_paths(&fx),
        vec!["/api/wallet/accounts"],
        "the snapshot may be older than the push"
    );
    let fx = respond(
        &mut m,
        req::accounts(),
        200,
        json!([{"id": 1, "currency": "USD", "balance": "99.00", "status": 1}]),
    );
    assert!(http_paths(&fx).is_empty());
    assert_eq!(view(&m).session.balance.unwrap().amount, "99.00");
}

#[test]
fn a_token_expired_connect_refreshes_then_reconnects_with_the_new_token() {
    let (mut m, old) = connected_player();
    socket(
        &mut m,
        SocketEvent::Closed {
            code: 1006,
            reason: String::new(),
        },
    );
    socket(&mut m, SocketEvent::Timer(Timer::Reconnect { epoch: 1 }));
    socket(&mut m, SocketEvent::Opened);
    let fx = frame(
        &mut m,
        r#"{"id":14,"error":{"code":109,"message":"token expired"}}"#,
    );
    assert!(fx.contains(&Effect::Socket(SocketCmd::Close)));
    assert!(fx.contains(&Effect::RefreshLock(LockCmd::Acquire)));
    let fx = update(
        &mut m,
        Event::Refresh(RefreshEvent::Lock {
            acquired: true,
            stored_token: Some(old.clone()),
        }),
        NOW,
    );
    assert_eq!(http_paths(&fx), vec!["/api/player/sessions/refresh"]);
    let new = token(7200, "new");
    let fx = respond(&mut m, req::refresh(), 200, json!({"accessToken": new}));
    assert!(
        fx.contains(&Effect::Socket(SocketCmd::Open { url: URL.into() })),
        "{fx:?}"
    );
    let fx = socket(&mut m, SocketEvent::Opened);
    assert!(fx
        .iter()
        .any(|e| matches!(e, Effect::Socket(SocketCmd::Send(s)) if s.contains(&new))));
}

#[test]
fn a_call_made_while_the_socket_s_refresh_runs_waits_for_the_new_token() {
    // The socket says "token expired" while the token still looks valid here: the refresh
    // runs, and a player call made meanwhile must wait for it (not go out with the old token).
    let (mut m, old) = connected_player();
    socket(
        &mut m,
        SocketEvent::Closed {
            code: 1006,
            reason: String::new(),
        },
    );
    socket(&mut m, SocketEvent::Timer(Timer::Reconnect { epoch: 1 }));
    socket(&mut m, SocketEvent::Opened);
    frame(
        &mut m,
        r#"{"id":14,"error":{"code":109,"message":"token expired"}}"#,
    );
    let fx = update(
        &mut m,
        Event::Refresh(RefreshEvent::Lock {
            acquired: true,
            stored_token: Some(old.clone()),
        }),
        NOW,
    );
    assert_eq!(http_paths(&fx), vec!["/api/player/sessions/refresh"]);
    let fx = update(
        &mut m,
        Event::Ui(WalletUi::SwitchAccount { id: 3 }.into()),
        NOW,
    );
    assert!(http_paths(&fx).is_empty(), "waits for the refresh: {fx:#?}");
    let new = token(7200, "new");
    let fx = respond(&mut m, req::refresh(), 200, json!({"accessToken": new}));
    let sent: Vec<_> = fx
        .iter()
        .filter_map(|e| match e {
            Effect::Http(h) => Some((h.path.clone(), h.bearer.clone())),
            _ => None,
        })
        .collect();
    assert_eq!(
        sent,
        vec![("/api/wallet/accounts/3/switch".to_string(), Some(new))]
    );
}

#[test]
fn the_socket_s_token_expired_joins_a_refresh_already_in_flight() {
    // A call found the token expired and its refresh is on the wire; then the socket is told
    // the same. One refresh, one lock: the socket waits for that refresh's token.
    let (mut m, old) = connected_player();
    let later = NOW + 3_600_000;
    let fx = update(
        &mut m,
        Event::Ui(WalletUi::SwitchAccount { id: 3 }.into()),
        later,
    );
    assert_eq!(lock_cmds(&fx), vec![LockCmd::Acquire]);
    let fx = update(
        &mut m,
        Event::Refresh(RefreshEvent::Lock {
            acquired: true,
            stored_token: Some(old.clone()),
        }),
        later,
    );
    assert_eq!(http_paths(&fx), vec!["/api/player/sessions/refresh"]);
    socket(
        &mut m,
        SocketEvent::Closed {
            code: 1006,
            reason: String::new(),
        },
    );
    socket(&mut m, SocketEvent::Timer(Timer::Reconnect { epoch: 1 }));
    socket(&mut m, SocketEvent::Opened);
    let fx = frame(
        &mut m,
        r#"{"id":14,"error":{"code":109,"message":"token expired"}}"#,
    );
    assert!(lock_cmds(&fx).is_empty(), "no second lock: {fx:#?}");
    assert!(http_paths(&fx).is_empty(), "no second refresh: {fx:#?}");
    let new = token(7200, "new");
    let body = json!({"accessToken": new}).to_string();
    let fx = support::respond_at(&mut m, req::refresh(), 200, &body, later);
    assert_eq!(http_paths(&fx), vec!["/api/wallet/accounts/3/switch"]);
    assert!(fx.contains(&Effect::Socket(SocketCmd::Open { url: URL.into() })));
    // A late lock answer from the socket's request (had it made one) must not refresh again.
    let fx = update(
        &mut m,
        Event::Refresh(RefreshEvent::Lock {
            acquired: true,
            stored_token: Some(new.clone()),
        }),
        later,
    );
    assert!(http_paths(&fx).is_empty(), "{fx:#?}");
}

#[test]
fn an_unauthorized_disconnect_checks_the_session() {
    let (mut m, _) = connected_player();
    let fx = socket(
        &mut m,
        SocketEvent::Closed {
            code: 3500,
            reason: "invalid token".into(),
        },
    );
    // The accounts, and the notifications a missed push may have changed (issue 14).
    assert_eq!(
        wallet_paths(&fx),
        vec![
            "/api/wallet/accounts",
            "/api/notification/messenger/messages",
            "/api/notification/pushes"
        ]
    );
    assert!(
        !fx.iter().any(|e| matches!(e, Effect::Timer { .. })),
        "no reconnect"
    );
    // The server says the session is gone: home, sign-in open, a guest socket.
    let fx = respond(
        &mut m,
        req::accounts(),
        401,
        json!({"code": "unauthorized", "message": "Session closed."}),
    );
    assert!(fx.contains(&Effect::PushUrl {
        url: "/?modal=sign-in".into(),
        replace: false
    }));
    assert!(fx.contains(&Effect::Socket(SocketCmd::Open { url: URL.into() })));
    assert_eq!(m.realtime.target(), Some(None));
}

#[test]
fn a_guest_connects_at_start_without_a_token() {
    let mut m = Model::new(Config {
        api_base: "http://127.0.0.1:9/".into(),
        ..Config::default()
    });
    let fx = update(
        &mut m,
        Event::Booted {
            token: None,
            path: "/".into(),
            boot: Default::default(),
        },
        NOW,
    );
    assert!(fx.contains(&Effect::Socket(SocketCmd::Open {
        url: "http://127.0.0.1:9/api/connection/websocket".into()
    })));
    assert_eq!(
        m.realtime.channels().map(|(c, _)| c).collect::<Vec<_>>(),
        vec!["global:online"]
    );
    // A player with an expired token does not connect before the refresh.
    let mut m = Model::new(Config::default());
    update(
        &mut m,
        Event::Booted {
            token: Some(token(5, "old")),
            path: "/".into(),
            boot: Default::default(),
        },
        NOW,
    );
    assert_eq!(m.realtime.target(), None, "booting: not yet");
}

#[test]
fn the_operators_realtime_address_is_used_when_configured() {
    let mut m = Model::new(Config {
        api_base: "https://api.casino.example".into(),
        realtime_url: "wss://rt.casino.example/connection/websocket".into(),
        ..Config::default()
    });
    let fx = update(
        &mut m,
        Event::Booted {
            token: None,
            path: "/".into(),
            boot: Default::default(),
        },
        NOW,
    );
    assert!(fx.contains(&Effect::Socket(SocketCmd::Open {
        url: "wss://rt.casino.example/connection/websocket".into()
    })));
    // From the host page's config object, as the app passes it.
    let read =
        Config::read(&serde_json::json!({"realtimeUrl": "wss://rt.example/ws", "apiBase": 5}));
    assert_eq!(read.realtime_url, "wss://rt.example/ws");
    assert_eq!(read.api_base, "", "a mistyped key keeps its default");
}

#[test]
fn an_expired_token_alone_does_not_refresh_while_connected() {
    // The live connection keeps working after its token expires (docs/API.md); only a call or
    // a reconnect needs a fresh token.
    let (mut m, _) = connected_player();
    let later = NOW + 3_600_000;
    let fx = update(
        &mut m,
        Event::Socket(SocketEvent::Message("{}".into())),
        later,
    );
    assert!(
        !fx.iter().any(|e| matches!(e, Effect::RefreshLock(_))),
        "{fx:?}"
    );
    // A token refreshed for a call is the one the next reconnect sends.
    update(
        &mut m,
        Event::Ui(croupier_core::app::features::wallet::WalletUi::SwitchAccount { id: 3 }.into()),
        later,
    );
    update(
        &mut m,
        Event::Refresh(RefreshEvent::Lock {
            acquired: true,
            stored_token: None,
        }),
        later,
    );
    let new = token(7200, "new");
    respond(&mut m, req::refresh(), 200, json!({ "accessToken": new }));
    assert_eq!(m.realtime.token(), Some(new.as_str()));
    update(
        &mut m,
        Event::Socket(SocketEvent::Closed {
            code: 1006,
            reason: String::new(),
        }),
        later,
    );
    update(
        &mut m,
        Event::Socket(SocketEvent::Timer(Timer::Reconnect { epoch: 1 })),
        later,
    );
    let fx = update(&mut m, Event::Socket(SocketEvent::Opened), later);
    assert!(fx
        .iter()
        .any(|e| matches!(e, Effect::Socket(SocketCmd::Send(s)) if s.contains(&new))));
}

#[test]
fn a_balance_push_rebuilds_only_the_slices_that_read_the_wallet() {
    let (mut m, _) = connected_player();
    sent(&mut m);
    frame(&mut m, &account_push("77", 1, 1));
    assert_eq!(sent(&mut m), ["session", "accounts"]);
    assert_eq!(view(&m).session.balance.unwrap().amount, "77.00");
    // A ping is answered without touching any slice.
    frame(&mut m, "{}");
    assert!(sent(&mut m).is_empty());
}

#[test]
fn a_keystroke_rebuilds_only_the_forms() {
    let (mut m, _) = connected_player();
    sent(&mut m);
    ui(
        &mut m,
        AppUi::FormInput {
            form: FormId::NewAccount,
            field: "currency".into(),
            value: FormValue::Text("BTC".into()),
        },
    );
    assert_eq!(sent(&mut m), ["forms"]);
    // Nothing changed, nothing sent.
    assert!(sent(&mut m).is_empty());
}
