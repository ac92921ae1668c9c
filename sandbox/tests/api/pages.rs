//! Content pages, the visitor's country, the referral program and affiliate applications
//! (issue 16).

use crate::common;

use std::collections::{BTreeMap, BTreeSet};

use common::start;
use reqwest::StatusCode;
use serde_json::{json, Value};

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
    let ru = s.get("/api/content/pages/terms?locale=ru", None).await;
    assert_eq!(ru.body["title"], "Правила и условия");
    // A page with no ru copy, and a locale the sandbox does not know: the default's page.
    let fixture = s
        .get("/api/content/pages/xss-check?locale=ru&type=static", None)
        .await;
    assert_eq!(fixture.status, StatusCode::OK);
    assert_eq!(fixture.body["title"], "XSS check");
    let unknown = s.get("/api/content/pages/terms?locale=xx", None).await;
    assert_eq!(unknown.body["title"], "Terms and Conditions");
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

/// en's page of XSS payloads tests the client's sanitiser, which no locale changes: it has no
/// other copy, and so stays the proof that a missing copy falls back.
const EN_ONLY: &str = "xss-check";

/// `(type, slug)` of each page of one locale in the seed file.
fn kinds_and_slugs(pages: &Value) -> BTreeSet<(String, String)> {
    pages
        .as_array()
        .expect("a locale's pages are a list")
        .iter()
        .map(|p| {
            let field = |k: &str| p[k].as_str().unwrap_or_default().to_string();
            (field("type"), field("slug"))
        })
        .collect()
}

#[test]
fn every_locale_of_the_seed_file_has_every_page_of_en() {
    let file: BTreeMap<String, Value> =
        serde_json::from_str(include_str!("../../content/pages.json")).expect("pages.json");
    let mut en = kinds_and_slugs(&file["en"]);
    assert!(en.iter().any(|(_, slug)| slug == EN_ONLY));
    en.retain(|(_, slug)| slug != EN_ONLY);
    assert!(file.len() >= 4, "{:?}", file.keys());
    for (locale, pages) in &file {
        if locale != "en" {
            assert_eq!(kinds_and_slugs(pages), en, "{locale}");
        }
    }
}

/// Every locale the sandbox seeds answers every page of en (and lists it) in its own copy:
/// the seed file's where it has one, never en's fallback.
#[tokio::test]
async fn every_seeded_locale_serves_every_page_in_its_own_words() {
    let s = start().await;
    let file: BTreeMap<String, Value> =
        serde_json::from_str(include_str!("../../content/pages.json")).expect("pages.json");
    let locales = s.get("/api/settings/locales", None).await;
    let codes: Vec<&str> = locales
        .body
        .as_array()
        .expect("locales")
        .iter()
        .filter_map(|l| l["code"].as_str())
        .filter(|c| *c != "en")
        .collect();
    assert!(codes.contains(&"es") && codes.contains(&"ru"), "{codes:?}");
    let en = file["en"].as_array().expect("en pages");
    for code in codes {
        let own = file.get(code).and_then(Value::as_array);
        for page in en.iter().filter(|p| p["slug"] != EN_ONLY) {
            let (kind, slug) = (
                page["type"].as_str().unwrap(),
                page["slug"].as_str().unwrap(),
            );
            let r = s
                .get(
                    &format!("/api/content/pages/{slug}?locale={code}&type={kind}"),
                    None,
                )
                .await;
            assert_eq!(r.status, StatusCode::OK, "{code} {slug}");
            assert_ne!(r.body["title"], page["title"], "{code} {slug}: en's title");
            assert_ne!(r.body["body"], page["body"], "{code} {slug}: en's body");
            if let Some(copy) = own.and_then(|l| l.iter().find(|p| p["slug"] == slug)) {
                assert_eq!(r.body["title"], copy["title"], "{code} {slug}");
                assert_eq!(r.body["body"], copy["body"], "{code} {slug}");
            }
            let list = s
                .get(
                    &format!("/api/content/pages?type={kind}&locale={code}"),
                    None,
                )
                .await;
            let item = list
                .body
                .as_array()
                .and_then(|l| l.iter().find(|i| i["slug"] == slug));
            assert_eq!(
                item.map(|i| &i["title"]),
                Some(&r.body["title"]),
                "{code} {slug}"
            );
        }
    }
}

/// Mexican Spanish reads the Spanish pages, their site links kept under /es-mx.
#[tokio::test]
async fn es_mx_reads_the_spanish_pages_with_its_own_links() {
    let s = start().await;
    let es = s.get("/api/content/pages/terms?locale=es", None).await;
    let mx = s.get("/api/content/pages/terms?locale=es-mx", None).await;
    assert_eq!(mx.status, StatusCode::OK);
    assert_eq!(mx.body["title"], es.body["title"]);
    let body = mx.body["body"].as_str().unwrap();
    assert!(
        body.contains("href=\"/es-mx/bonus/welcome-offer\""),
        "{body}"
    );
    assert!(!body.contains("href=\"/es/"), "{body}");
    assert!(
        body.contains("href=\"mailto:support@croupier.test\""),
        "{body}"
    );
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
