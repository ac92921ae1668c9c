//! Payments (issue 10): the deposit/withdraw flow driven through the core as the view and the
//! server would, plus the amount and field rules, ordering, 13100, analytics numbering, the
//! equivalent balance and the QR invoice resumed after a reload.

use crate::support;

use croupier_core::app::features::payments::{self, history::Filter, pay, PaymentsUi};
use croupier_core::app::features::wallet::WalletUi;
use croupier_core::app::{update, view, AppUi, Boot, Config, Effect, Event, Model, Req};
use croupier_core::domain::money::{CurrencyInfo, SubCurrency};
use croupier_core::domain::payment::Direction;
use croupier_core::domain::payment_form::{
    check_amount, check_field, input_unit, is_card, is_crypto_address, AmountError, FieldKind,
};
use croupier_core::domain::realtime::SocketEvent;
use serde_json::json;
use support::{booted_with_token, connect, http, req, respond, token, ui, NOW};

fn btc() -> CurrencyInfo {
    CurrencyInfo {
        code: "BTC".into(),
        crypto: true,
        symbol: "₿".into(),
        subunit_to_unit: 100_000_000,
        sub_currencies: vec![SubCurrency {
            code: "mBTC".into(),
            subunit_to_unit: 1000,
        }],
    }
}

fn usd() -> CurrencyInfo {
    CurrencyInfo {
        code: "USD".into(),
        crypto: false,
        symbol: "$".into(),
        subunit_to_unit: 100,
        sub_currencies: vec![],
    }
}

#[test]
fn amounts_follow_the_currency_sub_units_and_the_method_limits() {
    let u = input_unit(&usd());
    assert_eq!((u.code.as_str(), u.places), ("USD", 2));
    let ok = check_amount("25.50", &u, Some("10.00"), Some("5000.00"), None).unwrap();
    assert_eq!(ok.to_string(), "25.5");
    assert_eq!(
        check_amount(" ", &u, None, None, None),
        Err(AmountError::Required)
    );
    for bad in ["abc", "-5", "1e3", "0", "0.00", "1,5"] {
        assert_eq!(
            check_amount(bad, &u, None, None, None),
            Err(AmountError::NotANumber),
            "{bad}"
        );
    }
    assert_eq!(
        check_amount("10.001", &u, None, None, None),
        Err(AmountError::TooManyDecimals(2))
    );
    assert_eq!(
        check_amount("9.99", &u, Some("10.00"), None, None),
        Err(AmountError::BelowMin("10".into()))
    );
    assert_eq!(
        check_amount("5000.01", &u, None, Some("5000.00"), None),
        Err(AmountError::AboveMax("5000".into()))
    );
    assert_eq!(
        check_amount("50", &u, None, None, Some("49.99")),
        Err(AmountError::AboveBalance)
    );

    // BTC is typed in mBTC: 5 decimals, limits shown in mBTC, sent in BTC.
    let m = input_unit(&btc());
    assert_eq!((m.code.as_str(), m.per_unit, m.places), ("mBTC", 1000, 5));
    let sent = check_amount("1.5", &m, Some("0.00010000"), Some("2"), None).unwrap();
    assert_eq!(sent.to_string(), "0.0015");
    assert_eq!(
        check_amount("0.05", &m, Some("0.00010000"), None, None),
        Err(AmountError::BelowMin("0.1".into()))
    );
    assert_eq!(
        check_amount("0.000001", &m, None, None, None),
        Err(AmountError::TooManyDecimals(5))
    );
    assert_eq!(m.from_units("2").as_deref(), Some("2000"));

    // TON (nanotons, no milli sub-currency) is typed in TON with its 9 decimals, even when the
    // player shows crypto in sub-units: the sub-unit rule needs a milli sub-currency.
    let ton = CurrencyInfo {
        code: "TON".into(),
        crypto: true,
        symbol: "TON".into(),
        subunit_to_unit: 1_000_000_000,
        sub_currencies: vec![],
    };
    let t = input_unit(&ton);
    assert_eq!((t.code.as_str(), t.per_unit, t.places), ("TON", 1, 9));
    let sent = check_amount("1.123456789", &t, Some("1.000000000"), None, None).unwrap();
    assert_eq!(sent.to_string(), "1.123456789");
    assert_eq!(
        check_amount("1.0000000001", &t, None, None, None),
        Err(AmountError::TooManyDecimals(9))
    );
}

#[test]
fn extra_fields_are_checked_by_their_kind() {
    let no_phone = |_: &str| false;
    let any_phone = |_: &str| true;
    assert!(is_card("4111 1111 1111 1111"));
    assert!(!is_card("4111 1111 1111 1112"));
    assert!(!is_card("4111"));
    assert!(!is_card("4111-1111-1111-111x"));
    assert_eq!(
        check_field(FieldKind::Card, "", "USD", &no_phone),
        Some("fields-settings.validations.required")
    );
    assert_eq!(
        check_field(FieldKind::Card, "4111111111111112", "USD", &no_phone),
        Some("global-components.wallet.cardInvalid")
    );
    assert_eq!(
        check_field(FieldKind::Cpf, "529.982.247-25", "BRL", &no_phone),
        None
    );
    assert_eq!(
        check_field(FieldKind::Cpf, "111.111.111-11", "BRL", &no_phone),
        Some("fields-settings.validations.cpf_number")
    );
    assert_eq!(
        check_field(FieldKind::Phone, "+5511987654321", "USD", &any_phone),
        None
    );
    assert!(
        check_field(FieldKind::Phone, "5511987654321", "USD", &any_phone).is_some(),
        "a leading plus"
    );
    assert!(is_crypto_address(
        "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
        "BTC"
    ));
    assert!(is_crypto_address(
        "1BoatSLRHtKNngkdXEeobR76b53LETtpyT",
        "BTC"
    ));
    assert!(!is_crypto_address(
        "0x52908400098527886E0F7030069857D2E4169EE7",
        "BTC"
    ));
    assert!(is_crypto_address(
        "0x52908400098527886E0F7030069857D2E4169EE7",
        "ETH"
    ));
    assert!(!is_crypto_address("0x5290840009852788", "ETH"));
    assert!(is_crypto_address(
        "TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL",
        "USDT"
    ));
    assert!(!is_crypto_address(
        "TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqe0",
        "USDT"
    ));
    // TON (SPEC §3 direct wallet): user-friendly addresses carry `-` and `_`, raw ones `0:`.
    assert!(is_crypto_address(
        "UQDtFpEwcFAEcRe5mLVh2N6C0x-_hJEM7W61_JLnSF74p4q2",
        "TON"
    ));
    assert!(is_crypto_address(
        "0:83dfd552e63729b472fcbcc8c45ebcc6691702558b68ec7527e1ba403a0f31a8",
        "TON"
    ));
    assert!(!is_crypto_address("UQDtFpEwcFAEcRe5mLVh2N6C0x", "TON"));
    assert!(!is_crypto_address(
        "0:83dfd552e63729b472fcbcc8c45ebcc6691702558b68ec7527e1ba403a0f31",
        "TON"
    ));
}

