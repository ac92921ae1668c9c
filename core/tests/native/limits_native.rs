//! Responsible gaming (issue 14): the limits page's list, add / edit-with-confirm / remove-
//! with-confirm flows, the advanced-mode rule (SPEC §9), bad input, and 13100 reloading the
//! limits (SPEC §8).

use crate::support;

use croupier_core::app::effect::Method;
use croupier_core::app::features::limits::{self, LimitsUi};
use croupier_core::app::features::payments;
use croupier_core::app::{update, view, AppUi, Boot, Config, Event, FormId, FormValue, Model, Req};
use serde_json::json;
use support::{http, req, respond, ui, NOW};

const CURRENCIES: &str = r#"[
    {"code":"USD","type":"fiat","symbol":"$","subunitToUnit":100,"rate":{"rate":"1"}},
    {"code":"BTC","type":"crypto","symbol":"₿","subunitToUnit":100000000,"rate":{"rate":"65000.00"}}
]"#;

fn list() -> Req {
    Req::Limits(limits::Call::List)
}

fn player_on(path: &str) -> Model {
    player_with(path, Boot::default())
}

fn player_with(path: &str, prefs: Boot) -> Model {
    let mut m = support::booted_with_token(path, prefs);
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
        json!({"id": 7, "email": "a@b.c"}),
    );
    respond(
        &mut m,
        req::accounts(),
        200,
        json!([{"id": 1, "currency": "USD", "balance": "100.00", "status": 1}]),
    );
    m
}

fn limit(
    id: u64,
    def: u8,
    period: &str,
    amount: Option<&str>,
    cur: Option<&str>,
) -> serde_json::Value {
    json!({"id": id, "definition": def, "period": period, "amount": amount, "currency": cur,
           "createdAt": 1, "activeUntil": if def > 3 { json!(1_900_000_000) } else { json!(null) }})
}

fn input(m: &mut Model, form: FormId, field: &str, value: &str) {
    ui(
        m,
        AppUi::FormInput {
            form,
            field: field.into(),
            value: FormValue::Text(value.into()),
        },
    );
}

fn on_limits_page() -> Model {
    let mut m = player_on("/profile/limits");
    respond(
        &mut m,
        list(),
        200,
        json!([
            limit(5, 3, "daily", Some("50.00"), Some("USD")),
            limit(6, 4, "weekly", None, None),
            {"id": 9, "definition": 8, "period": "daily"},
        ]),
    );
    m
}

#[test]
fn the_page_loads_the_limits_by_definition() {
    let m = player_on("/profile/limits");
    assert!(
        m.calls.id_of(&list()).is_some(),
        "the page asks for the limits"
    );
    assert!(view(&m).limits.loading);
    let m = on_limits_page();
    let v = view(&m).limits;
    assert!(!v.loading);
    let names: Vec<&str> = v.sections.iter().map(|s| s.name).collect();
    assert_eq!(
        names,
        ["bet", "loss", "deposit", "selfExclusion", "coolingOff"]
    );
    // The view's rules come with the slice: which kinds have amounts and which refuse play.
    let shapes: Vec<(bool, bool)> = v
        .sections
        .iter()
        .map(|s| (s.has_amount, s.blocks_play))
        .collect();
    assert_eq!(
        shapes,
        [
            (true, true),
            (true, true),
            (true, false),
            (false, true),
            (false, true)
        ]
    );
    let deposit = &v.sections[2];
    assert_eq!(deposit.items.len(), 1);
    assert_eq!(deposit.items[0].amount.as_deref(), Some("50.00"));
    assert_eq!(
        (deposit.items[0].name, deposit.items[0].has_amount),
        ("deposit", true)
    );
    let exclusion = &v.sections[3].items[0];
    assert_eq!(exclusion.until, Some(1_900_000_000));
    assert_eq!(
        (exclusion.name, exclusion.has_amount),
        ("selfExclusion", false)
    );
    // An unknown definition is left out, not shown as something it is not.
    assert_eq!(v.sections.iter().map(|s| s.items.len()).sum::<usize>(), 2);
    assert_eq!(v.currencies, ["USD", "BTC"]);

    // Elsewhere the limits are not loaded.
    let m = player_on("/");
    assert!(m.calls.id_of(&list()).is_none());
}

