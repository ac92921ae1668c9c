//! Issue 30: a loosened limit (raised, a shorter period, removed) applies only 24 h later while
//! the old one is enforced; a tighter one at once; the pending change shows in the limits answer,
//! putting the current values again cancels it, and a replay keeps its time.

use crate::common;

use common::{start, Sandbox};
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

const DAY: i64 = 24 * 3600;

async fn deposit(s: &Sandbox, t: &str, amount: &str) -> common::Reply {
    s.post(
        "/api/payment/invoices/deposit",
        Some(t),
        json!({ "amount": amount, "paymentMethod": "skrill.deposit.skrill" }),
    )
    .await
}

async fn due(s: &Sandbox, email: &str, hours: i64) {
    let r = s
        .post(
            "/api/_control/limits-due",
            None,
            json!({ "email": email, "hours": hours }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
}

async fn deposit_limit(s: &Sandbox, t: &str, amount: &str) -> i64 {
    let add = s
        .post(
            "/api/player/limits",
            Some(t),
            json!({ "definition": 3, "period": "daily", "amount": amount, "currency": "USD" }),
        )
        .await;
    assert_eq!(add.status, StatusCode::CREATED, "{}", add.body);
    add.body["id"].as_i64().unwrap()
}

async fn put(s: &Sandbox, t: &str, id: i64, period: &str, amount: &str) -> common::Reply {
    s.put(
        &format!("/api/player/limits/{id}"),
        Some(t),
        Some(json!({ "period": period, "amount": amount })),
    )
    .await
}

async fn only_limit(s: &Sandbox, t: &str) -> Value {
    let list = s.get("/api/player/limits", Some(t)).await.body;
    assert_eq!(list.as_array().map(Vec::len), Some(1), "{list}");
    list[0].clone()
}

#[tokio::test]
async fn a_raised_deposit_limit_waits_24_hours_and_the_old_one_holds() {
    let s = start().await;
    s.post("/api/_control/payments", None, json!({ "settleMs": 10 }))
        .await;
    let email = "loosen1@example.com";
    let (t, _) = s.register(email, "USD").await;
    let id = deposit_limit(&s, &t, "100").await;

    let raised = put(&s, &t, id, "daily", "100000").await;
    assert_eq!(raised.status, StatusCode::OK, "{}", raised.body);
    assert_eq!(
        raised.body["amount"], "100.00",
        "the old amount is still in force"
    );
    assert_eq!(raised.body["pending"]["amount"], "100000.00");
    assert_eq!(raised.body["pending"]["period"], "daily");
    let at = raised.body["pending"]["appliesAt"].as_i64().unwrap();
    let now = raised.body["createdAt"].as_i64().unwrap();
    assert!(
        (at - now - DAY).abs() <= 5,
        "applies 24 h on: {at} vs {now}"
    );
    assert_eq!(only_limit(&s, &t).await["pending"], raised.body["pending"]);

    let over = deposit(&s, &t, "101").await;
    assert_eq!(over.error_code(), "13100", "{}", over.body);

    // Asking again for the same raise neither extends nor shortens the wait.
    due(&s, email, 1).await;
    let again = put(&s, &t, id, "daily", "100000").await;
    assert_eq!(again.body["pending"]["appliesAt"], json!(at - 3600));

    due(&s, email, 23).await;
    let now_in_force = only_limit(&s, &t).await;
    assert_eq!(now_in_force["amount"], "100000.00");
    assert_eq!(now_in_force["pending"], json!(null));
    let ok = deposit(&s, &t, "101").await;
    assert_eq!(ok.status, StatusCode::CREATED, "{}", ok.body);
}

#[tokio::test]
async fn a_tighter_limit_applies_at_once_and_drops_a_pending_raise() {
    let s = start().await;
    s.post("/api/_control/payments", None, json!({ "settleMs": 10 }))
        .await;
    let email = "loosen2@example.com";
    let (t, _) = s.register(email, "USD").await;
    let id = deposit_limit(&s, &t, "100").await;
    put(&s, &t, id, "daily", "500").await;

    let lower = put(&s, &t, id, "weekly", "30").await;
    assert_eq!(lower.status, StatusCode::OK, "{}", lower.body);
    assert_eq!(lower.body["amount"], "30.00");
    assert_eq!(lower.body["period"], "weekly");
    assert_eq!(lower.body["pending"], json!(null));
    assert_eq!(deposit(&s, &t, "31").await.error_code(), "13100");
    due(&s, email, 48).await;
    assert_eq!(
        only_limit(&s, &t).await["amount"],
        "30.00",
        "the raise is gone"
    );

    // A shorter period with the same amount lets more through in a day: it waits.
    let shorter = put(&s, &t, id, "daily", "30").await;
    assert_eq!(shorter.body["period"], "weekly");
    assert_eq!(shorter.body["pending"]["period"], "daily");
}

#[tokio::test]
async fn putting_the_current_values_again_cancels_a_pending_change() {
    let s = start().await;
    let email = "loosen3@example.com";
    let (t, _) = s.register(email, "USD").await;
    let id = deposit_limit(&s, &t, "100").await;
    put(&s, &t, id, "daily", "1000").await;

    let cancel = put(&s, &t, id, "daily", "100").await;
    assert_eq!(cancel.status, StatusCode::OK, "{}", cancel.body);
    assert_eq!(cancel.body["pending"], json!(null));
    due(&s, email, 24).await;
    assert_eq!(only_limit(&s, &t).await["amount"], "100.00");

    // A removal waits too, and is cancelled the same way.
    let path = format!("/api/player/limits/{id}");
    let del = s.call(Method::DELETE, &path, Some(&t), None).await;
    assert_eq!(del.status, StatusCode::OK, "{}", del.body);
    assert_eq!(del.body["amount"], "100.00");
    assert!(del.body["pending"]["appliesAt"].is_i64(), "{}", del.body);
    assert_eq!(del.body["pending"]["amount"], json!(null));
    due(&s, email, 2).await;
    let replay = s.call(Method::DELETE, &path, Some(&t), None).await;
    assert_eq!(
        replay.body["pending"]["appliesAt"].as_i64(),
        del.body["pending"]["appliesAt"]
            .as_i64()
            .map(|a| a - 2 * 3600),
        "a replayed removal keeps its time"
    );
    let kept = put(&s, &t, id, "daily", "100").await;
    assert_eq!(kept.body["pending"], json!(null));
    due(&s, email, 24).await;
    assert_eq!(only_limit(&s, &t).await["id"], id);

    // Uncancelled, it goes after 24 h.
    s.call(Method::DELETE, &path, Some(&t), None).await;
    due(&s, email, 24).await;
    assert_eq!(s.get("/api/player/limits", Some(&t)).await.body, json!([]));
}

#[tokio::test]
async fn a_raised_bet_limit_waits_too() {
    let s = start().await;
    let email = "loosen4@example.com";
    let (t, profile) = s.register(email, "USD").await;
    let me = profile["id"].as_i64().unwrap();
    s.post(
        "/api/_control/balance",
        None,
        json!({ "playerId": me, "balance": "100" }),
    )
    .await;
    let add = s
        .post(
            "/api/player/limits",
            Some(&t),
            json!({ "definition": 1, "period": "daily", "amount": "5", "currency": "USD" }),
        )
        .await;
    let id = add.body["id"].as_i64().unwrap();
    put(&s, &t, id, "daily", "50").await;
    let play = s
        .post("/api/game/games/book-of-dead/play", Some(&t), json!({}))
        .await;
    let slot = play.body["url"]
        .as_str()
        .unwrap()
        .trim_start_matches("/slot/")
        .to_string();
    let spin = s
        .post(
            &format!("/api/game/slot/{slot}/spin"),
            None,
            json!({ "bet": "6" }),
        )
        .await;
    assert_eq!(spin.error_code(), "game_limit_reached");
}

#[tokio::test]
async fn another_players_limit_cannot_be_changed_or_removed() {
    let s = start().await;
    let (t, _) = s.register("loosen5@example.com", "USD").await;
    let (t2, _) = s.register("loosen5b@example.com", "USD").await;
    let id = deposit_limit(&s, &t, "100").await;
    assert_eq!(
        put(&s, &t2, id, "daily", "1000").await.status,
        StatusCode::NOT_FOUND
    );
    let path = format!("/api/player/limits/{id}");
    let del = s.call(Method::DELETE, &path, Some(&t2), None).await;
    assert_eq!(del.status, StatusCode::NOT_FOUND);
    assert_eq!(only_limit(&s, &t).await["pending"], json!(null));
    let bad = s
        .post(
            "/api/_control/limits-due",
            None,
            json!({ "email": "nobody@example.com", "hours": 24 }),
        )
        .await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
}
