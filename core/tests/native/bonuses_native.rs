//! Bonuses (issue 12) driven through the core as the view and the server would: lists by
//! status and active currency, pushes with their status-result alerts and game-scope
//! suffixes, the 500 ms debounce, activate/cancel with their confirmations and refusals,
//! bonus codes (normalised, SPEC §8 alerts once), account switch and logout, and the deposit
//! bonus offered by the typed amount and sent with the deposit.

use crate::support;

use croupier_core::app::features::bonuses::{self, wire::Kind, BonusesUi};
use croupier_core::app::features::payments::{self, pay, PaymentsUi};
use croupier_core::app::features::session::SessionUi;
use croupier_core::app::features::wallet::WalletUi;
use croupier_core::app::{update, view, AppUi, Boot, Config, Effect, Event, Model, Req};
use croupier_core::domain::payment::Direction;
use croupier_core::domain::realtime::SocketEvent;
use serde_json::json;
use support::{connect, http, req, respond, sent, token, ui, NOW};

const CURRENCIES: &str = r#"[
  {"code":"USD","type":"fiat","symbol":"$","subunitToUnit":100,"rate":{"rate":"1"}},
  {"code":"BTC","type":"crypto","symbol":"B","subunitToUnit":100000000,"rate":{"rate":"65000"},
   "subCurrencies":[{"code":"mBTC","subunitToUnit":1000}]}
]"#;

fn list_req(kind: Kind, currency: &str) -> Req {
    Req::Bonuses(bonuses::Call::List(kind, currency.into()))
}

fn bonus(id: u64, status: u8, result: u8, games: &[u64]) -> serde_json::Value {
    json!({"id": id, "status": status, "result": result, "name": "Welcome", "amount": "10.00",
           "currency": "USD", "wagerCasinoConditions": {"gameIds": games},
           "wager": {"required": "300.00", "wagered": "75.00"}, "expiresAt": 1_800_000_000})
}

/// A signed-in player with USD active and BTC inactive; every bonus call answered empty.
fn player() -> Model {
    player_with(Boot::default())
}

fn player_with(prefs: Boot) -> Model {
    player_on("/bonuses", prefs)
}

fn player_on(path: &str, prefs: Boot) -> Model {
    let mut m = support::booted_with_token(path, prefs);
    respond(
        &mut m,
        req::currencies(),
        200,
        serde_json::from_str(CURRENCIES).unwrap(),
    );
    respond(
        &mut m,
        req::profile(),
        200,
        json!({"id": 7, "email": "a@b.c"}),
    );
    respond(
        &mut m,
        req::accounts(),
        200,
        json!([
            {"id": 1, "currency": "USD", "balance": "100.00", "status": 1},
            {"id": 3, "currency": "BTC", "balance": "0.01", "status": 2}
        ]),
    );
    m
}

fn answer_lists(m: &mut Model, bonuses: serde_json::Value, spins: serde_json::Value) {
    respond(m, list_req(Kind::Bonus, "USD"), 200, bonuses);
    respond(m, list_req(Kind::Freespin, "USD"), 200, spins);
}

fn push(m: &mut Model, channel: &str, data: serde_json::Value) -> Vec<Effect> {
    let frame = json!({"push": {"channel": format!("{channel}#7"), "pub": {"data": data}}});
    update(
        m,
        Event::Socket(SocketEvent::Message(frame.to_string())),
        NOW,
    )
}

/// Alert keys queued or shown so far (in order).
fn alerts(m: &Model) -> String {
    format!("{:?}", m.f.toasts.queue)
}

fn count(m: &Model, key: &str) -> usize {
    alerts(m).matches(&format!("\"{key}\"")).count()
}

fn is_refresh(e: &Effect) -> bool {
    matches!(e, Effect::Timer { event, ms: 500, .. } if format!("{event:?}").contains("Bonuses(Refresh)"))
}

/// The bonus-list refresh timers among some effects.
fn timers(fx: &[Effect]) -> usize {
    fx.iter().filter(|e| is_refresh(e)).count()
}

fn tick(fx: &[Effect]) -> Event {
    fx.iter()
        .find_map(|e| match e {
            Effect::Timer { event, .. } if is_refresh(e) => Some((**event).clone()),
            _ => None,
        })
        .expect("a refresh timer")
}

/// Types a deposit amount in the wallet modal (the wallet shares it with the bonuses).
fn type_deposit(m: &mut Model, amount: &str) {
    if m.shared.location.query_value("modal") != Some("wallet") {
        ui(
            m,
            AppUi::Navigate {
                path: "/bonuses?modal=wallet&wallet=deposit".into(),
            },
        );
    }
    ui(
        m,
        PaymentsUi::PayInput {
            field: "amount".into(),
            value: amount.into(),
        },
    );
}

fn ids(m: &Model) -> Vec<u64> {
    m.f.bonuses.items.iter().map(|i| i.id).collect()
}

