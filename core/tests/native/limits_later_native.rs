//! Issue 30: a loosened limit waits 24 h. The page shows the pending change with when it
//! applies, the success message says it applies later, a removal waits the same way, and
//! the pending change can be cancelled (the same PUT with the values in force).

use crate::support;

use croupier_core::app::effect::Method;
use croupier_core::app::features::limits::{self, LimitsUi};
use croupier_core::app::{update, view, AppUi, Boot, Config, Event, FormId, FormValue, Model, Req};
use serde_json::json;
use support::{http, req, respond, token, ui, NOW};

const AT: i64 = 1_900_086_400;

fn on_limits_page(limit: serde_json::Value) -> Model {
    let mut m = Model::new(Config::default());
    update(
        &mut m,
        Event::Booted {
            token: Some(token(3600, "a")),
            path: "/profile/limits".into(),
            boot: Boot::default(),
        },
        NOW,
    );
    respond(
        &mut m,
        req::currencies(),
        200,
        json!([{"code":"USD","type":"fiat","symbol":"$","subunitToUnit":100,"rate":{"rate":"1"}}]),
    );
    respond(
        &mut m,
        req::profile(),
        200,
        json!({"id": 7, "email": "a@b.c"}),
    );
    respond(&mut m, Req::Limits(limits::Call::List), 200, json!([limit]));
    m
}

fn deposit(pending: serde_json::Value) -> serde_json::Value {
    json!({"id": 5, "definition": 3, "period": "daily", "amount": "100.00", "currency": "USD",
           "createdAt": 1, "activeUntil": null, "pending": pending})
}

fn toasts(m: &Model) -> String {
    format!("{:?}", m.f.toasts.queue)
}

#[test]
fn the_page_shows_the_pending_change_and_when_it_applies() {
    let raise = json!({"period": "daily", "amount": "100000.00", "appliesAt": AT});
    let m = on_limits_page(deposit(raise));
    let item = &view(&m).limits.sections[2].items[0];
    assert_eq!(item.amount.as_deref(), Some("100.00"), "the limit in force");
    let later = item.later.as_ref().expect("pending change shown");
    assert_eq!(later.amount.as_deref(), Some("100000.00"));
    assert_eq!(later.period, Some("daily"));
    assert_eq!(later.applies_at, AT);
    assert_eq!(
        later.applies_text, "18.03.30, 17:46",
        "SPEC §9 date-time (UTC here)"
    );

    let removal = json!({"period": null, "amount": null, "appliesAt": AT});
    let m = on_limits_page(deposit(removal));
    let later = view(&m).limits.sections[2].items[0].later.clone().unwrap();
    assert_eq!((later.period, later.amount), (None, None), "a removal");

    // No pending change, or one that cannot be read, shows none; the limit stays.
    for odd in [json!(null), json!({"amount": "5"}), json!("soon")] {
        let m = on_limits_page(deposit(odd.clone()));
        let items = &view(&m).limits.sections[2].items;
        assert_eq!(items.len(), 1, "{odd}");
        assert_eq!(items[0].later, None, "{odd}");
    }
}