#[test]
fn methods_are_grouped_with_the_manual_agent_first() {
    let groups = pay::wire::MethodGroup::list(&json!([
        {"name": "Cards", "paymentMethods": [{"id": "card.deposit.visa", "name": "Visa"}]},
        {"name": "Mixed", "paymentMethods": [
            {"id": "skrill.deposit.skrill", "name": "Skrill"},
            {"id": "cashagent.deposit.agent", "name": "Agent"}
        ]},
        {"name": "Empty", "paymentMethods": []},
        {"name": "Broken", "paymentMethods": [{"name": "no id"}]}
    ]))
    .unwrap();
    let ordered = pay::order(groups);
    let names: Vec<(&str, Vec<&str>)> = ordered
        .iter()
        .map(|(g, l)| (g.as_str(), l.iter().map(|m| m.id.as_str()).collect()))
        .collect();
    assert_eq!(
        names,
        vec![
            (
                "Mixed",
                vec!["cashagent.deposit.agent", "skrill.deposit.skrill"]
            ),
            ("Cards", vec!["card.deposit.visa"]),
        ]
    );
}

// ------------------------------------------------------------------ flows

const CURRENCIES: &str = r#"[
    {"code":"USD","type":"fiat","symbol":"$","subunitToUnit":100,"rate":{"rate":"1"}},
    {"code":"EUR","type":"fiat","symbol":"€","subunitToUnit":100,"rate":{"rate":"1.08"}},
    {"code":"BTC","type":"crypto","symbol":"₿","subunitToUnit":100000000,"rate":{"rate":"65000.00"},
     "subCurrencies":[{"code":"mBTC","subunitToUnit":1000}]}
]"#;

fn player(prefs: Boot) -> Model {
    player_from(prefs, json!({"id": 7, "email": "a@b.c"}))
}

fn player_from(prefs: Boot, profile: serde_json::Value) -> Model {
    let mut m = booted_with_token("/", prefs);
    respond(
        &mut m,
        req::currencies(),
        200,
        serde_json::from_str(CURRENCIES).unwrap(),
    );
    respond(&mut m, req::profile(), 200, profile);
    respond(
        &mut m,
        req::accounts(),
        200,
        json!([
            {"id": 1, "currency": "USD", "balance": "100.00", "status": 1},
            {"id": 3, "currency": "BTC", "balance": "0.01234567", "status": 2}
        ]),
    );
    m
}

fn methods_req(dir: Direction, currency: &str) -> Req {
    Req::Payments(payments::Call::Pay(pay::Call::Methods {
        dir,
        currency: currency.into(),
        country: None,
    }))
}

fn create_req(dir: Direction) -> Req {
    Req::Payments(payments::Call::Pay(pay::Call::Create { dir }))
}

const USD_METHODS: &str = r#"[
    {"name":"Cards","paymentMethods":[{"id":"card.deposit.visa","name":"Visa","minAmount":"10.00",
      "maxAmount":"5000.00","fields":[{"name":"card_number","type":"card","isRequired":true}]}]},
    {"name":"Manual","paymentMethods":[{"id":"cashagent.deposit.agent","name":"Cash agent",
      "minAmount":"5.00","maxAmount":"1000.00","fields":[]}]}
]"#;

fn open_deposit(m: &mut Model) -> Vec<Effect> {
    let fx = ui(
        m,
        AppUi::Navigate {
            path: "/?modal=wallet&wallet=deposit".into(),
        },
    );
    respond(
        m,
        methods_req(Direction::Deposit, "USD"),
        200,
        serde_json::from_str(USD_METHODS).unwrap(),
    );
    fx
}

fn invoice(id: u64, status: u8, amount: &str, number: Option<u64>) -> serde_json::Value {
    json!({"id": id, "type": 1, "status": status, "amount": amount, "currency": "USD",
           "paymentMethod": "card.deposit.visa", "number": number, "publicData": {}, "createdAt": 1})
}

fn type_card_deposit(m: &mut Model, amount: &str) {
    ui(
        m,
        PaymentsUi::PayMethod {
            id: "card.deposit.visa".into(),
        },
    );
    ui(
        m,
        PaymentsUi::PayInput {
            field: "amount".into(),
            value: amount.into(),
        },
    );
    ui(
        m,
        PaymentsUi::PayInput {
            field: "card_number".into(),
            value: "4111 1111 1111 1111".into(),
        },
    );
}