#[test]
fn adding_a_limit_checks_the_amount_then_posts_it() {
    let mut m = on_limits_page();
    ui(
        &mut m,
        LimitsUi::LimitAdd {
            definition: 1,
            period: Some("weekly".into()),
            currency: Some("USD".into()),
        },
    );
    assert_eq!(
        view(&m).nav.modal.map(|x| x.id).as_deref(),
        Some("add-limit")
    );
    for bad in ["", "abc", "0", "-3", "1.005"] {
        input(&mut m, FormId::LimitAdd, "amount", bad);
        let fx = ui(
            &mut m,
            AppUi::FormSubmit {
                form: FormId::LimitAdd,
            },
        );
        assert!(http(&fx).is_empty(), "{bad:?} is refused before sending");
        let f = &view(&m).forms[&FormId::LimitAdd];
        assert!(f.errors.contains_key("amount"), "{bad:?}");
        assert_eq!(
            f.values.get("period"),
            Some(&FormValue::Text("weekly".into()))
        );
    }
    input(&mut m, FormId::LimitAdd, "amount", "25.5");
    let fx = ui(
        &mut m,
        AppUi::FormSubmit {
            form: FormId::LimitAdd,
        },
    );
    let sent = http(&fx);
    assert_eq!(sent.len(), 1);
    assert_eq!(sent[0].method, Method::Post);
    assert_eq!(sent[0].path, "/api/player/limits");
    assert_eq!(
        sent[0].body,
        Some(json!({"definition": 1, "period": "weekly", "currency": "USD", "amount": "25.5"}))
    );
    // The server refuses: its message goes under the field, the typed amount stays.
    respond(
        &mut m,
        Req::Limits(limits::Call::Add),
        422,
        json!({"code": "validation_failed", "message": "The given data was invalid.",
               "errors": {"period": ["You already have a weekly bet limit in USD."]}}),
    );
    let f = &view(&m).forms[&FormId::LimitAdd];
    assert_eq!(
        f.errors.get("period").unwrap(),
        "You already have a weekly bet limit in USD."
    );
    assert_eq!(
        f.values.get("amount"),
        Some(&FormValue::Text("25.5".into()))
    );
    input(&mut m, FormId::LimitAdd, "period", "monthly");
    ui(
        &mut m,
        AppUi::FormSubmit {
            form: FormId::LimitAdd,
        },
    );
    respond(
        &mut m,
        Req::Limits(limits::Call::Add),
        201,
        limit(11, 1, "monthly", Some("25.50"), Some("USD")),
    );
    let v = view(&m);
    assert!(v.nav.modal.is_none());
    assert_eq!(v.limits.sections[0].items[0].id, 11);

    // Self-exclusion has no amount or currency.
    ui(
        &mut m,
        LimitsUi::LimitAdd {
            definition: 5,
            period: None,
            currency: Some("USD".into()),
        },
    );
    input(&mut m, FormId::LimitAdd, "period", "daily");
    let fx = ui(
        &mut m,
        AppUi::FormSubmit {
            form: FormId::LimitAdd,
        },
    );
    assert_eq!(
        http(&fx)[0].body,
        Some(json!({"definition": 5, "period": "daily"}))
    );
}

