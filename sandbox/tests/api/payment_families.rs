//! The stand-in provider's catalogue (issue 29, SPEC §3 "Payment method group"): every provider
//! family SPEC §3 names is offered, each only where its currency and country fit; the
//! currencies those families need can be opened as wallets; TON works as a direct wallet; the
//! methods' extra fields are declared and checked.

use crate::common;

use std::collections::BTreeSet;

use common::{start, Sandbox};
use reqwest::StatusCode;
use serde_json::{json, Value};

/// The providers (the id's first part) offered for a direction, currency and country.
async fn providers(s: &Sandbox, t: &str, dir: &str, currency: &str, country: &str) -> Vec<String> {
    let q = if country.is_empty() {
        format!("currency={currency}")
    } else {
        format!("currency={currency}&country={country}")
    };
    let r = s
        .get(&format!("/api/payment/methods/{dir}?{q}"), Some(t))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{dir} {q}: {}", r.body);
    methods(&r.body)
        .iter()
        .map(|m| {
            let id = m["id"].as_str().unwrap();
            id.split('.').next().unwrap().to_string()
        })
        .collect()
}

fn methods(groups: &Value) -> Vec<Value> {
    groups
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|g| g["paymentMethods"].as_array().unwrap().iter().cloned())
        .collect()
}

/// (direction, currency, country, families present, families absent). The absent column names
/// the families a player there must not see: each is offered elsewhere (checked below), so the
/// row fails if the filter lets it through.
type Row = (
    &'static str,
    &'static str,
    &'static str,
    &'static [&'static str],
    &'static [&'static str],
);

#[rustfmt::skip]
const TABLE: &[Row] = &[
    ("deposit", "INR", "IN", &["upi", "skrill", "neteller"], &["pix", "blik", "bkash", "card", "cashagent"]),
    ("deposit", "INR", "BR", &["skrill", "neteller"], &["upi", "pix"]),
    ("deposit", "BRL", "BR", &["pix", "card", "cashagent", "skrill"], &["upi", "sepa", "papara"]),
    ("deposit", "BRL", "IN", &["card"], &["pix", "upi"]),
    ("deposit", "PLN", "PL", &["blik", "skrill", "neteller"], &["sofort", "sepa", "upi"]),
    ("deposit", "PLN", "DE", &["skrill"], &["blik"]),
    ("deposit", "EUR", "DE", &["sepa", "openbanking", "sofort", "card", "skrill", "mobileoperator"], &["multibanco", "blik"]),
    ("deposit", "EUR", "AT", &["sofort", "openbanking", "sepa"], &["multibanco"]),
    ("deposit", "EUR", "PT", &["multibanco", "openbanking", "sepa"], &["sofort"]),
    ("deposit", "EUR", "PL", &["card", "skrill"], &["sepa", "openbanking", "sofort", "multibanco", "blik"]),
    ("deposit", "USD", "DE", &["card", "skrill", "neteller", "cashagent"], &["sepa", "openbanking", "sofort"]),
    ("deposit", "BDT", "BD", &["bkash", "nagad", "skrill"], &["gcash", "easypaisa", "upi"]),
    ("deposit", "BDT", "PK", &["skrill"], &["bkash", "nagad", "easypaisa"]),
    ("deposit", "PHP", "PH", &["gcash", "paymaya", "neteller"], &["bkash", "jazzcash"]),
    ("deposit", "TRY", "TR", &["papara", "skrill"], &["pix", "humo"]),
    ("deposit", "UZS", "UZ", &["humo", "uzcard", "skrill"], &["card", "papara"]),
    ("deposit", "UZS", "KZ", &["skrill"], &["humo", "uzcard"]),
    ("deposit", "PKR", "PK", &["easypaisa", "jazzcash", "nayapay", "neteller"], &["bkash", "gcash"]),
    ("deposit", "TON", "", &["directwallet"], &["binancepay", "card", "skrill"]),
    ("deposit", "USDT", "", &["directwallet", "binancepay"], &["skrill"]),
    ("deposit", "BTC", "", &["directwallet", "binancepay"], &["neteller"]),
    ("withdrawal", "INR", "IN", &["upi", "skrill"], &["pix", "card"]),
    ("withdrawal", "BDT", "BD", &["bkash", "nagad"], &["gcash"]),
    ("withdrawal", "PHP", "PH", &["gcash", "paymaya"], &["bkash"]),
    ("withdrawal", "PKR", "PK", &["easypaisa", "jazzcash", "nayapay"], &["upi"]),
    ("withdrawal", "TRY", "TR", &["papara", "neteller"], &["card"]),
    ("withdrawal", "UZS", "UZ", &["humo", "uzcard"], &["card"]),
    ("withdrawal", "TON", "", &["directwallet"], &["skrill"]),
];

