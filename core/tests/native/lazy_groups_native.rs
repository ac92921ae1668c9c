//! A lazily loaded group (issue 28; `lazy` rows in registry.rs), with a fake loader: the
//! model defers loads as in the browser (`groups.deferred`), and the test answers each
//! `Effect::LoadGroup` itself, with the group's code or a failure. What the parent promises:
//! the guest's home never asks for the group; the group's pages and events do; what is
//! addressed to the group while its code is away arrives in order once it is here; a failed
//! load keeps it all for the retry.
#![cfg(not(target_arch = "wasm32"))]

use crate::support;

use croupier_core::app::feature::LoadFailed;
use croupier_core::app::features::bonuses::BonusesUi;
use croupier_core::app::features::sport::{SportUi, WidgetState};
use croupier_core::app::groups::{self, Code, LoadState, QUEUE_LIMIT};
use croupier_core::app::registry::GroupId;
use croupier_core::app::{
    update, view, AppUi, Config, Effect, Event, FormId, FormValue, LogLevel, Method, Model, UiEvent,
};
use croupier_core::domain::realtime::SocketEvent;
use serde_json::json;
use support::{arrived_of, failed_of, loads_of, ui, Drawn, NOW};

const SPORT: GroupId = GroupId::sport;

fn config() -> Config {
    Config {
        sportsbook_script: "/sportsbook/sdk.js".into(),
        ..Config::default()
    }
}

/// Booted on `path` with loads deferred (the browser's way).
fn boot(path: &str) -> (Model, Vec<Effect>) {
    support::booted_deferred(config(), path)
}

fn loads(fx: &[Effect]) -> usize {
    fx.iter()
        .filter(|e| **e == Effect::LoadGroup(SPORT))
        .count()
}

fn sport_ui(m: &mut Model, e: SportUi) -> Vec<Effect> {
    update(m, Event::Ui(UiEvent::from(e)), NOW)
}

fn arrived(m: &mut Model) -> Vec<Effect> {
    let code = Code(SPORT.load_now().into());
    update(
        m,
        Event::GroupLoaded {
            group: SPORT,
            code: Ok(code),
        },
        NOW,
    )
}

fn failed(m: &mut Model) -> Vec<Effect> {
    update(
        m,
        Event::GroupLoaded {
            group: SPORT,
            code: Err(LoadFailed),
        },
        NOW,
    )
}

fn whole(m: &Model) -> Drawn {
    let mut sent = Drawn::default();
    croupier_core::app::view::whole(m, &mut sent);
    sent
}

#[test]
fn a_groups_slices_are_built_by_its_code_once_here_and_equal_the_models_view() {
    let (mut m, _) = boot("/sport");
    // Away: the page keeps the sport slice of its first view; nothing of it is built or sent.
    let first = whole(&m);
    assert!(first.0.contains_key("session") && first.0.contains_key("groups"));
    assert!(!first.0.contains_key("sport"), "{:?}", first.0.keys());
    sport_ui(&mut m, SportUi::SportCarouselsWanted);
    let mut changed = Drawn::default();
    let dirty = m.dirty.take();
    croupier_core::app::view::changed(&m, dirty, &mut changed);
    assert!(!changed.0.contains_key("sport"));

    arrived(&mut m);
    let here = whole(&m);
    assert_eq!(
        here.0["sport"],
        serde_json::to_value(view(&m).sport).unwrap(),
        "the chunk writes what the model's view holds"
    );
    let dirty = m.dirty.take();
    let mut changed = Drawn::default();
    croupier_core::app::view::changed(&m, dirty, &mut changed);
    assert_eq!(
        changed.0["sport"], here.0["sport"],
        "the load sends the group's slices"
    );
    assert_eq!(changed.0["groups"]["sport"], "ready");
}

#[test]
fn the_guests_home_does_not_load_the_group() {
    let (mut m, fx) = boot("/");
    assert_eq!(loads(&fx), 0);
    let fx = update(
        &mut m,
        Event::AddressChanged {
            path: "/games".into(),
        },
        NOW,
    );
    assert_eq!(loads(&fx), 0);
    assert_eq!(m.groups.state(SPORT), LoadState::Idle);
    assert_eq!(view(&m).groups.sport, LoadState::Idle);
}

/// An intent as the view writes it, routed by the main module (which has no reader for a
/// lazy group's intents: its chunk has).
fn from_view(m: &mut Model, event: serde_json::Value) -> Vec<Effect> {
    let read = UiEvent::from_view(event).expect("a known type");
    assert!(
        matches!(&read, UiEvent::Unread(u) if u.group == SPORT),
        "{read:?} is the sport group's, read in its chunk"
    );
    update(m, Event::Ui(read), NOW)
}

#[test]
fn the_views_intents_wait_unread_for_the_chunk_which_reads_them_in_order() {
    let (mut m, _) = boot("/sport");
    let hooks = m.groups.queued(SPORT);
    let mut fx = from_view(&mut m, json!({"type": "sportScriptFailed", "reason": "x"}));
    fx.extend(from_view(&mut m, json!({"type": "sportRetry"})));
    assert_eq!(loads(&fx), 0, "the page's load is under way");
    assert_eq!(m.groups.queued(SPORT), hooks + 2);
    assert_eq!(view(&m).sport.state, WidgetState::Idle);

    arrived(&mut m);
    let v = view(&m);
    assert_eq!(v.sport.state, WidgetState::Loading);
    assert_eq!(
        v.sport.attempt, 2,
        "failed, then retried: read and applied in order"
    );
}

#[test]
fn a_malformed_intent_is_logged_by_the_chunk_that_reads_it_and_changes_nothing() {
    let (mut m, _) = boot("/sport");
    arrived(&mut m);
    let before = view(&m);
    let fx = from_view(&mut m, json!({"type": "sportScriptFailed", "reason": 3}));
    assert!(
        fx.iter().any(|e| matches!(e, Effect::Log { level: LogLevel::Warn, message }
            if message == "event ignored: sportScriptFailed: `reason`: invalid type: integer `3`, expected a string")),
        "{fx:?}"
    );
    assert_eq!(view(&m), before);
    // The same intent well formed is applied.
    from_view(&mut m, json!({"type": "sportScriptFailed", "reason": "x"}));
    assert_ne!(view(&m).sport, before.sport);
}

#[test]
fn the_groups_page_loads_it_once_and_queued_events_arrive_in_order() {
    let (mut m, fx) = boot("/sport");
    assert_eq!(loads(&fx), 1);
    assert_eq!(view(&m).groups.sport, LoadState::Loading);
    // Nothing of the group's runs while its code is away, and no second fetch starts.
    let hooks = m.groups.queued(SPORT);
    assert!(hooks > 0, "the boot's hooks wait for the group");
    let mut fx = sport_ui(&mut m, SportUi::SportScriptFailed { reason: "x".into() });
    fx.extend(sport_ui(&mut m, SportUi::SportRetry));
    assert_eq!(loads(&fx), 0);
    assert_eq!(view(&m).sport.state, WidgetState::Idle);
    assert_eq!(m.groups.queued(SPORT), hooks + 2);

    arrived(&mut m);
    // Booted -> loading (attempt 1); failed; retry -> loading (attempt 2). The other order
    // would leave it failed at attempt 1.
    let v = view(&m);
    assert_eq!(v.groups.sport, LoadState::Ready);
    assert_eq!(v.sport.state, WidgetState::Loading);
    assert_eq!(v.sport.attempt, 2);
    assert_eq!(m.groups.queued(SPORT), 0);

    // Once here, events run at once.
    sport_ui(&mut m, SportUi::SportWidgetReady);
    assert_eq!(view(&m).sport.state, WidgetState::Initiated);
}

