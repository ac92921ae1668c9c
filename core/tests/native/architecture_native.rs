//! The shape the core promises its features: imports one way, features never calling a
//! sibling, stale answers dropped by call id, cancellable timers, toasts leaving with the
//! route (SPEC §2).
#![cfg(not(target_arch = "wasm32"))]

use crate::support;

use std::path::Path;

use croupier_core::app::features::session::SessionUi;
use croupier_core::app::features::wallet;
use croupier_core::app::{update, view, AppUi, Effect, Event, HttpOutcome, Model, Req};
use support::{req, respond, restored, ui, NOW};

fn sources(dir: &Path) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(sources(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).unwrap();
            out.push((path.display().to_string(), text));
        }
    }
    out
}

fn src(rel: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src").join(rel)
}

#[test]
fn imports_go_one_way() {
    // domain <- app <- runtime <- bindings: the domain and the app know no browser. Two
    // domain rules borrow the engine's pure functions (case mapping, RegExp semantics).
    for (file, text) in sources(&src("domain")) {
        for banned in ["crate::app", "crate::runtime", "crate::bindings", "web_sys"] {
            assert!(!text.contains(banned), "{file} uses {banned}");
        }
        let engine = file.ends_with("domain/case.rs") || file.ends_with("validation/pattern.rs");
        assert!(engine || !text.contains("js_sys"), "{file} uses js_sys");
    }
    for (file, text) in sources(&src("app")) {
        for banned in ["crate::runtime", "crate::bindings", "web_sys::", "gloo"] {
            assert!(!text.contains(banned), "{file} uses {banned}");
        }
    }
}

#[test]
fn features_never_reach_into_a_sibling() {
    let root = src("app/features");
    let features: Vec<String> = std::fs::read_dir(&root)
        .unwrap()
        .filter_map(|e| {
            let p = e.unwrap().path();
            p.is_dir()
                .then(|| p.file_name().unwrap().to_string_lossy().into_owned())
        })
        .collect();
    assert!(features.len() >= 6, "{features:?}");
    for feature in &features {
        for (file, text) in sources(&root.join(feature)) {
            for other in features.iter().filter(|o| *o != feature) {
                for path in [
                    format!("features::{other}"),
                    format!("super::super::{other}"),
                ] {
                    assert!(!text.contains(&path), "{file} reaches into {other}");
                }
            }
        }
    }
}

fn signed_in() -> Model {
    let (mut m, _) = restored("/");
    respond(
        &mut m,
        req::accounts(),
        200,
        j!([{"id": 1, "currency": "USD", "balance": "10", "status": 1}]),
    );
    m
}

fn answer(m: &mut Model, id: croupier_core::app::CallId, body: serde_json::Value) -> Vec<Effect> {
    update(
        m,
        Event::Http {
            id,
            outcome: HttpOutcome::Response {
                status: 200,
                body: body.to_string(),
            },
        },
        NOW,
    )
}

#[test]
fn a_superseded_answer_is_dropped() {
    let mut m = signed_in();
    let accounts = Req::Wallet(wallet::Call::Accounts);
    let mut fx = Vec::new();
    m.calls.send(accounts.clone(), None, NOW, &mut fx);
    let first = m.calls.id_of(&accounts).unwrap();
    m.calls.send(accounts.clone(), None, NOW, &mut fx);
    let second = m.calls.id_of(&accounts).unwrap();
    assert_ne!(first, second);
    // The older answer comes late: dropped, the newer one counts.
    let mut fx = answer(
        &mut m,
        first,
        j!([{"id": 1, "currency": "USD", "balance": "1", "status": 1}]),
    );
    assert!(fx
        .iter()
        .any(|e| matches!(e, Effect::Log { message, .. } if message.contains("superseded"))));
    assert_eq!(view(&m).session.balance.unwrap().amount, "10.00");
    answer(
        &mut m,
        second,
        j!([{"id": 1, "currency": "USD", "balance": "2", "status": 1}]),
    );
    assert_eq!(view(&m).session.balance.unwrap().amount, "2.00");
    // Writes never supersede: two switches are two answers wanted.
    let switch = Req::Wallet(wallet::Call::Switch(3));
    m.calls.send(switch.clone(), None, NOW, &mut fx);
    let a = m.calls.id_of(&switch).unwrap();
    m.calls.send(switch.clone(), None, NOW, &mut fx);
    assert!(m.calls.take(a).is_some());
}

#[test]
fn answers_after_the_session_ended_are_dropped() {
    let mut m = signed_in();
    let accounts = Req::Wallet(wallet::Call::Accounts);
    let mut fx = Vec::new();
    m.calls.send(accounts.clone(), None, NOW, &mut fx);
    let id = m.calls.id_of(&accounts).unwrap();
    ui(&mut m, SessionUi::SignOut);
    answer(
        &mut m,
        id,
        j!([{"id": 1, "currency": "USD", "balance": "5", "status": 1}]),
    );
    assert!(view(&m).accounts.items.is_empty());
}

#[test]
fn toasts_leave_with_the_route_and_their_timer_is_cancelled() {
    let mut m = signed_in();
    // Signing out goes home with a toast that survives that very navigation.
    ui(&mut m, SessionUi::SignOut);
    let shown = view(&m).toasts;
    assert_eq!(shown.len(), 1, "{shown:?}");
    assert_eq!(shown[0].title, "Signed out");
    // Opening a modal changes the query, not the route: the toast stays.
    ui(
        &mut m,
        AppUi::OpenModal {
            id: "sign-in".into(),
            params: vec![],
        },
    );
    assert_eq!(view(&m).toasts.len(), 1);
    // A new page hides it (SPEC §2), and its hide timer is cancelled.
    let fx = ui(
        &mut m,
        AppUi::Navigate {
            path: "/wallet".into(),
        },
    );
    assert!(view(&m).toasts.is_empty());
    assert!(fx.iter().any(|e| matches!(e, Effect::CancelTimer(_))));
}