/// A connected player who typed a card deposit of `amount` and pressed Pay (the create call
/// is out).
fn card_deposit_sent(amount: &str) -> Model {
    let mut m = player(Boot::default());
    connect(&mut m);
    open_deposit(&mut m);
    type_card_deposit(&mut m, amount);
    ui(&mut m, PaymentsUi::Pay);
    m
}

fn push_invoice(m: &mut Model, inv: serde_json::Value) -> Vec<Effect> {
    let frame = json!({"push": {"channel": "payment:invoices#7",
        "pub": {"data": {"event": "invoice.deposit.updated", "data": inv}}}});
    update(
        m,
        Event::Socket(SocketEvent::Message(frame.to_string())),
        NOW,
    )
}

fn address(m: &Model) -> String {
    let l = &m.shared.location;
    let q: Vec<String> = l.query.iter().map(|(k, v)| format!("{k}={v}")).collect();
    format!("{}?{}", l.path, q.join("&"))
}

/// The methods call's query when the deposit modal opens.
fn methods_query(m: &mut Model) -> Vec<(String, String)> {
    let fx = ui(
        m,
        AppUi::Navigate {
            path: "/?modal=wallet&wallet=deposit".into(),
        },
    );
    http(&fx)
        .into_iter()
        .find(|h| h.path == "/api/payment/methods/deposit")
        .expect("methods call")
        .query
        .clone()
}

#[test]
fn methods_are_asked_for_the_payment_region_else_the_profile_country() {
    let pair = |k: &str, v: &str| (k.to_string(), v.to_string());
    let profile = json!({"id": 7, "email": "a@b.c", "country": "BR"});
    let mut m = player_from(Boot::default(), profile.clone());
    assert_eq!(
        methods_query(&mut m),
        vec![pair("currency", "USD"), pair("country", "BR")]
    );
    let prefs = Boot {
        stored: croupier_core::app::stored::Kept::default()
            .with(croupier_core::app::features::payments::PAYMENT_GEO, "PT"),
        ..Boot::default()
    };
    let mut m = player_from(prefs, profile);
    assert_eq!(
        methods_query(&mut m),
        vec![pair("currency", "USD"), pair("country", "PT")]
    );
}

#[test]
fn opening_the_wallet_modal_loads_methods_with_source_and_platform() {
    let mut m = player(Boot::default());
    let fx = ui(
        &mut m,
        AppUi::Navigate {
            path: "/?modal=wallet&wallet=deposit".into(),
        },
    );
    let calls = http(&fx);
    let call = calls
        .iter()
        .find(|h| h.path == "/api/payment/methods/deposit")
        .expect("methods call");
    assert_eq!(
        call.query,
        vec![("currency".to_string(), "USD".to_string())]
    );
    assert!(
        call.source_platform,
        "SPEC §7: payment methods send source and platform"
    );
    respond(
        &mut m,
        methods_req(Direction::Deposit, "USD"),
        200,
        serde_json::from_str(USD_METHODS).unwrap(),
    );
    let v = view(&m).payment;
    assert_eq!(v.direction.as_deref(), Some("deposit"));
    assert_eq!(
        v.groups[0].methods[0].id, "cashagent.deposit.agent",
        "manual agent first"
    );
    assert_eq!(v.groups[1].methods[0].min.as_deref(), Some("10"));

    // Withdraw, then the BTC account: each its own list, in mBTC.
    let fx = ui(
        &mut m,
        AppUi::Navigate {
            path: "/?modal=wallet&wallet=withdraw".into(),
        },
    );
    assert!(http(&fx)
        .iter()
        .any(|h| h.path == "/api/payment/methods/withdrawal"));
    let fx = ui(&mut m, PaymentsUi::PayAccount { id: 3 });
    let q = &http(&fx)[0].query;
    assert_eq!(q[0], ("currency".to_string(), "BTC".to_string()));
    respond(
        &mut m,
        methods_req(Direction::Withdrawal, "BTC"),
        200,
        json!([{"name": "Crypto",
        "paymentMethods": [{"id": "directwallet.withdrawal.btc", "name": "BTC", "minAmount": "0.0005",
        "maxAmount": "2", "fields": [{"name": "wallet_id", "type": "cryptoAddress"}]}]}]),
    );
    let v = view(&m).payment;
    assert_eq!(v.unit, "mBTC");
    assert_eq!(
        v.method.as_deref(),
        Some("directwallet.withdrawal.btc"),
        "a lone method is chosen"
    );
    assert_eq!(v.groups[0].methods[0].min.as_deref(), Some("0.5"));
    // Any other wallet value is the deposit (SPEC §2: undefined).
    ui(
        &mut m,
        AppUi::Navigate {
            path: "/?modal=wallet&wallet=steal".into(),
        },
    );
    assert_eq!(view(&m).payment.direction.as_deref(), Some("deposit"));
}

#[test]
fn methods_load_when_the_accounts_come_before_the_profile() {
    let mut m = Model::new(Config::default());
    update(
        &mut m,
        Event::Booted {
            token: Some(token(3600, "a")),
            path: "/?modal=wallet&wallet=deposit".into(),
            boot: Boot::default(),
        },
        NOW,
    );
    let fx = respond(
        &mut m,
        req::accounts(),
        200,
        json!([{"id": 1, "currency": "USD", "balance": "1.00", "status": 1}]),
    );
    assert!(http(&fx).is_empty(), "not before the player is known");
    let fx = respond(
        &mut m,
        req::profile(),
        200,
        json!({"id": 7, "email": "a@b.c"}),
    );
    assert!(http(&fx)
        .iter()
        .any(|h| h.path == "/api/payment/methods/deposit"));
}