#[test]
fn an_event_for_the_group_loads_it_anywhere() {
    let (mut m, _) = boot("/");
    let fx = sport_ui(&mut m, SportUi::SportCarouselsWanted);
    assert_eq!(loads(&fx), 1);
    assert_eq!(m.groups.state(SPORT), LoadState::Loading);
    arrived(&mut m);
    assert!(m.f.sport.carousels_wanted);
}

#[test]
fn a_failed_load_keeps_the_queue_and_a_retry_drains_it() {
    let (mut m, _) = boot("/sport");
    sport_ui(&mut m, SportUi::SportCarouselsWanted);
    let queued = m.groups.queued(SPORT);
    failed(&mut m);
    assert_eq!(view(&m).groups.sport, LoadState::Failed);
    assert_eq!(m.groups.queued(SPORT), queued);
    assert!(!m.f.sport.carousels_wanted);

    // More arrives while failed: kept behind the rest, and no fetch until the player's retry
    // (a page whose chunk cannot be fetched would refetch it on every event).
    let fx = sport_ui(&mut m, SportUi::SportWidgetReady);
    assert_eq!(loads(&fx), 0);
    assert_eq!(view(&m).groups.sport, LoadState::Failed);

    // The view's retry (`Core.load("sport")`).
    let fx = update(&mut m, Event::LoadGroup(SPORT), NOW);
    assert_eq!(loads(&fx), 1);
    assert_eq!(view(&m).groups.sport, LoadState::Loading);
    arrived(&mut m);
    assert_eq!(m.groups.queued(SPORT), 0);
    assert!(m.f.sport.carousels_wanted);
    // Booted -> loading, then the widget's ready: initiated (the other order stays loading).
    assert_eq!(view(&m).sport.state, WidgetState::Initiated);
}

#[test]
fn entering_the_groups_page_again_after_a_failure_fetches_it_again() {
    let (mut m, _) = boot("/sport");
    failed(&mut m);
    // The same address again (a modal, a re-resolved locale) is not entering it.
    let fx = update(
        &mut m,
        Event::AddressChanged {
            path: "/sport?modal=sign-in".into(),
        },
        NOW,
    );
    assert_eq!(loads(&fx), 0);
    let fx = update(&mut m, Event::AddressChanged { path: "/".into() }, NOW);
    assert_eq!(loads(&fx), 0);
    let fx = update(
        &mut m,
        Event::AddressChanged {
            path: "/sport".into(),
        },
        NOW,
    );
    assert_eq!(loads(&fx), 1);
}

#[test]
fn a_prefetch_of_a_loaded_or_loading_group_fetches_nothing() {
    let (mut m, _) = boot("/sport");
    let fx = update(&mut m, Event::LoadGroup(SPORT), NOW);
    assert_eq!(loads(&fx), 0, "already loading");
    arrived(&mut m);
    let fx = update(&mut m, Event::LoadGroup(SPORT), NOW);
    assert_eq!(loads(&fx), 0, "already here");
    // A late second answer changes nothing.
    arrived(&mut m);
    assert_eq!(m.groups.state(SPORT), LoadState::Ready);
}

#[test]
fn an_idle_groups_queue_stays_bounded() {
    let (mut m, _) = boot("/");
    for i in 0..2 * QUEUE_LIMIT {
        let path = if i % 2 == 0 { "/games" } else { "/" };
        update(&mut m, Event::AddressChanged { path: path.into() }, NOW);
    }
    // A hook heard again is one item, however often.
    let queued = m.groups.queued(SPORT);
    assert!(queued <= 8, "{queued} items queued");
    update(
        &mut m,
        Event::AddressChanged {
            path: "/sport".into(),
        },
        NOW,
    );
    // The page loads it: the moves, the boot and the session arrive once each.
    assert_eq!(m.groups.state(SPORT), LoadState::Loading);
}

#[test]
fn natively_the_group_is_here_at_once() {
    let mut m = Model::new(config());
    assert!(!m.groups.deferred);
    let fx = update(
        &mut m,
        Event::Booted {
            token: None,
            path: "/sport".into(),
            boot: Default::default(),
        },
        NOW,
    );
    assert_eq!(loads(&fx), 0);
    assert_eq!(m.groups.state(SPORT), LoadState::Ready);
    assert_eq!(view(&m).sport.state, WidgetState::Loading);
}

// The bonuses group (session 41): the player's bonuses, codes, deposit bonuses, quests and
// loyalty. Its pages load it; elsewhere a signed-in player's page prefetches it (the view's
// `Core.load`), and a push the player is told about loads it at once.

const BONUSES: GroupId = GroupId::bonuses;

fn bonus_loads(fx: &[Effect]) -> usize {
    fx.iter()
        .filter(|e| **e == Effect::LoadGroup(BONUSES))
        .count()
}

/// A page booted on `path` at `at` with loads deferred and a session token living
/// `token_secs`, the currencies answered (USD); the session's profile not yet.
fn booted_with_usd(path: &str, token_secs: i64, at: u64) -> (Model, Vec<Effect>) {
    let mut m = Model::new(config());
    m.groups.deferred = true;
    let mut fx = update(
        &mut m,
        Event::Booted {
            token: Some(support::token(token_secs, "a")),
            path: path.into(),
            boot: Default::default(),
        },
        at,
    );
    fx.extend(support::respond(
        &mut m,
        support::req::currencies(),
        200,
        json!([{"code": "USD", "type": "fiat", "symbol": "$", "subunitToUnit": 100,
                "rate": {"rate": "1"}}]),
    ));
    (m, fx)
}

/// A signed-in player booted on `path` with loads deferred, USD active; every effect since
/// the boot.
fn player_on(path: &str) -> (Model, Vec<Effect>) {
    let (mut m, mut fx) = booted_with_usd(path, 3600, NOW);
    fx.extend(support::respond(
        &mut m,
        support::req::profile(),
        200,
        json!({"id": 7, "email": "a@b.c"}),
    ));
    fx.extend(support::respond(
        &mut m,
        support::req::accounts(),
        200,
        json!([{"id": 1, "currency": "USD", "balance": "100.00", "status": 1}]),
    ));
    (m, fx)
}

fn bonuses_arrived(m: &mut Model) -> Vec<Effect> {
    let code = Code(BONUSES.load_now().into());
    update(
        m,
        Event::GroupLoaded {
            group: BONUSES,
            code: Ok(code),
        },
        NOW,
    )
}