/// SPEC §3's list, by the provider part of the sandbox's ids ("mobile operators" is
/// `mobileoperator`, "direct wallet" `directwallet`; Visa and Mastercard are the card).
#[rustfmt::skip]
const SPEC_FAMILIES: &[&str] = &[
    "cashagent", "directwallet", "card", "upi", "pix", "sepa", "openbanking", "blik",
    "sofort", "multibanco", "skrill", "neteller", "bkash", "nagad", "gcash", "paymaya", "papara",
    "binancepay", "humo", "uzcard", "easypaisa", "jazzcash", "nayapay", "mobileoperator",
];

#[tokio::test]
async fn each_family_shows_only_where_its_currency_and_country_fit() {
    let s = start().await;
    let (t, _) = s.register("families@example.com", "USD").await;
    let mut seen: BTreeSet<String> = BTreeSet::new();
    for (dir, currency, country, present, absent) in TABLE {
        let got = providers(&s, &t, dir, currency, country).await;
        for p in *present {
            assert!(
                got.iter().any(|g| g == p),
                "{dir} {currency}/{country}: {p} missing from {got:?}"
            );
        }
        for a in *absent {
            assert!(
                !got.iter().any(|g| g == a),
                "{dir} {currency}/{country}: {a} must not show, got {got:?}"
            );
        }
        seen.extend(got);
    }
    // Every family SPEC §3 names appears for some currency and country, so each "absent"
    // above is a real method the filter kept out.
    for f in SPEC_FAMILIES {
        assert!(seen.contains(*f), "{f} is never offered");
    }
    for (_, _, _, present, absent) in TABLE {
        for f in present.iter().chain(absent.iter()) {
            assert!(seen.contains(*f), "{f} in the table but never offered");
        }
    }
}

#[tokio::test]
async fn country_bound_families_need_the_country_and_ids_have_the_spec_shape() {
    let s = start().await;
    let (t, _) = s.register("shape@example.com", "USD").await;
    // Without a country only the worldwide methods show.
    let inr = providers(&s, &t, "deposit", "INR", "").await;
    assert!(inr.contains(&"skrill".to_string()) && !inr.contains(&"upi".to_string()));
    // Lower-case codes are read as upper-case.
    let upi = providers(&s, &t, "deposit", "inr", "in").await;
    assert!(upi.contains(&"upi".to_string()), "{upi:?}");

    for (dir, currency, country, _, _) in TABLE {
        let q = format!("currency={currency}&country={country}");
        let r = s
            .get(&format!("/api/payment/methods/{dir}?{q}"), Some(&t))
            .await;
        for m in methods(&r.body) {
            let id = m["id"].as_str().unwrap();
            let parts: Vec<&str> = id.splitn(3, '.').collect();
            assert_eq!(parts.len(), 3, "{id}");
            assert!(!parts[0].is_empty() && !parts[2].is_empty(), "{id}");
            assert_eq!(parts[1], *dir, "{id}");
            assert!(!m["name"].as_str().unwrap().is_empty(), "{id} has a label");
            for f in m["fields"].as_array().unwrap() {
                assert_eq!(f["isRequired"], true, "{id}");
            }
        }
    }
}

#[tokio::test]
async fn limits_and_fields_fit_each_family() {
    let s = start().await;
    let (t, _) = s.register("fields@example.com", "USD").await;
    let find = async |dir: &str, q: &str, id: &str| -> Value {
        let r = s
            .get(&format!("/api/payment/methods/{dir}?{q}"), Some(&t))
            .await;
        methods(&r.body)
            .into_iter()
            .find(|m| m["id"] == id)
            .unwrap_or_else(|| panic!("{id} not offered for {q}"))
    };
    let field_names = |m: &Value| -> Vec<String> {
        m["fields"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| {
                format!(
                    "{}:{}",
                    f["name"].as_str().unwrap(),
                    f["type"].as_str().unwrap()
                )
            })
            .collect()
    };
    let upi = find("deposit", "currency=INR&country=IN", "upi.deposit.upi").await;
    assert_eq!(field_names(&upi), ["upi_id:text"]);
    assert_eq!(upi["minAmount"], "100.00");
    let blik = find("deposit", "currency=PLN&country=PL", "blik.deposit.blik").await;
    assert_eq!(field_names(&blik), ["blik_code:text"]);
    for (q, id) in [
        ("currency=BDT&country=BD", "bkash.deposit.bkash"),
        ("currency=BDT&country=BD", "nagad.deposit.nagad"),
        ("currency=PHP&country=PH", "gcash.deposit.gcash"),
        ("currency=PHP&country=PH", "paymaya.deposit.paymaya"),
        ("currency=PKR&country=PK", "easypaisa.deposit.easypaisa"),
        ("currency=PKR&country=PK", "jazzcash.deposit.jazzcash"),
        ("currency=PKR&country=PK", "nayapay.deposit.nayapay"),
    ] {
        assert_eq!(
            field_names(&find("deposit", q, id).await),
            ["phone:phone"],
            "{id}"
        );
    }
    let humo = find("deposit", "currency=UZS&country=UZ", "humo.deposit.humo").await;
    assert_eq!(field_names(&humo), ["card_number:card"]);
    let ton = find("withdrawal", "currency=TON", "directwallet.withdrawal.ton").await;
    assert_eq!(field_names(&ton), ["wallet_id:cryptoAddress"]);
    assert_eq!(ton["minAmount"], "2.000000000");
    // The wide e-wallets' limits follow the currency: 10-3000 USD, 100000-30000000 UZS.
    let skrill_usd = find("deposit", "currency=USD", "skrill.deposit.skrill").await;
    assert_eq!(
        (
            skrill_usd["minAmount"].as_str(),
            skrill_usd["maxAmount"].as_str()
        ),
        (Some("10.00"), Some("3000.00"))
    );
    let skrill_uzs = find("deposit", "currency=UZS", "skrill.deposit.skrill").await;
    assert_eq!(
        (
            skrill_uzs["minAmount"].as_str(),
            skrill_uzs["maxAmount"].as_str()
        ),
        (Some("100000.00"), Some("30000000.00"))
    );
}

