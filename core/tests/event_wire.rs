//! The view's events, `{type, ...fields}`, read by `UiEvent::from_view`: every variant agrees
//! with serde's derived reading of the same event in its externally tagged form, and bad
//! events are errors that say what is wrong.

use croupier_core::app::{FormId, FormValue, UiEvent};
use croupier_core::json;
use proptest::prelude::*;
use serde_json::{json, Value};

fn ours(v: &Value) -> Result<UiEvent, String> {
    UiEvent::from_view(json::parse(&v.to_string()).unwrap())
}

/// serde's reading: `{type: k}` -> `"k"`, `{type: k, ..}` -> `{"k": {..}}`.
fn reference(v: &Value) -> UiEvent {
    let mut fields = v.as_object().unwrap().clone();
    let kind = fields.remove("type").unwrap();
    let kind = kind.as_str().unwrap();
    serde_json::from_value(json!(kind))
        .or_else(|_| serde_json::from_value(json!({ kind: fields })))
        .unwrap()
}

fn samples() -> Vec<Value> {
    vec![
        json!({"type": "start"}),
        json!({"type": "navigate", "path": "/casino?x=1"}),
        json!({"type": "openModal", "id": "wallet", "params": [["tab", "deposit"]]}),
        json!({"type": "openModal", "id": "sign-in"}),
        json!({"type": "modalOpened"}),
        json!({"type": "closeModal"}),
        json!({"type": "setLocale", "code": "pt-br"}),
        json!({"type": "toggleDrawer"}),
        json!({"type": "closeDrawer"}),
        json!({"type": "setDrawerCompact", "compact": true}),
        json!({"type": "pageReady"}),
        json!({"type": "formInput", "form": "signUp", "field": "email", "value": "a@b.c"}),
        json!({"type": "formInput", "form": "signUp", "field": "agreements", "value": true}),
        json!({"type": "formInput", "form": "resetPass", "field": "code", "value": ""}),
        json!({"type": "formBlur", "form": "signIn", "field": "password"}),
        json!({"type": "formSubmit", "form": "newAccount"}),
        json!({"type": "formSubmit", "form": "forgotPass"}),
        json!({"type": "switchAccount", "id": 42}),
        json!({"type": "hideAccount", "id": -1}),
        json!({"type": "signOut"}),
        json!({"type": "dismissToast", "id": 3}),
    ]
}

#[test]
fn every_event_reads_as_serde_reads_it() {
    for s in samples() {
        assert_eq!(ours(&s).as_ref(), Ok(&reference(&s)), "{s}");
    }
    assert_eq!(
        ours(&json!({"type": "formInput", "form": "signUp", "field": "f", "value": false})),
        Ok(UiEvent::FormInput {
            form: FormId::SignUp,
            field: "f".into(),
            value: FormValue::Bool(false)
        })
    );
}

#[test]
fn extra_fields_are_ignored() {
    assert_eq!(
        ours(&json!({"type": "signOut", "why": "tired"})),
        Ok(UiEvent::SignOut)
    );
    assert_eq!(
        ours(&json!({"type": "navigate", "path": "/", "replace": true})),
        Ok(UiEvent::Navigate { path: "/".into() })
    );
}

#[test]
fn bad_events_say_what_is_wrong() {
    for (event, message) in [
        (json!("signOut"), "an event must be an object"),
        (json!({"path": "/"}), "an event needs a string type"),
        (json!({"type": "fly"}), "unknown event type fly"),
        (
            json!({"type": "navigate"}),
            "navigate: path must be a string",
        ),
        (
            json!({"type": "navigate", "path": 5}),
            "navigate: path must be a string",
        ),
        (
            json!({"type": "formSubmit", "form": "signOn"}),
            "formSubmit: form must be a form id",
        ),
        (
            json!({"type": "formInput", "form": "signIn", "field": "x", "value": 1}),
            "formInput: value must be a boolean or a string",
        ),
        (
            json!({"type": "switchAccount", "id": "7"}),
            "switchAccount: id must be an integer",
        ),
        (
            json!({"type": "switchAccount", "id": 1.5}),
            "switchAccount: id must be an integer",
        ),
        (
            json!({"type": "dismissToast", "id": -1}),
            "dismissToast: id must be a toast id",
        ),
        (
            json!({"type": "openModal", "id": "wallet", "params": [["tab"]]}),
            "openModal: params must be [name, value] pairs",
        ),
        (
            json!({"type": "setDrawerCompact"}),
            "setDrawerCompact: compact must be a boolean",
        ),
    ] {
        assert_eq!(ours(&event), Err(message.to_string()), "{event}");
    }
}

proptest! {
    #[test]
    fn any_fields_on_any_type_never_panic(
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
        let _ = ours(&event);
    }
}