#[test]
fn bad_input_sends_nothing_and_keeps_what_was_typed() {
    let mut m = player(Boot::default());
    open_deposit(&mut m);
    ui(
        &mut m,
        PaymentsUi::PayMethod {
            id: "card.deposit.visa".into(),
        },
    );
    ui(
        &mut m,
        PaymentsUi::PayInput {
            field: "amount".into(),
            value: "9.999".into(),
        },
    );
    ui(
        &mut m,
        PaymentsUi::PayInput {
            field: "card_number".into(),
            value: "4111 1111 1111 1112".into(),
        },
    );
    let fx = ui(&mut m, PaymentsUi::Pay);
    assert!(http(&fx).is_empty(), "no request while a field fails");
    let v = view(&m).payment;
    assert_eq!(
        v.errors.get("amount").map(String::as_str),
        Some("Use at most 2 decimals")
    );
    assert_eq!(
        v.errors.get("card_number").map(String::as_str),
        Some("Enter a valid card number")
    );
    assert_eq!(v.values.get("amount").map(String::as_str), Some("9.999"));
    ui(
        &mut m,
        PaymentsUi::PayInput {
            field: "amount".into(),
            value: "9.99".into(),
        },
    );
    assert_eq!(
        view(&m).payment.errors.get("amount").map(String::as_str),
        Some("The minimum is 10 USD")
    );
    ui(
        &mut m,
        PaymentsUi::PayInput {
            field: "amount".into(),
            value: "6000".into(),
        },
    );
    assert_eq!(
        view(&m).payment.errors.get("amount").map(String::as_str),
        Some("The maximum is 5000 USD")
    );
}

#[test]
fn a_second_click_makes_no_second_invoice_and_a_retry_reuses_the_key() {
    let mut m = player(Boot::default());
    open_deposit(&mut m);
    type_card_deposit(&mut m, "25");
    let fx = ui(&mut m, PaymentsUi::Pay);
    let calls = http(&fx);
    assert_eq!(calls.len(), 1);
    let body = calls[0].body.clone().unwrap();
    assert_eq!(calls[0].path, "/api/payment/invoices/deposit");
    assert_eq!(body["amount"], "25");
    assert_eq!(body["accountId"], 1);
    assert_eq!(body["paymentMethod"], "card.deposit.visa");
    assert_eq!(body["fields"]["card_number"], "4111 1111 1111 1111");
    let key = body["idempotencyKey"].as_str().unwrap().to_string();
    assert!(
        http(&ui(&mut m, PaymentsUi::Pay)).is_empty(),
        "second click while in flight"
    );
    assert_eq!(view(&m).payment.stage, pay::Stage::Submitting);

    // The answer is lost: the form stays filled and the retry asks for the same invoice.
    let id = support::call_id(&m, &create_req(Direction::Deposit));
    update(
        &mut m,
        Event::Http {
            id,
            outcome: croupier_core::app::HttpOutcome::Failed {
                reason: "offline".into(),
            },
        },
        NOW,
    );
    let v = view(&m).payment;
    assert_eq!(v.stage, pay::Stage::Form);
    assert_eq!(v.values.get("amount").map(String::as_str), Some("25"));
    assert!(v.message.is_some());
    let fx = ui(&mut m, PaymentsUi::Pay);
    assert_eq!(
        http(&fx)[0].body.as_ref().unwrap()["idempotencyKey"],
        key.as_str()
    );

    // Created: pending, the deposit-status modal; a click now does nothing.
    respond(
        &mut m,
        create_req(Direction::Deposit),
        201,
        invoice(41, 1, "25.00", None),
    );
    assert_eq!(view(&m).payment.stage, pay::Stage::Pending);
    assert!(
        address(&m).contains("modal=deposit-status"),
        "{}",
        address(&m)
    );
    assert!(http(&ui(&mut m, PaymentsUi::Pay)).is_empty());
}

#[test]
fn provider_errors_keep_the_form_and_show_the_field_message() {
    let mut m = player(Boot::default());
    open_deposit(&mut m);
    type_card_deposit(&mut m, "25");
    ui(&mut m, PaymentsUi::Pay);
    respond(
        &mut m,
        create_req(Direction::Deposit),
        422,
        json!({"code": "validation_failed",
        "message": "The given data was invalid.", "errors": {"card_number": ["The card number is invalid."]}}),
    );
    let v = view(&m).payment;
    assert_eq!(v.stage, pay::Stage::Form);
    assert_eq!(
        v.errors.get("card_number").map(String::as_str),
        Some("The card number is invalid.")
    );
    assert_eq!(v.values.get("amount").map(String::as_str), Some("25"));
    // The server's word stands until the field changes; then a new attempt goes out.
    assert!(http(&ui(&mut m, PaymentsUi::Pay)).is_empty());
    ui(
        &mut m,
        PaymentsUi::PayInput {
            field: "card_number".into(),
            value: "5555 5555 5555 4444".into(),
        },
    );
    let fx = ui(&mut m, PaymentsUi::Pay);
    assert_eq!(http(&fx).len(), 1);
}