#[test]
fn lists_load_for_the_active_currency_and_keep_issued_and_active_only() {
    let mut m = player();
    let inflight = |m: &Model, r: Req| m.calls.id_of(&r).is_some();
    assert!(inflight(&m, list_req(Kind::Bonus, "USD")));
    let route = list_req(Kind::Bonus, "USD").endpoint();
    assert_eq!(
        route.query,
        vec![
            ("status[]".to_string(), "1".to_string()),
            ("status[]".into(), "2".into()),
            ("currency[]".into(), "USD".into())
        ]
    );
    assert!(inflight(&m, list_req(Kind::Freespin, "USD")));
    assert!(inflight(
        &m,
        Req::Bonuses(bonuses::Call::Cashback("USD".into()))
    ));
    assert!(inflight(
        &m,
        Req::Bonuses(bonuses::Call::Packages {
            currency: "USD".into(),
            amount: None,
        })
    ));
    answer_lists(
        &mut m,
        json!([
            bonus(1, 1, 1, &[]),
            bonus(2, 3, 2, &[]),
            bonus(3, 2, 1, &[5])
        ]),
        json!([{"id": 9, "status": 1, "result": 1, "count": 20, "currency": "USD", "gameId": 4}]),
    );
    assert_eq!(ids(&m), vec![1, 3, 9]);
    let v = view::view(&m).bonuses;
    assert_eq!(v.items.len(), 3);
    assert_eq!(v.items[0].games, "allGames");
    assert_eq!(v.items[1].games, "oneGame");
    assert!(v.items[1].active);
    assert_eq!(v.items[0].wager.as_ref().unwrap().percent, 25);
    assert_eq!(v.items[2].kind, "freespin");
    // A list load raises no alerts.
    assert!(!alerts(&m).contains("alerts.bonus-"));
}

#[test]
fn pushes_alert_with_the_game_suffix_once_and_the_refresh_is_debounced() {
    let mut m = player();
    answer_lists(&mut m, json!([bonus(3, 2, 1, &[5])]), json!([]));
    connect(&mut m);
    let fx = push(&mut m, "bonus:player-bonuses", bonus(4, 1, 1, &[1, 2]));
    assert_eq!(ids(&m), vec![4, 3]);
    assert_eq!(count(&m, "alerts.bonus-1-1-several-games"), 1);
    assert_eq!(timers(&fx), 1);
    // The same state again: no second alert; the deadline moves (old timer cancelled).
    let fx = push(&mut m, "bonus:player-bonuses", bonus(4, 1, 1, &[1, 2]));
    assert_eq!(count(&m, "alerts.bonus-1-1-several-games"), 1);
    let _ = fx;
    // Played: leaves the list with its alert.
    let fx = push(&mut m, "bonus:player-bonuses", bonus(3, 3, 2, &[5]));
    assert_eq!(ids(&m), vec![4]);
    assert_eq!(count(&m, "alerts.bonus-3-2-one-game"), 1);
    assert!(fx.iter().any(|e| matches!(e, Effect::CancelTimer(_))));
    assert_eq!(timers(&fx), 1);
    // Expired (result 5) free of games: all-games suffix.
    push(&mut m, "bonus:player-bonuses", bonus(4, 3, 5, &[]));
    assert!(ids(&m).is_empty());
    assert_eq!(count(&m, "alerts.bonus-3-5-all-games"), 1);
    // Unknown finished ids, malformed objects and other currencies change nothing.
    let fx = push(&mut m, "bonus:player-bonuses", bonus(99, 3, 3, &[]));
    assert_eq!(timers(&fx), 0);
    push(&mut m, "bonus:player-bonuses", json!({"status": "x"}));
    let mut eur = bonus(50, 1, 1, &[]);
    eur["currency"] = json!("EUR");
    push(&mut m, "bonus:player-bonuses", eur);
    assert!(ids(&m).is_empty());
    // Free spins: their own keys.
    let fx = push(
        &mut m,
        "bonus:player-freespins",
        json!({"id": 8, "status": 1, "result": 1, "count": 10, "currency": "USD", "gameId": 3}),
    );
    assert_eq!(count(&m, "alerts.freespin-1-1"), 1);
    // The trailing refresh loads both lists again.
    let fx = update(&mut m, tick(&fx), NOW + 500);
    let sent: Vec<String> = http(&fx).iter().map(|h| h.path.clone()).collect();
    assert!(
        sent.contains(&"/api/game/player-bonuses".to_string()),
        "{sent:?}"
    );
    assert!(sent.contains(&"/api/game/player-freespins".to_string()));
}

#[test]
fn activate_and_cancel_go_through_their_confirmations() {
    let mut m = player();
    answer_lists(
        &mut m,
        json!([bonus(1, 1, 1, &[]), bonus(2, 2, 1, &[])]),
        json!([]),
    );
    let ask = |kind: &str, id: u64, action: &str| BonusesUi::BonusAsk {
        kind: if kind == "bonus" {
            Kind::Bonus
        } else {
            Kind::Freespin
        },
        id,
        action: if action == "cancel" {
            bonuses::Action::Cancel
        } else {
            bonuses::Action::Activate
        },
    };
    ui(&mut m, ask("bonus", 1, "activate"));
    assert_eq!(
        m.shared.location.query_value("modal"),
        Some("confirm-bonus")
    );
    assert_eq!(m.shared.location.query_value("bonusId"), Some("1"));
    let fx = ui(&mut m, BonusesUi::BonusConfirm);
    assert_eq!(http(&fx)[0].path, "/api/game/player-bonuses/1/activate");
    // A second yes sends nothing (activating twice activates once).
    assert!(http(&ui(&mut m, BonusesUi::BonusConfirm)).is_empty());
    respond(
        &mut m,
        Req::Bonuses(bonuses::Call::Activate(Kind::Bonus, 1)),
        200,
        bonus(1, 2, 1, &[]),
    );
    assert_eq!(count(&m, "alerts.bonus-2-1-all-games"), 1);
    assert!(m.f.bonuses.find(Kind::Bonus, 1).unwrap().status == 2);

    // Cancel with unsettled bets: asked again, then sent with force.
    ui(&mut m, ask("bonus", 2, "cancel"));
    ui(&mut m, BonusesUi::BonusConfirm);
    let cancel = Req::Bonuses(bonuses::Call::Cancel(Kind::Bonus, 2));
    respond(
        &mut m,
        cancel.clone(),
        422,
        json!({"code": "unsettled_bets", "message": "Unsettled", "errors": {}}),
    );
    assert_eq!(
        m.shared.location.query_value("modal"),
        Some("confirm-bonus-unsettled")
    );
    assert!(view::view(&m).bonuses.ask.unwrap().unsettled);
    let fx = ui(&mut m, BonusesUi::BonusConfirm);
    assert_eq!(http(&fx)[0].body, Some(json!({"force": true})));
    // Refused for another reason: the bonus stays as it was, the reason is said.
    respond(
        &mut m,
        cancel,
        422,
        json!({"code": "bonus_finished", "message": "This bonus has finished.", "errors": {}}),
    );
    assert_eq!(m.f.bonuses.find(Kind::Bonus, 2).unwrap().status, 2);
    assert!(alerts(&m).contains("This bonus has finished."));
    // Locked: the lock modal, no call.
    let mut locked = bonus(2, 2, 1, &[]);
    locked["cancelLocked"] = json!(true);
    connect(&mut m);
    push(&mut m, "bonus:player-bonuses", locked);
    let fx = ui(&mut m, ask("bonus", 2, "cancel"));
    assert!(http(&fx).is_empty());
    assert_eq!(
        m.shared.location.query_value("modal"),
        Some("bonus-cancel-lock")
    );
}