fn bonuses_failed(m: &mut Model) {
    update(
        m,
        Event::GroupLoaded {
            group: BONUSES,
            code: Err(LoadFailed),
        },
        NOW,
    );
}

fn push(m: &mut Model, channel: &str, data: serde_json::Value) -> Vec<Effect> {
    let frame = json!({"push": {"channel": format!("{channel}#7"), "pub": {"data": data}}});
    update(
        m,
        Event::Socket(SocketEvent::Message(frame.to_string())),
        NOW,
    )
}

fn bonus(id: u64, status: u8, result: u8) -> serde_json::Value {
    json!({"id": id, "status": status, "result": result, "name": "Welcome", "amount": "10.00",
           "currency": "USD", "wagerCasinoConditions": {"gameIds": []},
           "wager": {"required": "300.00", "wagered": "75.00"}, "expiresAt": 1_800_000_000})
}

/// The bonus alert keys shown or waiting, in order (the shown first: the queue prints its
/// waiting ones before them).
fn bonus_alerts(m: &Model) -> Vec<String> {
    let queue = format!("{:?}", m.f.toasts.queue);
    let (pending, visible) = queue.split_once("visible").expect("the queue's fields");
    [visible, pending]
        .iter()
        .flat_map(|part| part.split('"'))
        .filter(|s| s.starts_with("alerts.bonus-") || s.starts_with("alerts.freespin-"))
        .map(str::to_string)
        .collect()
}

fn asked_bonus_lists(fx: &[Effect]) -> bool {
    support::http(fx)
        .iter()
        .any(|h| h.path == "/api/game/player-bonuses")
}

#[test]
fn the_bonus_pages_load_the_bonuses_group_and_other_pages_do_not() {
    for path in [
        "/profile/bonuses",
        "/bonuses",
        "/wallet/history?tab=bonuses",
        "/games?modal=wallet&wallet=deposit",
        "/?modal=quests-hub",
    ] {
        let (m, fx) = player_on(path);
        assert_eq!(bonus_loads(&fx), 1, "{path}");
        assert_eq!(view(&m).groups.bonuses, LoadState::Loading, "{path}");
    }
    // `/bonus/{page}` is a content page; the profile's loyalty summary waits for the prefetch.
    for path in [
        "/",
        "/games",
        "/profile",
        "/wallet",
        "/wallet/history",
        "/bonus/welcome",
    ] {
        let (m, fx) = player_on(path);
        assert_eq!(bonus_loads(&fx), 0, "{path}");
        assert!(
            !asked_bonus_lists(&fx),
            "{path}: no bonus call before the code"
        );
        assert_eq!(view(&m).groups.bonuses, LoadState::Idle, "{path}");
    }
    // A guest's home neither.
    let (m, fx) = boot("/");
    assert_eq!(bonus_loads(&fx), 0);
    assert_eq!(m.groups.state(BONUSES), LoadState::Idle);
}

#[test]
fn the_prefetch_delivers_the_players_session_to_the_bonuses_group() {
    let (mut m, _) = player_on("/games");
    assert!(
        m.groups.queued(BONUSES) > 0,
        "the boot and the session wait"
    );
    // The page's prefetch (`Core.load("bonuses")`), then the chunk.
    let fx = update(&mut m, Event::LoadGroup(BONUSES), NOW);
    assert_eq!(bonus_loads(&fx), 1);
    let fx = bonuses_arrived(&mut m);
    assert_eq!(m.groups.queued(BONUSES), 0);
    // The session's start reached the group: it asks for the player's lists now.
    assert!(asked_bonus_lists(&fx));
    assert_eq!(view(&m).groups.bonuses, LoadState::Ready);
}

#[test]
fn entering_a_bonus_page_later_loads_the_group() {
    let (mut m, _) = player_on("/games");
    let fx = update(
        &mut m,
        Event::AddressChanged {
            path: "/profile/bonuses".into(),
        },
        NOW,
    );
    assert_eq!(bonus_loads(&fx), 1);
}

#[test]
fn a_bonus_push_loads_the_group_and_its_alerts_arrive_in_order() {
    let (mut m, _) = player_on("/games");
    support::connect(&mut m);
    let fx = push(&mut m, "bonus:player-bonuses", bonus(4, 1, 1));
    assert_eq!(
        bonus_loads(&fx),
        1,
        "told at once: the push loads the group"
    );
    let fx = push(
        &mut m,
        "bonus:player-freespins",
        json!({"id": 8, "status": 1, "result": 1, "count": 10, "currency": "USD"}),
    );
    assert_eq!(bonus_loads(&fx), 0, "already loading");
    // The player types a code and sends it while the chunk is on its way.
    ui(
        &mut m,
        BonusesUi::BonusCodeInput {
            value: "spin 10".into(),
        },
    );
    ui(&mut m, BonusesUi::BonusCodeSubmit);
    assert!(bonus_alerts(&m).is_empty());

    let fx = bonuses_arrived(&mut m);
    assert_eq!(
        bonus_alerts(&m),
        ["alerts.bonus-1-1-all-games", "alerts.freespin-1-1"]
    );
    assert_eq!(m.f.bonuses.items.len(), 2);
    // The input arrived before the submit: the code sent is the one typed, normalised.
    let add = support::http(&fx)
        .into_iter()
        .find(|h| h.path == "/api/game/bonuses/bonuscodes" && h.body.is_some())
        .expect("the code is sent");
    assert!(format!("{add:?}").contains("SPIN10"), "{add:?}");
}

#[test]
fn a_failed_bonuses_chunk_keeps_the_pushes_and_the_retry_shows_their_alerts() {
    let (mut m, _) = player_on("/games");
    support::connect(&mut m);
    push(&mut m, "bonus:player-bonuses", bonus(4, 1, 1));
    bonuses_failed(&mut m);
    assert_eq!(view(&m).groups.bonuses, LoadState::Failed);
    // A push after the failure waits: no fetch on every push of a chunk that cannot arrive.
    let fx = push(&mut m, "bonus:player-bonuses", bonus(4, 2, 1));
    assert_eq!(bonus_loads(&fx), 0);
    // The bonuses page's retry.
    let fx = update(&mut m, Event::LoadGroup(BONUSES), NOW);
    assert_eq!(bonus_loads(&fx), 1);
    bonuses_arrived(&mut m);
    assert_eq!(
        bonus_alerts(&m),
        ["alerts.bonus-1-1-all-games", "alerts.bonus-2-1-all-games"]
    );
}

// Lazy rows with forms (session 42): `limits` (LimitAdd, LimitEdit). The form's state is the parent's: what the player types shows at once,
// chunk or no chunk; the rules and the submit are the group's code, so a submit waits in the
// group's queue and is delivered in its turn, after the input typed before it.

const LIMITS: GroupId = GroupId::limits;

fn type_in(m: &mut Model, form: FormId, field: &str, value: &str) -> Vec<Effect> {
    ui(
        m,
        AppUi::FormInput {
            form,
            field: field.into(),
            value: FormValue::Text(value.into()),
        },
    )
}

fn press(m: &mut Model, form: FormId) -> Vec<Effect> {
    ui(m, AppUi::FormSubmit { form })
}

