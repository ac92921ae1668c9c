//! SPEC §4 state machines: bonus & free spin, bonus codes, invoices, quests, notifications,
//! loyalty and the alert queue.

use croupier_core::domain::alert::{
    Alert, AlertKind, AlertQueue, ALERT_DURATION_MS, ALERT_DURATION_WITH_DESCRIPTION_MS,
    ALERT_QUEUE_MAX, ALERT_THROTTLE_MS,
};
use croupier_core::domain::analytics::AnalyticsEvent as A;
use croupier_core::domain::bonus::{
    account_switch_reloads, apply_bonus_update, apply_freespin_update, bonus_alert, freespin_alert,
    keep_listed, status_result_name, Debouncer, GameScope, PlayerBonus, PlayerFreespin, Reload,
    WagerCasinoConditions,
};
use croupier_core::domain::bonus_code::{normalize_input, on_bonus_code, status_alert, BonusCode};
use croupier_core::domain::invoice::{
    invoice_alert, outcome, Invoice, InvoiceKind, InvoiceStatus, InvoiceTracker, PublicData,
};
use croupier_core::domain::loyalty::{
    format_percent, on_account_update, progress_hundredths, CurrentLevel, LevelUp, LoyaltyAccount,
    NextLevel,
};
use croupier_core::domain::notification::{Message, MessageContent, Notifications};
use croupier_core::domain::quest::{
    is_active_state, is_completed_state, is_expired_state, on_quest_updated, on_task_updated,
    task_percent, Quest, Task,
};
use proptest::prelude::*;

fn bonus(id: u64, status: u8, result: u8, games: &[u64]) -> PlayerBonus {
    PlayerBonus {
        id,
        status,
        result,
        amount: "10.00".into(),
        currency: "EUR".into(),
        package_id: None,
        issue_session_id: None,
        wager_casino_conditions: Some(WagerCasinoConditions {
            game_ids: games.to_vec(),
        }),
    }
}

fn fs(id: u64, status: u8, result: u8) -> PlayerFreespin {
    PlayerFreespin {
        id,
        status,
        result,
        count: 10,
        currency: "EUR".into(),
        game_id: Some(1),
        package_id: None,
    }
}

// ---------------------------------------------------------------------------------------------
// Bonus and free spin
// ---------------------------------------------------------------------------------------------

#[test]
fn status_result_table() {
    let table = [
        ((1, 1), Some("issued")),
        ((2, 1), Some("activated")),
        ((3, 2), Some("played")),
        ((3, 3), Some("canceled")),
        ((3, 4), Some("expired")),
        ((3, 5), Some("expired")),
        ((3, 1), None),
        ((1, 2), None),
        ((2, 3), None),
        ((4, 1), None),
        ((0, 0), None),
        ((3, 6), None),
    ];
    for ((s, r), want) in table {
        assert_eq!(status_result_name(s, r), want, "{s}-{r}");
    }
}

#[test]
fn bonus_alert_suffixes() {
    assert_eq!(
        bonus_alert(&bonus(1, 1, 1, &[])).unwrap().key,
        "bonus-1-1-all-games"
    );
    assert_eq!(
        bonus_alert(&bonus(1, 2, 1, &[5])).unwrap().key,
        "bonus-2-1-one-game"
    );
    assert_eq!(
        bonus_alert(&bonus(1, 3, 2, &[5, 6])).unwrap().key,
        "bonus-3-2-several-games"
    );
    assert_eq!(
        bonus_alert(&bonus(1, 3, 5, &[]))
            .unwrap()
            .params
            .get("name")
            .map(String::as_str),
        Some("expired")
    );
    let mut no_cond = bonus(1, 3, 3, &[]);
    no_cond.wager_casino_conditions = None;
    assert_eq!(no_cond.scope(), GameScope::AllGames);
    assert_eq!(bonus_alert(&no_cond).unwrap().key, "bonus-3-3-all-games");
    assert_eq!(bonus_alert(&bonus(1, 3, 1, &[])), None);
    assert_eq!(freespin_alert(&fs(1, 1, 1)).unwrap().key, "freespin-1-1");
    assert_eq!(freespin_alert(&fs(1, 3, 4)).unwrap().key, "freespin-3-4");
    assert_eq!(
        freespin_alert(&fs(1, 3, 5)),
        None,
        "result 5 is for bonuses only"
    );
    assert_eq!(
        bonus_alert(&bonus(1, 3, 2, &[])).unwrap().kind,
        AlertKind::Success
    );
    assert_eq!(
        bonus_alert(&bonus(1, 3, 4, &[])).unwrap().kind,
        AlertKind::Warning
    );
}