#[test]
fn an_edit_is_sent_only_after_the_confirmation() {
    let mut m = on_limits_page();
    ui(&mut m, LimitsUi::LimitEdit { id: 5 });
    let v = view(&m);
    let modal = v.nav.modal.unwrap();
    assert_eq!(modal.id, "edit-limit");
    assert_eq!(modal.params.get("limitId").map(String::as_str), Some("5"));
    assert_eq!(v.limits.selected.unwrap().id, 5);
    let f = &v.forms[&FormId::LimitEdit];
    assert_eq!(
        f.values.get("amount"),
        Some(&FormValue::Text("50.00".into()))
    );
    input(&mut m, FormId::LimitEdit, "amount", "20");
    let fx = ui(
        &mut m,
        AppUi::FormSubmit {
            form: FormId::LimitEdit,
        },
    );
    assert!(
        http(&fx).is_empty(),
        "nothing is sent before the confirmation"
    );
    let v = view(&m);
    assert_eq!(v.nav.modal.unwrap().id, "confirm-limit-update");
    let p = v.limits.pending.unwrap();
    assert_eq!(
        (p.limit.amount.as_deref(), p.amount.as_deref()),
        (Some("50.00"), Some("20"))
    );
    assert!(!p.applies_later, "a lower amount applies at once");
    // Back to the form keeps what was typed.
    ui(&mut m, AppUi::ModalOpened);
    ui(&mut m, LimitsUi::LimitUpdateBack);
    assert_eq!(view(&m).nav.modal.unwrap().id, "edit-limit");
    assert_eq!(
        view(&m).forms[&FormId::LimitEdit].values.get("amount"),
        Some(&FormValue::Text("20".into()))
    );
    ui(&mut m, AppUi::ModalOpened);
    ui(
        &mut m,
        AppUi::FormSubmit {
            form: FormId::LimitEdit,
        },
    );
    ui(&mut m, AppUi::ModalOpened);
    let fx = ui(&mut m, LimitsUi::LimitUpdateConfirm);
    let sent = http(&fx);
    assert_eq!(sent[0].method, Method::Put);
    assert_eq!(sent[0].path, "/api/player/limits/5");
    assert_eq!(
        sent[0].body,
        Some(json!({"period": "daily", "amount": "20"}))
    );
    assert!(view(&m).limits.busy);
    respond(
        &mut m,
        Req::Limits(limits::Call::Update(5)),
        200,
        limit(5, 3, "daily", Some("20.00"), Some("USD")),
    );
    let v = view(&m);
    assert!(v.nav.modal.is_none());
    assert_eq!(
        v.limits.sections[2].items[0].amount.as_deref(),
        Some("20.00")
    );
}

#[test]
fn the_confirmation_says_when_a_change_loosens_the_limit() {
    // The daily deposit limit of 50.00 raised to 80: it applies 24 hours later.
    let mut m = on_limits_page();
    ui(&mut m, LimitsUi::LimitEdit { id: 5 });
    input(&mut m, FormId::LimitEdit, "amount", "80");
    ui(
        &mut m,
        AppUi::FormSubmit {
            form: FormId::LimitEdit,
        },
    );
    let p = view(&m).limits.pending.unwrap();
    assert_eq!(p.amount.as_deref(), Some("80"));
    assert!(p.applies_later);
}

#[test]
fn a_tightening_allows_no_more_in_any_window() {
    use croupier_core::domain::limit::{is_tightening, LimitPeriod::*};
    // (old period, old amount, new period, new amount, tightening)
    let cases = [
        (Daily, "50.00", Daily, "20", true),
        (Daily, "50.00", Daily, "50", true),
        (Daily, "50.00", Daily, "50.01", false),
        // The same amount over a longer window allows less; over a shorter one, more.
        (Daily, "50.00", Weekly, "50", true),
        (Weekly, "50.00", Monthly, "50", true),
        (Monthly, "50.00", Weekly, "50", false),
        (Weekly, "50.00", Daily, "10", false),
        // What cannot be read is treated as a loosening: the player is warned.
        (Daily, "50.00", Daily, "ten", false),
        (Daily, "", Daily, "10", false),
    ];
    for (op, oa, np, na, want) in cases {
        assert_eq!(
            is_tightening(op, oa, np, na),
            want,
            "{oa} {op:?} -> {na} {np:?}"
        );
    }
}

#[test]
fn a_refused_edit_goes_back_to_the_form_with_the_reason() {
    let mut m = on_limits_page();
    ui(&mut m, LimitsUi::LimitEdit { id: 5 });
    input(&mut m, FormId::LimitEdit, "period", "weekly");
    ui(&mut m, AppUi::ModalOpened);
    ui(
        &mut m,
        AppUi::FormSubmit {
            form: FormId::LimitEdit,
        },
    );
    ui(&mut m, AppUi::ModalOpened);
    ui(&mut m, LimitsUi::LimitUpdateConfirm);
    respond(
        &mut m,
        Req::Limits(limits::Call::Update(5)),
        422,
        json!({"code": "validation_failed", "message": "x",
               "errors": {"period": ["You already have a weekly deposit limit in USD."]}}),
    );
    let v = view(&m);
    assert_eq!(v.nav.modal.unwrap().id, "edit-limit");
    let f = &v.forms[&FormId::LimitEdit];
    assert_eq!(
        f.errors.get("period").unwrap(),
        "You already have a weekly deposit limit in USD."
    );
    assert_eq!(
        f.values.get("period"),
        Some(&FormValue::Text("weekly".into()))
    );
}