#[tokio::test]
async fn the_new_currencies_open_as_wallets_at_their_precision() {
    let s = start().await;
    let (t, _) = s.register("wallets@example.com", "USD").await;
    let list = s.get("/api/settings/currencies?visible=1", None).await;
    let by_code = |code: &str| -> Value {
        list.body
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["code"] == code)
            .cloned()
            .unwrap_or_else(|| panic!("{code} not listed"))
    };
    for (code, kind, sub, zero) in [
        ("INR", "fiat", 100, "0.00"),
        ("PLN", "fiat", 100, "0.00"),
        ("TRY", "fiat", 100, "0.00"),
        ("UZS", "fiat", 100, "0.00"),
        ("BDT", "fiat", 100, "0.00"),
        ("PHP", "fiat", 100, "0.00"),
        ("PKR", "fiat", 100, "0.00"),
        ("TON", "crypto", 1_000_000_000, "0.000000000"),
    ] {
        let c = by_code(code);
        assert_eq!(c["type"], kind, "{code}");
        assert_eq!(c["subunitToUnit"], sub, "{code}");
        assert_eq!(c["isEnabled"], true, "{code}");
        let opened = s
            .post(
                "/api/wallet/accounts",
                Some(&t),
                json!({ "currency": code }),
            )
            .await;
        assert_eq!(
            opened.status,
            StatusCode::CREATED,
            "{code}: {}",
            opened.body
        );
        assert_eq!(opened.body["balance"], zero, "{code}");
    }
}