#[test]
fn bonus_list_reducer() {
    let mut list = keep_listed(vec![
        bonus(1, 1, 1, &[]),
        bonus(2, 3, 2, &[]),
        bonus(3, 2, 1, &[]),
    ]);
    assert_eq!(
        list.iter().map(|b| b.id).collect::<Vec<_>>(),
        vec![1, 3],
        "only statuses 1 and 2"
    );
    // new issued bonus: prepended + alert
    let a = apply_bonus_update(&mut list, bonus(4, 1, 1, &[9]));
    assert_eq!(a.map(|a| a.key), Some("bonus-1-1-one-game".into()));
    assert_eq!(list.iter().map(|b| b.id).collect::<Vec<_>>(), vec![4, 1, 3]);
    // activation: replaced in place + alert
    let a = apply_bonus_update(&mut list, bonus(1, 2, 1, &[]));
    assert_eq!(a.map(|a| a.key), Some("bonus-2-1-all-games".into()));
    assert_eq!(list.get(1).map(|b| b.status), Some(2));
    // same status again (e.g. amount change): no second alert
    let mut again = bonus(1, 2, 1, &[]);
    again.amount = "5.00".into();
    assert_eq!(apply_bonus_update(&mut list, again), None);
    assert_eq!(list.get(1).map(|b| b.amount.as_str()), Some("5.00"));
    // finished: removed + alert
    let a = apply_bonus_update(&mut list, bonus(3, 3, 4, &[]));
    assert_eq!(a.map(|a| a.key), Some("bonus-3-4-all-games".into()));
    assert_eq!(list.iter().map(|b| b.id).collect::<Vec<_>>(), vec![4, 1]);
    // finished and never listed: still alerted, not added
    let a = apply_bonus_update(&mut list, bonus(7, 3, 3, &[]));
    assert!(a.is_some());
    assert_eq!(list.len(), 2);
    // free spins follow the same list rule
    let mut fl = vec![fs(1, 1, 1)];
    assert_eq!(
        apply_freespin_update(&mut fl, fs(1, 2, 1)).map(|a| a.key),
        Some("freespin-2-1".into())
    );
    assert_eq!(
        apply_freespin_update(&mut fl, fs(1, 3, 2)).map(|a| a.key),
        Some("freespin-3-2".into())
    );
    assert!(fl.is_empty());
}

#[test]
fn debouncer_500ms() {
    let mut d = Debouncer::bonus_refresh();
    assert!(!d.poll(0));
    assert_eq!(d.trigger(1000), 1500);
    assert!(!d.poll(1499));
    assert_eq!(d.trigger(1400), 1900, "a new trigger pushes the deadline");
    assert!(!d.poll(1500));
    assert!(d.poll(1900));
    assert!(!d.poll(1901), "fires once");
    d.trigger(u64::MAX - 10);
    assert_eq!(d.due_at_ms, Some(u64::MAX), "saturating");
    d.cancel();
    assert!(!d.poll(u64::MAX));
}

#[test]
fn account_switch() {
    assert_eq!(
        account_switch_reloads(false),
        vec![
            Reload::Bonuses,
            Reload::Freespins,
            Reload::Cashback,
            Reload::DepositBonuses
        ]
    );
    assert_eq!(account_switch_reloads(true).last(), Some(&Reload::Quests));
}

