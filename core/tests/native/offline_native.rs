//! The offline shell's part in the core (issue 16 "Offline shell and version check"): answers the
//! service worker served from its offline copy mark the page as showing the last known state,
//! with the time it was kept; a live answer ends that. A new build is picked up on the next
//! navigation, never while the wallet modal (a deposit) is open.

use crate::support;

use croupier_core::app::features::shell::{self, ShellTick};
use croupier_core::app::{update, view, AppUi, Config, Effect, Event, Model, Req, Tick};
use serde_json::json;
use support::*;

fn freshness(m: &mut Model, cached_at: Option<u64>, offset_minutes: i32) {
    update(
        m,
        Event::Tick(Tick::Shell(ShellTick::Freshness {
            cached_at,
            offset_minutes,
        })),
        NOW,
    );
}

/// 2023-11-14 22:13:20 UTC.
const KEPT: u64 = 1_700_000_000_000;

#[test]
fn an_offline_copy_marks_the_page_stale_with_the_time_it_was_kept() {
    let mut m = guest("/");
    assert_eq!(view(&m).nav.offline, None);
    // UTC+3: 01:13 the next day.
    freshness(&mut m, Some(KEPT), 180);
    let text = view(&m).nav.offline.expect("marked offline");
    assert!(text.contains("15.11 01:13"), "{text}");
    assert!(text.starts_with("You are offline"), "{text}");
    assert!(text.contains("need the connection"), "{text}");
    // A newer copy: the page still shows the oldest state it holds.
    freshness(&mut m, Some(KEPT + 3_600_000), 180);
    assert!(view(&m).nav.offline.unwrap().contains("15.11 01:13"));
    // An older one moves the time back.
    freshness(&mut m, Some(KEPT - 3_600_000), 0);
    assert!(view(&m).nav.offline.unwrap().contains("14.11 21:13"));
    // The network is back.
    freshness(&mut m, None, 0);
    assert_eq!(view(&m).nav.offline, None);
}

fn version() -> Req {
    Req::Shell(shell::Call::Version { at: NOW })
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
fn a_new_build_never_reloads_the_page_while_the_wallet_modal_is_open() {
    let mut m = Model::new(Config::default());
    update(
        &mut m,
        Event::Booted {
            token: Some(token(3600, "p")),
            path: "/?modal=wallet&wallet=deposit".into(),
            boot: Default::default(),
        },
        NOW,
    );
    respond(&mut m, req::profile(), 200, json!({"id": 7}));
    assert_eq!(m.shared.location.query_value("modal"), Some("wallet"));
    respond(&mut m, version(), 200, json!({"id": "build-1"}));
    update(
        &mut m,
        Event::Tick(Tick::Shell(ShellTick::PollVersion)),
        NOW,
    );
    respond(&mut m, version(), 200, json!({"id": "build-2"}));
    // Inside the wallet modal (tabs, steps) and out of it: the page stays.
    assert!(loads(&go(&mut m, "/?modal=wallet&wallet=withdrawal", NOW)).is_empty());
    assert!(loads(&go(&mut m, "/?modal=wallet&wallet=deposit", NOW)).is_empty());
    assert!(loads(&go(&mut m, "/games", NOW)).is_empty());
    // Opening it from elsewhere does not reload either.
    assert!(loads(&go(&mut m, "/games?modal=wallet&wallet=deposit", NOW)).is_empty());
    assert!(loads(&go(&mut m, "/games", NOW + 1)).is_empty());
    // The first move with no wallet on either side loads the new build.
    assert_eq!(loads(&go(&mut m, "/bonuses", NOW + 2)), ["/bonuses"]);
}