fn shown(m: &Model, form: FormId, field: &str) -> Option<FormValue> {
    view(m).forms[&form].values.get(field).cloned()
}

/// The POSTs of new limits in `fx`, their bodies.
fn limit_posts(fx: &[Effect]) -> Vec<serde_json::Value> {
    support::http(fx)
        .into_iter()
        .filter(|h| h.path == "/api/player/limits" && h.body.is_some())
        .map(|h| h.body.clone().unwrap_or_default())
        .collect()
}

/// A player on the add-limit modal (a reload of `/profile/limits?modal=add-limit`) types a
/// deposit limit while the limits chunk is on its way.
fn typing_a_limit_while_it_loads() -> Model {
    let (mut m, fx) = player_on("/profile/limits?modal=add-limit");
    assert_eq!(loads_of(&fx, LIMITS), 1, "the page asks for the group");
    assert_eq!(view(&m).groups.limits, LoadState::Loading);
    for (field, value) in [
        ("definition", "3"),
        ("period", "weekly"),
        ("currency", "USD"),
        ("amount", "0"),
    ] {
        let fx = type_in(&mut m, FormId::LimitAdd, field, value);
        assert_eq!(loads_of(&fx, LIMITS), 0, "already loading");
    }
    m
}

#[test]
fn typed_into_a_limit_form_while_its_chunk_loads_shows_at_once_and_its_messages_come_with_the_code()
{
    let mut m = typing_a_limit_while_it_loads();
    ui(
        &mut m,
        AppUi::FormBlur {
            form: FormId::LimitAdd,
            field: "amount".into(),
        },
    );
    // The view shows what was typed; no message yet (the rules are the group's code).
    assert_eq!(
        shown(&m, FormId::LimitAdd, "amount"),
        Some(FormValue::Text("0".into()))
    );
    assert!(view(&m).forms[&FormId::LimitAdd].errors.is_empty());
    arrived_of(&mut m, LIMITS);
    // With the code: the amount's message (0 is below the smallest amount), the input kept.
    let form = &view(&m).forms[&FormId::LimitAdd];
    assert!(form.errors.contains_key("amount"), "{form:?}");
    assert_eq!(
        form.values.get("currency"),
        Some(&FormValue::Text("USD".into()))
    );
}

#[test]
fn a_limit_submitted_while_its_chunk_loads_is_sent_once_it_is_here_with_what_was_typed() {
    let mut m = typing_a_limit_while_it_loads();
    type_in(&mut m, FormId::LimitAdd, "amount", "40");
    let fx = press(&mut m, FormId::LimitAdd);
    assert!(
        support::http(&fx).is_empty(),
        "nothing sent without the code"
    );
    assert_eq!(loads_of(&fx, LIMITS), 0);
    // Pressed twice while waiting: one submit.
    press(&mut m, FormId::LimitAdd);

    let fx = arrived_of(&mut m, LIMITS);
    // The session's start reached the group first (the page's list), then the submit with the
    // input typed before it.
    let paths: Vec<_> = support::http(&fx)
        .iter()
        .map(|h| (h.method, h.path.clone()))
        .collect();
    assert_eq!(
        paths,
        [
            (Method::Get, "/api/player/limits".to_string()),
            (Method::Post, "/api/player/limits".to_string())
        ]
    );
    assert_eq!(
        limit_posts(&fx),
        [json!({"definition": 3, "period": "weekly", "currency": "USD", "amount": "40"})]
    );
    assert!(view(&m).forms[&FormId::LimitAdd].submitting);
}

#[test]
fn a_failed_limits_chunk_keeps_the_input_and_the_retry_delivers_the_submit() {
    let mut m = typing_a_limit_while_it_loads();
    press(&mut m, FormId::LimitAdd);
    failed_of(&mut m, LIMITS);
    assert_eq!(view(&m).groups.limits, LoadState::Failed);
    // The player corrects the amount and presses again: kept, nothing fetched or sent.
    let mut fx = type_in(&mut m, FormId::LimitAdd, "amount", "12.50");
    fx.extend(press(&mut m, FormId::LimitAdd));
    assert_eq!(
        loads_of(&fx, LIMITS),
        0,
        "no fetch per keystroke after a failure"
    );
    assert!(limit_posts(&fx).is_empty());
    assert_eq!(
        shown(&m, FormId::LimitAdd, "amount"),
        Some(FormValue::Text("12.50".into()))
    );

    // The page's retry (`Core.load("limits")`), then the chunk: one POST, with the last input.
    let fx = update(&mut m, Event::LoadGroup(LIMITS), NOW);
    assert_eq!(loads_of(&fx, LIMITS), 1);
    let fx = arrived_of(&mut m, LIMITS);
    assert_eq!(
        limit_posts(&fx),
        [json!({"definition": 3, "period": "weekly", "currency": "USD", "amount": "12.50"})]
    );
}

#[test]
fn an_invalid_limit_submitted_while_loading_sends_nothing_and_shows_its_messages() {
    let mut m = typing_a_limit_while_it_loads();
    press(&mut m, FormId::LimitAdd);
    let fx = arrived_of(&mut m, LIMITS);
    assert!(limit_posts(&fx).is_empty(), "0 is refused before sending");
    let form = &view(&m).forms[&FormId::LimitAdd];
    assert!(form.errors.contains_key("amount"));
    assert!(!form.submitting);
}

#[test]
fn the_limits_page_and_modals_load_the_limits_group_and_other_pages_do_not() {
    for path in [
        "/profile/limits",
        "/games?modal=game-limit-reached",
        "/profile?modal=confirm-delete-limit&limitId=5",
    ] {
        let (m, fx) = player_on(path);
        assert_eq!(loads_of(&fx, LIMITS), 1, "{path}");
        assert_eq!(m.groups.state(LIMITS), LoadState::Loading, "{path}");
    }
    for path in ["/", "/games", "/profile", "/wallet", "/referral"] {
        let (m, fx) = player_on(path);
        assert_eq!(loads_of(&fx, LIMITS), 0, "{path}");
        assert_eq!(m.groups.state(LIMITS), LoadState::Idle, "{path}");
        assert!(
            !support::http(&fx)
                .iter()
                .any(|h| h.path.starts_with("/api/player/limits")),
            "{path}: no call of the limits before their code"
        );
    }
    // A guest's home neither.
    let (m, fx) = boot("/");
    assert_eq!(loads_of(&fx, LIMITS), 0);
    assert_eq!(m.groups.state(LIMITS), LoadState::Idle);
}

#[test]
fn the_prefetch_delivers_the_session_to_the_limits_group_and_a_limit_refusal_loads_it() {
    // On the profile: nothing of the limits until the prefetch; then the session's start
    // reaches the group (it asks for the list only where it is shown: not here).
    let (mut m, _) = player_on("/profile");
    assert!(m.groups.queued(LIMITS) > 0);
    update(&mut m, Event::LoadGroup(LIMITS), NOW);
    arrived_of(&mut m, LIMITS);
    assert_eq!(m.groups.queued(LIMITS), 0);
    assert_eq!(view(&m).groups.limits, LoadState::Ready);
    // A limit refusal anywhere is heard at once: the game-limit-reached modal lists them.
    use croupier_core::app::feature::{Hook, Signal};
    assert!(groups::hears_now(
        LIMITS,
        &Hook::Signal(Signal::LimitReached)
    ));
    assert!(!groups::hears_now(LIMITS, &Hook::Refetch));
}

