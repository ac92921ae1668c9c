//! Registration, login, refresh, logout, and token expiry over real HTTP.

use crate::common;

use std::time::Duration;

use common::{start, start_with};
use croupier_sandbox::Config;
use reqwest::StatusCode;
use serde_json::json;

#[tokio::test]
async fn register_returns_token_and_new_profile_then_login_works() {
    let s = start().await;
    let (token, profile) = s.register("Alice@Example.com", "EUR").await;
    assert_eq!(token.split('.').count(), 3);
    assert_eq!(profile["isNewlyRegistered"], true);
    assert_eq!(profile["email"], "Alice@Example.com");
    assert!(profile["id"].is_i64());
    for key in [
        "nickname",
        "firstName",
        "lastName",
        "phone",
        "language",
        "tgUserId",
        "country",
        "locale",
        "freshchatRestoreId",
    ] {
        assert!(profile.get(key).is_some(), "profile has {key}");
    }

    // One active account in the chosen currency, zero balance at display precision.
    let accounts = s.get("/api/wallet/accounts", Some(&token)).await;
    assert_eq!(accounts.status, StatusCode::OK);
    assert_eq!(
        accounts.body,
        json!([{ "id": accounts.body[0]["id"], "currency": "EUR", "balance": "0.00", "status": 1 }])
    );

    // E-mail matching is case-insensitive.
    let login = s.login("alice@example.com", "secret-pass").await;
    assert_eq!(login.status, StatusCode::OK, "{}", login.body);
    assert_eq!(login.body["profile"]["isNewlyRegistered"], false);
    assert_eq!(login.body["profile"]["id"], profile["id"]);
    let token2 = login.body["accessToken"].as_str().unwrap();

    let me = s.get("/api/player/profile", Some(token2)).await;
    assert_eq!(me.status, StatusCode::OK);
    assert_eq!(me.body["email"], "Alice@Example.com");
    assert!(me.body.get("isNewlyRegistered").is_none());
}