#[test]
fn deposit_limit_13100_empties_methods_and_sets_the_flag() {
    let mut m = player(Boot::default());
    ui(
        &mut m,
        AppUi::Navigate {
            path: "/?modal=wallet&wallet=deposit".into(),
        },
    );
    respond(
        &mut m,
        methods_req(Direction::Deposit, "USD"),
        422,
        json!({"code": "13100", "message": "Your deposit limit has been reached.", "errors": {}}),
    );
    let v = view(&m).payment;
    assert!(v.deposit_limit);
    assert_eq!(v.methods_state, pay::MethodsState::LimitReached);
    assert!(v.groups.is_empty());

    // Any other failure: empty with a retry, no flag.
    let mut m = player(Boot::default());
    ui(
        &mut m,
        AppUi::Navigate {
            path: "/?modal=wallet&wallet=deposit".into(),
        },
    );
    respond(
        &mut m,
        methods_req(Direction::Deposit, "USD"),
        500,
        json!({"code": "x", "message": "down"}),
    );
    let v = view(&m).payment;
    assert_eq!(v.methods_state, pay::MethodsState::Failed);
    assert!(!v.deposit_limit);
    let fx = ui(&mut m, PaymentsUi::RetryMethods);
    assert_eq!(http(&fx)[0].path, "/api/payment/methods/deposit");

    // 13100 on the invoice itself: the same outcome and a message.
    let mut m = player(Boot::default());
    open_deposit(&mut m);
    type_card_deposit(&mut m, "25");
    ui(&mut m, PaymentsUi::Pay);
    respond(
        &mut m,
        create_req(Direction::Deposit),
        422,
        json!({"code": "13100", "message": "Your deposit limit has been reached.", "errors": {}}),
    );
    let v = view(&m).payment;
    assert!(v.deposit_limit);
    assert_eq!(
        v.message.as_deref(),
        Some("Your deposit limit has been reached.")
    );
}

#[test]
fn settled_deposits_fire_analytics_by_number_once() {
    let mut m = card_deposit_sent("25");
    respond(
        &mut m,
        create_req(Direction::Deposit),
        201,
        invoice(41, 1, "25.00", None),
    );
    push_invoice(&mut m, invoice(41, 2, "25.00", Some(1)));
    let v = view(&m).payment;
    assert_eq!(v.analytics, vec!["ftd", "deposit"]);
    assert_eq!(v.stage, pay::Stage::Success);
    assert!(address(&m).contains("modal=deposit-success"));
    assert!(
        view(&m)
            .toasts
            .iter()
            .any(|t| t.title == "Deposit successful"),
        "{:?}",
        view(&m).toasts
    );
    // The same push again: quiet.
    push_invoice(&mut m, invoice(41, 2, "25.00", Some(1)));
    assert_eq!(view(&m).payment.analytics.len(), 2);
    // The second deposit, then a declined one (no event), then the fifth.
    push_invoice(&mut m, invoice(42, 2, "10.00", Some(2)));
    push_invoice(&mut m, invoice(43, 3, "10.13", None));
    push_invoice(&mut m, invoice(44, 2, "10.00", Some(5)));
    assert_eq!(
        view(&m).payment.analytics,
        vec!["ftd", "deposit", "dep2", "deposit", "dep5plus", "deposit"]
    );
    // A push that is not an invoice is logged and dropped.
    let fx = push_invoice(&mut m, json!({"id": "x"}));
    assert!(fx.iter().any(
        |e| matches!(e, Effect::Log { message, .. } if message.contains("invoice push dropped"))
    ));
}

#[test]
fn a_push_that_settles_the_deposit_before_the_create_answer_still_shows_the_result() {
    let mut m = card_deposit_sent("25");
    // The provider was quicker than the answer: the push comes first.
    push_invoice(&mut m, invoice(51, 2, "25.00", Some(1)));
    respond(
        &mut m,
        create_req(Direction::Deposit),
        201,
        invoice(51, 1, "25.00", None),
    );
    let v = view(&m).payment;
    // The older "pending" answer does not undo the settled status.
    assert_eq!(v.stage, pay::Stage::Success);
    assert!(
        address(&m).contains("modal=deposit-success"),
        "{}",
        address(&m)
    );
    // One alert and one analytics pair, from the push.
    assert_eq!(v.analytics, vec!["ftd", "deposit"]);
    let toasts = view(&m).toasts;
    assert_eq!(
        toasts
            .iter()
            .filter(|t| t.title == "Deposit successful")
            .count(),
        1,
        "{toasts:?}"
    );
    // A later look-up (a socket back) finds it settled: quiet.
    push_invoice(&mut m, invoice(51, 2, "25.00", Some(1)));
    assert_eq!(view(&m).payment.analytics.len(), 2);
}

#[test]
fn a_pending_push_after_the_settled_one_changes_nothing() {
    let mut m = card_deposit_sent("25");
    respond(
        &mut m,
        create_req(Direction::Deposit),
        201,
        invoice(52, 1, "25.00", None),
    );
    push_invoice(&mut m, invoice(52, 3, "25.00", None));
    assert_eq!(view(&m).payment.stage, pay::Stage::Error);
    // Out of order: the "pending" update was sent before the decline.
    push_invoice(&mut m, invoice(52, 1, "25.00", None));
    assert_eq!(view(&m).payment.stage, pay::Stage::Error);
    assert!(
        address(&m).contains("modal=deposit-error"),
        "{}",
        address(&m)
    );
    // The decline's alert was not shown twice.
    push_invoice(&mut m, invoice(52, 3, "25.00", None));
    let toasts = view(&m).toasts;
    assert_eq!(
        toasts
            .iter()
            .filter(|t| t.kind == croupier_core::app::features::toasts::view::ToastKind::Error)
            .count(),
        1,
        "{toasts:?}"
    );
}

