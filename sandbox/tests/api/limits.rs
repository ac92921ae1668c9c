//! /api/player/limits: add, change, remove, the rules on them, and their enforcement in
//! deposits (13100) and sportsbook play.

use crate::common;

use common::start;
use reqwest::{Method, StatusCode};
use serde_json::json;

#[tokio::test]
async fn limits_are_added_changed_and_removed() {
    let s = start().await;
    let (t, _) = s.register("limits1@example.com", "USD").await;
    let r = s.get("/api/player/limits", Some(&t)).await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.body, json!([]));

    let add = s
        .post(
            "/api/player/limits",
            Some(&t),
            json!({ "definition": 3, "period": "daily", "amount": "50", "currency": "usd" }),
        )
        .await;
    assert_eq!(add.status, StatusCode::CREATED, "{}", add.body);
    assert_eq!(add.body["amount"], "50.00");
    assert_eq!(add.body["currency"], "USD");
    assert_eq!(add.body["activeUntil"], json!(null));
    let id = add.body["id"].as_i64().unwrap();

    // One limit per definition, period and currency.
    let twice = s
        .post(
            "/api/player/limits",
            Some(&t),
            json!({ "definition": 3, "period": "daily", "amount": "60", "currency": "USD" }),
        )
        .await;
    assert_eq!(twice.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(twice.field_errors("period").len(), 1);

    // Bad input names each field.
    let bad = s
        .post(
            "/api/player/limits",
            Some(&t),
            json!({ "definition": 9, "period": "hourly", "amount": "-1", "currency": "USD" }),
        )
        .await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(bad.field_errors("definition").len(), 1);
    assert_eq!(bad.field_errors("period").len(), 1);
    let bad = s
        .post(
            "/api/player/limits",
            Some(&t),
            json!({ "definition": 1, "period": "weekly", "amount": "1.005", "currency": "USD" }),
        )
        .await;
    assert_eq!(bad.field_errors("amount").len(), 1, "{}", bad.body);

    let put = s
        .put(
            &format!("/api/player/limits/{id}"),
            Some(&t),
            Some(json!({ "period": "weekly", "amount": "40.5" })),
        )
        .await;
    assert_eq!(put.status, StatusCode::OK, "{}", put.body);
    assert_eq!(put.body["period"], "weekly");
    assert_eq!(put.body["amount"], "40.50");
    assert_eq!(
        put.body["pending"],
        json!(null),
        "a tighter limit applies at once"
    );

    let del = s
        .call(
            Method::DELETE,
            &format!("/api/player/limits/{id}"),
            Some(&t),
            None,
        )
        .await;
    assert_eq!(del.status, StatusCode::OK);
    // Removal waits 24 h (issue 30).
    assert_eq!(del.body["pending"]["amount"], json!(null), "{}", del.body);
    s.post(
        "/api/_control/limits-due",
        None,
        json!({ "email": "limits1@example.com", "hours": 24 }),
    )
    .await;
    assert_eq!(s.get("/api/player/limits", Some(&t)).await.body, json!([]));
    let gone = s
        .call(
            Method::DELETE,
            &format!("/api/player/limits/{id}"),
            Some(&t),
            None,
        )
        .await;
    assert_eq!(gone.status, StatusCode::NOT_FOUND);

    // Another player's limit is not found.
    let (t2, _) = s.register("limits1b@example.com", "USD").await;
    let mine = s
        .post(
            "/api/player/limits",
            Some(&t),
            json!({ "definition": 1, "period": "daily", "amount": "5", "currency": "USD" }),
        )
        .await;
    let other = s
        .call(
            Method::DELETE,
            &format!("/api/player/limits/{}", mine.body["id"]),
            Some(&t2),
            None,
        )
        .await;
    assert_eq!(other.status, StatusCode::NOT_FOUND);
    assert_eq!(
        s.get("/api/player/limits", None).await.status,
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test]
async fn deposit_limit_gives_13100() {
    let s = start().await;
    s.post("/api/_control/payments", None, json!({ "settleMs": 10 }))
        .await;
    let (t, _) = s.register("limits2@example.com", "USD").await;
    s.post(
        "/api/player/limits",
        Some(&t),
        json!({ "definition": 3, "period": "weekly", "amount": "40", "currency": "USD" }),
    )
    .await;
    let dep = |amount: &str| json!({ "amount": amount, "paymentMethod": "skrill.deposit.skrill" });
    let over = s
        .post("/api/payment/invoices/deposit", Some(&t), dep("41"))
        .await;
    assert_eq!(over.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(over.error_code(), "13100");
    let ok = s
        .post("/api/payment/invoices/deposit", Some(&t), dep("40"))
        .await;
    assert_eq!(ok.status, StatusCode::CREATED, "{}", ok.body);
    let methods = s
        .get("/api/payment/methods/deposit?currency=USD", Some(&t))
        .await;
    assert_eq!(methods.error_code(), "13100");
}

#[tokio::test]
async fn self_exclusion_blocks_deposits_and_play_until_it_ends() {
    let s = start().await;
    let (t, _) = s.register("limits3@example.com", "USD").await;
    let add = s
        .post(
            "/api/player/limits",
            Some(&t),
            json!({ "definition": 4, "period": "weekly" }),
        )
        .await;
    assert_eq!(add.status, StatusCode::CREATED, "{}", add.body);
    let id = add.body["id"].as_i64().unwrap();
    let until = add.body["activeUntil"].as_i64().unwrap();
    assert!(until - add.body["createdAt"].as_i64().unwrap() == 7 * 86_400);

    let methods = s
        .get("/api/payment/methods/deposit?currency=USD", Some(&t))
        .await;
    assert_eq!(methods.error_code(), "13100");
    assert!(methods.body["message"]
        .as_str()
        .unwrap()
        .contains(" until "));

    let start_game = s
        .post("/api/game/sport/start", Some(&t), json!({ "gameKey": "x" }))
        .await;
    assert_eq!(start_game.error_code(), "game_limit_reached");

    // Not removable, not shortenable; extendable.
    let del = s
        .call(
            Method::DELETE,
            &format!("/api/player/limits/{id}"),
            Some(&t),
            None,
        )
        .await;
    assert_eq!(del.error_code(), "limit_locked");
    let shorter = s
        .put(
            &format!("/api/player/limits/{id}"),
            Some(&t),
            Some(json!({ "period": "daily" })),
        )
        .await;
    assert_eq!(shorter.field_errors("period").len(), 1);
    let longer = s
        .put(
            &format!("/api/player/limits/{id}"),
            Some(&t),
            Some(json!({ "period": "monthly" })),
        )
        .await;
    assert_eq!(longer.status, StatusCode::OK, "{}", longer.body);
    assert!(longer.body["activeUntil"].as_i64().unwrap() > until);
    // A second one of the same kind while it runs is refused.
    let again = s
        .post(
            "/api/player/limits",
            Some(&t),
            json!({ "definition": 4, "period": "daily" }),
        )
        .await;
    assert_eq!(again.field_errors("period").len(), 1);
}

#[tokio::test]
async fn bet_and_loss_limits_refuse_a_sportsbook_stake_over_them() {
    let s = start().await;
    let (t, profile) = s.register("limits4@example.com", "USD").await;
    let me = profile["id"].as_i64().unwrap();
    let account = s
        .post(
            "/api/_control/balance",
            None,
            json!({ "playerId": me, "balance": "100" }),
        )
        .await
        .body["id"]
        .as_i64()
        .unwrap();
    for (definition, amount) in [(1, "20"), (2, "15")] {
        let r = s
            .post(
                "/api/player/limits",
                Some(&t),
                json!({ "definition": definition, "period": "daily", "amount": amount, "currency": "USD" }),
            )
            .await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    }
    let start = s
        .post(
            "/api/game/sport/start",
            Some(&t),
            json!({ "gameKey": "sportsbook", "accountId": account, "lobbyUrl": "http://127.0.0.1/sport",
                    "locale": "en-GB", "countryCode": "UA", "demoMode": false, "platform": 2,
                    "provider": "sportsbook" }),
        )
        .await;
    assert_eq!(start.status, StatusCode::OK, "{}", start.body);
    let token = start.body["token"].as_str().unwrap().to_string();
    let bet = |stake: &str| {
        let body = json!({"eventId": 9002, "outcome": "1", "stake": stake});
        let (s, token) = (&s, token.clone());
        async move { s.post("/sportsbook/api/bets", Some(&token), body).await }
    };
    assert_eq!(bet("10").await.status, StatusCode::CREATED);
    // 10 open counts as lost: 6 more passes the loss limit of 15.
    let over = bet("6").await;
    assert_eq!(over.error_code(), "game_limit_reached");
    assert!(over.body["message"]
        .as_str()
        .unwrap()
        .contains("daily loss limit of 15.00 USD"));
    assert_eq!(bet("5").await.status, StatusCode::CREATED);
    let balance = s.get("/api/wallet/accounts", Some(&t)).await.body[0]["balance"].clone();
    assert_eq!(balance, "85.00", "a refused bet leaves the balance alone");
}

#[tokio::test]
async fn casino_play_keeps_to_the_bet_limit_and_closes_during_a_cooling_off() {
    let s = start().await;
    let (t, profile) = s.register("limits5@example.com", "USD").await;
    let me = profile["id"].as_i64().unwrap();
    s.post(
        "/api/_control/balance",
        None,
        json!({ "playerId": me, "balance": "100" }),
    )
    .await;
    let r = s
        .post(
            "/api/player/limits",
            Some(&t),
            json!({ "definition": 1, "period": "daily", "amount": "5", "currency": "USD" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let play = s
        .post("/api/game/games/book-of-dead/play", Some(&t), json!({}))
        .await;
    assert_eq!(play.status, StatusCode::OK, "{}", play.body);
    let slot = play.body["url"]
        .as_str()
        .unwrap()
        .trim_start_matches("/slot/")
        .to_string();
    let spin = |bet: &str| {
        let (s, path, body) = (
            &s,
            format!("/api/game/slot/{slot}/spin"),
            json!({ "bet": bet }),
        );
        async move { s.post(&path, None, body).await }
    };
    assert_eq!(spin("3").await.status, StatusCode::OK);
    // 3 staked today: 3 more passes the daily bet limit of 5, 2 does not.
    let over = spin("3").await;
    assert_eq!(over.error_code(), "game_limit_reached");
    assert!(
        over.body["message"].as_str().unwrap().contains("2.00"),
        "{}",
        over.body
    );
    assert_eq!(spin("2").await.status, StatusCode::OK);

    // A cooling-off closes real play at launch and in a game already open.
    let cool = s
        .post(
            "/api/player/limits",
            Some(&t),
            json!({ "definition": 5, "period": "daily" }),
        )
        .await;
    assert_eq!(cool.status, StatusCode::CREATED, "{}", cool.body);
    let refused = s
        .post("/api/game/games/book-of-dead/play", Some(&t), json!({}))
        .await;
    assert_eq!(refused.error_code(), "game_limit_reached");
    assert!(refused.body["message"]
        .as_str()
        .unwrap()
        .contains(" until "));
    assert_eq!(spin("0.10").await.error_code(), "game_limit_reached");
    // Demo play stays open.
    let demo = s
        .post(
            "/api/game/games/book-of-dead/play",
            Some(&t),
            json!({ "demo": true }),
        )
        .await;
    assert_eq!(demo.status, StatusCode::OK, "{}", demo.body);
}