// The protection group (issue 30: the session bar, the reality check, the session length and
// the daily reminder): a signed-in player's game page, sportsbook and limits page load it; a
// guest never does.

const PROTECTION: GroupId = GroupId::protection;
const MIN: u64 = 60_000;

fn protection_loads(fx: &[Effect]) -> usize {
    fx.iter()
        .filter(|e| **e == Effect::LoadGroup(PROTECTION))
        .count()
}

fn protection_answer(m: &mut Model, code: Result<Code, LoadFailed>, at: u64) -> Vec<Effect> {
    update(
        m,
        Event::GroupLoaded {
            group: PROTECTION,
            code,
        },
        at,
    )
}

fn protection_arrived(m: &mut Model, at: u64) -> Vec<Effect> {
    protection_answer(m, Ok(Code(PROTECTION.load_now().into())), at)
}

/// A player booted on `path` at `at` (loads deferred), signed in by the profile's answer at
/// `at`; every effect since the boot.
fn protected_player(path: &str, at: u64) -> (Model, Vec<Effect>) {
    let (mut m, mut fx) = booted_with_usd(path, 86_400, at);
    let profile = json!({"id": 7, "email": "a@b.c"}).to_string();
    fx.extend(support::respond_at(
        &mut m,
        support::req::profile(),
        200,
        &profile,
        at,
    ));
    (m, fx)
}

/// A row of the bets history pushed on `game:bets#7` at `at`.
fn bet_at(m: &mut Model, id: i64, amount: &str, win: &str, at: u64) -> Vec<Effect> {
    let data = json!({"id": id, "gameIdentity": "demo-slot", "gameName": "Demo",
        "currency": "USD", "amount": amount, "win": win, "isSettled": true, "createdAt": 1});
    let frame = json!({"push": {"channel": "game:bets#7", "pub": {"data": data}}});
    update(
        m,
        Event::Socket(SocketEvent::Message(frame.to_string())),
        at,
    )
}

/// The demo slot's facts arrive at `at`; whether that dispatch launched the game.
fn game_answered(m: &mut Model, at: u64) -> bool {
    let req = croupier_core::app::registry::Req::Games(
        croupier_core::app::features::games::Call::Game("demo-slot".into()),
    );
    let body = json!({"identity": "demo-slot", "name": "Demo", "hasDemo": true,
        "isMobile": true, "provider": {"identity": "sandbox", "name": "Sandbox"}});
    let fx = support::respond_at(m, req, 200, &body.to_string(), at);
    launched(&fx)
}

fn launched(fx: &[Effect]) -> bool {
    support::http(fx).iter().any(|h| h.path.ends_with("/play"))
}

#[test]
fn the_protection_group_loads_on_a_players_game_page_sportsbook_and_limits_page_only() {
    for path in ["/game/demo-slot", "/sport", "/profile/limits"] {
        let (m, fx) = protected_player(path, NOW);
        assert_eq!(protection_loads(&fx), 1, "{path}");
        assert_eq!(view(&m).groups.protection, LoadState::Loading, "{path}");
    }
    for path in ["/", "/games", "/wallet", "/profile"] {
        let (m, fx) = protected_player(path, NOW);
        assert_eq!(protection_loads(&fx), 0, "{path}");
        assert_eq!(view(&m).groups.protection, LoadState::Idle, "{path}");
    }
    // A guest: neither the home nor a game page nor the sportsbook.
    for path in ["/", "/game/demo-slot", "/sport", "/profile/limits"] {
        let (m, fx) = boot(path);
        assert_eq!(protection_loads(&fx), 0, "{path}");
        assert_eq!(m.groups.state(PROTECTION), LoadState::Idle, "{path}");
    }
    // A player who enters a game page later.
    let (mut m, _) = protected_player("/", NOW);
    let fx = update(
        &mut m,
        Event::AddressChanged {
            path: "/game/demo-slot".into(),
        },
        NOW,
    );
    assert_eq!(protection_loads(&fx), 1);
}

#[test]
fn a_guests_demo_launch_goes_without_the_protection_group() {
    let (mut m, _) = boot("/game/demo-slot");
    game_answered(&mut m, NOW);
    let fx = update(
        &mut m,
        Event::Ui(croupier_core::app::features::games::GamesUi::GamesPlay { demo: true }.into()),
        NOW,
    );
    assert!(launched(&fx), "the demo launches at once");
    assert_eq!(protection_loads(&fx), 0);
    assert_eq!(m.groups.state(PROTECTION), LoadState::Idle);
}

#[test]
fn a_players_launch_waits_for_the_protection_group_a_failure_holds_it_until_the_retry() {
    let (mut m, fx) = protected_player("/game/demo-slot", NOW);
    assert_eq!(protection_loads(&fx), 1);
    // The page launches a player's game when its facts arrive: held for the session-length
    // answer, which the group's code gives.
    assert!(!game_answered(&mut m, NOW));
    protection_answer(&mut m, Err(LoadFailed), NOW + 1_000);
    assert_eq!(view(&m).groups.protection, LoadState::Failed);
    assert!(!view(&m).protection.active, "no bar without the code");
    // The page's retry.
    let fx = update(&mut m, Event::LoadGroup(PROTECTION), NOW + 5_000);
    assert_eq!(protection_loads(&fx), 1);
    let fx = protection_arrived(&mut m, NOW + 6_000);
    assert!(launched(&fx), "the held launch goes once the code answers");
    let v = view(&m);
    assert_eq!(v.groups.protection, LoadState::Ready);
    assert!(v.protection.active && v.protection.playing, "the bar shows");
}

#[test]
fn queued_sign_in_and_bets_count_at_their_own_moments_once_each() {
    // Signed in at NOW on the lobby: the group is not wanted there; it waits for the prefetch.
    let (mut m, _) = protected_player("/games", NOW);
    support::connect(&mut m);
    assert_eq!(m.groups.state(PROTECTION), LoadState::Idle);
    bet_at(&mut m, 1, "1.00", "0.00", NOW + 2 * MIN);
    bet_at(&mut m, 2, "2.00", "5.00", NOW + 4 * MIN);
    // The same bet heard again (a second copy of the push): counted once, and not play again.
    bet_at(&mut m, 2, "2.00", "5.00", NOW + 6 * MIN);
    assert_eq!(
        m.groups.state(PROTECTION),
        LoadState::Idle,
        "pushes do not load it"
    );
    // The prefetch at NOW + 10 min, the chunk a minute later.
    let fx = update(&mut m, Event::LoadGroup(PROTECTION), NOW + 10 * MIN);
    assert_eq!(protection_loads(&fx), 1);
    protection_arrived(&mut m, NOW + 11 * MIN);
    let s = m.f.protection.session.clone().expect("the play session");
    assert_eq!(
        s.started, NOW,
        "the session starts at the sign-in, not at the load"
    );
    assert_eq!(s.last_play, NOW + 4 * MIN, "the last bet at its own moment");
    let ids: Vec<i64> = s.rows.iter().map(|r| r.id).collect();
    assert_eq!(ids, [1, 2], "in order, each once");
    let t = &view(&m).protection.totals[0];
    assert_eq!((t.staked.as_str(), t.won.as_str()), ("3.00", "5.00"));
    // The bar looks at the present: 11 minutes into the session on a game page.
    update(
        &mut m,
        Event::AddressChanged {
            path: "/game/demo-slot".into(),
        },
        NOW + 11 * MIN,
    );
    assert_eq!(view(&m).protection.minutes, 11);
}

