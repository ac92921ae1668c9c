//! Content pages, the visitor's country, the referral program and affiliate applications
//! (issue 16).

mod common;

use common::start;
use reqwest::StatusCode;
use serde_json::json;

#[tokio::test]
async fn pages_by_slug_and_type_in_locale_with_fallback() {
    let s = start().await;
    let en = s
        .get("/api/content/pages/terms?locale=en&type=static", None)
        .await;
    assert_eq!(en.status, StatusCode::OK);
    assert_eq!(en.body["title"], "Terms and Conditions");
    assert!(en.body["body"].as_str().unwrap().contains("<h2>"));
    let pt = s.get("/api/content/pages/terms?locale=pt-br", None).await;
    assert_eq!(pt.body["title"], "Termos e Condições");
    // ru has no copy: the default locale's page.
    let ru = s.get("/api/content/pages/terms?locale=ru", None).await;
    assert_eq!(ru.body["title"], "Terms and Conditions");
    // The wrong kind, and an unknown slug, are 404.
    let wrong = s.get("/api/content/pages/terms?type=bonus", None).await;
    assert_eq!(wrong.status, StatusCode::NOT_FOUND);
    let none = s
        .get("/api/content/pages/no-such-page?locale=en", None)
        .await;
    assert_eq!(none.status, StatusCode::NOT_FOUND);
    let bad = s.get("/api/content/pages/terms?type=nope", None).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn questions_list_in_order_with_localised_titles() {
    let s = start().await;
    let en = s
        .get("/api/content/pages?type=question&locale=en", None)
        .await;
    assert_eq!(en.status, StatusCode::OK);
    let list = en.body.as_array().unwrap();
    assert!(list.len() >= 5);
    assert_eq!(list[0]["slug"], "how-to-deposit");
    assert!(list.iter().all(|q| q.get("body").is_none()));
    let pt = s
        .get("/api/content/pages?type=question&locale=pt-br", None)
        .await;
    assert_eq!(pt.body[0]["title"], "Como faço um depósito?");
}

#[tokio::test]
async fn geo_reads_the_edge_header_and_falls_back_to_ua() {
    let s = start().await;
    let plain = s.get("/api/geo", None).await;
    assert_eq!(plain.body["country"], "UA");
    let gb = s
        .raw(
            s.client
                .get(format!("{}/api/geo", s.base))
                .header("X-Country-Code", "gb"),
        )
        .await;
    assert_eq!(gb.body["country"], "GB");
}

/// A card deposit the provider settles at once; waits until it has.
async fn deposit(s: &common::Sandbox, t: &str, amount: &str) {
    let fast = s
        .post("/api/_control/payments", None, json!({ "settleMs": 1 }))
        .await;
    assert_eq!(fast.status, StatusCode::OK, "{}", fast.body);
    let r = s
        .post(
            "/api/payment/invoices/deposit",
            Some(t),
            json!({"amount": amount, "paymentMethod": "card.deposit.visa",
                   "fields": {"card_number": "4111 1111 1111 1111"}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let id = r.body["id"].clone();
    for _ in 0..200 {
        let list = s.get("/api/payment/invoices?perPage=100", Some(t)).await;
        let settled = list.body["data"]
            .as_array()
            .unwrap()
            .iter()
            .any(|i| i["id"] == id && i["status"] == 2);
        if settled {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    panic!("deposit {id} never settled");
}

#[tokio::test]
async fn referral_link_earnings_and_transfer_into_the_wallet() {
    let s = start().await;
    let (token, _) = s.register("referrer@example.test", "EUR").await;
    let stats = s.get("/api/player/referral", Some(&token)).await;
    assert_eq!(stats.status, StatusCode::OK);
    let code = stats.body["code"].as_str().unwrap().to_string();
    assert_eq!(stats.body["invited"], 0);
    assert_eq!(stats.body["available"], "0.00");
    // Nothing yet to move.
    let none = s
        .post("/api/player/referral/transfer", Some(&token), json!({}))
        .await;
    assert_eq!(none.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(none.error_code(), "nothing_to_transfer");
    // A friend signs up with the code.
    let friend = s
        .post(
            "/api/player/register",
            None,
            json!({"email": "friend@example.test", "password": "password123", "currency": "USD",
                   "agreements": true, "refId": code}),
        )
        .await;
    assert_eq!(friend.status, StatusCode::CREATED);
    // A bare sign-up earns nothing (issue 32): only the friend's first deposit pays.
    let after = s.get("/api/player/referral", Some(&token)).await;
    assert_eq!(after.body["invited"], 1);
    assert_eq!(after.body["earned"], "0.00");
    let none = s
        .post("/api/player/referral/transfer", Some(&token), json!({}))
        .await;
    assert_eq!(none.error_code(), "nothing_to_transfer");
    let ft = friend.body["accessToken"].as_str().unwrap().to_string();
    deposit(&s, &ft, "20.00").await;
    deposit(&s, &ft, "30.00").await;
    let after = s.get("/api/player/referral", Some(&token)).await;
    assert_eq!(after.body["qualified"], 1);
    assert_eq!(
        after.body["earned"], "10.00",
        "once per friend, not per deposit"
    );
    assert_eq!(after.body["available"], "10.00");
    let moved = s
        .post("/api/player/referral/transfer", Some(&token), json!({}))
        .await;
    assert_eq!(moved.status, StatusCode::OK);
    assert_eq!(moved.body["available"], "0.00");
    assert_eq!(moved.body["account"]["currency"], "USD");
    assert_eq!(moved.body["account"]["balance"], "10.00");
    // Once only.
    let again = s
        .post("/api/player/referral/transfer", Some(&token), json!({}))
        .await;
    assert_eq!(again.status, StatusCode::UNPROCESSABLE_ENTITY);
    // Guests have no referral figures.
    assert_eq!(
        s.get("/api/player/referral", None).await.status,
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test]
async fn affiliate_applications_are_checked_and_stored() {
    let s = start().await;
    let bad = s
        .post(
            "/api/affiliate/applications",
            None,
            json!({"name": "A", "email": "x", "website": "site"}),
        )
        .await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(!bad.field_errors("fullName").is_empty());
    assert!(!bad.field_errors("email").is_empty());
    assert!(!bad.field_errors("website").is_empty());
    let ok = s
        .post(
            "/api/affiliate/applications",
            None,
            json!({"name": "Ana Lima", "email": "ana@example.test",
                   "website": "https://ana.example", "message": "Casino reviews", "affiliateTag": "aff42"}),
        )
        .await;
    assert_eq!(ok.status, StatusCode::CREATED);
    assert!(ok.body["id"].as_i64().unwrap() > 0);
}
