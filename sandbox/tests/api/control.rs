//! The test-control API: present only with `--control`.

use crate::common;

use common::{start, start_with};
use croupier_sandbox::Config;
use reqwest::StatusCode;
use serde_json::json;

#[tokio::test]
async fn control_api_is_absent_without_the_flag() {
    let s = start_with(Config {
        control: false,
        ..Config::for_tests()
    })
    .await;
    for path in [
        "/api/_control/calls",
        "/api/_control/token-ttl",
        "/api/_control/drop-sockets",
    ] {
        let r = s.post(path, None, json!({"seconds": 1})).await;
        assert_eq!(r.status, StatusCode::NOT_FOUND, "{path}");
        assert_eq!(r.error_code(), "not_found");
    }
}

#[tokio::test]
async fn calls_are_counted_by_route_template() {
    let s = start().await;
    let (token, _) = s.register("calls@example.com", "USD").await;
    let list = s.get("/api/wallet/accounts", Some(&token)).await;
    let id = list.body[0]["id"].as_i64().unwrap();
    s.put(
        &format!("/api/wallet/accounts/{id}/switch"),
        Some(&token),
        None,
    )
    .await;
    s.put(
        &format!("/api/wallet/accounts/{id}/switch"),
        Some(&token),
        None,
    )
    .await;
    s.get("/api/settings/locales", None).await;

    let calls = s.get("/api/_control/calls", None).await.body;
    assert_eq!(calls["POST /api/player/register"], 1);
    assert_eq!(calls["GET /api/wallet/accounts"], 1);
    assert_eq!(calls["PUT /api/wallet/accounts/{id}/switch"], 2);
    assert_eq!(calls["GET /api/settings/locales"], 1);
    assert!(calls.get("GET /api/_control/calls").is_none());

    let r = s
        .call(reqwest::Method::DELETE, "/api/_control/calls", None, None)
        .await;
    assert_eq!(r.status, StatusCode::NO_CONTENT);
    assert_eq!(s.get("/api/_control/calls", None).await.body, json!({}));
}

#[tokio::test]
async fn token_ttl_can_be_shortened_at_runtime() {
    let s = start().await;
    let r = s
        .post("/api/_control/token-ttl", None, json!({"seconds": 1}))
        .await;
    assert_eq!(r.status, StatusCode::OK);
    let (token, _) = s.register("ttl@example.com", "USD").await;
    tokio::time::sleep(std::time::Duration::from_millis(2100)).await;
    assert_eq!(
        s.get("/api/player/profile", Some(&token)).await.status,
        StatusCode::UNAUTHORIZED
    );
    let r = s
        .post("/api/player/sessions/refresh", Some(&token), json!({}))
        .await;
    assert_eq!(r.status, StatusCode::OK);
}

#[tokio::test]
async fn balance_validation() {
    let s = start().await;
    for body in [
        json!({"email": "demo@croupier.test", "balance": "1.234"}),
        json!({"email": "demo@croupier.test", "balance": "-5"}),
        json!({"email": "nobody@example.com", "balance": "1"}),
        json!({"email": "demo@croupier.test", "accountId": 999, "balance": "1"}),
    ] {
        let r = s.post("/api/_control/balance", None, body.clone()).await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    }
    let r = s
        .post(
            "/api/_control/balance",
            None,
            json!({"email": "demo@croupier.test", "balance": "0.5"}),
        )
        .await;
    assert_eq!(r.body["balance"], "0.50");
}

#[tokio::test]
async fn password_reset_round_trip() {
    let s = start().await;
    let (old_token, _) = s.register("reset@example.com", "USD").await;
    let r = s
        .post(
            "/api/player/passwords/reset",
            None,
            json!({"email": "reset@example.com"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::NO_CONTENT);
    let code = s
        .get("/api/_control/password-reset?email=reset@example.com", None)
        .await
        .body["code"]
        .as_str()
        .unwrap()
        .to_string();

    let r = s
        .post(
            "/api/player/passwords/confirm",
            None,
            json!({"code": code, "password": "brand-new-pass", "password_confirmation": "brand-new-pass"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::NO_CONTENT, "{}", r.body);

    // Old sessions are closed, the old password is gone, the new one works, the code is spent.
    assert_eq!(
        s.get("/api/player/profile", Some(&old_token)).await.status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        s.login("reset@example.com", "secret-pass").await.status,
        StatusCode::UNPROCESSABLE_ENTITY
    );
    assert_eq!(
        s.login("reset@example.com", "brand-new-pass").await.status,
        StatusCode::OK
    );
    let again = s
        .post(
            "/api/player/passwords/confirm",
            None,
            json!({"code": code, "password": "another-pass", "password_confirmation": "another-pass"}),
        )
        .await;
    assert_eq!(again.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(again.field_errors("code").len(), 1);
}

/// A panicking handler is caught (tower-http CatchPanicLayer): 500 with the JSON error body,
/// and the same server answers the next requests. Needs panic=unwind, which the workspace
/// release profile keeps (only the wasm build aborts); the e2e suite checks the release binary.
#[tokio::test]
async fn a_handler_panic_is_a_json_500_and_the_server_keeps_serving() {
    let s = start().await;
    for _ in 0..2 {
        let r = s.get("/api/_control/panic", None).await;
        assert_eq!(r.status, StatusCode::INTERNAL_SERVER_ERROR);
        assert_eq!(r.error_code(), "internal_error");
        let next = s.get("/api/settings/locales", None).await;
        assert_eq!(next.status, StatusCode::OK);
    }
    let (token, _) = s.register("after-panic@example.com", "USD").await;
    assert!(!token.is_empty());
}

#[tokio::test]
async fn app_file_requests_are_counted_by_path() {
    let dir = std::env::temp_dir().join(format!("croupier-files-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("assets")).unwrap();
    std::fs::write(dir.join("index.html"), "<!doctype html>").unwrap();
    std::fs::write(dir.join("assets/app-0123abcd.js"), "1").unwrap();
    let s = start_with(Config {
        static_dir: Some(dir.clone()),
        ..Config::for_tests()
    })
    .await;
    s.get("/", None).await;
    s.get("/assets/app-0123abcd.js", None).await;
    s.get("/assets/app-0123abcd.js", None).await;
    s.get("/api/settings/locales", None).await;
    let files = s.get("/api/_control/files", None).await.body;
    assert_eq!(files, json!({"/": 1, "/assets/app-0123abcd.js": 2}));
    s.call(reqwest::Method::DELETE, "/api/_control/files", None, None)
        .await;
    assert_eq!(s.get("/api/_control/files", None).await.body, json!({}));
    let _ = std::fs::remove_dir_all(dir);
}