#[test]
fn removal_asks_first_and_a_running_exclusion_cannot_be_removed() {
    let mut m = on_limits_page();
    // Self-exclusion (id 6) runs: no removal is offered.
    ui(&mut m, LimitsUi::LimitRemove { id: 6 });
    assert!(view(&m).nav.modal.is_none());
    ui(&mut m, LimitsUi::LimitRemove { id: 5 });
    let v = view(&m);
    assert_eq!(v.nav.modal.unwrap().id, "confirm-delete-limit");
    assert_eq!(v.limits.selected.unwrap().id, 5);
    ui(&mut m, AppUi::ModalOpened);
    let fx = ui(&mut m, LimitsUi::LimitRemoveConfirm);
    assert_eq!(http(&fx)[0].method, Method::Delete);
    assert_eq!(http(&fx)[0].path, "/api/player/limits/5");
    // A second click while it runs sends nothing more.
    assert!(http(&ui(&mut m, LimitsUi::LimitRemoveConfirm)).is_empty());
    respond(&mut m, Req::Limits(limits::Call::Remove(5)), 200, json!({}));
    let v = view(&m);
    assert!(v.nav.modal.is_none());
    assert!(v.limits.sections[2].items.is_empty());
}

#[test]
fn advanced_mode_follows_the_rule_until_the_player_chooses() {
    let mut m = player_on("/profile/limits");
    let mut all = vec![];
    for (i, p) in ["daily", "weekly", "monthly"].iter().enumerate() {
        for (j, c) in ["USD", "BTC"].iter().enumerate() {
            all.push(limit((i * 2 + j + 1) as u64, 1, p, Some("1"), Some(c)));
        }
    }
    // Loss: two periods only.
    all.push(limit(20, 2, "daily", Some("1"), Some("USD")));
    all.push(limit(21, 2, "weekly", Some("1"), Some("USD")));
    // Deposit: three periods, one currency missing in one of them.
    all.push(limit(30, 3, "daily", Some("1"), Some("USD")));
    all.push(limit(31, 3, "daily", Some("1"), Some("BTC")));
    all.push(limit(32, 3, "weekly", Some("1"), Some("USD")));
    all.push(limit(33, 3, "weekly", Some("1"), Some("BTC")));
    all.push(limit(34, 3, "monthly", Some("1"), Some("USD")));
    respond(&mut m, list(), 200, json!(all));
    let v = view(&m).limits;
    let flags: Vec<(bool, bool)> = v.sections[..3]
        .iter()
        .map(|s| (s.advanced_available, s.advanced))
        .collect();
    assert_eq!(flags, [(true, true), (false, false), (false, false)]);
    ui(
        &mut m,
        LimitsUi::LimitsAdvanced {
            definition: 1,
            on: false,
        },
    );
    ui(
        &mut m,
        LimitsUi::LimitsAdvanced {
            definition: 3,
            on: true,
        },
    );
    let v = view(&m).limits;
    assert!(!v.sections[0].advanced && v.sections[2].advanced);
    assert!(
        !v.sections[3].advanced,
        "self-exclusion has no advanced mode"
    );
}

#[test]
fn a_deposit_refused_with_13100_reloads_the_limits() {
    let mut m = on_limits_page();
    assert!(m.calls.id_of(&list()).is_none());
    ui(
        &mut m,
        AppUi::Navigate {
            path: "/profile/limits?modal=wallet&wallet=deposit".into(),
        },
    );
    let methods = Req::Payments(payments::Call::Pay(payments::pay::Call::Methods {
        dir: croupier_core::domain::payment::Direction::Deposit,
        currency: "USD".into(),
        country: None,
    }));
    respond(
        &mut m,
        methods,
        422,
        json!({"code": "13100", "message": "You have a self-exclusion in place until 2026-12-02 10:00 UTC: deposits and play are closed until then.", "errors": {}}),
    );
    assert!(m.calls.id_of(&list()).is_some(), "the limits are reloaded");
    let p = view(&m).payment;
    assert!(p.deposit_limit);
    assert!(p.message.unwrap().contains("until 2026-12-02"));
}