#[test]
fn bonus_codes_are_normalised_and_alert_once() {
    assert_eq!(
        bonuses::normalize_code(" welcome 100 "),
        Ok("WELCOME100".into())
    );
    assert!(bonuses::normalize_code("  ").is_err());
    assert!(bonuses::normalize_code("bad!code").is_err());
    let mut m = player();
    ui(
        &mut m,
        BonusesUi::BonusCodeInput {
            value: "bad!".into(),
        },
    );
    let fx = ui(&mut m, BonusesUi::BonusCodeSubmit);
    assert!(http(&fx).is_empty());
    assert_eq!(m.f.bonuses.code_input, "bad!", "typed text is kept");
    assert!(view::view(&m).bonuses.code_error.is_some());
    ui(
        &mut m,
        BonusesUi::BonusCodeInput {
            value: " nope ".into(),
        },
    );
    let fx = ui(&mut m, BonusesUi::BonusCodeSubmit);
    assert_eq!(
        http(&fx)[0].body,
        Some(json!({"bonusCode": "NOPE", "trigger": "manual"}))
    );
    let add = Req::Bonuses(bonuses::Call::AddCode);
    respond(
        &mut m,
        add.clone(),
        201,
        json!({"playerBonusCodeId": 5, "bonusCode": "NOPE", "status": 3}),
    );
    assert_eq!(count(&m, "alerts.bonusCodeIncorrect"), 1);
    connect(&mut m);
    push(
        &mut m,
        "bonus:player-bonus-codes",
        json!({"playerBonusCodeId": 5, "bonusCode": "NOPE", "status": 3}),
    );
    assert_eq!(count(&m, "alerts.bonusCodeIncorrect"), 1);
    ui(
        &mut m,
        BonusesUi::BonusCodeInput {
            value: "summer2024".into(),
        },
    );
    ui(&mut m, BonusesUi::BonusCodeSubmit);
    respond(
        &mut m,
        add.clone(),
        201,
        json!({"playerBonusCodeId": 6, "bonusCode": "SUMMER2024", "status": 4}),
    );
    assert_eq!(count(&m, "alerts.bonusCodeNotAvailable"), 1);
    ui(
        &mut m,
        BonusesUi::BonusCodeInput {
            value: "welcome100".into(),
        },
    );
    ui(&mut m, BonusesUi::BonusCodeSubmit);
    respond(
        &mut m,
        add,
        201,
        json!({"playerBonusCodeId": 7, "bonusCode": "WELCOME100", "status": 2}),
    );
    assert_eq!(m.f.bonuses.codes.len(), 1);
    assert!(m.f.bonuses.code_input.is_empty());
}

#[test]
fn switching_the_account_reloads_and_logout_clears() {
    let mut m = player();
    answer_lists(&mut m, json!([bonus(1, 1, 1, &[])]), json!([]));
    ui(&mut m, WalletUi::SwitchAccount { id: 3 });
    let fx = respond(
        &mut m,
        req::switch_account(3),
        200,
        json!([
            {"id": 1, "currency": "USD", "balance": "100.00", "status": 2},
            {"id": 3, "currency": "BTC", "balance": "0.01", "status": 1}
        ]),
    );
    assert_eq!(m.shared.active_currency.as_deref(), Some("BTC"));
    assert!(m.f.bonuses.items.is_empty());
    let urls: Vec<String> = http(&fx)
        .iter()
        .map(|h| format!("{} {:?}", h.path, h.query))
        .collect();
    for path in [
        "/api/game/player-bonuses ",
        "/api/game/player-freespins ",
        "/api/game/bonuses/cashback [(\"currency\", \"BTC\")]",
        "/api/game/bonuses [(\"currency\", \"BTC\")]",
    ] {
        assert!(
            urls.iter().any(|u| u.starts_with(path)),
            "{path} in {urls:?}"
        );
    }
    // A late USD answer is not shown under BTC.
    respond(
        &mut m,
        list_req(Kind::Bonus, "BTC"),
        200,
        json!([bonus(1, 1, 1, &[])]),
    );
    assert!(
        m.f.bonuses.items.is_empty(),
        "a USD bonus in a BTC answer is still USD's"
    );
    ui(&mut m, SessionUi::SignOut);
    let b = &m.f.bonuses;
    assert!(b.items.is_empty() && b.codes.is_empty() && b.packages.is_empty());
    assert!(b.cashback.is_none() && b.retention.account.is_none() && b.retention.quests.is_empty());
    assert_eq!(m.shared.active_currency, None);
}