#[test]
fn a_raise_answered_as_pending_says_it_applies_in_24_hours() {
    let mut m = on_limits_page(deposit(json!(null)));
    ui(&mut m, LimitsUi::LimitEdit { id: 5 });
    ui(
        &mut m,
        AppUi::FormInput {
            form: FormId::LimitEdit,
            field: "amount".into(),
            value: FormValue::Text("100000".into()),
        },
    );
    ui(&mut m, AppUi::ModalOpened);
    ui(
        &mut m,
        AppUi::FormSubmit {
            form: FormId::LimitEdit,
        },
    );
    ui(&mut m, AppUi::ModalOpened);
    ui(&mut m, LimitsUi::LimitUpdateConfirm);
    let raise = json!({"period": "daily", "amount": "100000.00", "appliesAt": AT});
    respond(
        &mut m,
        Req::Limits(limits::Call::Update(5)),
        200,
        deposit(raise),
    );
    assert!(toasts(&m).contains("alerts.limitLater"), "{}", toasts(&m));
    assert!(!toasts(&m).contains("alerts.limitUpdated"));
    let item = &view(&m).limits.sections[2].items[0];
    assert_eq!(item.amount.as_deref(), Some("100.00"));
    assert_eq!(item.later.as_ref().unwrap().applies_at, AT);

    // A tighter change answered without one is simply "changed".
    let mut m = on_limits_page(deposit(json!(null)));
    ui(&mut m, LimitsUi::LimitEdit { id: 5 });
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
        200,
        deposit(json!(null)),
    );
    assert!(toasts(&m).contains("alerts.limitUpdated"));
    assert!(!toasts(&m).contains("alerts.limitLater"));
}

#[test]
fn a_removal_answered_as_pending_keeps_the_limit_shown() {
    let mut m = on_limits_page(deposit(json!(null)));
    ui(&mut m, LimitsUi::LimitRemove { id: 5 });
    ui(&mut m, AppUi::ModalOpened);
    ui(&mut m, LimitsUi::LimitRemoveConfirm);
    let removal = json!({"period": null, "amount": null, "appliesAt": AT});
    respond(
        &mut m,
        Req::Limits(limits::Call::Remove(5)),
        200,
        deposit(removal),
    );
    let v = view(&m);
    assert!(v.nav.modal.is_none());
    assert_eq!(
        v.limits.sections[2].items[0]
            .later
            .as_ref()
            .unwrap()
            .applies_at,
        AT
    );
    assert!(toasts(&m).contains("alerts.limitRemovalLater"));
    assert!(!toasts(&m).contains("alerts.limitRemoved\""));
}

#[test]
fn cancelling_puts_the_values_in_force_again() {
    let raise = json!({"period": "weekly", "amount": "900.00", "appliesAt": AT});
    let mut m = on_limits_page(deposit(raise));
    let fx = ui(&mut m, LimitsUi::LimitLaterCancel { id: 5 });
    let sent = http(&fx);
    assert_eq!(sent.len(), 1);
    assert_eq!(sent[0].method, Method::Put);
    assert_eq!(sent[0].path, "/api/player/limits/5");
    assert_eq!(
        sent[0].body,
        Some(json!({"period": "daily", "amount": "100.00"}))
    );
    assert!(view(&m).limits.busy);
    assert!(
        http(&ui(&mut m, LimitsUi::LimitLaterCancel { id: 5 })).is_empty(),
        "a second click while it runs sends nothing"
    );
    respond(
        &mut m,
        Req::Limits(limits::Call::Cancel(5)),
        200,
        deposit(json!(null)),
    );
    let v = view(&m);
    assert!(!v.limits.busy);
    assert_eq!(v.limits.sections[2].items[0].later, None);
    assert!(toasts(&m).contains("alerts.limitLaterCancelled"));

    // Nothing pending, or an unknown limit: nothing to cancel, nothing sent.
    assert!(http(&ui(&mut m, LimitsUi::LimitLaterCancel { id: 5 })).is_empty());
    assert!(http(&ui(&mut m, LimitsUi::LimitLaterCancel { id: 99 })).is_empty());
}

#[test]
fn a_refused_cancel_says_why_and_reloads() {
    let raise = json!({"period": "daily", "amount": "900.00", "appliesAt": AT});
    let mut m = on_limits_page(deposit(raise));
    ui(&mut m, LimitsUi::LimitLaterCancel { id: 5 });
    respond(
        &mut m,
        Req::Limits(limits::Call::Cancel(5)),
        404,
        json!({"code": "not_found", "message": "Not found."}),
    );
    assert!(!view(&m).limits.busy);
    assert!(m.calls.id_of(&Req::Limits(limits::Call::List)).is_some());
}
