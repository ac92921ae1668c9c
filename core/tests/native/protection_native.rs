//! Reality check and session insight (issue 30): the play session's clock (sign-in start,
//! 30 idle minutes, kept across reloads and tabs through storage), the stakes, wins and net
//! per currency from the bets pushes, and the rule that the check is due once the interval
//! has passed while a game page or the sportsbook is open. Time is the core's `now` and its
//! timers only.

use crate::support;

use croupier_core::app::features::protection;
use croupier_core::app::features::protection::{
    ProtectionTick, ProtectionUi, INTERVALS_KEY, LENGTHS_KEY, REMINDERS_KEY, SEEN_KEY, SESSION_KEY,
};
use croupier_core::app::{update, view, AppUi, Boot, Config, Effect, Event, Model, Req, Tick};
use croupier_core::domain::realtime::SocketEvent;
use serde_json::json;
use support::{connect, req, respond, token, NOW};

const MIN: u64 = 60_000;

fn boot(config: Config, path: &str, prefs: Boot, at: u64) -> Model {
    let mut m = Model::new(config);
    update(
        &mut m,
        Event::Booted {
            token: Some(token(86_400, "a")),
            path: path.into(),
            boot: prefs,
        },
        at,
    );
    respond(
        &mut m,
        req::currencies(),
        200,
        json!([{"code":"USD","type":"fiat","symbol":"$","subunitToUnit":100,"rate":{"rate":"1"}},
               {"code":"BTC","type":"crypto","symbol":"B","subunitToUnit":100000000,"rate":{"rate":"65000"}}]),
    );
    // The profile answer starts the session (at `at`: respond uses NOW, so answer by hand).
    let profile = json!({"id": 7, "email": "a@b.c"}).to_string();
    support::respond_at(&mut m, req::profile(), 200, &profile, at);
    m
}

fn player(path: &str, minutes: u32) -> Model {
    let config = Config {
        reality_check_minutes: minutes,
        ..Config::default()
    };
    let mut m = boot(config, path, Boot::default(), NOW);
    connect(&mut m);
    m
}

/// A row of the bets history pushed on `game:bets#7` at `at`.
fn bet(m: &mut Model, id: i64, currency: &str, amount: &str, win: &str, at: u64) -> Vec<Effect> {
    let data = json!({"id": id, "gameIdentity": "demo-slot", "gameName": "Demo", "currency": currency,
        "amount": amount, "win": win, "isSettled": true, "createdAt": 1});
    let frame = json!({"push": {"channel": "game:bets#7", "pub": {"data": data}}});
    update(
        m,
        Event::Socket(SocketEvent::Message(frame.to_string())),
        at,
    )
}

fn go(m: &mut Model, path: &str, at: u64) -> Vec<Effect> {
    update(
        m,
        Event::Ui(AppUi::Navigate { path: path.into() }.into()),
        at,
    )
}

fn act(m: &mut Model, e: ProtectionUi, at: u64) -> Vec<Effect> {
    update(m, Event::Ui(e.into()), at)
}

fn tick(m: &mut Model, at: u64) -> Vec<Effect> {
    update(m, Event::Tick(Tick::Protection(ProtectionTick::Check)), at)
}

/// The stored play session this dispatch wrote, if any.
fn stored(fx: &[Effect]) -> Option<Option<String>> {
    fx.iter().rev().find_map(|e| match e {
        Effect::StoreLocal { key, value } if key == SESSION_KEY => Some(value.clone()),
        _ => None,
    })
}

/// The protection timers this dispatch set (ms).
fn timers(fx: &[Effect]) -> Vec<u32> {
    fx.iter()
        .filter_map(|e| match e {
            Effect::Timer { ms, event, .. } if format!("{event:?}").contains("Protection") => {
                Some(*ms)
            }
            _ => None,
        })
        .collect()
}

fn totals(m: &Model) -> Vec<(String, String, String, String)> {
    view(m)
        .protection
        .totals
        .into_iter()
        .map(|t| (t.currency, t.staked, t.won, t.net))
        .collect()
}

fn t(c: &str, s: &str, w: &str, n: &str) -> (String, String, String, String) {
    (c.into(), s.into(), w.into(), n.into())
}