#[test]
fn deposit_bonuses_are_offered_by_amount_and_sent_with_the_deposit() {
    let mut m = player();
    respond(
        &mut m,
        Req::Bonuses(bonuses::Call::Packages {
            currency: "USD".into(),
            amount: None,
        }),
        200,
        json!([
            {"package": {"id": 101, "name": "100%", "percent": 100, "maxAmount": "200.00"},
             "triggerConditions": {"invoiceAmountItems": [{"currency": "USD", "amountFrom": "20.00"}]}},
            {"package": {"id": 102, "name": "50%", "percent": 50, "maxAmount": "500.00"},
             "triggerConditions": {"invoiceAmountItems": [{"currency": "USD", "amountFrom": "50.00"}]}}
        ]),
    );
    let offered =
        |m: &Model| -> Vec<u64> { view::view(m).bonuses.deposit.iter().map(|d| d.id).collect() };
    type_deposit(&mut m, "10");
    assert!(offered(&m).is_empty());
    type_deposit(&mut m, "20");
    assert_eq!(offered(&m), vec![101]);
    type_deposit(&mut m, "75.5");
    assert_eq!(offered(&m), vec![101, 102]);
    ui(&mut m, BonusesUi::ChooseDepositBonus { id: Some(102) });
    assert_eq!(m.shared.deposit_bonus, Some(102));
    // An id not offered for the amount is no choice.
    ui(&mut m, BonusesUi::ChooseDepositBonus { id: Some(999) });
    assert_eq!(m.shared.deposit_bonus, None);
    ui(&mut m, BonusesUi::ChooseDepositBonus { id: Some(102) });
    // Lowering the amount below its trigger drops the choice.
    type_deposit(&mut m, "30");
    assert_eq!(m.shared.deposit_bonus, None);
    ui(&mut m, BonusesUi::ChooseDepositBonus { id: Some(101) });
    // The platform is asked whether the chosen package can still be given.
    let status = Req::Bonuses(bonuses::Call::Status(101, "USD".into()));
    assert_eq!(
        status.endpoint().query,
        vec![
            ("bonusIds[]".to_string(), "101".to_string()),
            ("currency".into(), "USD".into())
        ]
    );
    assert!(m.calls.id_of(&status).is_some());
    respond(
        &mut m,
        status,
        200,
        json!([{"id": 101, "isAvailable": true}]),
    );
    assert_eq!(m.shared.deposit_bonus, Some(101));
    assert!(!alerts(&m).contains("depositBonusUnavailable"));

    // The deposit carries it.
    ui(
        &mut m,
        AppUi::Navigate {
            path: "/?modal=wallet&wallet=deposit".into(),
        },
    );
    let methods = Req::Payments(payments::Call::Pay(pay::Call::Methods {
        dir: Direction::Deposit,
        currency: "USD".into(),
        country: None,
    }));
    respond(
        &mut m,
        methods,
        200,
        json!([{"name": "Manual", "paymentMethods": [{"id": "cashagent.deposit.agent", "name": "Agent",
            "minAmount": "5.00", "maxAmount": "1000.00", "fields": []}]}]),
    );
    ui(
        &mut m,
        PaymentsUi::PayInput {
            field: "amount".into(),
            value: "30".into(),
        },
    );
    let fx = ui(&mut m, PaymentsUi::Pay);
    let body = http(&fx)[0].body.clone().unwrap();
    assert_eq!(body["bonusId"], 101, "{body}");
}

#[test]
fn guests_send_nothing() {
    let mut m = Model::new(Config::default());
    update(
        &mut m,
        Event::Booted {
            token: None,
            path: "/bonuses".into(),
            boot: Boot::default(),
        },
        NOW,
    );
    let fx = ui(&mut m, BonusesUi::BonusCodeSubmit);
    assert!(http(&fx).is_empty());
    assert!(m.calls.id_of(&Req::Bonuses(bonuses::Call::Codes)).is_none());
}

fn flags(m: &mut Model, quests: bool, loyalty: bool) -> Vec<Effect> {
    respond(
        m,
        Req::Bonuses(bonuses::Call::Flags),
        200,
        json!({"bonusStatuses": {}, "questsEnabled": quests, "loyaltyEnabled": loyalty}),
    )
}

fn quest(id: u64, state: u8, progress: u64) -> serde_json::Value {
    json!({"id": id, "name": "Spin it", "state": state, "reward": "10 free spins",
           "tasks": [{"id": 5, "questId": id, "type": "bet", "isActive": state == 2,
                      "isCompleted": progress >= 3, "progress": progress, "quantity": 3, "gameIds": [7]}]})
}

fn loyalty(points: u64, level: &str, order: u32, next: u64) -> serde_json::Value {
    json!({"points": points, "currentLevel": {"name": level, "points": 100, "order": order},
           "nextLevel": {"name": "Gold", "points": next}})
}

#[test]
fn with_the_flags_off_nothing_of_quests_or_loyalty_is_requested_or_shown() {
    let mut m = player();
    let fx = flags(&mut m, false, false);
    let paths: Vec<String> = http(&fx).iter().map(|h| h.path.clone()).collect();
    assert!(
        !paths.iter().any(|p| p.starts_with("/api/retention")),
        "{paths:?}"
    );
    let v = view::view(&m).bonuses;
    assert!(v.quests.is_none() && v.loyalty.is_none());
    // Their modals are refused.
    ui(
        &mut m,
        AppUi::Navigate {
            path: "/bonuses?modal=quests-hub".into(),
        },
    );
    assert_eq!(m.shared.location.query_value("modal"), None);
    // Pushes change nothing.
    connect(&mut m);
    push(
        &mut m,
        "retention:quests",
        json!({"event": "quest.updated", "data": quest(1, 1, 0)}),
    );
    assert!(m.f.bonuses.retention.quests.is_empty());
    // Before the flags are known, nothing either.
    let fresh = player();
    assert!(fresh
        .calls
        .id_of(&Req::Bonuses(bonuses::Call::Loyalty))
        .is_none());
}

