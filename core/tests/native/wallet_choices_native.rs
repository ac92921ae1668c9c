//! Issue 29's wallet display and payment choices, driven through the core as the view and the
//! server would: crypto in units or sub-units (SPEC §1) everywhere a balance shows and in the
//! deposit form, the equivalent beside every crypto balance (SPEC §9), the payment region
//! (`paymentGeo`) the methods and invoices use, and the deposit bonuses asked with the typed
//! amount after the 500 ms debounce (SPEC §7, §9).

use crate::support;

use croupier_core::app::features::bonuses;
use croupier_core::app::features::payments::{self, pay, PaymentsUi};
use croupier_core::app::features::wallet::WalletUi;
use croupier_core::app::{update, view, AppUi, Boot, Config, Effect, Event, Model, Req};
use croupier_core::domain::payment::Direction;
use serde_json::json;
use support::{http, req, respond, token, ui, NOW};

const CURRENCIES: &str = r#"[
    {"code":"USD","type":"fiat","symbol":"$","subunitToUnit":100,"rate":{"rate":"1"}},
    {"code":"EUR","type":"fiat","symbol":"€","subunitToUnit":100,"rate":{"rate":"1.08"}},
    {"code":"BTC","type":"crypto","symbol":"₿","subunitToUnit":100000000,"rate":{"rate":"65000.00"},
     "subCurrencies":[{"code":"mBTC","subunitToUnit":1000}]}
]"#;

/// A player from Brazil; `active` is the active account's currency (USD or BTC).
fn player(prefs: Boot, active: &str) -> Model {
    let mut m = Model::new(Config::default());
    update(
        &mut m,
        Event::Booted {
            token: Some(token(3600, "a")),
            path: "/wallet".into(),
            boot: prefs,
        },
        NOW,
    );
    respond(
        &mut m,
        req::currencies(),
        200,
        serde_json::from_str(CURRENCIES).unwrap(),
    );
    respond(
        &mut m,
        req::profile(),
        200,
        json!({"id": 7, "email": "a@b.c", "country": "BR"}),
    );
    let status = |c: &str| if c == active { 1 } else { 2 };
    respond(
        &mut m,
        req::accounts(),
        200,
        json!([
            {"id": 1, "currency": "USD", "balance": "100.00", "status": status("USD")},
            {"id": 3, "currency": "BTC", "balance": "0.01234567", "status": status("BTC")}
        ]),
    );
    m
}

fn methods_req(currency: &str, country: &str) -> Req {
    Req::Payments(payments::Call::Pay(pay::Call::Methods {
        dir: Direction::Deposit,
        currency: currency.into(),
        country: Some(country.into()),
    }))
}

fn countries_req() -> Req {
    Req::Payments(payments::Call::Pay(pay::Call::Countries))
}

fn open_deposit(m: &mut Model) -> Vec<Effect> {
    ui(
        m,
        AppUi::Navigate {
            path: "/wallet?modal=wallet&wallet=deposit".into(),
        },
    )
}

fn type_amount(m: &mut Model, v: &str) -> Vec<Effect> {
    ui(
        m,
        PaymentsUi::PayInput {
            field: "amount".into(),
            value: v.into(),
        },
    )
}

fn stored(fx: &[Effect], key: &str) -> Option<Option<String>> {
    fx.iter().find_map(|e| match e {
        Effect::StoreLocal { key: k, value } if k == key => Some(value.clone()),
        _ => None,
    })
}

/// `(amount, code)` of the header, the /wallet list and the wallet modal's BTC balance.
fn btc_everywhere(m: &Model) -> Vec<(String, String)> {
    let v = view::view(m);
    let header = v.session.balance.expect("header balance");
    let listed = v
        .accounts
        .items
        .iter()
        .find(|a| a.currency == "BTC")
        .unwrap()
        .balance
        .clone();
    let modal = v
        .payment
        .accounts
        .iter()
        .find(|a| a.currency == "BTC")
        .unwrap()
        .balance
        .clone();
    [header, listed, modal]
        .into_iter()
        .map(|b| (b.amount, b.code))
        .collect()
}