#[test]
fn bonus_codes() {
    assert_eq!(status_alert(3), Some(Alert::error("bonusCodeIncorrect")));
    assert_eq!(status_alert(4), Some(Alert::error("bonusCodeNotAvailable")));
    for s in [0, 1, 2, 5, 255] {
        assert_eq!(status_alert(s), None, "{s}");
    }
    let code: BonusCode = serde_json::from_str(
        r#"{"playerBonusCodeId":1,"bonusCode":"WELCOME","trigger":"deposit","status":3}"#,
    )
    .unwrap();
    assert_eq!(
        on_bonus_code(&code).map(|a| a.key),
        Some("bonusCodeIncorrect".into())
    );
    assert_eq!(normalize_input("  ABC "), Some("ABC".into()));
    assert_eq!(normalize_input(" \t"), None);
}

// ---------------------------------------------------------------------------------------------
// Invoices
// ---------------------------------------------------------------------------------------------

fn inv(id: u64, status: u8, number: Option<u64>, qr: Option<&str>) -> Invoice {
    Invoice {
        id,
        status,
        amount: "10".into(),
        currency: "EUR".into(),
        number,
        public_data: qr.map(|q| PublicData { qr: Some(q.into()) }),
    }
}

#[test]
fn invoice_statuses_and_alerts() {
    assert_eq!(InvoiceStatus::from_code(1), Some(InvoiceStatus::Pending));
    assert_eq!(InvoiceStatus::from_code(2), Some(InvoiceStatus::Success));
    assert_eq!(InvoiceStatus::from_code(3), Some(InvoiceStatus::Error));
    assert_eq!(InvoiceStatus::from_code(0), None);
    assert_eq!(InvoiceStatus::from_code(4), None);
    assert_eq!(
        invoice_alert(InvoiceKind::Deposit, InvoiceStatus::Pending),
        None
    );
    assert_eq!(
        invoice_alert(InvoiceKind::Deposit, InvoiceStatus::Success).map(|a| a.key),
        Some("depositSuccess".into())
    );
    assert_eq!(
        invoice_alert(InvoiceKind::Deposit, InvoiceStatus::Error).map(|a| a.key),
        Some("depositError".into())
    );
    assert_eq!(
        invoice_alert(InvoiceKind::Withdrawal, InvoiceStatus::Success).map(|a| a.key),
        Some("withdrawalSuccess".into())
    );
    assert_eq!(
        invoice_alert(InvoiceKind::Withdrawal, InvoiceStatus::Error).map(|a| a.key),
        Some("withdrawalError".into())
    );
    assert_eq!(
        InvoiceKind::from_event("invoice.deposit.updated"),
        Some(InvoiceKind::Deposit)
    );
    assert_eq!(
        InvoiceKind::from_event("invoice.withdrawal.updated"),
        Some(InvoiceKind::Withdrawal)
    );
    assert_eq!(InvoiceKind::from_event("invoice.updated"), None);
}

#[test]
fn invoice_analytics_by_number() {
    let table = [
        (1, vec![A::Ftd, A::Deposit]),
        (2, vec![A::Dep2, A::Deposit]),
        (3, vec![A::Dep3, A::Deposit]),
        (4, vec![A::Dep4, A::Deposit]),
        (5, vec![A::Dep5plus, A::Deposit]),
        (42, vec![A::Dep5plus, A::Deposit]),
        (0, vec![]),
    ];
    for (n, want) in table {
        let o = outcome(InvoiceKind::Deposit, &inv(1, 2, Some(n), None), None);
        assert_eq!(o.analytics, want, "number {n}");
        assert!(o.reload_accounts);
    }
    assert!(outcome(InvoiceKind::Deposit, &inv(1, 2, None, None), None)
        .analytics
        .is_empty());
    assert!(
        outcome(InvoiceKind::Withdrawal, &inv(1, 2, Some(1), None), None)
            .analytics
            .is_empty()
    );
    assert!(
        outcome(InvoiceKind::Deposit, &inv(1, 3, Some(1), None), None)
            .analytics
            .is_empty()
    );
    assert!(
        outcome(InvoiceKind::Deposit, &inv(1, 1, Some(1), None), None)
            .analytics
            .is_empty()
    );
}