#[test]
fn quests_load_alert_on_issue_state_change_and_task_completion() {
    let mut m = player();
    flags(&mut m, true, false);
    let quests = Req::Bonuses(bonuses::Call::Quests("USD".into()));
    assert_eq!(
        quests.endpoint().query,
        vec![
            ("state[]".to_string(), "1".to_string()),
            ("state[]".into(), "2".into()),
            ("currency".into(), "USD".into())
        ]
    );
    respond(
        &mut m,
        quests.clone(),
        200,
        json!([quest(1, 2, 1), quest(9, 3, 3)]),
    );
    let v = view::view(&m).bonuses.quests.unwrap();
    assert_eq!(v.len(), 1, "completed quests are not listed");
    assert_eq!(
        (v[0].tasks[0].percent, v[0].tasks[0].game_ids.clone()),
        (33, vec![7])
    );
    connect(&mut m);
    // A task reaching its quantity while active: success alert, once.
    let task = json!({"id": 5, "questId": 1, "type": "bet", "isActive": true, "isCompleted": true, "progress": 3, "quantity": 3});
    push(
        &mut m,
        "retention:quests",
        json!({"event": "quest.task.updated", "data": task.clone()}),
    );
    assert_eq!(count(&m, "alerts.questTaskCompleted"), 1);
    push(
        &mut m,
        "retention:quests",
        json!({"event": "quest.task.updated", "data": task}),
    );
    assert_eq!(count(&m, "alerts.questTaskCompleted"), 1);
    // A new quest in state 1: issued alert and a reload.
    let fx = push(
        &mut m,
        "retention:quests",
        json!({"event": "quest.updated", "data": quest(2, 1, 0)}),
    );
    assert_eq!(count(&m, "alerts.questIssued"), 1);
    assert!(http(&fx).iter().any(|h| h.path == "/api/retention/quests"));
    // Activate: state changed alert; completed: no alert, leaves the list.
    ui(&mut m, BonusesUi::QuestActivate { id: 2 });
    respond(
        &mut m,
        Req::Bonuses(bonuses::Call::QuestActivate(2)),
        200,
        quest(2, 2, 0),
    );
    assert_eq!(count(&m, "alerts.questStateChanged"), 1);
    push(
        &mut m,
        "retention:quests",
        json!({"event": "quest.updated", "data": quest(1, 3, 3)}),
    );
    assert_eq!(count(&m, "alerts.questStateChanged"), 1);
    assert_eq!(view::view(&m).bonuses.quests.unwrap().len(), 1);
    // Malformed pushes are dropped.
    push(
        &mut m,
        "retention:quests",
        json!({"event": "quest.task.updated", "data": {"id": "x"}}),
    );
}

#[test]
fn loyalty_progress_and_level_up_as_modal_or_game_page_banner() {
    let mut m = player();
    flags(&mut m, false, true);
    respond(
        &mut m,
        Req::Bonuses(bonuses::Call::Loyalty),
        200,
        loyalty(282, "Silver", 2, 500),
    );
    respond(
        &mut m,
        Req::Bonuses(bonuses::Call::Levels),
        200,
        json!([{"name": "Bronze", "points": 0, "order": 1}, {"name": "Silver", "points": 100, "order": 2}]),
    );
    let l = view::view(&m).bonuses.loyalty.unwrap();
    // (282 - 100) / (500 - 100) = 45.5 %.
    assert_eq!(l.progress, "45.50");
    assert!(l.levels[1].current);
    connect(&mut m);
    // Same level: nothing.
    push(&mut m, "retention:accounts", loyalty(300, "Silver", 2, 500));
    assert!(view::view(&m).bonuses.level_up.is_none());
    push(&mut m, "retention:accounts", loyalty(600, "Gold", 3, 2000));
    let up = view::view(&m).bonuses.level_up.unwrap();
    assert_eq!((up.level.as_str(), up.banner), ("Gold", false));
    ui(&mut m, BonusesUi::LevelUpSeen);
    assert!(view::view(&m).bonuses.level_up.is_none());
    // On a game page: the banner, gone after 3 s.
    ui(
        &mut m,
        AppUi::Navigate {
            path: "/game/book-of-dead".into(),
        },
    );
    let fx = push(
        &mut m,
        "retention:accounts",
        loyalty(2100, "Platinum", 4, 10000),
    );
    assert!(view::view(&m).bonuses.level_up.unwrap().banner);
    let hide = fx
        .iter()
        .find_map(|e| match e {
            Effect::Timer {
                event, ms: 3000, ..
            } => Some((**event).clone()),
            _ => None,
        })
        .expect("a 3 s banner timer");
    update(&mut m, hide, NOW + 3000);
    assert!(view::view(&m).bonuses.level_up.is_none());
}