#[test]
fn crypto_balances_show_in_the_chosen_unit_everywhere_and_after_a_reload() {
    let mut m = player(Boot::default(), "BTC");
    let milli = ("12.34567".to_string(), "mBTC".to_string());
    let units = ("0.01234567".to_string(), "BTC".to_string());
    // Sub-units until the player chooses (what the product showed before the choice).
    assert_eq!(btc_everywhere(&m), vec![milli.clone(); 3]);
    assert!(view::view(&m).accounts.sub_units);
    let fx = ui(&mut m, WalletUi::SetCryptoUnits { sub_units: false });
    assert_eq!(stored(&fx, "cryptoUnits"), Some(Some("units".into())));
    assert_eq!(btc_everywhere(&m), vec![units.clone(); 3]);
    assert!(!view::view(&m).payment.sub_units);
    // Fiat is untouched.
    let usd = view::view(&m).accounts.items[0].balance.clone();
    assert_eq!((usd.amount.as_str(), usd.code.as_str()), ("100.00", "USD"));
    // A reload reads the stored choice.
    let m = player(
        Boot {
            stored: croupier_core::app::stored::Kept::default()
                .with(croupier_core::app::features::wallet::CRYPTO_UNITS, "units"),
            ..Boot::default()
        },
        "BTC",
    );
    assert_eq!(btc_everywhere(&m), vec![units; 3]);
    let mut m = player(
        Boot {
            stored: croupier_core::app::stored::Kept::default().with(
                croupier_core::app::features::wallet::CRYPTO_UNITS,
                "subUnits",
            ),
            ..Boot::default()
        },
        "BTC",
    );
    assert_eq!(btc_everywhere(&m), vec![milli.clone(); 3]);
    let fx = ui(&mut m, WalletUi::SetCryptoUnits { sub_units: true });
    assert_eq!(stored(&fx, "cryptoUnits"), Some(Some("subUnits".into())));
    assert_eq!(btc_everywhere(&m), vec![milli; 3]);
}

#[test]
fn the_deposit_amount_is_typed_in_the_shown_unit_and_keeps_its_value_on_a_change() {
    let mut m = player(Boot::default(), "BTC");
    open_deposit(&mut m);
    respond(
        &mut m,
        methods_req("BTC", "BR"),
        200,
        json!([{"name": "Crypto", "paymentMethods": [{"id": "crypto.deposit.btc", "name": "Bitcoin",
            "minAmount": "0.0001", "maxAmount": "1"}]}]),
    );
    let p = view::view(&m).payment;
    assert_eq!(p.unit, "mBTC");
    let limits = |m: &Model| {
        let p = view::view(m).payment;
        let method = &p.groups[0].methods[0];
        (method.min.clone().unwrap(), method.max.clone().unwrap())
    };
    assert_eq!(limits(&m), ("0.1".to_string(), "1000".to_string()));
    type_amount(&mut m, "12.5");
    assert_eq!(m.shared.deposit_amount.as_deref(), Some("0.0125"));
    ui(&mut m, WalletUi::SetCryptoUnits { sub_units: false });
    let p = view::view(&m).payment;
    assert_eq!(p.unit, "BTC");
    assert_eq!(p.values.get("amount").map(String::as_str), Some("0.0125"));
    assert_eq!(limits(&m), ("0.0001".to_string(), "1".to_string()));
    // The same value in units: the bonuses' amount did not move.
    assert_eq!(m.shared.deposit_amount.as_deref(), Some("0.0125"));
    // Typed in BTC now: 0.02 BTC, not 0.02 mBTC.
    type_amount(&mut m, "0.02");
    assert_eq!(m.shared.deposit_amount.as_deref(), Some("0.02"));
    // A deposit sends units either way.
    ui(
        &mut m,
        PaymentsUi::PayMethod {
            id: "crypto.deposit.btc".into(),
        },
    );
    let fx = ui(&mut m, PaymentsUi::Pay);
    let body = http(&fx)[0].body.clone().unwrap();
    assert_eq!(body["amount"], json!("0.02"));
}

#[test]
fn the_equivalent_shows_beside_the_header_and_wallet_balances() {
    let m = player(
        Boot {
            stored: croupier_core::app::stored::Kept::default()
                .with(croupier_core::app::features::wallet::EQUIVALENT, "EUR"),
            ..Boot::default()
        },
        "BTC",
    );
    let v = view::view(&m);
    // 0.01234567 * 65000 / 1.08 = 743.03 (2 decimals, SPEC §9).
    let header = v.session.equivalent.expect("header equivalent");
    assert_eq!(
        (header.amount.as_str(), header.code.as_str()),
        ("743.03", "EUR")
    );
    let btc = v
        .accounts
        .items
        .iter()
        .find(|a| a.currency == "BTC")
        .unwrap();
    let eq = btc.equivalent.clone().expect("listed equivalent");
    assert_eq!((eq.amount.as_str(), eq.code.as_str()), ("743.03", "EUR"));
    // Never for fiat, nor with no equivalent chosen.
    let usd = v
        .accounts
        .items
        .iter()
        .find(|a| a.currency == "USD")
        .unwrap();
    assert_eq!(usd.equivalent, None);
    let m = player(
        Boot {
            stored: croupier_core::app::stored::Kept::default()
                .with(croupier_core::app::features::wallet::EQUIVALENT, "EUR"),
            ..Boot::default()
        },
        "USD",
    );
    assert_eq!(view::view(&m).session.equivalent, None);
    let mut m = player(Boot::default(), "BTC");
    assert_eq!(view::view(&m).session.equivalent, None);
    ui(
        &mut m,
        WalletUi::SetEquivalent {
            currency: Some("USD".into()),
        },
    );
    // 0.01234567 * 65000 = 802.47 USD.
    let v = view::view(&m);
    assert_eq!(v.session.equivalent.unwrap().amount, "802.47");
    assert_eq!(
        v.accounts.items[1].equivalent.clone().unwrap().amount,
        "802.47"
    );
}

