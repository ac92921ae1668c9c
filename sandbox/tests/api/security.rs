//! /api/player/sessions (list, close, close-other) and PUT /api/player/passwords.

use crate::common;

use common::start;
use reqwest::{Method, StatusCode};
use serde_json::json;

#[tokio::test]
async fn sessions_are_listed_and_closed() {
    let s = start().await;
    let (t1, _) = s.register("sess@example.com", "USD").await;
    let pw = "secret-pass";
    let t2 = s.login("sess@example.com", pw).await.body["accessToken"]
        .as_str()
        .unwrap()
        .to_string();
    let t3 = s.login("sess@example.com", pw).await.body["accessToken"]
        .as_str()
        .unwrap()
        .to_string();
    let r = s
        .get("/api/player/sessions?page=1&perPage=2", Some(&t1))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.body["meta"]["totalRows"], 3);
    assert_eq!(r.body["meta"]["totalPages"], 2);
    let list = r.body["data"].as_array().unwrap();
    assert_eq!(list.len(), 2);
    assert_eq!(list[0]["current"], false, "newest first: the third login");
    let third = list[0]["id"].as_i64().unwrap();

    let r = s
        .put(
            &format!("/api/player/sessions/{third}/close"),
            Some(&t1),
            None,
        )
        .await;
    assert_eq!(r.status, StatusCode::NO_CONTENT);
    assert_eq!(
        s.get("/api/player/profile", Some(&t3)).await.status,
        StatusCode::UNAUTHORIZED,
        "a closed session's token stops working"
    );
    let again = s
        .put(
            &format!("/api/player/sessions/{third}/close"),
            Some(&t1),
            None,
        )
        .await;
    assert_eq!(again.status, StatusCode::NOT_FOUND);

    let r = s
        .call(
            Method::POST,
            "/api/player/sessions/close-other",
            Some(&t1),
            Some(json!({})),
        )
        .await;
    assert_eq!(r.body["closed"], 1);
    assert_eq!(
        s.get("/api/player/profile", Some(&t2)).await.status,
        StatusCode::UNAUTHORIZED
    );
    let r = s.get("/api/player/sessions", Some(&t1)).await;
    assert_eq!(r.body["meta"]["totalRows"], 1);
    assert_eq!(r.body["data"][0]["current"], true);

    // Another player's session is not found.
    let (t9, _) = s.register("other@example.com", "USD").await;
    let mine = s.get("/api/player/sessions", Some(&t1)).await.body["data"][0]["id"].clone();
    let r = s
        .put(
            &format!("/api/player/sessions/{mine}/close"),
            Some(&t9),
            None,
        )
        .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_password_changes_and_other_sessions_end() {
    let s = start().await;
    let (t1, _) = s.register("pass@example.com", "USD").await;
    let pw = "secret-pass";
    let t2 = s.login("pass@example.com", pw).await.body["accessToken"]
        .as_str()
        .unwrap()
        .to_string();
    let bad = s
        .put(
            "/api/player/passwords",
            Some(&t1),
            Some(json!({ "currentPassword": "wrong-one-1", "newPassword": "brand new 99" })),
        )
        .await;
    assert_eq!(bad.field_errors("currentPassword").len(), 1);
    let short = s
        .put(
            "/api/player/passwords",
            Some(&t1),
            Some(
                json!({ "currentPassword": pw, "newPassword": "short", "repeatNewPassword": "x" }),
            ),
        )
        .await;
    assert_eq!(short.field_errors("newPassword").len(), 1);
    assert_eq!(short.field_errors("repeatNewPassword").len(), 1);
    let ok = s
        .put(
            "/api/player/passwords",
            Some(&t1),
            Some(json!({ "currentPassword": pw, "newPassword": "brand new 99", "repeatNewPassword": "brand new 99" })),
        )
        .await;
    assert_eq!(ok.status, StatusCode::OK, "{}", ok.body);
    assert_eq!(ok.body["closedSessions"], 1);
    assert_eq!(
        s.get("/api/player/profile", Some(&t2)).await.status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        s.get("/api/player/profile", Some(&t1)).await.status,
        StatusCode::OK
    );
    assert_eq!(
        s.login("pass@example.com", pw).await.error_code(),
        "invalid_credentials"
    );
    assert_eq!(
        s.login("pass@example.com", "brand new 99").await.status,
        StatusCode::OK
    );
}

#[tokio::test]
async fn notification_settings_are_kept_on_the_profile() {
    let s = start().await;
    let (t, profile) = s.register("flags@example.com", "USD").await;
    assert_eq!(profile["receiveEmailPromo"], false);
    assert_eq!(profile["receiveBonus"], true);
    let r = s
        .put(
            "/api/player/profile",
            Some(&t),
            Some(json!({ "receiveEmailPromo": true, "receiveSmsPromo": true, "receiveBonus": false })),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let p = s.get("/api/player/profile", Some(&t)).await.body;
    assert_eq!(
        (
            p["receiveEmailPromo"].clone(),
            p["receiveSmsPromo"].clone(),
            p["receiveBonus"].clone()
        ),
        (json!(true), json!(true), json!(false))
    );
    let bad = s
        .put(
            "/api/player/profile",
            Some(&t),
            Some(json!({ "receiveBonus": "yes" })),
        )
        .await;
    assert_eq!(bad.field_errors("receiveBonus").len(), 1);
}
