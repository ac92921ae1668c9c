//! The platform's answers shared by features (`app::wire`), read by their serde derives with
//! the tolerance the SPEC asks of a client: unknown fields are ignored, an optional field that
//! is absent, `null` or of another type reads as its default, and only a required field that
//! is missing or wrong refuses the answer, naming it.

use croupier_core::app::wire::{
    Account, ApiError, Currency, Locale, LoginResponse, Profile, Rate, RefreshResponse,
    SubCurrency, Wire,
};
use serde_json::json;

#[test]
fn a_profile_takes_what_it_knows_and_defaults_the_rest() {
    let p = Profile::read(&json!({
        "id": 7, "nickname": null, "firstName": 5, "email": "a@b.c", "tgUserId": 5001,
        "isNewlyRegistered": "yes", "avatar": "a3.png", "somethingNew": {"x": 1}
    }))
    .unwrap();
    assert_eq!(
        p,
        Profile {
            id: 7,
            email: Some("a@b.c".into()),
            tg_user_id: Some("5001".into()),
            avatar: Some("a3.png".into()),
            ..Profile::default()
        }
    );
    assert_eq!(
        Profile::read(&json!({"tgUserId": "42"}))
            .unwrap()
            .tg_user_id,
        Some("42".into())
    );
    assert_eq!(Profile::read(&json!({"id": "x"})).unwrap().id, 0);
    assert!(Profile::read(&json!("profile")).is_err());
}

#[test]
fn a_login_needs_its_token_and_a_profile() {
    let ok = LoginResponse::read(&json!({"accessToken": "t", "profile": {"id": 1}})).unwrap();
    assert_eq!(ok.access_token, "t");
    assert_eq!(ok.profile.id, 1);
    let e = LoginResponse::read(&json!({"profile": {"id": 1}})).unwrap_err();
    assert!(e.contains("accessToken"), "{e}");
    let e = LoginResponse::read(&json!({"accessToken": "t"})).unwrap_err();
    assert!(e.contains("profile"), "{e}");
    assert_eq!(
        RefreshResponse::read(&json!({"accessToken": "u", "expiresIn": 60})),
        Ok(RefreshResponse {
            access_token: "u".into()
        })
    );
}

#[test]
fn accounts_need_id_currency_and_balance() {
    let list = Vec::<Account>::read(&json!([
        {"id": 1, "currency": "USD", "balance": "1.50", "status": 1},
        {"id": 2, "currency": "BTC", "balance": "0", "status": "?"}
    ]))
    .unwrap();
    assert!(list[0].is_active());
    assert_eq!(list[1].status, 0, "an odd status is none");
    let e = Vec::<Account>::read(
        &json!([{"id": 1, "currency": "USD", "balance": "1"}, {"id": 2, "balance": "1"}]),
    )
    .unwrap_err();
    assert!(e.starts_with("[1]: ") && e.contains("currency"), "{e}");
    let e = Account::read(&json!({"id": "1", "currency": "USD", "balance": "1"})).unwrap_err();
    assert!(e.contains("string \"1\""), "{e}");
}

#[test]
fn currencies_skip_odd_sub_currencies_and_rates() {
    let c = Currency::read(&json!({
        "code": "BTC", "type": "crypto", "symbol": "₿", "rate": {"rate": "60000"},
        "subunitToUnit": 100_000_000u64, "subCurrencies": [{"code": "mBTC", "subunitToUnit": 1000}, "junk", 3],
        "isEnabled": true, "isBase": null
    }))
    .unwrap();
    assert!(c.is_crypto());
    assert_eq!(
        c,
        Currency {
            code: "BTC".into(),
            kind: "crypto".into(),
            symbol: "₿".into(),
            rate: Some(Rate {
                rate: "60000".into()
            }),
            subunit_to_unit: 100_000_000,
            sub_currencies: vec![SubCurrency {
                code: "mBTC".into(),
                subunit_to_unit: 1000
            }],
            is_enabled: Some(true),
            is_base: None,
        }
    );
    let odd = Currency::read(&json!({"code": "X", "rate": "1", "subCurrencies": "none"})).unwrap();
    assert_eq!((odd.rate, odd.sub_currencies), (None, vec![]));
    assert_eq!(
        Vec::<Locale>::read(&json!([{"code": "en", "isDefault": true, "name": 3}])),
        Ok(vec![Locale {
            code: "en".into(),
            name: None,
            is_default: true
        }])
    );
}