#[test]
fn a_late_chunk_does_not_start_the_session_at_its_arrival_nor_keep_the_clock_behind() {
    // On the game page the chunk takes 40 s; the session began at the sign-in.
    let (mut m, _) = protected_player("/game/demo-slot", NOW);
    let fx = protection_arrived(&mut m, NOW + 40_000);
    let s = m.f.protection.session.clone().expect("the play session");
    assert_eq!(s.started, NOW);
    assert_eq!(
        m.f.protection.now,
        NOW + 40_000,
        "the check looks at the present"
    );
    // Its timer counts from the present to the session's next whole minute (1:00, 20 s after
    // the load), not from the sign-in's moment.
    let timers: Vec<u32> = fx
        .iter()
        .filter_map(|e| match e {
            Effect::Timer { ms, event, .. } if format!("{event:?}").contains("Protection") => {
                Some(*ms)
            }
            _ => None,
        })
        .collect();
    assert_eq!(timers, [20_000]);
}

#[test]
fn another_tabs_writes_wait_for_the_group_and_a_guests_tab_does_not_load_it() {
    use croupier_core::app::features::protection::SESSION_KEY;
    use croupier_core::app::registry::Tick;
    let other = |started: u64| {
        json!({"player": 7, "started": started, "last_play": started, "last_check": started,
               "asked": 0, "totals": {"USD": {"staked": "4.00", "won": "1.00"}}, "rows": []})
        .to_string()
    };
    // A guest's tab hears a player's tab write its session: kept, never fetched.
    let (mut g, _) = boot("/");
    let tick = Tick::stored_elsewhere(SESSION_KEY, Some(&other(NOW))).expect("the session key");
    let fx = update(&mut g, Event::Tick(tick), NOW);
    assert_eq!(protection_loads(&fx), 0);
    assert_eq!(g.groups.state(PROTECTION), LoadState::Idle);

    // A player's tab on the lobby: the other tab's write waits, and is the session once the
    // code arrives (not what storage held at this tab's boot).
    let (mut m, _) = protected_player("/games", NOW);
    let tick =
        Tick::stored_elsewhere(SESSION_KEY, Some(&other(NOW - MIN))).expect("the session key");
    let fx = update(&mut m, Event::Tick(tick), NOW + MIN);
    assert_eq!(protection_loads(&fx), 0, "it waits for the prefetch");
    update(&mut m, Event::LoadGroup(PROTECTION), NOW + 2 * MIN);
    protection_arrived(&mut m, NOW + 2 * MIN);
    let s = m.f.protection.session.clone().expect("the play session");
    assert_eq!(s.started, NOW - MIN, "the other tab's session");
    assert_eq!(view(&m).protection.totals[0].staked, "4.00");
}

// The account group (session 43): three features in one chunk, the profile (hub, details,
// personal data, sessions, settings and the security modals), the e-mail and avatar modals with
// the mail link's page (verify) and the documents. Phone, social and notifications stay eager.

const ACCOUNT: GroupId = GroupId::account;

/// Whether `fx` holds a call to `path` (its query aside).
fn asks(fx: &[Effect], path: &str) -> bool {
    support::http(fx).iter().any(|h| h.path == path)
}

/// The calls of `fx` that only the account's code makes.
fn account_calls(fx: &[Effect]) -> Vec<String> {
    support::http(fx)
        .iter()
        .map(|h| h.path.clone())
        .filter(|p| {
            p.starts_with("/api/player/sessions")
                || p.starts_with("/api/player/documents")
                || p.starts_with("/api/player/profile/email")
                || p.starts_with("/api/player/avatar")
                || p.starts_with("/api/player/passwords")
                || p == "/api/player/fields/validations"
        })
        .collect()
}

#[test]
fn the_account_pages_and_modals_load_the_account_group_and_other_pages_do_not() {
    for path in [
        "/profile",
        "/profile/info",
        "/profile/personal",
        "/profile/sessions",
        "/profile/settings",
        "/profile/settings/account",
        "/profile/settings/notifications",
        "/games?modal=change-pass",
        "/wallet?modal=email",
        "/?modal=avatars",
    ] {
        let (m, fx) = player_on(path);
        assert_eq!(loads_of(&fx, ACCOUNT), 1, "{path}");
        assert_eq!(view(&m).groups.account, LoadState::Loading, "{path}");
        assert!(
            account_calls(&fx).is_empty(),
            "{path}: nothing before the code"
        );
    }
    for path in [
        "/",
        "/games",
        "/wallet",
        "/sport",
        "/profile/limits",
        "/profile/bonuses",
    ] {
        let (m, fx) = player_on(path);
        assert_eq!(loads_of(&fx, ACCOUNT), 0, "{path}");
        assert_eq!(m.groups.state(ACCOUNT), LoadState::Idle, "{path}");
        assert!(
            m.groups.queued(ACCOUNT) > 0,
            "{path}: the session waits for it"
        );
    }
    // A guest: the home never, nor `/profile` (a sign-in button); the mail link's page does
    // (it confirms the address signed in or not).
    for path in ["/", "/profile", "/profile/sessions"] {
        let (m, fx) = boot(path);
        assert_eq!(loads_of(&fx, ACCOUNT), 0, "guest {path}");
        assert_eq!(view(&m).groups.account, LoadState::Idle, "guest {path}");
    }
    let (mut m, fx) = boot("/verify/abc123");
    assert_eq!(loads_of(&fx, ACCOUNT), 1);
    assert!(!asks(&fx, "/api/player/profile/email/verify/confirm"));
    let fx = arrived_of(&mut m, ACCOUNT);
    assert!(asks(&fx, "/api/player/profile/email/verify/confirm"));
}