#[test]
fn a_qr_deposit_survives_a_reload_and_a_socket_drop() {
    let mut m = player(Boot::default());
    ui(
        &mut m,
        AppUi::Navigate {
            path: "/?modal=wallet&wallet=deposit".into(),
        },
    );
    ui(&mut m, PaymentsUi::PayAccount { id: 3 });
    respond(
        &mut m,
        methods_req(Direction::Deposit, "BTC"),
        200,
        json!([{"name": "Crypto",
        "paymentMethods": [{"id": "directwallet.deposit.btc", "name": "BTC", "minAmount": "0.0001",
        "maxAmount": "2", "fields": [], "isAsync": true}]}]),
    );
    ui(
        &mut m,
        PaymentsUi::PayInput {
            field: "amount".into(),
            value: "1.5".into(),
        },
    );
    let fx = ui(&mut m, PaymentsUi::Pay);
    assert_eq!(
        http(&fx)[0].body.as_ref().unwrap()["amount"],
        "0.0015",
        "mBTC sent as BTC"
    );
    let qr = json!({"id": 50, "type": 1, "status": 1, "amount": "0.00150000", "currency": "BTC",
        "paymentMethod": "directwallet.deposit.btc", "publicData": {"qr": "bitcoin:bc1qx?amount=0.0015",
        "address": "bc1qx", "expiresAt": 1_700_000_900}, "createdAt": 1});
    let fx = respond(&mut m, create_req(Direction::Deposit), 201, qr.clone());
    assert!(fx.contains(&Effect::StoreSession {
        key: "asyncInvoiceId".into(),
        value: Some("50".into())
    }));
    let v = view(&m).payment;
    assert_eq!(
        v.invoice.as_ref().and_then(|i| i.qr.as_deref()),
        Some("bitcoin:bc1qx?amount=0.0015")
    );
    assert!(
        address(&m).contains("modal=wallet"),
        "a QR deposit stays in the wallet modal"
    );

    // Reload: the id comes back from sessionStorage and the invoice is looked up.
    let mut m = player(Boot {
        stored: croupier_core::app::stored::Kept::default()
            .with(croupier_core::app::features::payments::ASYNC_INVOICE, "50"),
        ..Boot::default()
    });
    let resume = Req::Payments(payments::Call::Pay(pay::Call::Resume(50)));
    assert!(
        m.calls.id_of(&resume).is_some(),
        "looked up after the session starts"
    );
    respond(
        &mut m,
        resume.clone(),
        200,
        json!({"data": [qr], "meta": {"page": 1, "totalPages": 1, "totalRows": 1}}),
    );
    let v = view(&m).payment;
    assert_eq!(v.stage, pay::Stage::Pending);
    assert_eq!(v.invoice.as_ref().map(|i| i.id), Some(50));

    // The socket drops; while away the invoice settled: the refetch finds it settled.
    connect(&mut m);
    let fx = update(
        &mut m,
        Event::Socket(SocketEvent::Closed {
            code: 1006,
            reason: String::new(),
        }),
        NOW,
    );
    for e in fx {
        if let Effect::Timer { event, .. } = e {
            let _ = update(&mut m, *event, NOW + 30_000);
        }
    }
    connect(&mut m);
    if m.calls.id_of(&resume).is_some() {
        let mut paid = qr_settled();
        paid["number"] = json!(1);
        let fx = respond(&mut m, resume, 200, json!({"data": [paid], "meta": {}}));
        assert!(fx.contains(&Effect::StoreSession {
            key: "asyncInvoiceId".into(),
            value: None
        }));
        assert_eq!(view(&m).payment.stage, pay::Stage::Success);
        assert_eq!(view(&m).payment.analytics, vec!["ftd", "deposit"]);
    } else {
        panic!("no resume call after the reconnect");
    }
}

fn qr_settled() -> serde_json::Value {
    json!({"id": 50, "type": 1, "status": 2, "amount": "0.00150000", "currency": "BTC",
        "paymentMethod": "directwallet.deposit.btc", "publicData": {"qr": "bitcoin:bc1qx?amount=0.0015"}, "createdAt": 1})
}

#[test]
fn cancelling_a_qr_deposit_declines_it() {
    let mut m = player(Boot {
        stored: croupier_core::app::stored::Kept::default()
            .with(croupier_core::app::features::payments::ASYNC_INVOICE, "50"),
        ..Boot::default()
    });
    let resume = Req::Payments(payments::Call::Pay(pay::Call::Resume(50)));
    let mut pending = qr_settled();
    pending["status"] = json!(1);
    respond(&mut m, resume, 200, json!({"data": [pending], "meta": {}}));
    ui(&mut m, PaymentsUi::CancelDeposit);
    assert!(address(&m).contains("modal=cancel-deposit"));
    let fx = ui(&mut m, PaymentsUi::DeclineInvoice { id: 50 });
    assert_eq!(http(&fx)[0].path, "/api/payment/invoices/50/decline");
    assert!(
        http(&ui(&mut m, PaymentsUi::DeclineInvoice { id: 50 })).is_empty(),
        "one decline at a time"
    );
    let mut declined = qr_settled();
    declined["status"] = json!(3);
    let fx = respond(
        &mut m,
        Req::Payments(payments::Call::Pay(pay::Call::Decline(50))),
        200,
        declined,
    );
    assert!(fx.contains(&Effect::StoreSession {
        key: "asyncInvoiceId".into(),
        value: None
    }));
    let v = view(&m).payment;
    assert_eq!(v.stage, pay::Stage::Form);
    assert_eq!(v.async_id, None);
}

#[test]
fn a_withdrawal_above_the_balance_is_refused_locally() {
    let mut m = player(Boot::default());
    ui(
        &mut m,
        AppUi::Navigate {
            path: "/?modal=wallet&wallet=withdraw".into(),
        },
    );
    respond(
        &mut m,
        methods_req(Direction::Withdrawal, "USD"),
        200,
        json!([{"name": "E-wallets",
        "paymentMethods": [{"id": "skrill.withdrawal.skrill", "name": "Skrill", "minAmount": "10.00", "maxAmount": "3000.00"}]}]),
    );
    ui(
        &mut m,
        PaymentsUi::PayInput {
            field: "amount".into(),
            value: "150".into(),
        },
    );
    assert!(http(&ui(&mut m, PaymentsUi::Pay)).is_empty());
    assert_eq!(
        view(&m).payment.errors.get("amount").map(String::as_str),
        Some("The amount is more than your balance")
    );
    ui(
        &mut m,
        PaymentsUi::PayInput {
            field: "amount".into(),
            value: "40".into(),
        },
    );
    let fx = ui(&mut m, PaymentsUi::Pay);
    assert_eq!(http(&fx)[0].path, "/api/payment/invoices/withdrawal");
}