/// Issue 29: once subscribed the loyalty account is refetched, so a level-up may arrive as
/// the refetch's answer before its push, or the push before an older answer. The level-up
/// shows once either way, and an older answer never shows it again.
#[test]
fn a_level_up_shows_once_whichever_of_a_refetch_and_its_push_comes_first() {
    let loyalty_player = || {
        let mut m = player();
        flags(&mut m, false, true);
        respond(
            &mut m,
            Req::Bonuses(bonuses::Call::Loyalty),
            200,
            loyalty(150, "Silver", 2, 500),
        );
        connect(&mut m);
        // The first subscription's refetch asks for the account again.
        assert!(m
            .calls
            .id_of(&Req::Bonuses(bonuses::Call::Loyalty))
            .is_some());
        m
    };
    // The refetch answers first with the new level: the modal, and the push adds nothing.
    let mut m = loyalty_player();
    respond(
        &mut m,
        Req::Bonuses(bonuses::Call::Loyalty),
        200,
        loyalty(600, "Gold", 3, 2000),
    );
    assert_eq!(view::view(&m).bonuses.level_up.unwrap().level, "Gold");
    ui(&mut m, BonusesUi::LevelUpSeen);
    push(&mut m, "retention:accounts", loyalty(600, "Gold", 3, 2000));
    assert!(view::view(&m).bonuses.level_up.is_none());
    // The push first, then the refetch's older answer: one modal; the newer state again
    // (the second refetch) shows nothing.
    let mut m = loyalty_player();
    push(&mut m, "retention:accounts", loyalty(600, "Gold", 3, 2000));
    assert_eq!(view::view(&m).bonuses.level_up.unwrap().level, "Gold");
    ui(&mut m, BonusesUi::LevelUpSeen);
    respond(
        &mut m,
        Req::Bonuses(bonuses::Call::Loyalty),
        200,
        loyalty(150, "Silver", 2, 500),
    );
    assert!(view::view(&m).bonuses.level_up.is_none());
    push(&mut m, "retention:accounts", loyalty(600, "Gold", 3, 2000));
    assert!(view::view(&m).bonuses.level_up.is_none());
    assert_eq!(m.f.bonuses.retention.account.unwrap().points, 600);
}

#[test]
fn cards_and_quest_tasks_name_their_games_once_the_catalogue_is_in() {
    use croupier_core::app::features::bonuses::view::GameRef;
    use croupier_core::app::features::games::GamesUi;
    let mut m = player();
    flags(&mut m, true, false);
    answer_lists(&mut m, json!([bonus(3, 2, 1, &[2, 40, 999])]), json!([]));
    respond(
        &mut m,
        Req::Bonuses(bonuses::Call::Quests("USD".into())),
        200,
        json!([quest(1, 2, 1)]),
    );
    // Before the catalogue: ids only (the card says how many games).
    let v = view::view(&m).bonuses;
    assert_eq!(v.items[0].game_ids, vec![2, 40, 999]);
    assert!(v.items[0].named_games.is_empty());
    sent(&mut m);
    // The games index's first page names the most played games (no index kept from a visit
    // before: the runtime's read found none).
    ui(&mut m, GamesUi::GamesPainted);
    update(
        &mut m,
        Event::Tick(croupier_core::app::Tick::Games(
            croupier_core::app::features::games::GamesTick::Kept(None),
        )),
        NOW,
    );
    let game = |id: u64, identity: &str, name: &str| {
        json!({"id": id, "identity": identity, "name": name,
            "provider": {"id": 1, "identity": "novomatic", "name": "Novomatic"}, "hasDemo": true})
    };
    respond(
        &mut m,
        Req::Games(croupier_core::app::features::games::Call::Sweep(1)),
        200,
        json!({"data": [game(1, "book-of-ra", "Book of Ra"), game(2, "sizzling-hot", "Sizzling Hot"),
            game(40, "lucky-7", "Lucky Lady's Charm"), game(41, "dolphins-pearl", "Dolphin's Pearl"),
            {"id": 42, "name": "No identity"}],
            "meta": {"page": 1, "perPage": 200, "totalPages": 1, "totalRows": 5}}),
    );
    assert!(sent(&mut m).contains(&"bonuses"));
    let v = view::view(&m).bonuses;
    let named = |name: &str, identity: &str| GameRef {
        name: name.into(),
        href: format!("/game/{identity}"),
    };
    // 999 is not in the catalogue: left out, never a broken link.
    assert_eq!(
        v.items[0].named_games,
        vec![
            named("Sizzling Hot", "sizzling-hot"),
            named("Lucky Lady's Charm", "lucky-7")
        ]
    );
    // A task's games (7 is not there: the 41st after Lucky Lady's Charm is Dolphin's Pearl).
    assert!(v.quests.unwrap()[0].tasks[0].named_games.is_empty());
    let cat = m.shared.catalogue.clone().unwrap();
    assert_eq!(
        cat.by_id(41).map(|g| g.name.as_str()),
        Some("Dolphin's Pearl")
    );
    // A game without an identity is skipped.
    assert_eq!(cat.games.len(), 4);
}

#[test]
fn a_chosen_deposit_bonus_that_is_gone_is_dropped_with_an_alert() {
    let mut m = player();
    respond(
        &mut m,
        Req::Bonuses(bonuses::Call::Packages {
            currency: "USD".into(),
            amount: None,
        }),
        200,
        json!([{"package": {"id": 101, "name": "100%", "percent": 100, "maxAmount": "200.00"},
                "triggerConditions": {"invoiceAmountItems": [{"currency": "USD", "amountFrom": "20.00"}]}}]),
    );
    type_deposit(&mut m, "25");
    ui(&mut m, BonusesUi::ChooseDepositBonus { id: Some(101) });
    assert_eq!(m.shared.deposit_bonus, Some(101));
    // A malformed answer changes nothing (logged).
    let status = Req::Bonuses(bonuses::Call::Status(101, "USD".into()));
    respond(&mut m, status.clone(), 200, json!({"oops": 1}));
    assert_eq!(m.shared.deposit_bonus, Some(101));
    ui(&mut m, BonusesUi::ChooseDepositBonus { id: Some(101) });
    respond(
        &mut m,
        status,
        200,
        json!([{"id": 101, "isAvailable": false}]),
    );
    assert_eq!(m.shared.deposit_bonus, None);
    assert_eq!(count(&m, "alerts.depositBonusUnavailable"), 1);
    // No longer offered.
    assert!(view::view(&m).bonuses.deposit.is_empty());
}

