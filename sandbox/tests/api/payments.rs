//! /api/payment: methods, deposits, withdrawals, idempotency, decline, limits (13100), the
//! simulated provider's settlement with its pushes, history filters and statistics.

use crate::common;

use std::time::Duration;

use common::{start, Sandbox};
use futures_util::{SinkExt, StreamExt};
use reqwest::StatusCode;
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

async fn fast(s: &Sandbox, ms: u64) {
    let r = s
        .post("/api/_control/payments", None, json!({ "settleMs": ms }))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
}

async fn accounts(s: &Sandbox, t: &str) -> Vec<Value> {
    s.get("/api/wallet/accounts", Some(t))
        .await
        .body
        .as_array()
        .cloned()
        .unwrap()
}

async fn balance(s: &Sandbox, t: &str, currency: &str) -> String {
    accounts(s, t)
        .await
        .iter()
        .find(|a| a["currency"] == currency)
        .map(|a| a["balance"].as_str().unwrap().to_string())
        .unwrap()
}

async fn invoice(s: &Sandbox, t: &str, id: i64) -> Value {
    let r = s.get("/api/payment/invoices?perPage=100", Some(t)).await;
    r.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["id"] == id)
        .cloned()
        .unwrap()
}

/// Polls until the invoice leaves pending (the provider settles in the background).
async fn settled(s: &Sandbox, t: &str, id: i64) -> Value {
    for _ in 0..100 {
        let i = invoice(s, t, id).await;
        if i["status"] != 1 {
            return i;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("invoice {id} never settled");
}

fn ids(groups: &Value) -> Vec<String> {
    groups
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|g| g["paymentMethods"].as_array().unwrap().iter())
        .map(|m| m["id"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test]
async fn methods_depend_on_currency_country_and_direction() {
    let s = start().await;
    let (t, _) = s.register("m@example.com", "USD").await;
    let t = Some(t.as_str());
    let usd = s
        .get("/api/payment/methods/deposit?currency=USD&country=DE", t)
        .await;
    assert_eq!(usd.status, StatusCode::OK, "{}", usd.body);
    let list = ids(&usd.body);
    assert!(list.contains(&"card.deposit.visa".to_string()));
    assert!(list.contains(&"cashagent.deposit.agent".to_string()));
    assert!(
        !list.iter().any(|m| m.starts_with("pix.")),
        "PIX is BRL in BR only"
    );
    let card = &usd.body[0]["paymentMethods"][0];
    assert_eq!(card["minAmount"], "10.00");
    assert_eq!(card["maxAmount"], "5000.00");
    assert_eq!(card["fields"][0]["name"], "card_number");

    let brl = s
        .get("/api/payment/methods/deposit?currency=BRL&country=BR", t)
        .await;
    assert!(ids(&brl.body).contains(&"pix.deposit.pix".to_string()));
    let brl_de = s
        .get("/api/payment/methods/deposit?currency=BRL&country=DE", t)
        .await;
    assert!(!ids(&brl_de.body).contains(&"pix.deposit.pix".to_string()));

    let btc = s.get("/api/payment/methods/deposit?currency=BTC", t).await;
    let m = &btc.body[0]["paymentMethods"][0];
    assert_eq!(m["id"], "directwallet.deposit.btc");
    assert_eq!(m["isAsync"], true);
    assert_eq!(m["minAmount"], "0.00010000");

    let w = s
        .get("/api/payment/methods/withdrawal?currency=BTC", t)
        .await;
    assert_eq!(ids(&w.body), vec!["directwallet.withdrawal.btc"]);

    for bad in ["", "?currency=", "?currency=XXX", "?currency=LTC"] {
        let r = s
            .get(&format!("/api/payment/methods/deposit{bad}"), t)
            .await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{bad}");
        assert_eq!(r.field_errors("currency").len(), 1);
    }
    let guest = s
        .get("/api/payment/methods/deposit?currency=USD", None)
        .await;
    assert_eq!(guest.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn deposit_settles_moves_balance_and_numbers_deposits() {
    let s = start().await;
    fast(&s, 10).await;
    let (t, _) = s.register("d@example.com", "USD").await;
    let tk = Some(t.as_str());
    let body = json!({
        "amount": "25.00",
        "paymentMethod": "card.deposit.visa",
        "fields": { "card_number": "4111 1111 1111 1111" },
    });
    let r = s
        .post("/api/payment/invoices/deposit", tk, body.clone())
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    assert_eq!(r.body["status"], 1);
    assert_eq!(r.body["amount"], "25.00");
    assert_eq!(r.body["type"], 1);
    let first = settled(&s, &t, r.body["id"].as_i64().unwrap()).await;
    assert_eq!(first["status"], 2);
    assert_eq!(
        first["number"], 1,
        "first successful deposit is number 1 (ftd)"
    );
    assert_eq!(balance(&s, &t, "USD").await, "25.00");

    // An amount ending in 13 is declined: no money, no number.
    let mut declined = body.clone();
    declined["amount"] = json!("10.13");
    let r = s.post("/api/payment/invoices/deposit", tk, declined).await;
    let d = settled(&s, &t, r.body["id"].as_i64().unwrap()).await;
    assert_eq!(d["status"], 3);
    assert_eq!(d["number"], Value::Null);
    assert_eq!(balance(&s, &t, "USD").await, "25.00");

    let r = s.post("/api/payment/invoices/deposit", tk, body).await;
    let second = settled(&s, &t, r.body["id"].as_i64().unwrap()).await;
    assert_eq!(second["number"], 2, "the declined one does not count");
    assert_eq!(balance(&s, &t, "USD").await, "50.00");
}

#[tokio::test]
async fn bad_bodies_get_field_errors_and_create_nothing() {
    let s = start().await;
    let (t, _) = s.register("bad@example.com", "USD").await;
    let tk = Some(t.as_str());
    let card = |amount: &str, number: &str| {
        json!({ "amount": amount, "paymentMethod": "card.deposit.visa",
                "fields": { "card_number": number } })
    };
    let cases = [
        (card("", "4111111111111111"), "amount"),
        (card("9.99", "4111111111111111"), "amount"),
        (card("5000.01", "4111111111111111"), "amount"),
        (card("10.001", "4111111111111111"), "amount"),
        (card("-10", "4111111111111111"), "amount"),
        (card("1e3", "4111111111111111"), "amount"),
        (card("10", "4111111111111112"), "card_number"),
        (card("10", ""), "card_number"),
        (
            json!({ "amount": "10", "paymentMethod": "nope.deposit.x" }),
            "paymentMethod",
        ),
        (
            json!({ "amount": "10", "paymentMethod": "card.withdrawal.visa",
                 "fields": { "card_number": "4111111111111111" } }),
            "paymentMethod",
        ),
        (
            json!({ "amount": "10", "paymentMethod": "directwallet.deposit.btc" }),
            "paymentMethod",
        ),
        (
            json!({ "amount": "10", "paymentMethod": "card.deposit.visa", "accountId": 999_999,
                 "fields": { "card_number": "4111111111111111" } }),
            "accountId",
        ),
    ];
    for (body, field) in cases {
        let r = s
            .post("/api/payment/invoices/deposit", tk, body.clone())
            .await;
        assert_eq!(
            r.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{body}: {}",
            r.body
        );
        assert!(!r.field_errors(field).is_empty(), "{field} in {}", r.body);
    }
    // Not JSON, wrong types.
    let raw = s
        .client
        .post(format!("{}/api/payment/invoices/deposit", s.base))
        .bearer_auth(&t)
        .header("content-type", "application/json")
        .body("{not json");
    assert_eq!(s.raw(raw).await.status, StatusCode::BAD_REQUEST);
    let r = s
        .post("/api/payment/invoices/deposit", tk, json!({ "amount": 10 }))
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);

    let list = s.get("/api/payment/invoices", tk).await;
    assert_eq!(list.body["meta"]["totalRows"], 0);
}

#[tokio::test]
async fn pix_needs_a_valid_cpf_and_crypto_withdrawal_a_valid_address() {
    let s = start().await;
    let (t, _) = s.register("pix@example.com", "BRL").await;
    let tk = Some(t.as_str());
    let pix = |cpf: &str| {
        json!({ "amount": "50", "paymentMethod": "pix.deposit.pix", "country": "BR",
                "fields": { "cpf_number": cpf } })
    };
    let bad = s
        .post("/api/payment/invoices/deposit", tk, pix("111.111.111-11"))
        .await;
    assert_eq!(bad.field_errors("cpf_number").len(), 1);
    let ok = s
        .post("/api/payment/invoices/deposit", tk, pix("529.982.247-25"))
        .await;
    assert_eq!(ok.status, StatusCode::CREATED, "{}", ok.body);

    let (t2, _) = s.register("btcw@example.com", "BTC").await;
    let r = s
        .post(
            "/api/_control/balance",
            None,
            json!({ "email": "btcw@example.com", "balance": "0.01" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK);
    let w = |addr: &str| {
        json!({ "amount": "0.001", "paymentMethod": "directwallet.withdrawal.btc",
                "fields": { "wallet_id": addr } })
    };
    let bad = s
        .post("/api/payment/invoices/withdrawal", Some(&t2), w("0xnotbtc"))
        .await;
    assert_eq!(bad.field_errors("wallet_id").len(), 1, "{}", bad.body);
    let ok = s
        .post(
            "/api/payment/invoices/withdrawal",
            Some(&t2),
            w("bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq"),
        )
        .await;
    assert_eq!(ok.status, StatusCode::CREATED, "{}", ok.body);
}

#[tokio::test]
async fn idempotency_key_returns_the_same_invoice() {
    let s = start().await;
    let (t, _) = s.register("idem@example.com", "USD").await;
    let body = json!({ "amount": "20", "paymentMethod": "skrill.deposit.skrill",
                       "idempotencyKey": "k-1" });
    let a = s
        .post("/api/payment/invoices/deposit", Some(&t), body.clone())
        .await;
    let b = s
        .post("/api/payment/invoices/deposit", Some(&t), body)
        .await;
    assert_eq!(a.status, StatusCode::CREATED);
    assert_eq!(b.status, StatusCode::OK);
    assert_eq!(a.body["id"], b.body["id"]);
    // The header works too and is per player.
    let req = |tok: &str| {
        s.client
            .post(format!("{}/api/payment/invoices/deposit", s.base))
            .bearer_auth(tok)
            .header("Idempotency-Key", "k-2")
            .json(&json!({ "amount": "20", "paymentMethod": "skrill.deposit.skrill" }))
    };
    let c = s.raw(req(&t)).await;
    let d = s.raw(req(&t)).await;
    assert_eq!(c.body["id"], d.body["id"]);
    let (other, _) = s.register("idem2@example.com", "USD").await;
    let e = s.raw(req(&other)).await;
    assert_eq!(e.status, StatusCode::CREATED);
    assert_ne!(e.body["id"], c.body["id"]);
    let list = s.get("/api/payment/invoices", Some(&t)).await;
    assert_eq!(list.body["meta"]["totalRows"], 2);
}

#[tokio::test]
async fn withdrawal_reserves_and_decline_refunds() {
    let s = start().await;
    fast(&s, 10).await;
    let (t, _) = s.register("w@example.com", "USD").await;
    s.post(
        "/api/_control/balance",
        None,
        json!({ "email": "w@example.com", "balance": "100.00" }),
    )
    .await;
    let over = s
        .post(
            "/api/payment/invoices/withdrawal",
            Some(&t),
            json!({ "amount": "150", "paymentMethod": "skrill.withdrawal.skrill" }),
        )
        .await;
    assert_eq!(
        over.field_errors("amount"),
        vec!["The amount exceeds your balance."]
    );
    // 40.77 stays pending: reserved, then declined by the player.
    let r = s
        .post(
            "/api/payment/invoices/withdrawal",
            Some(&t),
            json!({ "amount": "40.77", "paymentMethod": "skrill.withdrawal.skrill" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    assert_eq!(r.body["type"], 2);
    assert_eq!(balance(&s, &t, "USD").await, "59.23");
    let id = r.body["id"].as_i64().unwrap();
    let d = s
        .put(
            &format!("/api/payment/invoices/{id}/decline"),
            Some(&t),
            None,
        )
        .await;
    assert_eq!(d.status, StatusCode::OK, "{}", d.body);
    assert_eq!(d.body["status"], 3);
    assert_eq!(balance(&s, &t, "USD").await, "100.00");
    let again = s
        .put(
            &format!("/api/payment/invoices/{id}/decline"),
            Some(&t),
            None,
        )
        .await;
    assert_eq!(again.error_code(), "invoice_not_pending");

    // Another player's invoice is not found, never theirs to touch.
    let (other, _) = s.register("w2@example.com", "USD").await;
    let r = s
        .post(
            "/api/payment/invoices/withdrawal",
            Some(&t),
            json!({ "amount": "10.77", "paymentMethod": "skrill.withdrawal.skrill" }),
        )
        .await;
    let id = r.body["id"].as_i64().unwrap();
    let foreign = s
        .put(
            &format!("/api/payment/invoices/{id}/decline"),
            Some(&other),
            None,
        )
        .await;
    assert_eq!(foreign.status, StatusCode::NOT_FOUND);
    assert_eq!(foreign.error_code(), "not_found");
    let missing = s
        .put("/api/payment/invoices/99999/decline", Some(&t), None)
        .await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    let bad = s
        .put("/api/payment/invoices/abc/decline", Some(&t), None)
        .await;
    assert_eq!(
        bad.status,
        StatusCode::NOT_FOUND,
        "a non-numeric id names no invoice"
    );
    let theirs = s.get("/api/payment/invoices", Some(&other)).await;
    assert_eq!(theirs.body["meta"]["totalRows"], 0);

    // A settled withdrawal keeps the money out.
    let r = s
        .post(
            "/api/payment/invoices/withdrawal",
            Some(&t),
            json!({ "amount": "20", "paymentMethod": "skrill.withdrawal.skrill" }),
        )
        .await;
    let w = settled(&s, &t, r.body["id"].as_i64().unwrap()).await;
    assert_eq!(w["status"], 2);
    assert_eq!(balance(&s, &t, "USD").await, "69.23");
}

#[tokio::test]
async fn deposit_limit_answers_13100() {
    let s = start().await;
    fast(&s, 10).await;
    let (t, _) = s.register("lim@example.com", "USD").await;
    let r = s
        .post(
            "/api/_control/deposit-limit",
            None,
            json!({ "email": "lim@example.com", "currency": "USD", "amount": "30.00" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let dep = |amount: &str| json!({ "amount": amount, "paymentMethod": "skrill.deposit.skrill" });
    let over = s
        .post("/api/payment/invoices/deposit", Some(&t), dep("31"))
        .await;
    assert_eq!(over.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(over.error_code(), "13100");
    let ok = s
        .post("/api/payment/invoices/deposit", Some(&t), dep("30"))
        .await;
    assert_eq!(ok.status, StatusCode::CREATED);
    let methods = s
        .get("/api/payment/methods/deposit?currency=USD", Some(&t))
        .await;
    assert_eq!(methods.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(methods.error_code(), "13100");
    // Withdrawal methods are not capped.
    let w = s
        .get("/api/payment/methods/withdrawal?currency=USD", Some(&t))
        .await;
    assert_eq!(w.status, StatusCode::OK);
    s.post(
        "/api/_control/deposit-limit",
        None,
        json!({ "email": "lim@example.com", "currency": "USD", "amount": null }),
    )
    .await;
    let methods = s
        .get("/api/payment/methods/deposit?currency=USD", Some(&t))
        .await;
    assert_eq!(methods.status, StatusCode::OK);
}

#[tokio::test]
async fn qr_deposit_waits_for_the_payer_and_pushes_both_channels() {
    let s = start().await;
    fast(&s, 10).await;
    let (t, profile) = s.register("qr@example.com", "BTC").await;
    let me = profile["id"].as_i64().unwrap();
    let url = format!(
        "{}/api/connection/websocket",
        s.base.replace("http://", "ws://")
    );
    let mut ws = tokio_tungstenite::connect_async(url).await.unwrap().0;
    let frame = [
        json!({ "id": 1, "connect": { "token": t } }),
        json!({ "id": 2, "subscribe": { "channel": format!("wallet:accounts#{me}") } }),
        json!({ "id": 3, "subscribe": { "channel": format!("payment:invoices#{me}") } }),
    ]
    .iter()
    .map(Value::to_string)
    .collect::<Vec<_>>()
    .join("\n");
    ws.send(Message::Text(frame.into())).await.unwrap();
    let mut pushes: Vec<Value> = Vec::new();
    let read = async |ws: &mut _, pushes: &mut Vec<Value>, want: usize| {
        let ws: &mut tokio_tungstenite::WebSocketStream<_> = ws;
        while pushes.len() < want {
            let msg = tokio::time::timeout(Duration::from_secs(5), ws.next())
                .await
                .expect("a push within 5 s")
                .unwrap()
                .unwrap();
            if let Message::Text(text) = msg {
                for line in text.as_str().split('\n') {
                    let v: Value = serde_json::from_str(line).unwrap();
                    if v.get("push").is_some() {
                        pushes.push(v["push"].clone());
                    }
                }
            }
        }
    };

    let r = s
        .post(
            "/api/payment/invoices/deposit",
            Some(&t),
            json!({ "amount": "0.0015", "paymentMethod": "directwallet.deposit.btc" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let qr = r.body["publicData"]["qr"].as_str().unwrap();
    let address = r.body["publicData"]["address"].as_str().unwrap();
    assert!(address.starts_with("bc1q"));
    assert_eq!(qr, format!("bitcoin:{address}?amount=0.0015"));
    assert!(r.body["publicData"]["expiresAt"].as_i64().unwrap() > 0);
    let id = r.body["id"].as_i64().unwrap();
    read(&mut ws, &mut pushes, 1).await;
    assert_eq!(pushes[0]["channel"], format!("payment:invoices#{me}"));
    assert_eq!(pushes[0]["pub"]["data"]["event"], "invoice.deposit.updated");
    assert_eq!(pushes[0]["pub"]["data"]["data"]["status"], 1);

    // Still pending well after the settle delay: it waits for the payer.
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert_eq!(invoice(&s, &t, id).await["status"], 1);
    let paid = s
        .post(
            &format!("/api/_control/invoices/{id}/settle"),
            None,
            json!({ "status": 2 }),
        )
        .await;
    assert_eq!(paid.status, StatusCode::OK, "{}", paid.body);
    read(&mut ws, &mut pushes, 3).await;
    assert_eq!(pushes[1]["channel"], format!("wallet:accounts#{me}"));
    assert_eq!(pushes[1]["pub"]["data"]["balance"], "0.00150000");
    assert_eq!(pushes[2]["pub"]["data"]["data"]["status"], 2);
    assert_eq!(pushes[2]["pub"]["data"]["data"]["number"], 1);
    let twice = s
        .post(
            &format!("/api/_control/invoices/{id}/settle"),
            None,
            json!({ "status": 2 }),
        )
        .await;
    assert_eq!(twice.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(balance(&s, &t, "BTC").await, "0.00150000");
}

#[tokio::test]
async fn history_filters_paginate_and_statistics_sum() {
    let s = start().await;
    fast(&s, 10).await;
    let (t, _) = s.register("h@example.com", "USD").await;
    let tk = Some(t.as_str());
    let mut last = 0;
    for amount in ["10.00", "11.13", "12.00", "13.77"] {
        let r = s
            .post(
                "/api/payment/invoices/deposit",
                tk,
                json!({ "amount": amount, "paymentMethod": "skrill.deposit.skrill" }),
            )
            .await;
        last = r.body["id"].as_i64().unwrap();
    }
    settled(&s, &t, last - 1).await;
    settled(&s, &t, last - 2).await;
    settled(&s, &t, last - 3).await;
    let r = s
        .post(
            "/api/payment/invoices/withdrawal",
            tk,
            json!({ "amount": "10.77", "paymentMethod": "skrill.withdrawal.skrill" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED);

    let page = s.get("/api/payment/invoices?perPage=2&page=2", tk).await;
    assert_eq!(
        page.body["meta"],
        json!({ "page": 2, "perPage": 2, "totalPages": 3, "totalRows": 5 })
    );
    let dep = s
        .get(
            "/api/payment/invoices?type=deposit&status[]=2&status[]=3",
            tk,
        )
        .await;
    let amounts: Vec<&str> = dep.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["amount"].as_str().unwrap())
        .collect();
    assert_eq!(amounts, vec!["12.00", "11.13", "10.00"], "newest first");
    let enc = s
        .get("/api/payment/invoices?type=withdrawal&status%5B%5D=1", tk)
        .await;
    assert_eq!(enc.body["meta"]["totalRows"], 1);
    let future = s.get("/api/payment/invoices?dateFrom=2999-01-01", tk).await;
    assert_eq!(future.body["meta"]["totalRows"], 0);
    let today = s
        .get(
            "/api/payment/invoices?dateFrom=2000-01-01&dateTo=2999-12-31",
            tk,
        )
        .await;
    assert_eq!(today.body["meta"]["totalRows"], 5);
    for bad in [
        "type=x",
        "status[]=9",
        "page=0",
        "perPage=1000",
        "dateFrom=yesterday",
    ] {
        let r = s.get(&format!("/api/payment/invoices?{bad}"), tk).await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{bad}");
    }

    let stats = s.get("/api/payment/invoices/statistics", tk).await;
    assert_eq!(stats.status, StatusCode::OK);
    assert_eq!(
        stats.body,
        json!([{ "currency": "USD", "depositCount": 2, "depositSum": "22.00",
        "withdrawalCount": 0, "withdrawalSum": "0.00", "pendingCount": 2 }])
    );
}