#[test]
fn an_api_error_keeps_the_messages_it_can_read() {
    let e = ApiError::read(&json!({
        "code": "validation_failed", "message": "Bad",
        "errors": {"email": ["taken", 3], "password": "short"}, "retryAfter": 30
    }))
    .unwrap();
    assert_eq!(e.code, "validation_failed");
    assert_eq!(e.errors.get("email"), Some(&vec!["taken".to_string()]));
    assert_eq!(e.errors.get("password"), Some(&vec![]));
    assert_eq!(e.retry_after, Some(30.0));
    let odd = ApiError::read(&json!({"code": 1, "errors": []})).unwrap();
    assert_eq!(odd, ApiError::default());
}

#[test]
fn a_limit_needs_a_known_definition_and_period() {
    use croupier_core::app::features::limits::Item;
    let item = Item::read(&json!({"id": 4, "definition": 3, "period": "daily", "amount": 50, "currency": "", "activeUntil": "soon"}))
        .expect("a limit");
    assert_eq!(item.id, 4);
    assert_eq!(
        item.amount.as_deref(),
        Some("50"),
        "a number amount as text"
    );
    assert_eq!(item.currency, None, "empty is none");
    assert_eq!(item.until, None);
    assert!(Item::read(&json!({"id": 4, "definition": 99, "period": "daily"})).is_none());
    assert!(Item::read(&json!({"id": 4, "definition": 3, "period": "hourly"})).is_none());
    assert!(Item::read(&json!({"definition": 3, "period": "daily"})).is_none());
}

#[test]
fn a_message_needs_a_whole_id_and_reads_the_rest_leniently() {
    use croupier_core::app::features::notifications::Note;
    let note = Note::read(&json!({"id": 9, "state": 2, "content": {"title": "Hi", "body": 5}, "createdAt": "2024-01-01"}))
        .expect("a message");
    assert_eq!(
        (note.id, note.state, note.title.as_str(), note.body.as_str()),
        (9, 2, "Hi", "")
    );
    assert!(!note.unread());
    let odd = Note::read(&json!({"id": 1, "state": 7, "content": "x"})).unwrap();
    assert_eq!((odd.state, odd.title.as_str()), (1, ""));
    assert!(Note::read(&json!({"id": -1})).is_none());
}

#[test]
fn bonuses_need_id_and_status_and_read_the_rest_loosely() {
    use croupier_core::app::features::bonuses::wire::{Code, Item, Kind, Package};
    let item = Item::read(
        &json!({"id": 5, "status": 1, "amount": 10.5, "currency": "USD", "wager": {"required": "50", "wagered": 5},
                "wagerCasinoConditions": {"gameIds": [1, "x", 3]}, "gameId": 9, "cancelLocked": "no"}),
        Kind::Bonus,
    )
    .expect("a bonus");
    assert_eq!(item.amount, "10.5", "a number amount as text");
    assert_eq!(
        (item.wager_required.as_str(), item.wagered.as_str()),
        ("50", "5")
    );
    assert_eq!(item.game_ids, vec![1, 3], "odd ids left out");
    assert!(!item.cancel_locked);
    assert_eq!(
        Item::read(&json!({"id": 5, "status": 1, "gameId": 9}), Kind::Freespin).map(|i| i.game_ids),
        Some(vec![9])
    );
    assert!(
        Item::read(&json!({"id": 5}), Kind::Bonus).is_none(),
        "no status"
    );
    assert!(Item::read(&json!({"id": 5, "status": 300}), Kind::Bonus).is_none());
    assert_eq!(
        Code::read(&json!({"playerBonusCodeId": 2, "bonusCode": "WELCOME", "status": 1})),
        Some(Code {
            id: 2,
            code: "WELCOME".into(),
            status: 1
        })
    );
    assert!(Code::read(&json!({"bonusCode": "WELCOME", "status": 1})).is_none());
    let p = Package::read(&json!({"package": {"id": 3, "percent": 100, "maxAmount": "200"},
        "triggerConditions": {"invoiceAmountItems": [{"currency": "USD", "amountFrom": "10"}, "junk"]}}))
    .expect("a package");
    assert_eq!(p.percent, "100");
    assert_eq!(
        p.from,
        vec![("USD".into(), "10".into()), (String::new(), String::new())]
    );
    assert!(Package::read(&json!({"triggerConditions": {}})).is_none());
}