#[test]
fn the_equivalent_is_shown_for_crypto_only_rounded_to_cents() {
    let mut m = player(Boot {
        stored: croupier_core::app::stored::Kept::default()
            .with(croupier_core::app::features::wallet::EQUIVALENT, "EUR"),
        ..Boot::default()
    });
    let v = view(&m).payment;
    let btc = v.accounts.iter().find(|a| a.currency == "BTC").unwrap();
    // 0.01234567 * 65000 / 1.08 = 743.03...
    assert_eq!(btc.equivalent.as_deref(), Some("743.03"));
    let usd = v.accounts.iter().find(|a| a.currency == "USD").unwrap();
    assert_eq!(usd.equivalent, None);
    let fx = ui(&mut m, WalletUi::SetEquivalent { currency: None });
    assert!(fx.contains(&Effect::StoreLocal {
        key: "equivalentCurrency".into(),
        value: None
    }));
    assert!(view(&m)
        .payment
        .accounts
        .iter()
        .all(|a| a.equivalent.is_none()));
    ui(
        &mut m,
        PaymentsUi::WalletTab {
            tab: pay::AccountTab::Crypto,
        },
    );
    assert_eq!(view(&m).payment.accounts.len(), 1);
}

#[test]
fn history_filters_use_brackets_and_pages() {
    let mut m = player(Boot::default());
    let fx = ui(
        &mut m,
        AppUi::Navigate {
            path: "/wallet/history".into(),
        },
    );
    let paths: Vec<&str> = http(&fx).iter().map(|h| h.path.as_str()).collect();
    assert!(
        paths.contains(&"/api/payment/invoices")
            && paths.contains(&"/api/payment/invoices/statistics"),
        "{paths:?}"
    );
    let fx = ui(
        &mut m,
        PaymentsUi::HistoryFilter {
            filter: Filter {
                kind: "deposit".into(),
                statuses: vec![3, 2, 9],
                date_from: "2026-01-01".into(),
                date_to: "bad".into(),
            },
        },
    );
    let q = &http(&fx)[0].query;
    let pairs: Vec<(&str, &str)> = q.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    assert_eq!(
        pairs,
        vec![
            ("page", "1"),
            ("perPage", "10"),
            ("type", "deposit"),
            ("status[]", "2"),
            ("status[]", "3"),
            ("dateFrom", "2026-01-01")
        ]
    );
    let filter = m.f.payments.history.filter.clone();
    let req = Req::Payments(payments::Call::History(payments::history::Call::Invoices {
        filter,
        page: 1,
    }));
    respond(
        &mut m,
        req,
        200,
        json!({"data": [invoice(9, 2, "5.00", Some(1))], "meta": {"page": 1, "totalPages": 3, "totalRows": 21}}),
    );
    let h = view(&m).history;
    assert_eq!((h.items.len(), h.total_pages, h.loaded), (1, 3, true));
    assert_eq!(h.items[0].amount.amount, "5.00");
    let fx = ui(&mut m, PaymentsUi::HistoryPage { page: 2 });
    assert!(http(&fx)[0]
        .query
        .contains(&("page".to_string(), "2".to_string())));
    assert!(
        http(&ui(&mut m, PaymentsUi::HistoryPage { page: 9 })).is_empty(),
        "past the last page"
    );
}

/// The transactions tab keeps its filters and page in the address (issue 29): the filter form
/// and the pager push an address, a reload (a boot at that address) shows the same list, and
/// the other tabs of the page ask for no invoices.
#[test]
fn the_transactions_filters_and_page_live_in_the_address() {
    let mut m = player(Boot::default());
    ui(
        &mut m,
        AppUi::Navigate {
            path: "/pt-br/wallet/history".into(),
        },
    );
    let fx = ui(
        &mut m,
        PaymentsUi::HistoryFilter {
            filter: Filter {
                kind: "withdrawal".into(),
                statuses: vec![3, 1],
                date_from: "2026-01-01".into(),
                date_to: "2026-01-31".into(),
            },
        },
    );
    assert_eq!(
        m.shared.location.full_path(),
        "/pt-br/wallet/history?type=withdrawal&status=1,3&from=2026-01-01&to=2026-01-31"
    );
    let asked: Vec<String> = http(&fx).iter().map(|h| h.path.clone()).collect();
    assert_eq!(
        asked,
        vec!["/api/payment/invoices".to_string()],
        "the new filter's first page, once"
    );
    let filter = m.f.payments.history.filter.clone();
    respond(
        &mut m,
        Req::Payments(payments::Call::History(payments::history::Call::Invoices {
            filter: filter.clone(),
            page: 1,
        })),
        200,
        json!({"data": [], "meta": {"page": 1, "totalPages": 3, "totalRows": 25}}),
    );
    ui(&mut m, PaymentsUi::HistoryPage { page: 2 });
    let url = m.shared.location.full_path();
    assert!(url.ends_with("&page=2"), "{url}");
    // The same filter again changes nothing.
    assert!(http(&ui(
        &mut m,
        PaymentsUi::HistoryFilter {
            filter: filter.clone()
        }
    ))
    .is_empty());

    // A reload at that address: the same filter and page are asked for.
    let mut again = Model::new(Config::default());
    update(
        &mut again,
        Event::Booted {
            token: Some(token(3600, "a")),
            path: url.clone(),
            boot: Boot::default(),
        },
        NOW,
    );
    respond(
        &mut again,
        req::profile(),
        200,
        json!({"id": 7, "email": "a@b.c"}),
    );
    let h = &again.f.payments.history;
    assert_eq!((&h.filter, h.page, h.loading), (&filter, 2, true));

    // Junk in the address means "all"; another tab asks no invoices, even after a reconnect.
    assert_eq!(
        Filter::from_query(&[
            ("type".into(), "bribe".into()),
            ("status".into(), "7,x,2".into()),
            ("from".into(), "yesterday".into()),
        ]),
        Filter {
            statuses: vec![2],
            ..Filter::default()
        }
    );
    let fx = ui(
        &mut m,
        AppUi::Navigate {
            path: "/pt-br/wallet/history?tab=bets".into(),
        },
    );
    assert!(!http(&fx)
        .iter()
        .any(|h| h.path.starts_with("/api/payment/invoices")));
    assert!(!m.f.payments.history.shown);
}

