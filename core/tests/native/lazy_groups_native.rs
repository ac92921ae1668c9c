//! A lazily loaded group (issue 28; `lazy` rows in registry.rs), with a fake loader: the
//! model defers loads as in the browser (`groups.deferred`), and the test answers each
//! `Effect::LoadGroup` itself, with the group's code or a failure. What the parent promises:
//! the guest's home never asks for the group; the group's pages and events do; what is
//! addressed to the group while its code is away arrives in order once it is here; a failed
//! load keeps it all for the retry.
#![cfg(not(target_arch = "wasm32"))]

use crate::support;

use croupier_core::app::feature::LoadFailed;
use croupier_core::app::features::sport::{SportUi, WidgetState};
use croupier_core::app::groups::{Code, LoadState, QUEUE_LIMIT};
use croupier_core::app::registry::GroupId;
use croupier_core::app::{update, view, Config, Effect, Event, Model, UiEvent};
use support::NOW;

const SPORT: GroupId = GroupId::sport;

fn config() -> Config {
    Config {
        sportsbook_script: "/sportsbook/sdk.js".into(),
        ..Config::default()
    }
}

/// Booted on `path` with loads deferred (the browser's way).
fn boot(path: &str) -> (Model, Vec<Effect>) {
    let mut m = Model::new(config());
    m.groups.deferred = true;
    let fx = update(
        &mut m,
        Event::Booted {
            token: None,
            path: path.into(),
            prefs: Default::default(),
        },
        NOW,
    );
    (m, fx)
}

fn loads(fx: &[Effect]) -> usize {
    fx.iter()
        .filter(|e| **e == Effect::LoadGroup(SPORT))
        .count()
}

fn ui(m: &mut Model, e: SportUi) -> Vec<Effect> {
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

#[test]
fn the_groups_page_loads_it_once_and_queued_events_arrive_in_order() {
    let (mut m, fx) = boot("/sport");
    assert_eq!(loads(&fx), 1);
    assert_eq!(view(&m).groups.sport, LoadState::Loading);
    // Nothing of the group's runs while its code is away, and no second fetch starts.
    let hooks = m.groups.queued(SPORT);
    assert!(hooks > 0, "the boot's hooks wait for the group");
    let mut fx = ui(&mut m, SportUi::SportScriptFailed { reason: "x".into() });
    fx.extend(ui(&mut m, SportUi::SportRetry));
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
    ui(&mut m, SportUi::SportWidgetReady);
    assert_eq!(view(&m).sport.state, WidgetState::Initiated);
}

#[test]
fn an_event_for_the_group_loads_it_anywhere() {
    let (mut m, _) = boot("/");
    let fx = ui(&mut m, SportUi::SportCarouselsWanted);
    assert_eq!(loads(&fx), 1);
    assert_eq!(m.groups.state(SPORT), LoadState::Loading);
    arrived(&mut m);
    assert!(m.f.sport.carousels_wanted);
}

#[test]
fn a_failed_load_keeps_the_queue_and_a_retry_drains_it() {
    let (mut m, _) = boot("/sport");
    ui(&mut m, SportUi::SportCarouselsWanted);
    let queued = m.groups.queued(SPORT);
    failed(&mut m);
    assert_eq!(view(&m).groups.sport, LoadState::Failed);
    assert_eq!(m.groups.queued(SPORT), queued);
    assert!(!m.f.sport.carousels_wanted);

    // More arrives while failed: kept behind the rest, and no fetch until the player's retry
    // (a page whose chunk cannot be fetched would refetch it on every event).
    let fx = ui(&mut m, SportUi::SportWidgetReady);
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
            prefs: Default::default(),
        },
        NOW,
    );
    assert_eq!(loads(&fx), 0);
    assert_eq!(m.groups.state(SPORT), LoadState::Ready);
    assert_eq!(view(&m).sport.state, WidgetState::Loading);
}