fn countries() -> serde_json::Value {
    json!([{"code": "BR", "name": "Brazil"}, {"code": "PT", "name": "Portugal"},
           {"code": "IN", "name": "India"}])
}

#[test]
fn the_payment_region_is_chosen_stored_and_sent_with_methods_and_invoices() {
    let mut m = player(Boot::default(), "USD");
    let fx = open_deposit(&mut m);
    let paths: Vec<&str> = http(&fx).iter().map(|h| h.path.as_str()).collect();
    assert!(paths.contains(&"/api/settings/countries"), "{paths:?}");
    respond(&mut m, countries_req(), 200, countries());
    respond(
        &mut m,
        methods_req("USD", "BR"),
        200,
        json!([{"name": "Pix", "paymentMethods": [{"id": "pix.deposit.pix", "name": "Pix"}]}]),
    );
    let p = view::view(&m).payment;
    // The profile's country until the player chooses.
    assert_eq!(p.country.as_deref(), Some("BR"));
    assert_eq!(p.countries.len(), 3);
    assert_eq!(p.countries[1], ["PT".to_string(), "Portugal".to_string()]);
    // An unknown code is no choice.
    let fx = ui(
        &mut m,
        PaymentsUi::PayCountry {
            country: "ZZ".into(),
        },
    );
    assert!(http(&fx).is_empty() && stored(&fx, "paymentGeo").is_none());
    let fx = ui(
        &mut m,
        PaymentsUi::PayCountry {
            country: "in".into(),
        },
    );
    assert_eq!(stored(&fx, "paymentGeo"), Some(Some("IN".into())));
    let calls = http(&fx);
    assert_eq!(calls.len(), 1);
    assert_eq!(calls[0].path, "/api/payment/methods/deposit");
    assert!(calls[0]
        .query
        .contains(&("country".to_string(), "IN".to_string())));
    assert!(calls[0]
        .query
        .contains(&("currency".to_string(), "USD".to_string())));
    // The old list is gone until the new one comes.
    assert!(view::view(&m).payment.groups.is_empty());
    respond(
        &mut m,
        methods_req("USD", "IN"),
        200,
        json!([{"name": "UPI", "paymentMethods": [{"id": "upi.deposit.upi", "name": "UPI",
            "minAmount": "1.00", "maxAmount": "500.00"}]}]),
    );
    let p = view::view(&m).payment;
    assert_eq!(p.country.as_deref(), Some("IN"));
    assert_eq!(p.groups[0].methods[0].name, "UPI");
    // The invoice carries the region too.
    type_amount(&mut m, "20");
    let fx = ui(&mut m, PaymentsUi::Pay);
    let body = http(&fx)[0].body.clone().unwrap();
    assert_eq!(body["country"], json!("IN"));
}

#[test]
fn the_chosen_region_survives_a_reload() {
    let mut m = player(
        Boot {
            stored: croupier_core::app::stored::Kept::default()
                .with(croupier_core::app::features::payments::PAYMENT_GEO, "IN"),
            ..Boot::default()
        },
        "USD",
    );
    let fx = open_deposit(&mut m);
    let methods = http(&fx)
        .into_iter()
        .find(|h| h.path == "/api/payment/methods/deposit")
        .expect("methods call")
        .query
        .clone();
    assert!(methods.contains(&("country".to_string(), "IN".to_string())));
    respond(&mut m, countries_req(), 200, countries());
    assert_eq!(view::view(&m).payment.country.as_deref(), Some("IN"));
}