#[test]
fn the_expiry_day_is_the_devices_day() {
    // 1_800_000_000 is 2027-01-15 08:00 UTC: still the 14th ten hours west of UTC.
    let west = Boot {
        zone: croupier_core::domain::zone::Zone::fixed(-600),
        ..Boot::default()
    };
    for (prefs, day) in [(Boot::default(), "15.01.27"), (west, "14.01.27")] {
        let mut m = player_with(prefs);
        answer_lists(
            &mut m,
            json!([bonus(1, 1, 1, &[])]),
            json!([{"id": 9, "status": 1, "result": 1, "count": 20, "currency": "USD", "gameId": 4}]),
        );
        let v = view::view(&m).bonuses;
        assert_eq!(v.items[0].expires_text, day, "SPEC §9 date DD.MM.YY");
        assert_eq!(v.items[1].expires_at, 0);
        assert_eq!(v.items[1].expires_text, "", "no expiry, no text");
    }
}

fn history_req(kind: Kind, filter: &bonuses::history::Filter) -> Req {
    Req::Bonuses(bonuses::Call::History(kind, filter.clone()))
}

/// The query of the last call to `path` among some effects.
fn query_of(fx: &[Effect], path: &str) -> Option<Vec<(String, String)>> {
    http(fx)
        .into_iter()
        .rev()
        .find(|h| h.path == path)
        .map(|h| h.query.clone())
}

fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

/// SPEC §2 history tabs, §7 bracket arrays: the bonuses tab reads its filters back from the
/// address (a reload keeps them), asks both lists with `status[]` / `currency[]`, shows
/// finished items with their result as text and the SPEC §9 date, and a filter change from the
/// mobile sheet is an address change that asks again.
#[test]
fn the_bonuses_history_tab_reads_its_filters_from_the_address() {
    use bonuses::history::{Filter, KindFilter, StatusFilter};
    let prefs = Boot {
        zone: croupier_core::domain::zone::Zone::fixed(-180),
        ..Boot::default()
    };
    let mut m = Model::new(Config::default());
    let mut fx = update(
        &mut m,
        Event::Booted {
            token: Some(token(3600, "a")),
            path: "/wallet/history?tab=bonuses&status=finished&currency=usd".into(),
            boot: prefs,
        },
        NOW,
    );
    fx.extend(respond(
        &mut m,
        req::profile(),
        200,
        json!({"id": 7, "email": "a@b.c"}),
    ));
    let filter = Filter {
        status: StatusFilter::Finished,
        kind: KindFilter::All,
        currency: Some("USD".into()),
    };
    assert_eq!(
        m.f.bonuses.history.filter, filter,
        "read back from the address"
    );
    let want = pairs(&[("status[]", "3"), ("currency[]", "USD")]);
    assert_eq!(
        query_of(&fx, "/api/game/player-bonuses"),
        Some(want.clone())
    );
    assert_eq!(query_of(&fx, "/api/game/player-freespins"), Some(want));
    assert!(view::view(&m).bonuses_history.loading, "the skeleton shows");
    assert_eq!(view::view(&m).games_history.tab, Some("bonuses"));
    respond(
        &mut m,
        history_req(Kind::Bonus, &filter),
        200,
        json!([
            {"id": 4, "status": 3, "result": 2, "name": "Welcome", "amount": "10.00",
             "currency": "USD", "createdAt": 1_767_231_000, "expiresAt": 1_800_000_000},
            {"id": 5, "status": 3, "result": 5, "name": "Weekend", "amount": "5.00",
             "currency": "USD", "createdAt": 1_767_000_000},
            // Not what was asked for: left out.
            {"id": 6, "status": 2, "result": 1, "name": "Stray", "amount": "1.00",
             "currency": "USD", "createdAt": 1_767_300_000}
        ]),
    );
    assert!(view::view(&m).bonuses_history.loading, "one list still out");
    respond(
        &mut m,
        history_req(Kind::Freespin, &filter),
        200,
        json!([{"id": 4, "status": 3, "result": 3, "name": "Spins", "count": 20,
                "currency": "USD", "gameId": 2, "createdAt": 1_767_100_000}]),
    );
    let v = view::view(&m).bonuses_history;
    assert!(v.open && !v.loading && !v.failed);
    assert_eq!(
        (v.status, v.kind, v.currency.as_str()),
        ("finished", "all", "USD")
    );
    let keys: Vec<&str> = v.rows.iter().map(|r| r.key.as_str()).collect();
    assert_eq!(keys, ["bonus-4", "freespin-4", "bonus-5"], "newest first");
    let first = &v.rows[0];
    assert_eq!(first.kind_text, "Bonus");
    assert_eq!(first.status_text, "Finished");
    assert_eq!(first.result_text, "Played");
    // 2026-01-01T01:30:00Z is the evening before at UTC-3.
    assert_eq!(first.created_text, "31.12.25, 22:30");
    assert_eq!(first.amount_text, "10.00 USD");
    assert_eq!(v.rows[1].amount_text, "20 free spins, USD");
    assert_eq!(v.rows[1].result_text, "Canceled");
    assert_eq!(v.rows[2].result_text, "Expired");
    let on: Vec<&str> = v
        .statuses
        .iter()
        .filter(|o| o.on)
        .map(|o| o.value.as_str())
        .collect();
    assert_eq!(on, ["finished"]);
    let active = v.statuses.iter().find(|o| o.value == "active").unwrap();
    assert_eq!(
        active.href,
        "/wallet/history?tab=bonuses&status=active&currency=USD"
    );

    // The mobile sheet's apply: free spins, active, every currency; the address says so.
    let fx = ui(
        &mut m,
        BonusesUi::BonusHistoryFilter {
            status: "active".into(),
            kind: "freespin".into(),
            currency: "".into(),
        },
    );
    let url = fx
        .iter()
        .find_map(|e| match e {
            Effect::PushUrl { url, .. } => Some(url.clone()),
            _ => None,
        })
        .expect("the address changes");
    assert_eq!(
        url,
        "/wallet/history?tab=bonuses&status=active&kind=freespin"
    );
    assert_eq!(
        query_of(&fx, "/api/game/player-freespins"),
        Some(pairs(&[("status[]", "1"), ("status[]", "2")])),
        "no currency[]: every currency"
    );
    assert!(
        query_of(&fx, "/api/game/player-bonuses").is_none(),
        "free spins only"
    );
}