#[test]
fn one_chunk_runs_every_feature_of_the_account_group() {
    // The personal page: the profile's rules and the documents' list, both heard from the
    // session's start once the one chunk is here.
    let (mut m, _) = player_on("/profile/personal");
    let fx = arrived_of(&mut m, ACCOUNT);
    assert_eq!(loads_of(&fx, ACCOUNT), 0);
    let calls = account_calls(&fx);
    assert!(
        calls.contains(&"/api/player/fields/validations".to_string()),
        "{calls:?}"
    );
    assert!(
        calls.contains(&"/api/player/documents".to_string()),
        "{calls:?}"
    );
    assert_eq!(view(&m).groups.account, LoadState::Ready);
    // The documents' answer reaches their code in the chunk, and their slice shows it.
    use croupier_core::app::features::documents;
    use croupier_core::app::Req;
    support::respond(
        &mut m,
        Req::Documents(documents::Call::List),
        200,
        json!([{"id": 3, "type": "passport", "status": 1}]),
    );
    assert_eq!(view(&m).documents.list[0]["id"], json!(3));
    // The e-mail modal (verify) opens with the code here: its owner check goes out at once.
    let fx = ui(
        &mut m,
        AppUi::OpenModal {
            id: "email".into(),
            params: Vec::new(),
        },
    );
    assert_eq!(loads_of(&fx, ACCOUNT), 0);
    assert!(asks(&fx, "/api/player/profile"), "the owner's profile");
}

#[test]
fn what_the_account_group_hears_while_its_chunk_loads_arrives_in_order() {
    // On the sessions page the player asks for page 2 before the chunk is here: the session's
    // start (page 1) first, then the intent; a live message meanwhile reaches the eager bell at
    // once.
    let (mut m, fx) = player_on("/profile/sessions");
    assert_eq!(loads_of(&fx, ACCOUNT), 1);
    let fx = ui(
        &mut m,
        croupier_core::app::features::profile::ProfileUi::SessionsPage { page: 2 },
    );
    assert!(account_calls(&fx).is_empty());
    assert_eq!(loads_of(&fx, ACCOUNT), 0, "already loading");
    let before = view(&m).notifications.unread;
    push(
        &mut m,
        "messenger:notifications",
        json!({"id": 10, "state": 1, "readAt": null, "content": {"title": "T", "body": "b"},
               "createdAt": "2026-11-25T10:00:00Z"}),
    );
    assert_eq!(
        view(&m).notifications.unread,
        before + 1,
        "the bell is eager"
    );

    let fx = arrived_of(&mut m, ACCOUNT);
    let pages: Vec<_> = support::http(&fx)
        .iter()
        .filter(|h| h.path == "/api/player/sessions")
        .map(|h| h.query.clone())
        .collect();
    assert_eq!(pages.len(), 2, "{pages:?}");
    assert!(
        pages[0].iter().any(|(k, v)| k == "page" && v == "1"),
        "{pages:?}"
    );
    assert!(
        pages[1].iter().any(|(k, v)| k == "page" && v == "2"),
        "{pages:?}"
    );
    assert_eq!(m.groups.queued(ACCOUNT), 0);
}

#[test]
fn a_session_ended_while_the_account_chunk_loads_sends_nothing_of_the_players() {
    let (mut m, _) = player_on("/profile/sessions");
    ui(
        &mut m,
        croupier_core::app::features::session::SessionUi::SignOut,
    );
    let fx = arrived_of(&mut m, ACCOUNT);
    assert!(account_calls(&fx).is_empty(), "{:?}", account_calls(&fx));
}

/// A player on the change-password modal of the profile hub types while the chunk loads.
fn typing_a_password_while_it_loads() -> Model {
    let (mut m, fx) = player_on("/profile?modal=change-pass");
    assert_eq!(loads_of(&fx, ACCOUNT), 1);
    for (field, value) in [
        ("currentPassword", "old-secret1"),
        ("newPassword", "new-secret2"),
        ("repeatNewPassword", "new-secret2"),
    ] {
        let fx = type_in(&mut m, FormId::ChangePass, field, value);
        assert_eq!(loads_of(&fx, ACCOUNT), 0, "already loading");
    }
    m
}

fn password_puts(fx: &[Effect]) -> Vec<serde_json::Value> {
    support::http(fx)
        .into_iter()
        .filter(|h| h.path == "/api/player/passwords")
        .map(|h| h.body.clone().unwrap_or_default())
        .collect()
}

#[test]
fn a_password_typed_and_sent_while_the_account_chunk_loads_is_sent_once_it_is_here() {
    let mut m = typing_a_password_while_it_loads();
    assert_eq!(
        shown(&m, FormId::ChangePass, "newPassword"),
        Some(FormValue::Text("new-secret2".into()))
    );
    let fx = press(&mut m, FormId::ChangePass);
    assert!(
        password_puts(&fx).is_empty(),
        "nothing sent without the code"
    );
    press(&mut m, FormId::ChangePass);
    let fx = arrived_of(&mut m, ACCOUNT);
    let puts = password_puts(&fx);
    assert_eq!(puts.len(), 1, "pressed twice: one change");
    assert_eq!(puts[0]["newPassword"], json!("new-secret2"));
    assert!(view(&m).forms[&FormId::ChangePass].submitting);
}

#[test]
fn a_failed_account_chunk_keeps_the_input_and_the_retry_sends_it() {
    let mut m = typing_a_password_while_it_loads();
    press(&mut m, FormId::ChangePass);
    failed_of(&mut m, ACCOUNT);
    assert_eq!(view(&m).groups.account, LoadState::Failed);
    // Typing and pressing again after the failure fetch nothing (the page's retry does).
    let mut fx = type_in(&mut m, FormId::ChangePass, "newPassword", "new-secret3");
    fx.extend(type_in(
        &mut m,
        FormId::ChangePass,
        "repeatNewPassword",
        "new-secret3",
    ));
    fx.extend(press(&mut m, FormId::ChangePass));
    fx.extend(update(
        &mut m,
        Event::AddressChanged {
            path: "/profile?modal=change-pass".into(),
        },
        NOW,
    ));
    assert_eq!(loads_of(&fx, ACCOUNT), 0);
    assert!(password_puts(&fx).is_empty());
    let fx = update(&mut m, Event::LoadGroup(ACCOUNT), NOW);
    assert_eq!(loads_of(&fx, ACCOUNT), 1);
    let fx = arrived_of(&mut m, ACCOUNT);
    let puts = password_puts(&fx);
    assert_eq!(puts.len(), 1);
    assert_eq!(puts[0]["newPassword"], json!("new-secret3"));
}

#[test]
fn the_prefetch_delivers_the_session_to_the_account_group() {
    let (mut m, _) = player_on("/wallet");
    update(&mut m, Event::LoadGroup(ACCOUNT), NOW);
    let fx = arrived_of(&mut m, ACCOUNT);
    assert!(
        account_calls(&fx).is_empty(),
        "nothing asked away from its pages"
    );
    assert_eq!(m.groups.queued(ACCOUNT), 0);
    // Its page later: the code runs at once.
    let fx = update(
        &mut m,
        Event::AddressChanged {
            path: "/profile/sessions".into(),
        },
        NOW,
    );
    assert_eq!(loads_of(&fx, ACCOUNT), 0);
    assert!(asks(&fx, "/api/player/sessions"));
    // Nothing of the account's is heard at once away from its pages.
    use croupier_core::app::feature::{Hook, Signal};
    assert!(!groups::hears_now(
        ACCOUNT,
        &Hook::Signal(Signal::ProfileChanged)
    ));
    assert!(!groups::hears_now(ACCOUNT, &Hook::Refetch));
}