#[test]
fn payment_answers_leave_out_what_does_not_read() {
    use croupier_core::app::features::payments::pay::wire::{
        InvoicePage, Method, MethodGroup, Statistic, WireInvoice,
    };
    let groups = MethodGroup::list(&json!([
        {"name": "Cards", "paymentMethods": [
            {"id": "card", "minAmount": 10, "maxAmount": "", "fields": [{"name": "pan", "type": "text"}, {"type": "x"}], "isAsync": "?"},
            {"name": "no id"}
        ]},
        "junk"
    ]))
    .expect("a list");
    assert_eq!(groups.len(), 1);
    let card = &groups[0].payment_methods;
    assert_eq!(card.len(), 1, "a method without an id is left out");
    assert_eq!(card[0].name, "card", "the name defaults to the id");
    assert_eq!(card[0].min_amount.as_deref(), Some("10"));
    assert_eq!(card[0].max_amount, None, "empty is none");
    assert_eq!(
        card[0].fields.len(),
        1,
        "a field without a name is left out"
    );
    assert!(!card[0].is_async);
    assert!(MethodGroup::list(&json!({"name": "Cards"})).is_none());
    assert_eq!(
        Method::read(&json!({"id": 7})).map(|m| m.id),
        Some("7".into())
    );

    let inv = WireInvoice::read(&json!({"id": 3, "status": 1, "amount": 5, "publicData": {"qr": "", "address": "a"}, "number": -1}))
        .expect("an invoice");
    assert!(inv.is_deposit(), "no type is a deposit");
    assert_eq!(
        (inv.amount.as_str(), inv.number, inv.qr()),
        ("5", None, None)
    );
    assert_eq!(inv.public_data.unwrap().address.as_deref(), Some("a"));
    assert!(WireInvoice::read(&json!({"id": 0, "status": 1})).is_none());
    assert!(WireInvoice::read(&json!({"id": 3, "status": 4})).is_none());
    assert_eq!(
        WireInvoice::read(&json!({"id": 3, "status": 2, "type": 2})).map(|i| i.is_deposit()),
        Some(false)
    );
    let page = InvoicePage::read(&json!({"data": [{"id": 1, "status": 2}, {"id": 2}], "meta": {"totalPages": 3, "totalRows": "?"}}))
        .expect("a page");
    assert_eq!(
        (page.data.len(), page.total_pages, page.total_rows),
        (1, 3, 0)
    );
    assert!(InvoicePage::read(&json!({"meta": {}})).is_none());
    let stats = Statistic::list(
        &json!([{"currency": "USD", "depositCount": 2, "depositSum": 30}, {"depositCount": 1}]),
    )
    .expect("a list");
    assert_eq!(stats.len(), 1, "a row without a currency is left out");
    assert_eq!(
        (stats[0].deposit_count, stats[0].deposit_sum.as_str()),
        (2, "30")
    );
}