fn packages_timer(fx: &[Effect]) -> Option<Event> {
    fx.iter().find_map(|e| match e {
        Effect::Timer { event, ms: 500, .. } if format!("{event:?}").contains("Packages") => {
            Some((**event).clone())
        }
        _ => None,
    })
}

fn bonuses_calls(fx: &[Effect]) -> Vec<Vec<(String, String)>> {
    http(fx)
        .into_iter()
        .filter(|h| h.path == "/api/game/bonuses")
        .map(|h| h.query.clone())
        .collect()
}

#[test]
fn deposit_bonuses_are_asked_with_the_typed_amount_once_after_the_debounce() {
    let pair = |k: &str, v: &str| (k.to_string(), v.to_string());
    let mut m = player(Boot::default(), "USD");
    open_deposit(&mut m);
    // Typing 3, 30: no call while typing, one timer each (the first cancelled).
    let fx = type_amount(&mut m, "3");
    assert!(bonuses_calls(&fx).is_empty());
    assert!(packages_timer(&fx).is_some());
    let fx = type_amount(&mut m, "30");
    assert!(bonuses_calls(&fx).is_empty());
    assert!(fx.iter().any(|e| matches!(e, Effect::CancelTimer(_))));
    let tick = packages_timer(&fx).expect("a fresh timer");
    let fx = update(&mut m, tick, NOW + 500);
    assert_eq!(
        bonuses_calls(&fx),
        vec![vec![pair("currency", "USD"), pair("amount", "30")]]
    );
    let packages = Req::Bonuses(bonuses::Call::Packages {
        currency: "USD".into(),
        amount: Some("30".into()),
    });
    respond(
        &mut m,
        packages,
        200,
        json!([
            {"package": {"id": 101, "name": "100%", "percent": 100, "maxAmount": "200.00"},
             "triggerConditions": {"invoiceAmountItems": [{"currency": "USD", "amountFrom": "20.00"}]}},
            {"package": {"id": 102, "name": "50%", "percent": 50, "maxAmount": "500.00"},
             "triggerConditions": {"invoiceAmountItems": [{"currency": "USD", "amountFrom": "50.00"}]}}
        ]),
    );
    // A package whose amountFrom is above the amount is not offered.
    let offered: Vec<u64> = view::view(&m)
        .bonuses
        .deposit
        .iter()
        .map(|d| d.id)
        .collect();
    assert_eq!(offered, vec![101]);
    // The same amount again (typed the same) asks nothing more.
    let fx = type_amount(&mut m, "30");
    assert!(packages_timer(&fx).is_none());
    // An answer for an amount no longer typed is dropped.
    let fx = type_amount(&mut m, "10");
    let tick = packages_timer(&fx).expect("timer");
    update(&mut m, tick, NOW + 1000);
    type_amount(&mut m, "70");
    respond(
        &mut m,
        Req::Bonuses(bonuses::Call::Packages {
            currency: "USD".into(),
            amount: Some("10".into()),
        }),
        200,
        json!([{"package": {"id": 103, "name": "Small", "percent": 10, "maxAmount": "20.00"},
             "triggerConditions": {"invoiceAmountItems": [{"currency": "USD", "amountFrom": "5.00"}]}}]),
    );
    let offered =
        |m: &Model| -> Vec<u64> { view::view(m).bonuses.deposit.iter().map(|d| d.id).collect() };
    assert!(!offered(&m).contains(&103), "{:?}", offered(&m));
    let tick = packages_timer(&type_amount(&mut m, "75")).expect("timer");
    let fx = update(&mut m, tick, NOW + 2000);
    assert_eq!(bonuses_calls(&fx).len(), 1);
    respond(
        &mut m,
        Req::Bonuses(bonuses::Call::Packages {
            currency: "USD".into(),
            amount: Some("75".into()),
        }),
        200,
        json!([{"package": {"id": 102, "name": "50%", "percent": 50, "maxAmount": "500.00"},
             "triggerConditions": {"invoiceAmountItems": [{"currency": "USD", "amountFrom": "50.00"}]}}]),
    );
    assert_eq!(offered(&m), vec![102]);
}

#[test]
fn a_crypto_deposit_amount_is_asked_in_units() {
    let mut m = player(Boot::default(), "BTC");
    open_deposit(&mut m);
    let fx = type_amount(&mut m, "25");
    let tick = packages_timer(&fx).expect("timer");
    let fx = update(&mut m, tick, NOW + 500);
    let q = &bonuses_calls(&fx)[0];
    assert!(q.contains(&("currency".to_string(), "BTC".to_string())));
    assert!(q.contains(&("amount".to_string(), "0.025".to_string())));
}