#[test]
fn invoice_async_qr_and_tracker() {
    let o = outcome(
        InvoiceKind::Deposit,
        &inv(7, 1, Some(1), Some("qrdata")),
        None,
    );
    assert_eq!(o.show_qr.as_deref(), Some("qrdata"));
    assert_eq!(o.alert, None);
    assert_eq!(
        outcome(InvoiceKind::Deposit, &inv(7, 1, None, Some("")), None).show_qr,
        None
    );
    assert_eq!(
        outcome(InvoiceKind::Withdrawal, &inv(7, 1, None, Some("q")), None).show_qr,
        None
    );
    let settled = outcome(InvoiceKind::Deposit, &inv(7, 2, Some(1), None), Some(7));
    assert!(settled.clear_async);
    assert!(!outcome(InvoiceKind::Deposit, &inv(7, 2, Some(1), None), Some(8)).clear_async);
    assert!(outcome(InvoiceKind::Deposit, &inv(7, 3, Some(1), None), Some(7)).clear_async);

    let mut t = InvoiceTracker::new();
    let first = t.on_event("invoice.deposit.updated", &inv(1, 2, Some(1), None), None);
    assert_eq!(first.analytics, vec![A::Ftd, A::Deposit]);
    let again = t.on_event("invoice.deposit.updated", &inv(1, 2, Some(1), None), None);
    assert_eq!(
        again,
        Default::default(),
        "repeated push is quiet: no double ftd"
    );
    assert_eq!(
        t.on_event("bogus", &inv(2, 2, Some(1), None), None),
        Default::default()
    );
    let p = t.on_event("invoice.withdrawal.updated", &inv(3, 1, None, None), None);
    assert_eq!(p.alert, None);
    let e = t.on_event("invoice.withdrawal.updated", &inv(3, 3, None, None), None);
    assert_eq!(e.alert.map(|a| a.key), Some("withdrawalError".into()));
    // A settled status is final: a late "pending" (an answer overtaken by the push) is stale.
    assert_eq!(t.settled(1), Some(InvoiceStatus::Success));
    assert_eq!(
        t.on_event("invoice.deposit.updated", &inv(1, 1, Some(1), None), None),
        Default::default()
    );
    assert_eq!(t.settled(1), Some(InvoiceStatus::Success));
    assert_eq!(t.settled(3), Some(InvoiceStatus::Error));
    t.apply(InvoiceKind::Deposit, &inv(9, 1, None, None), None);
    assert_eq!(t.settled(9), None, "pending is not settled");
    assert_eq!(t.settled(404), None);
    // bounded memory
    for i in 100..300 {
        t.apply(InvoiceKind::Deposit, &inv(i, 1, None, None), None);
    }
}

// ---------------------------------------------------------------------------------------------
// Quests
// ---------------------------------------------------------------------------------------------

fn quest(id: u64, state: u8, tasks: Vec<Task>) -> Quest {
    Quest {
        id,
        name: format!("Q{id}"),
        state,
        tasks,
    }
}

fn task(id: u64, quest_id: u64, progress: u64, quantity: u64, active: bool) -> Task {
    Task {
        id,
        quest_id,
        kind: None,
        is_active: active,
        is_completed: false,
        progress,
        quantity,
    }
}

#[test]
fn quest_states() {
    assert!(is_active_state(1) && is_active_state(2) && !is_active_state(3));
    assert!(is_completed_state(3) && !is_completed_state(2));
    assert!(is_expired_state(5) && is_expired_state(6) && !is_expired_state(4));
}

