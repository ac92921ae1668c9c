//! The view's events, `{type, ...fields}`, read by `UiEvent::read_now` (`from_view`, then a
//! lazy group's intent read by its code, as its chunk does once here): serde's internally
//! tagged reading of the parent's intents, then each feature's. Every kind the view sends
//! reads to the intent it names; bad events are errors that say what is wrong and name the
//! field at fault.

use croupier_core::app::features::{
    bonuses::BonusesUi, games::GamesUi, limits::LimitsUi, notifications::NotificationsUi,
    payments::PaymentsUi, profile::ProfileUi, session::SessionUi, shell::ShellUi, toasts::ToastsUi,
    wallet::WalletUi,
};
use croupier_core::app::{AppUi, FormId, FormValue, UiEvent};
use proptest::prelude::*;
use serde_json::{json, Value};

fn ours(v: &Value) -> Result<UiEvent, String> {
    UiEvent::read_now(v.clone())
}

fn ok(e: impl Into<UiEvent>) -> Result<UiEvent, String> {
    Ok(e.into())
}

#[test]
fn every_event_reads_to_its_intent() {
    let cases: Vec<(Value, Result<UiEvent, String>)> = vec![
        (json!({"type": "start"}), ok(AppUi::Start)),
        (
            json!({"type": "navigate", "path": "/casino?x=1"}),
            ok(AppUi::Navigate {
                path: "/casino?x=1".into(),
            }),
        ),
        (
            json!({"type": "openModal", "id": "wallet", "params": [["tab", "deposit"]]}),
            ok(AppUi::OpenModal {
                id: "wallet".into(),
                params: vec![("tab".into(), "deposit".into())],
            }),
        ),
        (
            json!({"type": "openModal", "id": "sign-in"}),
            ok(AppUi::OpenModal {
                id: "sign-in".into(),
                params: vec![],
            }),
        ),
        (json!({"type": "modalOpened"}), ok(AppUi::ModalOpened)),
        (json!({"type": "closeModal"}), ok(AppUi::CloseModal)),
        (
            json!({"type": "setLocale", "code": "pt-br"}),
            ok(AppUi::SetLocale {
                code: "pt-br".into(),
            }),
        ),
        (json!({"type": "toggleDrawer"}), ok(ShellUi::ToggleDrawer)),
        (json!({"type": "closeDrawer"}), ok(ShellUi::CloseDrawer)),
        (
            json!({"type": "setDrawerCompact", "compact": true}),
            ok(ShellUi::SetDrawerCompact { compact: true }),
        ),
        (json!({"type": "pageReady"}), ok(ShellUi::PageReady)),
        (
            json!({"type": "formInput", "form": "signUp", "field": "email", "value": "a@b.c"}),
            ok(AppUi::FormInput {
                form: FormId::SignUp,
                field: "email".into(),
                value: FormValue::Text("a@b.c".into()),
            }),
        ),
        (
            json!({"type": "formInput", "form": "signUp", "field": "agreements", "value": true}),
            ok(AppUi::FormInput {
                form: FormId::SignUp,
                field: "agreements".into(),
                value: FormValue::Bool(true),
            }),
        ),
        (
            json!({"type": "formBlur", "form": "signIn", "field": "password"}),
            ok(AppUi::FormBlur {
                form: FormId::SignIn,
                field: "password".into(),
            }),
        ),
        (
            json!({"type": "formSubmit", "form": "newAccount"}),
            ok(AppUi::FormSubmit {
                form: FormId::NewAccount,
            }),
        ),
        (
            json!({"type": "formSubmit", "form": "forgotPass"}),
            ok(AppUi::FormSubmit {
                form: FormId::ForgotPass,
            }),
        ),
        (
            json!({"type": "switchAccount", "id": 42}),
            ok(WalletUi::SwitchAccount { id: 42 }),
        ),
        (
            json!({"type": "hideAccount", "id": -1}),
            ok(WalletUi::HideAccount { id: -1 }),
        ),
        (json!({"type": "signOut"}), ok(SessionUi::SignOut)),
        (
            json!({"type": "dismissToast", "id": 3}),
            ok(ToastsUi::DismissToast { id: 3 }),
        ),
    ];
    for (event, want) in cases {
        assert_eq!(ours(&event), want, "{event}");
    }
}

/// A type is looked up among each feature's variant names: a name that begins another, the
/// first and last of a list, and near misses read as exact names.
#[test]
fn types_are_found_among_their_feature_names() {
    for (kind, want) in [
        ("pay", ok(PaymentsUi::Pay)),
        ("payAgain", ok(PaymentsUi::PayAgain)),
        ("cancelDeposit", ok(PaymentsUi::CancelDeposit)),
        ("start", ok(AppUi::Start)),
        ("closeModal", ok(AppUi::CloseModal)),
        ("toggleDrawer", ok(ShellUi::ToggleDrawer)),
        ("pageReady", ok(ShellUi::PageReady)),
        ("limitsRetry", ok(LimitsUi::LimitsRetry)),
        ("levelUpSeen", ok(BonusesUi::LevelUpSeen)),
        ("contactAgain", ok(NotificationsUi::ContactAgain)),
        ("sessionCloseConfirm", ok(ProfileUi::SessionCloseConfirm)),
        ("gamesRetry", ok(GamesUi::GamesRetry)),
        ("gamesSearchUsed", ok(GamesUi::GamesSearchUsed)),
    ] {
        assert_eq!(ours(&json!({ "type": kind })), want, "{kind}");
    }
    for kind in [
        "",
        " ",
        "pa",
        "pay ",
        "pay payAgain",
        "PayAgain",
        "gamesRetry2",
    ] {
        assert_eq!(
            ours(&json!({ "type": kind })),
            Err(format!("unknown event type {kind}")),
            "{kind:?}"
        );
    }
}