#[tokio::test]
async fn duplicate_email_is_email_taken() {
    let s = start().await;
    s.register("bob@example.com", "USD").await;
    let r = s
        .post(
            "/api/player/register",
            None,
            json!({"email": "BOB@example.com", "password": "another-pass", "currency": "USD", "agreements": true}),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(r.error_code(), "email_taken");
    assert_eq!(
        r.field_errors("email"),
        ["The email has already been taken."]
    );
}

#[tokio::test]
async fn wrong_password_and_unknown_email_are_invalid_credentials() {
    let s = start().await;
    s.register("carol@example.com", "USD").await;
    for (email, pw) in [
        ("carol@example.com", "wrong-pass"),
        ("nobody@example.com", "secret-pass"),
    ] {
        let r = s.login(email, pw).await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(r.error_code(), "invalid_credentials");
        assert_eq!(r.body["message"], "Incorrect e-mail or password.");
    }
}

#[tokio::test]
async fn demo_player_is_seeded() {
    let s = start().await;
    let r = s.login("demo@croupier.test", "demo12345").await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let token = r.body["accessToken"].as_str().unwrap();
    let accounts = s.get("/api/wallet/accounts", Some(token)).await;
    let list = accounts.body.as_array().unwrap();
    assert_eq!(list.len(), 2);
    assert_eq!(list[0]["currency"], "USD");
    assert_eq!(list[0]["balance"], "1250.00");
    assert_eq!(list[0]["status"], 1);
    assert_eq!(list[1]["currency"], "BTC");
    assert_eq!(list[1]["balance"], "0.01234567");
    assert_eq!(list[1]["status"], 2);
}

#[tokio::test]
async fn refresh_issues_a_new_working_token() {
    let s = start().await;
    let (token, _) = s.register("dan@example.com", "USD").await;
    let r = s
        .post("/api/player/sessions/refresh", Some(&token), json!({}))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let fresh = r.body["accessToken"].as_str().unwrap();
    assert_eq!(r.body.as_object().unwrap().len(), 1, "only accessToken");
    assert_eq!(
        s.get("/api/player/profile", Some(fresh)).await.status,
        StatusCode::OK
    );
}

#[tokio::test]
async fn expired_token_is_401_but_can_still_be_refreshed() {
    let s = start_with(Config {
        token_ttl: 1,
        ..Config::for_tests()
    })
    .await;
    let (token, _) = s.register("erin@example.com", "USD").await;
    tokio::time::sleep(Duration::from_millis(2100)).await;

    let r = s.get("/api/player/profile", Some(&token)).await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
    assert_eq!(r.error_code(), "unauthorized");

    // The fresh token must outlive the check below: a 1 s lifetime counted in whole seconds
    // can end before the next request on a busy machine.
    let ttl = s
        .post("/api/_control/token-ttl", None, json!({"seconds": 3600}))
        .await;
    assert_eq!(ttl.status, StatusCode::OK, "{}", ttl.body);
    let r = s
        .post("/api/player/sessions/refresh", Some(&token), json!({}))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let fresh = r.body["accessToken"].as_str().unwrap();
    assert_eq!(
        s.get("/api/player/profile", Some(fresh)).await.status,
        StatusCode::OK
    );
}

#[tokio::test]
async fn logout_closes_the_session_for_every_token_of_it() {
    let s = start().await;
    let (token, _) = s.register("fay@example.com", "USD").await;
    let refreshed = s
        .post("/api/player/sessions/refresh", Some(&token), json!({}))
        .await;
    let token2 = refreshed.body["accessToken"].as_str().unwrap().to_string();

    let r = s
        .post("/api/player/sessions/logout", Some(&token), json!({}))
        .await;
    assert_eq!(r.status, StatusCode::NO_CONTENT);

    for t in [&token, &token2] {
        let r = s
            .post("/api/player/sessions/refresh", Some(t), json!({}))
            .await;
        assert_eq!(r.status, StatusCode::UNAUTHORIZED);
        assert_eq!(r.error_code(), "unauthorized");
        assert_eq!(
            s.get("/api/player/profile", Some(t)).await.status,
            StatusCode::UNAUTHORIZED
        );
    }
    // Other sessions of the same player are untouched.
    let login = s.login("fay@example.com", "secret-pass").await;
    let t3 = login.body["accessToken"].as_str().unwrap();
    assert_eq!(
        s.get("/api/player/profile", Some(t3)).await.status,
        StatusCode::OK
    );
}

#[tokio::test]
async fn missing_garbage_and_forged_tokens_are_401_json() {
    let s = start().await;
    let (token, _) = s.register("gus@example.com", "USD").await;
    let mut forged = token.clone();
    forged.pop();
    forged.push(if token.ends_with('A') { 'B' } else { 'A' });
    for t in [None, Some("garbage"), Some("a.b.c"), Some(forged.as_str())] {
        let r = s.get("/api/player/profile", t).await;
        assert_eq!(r.status, StatusCode::UNAUTHORIZED, "token {t:?}");
        assert_eq!(r.error_code(), "unauthorized");
        let r = s.post("/api/player/sessions/refresh", t, json!({})).await;
        assert_eq!(r.status, StatusCode::UNAUTHORIZED, "refresh with {t:?}");
    }
}

#[tokio::test]
async fn tokens_survive_a_restart_on_the_same_db_file() {
    let dir = std::env::temp_dir().join(format!("croupier-sandbox-test-{}", std::process::id()));
    let db = dir.join("nested/sandbox.db");
    let cfg = Config {
        db: db.to_string_lossy().into_owned(),
        ..Config::for_tests()
    };
    let token = {
        let s = start_with(cfg.clone()).await;
        s.register("hal@example.com", "USD").await.0
    };
    assert!(db.is_file(), "DB file and parent directory are created");
    let s2 = start_with(cfg).await;
    let r = s2.get("/api/player/profile", Some(&token)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.body["email"], "hal@example.com");
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn password_reset_then_confirm() {
    let s = start().await;
    let (token, _) = s.register("ivy@example.com", "USD").await;

    // Unknown addresses get the same 204 as known ones.
    for email in ["ivy@example.com", "nobody@example.com"] {
        let r = s
            .post(
                "/api/player/passwords/reset",
                None,
                json!({ "email": email }),
            )
            .await;
        assert_eq!(r.status, StatusCode::NO_CONTENT);
    }
    let r = s
        .post(
            "/api/player/passwords/reset",
            None,
            json!({ "email": "nope" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);

    let r = s
        .post(
            "/api/player/passwords/confirm",
            None,
            json!({"code": "bogus", "password": "short", "password_confirmation": "other"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(r.error_code(), "validation_failed");
    assert_eq!(
        r.field_errors("code"),
        ["The reset code is invalid or has expired."]
    );
    assert_eq!(
        r.field_errors("password"),
        ["The password must be at least 8 characters."]
    );
    assert_eq!(r.field_errors("password_confirmation").len(), 1);
    // The real code only goes to stdout, like an e-mail; this test checks that the old
    // session is still alive after failed attempts.
    assert_eq!(
        s.get("/api/player/profile", Some(&token)).await.status,
        StatusCode::OK
    );
}
