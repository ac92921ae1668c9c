//! Too many attempts (429 from the sandbox's brute-force limits, issue 18): the sign-in,
//! sign-up, forgotten- and reset-password forms tell the player how long to wait, from the
//! answer's `retryAfter` (the body copy of Retry-After), and keep what was typed.
#![cfg(not(target_arch = "wasm32"))]

use crate::support;
#[allow(unused_imports)]
use croupier_core::app::features::{
    session::SessionUi, shell::ShellUi, toasts::ToastsUi, wallet::WalletUi,
};
#[allow(unused_imports)]
use croupier_core::app::{AppUi, FormId, FormValue, SessionStatus};
use support::{http, req, ui};

use croupier_core::app::{update, view, Config, Event, Model, Req};
use serde_json::json;

const NOW: u64 = 1_700_000_000_000;

fn guest_with_modal(id: &str) -> Model {
    let mut m = Model::new(Config::default());
    update(
        &mut m,
        Event::Booted {
            token: None,
            path: "/".into(),
            boot: Default::default(),
        },
        NOW,
    );
    ui(
        &mut m,
        AppUi::OpenModal {
            id: id.into(),
            params: vec![],
        },
    );
    ui(&mut m, AppUi::ModalOpened);
    m
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

fn too_many(retry_after: Option<u64>) -> String {
    let mut body = json!({"code": "too_many_attempts",
        "message": "Too many attempts. Try again in 42 seconds."});
    if let Some(s) = retry_after {
        body["retryAfter"] = json!(s);
    }
    body.to_string()
}

/// Fills `fields` (and ticks sign-up's agreements), submits, answers 429 with `body`.
fn refused(modal: &str, form: FormId, fields: &[(&str, &str)], call: Req, body: &str) -> Model {
    let mut m = guest_with_modal(modal);
    for (f, v) in fields {
        input(&mut m, form, f, v);
    }
    if form == FormId::SignUp {
        ui(
            &mut m,
            AppUi::FormInput {
                form,
                field: "agreements".into(),
                value: FormValue::Bool(true),
            },
        );
    }
    let fx = ui(&mut m, AppUi::FormSubmit { form });
    assert_eq!(http(&fx).len(), 1, "{modal}: the form is sent");
    support::respond_text(&mut m, call, 429, body);
    m
}

fn form_error(m: &Model, form: FormId) -> Option<String> {
    view(m).forms[&form].error.clone()
}

#[test]
fn sign_in_shows_the_wait_in_seconds_and_keeps_the_input() {
    let m = refused(
        "sign-in",
        FormId::SignIn,
        &[("email", "ace@example.com"), ("password", "guess-123")],
        req::login(),
        &too_many(Some(42)),
    );
    assert_eq!(
        form_error(&m, FormId::SignIn).as_deref(),
        Some("Too many attempts. Try again in 42 s.")
    );
    let v = &view(&m).forms[&FormId::SignIn];
    assert!(!v.submitting, "the player can try again after the wait");
    assert_eq!(
        v.values.get("email"),
        Some(&FormValue::Text("ace@example.com".into()))
    );
    assert_eq!(view(&m).nav.modal.map(|v| v.id).as_deref(), Some("sign-in"));
}

#[test]
fn long_waits_are_shown_in_whole_minutes_rounded_up() {
    let m = refused(
        "sign-up",
        FormId::SignUp,
        &[
            ("email", "new@example.com"),
            ("password", "secret-pass"),
            ("currency", "USD"),
        ],
        req::register(),
        &too_many(Some(841)),
    );
    let err = form_error(&m, FormId::SignUp);
    assert_eq!(
        err.as_deref(),
        Some("Too many attempts. Try again in 15 min.")
    );
}

#[test]
fn forgotten_and_reset_password_show_the_wait_too() {
    let m = refused(
        "forgot-pass",
        FormId::ForgotPass,
        &[("email", "ace@example.com")],
        req::password_reset(),
        &too_many(Some(1)),
    );
    assert_eq!(
        form_error(&m, FormId::ForgotPass).as_deref(),
        Some("Too many attempts. Try again in 1 s.")
    );
    assert_eq!(
        view(&m).nav.modal.map(|v| v.id).as_deref(),
        Some("forgot-pass"),
        "no reset-email-send on a refusal"
    );

    let m = refused(
        "reset-pass",
        FormId::ResetPass,
        &[
            ("code", "abc123"),
            ("password", "new-pass-123"),
            ("password_confirmation", "new-pass-123"),
        ],
        req::password_confirm(),
        &too_many(Some(89)),
    );
    assert_eq!(
        form_error(&m, FormId::ResetPass).as_deref(),
        Some("Too many attempts. Try again in 89 s.")
    );
}

#[test]
fn a_429_without_a_usable_wait_still_says_to_wait() {
    for body in [
        too_many(None),
        "<html>slow down</html>".to_string(),
        json!({"code": "too_many_attempts", "message": "x", "retryAfter": -5}).to_string(),
    ] {
        let m = refused(
            "sign-in",
            FormId::SignIn,
            &[("email", "ace@example.com"), ("password", "guess-123")],
            req::login(),
            &body,
        );
        assert_eq!(
            form_error(&m, FormId::SignIn).as_deref(),
            Some("Too many attempts. Try again in 60 s."),
            "{body}"
        );
    }
}