#[test]
fn extra_fields_are_ignored() {
    assert_eq!(
        ours(&json!({"type": "signOut", "why": "tired"})),
        ok(SessionUi::SignOut)
    );
    assert_eq!(
        ours(&json!({"type": "navigate", "path": "/", "replace": true})),
        ok(AppUi::Navigate { path: "/".into() })
    );
}

#[test]
fn bad_events_say_what_is_wrong() {
    for (event, message) in [
        (json!("signOut"), "an event must be an object"),
        (json!({"path": "/"}), "an event needs a string type"),
        (json!({"type": 3}), "an event needs a string type"),
        (json!({"type": "fly"}), "unknown event type fly"),
        (
            json!({"type": "navigate"}),
            "navigate: missing field `path`",
        ),
        (
            json!({"type": "navigate", "path": 5}),
            "navigate: `path`: invalid type: integer `5`, expected a string",
        ),
        (
            json!({"type": "formSubmit", "form": "signOn"}),
            "formSubmit: `form`: unknown variant `signOn`, expected one of `signUp`",
        ),
        (
            json!({"type": "formInput", "form": "signIn", "field": "x", "value": 1}),
            "formInput: `value`: data did not match any variant of untagged enum FormValue",
        ),
        (
            json!({"type": "switchAccount", "id": "7"}),
            "switchAccount: `id`: invalid type: string \"7\", expected i64",
        ),
        (
            json!({"type": "switchAccount", "id": 1.5}),
            "switchAccount: `id`: invalid type: floating point `1.5`, expected i64",
        ),
        (
            json!({"type": "dismissToast", "id": -1}),
            "dismissToast: `id`: invalid value: integer `-1`, expected u64",
        ),
        (
            json!({"type": "openModal", "id": "wallet", "params": [["tab"]]}),
            "openModal: `params`: invalid length 1, expected a tuple of size 2",
        ),
        (
            json!({"type": "setDrawerCompact"}),
            "setDrawerCompact: missing field `compact`",
        ),
        // A field's value equal to a type name is still that field's fault.
        (
            json!({"type": "walletTab", "tab": "walletTab"}),
            "walletTab: `tab`: unknown variant `walletTab`, expected `all` or `crypto`",
        ),
        // The filter object is required (the view always sends one; empty is no filter).
        (
            json!({"type": "historyFilter"}),
            "historyFilter: missing field `filter`",
        ),
    ] {
        let got = ours(&event).expect_err(&event.to_string());
        assert!(got.starts_with(message), "{event}: {got}");
    }
}

/// serde stops at the first field at fault in the object's key order and names it; a missing
/// field is named by serde itself, even when another field is present.
#[test]
fn the_first_field_at_fault_is_named() {
    for (event, message) in [
        (
            json!({"type": "formInput"}),
            "formInput: missing field `form`",
        ),
        (
            json!({"type": "formInput", "form": 1, "field": 2}),
            "formInput: `field`: invalid type: integer `2`, expected a string",
        ),
        (
            json!({"type": "payInput", "field": 1, "value": 2}),
            "payInput: `field`: invalid type: integer `1`, expected a string",
        ),
        (
            json!({"type": "payInput", "field": "a"}),
            "payInput: missing field `value`",
        ),
        (
            json!({"type": "historyFilter", "filter": {"kind": 1, "statuses": "x"}}),
            "historyFilter: `filter`: invalid type: integer `1`, expected a string",
        ),
        (
            json!({"type": "bonusAsk", "id": "x", "kind": "bonus"}),
            "bonusAsk: `id`: invalid type: string \"x\", expected u64",
        ),
        // A required list: absent is not "none of them".
        (
            json!({"type": "notificationsRead"}),
            "notificationsRead: missing field `ids`",
        ),
        (
            json!({"type": "pushesRead", "ids": [1, "x"]}),
            "pushesRead: `ids`: invalid type: string \"x\", expected u64",
        ),
        (
            json!({"type": "gamesFilter", "providers": [], "features": [1, "x"], "sort": "new"}),
            "gamesFilter: `features`: invalid type: string \"x\", expected u32",
        ),
    ] {
        let got = ours(&event).expect_err(&event.to_string());
        assert_eq!(got, message, "{event}");
    }
}

proptest! {
    /// Whatever the view sends (any fields on any type) reads to an intent or to an error, and
    /// reading it twice gives the same answer. What the panic-freedom protects: the view is
    /// JavaScript the core does not control, and a panic would abort the whole app
    /// (panic=immediate-abort in the release wasm).
    #[test]
    fn any_view_event_reads_to_an_intent_or_an_error(
        kind in prop_oneof![Just("formInput".to_string()), Just("openModal".to_string()), "[a-zA-Z]{0,12}"],
        keys in proptest::collection::vec(prop_oneof![Just("form"), Just("field"), Just("value"), Just("id"), Just("params"), Just("path")], 0..5),
        values in proptest::collection::vec(prop_oneof![
            Just(json!(null)), Just(json!(true)), Just(json!(-3)), Just(json!("signUp")),
            Just(json!([["a", "b"]])), Just(json!([1, 2])), Just(json!({"a": 1})),
        ], 0..5),
    ) {
        let mut event = json!({"type": kind});
        for (k, v) in keys.into_iter().zip(values) {
            event[k] = v;
        }
        prop_assert_eq!(ours(&event), ours(&event));
    }
}