#[test]
fn stakes_wins_and_net_per_currency_from_the_bets_pushes_each_row_once() {
    let mut m = player("/game/demo-slot", 0);
    let v = view(&m).protection;
    assert!(v.active && v.playing && !v.due);
    assert!(v.totals.is_empty());
    bet(&mut m, 1, "USD", "1.00", "0.00", NOW + MIN);
    bet(&mut m, 2, "USD", "2.50", "7.00", NOW + 2 * MIN);
    bet(&mut m, 3, "BTC", "0.0001", "0", NOW + 2 * MIN);
    // The same row again (a second tab's copy, a replay) counts once.
    bet(&mut m, 2, "USD", "2.50", "7.00", NOW + 3 * MIN);
    assert_eq!(
        totals(&m),
        vec![
            t("BTC", "0.00010000", "0.00000000", "-0.00010000"),
            t("USD", "3.50", "7.00", "3.50"),
        ]
    );
    // A sportsbook bet settling later: its row comes again with the win; only the change counts.
    bet(&mut m, 4, "USD", "10", "0", NOW + 4 * MIN);
    bet(&mut m, 4, "USD", "10", "25.00", NOW + 5 * MIN);
    assert_eq!(totals(&m)[1], t("USD", "13.50", "32.00", "18.50"));
    // Odd rows are ignored or read as zero, never a panic.
    for data in [
        json!({"id": "x"}),
        json!({"id": 9, "currency": "USD", "amount": "abc"}),
        json!(null),
    ] {
        let frame = json!({"push": {"channel": "game:bets#7", "pub": {"data": data}}});
        update(
            &mut m,
            Event::Socket(SocketEvent::Message(frame.to_string())),
            NOW + 6 * MIN,
        );
    }
    assert_eq!(totals(&m)[1], t("USD", "13.50", "32.00", "18.50"));
}

#[test]
fn the_check_is_due_after_the_interval_on_a_game_page_on_the_cores_timer() {
    let mut m = player("/", 15);
    assert_eq!(view(&m).protection.interval, 15, "the operator's default");
    // Away from play no timer runs and nothing is due, however long.
    assert!(timers(&tick(&mut m, NOW + 20 * MIN)).is_empty());
    assert!(!view(&m).protection.due);
    // Opening a game after the interval: due at once (20 minutes since sign-in, no play for
    // 20: the session goes on).
    let fx = go(&mut m, "/game/demo-slot", NOW + 20 * MIN);
    assert!(view(&m).protection.due);
    assert_eq!(view(&m).protection.minutes, 20);
    assert_eq!(timers(&fx), vec![60_000], "the bar's minute");
    // Keep playing: the next one is 15 minutes later; the timer wakes for the bar each
    // minute and exactly at the due time.
    let fx = act(&mut m, ProtectionUi::RealityCheckDone, NOW + 20 * MIN);
    assert!(!view(&m).protection.due);
    assert!(stored(&fx).flatten().is_some());
    bet(&mut m, 1, "USD", "1.00", "0.00", NOW + 25 * MIN);
    assert_eq!(totals(&m).len(), 1, "the push arrived");
    let mut at = NOW + 25 * MIN;
    loop {
        let next = timers(&tick(&mut m, at));
        if view(&m).protection.due {
            break;
        }
        assert_eq!(next.len(), 1, "one timer at {}", (at - NOW) / MIN);
        at += u64::from(next[0]);
        assert!(at <= NOW + 35 * MIN, "{:?} {}", next, (at - NOW) / 1000);
    }
    assert_eq!(at, NOW + 35 * MIN, "the last step lands on the due time");
    assert_eq!(view(&m).protection.minutes, 35);
}