// The payments group (session 43): the wallet modal's deposits and withdrawals, the invoice
// modals and pushes, and the history page's transactions. The wallet's accounts (every page's
// header) stay in the main module; payments reads them from the parent.

const PAYMENTS: GroupId = GroupId::payments;

fn asked(fx: &[Effect], prefix: &str) -> bool {
    support::http(fx).iter().any(|h| h.path.starts_with(prefix))
}

fn invoice_push(m: &mut Model, id: u64, status: u8) -> Vec<Effect> {
    let inv = json!({"id": id, "type": 1, "status": status, "amount": "25.00", "currency": "USD",
        "paymentMethod": "card.deposit.visa", "publicData": {}, "createdAt": 1});
    let frame = json!({"push": {"channel": "payment:invoices#7",
        "pub": {"data": {"event": "invoice.deposit.updated", "data": inv}}}});
    update(
        m,
        Event::Socket(SocketEvent::Message(frame.to_string())),
        NOW,
    )
}

/// The invoice alert keys shown or waiting, in order (as `bonus_alerts`).
fn invoice_alerts(m: &Model) -> Vec<String> {
    let queue = format!("{:?}", m.f.toasts.queue);
    let (pending, visible) = queue.split_once("visible").expect("the queue's fields");
    [visible, pending]
        .iter()
        .flat_map(|part| part.split('"'))
        .filter(|s| s.starts_with("alerts.deposit"))
        .map(str::to_string)
        .collect()
}

#[test]
fn the_deposit_modal_and_history_load_the_payments_group_and_a_guests_home_never_does() {
    for path in [
        "/games?modal=wallet&wallet=deposit",
        "/?modal=wallet&wallet=withdraw",
        "/wallet?modal=deposit-success",
        "/wallet/history",
        "/wallet/history?type=deposit&page=2",
    ] {
        let (m, fx) = player_on(path);
        assert_eq!(loads_of(&fx, PAYMENTS), 1, "{path}");
        assert_eq!(m.groups.state(PAYMENTS), LoadState::Loading, "{path}");
        // Nothing of the group's is asked before its code is here.
        assert!(!asked(&fx, "/api/payment/"), "{path}");
    }
    // `/wallet` shows the accounts (the wallet's, in the main module); the other history tabs
    // are other features'.
    for path in [
        "/",
        "/wallet",
        "/profile",
        "/games",
        "/wallet/history?tab=bets",
        "/?modal=fiat",
    ] {
        let (m, fx) = player_on(path);
        assert_eq!(loads_of(&fx, PAYMENTS), 0, "{path}");
        assert_eq!(m.groups.state(PAYMENTS), LoadState::Idle, "{path}");
        assert!(!asked(&fx, "/api/payment/"), "{path}");
        // The header's balance is here without the group.
        assert_eq!(
            view(&m).session.balance.map(|b| b.amount).as_deref(),
            Some("100.00"),
            "{path}"
        );
    }
    // A guest's home neither, and a guest's wallet modal (the sign-in) neither.
    for path in ["/", "/?modal=wallet&wallet=deposit"] {
        let (mut m, fx) = boot(path);
        let mut fx = fx;
        fx.extend(update(
            &mut m,
            Event::AddressChanged {
                path: "/games".into(),
            },
            NOW,
        ));
        assert_eq!(loads_of(&fx, PAYMENTS), 0, "{path}");
        assert_eq!(m.groups.state(PAYMENTS), LoadState::Idle, "{path}");
    }
}

#[test]
fn the_deposit_modal_opened_later_loads_the_group_and_asks_its_methods_when_it_is_here() {
    let (mut m, _) = player_on("/games");
    assert_eq!(m.groups.state(PAYMENTS), LoadState::Idle);
    let fx = ui(
        &mut m,
        AppUi::Navigate {
            path: "/games?modal=wallet&wallet=deposit".into(),
        },
    );
    assert_eq!(loads_of(&fx, PAYMENTS), 1);
    assert!(!asked(&fx, "/api/payment/methods"));
    let fx = arrived_of(&mut m, PAYMENTS);
    // The queued session start and address change reach the group: the methods of the
    // active account's currency (the wallet's, shared by the parent) are asked once.
    let methods: Vec<_> = support::http(&fx)
        .into_iter()
        .filter(|h| h.path == "/api/payment/methods/deposit")
        .collect();
    assert_eq!(methods.len(), 1, "{methods:?}");
    assert!(format!("{:?}", methods[0]).contains("USD"));
    assert_eq!(view(&m).groups.payments, LoadState::Ready);
}

#[test]
fn an_invoice_push_loads_the_group_and_is_delivered_with_its_alert() {
    let (mut m, _) = player_on("/games");
    support::connect(&mut m);
    let fx = invoice_push(&mut m, 51, 2);
    assert_eq!(
        loads_of(&fx, PAYMENTS),
        1,
        "told at once: the push loads the group"
    );
    assert!(invoice_alerts(&m).is_empty());
    // A second push while it loads fetches nothing more and is kept in its order.
    let fx = invoice_push(&mut m, 52, 3);
    assert_eq!(loads_of(&fx, PAYMENTS), 0);
    arrived_of(&mut m, PAYMENTS);
    assert_eq!(
        invoice_alerts(&m),
        ["alerts.depositSuccess", "alerts.depositError"]
    );
}

#[test]
fn a_failed_payments_chunk_keeps_the_push_and_the_modals_retry_delivers_it() {
    let (mut m, _) = player_on("/games?modal=wallet&wallet=deposit");
    support::connect(&mut m);
    failed_of(&mut m, PAYMENTS);
    assert_eq!(view(&m).groups.payments, LoadState::Failed);
    // After the failure a push waits: no fetch per push of a chunk that cannot arrive.
    let fx = invoice_push(&mut m, 51, 2);
    assert_eq!(loads_of(&fx, PAYMENTS), 0);
    assert!(invoice_alerts(&m).is_empty());
    // The modal's retry.
    let fx = update(&mut m, Event::LoadGroup(PAYMENTS), NOW);
    assert_eq!(loads_of(&fx, PAYMENTS), 1);
    let fx = arrived_of(&mut m, PAYMENTS);
    assert_eq!(invoice_alerts(&m), ["alerts.depositSuccess"]);
    // And the open modal's methods are asked with the code.
    assert!(asked(&fx, "/api/payment/methods/deposit"));
}

#[test]
fn a_qr_deposit_pending_before_a_reload_loads_the_group_at_the_start_to_look_it_up() {
    use croupier_core::app::feature::Hook;
    let prefs = croupier_core::app::event::Boot {
        stored: croupier_core::app::stored::Kept::default()
            .with(croupier_core::app::features::payments::ASYNC_INVOICE, "51"),
        ..Default::default()
    };
    assert!(groups::hears_now(PAYMENTS, &Hook::Booted(&prefs)));
    assert!(!groups::hears_now(
        PAYMENTS,
        &Hook::Booted(&Default::default())
    ));
    assert!(!groups::hears_now(PAYMENTS, &Hook::Refetch));
}