#[tokio::test]
async fn a_ton_wallet_opens_takes_a_qr_deposit_and_withdraws_to_a_ton_address() {
    let s = start().await;
    let r = s
        .post("/api/_control/payments", None, json!({ "settleMs": 10 }))
        .await;
    assert_eq!(r.status, StatusCode::OK);
    let (t, _) = s.register("ton@example.com", "USD").await;
    let tk = Some(t.as_str());
    let opened = s
        .post("/api/wallet/accounts", tk, json!({ "currency": "TON" }))
        .await;
    assert_eq!(opened.status, StatusCode::CREATED, "{}", opened.body);
    let account = opened.body["id"].as_i64().unwrap();

    let r = s
        .post(
            "/api/payment/invoices/deposit",
            tk,
            json!({ "accountId": account, "amount": "1.5", "paymentMethod": "directwallet.deposit.ton" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    assert_eq!(r.body["currency"], "TON");
    assert_eq!(r.body["amount"], "1.500000000");
    let address = r.body["publicData"]["address"].as_str().unwrap();
    assert_eq!(address.len(), 48);
    assert_eq!(
        r.body["publicData"]["qr"],
        format!("ton://transfer/{address}?amount=1500000000")
    );
    // A TON method on a USD account is refused.
    let wrong = s
        .post(
            "/api/payment/invoices/deposit",
            tk,
            json!({ "amount": "1.5", "paymentMethod": "directwallet.deposit.ton" }),
        )
        .await;
    assert_eq!(
        wrong.field_errors("paymentMethod").len(),
        1,
        "{}",
        wrong.body
    );

    let id = r.body["id"].as_i64().unwrap();
    let paid = s
        .post(
            &format!("/api/_control/invoices/{id}/settle"),
            None,
            json!({ "status": 2 }),
        )
        .await;
    assert_eq!(paid.status, StatusCode::OK, "{}", paid.body);
    let ton_balance = async || -> String {
        let list = s.get("/api/wallet/accounts", tk).await;
        list.body
            .as_array()
            .unwrap()
            .iter()
            .find(|a| a["currency"] == "TON")
            .map(|a| a["balance"].as_str().unwrap().to_string())
            .unwrap()
    };
    assert_eq!(ton_balance().await, "1.500000000");

    let withdraw = |addr: &str, amount: &str| {
        json!({ "accountId": account, "amount": amount, "paymentMethod": "directwallet.withdrawal.ton",
                "fields": { "wallet_id": addr } })
    };
    let bad = s
        .post(
            "/api/payment/invoices/withdrawal",
            tk,
            withdraw("TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL", "1"),
        )
        .await;
    assert_eq!(
        bad.field_errors("wallet_id").len(),
        1,
        "a TRON address is not TON: {}",
        bad.body
    );
    let below = s
        .post(
            "/api/payment/invoices/withdrawal",
            tk,
            withdraw("UQDtFpEwcFAEcRe5mLVh2N6C0x-_hJEM7W61_JLnSF74p4q2", "1"),
        )
        .await;
    assert_eq!(
        below.field_errors("amount").len(),
        1,
        "the minimum is 2 TON: {}",
        below.body
    );
    let r = s
        .post(
            "/api/_control/balance",
            None,
            json!({ "email": "ton@example.com", "accountId": account, "balance": "3" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let ok = s
        .post(
            "/api/payment/invoices/withdrawal",
            tk,
            withdraw(
                "UQDtFpEwcFAEcRe5mLVh2N6C0x-_hJEM7W61_JLnSF74p4q2",
                "2.000000001",
            ),
        )
        .await;
    assert_eq!(ok.status, StatusCode::CREATED, "{}", ok.body);
    // The amount is reserved at once, to the nanoton.
    assert_eq!(ton_balance().await, "0.999999999");
}

#[tokio::test]
async fn mobile_money_upi_and_blik_check_their_fields() {
    let s = start().await;
    let r = s
        .post("/api/_control/payments", None, json!({ "settleMs": 10 }))
        .await;
    assert_eq!(r.status, StatusCode::OK);
    let (t, _) = s.register("upi@example.com", "INR").await;
    let tk = Some(t.as_str());
    let upi = |id: &str| {
        json!({ "amount": "500", "paymentMethod": "upi.deposit.upi", "country": "IN",
                "fields": { "upi_id": id } })
    };
    let bad = s
        .post("/api/payment/invoices/deposit", tk, upi("player"))
        .await;
    assert_eq!(bad.field_errors("upi_id").len(), 1, "{}", bad.body);
    let ok = s
        .post(
            "/api/payment/invoices/deposit",
            tk,
            upi("player.one@okaxis"),
        )
        .await;
    assert_eq!(ok.status, StatusCode::CREATED, "{}", ok.body);
    assert_eq!(ok.body["paymentMethod"], "upi.deposit.upi");
    // UPI is India's: a player who says they are elsewhere is refused.
    let mut elsewhere = upi("player.one@okaxis");
    elsewhere["country"] = json!("BR");
    let r = s.post("/api/payment/invoices/deposit", tk, elsewhere).await;
    assert_eq!(r.field_errors("paymentMethod").len(), 1, "{}", r.body);

    let (t2, _) = s.register("bkash@example.com", "BDT").await;
    let bkash = |phone: &str| {
        json!({ "amount": "1000", "paymentMethod": "bkash.deposit.bkash", "country": "BD",
                "fields": { "phone": phone } })
    };
    let missing = s
        .post("/api/payment/invoices/deposit", Some(&t2), bkash(""))
        .await;
    assert_eq!(missing.field_errors("phone").len(), 1, "{}", missing.body);
    let ok = s
        .post(
            "/api/payment/invoices/deposit",
            Some(&t2),
            bkash("+8801712345678"),
        )
        .await;
    assert_eq!(ok.status, StatusCode::CREATED, "{}", ok.body);

    let (t3, _) = s.register("blik@example.com", "PLN").await;
    let blik = |code: &str| {
        json!({ "amount": "50", "paymentMethod": "blik.deposit.blik", "country": "PL",
                "fields": { "blik_code": code } })
    };
    let bad = s
        .post("/api/payment/invoices/deposit", Some(&t3), blik("12345"))
        .await;
    assert_eq!(bad.field_errors("blik_code").len(), 1, "{}", bad.body);
    let ok = s
        .post("/api/payment/invoices/deposit", Some(&t3), blik("123456"))
        .await;
    assert_eq!(ok.status, StatusCode::CREATED, "{}", ok.body);
}