#[test]
fn signing_out_clears_the_players_payment_state() {
    let mut m = player(Boot::default());
    open_deposit(&mut m);
    type_card_deposit(&mut m, "25");
    ui(
        &mut m,
        croupier_core::app::features::session::SessionUi::SignOut,
    );
    let v = view(&m).payment;
    assert!(v.values.is_empty() && v.groups.is_empty() && v.accounts.is_empty());
}

#[test]
fn an_empty_required_field_shows_its_message_after_pay() {
    let mut m = player(Boot::default());
    open_deposit(&mut m);
    ui(
        &mut m,
        PaymentsUi::PayMethod {
            id: "card.deposit.visa".into(),
        },
    );
    ui(
        &mut m,
        PaymentsUi::PayInput {
            field: "amount".into(),
            value: "5".into(),
        },
    );
    assert!(http(&ui(&mut m, PaymentsUi::Pay)).is_empty());
    let v = view(&m).payment;
    assert_eq!(
        v.errors.get("card_number").map(String::as_str),
        Some("This field is required"),
        "{:?}",
        v.errors
    );
}

/// A player with `prefs` on the wallet history page, and the invoices call it made.
fn on_history(prefs: Boot) -> (Model, Req) {
    let mut m = player(prefs);
    ui(
        &mut m,
        AppUi::Navigate {
            path: "/wallet/history".into(),
        },
    );
    let req = Req::Payments(payments::Call::History(payments::history::Call::Invoices {
        filter: m.f.payments.history.filter.clone(),
        page: 1,
    }));
    (m, req)
}

#[test]
fn the_history_says_which_invoices_the_player_can_take_back() {
    let (mut m, req) = on_history(Boot::default());
    assert!(
        m.calls.id_of(&req).is_some(),
        "the history page asks for the invoices"
    );
    let qr = |id: u64, status: u8| {
        let mut i = qr_settled();
        i["id"] = json!(id);
        i["status"] = json!(status);
        i
    };
    let mut withdrawal = invoice(3, 1, "5.00", None);
    withdrawal["type"] = json!(2);
    let mut paid_out = withdrawal.clone();
    paid_out["id"] = json!(4);
    paid_out["status"] = json!(2);
    respond(
        &mut m,
        req,
        200,
        json!({"data": [invoice(1, 1, "5.00", None), qr(2, 1), withdrawal, paid_out, qr(5, 3)],
               "meta": {"page": 1, "totalPages": 1, "totalRows": 5}}),
    );
    let can: Vec<(u64, bool)> = view(&m)
        .history
        .items
        .iter()
        .map(|i| (i.id, i.can_decline))
        .collect();
    // A pending card deposit is the provider's; a pending QR deposit and a pending withdrawal
    // can be taken back; nothing settled can.
    assert_eq!(
        can,
        [(1, false), (2, true), (3, true), (4, false), (5, false)]
    );
}

#[test]
fn the_history_filter_event_reads_its_statuses() {
    use croupier_core::app::UiEvent;
    let read = |filter: serde_json::Value| {
        UiEvent::read_now(json!({"type": "historyFilter", "filter": filter}))
    };
    let filter = |statuses: Vec<u8>| -> UiEvent {
        PaymentsUi::HistoryFilter {
            filter: Filter {
                statuses,
                ..Filter::default()
            },
        }
        .into()
    };
    assert_eq!(read(json!({"statuses": [1, 3]})), Ok(filter(vec![1, 3])));
    assert_eq!(
        read(json!({})),
        Ok(filter(Vec::new())),
        "absent is no filter"
    );
    assert!(read(json!({"statuses": [300]})).is_err());
    assert!(read(json!({"statuses": "1"})).is_err());
}

#[test]
fn the_history_shows_each_time_in_the_devices_zone_with_its_own_offset() {
    let (mut m, req) = on_history(Boot {
        zone: support::berlin(),
        ..Boot::default()
    });
    let at = |id: u64, secs: i64| {
        let mut i = invoice(id, 2, "5.00", None);
        i["createdAt"] = json!(secs);
        i
    };
    respond(
        &mut m,
        req,
        200,
        json!({"data": [at(1, support::JAN_15_2330Z), at(2, support::JUL_15_2330Z)],
               "meta": {"page": 1, "totalPages": 1, "totalRows": 2}}),
    );
    let rows: Vec<(String, String)> = view(&m)
        .history
        .items
        .iter()
        .map(|i| (i.created_text.clone(), i.created_iso.clone()))
        .collect();
    // Berlin: UTC+1 in January, UTC+2 in July (not one offset for both); the ISO text stays UTC.
    assert_eq!(
        rows,
        [
            (
                "16.01.26, 00:30".to_string(),
                "2026-01-15T23:30:00.000Z".to_string()
            ),
            (
                "16.07.26, 01:30".to_string(),
                "2026-07-15T23:30:00.000Z".to_string()
            )
        ]
    );
}