/// A push changes a history row in place, takes it out when it leaves the filter, and an
/// answer for filters no longer shown is dropped.
#[test]
fn bonus_history_rows_follow_pushes_and_drop_stale_answers() {
    use bonuses::history::{Filter, StatusFilter};
    let mut m = player_on("/wallet/history?tab=bonuses&status=active", Boot::default());
    let active = Filter {
        status: StatusFilter::Active,
        ..Filter::default()
    };
    respond(
        &mut m,
        history_req(Kind::Bonus, &active),
        200,
        json!([bonus(1, 2, 1, &[]), bonus(2, 1, 1, &[])]),
    );
    respond(&mut m, history_req(Kind::Freespin, &active), 200, json!([]));
    assert_eq!(view::view(&m).bonuses_history.rows.len(), 2);
    // Bonus 1 is played: it leaves the active filter.
    push(&mut m, "bonus:player-bonuses", bonus(1, 3, 2, &[]));
    let keys: Vec<String> = view::view(&m)
        .bonuses_history
        .rows
        .iter()
        .map(|r| r.key.clone())
        .collect();
    assert_eq!(keys, ["bonus-2"]);
    // Finished, then all statuses before the finished answer came: that late answer is not
    // shown.
    ui(
        &mut m,
        AppUi::Navigate {
            path: "/wallet/history?tab=bonuses&status=finished".into(),
        },
    );
    ui(
        &mut m,
        AppUi::Navigate {
            path: "/wallet/history?tab=bonuses".into(),
        },
    );
    let finished = Filter {
        status: StatusFilter::Finished,
        ..Filter::default()
    };
    respond(
        &mut m,
        history_req(Kind::Bonus, &finished),
        200,
        json!([bonus(9, 3, 2, &[])]),
    );
    let v = view::view(&m).bonuses_history;
    assert!(v.rows.is_empty() && v.loading, "{v:?}");
    // Another tab: the bonuses tab closes and asks nothing.
    let fx = ui(
        &mut m,
        AppUi::Navigate {
            path: "/wallet/history?tab=bets".into(),
        },
    );
    assert!(!view::view(&m).bonuses_history.open);
    assert!(query_of(&fx, "/api/game/player-bonuses").is_none());
}

fn warned(fx: &[Effect], what: &str) -> bool {
    fx.iter().any(|e| {
        matches!(e, Effect::Log { level: croupier_core::app::effect::LogLevel::Warn, message }
            if message.contains(what))
    })
}

/// Session 44: quests, tasks, loyalty and levels are read by their derives; what cannot be
/// read is refused with the reason in the log, and the rest stays as it was.
#[test]
fn malformed_quests_and_loyalty_are_refused_with_the_reason_logged() {
    let mut m = player();
    flags(&mut m, true, true);
    respond(
        &mut m,
        Req::Bonuses(bonuses::Call::Quests("USD".into())),
        200,
        json!([quest(1, 2, 1), {"id": 2, "name": "no state"}, "odd"]),
    );
    assert_eq!(
        m.f.bonuses.retention.quests.len(),
        1,
        "unreadable quests are left out"
    );
    respond(
        &mut m,
        Req::Bonuses(bonuses::Call::Loyalty),
        200,
        loyalty(282, "Silver", 2, 500),
    );
    connect(&mut m);
    let fx = push(
        &mut m,
        "retention:quests",
        json!({"event": "quest.task.updated", "data": {"id": "x"}}),
    );
    assert!(
        warned(&fx, "quest task push dropped: expected a whole"),
        "{fx:?}"
    );
    let fx = push(
        &mut m,
        "retention:quests",
        json!({"event": "quest.updated", "data": {"id": 3}}),
    );
    assert!(
        warned(&fx, "quest push dropped: missing field `state`"),
        "{fx:?}"
    );
    let fx = push(
        &mut m,
        "retention:accounts",
        json!({"points": 900, "currentLevel": {"name": "Gold"}}),
    );
    assert!(
        warned(&fx, "loyalty push dropped: missing field `order`"),
        "{fx:?}"
    );
    assert_eq!(m.f.bonuses.retention.account.as_ref().unwrap().points, 282);
    let mut other = player();
    flags(&mut other, false, true);
    let fx = respond(
        &mut other,
        Req::Bonuses(bonuses::Call::Levels),
        200,
        json!({"levels": []}),
    );
    assert!(warned(&fx, "loyalty levels: invalid type"), "{fx:?}");
    // Rows without points or order are left out of a list.
    respond(
        &mut m,
        Req::Bonuses(bonuses::Call::Levels),
        200,
        json!([{"name": "Bronze", "points": 0, "order": 1}, {"name": "Silver", "order": 2}]),
    );
    assert_eq!(m.f.bonuses.retention.levels, [("Bronze".to_string(), 0, 1)]);
    assert_eq!(m.f.bonuses.retention.quests.len(), 1);
}