#[test]
fn quest_updated_reducer() {
    let mut list = vec![quest(1, 1, vec![])];
    // new in state 1 or 2: issued + reload
    for (id, state) in [(2, 1), (3, 2)] {
        let o = on_quest_updated(&mut list, quest(id, state, vec![]));
        assert_eq!(
            o.alert.map(|a| a.key),
            Some("questIssued".into()),
            "state {state}"
        );
        assert!(o.reload);
    }
    assert_eq!(list.len(), 3);
    // new in another state: ignored
    for state in [3, 4, 5, 6] {
        assert_eq!(
            on_quest_updated(&mut list, quest(10 + u64::from(state), state, vec![])),
            Default::default()
        );
    }
    assert_eq!(list.len(), 3);
    // listed, same state: nothing
    assert_eq!(
        on_quest_updated(&mut list, quest(1, 1, vec![])),
        Default::default()
    );
    // listed, change to 2 / 5 / 6: state-changed
    for state in [2, 5, 6] {
        let o = on_quest_updated(&mut list, quest(1, state, vec![]));
        assert_eq!(
            o.alert.as_ref().map(|a| a.key.as_str()),
            Some("questStateChanged"),
            "{state}"
        );
        assert_eq!(
            o.alert.unwrap().params.get("state"),
            Some(&state.to_string())
        );
        assert!(!o.reload);
    }
    // change to 3: no state-changed alert, state still recorded
    assert_eq!(on_quest_updated(&mut list, quest(1, 3, vec![])).alert, None);
    assert_eq!(list.first().map(|q| q.state), Some(3));
}

#[test]
fn task_completion() {
    let mut list = vec![quest(1, 2, vec![task(10, 1, 2, 5, true)])];
    assert_eq!(on_task_updated(&mut list, task(10, 1, 4, 5, true)), None);
    let a = on_task_updated(&mut list, task(10, 1, 5, 5, true));
    assert_eq!(
        a.map(|a| (a.key, a.kind)),
        Some(("questTaskCompleted".into(), AlertKind::Success))
    );
    assert_eq!(
        on_task_updated(&mut list, task(10, 1, 5, 5, true)),
        None,
        "only on the transition"
    );
    // not active: no alert
    let mut list = vec![quest(1, 2, vec![task(10, 1, 2, 5, false)])];
    assert_eq!(on_task_updated(&mut list, task(10, 1, 5, 5, false)), None);
    // a task not listed yet that arrives completed and active
    let mut list = vec![quest(1, 2, vec![])];
    assert!(on_task_updated(&mut list, task(11, 1, 3, 3, true)).is_some());
    assert_eq!(list[0].tasks.len(), 1);
    // a task of an unknown quest
    assert_eq!(on_task_updated(&mut list, task(12, 99, 3, 3, true)), None);
    // progress above quantity is not "equals"
    let mut list = vec![quest(1, 2, vec![])];
    assert_eq!(on_task_updated(&mut list, task(13, 1, 4, 3, true)), None);
    assert_eq!(task_percent(&task(1, 1, 1, 3, true)), 33);
    assert_eq!(task_percent(&task(1, 1, 9, 3, true)), 100);
    assert_eq!(task_percent(&task(1, 1, 0, 0, true)), 100);
}

// ---------------------------------------------------------------------------------------------
// Notifications
// ---------------------------------------------------------------------------------------------

fn msg(id: u64, state: u8) -> Message {
    Message {
        id,
        read_at: None,
        state,
        content: MessageContent {
            title: format!("m{id}"),
        },
    }
}