#[test]
fn the_bars_minute_changes_on_the_sessions_whole_minutes_whatever_woke_the_core() {
    let mut m = player("/", 0);
    // The game opens 20 s into the session: the bar's next change is at 1:00, not at 1:20.
    let fx = go(&mut m, "/game/demo-slot", NOW + 20_000);
    assert_eq!(view(&m).protection.minutes, 0);
    assert_eq!(timers(&fx), vec![40_000]);
    // A bet pushed at 4:50 wakes the core: the minute still changes at 5:00, not at 5:50.
    let fx = bet(&mut m, 1, "USD", "1.00", "0.00", NOW + 4 * MIN + 50_000);
    assert_eq!(view(&m).protection.minutes, 4);
    assert_eq!(timers(&fx), vec![10_000]);
    let fx = tick(&mut m, NOW + 5 * MIN);
    assert_eq!(view(&m).protection.minutes, 5);
    assert_eq!(timers(&fx), vec![60_000]);
    // A timer that fires late (a sleeping tab) sets the next change at the next whole minute.
    let fx = tick(&mut m, NOW + 7 * MIN + 59_000);
    assert_eq!(view(&m).protection.minutes, 7);
    assert_eq!(timers(&fx), vec![1_000]);
}

#[test]
fn the_players_interval_is_kept_on_the_device_and_off_means_never() {
    let mut m = player("/game/demo-slot", 15);
    let fx = act(
        &mut m,
        ProtectionUi::RealityCheckInterval { minutes: 0 },
        NOW,
    );
    let written = fx.iter().find_map(|e| match e {
        Effect::StoreLocal { key, value } if key == INTERVALS_KEY => value.clone(),
        _ => None,
    });
    assert_eq!(written.as_deref(), Some(r#"{"7":0}"#));
    tick(&mut m, NOW + 90 * MIN);
    assert!(!view(&m).protection.due);
    // Not one of the choices: ignored.
    act(
        &mut m,
        ProtectionUi::RealityCheckInterval { minutes: 7 },
        NOW,
    );
    assert_eq!(view(&m).protection.interval, 0);
    // A reload reads it back, for this player only.
    let prefs = Boot {
        stored: croupier_core::app::stored::Kept::default().with(
            croupier_core::app::features::protection::INTERVALS,
            r#"{"7":30,"8":60,"9":7}"#,
        ),
        ..Boot::default()
    };
    let m = boot(Config::default(), "/limits", prefs, NOW);
    assert_eq!(view(&m).protection.interval, 30);
}

#[test]
fn a_reload_goes_on_with_the_stored_session_unless_30_minutes_passed_without_play() {
    let mut m = player("/game/demo-slot", 15);
    let fx = bet(&mut m, 1, "USD", "4.00", "1.00", NOW + 10 * MIN);
    let saved = stored(&fx).flatten().expect("written");
    let prefs = |s: &str| Boot {
        stored: croupier_core::app::stored::Kept::default()
            .with(croupier_core::app::features::protection::PLAY_SESSION, s),
        ..Boot::default()
    };
    // Reloaded 29 minutes after the last play: the same session and figures.
    let m2 = boot(
        Config::default(),
        "/game/demo-slot",
        prefs(&saved),
        NOW + 39 * MIN,
    );
    let v = view(&m2).protection;
    assert_eq!(v.minutes, 39);
    assert_eq!(totals(&m2), vec![t("USD", "4.00", "1.00", "-3.00")]);
    // 30 minutes without play: a new session from now.
    let m3 = boot(
        Config::default(),
        "/game/demo-slot",
        prefs(&saved),
        NOW + 40 * MIN,
    );
    assert_eq!(view(&m3).protection.minutes, 0);
    assert!(totals(&m3).is_empty());
    // Another player's stored session is not this one's; junk is ignored.
    for other in [saved.replace("\"player\":7", "\"player\":8"), "{".into()] {
        let m4 = boot(
            Config::default(),
            "/game/demo-slot",
            prefs(&other),
            NOW + MIN,
        );
        assert!(totals(&m4).is_empty());
    }
    // Idle while the page stays open: the next look starts a new one.
    let mut m = m2;
    tick(&mut m, NOW + 41 * MIN);
    assert!(totals(&m).is_empty());
}

#[test]
fn tabs_share_one_session_through_storage_and_sign_out_ends_it() {
    let mut a = player("/game/demo-slot", 15);
    let mut b = player("/sport/betting", 15);
    let fx = bet(&mut a, 1, "USD", "2.00", "0.00", NOW + MIN);
    let text = stored(&fx).flatten().unwrap();
    // Tab b hears the storage event, then the same push itself: counted once.
    update(
        &mut b,
        Event::Tick(Tick::Protection(ProtectionTick::Stored(Some(text)))),
        NOW + MIN,
    );
    bet(&mut b, 1, "USD", "2.00", "0.00", NOW + MIN);
    assert_eq!(totals(&b), vec![t("USD", "2.00", "0.00", "-2.00")]);
    // Both due at 15; answered in a, b's check closes too.
    tick(&mut a, NOW + 15 * MIN);
    tick(&mut b, NOW + 15 * MIN);
    assert!(view(&a).protection.due && view(&b).protection.due);
    let fx = act(&mut a, ProtectionUi::RealityCheckDone, NOW + 15 * MIN);
    let text = stored(&fx).flatten();
    update(
        &mut b,
        Event::Tick(Tick::Protection(ProtectionTick::Stored(text))),
        NOW + 15 * MIN,
    );
    assert!(!view(&b).protection.due);
    // Signing out removes the session: the next sign-in starts a new one.
    let fx = update(
        &mut a,
        Event::Ui(croupier_core::app::features::session::SessionUi::SignOut.into()),
        NOW + 16 * MIN,
    );
    assert_eq!(stored(&fx), Some(None));
    assert!(!view(&a).protection.active);
}

#[test]
fn a_reconnect_counts_the_bets_the_socket_missed_once() {
    let mut m = player("/game/demo-slot", 15);
    bet(&mut m, 1, "USD", "2.00", "0.00", NOW + MIN);
    // A reconnect asks for the newest bets.
    let fx = update(
        &mut m,
        Event::Socket(SocketEvent::Closed {
            code: 1006,
            reason: String::new(),
        }),
        NOW + 2 * MIN,
    );
    let again = fx.iter().find_map(|e| match e {
        Effect::Timer { event, .. } if matches!(**event, Event::Socket(_)) => {
            Some((**event).clone())
        }
        _ => None,
    });
    update(&mut m, again.expect("a reconnect timer"), NOW + 2 * MIN);
    connect(&mut m);
    let secs = |ms: u64| ms / 1000;
    bets_answered(
        &mut m,
        json!([
            // Newest first: one missed, one already counted, one from before the session.
            {"id": 3, "currency": "USD", "amount": "1.00", "win": "5.00", "createdAt": secs(NOW + 3 * MIN)},
            {"id": 1, "currency": "USD", "amount": "2.00", "win": "0.00", "createdAt": secs(NOW + MIN)},
            {"id": 0, "currency": "USD", "amount": "9.00", "win": "0.00", "createdAt": secs(NOW) - 60},
        ]),
        NOW + 4 * MIN,
    );
    assert_eq!(totals(&m), vec![t("USD", "3.00", "5.00", "2.00")]);
    // The missed row is play heard at the answer (not at the server's createdAt): 32 minutes
    // after the last push the session goes on.
    tick(&mut m, NOW + 33 * MIN);
    assert_eq!(totals(&m).len(), 1);
    // 30 minutes after the answer it ends, once the check showing meanwhile is answered.
    assert!(view(&m).protection.due);
    act(&mut m, ProtectionUi::RealityCheckDone, NOW + 34 * MIN);
    assert!(totals(&m).is_empty());
}

/// A spin in the page's first moments, before the socket subscribed, was never pushed: the
/// first connect of a game page asks for the newest bets too, and what it already counted is
/// not counted again. Elsewhere the first connect asks nothing (every page load of a player).
#[test]
fn the_pages_first_connect_counts_a_bet_made_before_the_socket_was_up() {
    let req = Req::Protection(protection::Call::Bets);
    assert_eq!(player("/wallet", 15).calls.id_of(&req), None);
    let mut m = player("/game/demo-slot", 15);
    bets_answered(
        &mut m,
        json!([{"id": 5, "currency": "USD", "amount": "2.00", "win": "0.00", "createdAt": NOW / 1000 + 1}]),
        NOW + 2_000,
    );
    assert_eq!(totals(&m), vec![t("USD", "2.00", "0.00", "-2.00")]);
    // Its push arriving late changes nothing.
    bet(&mut m, 5, "USD", "2.00", "0.00", NOW + 3_000);
    assert_eq!(totals(&m), vec![t("USD", "2.00", "0.00", "-2.00")]);
}

/// The bets call in flight is answered at `at` with `rows` (one page, newest first).
fn bets_answered(m: &mut Model, rows: serde_json::Value, at: u64) -> Vec<Effect> {
    let body = json!({"data": rows, "meta": {"totalPages": 1}});
    support::respond_at(
        m,
        Req::Protection(protection::Call::Bets),
        200,
        &body.to_string(),
        at,
    )
}

/// The game page's facts arrive at `at`; gives what that dispatch did.
fn game_answer(m: &mut Model, at: u64) -> Vec<Effect> {
    let req = Req::Games(croupier_core::app::features::games::Call::Game(
        "demo-slot".into(),
    ));
    let body = json!({"identity": "demo-slot", "name": "Demo", "hasDemo": true, "isMobile": true,
        "provider": {"identity": "sandbox", "name": "Sandbox"}});
    support::respond_at(m, req, 200, &body.to_string(), at)
}

/// The game's launch call went out.
fn launched(fx: &[Effect]) -> bool {
    support::http(fx).iter().any(|h| h.path.ends_with("/play"))
}

/// What this dispatch wrote to localStorage `key`.
fn written(fx: &[Effect], key: &str) -> Option<String> {
    fx.iter().rev().find_map(|e| match e {
        Effect::StoreLocal { key: k, value } if k == key => value.clone(),
        _ => None,
    })
}

/// Open the demo slot's page at `at`: whether the game launched.
fn open_game(m: &mut Model, at: u64) -> bool {
    go(m, "/game/demo-slot", at);
    launched(&game_answer(m, at))
}

#[test]
fn after_the_session_length_a_launch_asks_first_stop_goes_to_the_lobby_continue_launches() {
    let mut m = player("/", 0);
    let fx = act(&mut m, ProtectionUi::SessionLength { minutes: 30 }, NOW);
    assert_eq!(written(&fx, LENGTHS_KEY).as_deref(), Some(r#"{"7":30}"#));
    assert_eq!(view(&m).protection.length, 30);
    // Within the length: the game launches at once.
    assert!(open_game(&mut m, NOW + 10 * MIN));
    assert!(!view(&m).protection.asking);
    go(&mut m, "/", NOW + 11 * MIN);
    bet(&mut m, 1, "USD", "1.00", "0.00", NOW + 20 * MIN);
    // 31 minutes into the session: the launch waits for the player.
    assert!(!open_game(&mut m, NOW + 31 * MIN));
    let v = view(&m).protection;
    assert!(v.asking);
    assert_eq!(v.minutes, 31);
    // "Stop playing": back to the lobby, nothing launched.
    let fx = act(&mut m, ProtectionUi::SessionStop, NOW + 31 * MIN);
    assert!(!launched(&fx));
    assert_eq!(m.shared.location.path, "/");
    assert!(!view(&m).protection.asking);
    // Asked again on the next launch; "Continue" launches it.
    assert!(!open_game(&mut m, NOW + 32 * MIN));
    assert!(view(&m).protection.asking);
    let fx = act(&mut m, ProtectionUi::SessionContinue, NOW + 32 * MIN);
    assert!(launched(&fx));
    assert!(!view(&m).protection.asking);
    // Not again until a full length after "Continue" (62 minutes).
    go(&mut m, "/", NOW + 33 * MIN);
    bet(&mut m, 2, "USD", "1.00", "0.00", NOW + 45 * MIN);
    assert!(open_game(&mut m, NOW + 61 * MIN));
    go(&mut m, "/", NOW + 61 * MIN);
    assert!(!open_game(&mut m, NOW + 62 * MIN));
    assert!(view(&m).protection.asking);
    assert!(view(&m).games_play.starting);
    // Signed out while asked: no ask, and the page no longer waits on a launch.
    update(
        &mut m,
        Event::Ui(croupier_core::app::features::session::SessionUi::SignOut.into()),
        NOW + 62 * MIN,
    );
    assert!(!view(&m).protection.asking);
    assert!(!view(&m).games_play.starting);
}

#[test]
fn the_sportsbook_asks_on_entering_it_after_the_session_length() {
    let mut m = player("/", 0);
    act(&mut m, ProtectionUi::SessionLength { minutes: 60 }, NOW);
    // Play now and then: 30 minutes without it would start a new session.
    bet(&mut m, 1, "USD", "1.00", "0.00", NOW + 20 * MIN);
    go(&mut m, "/sport/betting", NOW + 25 * MIN);
    assert!(!view(&m).protection.asking);
    go(&mut m, "/", NOW + 26 * MIN);
    bet(&mut m, 2, "USD", "1.00", "0.00", NOW + 45 * MIN);
    go(&mut m, "/sport/betting", NOW + 60 * MIN);
    assert!(view(&m).protection.asking);
    act(&mut m, ProtectionUi::SessionContinue, NOW + 60 * MIN);
    assert!(!view(&m).protection.asking);
    // Moving about inside the sportsbook after "Continue" does not ask again.
    go(&mut m, "/sport/football", NOW + 70 * MIN);
    assert!(!view(&m).protection.asking);
}

/// A sportsbook kept open past the session length asks on the core's timer, at the length's
/// moment (its widget tells of no stake before it is placed): the next stake waits for the
/// answer; "Continue" is asked again a full length later.
#[test]
fn an_open_sportsbook_asks_when_the_session_length_passes() {
    let mut m = player("/", 0);
    act(&mut m, ProtectionUi::SessionLength { minutes: 30 }, NOW);
    bet(&mut m, 1, "USD", "1.00", "0.00", NOW + 10 * MIN);
    let fx = go(&mut m, "/sport/betting", NOW + 29 * MIN + 30_000);
    assert!(!view(&m).protection.asking);
    assert!(
        timers(&fx).contains(&30_000),
        "a wake at the length's moment: {:?}",
        timers(&fx)
    );
    bet(&mut m, 2, "USD", "1.00", "0.00", NOW + 29 * MIN + 40_000);
    tick(&mut m, NOW + 30 * MIN);
    assert!(
        view(&m).protection.asking,
        "asked while the sportsbook is open"
    );
    act(&mut m, ProtectionUi::SessionContinue, NOW + 31 * MIN);
    assert!(!view(&m).protection.asking);
    bet(&mut m, 3, "USD", "1.00", "0.00", NOW + 50 * MIN);
    tick(&mut m, NOW + 60 * MIN);
    assert!(
        !view(&m).protection.asking,
        "not before a full length after Continue"
    );
    tick(&mut m, NOW + 61 * MIN);
    assert!(view(&m).protection.asking);
}

#[test]
fn off_odd_or_unknown_lengths_never_ask_and_never_panic() {
    let mut m = player("/", 0);
    // Not one of the choices: ignored (still off).
    act(&mut m, ProtectionUi::SessionLength { minutes: 45 }, NOW);
    assert_eq!(view(&m).protection.length, 0);
    bet(&mut m, 1, "USD", "1.00", "0.00", NOW + 20 * MIN);
    assert!(open_game(&mut m, NOW + 40 * MIN));
    // Stored values that do not read are off.
    for stored in [r#"{"7":45}"#, r#"{"7":"x"}"#, "[", r#"{"x":30}"#] {
        let prefs = Boot {
            stored: croupier_core::app::stored::Kept::default()
                .with(croupier_core::app::features::protection::LENGTHS, stored)
                .with(
                    croupier_core::app::features::protection::REMINDERS,
                    r#"{"7":99999}"#,
                )
                .with(croupier_core::app::features::protection::SEEN, "nonsense"),
            ..Boot::default()
        };
        let m = boot(Config::default(), "/", prefs, NOW);
        let v = view(&m).protection;
        assert_eq!((v.length, v.reminder.as_str()), (0, ""), "{stored}");
    }
    // A guest launches without asking.
    let mut g = support::guest("/game/demo-slot");
    let fx = game_answer(&mut g, NOW);
    let _ = fx;
    let fx = update(
        &mut g,
        Event::Ui(croupier_core::app::features::games::GamesUi::GamesPlay { demo: true }.into()),
        NOW,
    );
    assert!(launched(&fx));
}

/// NOW is 22:13:20 UTC, 23:13:20 on a device at UTC+1.
const OFFSET: i32 = 60;

fn reminded(prefs: Boot, at: u64) -> Model {
    boot(
        Config::default(),
        "/",
        Boot {
            offset_minutes: OFFSET,
            ..prefs
        },
        at,
    )
}

#[test]
fn the_daily_reminder_shows_once_a_local_day_when_its_time_passes_on_the_cores_timer() {
    let mut m = reminded(Boot::default(), NOW);
    let fx = act(
        &mut m,
        ProtectionUi::DailyReminder {
            time: "23:15".into(),
        },
        NOW,
    );
    let stored_reminder = written(&fx, REMINDERS_KEY).expect("kept");
    assert_eq!(stored_reminder, r#"{"7":1395}"#);
    assert_eq!(view(&m).protection.reminder, "23:15");
    // The timer wakes at 23:15 local, 100 s from now.
    assert_eq!(timers(&fx), vec![100_000]);
    tick(&mut m, NOW + 99_000);
    assert!(!view(&m).protection.reminding);
    let fx = tick(&mut m, NOW + 100_000);
    assert!(view(&m).protection.reminding);
    let seen = written(&fx, SEEN_KEY).expect("the day is kept");
    act(&mut m, ProtectionUi::ReminderDone, NOW + 101_000);
    assert!(!view(&m).protection.reminding);
    // Not again the same day, on this page or after a reload.
    tick(&mut m, NOW + 10 * MIN);
    assert!(!view(&m).protection.reminding);
    let prefs = Boot {
        stored: croupier_core::app::stored::Kept::default()
            .with(
                croupier_core::app::features::protection::REMINDERS,
                &stored_reminder,
            )
            .with(croupier_core::app::features::protection::SEEN, &seen),
        ..Boot::default()
    };
    let mut r = reminded(prefs.clone(), NOW + 99_000);
    tick(&mut r, NOW + 100_000);
    assert!(!view(&r).protection.reminding, "another tab or a reload");
    // The next local day at 23:15 it shows again.
    let fx = tick(&mut m, NOW + 11 * MIN);
    let next = u64::from(*timers(&fx).last().expect("a timer"));
    assert_eq!(NOW + 11 * MIN + next, NOW + 100_000 + 86_400_000);
    tick(&mut m, NOW + 100_000 + 86_400_000);
    assert!(view(&m).protection.reminding);
    // A tab that heard another show today's does not repeat it.
    let mut other = reminded(
        Boot {
            stored: croupier_core::app::stored::Kept::default().with(
                croupier_core::app::features::protection::REMINDERS,
                &stored_reminder,
            ),
            ..Boot::default()
        },
        NOW,
    );
    update(
        &mut other,
        Event::Tick(Tick::Protection(ProtectionTick::Seen(Some(seen)))),
        NOW + 50_000,
    );
    tick(&mut other, NOW + 100_000);
    assert!(!view(&other).protection.reminding);
}

#[test]
fn a_reminder_time_already_past_waits_for_tomorrow_and_odd_times_are_ignored() {
    let mut m = reminded(Boot::default(), NOW);
    act(
        &mut m,
        ProtectionUi::DailyReminder {
            time: "23:00".into(),
        },
        NOW,
    );
    tick(&mut m, NOW + MIN);
    assert!(!view(&m).protection.reminding);
    for odd in ["25:00", "7", "12:xx", "-1:30"] {
        act(
            &mut m,
            ProtectionUi::DailyReminder { time: odd.into() },
            NOW,
        );
        assert_eq!(view(&m).protection.reminder, "23:00", "{odd}");
    }
    // Empty = off.
    let fx = act(
        &mut m,
        ProtectionUi::DailyReminder {
            time: String::new(),
        },
        NOW,
    );
    assert_eq!(written(&fx, REMINDERS_KEY).as_deref(), Some("{}"));
    let m2 = reminded(
        Boot {
            stored: croupier_core::app::stored::Kept::default()
                .with(croupier_core::app::features::protection::REMINDERS, "{}"),
            ..Boot::default()
        },
        NOW,
    );
    assert_eq!(view(&m2).protection.reminder, "");
    assert_eq!(view(&m).protection.reminder, "");
    // Not signed in: nothing to remind.
    let mut g = support::guest("/");
    let _ = tick(&mut g, NOW + 86_400_000);
    assert!(!view(&g).protection.reminding);
}

/// The storage event of another tab (what the runtime hands to `Tick::stored_elsewhere`)
/// reaches this feature only for its shared keys, and no other feature's.
#[test]
fn another_tabs_write_is_heard_for_the_session_and_the_reminder_days_only() {
    use croupier_core::app::Tick;
    let v = || Some("{}".to_string());
    assert_eq!(
        Tick::stored_elsewhere(protection::SESSION_KEY, Some("{}")),
        Some(Tick::Protection(protection::ProtectionTick::Stored(v())))
    );
    assert_eq!(
        Tick::stored_elsewhere(protection::SEEN_KEY, None),
        Some(Tick::Protection(protection::ProtectionTick::Seen(None)))
    );
    assert_eq!(
        Tick::stored_elsewhere(protection::INTERVALS_KEY, Some("{}")),
        None
    );
    assert_eq!(Tick::stored_elsewhere("croupier.other", Some("{}")), None);
    // The cross-tab session signal is the runtime's (`PEER_KEY`), not a feature's.
    assert_eq!(
        Tick::stored_elsewhere("croupier.session", Some("login:1")),
        None
    );
}

/// Who logged `needle`.
fn logged(fx: &[Effect], needle: &str) -> bool {
    fx.iter()
        .any(|e| matches!(e, Effect::Log { message, .. } if message.contains(needle)))
}

#[test]
fn bet_rows_take_numbers_and_a_stake_and_odd_ones_are_left_out_with_the_reason() {
    // SPEC §7 `GET /api/game/bets` rows as some platforms write them: amounts as JSON numbers,
    // a sportsbook stake as `stake`; rows without an id, a currency or a stake are left out.
    let mut m = player("/game/demo-slot", 15);
    let at = NOW / 1000 + 1;
    let fx = bets_answered(
        &mut m,
        json!([
            {"id": 5, "currency": "USD", "amount": 2, "win": 1.5, "createdAt": at},
            {"id": 6, "currency": "USD", "stake": "3.00", "createdAt": at, "extra": {}},
            {"id": 7, "currency": "USD", "createdAt": at},
            {"id": 8, "currency": true, "amount": "1", "createdAt": at},
            {"id": 9, "currency": "USD", "amount": "1", "createdAt": at - 3600},
            "odd"
        ]),
        NOW + 2_000,
    );
    assert_eq!(totals(&m), vec![t("USD", "5.00", "1.50", "-3.50")]);
    assert!(logged(
        &fx,
        "protection: bet row left out: missing field `amount`"
    ));
    assert!(logged(&fx, "expected a text or a number"));
    // A push without an id is logged and counts nothing.
    let frame = json!({"push": {"channel": "game:bets#7",
        "pub": {"data": {"currency": "USD", "amount": "4"}}}});
    let fx = update(
        &mut m,
        Event::Socket(SocketEvent::Message(frame.to_string())),
        NOW + 3_000,
    );
    assert!(logged(
        &fx,
        "protection: bet push left out: missing field `id`"
    ));
    assert_eq!(totals(&m), vec![t("USD", "5.00", "1.50", "-3.50")]);
    // An answer without rows is logged, and counts nothing.
    let mut m = player("/game/demo-slot", 15);
    let fx = support::respond_at(
        &mut m,
        Req::Protection(protection::Call::Bets),
        200,
        r#"{"rows": [], "meta": {}}"#,
        NOW + 2_000,
    );
    assert!(logged(&fx, "protection: bets: "));
    assert!(logged(&fx, "missing field `data`"));
    assert!(totals(&m).is_empty());
}