#[test]
fn signing_out_forgets_the_limits() {
    let mut m = on_limits_page();
    ui(
        &mut m,
        croupier_core::app::features::session::SessionUi::SignOut,
    );
    let v = view(&m).limits;
    assert!(v.sections.iter().all(|s| s.items.is_empty()));
}

#[test]
fn the_view_events_are_read_from_their_derived_type() {
    use croupier_core::app::UiEvent;
    let read = |v: serde_json::Value| UiEvent::read_now(v);
    assert_eq!(
        read(json!({"type": "limitAdd", "definition": 3, "period": null})),
        Ok(LimitsUi::LimitAdd {
            definition: 3,
            period: None,
            currency: None
        }
        .into())
    );
    assert_eq!(
        read(json!({"type": "limitAdd", "definition": 2, "period": "daily", "currency": "USD"})),
        Ok(LimitsUi::LimitAdd {
            definition: 2,
            period: Some("daily".into()),
            currency: Some("USD".into())
        }
        .into())
    );
    assert_eq!(
        read(json!({"type": "limitsAdvanced", "definition": 1, "on": true})),
        Ok(LimitsUi::LimitsAdvanced {
            definition: 1,
            on: true
        }
        .into())
    );
    assert_eq!(
        read(json!({"type": "limitEdit", "id": 4})),
        Ok(LimitsUi::LimitEdit { id: 4 }.into())
    );
    assert!(read(json!({"type": "limitEdit", "id": -1}))
        .unwrap_err()
        .contains("id"));
    assert!(read(json!({"type": "limitsAdvanced", "definition": 1}))
        .unwrap_err()
        .contains("on"));
    assert!(read(json!({"type": "limitAdd", "definition": 300}))
        .unwrap_err()
        .contains("definition"));
}

#[test]
fn a_guest_is_asked_to_sign_in_and_nothing_is_sent() {
    let mut m = Model::new(Config::default());
    update(
        &mut m,
        Event::Booted {
            token: None,
            path: "/profile/limits?modal=add-limit".into(),
            boot: Boot::default(),
        },
        NOW,
    );
    assert!(m.calls.id_of(&list()).is_none());
    assert!(http(&ui(
        &mut m,
        LimitsUi::LimitAdd {
            definition: 1,
            period: None,
            currency: None
        }
    ))
    .is_empty());
    input(&mut m, FormId::LimitAdd, "definition", "3");
    input(&mut m, FormId::LimitAdd, "period", "daily");
    input(&mut m, FormId::LimitAdd, "currency", "USD");
    input(&mut m, FormId::LimitAdd, "amount", "10");
    let fx = ui(
        &mut m,
        AppUi::FormSubmit {
            form: FormId::LimitAdd,
        },
    );
    assert!(http(&fx).is_empty());
    let v = view(&m);
    assert_eq!(v.nav.modal.map(|x| x.id).as_deref(), Some("sign-in"));
    assert_eq!(
        v.forms[&FormId::LimitAdd].values.get("amount"),
        Some(&FormValue::Text("10".into()))
    );
}

#[test]
fn a_break_ends_at_a_time_shown_in_the_devices_zone() {
    let prefs = Boot {
        zone: support::berlin(),
        ..Boot::default()
    };
    let mut m = player_with("/profile/limits", prefs);
    let ends = |id: u64, def: u8, at: i64| json!({"id": id, "definition": def, "period": "weekly", "createdAt": 1, "activeUntil": at});
    respond(
        &mut m,
        list(),
        200,
        json!([
            limit(5, 3, "daily", Some("50.00"), Some("USD")),
            ends(6, 4, support::JAN_15_2330Z),
            ends(7, 5, support::JUL_15_2330Z),
        ]),
    );
    let v = view(&m).limits;
    // Winter in Berlin is UTC+1, summer UTC+2: both cross midnight into the 16th.
    assert_eq!(
        v.sections[3].items[0].until_text.as_deref(),
        Some("16.01.26, 00:30")
    );
    assert_eq!(
        v.sections[4].items[0].until_text.as_deref(),
        Some("16.07.26, 01:30")
    );
    // An amount limit has no end.
    assert_eq!(v.sections[2].items[0].until_text, None);
}