#[test]
fn notifications_reducer() {
    let mut n = Notifications::loaded(vec![msg(5, 1), msg(4, 2), msg(3, 1), msg(2, 1)], 3);
    assert_eq!(n.items.len(), 3, "capped at 3");
    n.read(&[5], 1_700_000_000_123);
    assert_eq!(n.items[0].state, 2);
    assert_eq!(
        n.items[0].read_at.as_deref(),
        Some("2023-11-14T22:13:20.123Z")
    );
    assert_eq!(n.total_unread, 2);
    n.read(&[5, 4], 1);
    assert_eq!(n.total_unread, 2, "already read: no change");
    assert_eq!(
        n.items[0].read_at.as_deref(),
        Some("2023-11-14T22:13:20.123Z"),
        "readAt kept"
    );
    n.on_new(msg(6, 1));
    assert_eq!(n.total_unread, 3);
    assert_eq!(
        n.items.iter().map(|m| m.id).collect::<Vec<_>>(),
        vec![6, 5, 4]
    );
    n.on_new(msg(6, 1));
    assert_eq!(n.total_unread, 3, "same id is not counted twice");
    assert_eq!(n.items.len(), 3);
    n.read_all(0);
    assert_eq!(n.total_unread, 0);
    assert!(n.items.iter().all(|m| m.state == 2 && m.read_at.is_some()));
    n.read(&[6], 0);
    assert_eq!(n.total_unread, 0, "never below zero");
    n.set_total_unread(9);
    n.on_new(msg(7, 1));
    n.delete(&[7]);
    assert_eq!(n.total_unread, 9);
}

// ---------------------------------------------------------------------------------------------
// Loyalty
// ---------------------------------------------------------------------------------------------

fn acct(points: u64, cur: u64, order: u32, next: Option<u64>) -> LoyaltyAccount {
    LoyaltyAccount {
        points,
        current_level: CurrentLevel {
            name: format!("L{order}"),
            points: cur,
            order,
        },
        next_level: next.map(|p| NextLevel {
            name: "next".into(),
            points: p,
        }),
    }
}

#[test]
fn loyalty_progress() {
    let table: &[(u64, u64, Option<u64>, &str)] = &[
        (150, 100, Some(200), "50.00"),
        (100, 100, Some(200), "0.00"),
        (50, 100, Some(200), "0.00"),
        (200, 100, Some(200), "100.00"),
        (250, 100, Some(200), "100.00"),
        (1, 0, Some(3), "33.33"),
        (2, 0, Some(3), "66.67"),
        (1, 0, Some(8), "12.50"),
        (1, 0, Some(80_000), "0.00"),
        (1, 0, Some(20_000), "0.01"),
        (1, 0, Some(40_000), "0.00"),
        (3, 0, Some(80_000), "0.00"),
        (4, 0, Some(80_000), "0.01"),
        (500, 100, None, "100.00"),
        (5, 100, Some(100), "100.00"),
        (u64::MAX - 1, 0, Some(u64::MAX), "100.00"),
        (u64::MAX / 2, 0, Some(u64::MAX), "50.00"),
    ];
    for (p, c, n, want) in table {
        assert_eq!(
            acct(*p, *c, 1, *n).progress_percent(),
            *want,
            "{p} {c} {n:?}"
        );
    }
    assert_eq!(format_percent(5), "0.05");
    assert_eq!(progress_hundredths(1, 0, Some(2)), 5000);
}

#[test]
fn level_up() {
    let a1 = acct(0, 0, 1, Some(10));
    let a2 = acct(10, 10, 2, Some(20));
    assert_eq!(
        on_account_update(None, &a2, false, 0),
        None,
        "first load is not a level-up"
    );
    assert_eq!(on_account_update(Some(&a1), &a1, false, 0), None);
    assert_eq!(
        on_account_update(Some(&a2), &a1, false, 0),
        None,
        "lower order"
    );
    assert_eq!(
        on_account_update(Some(&a1), &a2, false, 5),
        Some(LevelUp::Modal { level: "L2".into() })
    );
    assert_eq!(
        on_account_update(Some(&a1), &a2, true, 5),
        Some(LevelUp::Banner {
            level: "L2".into(),
            hide_at_ms: 3005
        })
    );
}

// ---------------------------------------------------------------------------------------------
// Alerts
// ---------------------------------------------------------------------------------------------

