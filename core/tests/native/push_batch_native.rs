//! A burst of socket messages applied in one run (issue 29's push burst): the wasm runtime
//! holds the messages that arrive before the next animation frame and applies them together,
//! building the changed slices once (runtime/mod.rs `Runtime::receive`). What a player depends
//! on: the slices sent once after the batch show every push, in the order it arrived, exactly
//! as sending them after each message would.

use crate::support;

use croupier_core::app::features::bonuses::{self, wire::Kind};
use croupier_core::app::{update, view, Event, Model, Req};
use croupier_core::domain::realtime::SocketEvent;
use serde_json::{json, Value};
use support::{connect, req, respond, Drawn, NOW};

/// What the runtime does once a run ends: send the slices changed since the last time.
fn notify(m: &mut Model, drawn: &mut Drawn) {
    let dirty = m.dirty.take();
    view::changed(m, dirty, drawn);
}

/// A signed-in USD player on the bonuses page, the lists answered empty, the socket up.
fn player() -> Model {
    let (mut m, _) = support::restored("/profile/bonuses");
    respond(
        &mut m,
        req::currencies(),
        200,
        json!([{"code":"USD","type":"fiat","symbol":"$","subunitToUnit":100,"rate":{"rate":"1"}}]),
    );
    respond(
        &mut m,
        req::accounts(),
        200,
        json!([{"id": 1, "currency": "USD", "balance": "0.00", "status": 1}]),
    );
    for kind in [Kind::Bonus, Kind::Freespin] {
        respond(
            &mut m,
            Req::Bonuses(bonuses::Call::List(kind, "USD".into())),
            200,
            json!([]),
        );
    }
    connect(&mut m);
    m
}

/// The burst: balance, bonus and message pushes interleaved, as the bench publishes them.
fn burst(n: u64) -> Vec<String> {
    let frame = |channel: &str, data: Value| {
        json!({"push": {"channel": format!("{channel}#7"), "pub": {"data": data}}}).to_string()
    };
    (1..=n)
        .flat_map(|i| {
            [
                frame(
                    "wallet:accounts",
                    json!({"id": 1, "currency": "USD", "balance": format!("{i}.00"), "status": 1}),
                ),
                frame(
                    "bonus:player-bonuses",
                    json!({"id": 100 + i, "status": 1, "result": 1, "name": format!("Bonus {i}"),
                           "amount": "10.00", "currency": "USD",
                           "wagerCasinoConditions": {"gameIds": []},
                           "wager": {"required": "300.00", "wagered": "0.00"},
                           "expiresAt": 1_800_000_000}),
                ),
                frame(
                    "messenger:notifications",
                    json!({"id": 1000 + i, "state": 1, "readAt": null,
                           "content": {"title": format!("Note {i}"), "body": "b"},
                           "createdAt": "2026-11-25T10:00:00Z"}),
                ),
            ]
        })
        .collect()
}

fn message(text: &str) -> Event {
    Event::Socket(SocketEvent::Message(text.into()))
}

#[test]
fn a_burst_applied_in_one_run_shows_every_push_in_order() {
    let pushes = burst(40);

    // One message, one run, one set of slices (before the batching).
    let mut each = player();
    let mut drawn_each = Drawn::default();
    notify(&mut each, &mut drawn_each);
    for text in &pushes {
        update(&mut each, message(text), NOW);
        notify(&mut each, &mut drawn_each);
    }

    // All of them in one run, the slices built once after it.
    let mut batched = player();
    let mut drawn_batched = Drawn::default();
    notify(&mut batched, &mut drawn_batched);
    for text in &pushes {
        update(&mut batched, message(text), NOW);
    }
    notify(&mut batched, &mut drawn_batched);

    // What the page shows: the last balance, every bonus newest first, every message counted.
    let slices = &drawn_batched.0;
    let accounts = slices["accounts"].to_string();
    assert!(accounts.contains("40.00"), "{accounts}");
    assert!(!accounts.contains("\"39.00"), "{accounts}");
    let listed: Vec<u64> = slices["bonuses"]["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["id"].as_u64().unwrap())
        .collect();
    assert_eq!(listed, (101..=140).rev().collect::<Vec<_>>());
    assert_eq!(slices["notifications"]["unreadMessages"], json!(40));
    // And the same slices, every one, as drawing after each message gave.
    assert_eq!(drawn_batched.0, drawn_each.0);
}
