//! Wallet accounts: open, switch, hide.

use crate::common;

use common::start;
use reqwest::StatusCode;
use serde_json::json;

#[tokio::test]
async fn open_switch_and_hide_accounts() {
    let s = start().await;
    let (token, _) = s.register("wally@example.com", "USD").await;
    let t = Some(token.as_str());

    let btc = s
        .post("/api/wallet/accounts", t, json!({ "currency": "BTC" }))
        .await;
    assert_eq!(btc.status, StatusCode::CREATED, "{}", btc.body);
    assert_eq!(btc.body["currency"], "BTC");
    assert_eq!(btc.body["balance"], "0.00000000");
    assert_eq!(btc.body["status"], 2, "new accounts are inactive");
    let btc_id = btc.body["id"].as_i64().unwrap();

    let usdt = s
        .post("/api/wallet/accounts", t, json!({ "currency": "usdt" }))
        .await;
    assert_eq!(usdt.status, StatusCode::CREATED);
    assert_eq!(usdt.body["balance"], "0.000000");

    // Already have a visible USD account.
    let dup = s
        .post("/api/wallet/accounts", t, json!({ "currency": "USD" }))
        .await;
    assert_eq!(dup.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(dup.field_errors("currency").len(), 1);

    // Unknown and disabled currencies.
    for code in ["XXX", "LTC", ""] {
        let r = s
            .post("/api/wallet/accounts", t, json!({ "currency": code }))
            .await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{code}");
        assert_eq!(r.error_code(), "validation_failed");
    }

    // Switch: whole list back, exactly one active, the chosen one.
    let sw = s
        .put(&format!("/api/wallet/accounts/{btc_id}/switch"), t, None)
        .await;
    assert_eq!(sw.status, StatusCode::OK, "{}", sw.body);
    let list = sw.body.as_array().unwrap();
    assert_eq!(list.len(), 3);
    let ids: Vec<i64> = list.iter().map(|a| a["id"].as_i64().unwrap()).collect();
    assert!(ids.windows(2).all(|w| w[0] < w[1]), "ordered by id");
    let active: Vec<_> = list.iter().filter(|a| a["status"] == 1).collect();
    assert_eq!(active.len(), 1);
    assert_eq!(active[0]["id"], btc_id);

    // Hiding the active account is refused; hiding another works and drops it from the list.
    let r = s
        .put(&format!("/api/wallet/accounts/{btc_id}/hide"), t, None)
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(r.error_code(), "account_active");
    let usd_id = list[0]["id"].as_i64().unwrap();
    let r = s
        .put(&format!("/api/wallet/accounts/{usd_id}/hide"), t, None)
        .await;
    assert_eq!(r.status, StatusCode::NO_CONTENT);
    let after = s.get("/api/wallet/accounts", t).await;
    assert_eq!(after.body.as_array().unwrap().len(), 2);
    assert!(after
        .body
        .as_array()
        .unwrap()
        .iter()
        .all(|a| a["id"] != usd_id));

    // A hidden account can't be switched to; re-opening its currency brings it back.
    let r = s
        .put(&format!("/api/wallet/accounts/{usd_id}/switch"), t, None)
        .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    let again = s
        .post("/api/wallet/accounts", t, json!({ "currency": "USD" }))
        .await;
    assert_eq!(again.status, StatusCode::CREATED);
    assert_eq!(again.body["id"], usd_id);
    assert_eq!(again.body["status"], 2);
}

#[tokio::test]
async fn other_players_accounts_are_not_found() {
    let s = start().await;
    let (a, _) = s.register("a@example.com", "USD").await;
    let (b, _) = s.register("b@example.com", "USD").await;
    let b_accounts = s.get("/api/wallet/accounts", Some(&b)).await;
    let b_id = b_accounts.body[0]["id"].as_i64().unwrap();
    for path in [
        format!("/api/wallet/accounts/{b_id}/switch"),
        format!("/api/wallet/accounts/{b_id}/hide"),
        "/api/wallet/accounts/999999/switch".to_string(),
        "/api/wallet/accounts/not-a-number/switch".to_string(),
    ] {
        let r = s.put(&path, Some(&a), None).await;
        assert_eq!(r.status, StatusCode::NOT_FOUND, "{path}");
        assert_eq!(r.error_code(), "not_found");
    }
}

#[tokio::test]
async fn wallet_needs_a_token() {
    let s = start().await;
    let r = s.get("/api/wallet/accounts", None).await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
    assert_eq!(r.error_code(), "unauthorized");
    let r = s
        .post("/api/wallet/accounts", None, json!({"currency": "EUR"}))
        .await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
}