#[test]
fn alert_durations() {
    assert_eq!(Alert::info("x").duration_ms(), ALERT_DURATION_MS);
    assert_eq!(
        Alert::info("x").with_description("more").duration_ms(),
        ALERT_DURATION_WITH_DESCRIPTION_MS
    );
    assert_eq!(Alert::info("x").with_description("").duration_ms(), 3000);
    assert_eq!(ALERT_DURATION_MS, 3000);
    assert_eq!(ALERT_DURATION_WITH_DESCRIPTION_MS, 5000);
}

#[test]
fn alert_throttle_queue() {
    let mut q = AlertQueue::new();
    let a = q.push(Alert::info("a"), 1000).expect("first shows at once");
    assert_eq!((a.shown_at_ms, a.hide_at_ms), (1000, 4000));
    assert_eq!(q.push(Alert::info("b"), 1100), None, "throttled");
    assert_eq!(q.push(Alert::info("c").with_description("d"), 1200), None);
    assert_eq!(q.next_wake_ms(), Some(1000 + ALERT_THROTTLE_MS));
    assert_eq!(q.tick(1399), None);
    let b = q.tick(1400).expect("400 ms later");
    assert_eq!(b.alert.key, "b");
    assert_eq!(q.tick(1400), None, "one per throttle window");
    let c = q.tick(1800).expect("c");
    assert_eq!(c.hide_at_ms, 6800);
    assert_eq!(q.visible().len(), 3);
    assert_eq!(q.next_wake_ms(), Some(4000));
    q.tick(4000);
    assert_eq!(q.visible().len(), 2, "a expired at 4000");
    q.dismiss(c.id);
    assert_eq!(q.visible().len(), 1);
    q.hide_all();
    assert!(q.visible().is_empty());
    assert_eq!(q.next_wake_ms(), None);
}

proptest! {
    #[test]
    fn alert_starts_are_throttled(times in proptest::collection::vec(0u64..5000, 1..40)) {
        let mut times = times;
        times.sort_unstable();
        let mut q = AlertQueue::new();
        let mut starts = Vec::new();
        for (i, t) in times.iter().enumerate() {
            if let Some(s) = q.push(Alert::info(&i.to_string()), *t) { starts.push(s.shown_at_ms); }
        }
        let mut now = times.last().copied().unwrap_or(0);
        while q.pending_len() > 0 {
            now = q.next_wake_ms().unwrap().max(now);
            if let Some(s) = q.tick(now) { starts.push(s.shown_at_ms); }
        }
        for w in starts.windows(2) {
            prop_assert!(w[1] - w[0] >= ALERT_THROTTLE_MS);
        }
        prop_assert!(starts.len() <= times.len());
        if times.len() <= ALERT_QUEUE_MAX {
            prop_assert_eq!(starts.len(), times.len());
        }
    }

    #[test]
    fn bonus_lists_only_hold_live_items(updates in proptest::collection::vec((0u64..6, 0u8..5, 0u8..7), 0..40)) {
        let mut list = Vec::new();
        for (id, s, r) in updates {
            let _ = apply_bonus_update(&mut list, bonus(id, s, r, &[]));
            prop_assert!(list.iter().all(|b| b.status == 1 || b.status == 2));
            let mut ids: Vec<u64> = list.iter().map(|b| b.id).collect();
            ids.sort_unstable();
            ids.dedup();
            prop_assert_eq!(ids.len(), list.len(), "no duplicates");
        }
    }

    #[test]
    fn notifications_cap_and_count(ops in proptest::collection::vec((0u8..3, 0u64..8), 0..50)) {
        let mut n = Notifications::default();
        for (op, id) in ops {
            match op {
                0 => n.on_new(msg(id, 1)),
                1 => n.read(&[id], 0),
                _ => n.read_all(0),
            }
            prop_assert!(n.items.len() <= 3);
            let unread_listed = n.items.iter().filter(|m| m.state == 1).count() as u64;
            prop_assert!(n.total_unread >= unread_listed);
        }
    }

    #[test]
    fn loyalty_progress_bounded(p: u64, c: u64, n: Option<u64>) {
        let h = progress_hundredths(p, c, n);
        prop_assert!(h <= 10_000);
    }
}
