//! Forgotten and reset password, driven natively: the requests each step sends, the modals it
//! opens, and what the player sees on success and on every kind of failure.
#![cfg(not(target_arch = "wasm32"))]

use crate::support;
#[allow(unused_imports)]
use croupier_core::app::features::{
    session::SessionUi, shell::ShellUi, toasts::ToastsUi, wallet::WalletUi,
};
#[allow(unused_imports)]
use croupier_core::app::{AppUi, FormId, FormValue, SessionStatus};
use support::{http, req, ui};

use croupier_core::app::{update, view, Config, Effect, Event, HttpOutcome, Method, Model, Req};
use serde_json::json;

const NOW: u64 = 1_700_000_000_000;

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

fn submit(m: &mut Model, form: FormId) -> Vec<Effect> {
    ui(m, AppUi::FormSubmit { form })
}

fn respond(m: &mut Model, req: Req, status: u16, body: &str) -> Vec<Effect> {
    support::respond_text(m, req, status, body)
}

fn pushed(fx: &[Effect]) -> Vec<String> {
    fx.iter()
        .filter_map(|e| match e {
            Effect::PushUrl { url, .. } => Some(url.clone()),
            _ => None,
        })
        .collect()
}

fn boot(path: &str, token: Option<&str>) -> (Model, Vec<Effect>) {
    let mut m = Model::new(Config::default());
    let fx = update(
        &mut m,
        Event::Booted {
            token: token.map(str::to_string),
            path: path.into(),
            boot: Default::default(),
        },
        NOW,
    );
    (m, fx)
}

fn guest_with_modal(id: &str) -> Model {
    let (mut m, _) = boot("/", None);
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

fn modal(m: &Model) -> Option<String> {
    view(m).nav.modal.map(|v| v.id)
}

#[test]
fn forgot_pass_validates_before_sending() {
    let mut m = guest_with_modal("forgot-pass");
    assert_eq!(modal(&m).as_deref(), Some("forgot-pass"));
    let fx = submit(&mut m, FormId::ForgotPass);
    assert!(http(&fx).is_empty());
    assert!(view(&m).forms[&FormId::ForgotPass]
        .errors
        .contains_key("email"));
    input(&mut m, FormId::ForgotPass, "email", "not-an-address");
    let fx = submit(&mut m, FormId::ForgotPass);
    assert!(http(&fx).is_empty());
    assert!(view(&m).forms[&FormId::ForgotPass]
        .errors
        .contains_key("email"));
}

#[test]
fn forgot_pass_sends_the_email_without_a_token_then_opens_reset_email_send() {
    let mut m = guest_with_modal("forgot-pass");
    input(&mut m, FormId::ForgotPass, "email", "  ace@example.com ");
    let fx = submit(&mut m, FormId::ForgotPass);
    let reqs = http(&fx);
    assert_eq!(reqs.len(), 1);
    let r = reqs[0];
    assert_eq!(r.req, req::password_reset());
    assert_eq!(
        (r.method, r.path.as_str(), r.bearer.as_deref()),
        (Method::Post, "/api/player/passwords/reset", None)
    );
    assert_eq!(r.body, Some(j!({"email": "ace@example.com"})));
    assert!(view(&m).forms[&FormId::ForgotPass].submitting);
    // A second submit while the first is on its way sends nothing.
    assert!(http(&submit(&mut m, FormId::ForgotPass)).is_empty());

    let fx = respond(&mut m, req::password_reset(), 204, "");
    assert_eq!(modal(&m).as_deref(), Some("reset-email-send"));
    assert_eq!(pushed(&fx), vec!["/?modal=reset-email-send".to_string()]);
    let v = view(&m).forms[&FormId::ForgotPass].clone();
    assert!(!v.submitting);
    // The e-mail stays for the message of reset-email-send.
    assert_eq!(
        v.values.get("email"),
        Some(&FormValue::Text("  ace@example.com ".into()))
    );
}

#[test]
fn forgot_pass_shows_the_server_field_message() {
    let mut m = guest_with_modal("forgot-pass");
    input(&mut m, FormId::ForgotPass, "email", "ace@example.com");
    submit(&mut m, FormId::ForgotPass);
    let body = json!({"code":"validation_failed","message":"The given data was invalid.",
        "errors":{"email":["The email must be a valid email address."]}});
    respond(&mut m, req::password_reset(), 422, &body.to_string());
    let v = view(&m).forms[&FormId::ForgotPass].clone();
    assert_eq!(
        v.errors[&"email".to_string()],
        "The email must be a valid email address."
    );
    assert!(!v.submitting);
    assert_eq!(modal(&m).as_deref(), Some("forgot-pass"));
}

#[test]
fn forgot_pass_without_a_response_says_so() {
    let mut m = guest_with_modal("forgot-pass");
    input(&mut m, FormId::ForgotPass, "email", "ace@example.com");
    submit(&mut m, FormId::ForgotPass);
    let id = support::call_id(&m, &req::password_reset());
    update(
        &mut m,
        Event::Http {
            id,
            outcome: HttpOutcome::Failed {
                reason: "offline".into(),
            },
        },
        NOW,
    );
    let v = view(&m).forms[&FormId::ForgotPass].clone();
    assert_eq!(
        v.error.as_deref(),
        Some("Cannot reach the server. Check your connection and try again.")
    );
    assert_eq!(modal(&m).as_deref(), Some("forgot-pass"));
}

fn fill_reset(m: &mut Model, code: &str, password: &str, confirmation: &str) {
    input(m, FormId::ResetPass, "code", code);
    input(m, FormId::ResetPass, "password", password);
    input(m, FormId::ResetPass, "password_confirmation", confirmation);
}

#[test]
fn reset_pass_checks_length_and_confirmation_first() {
    let mut m = guest_with_modal("reset-pass");
    let fx = submit(&mut m, FormId::ResetPass);
    assert!(http(&fx).is_empty());
    let errors = view(&m).forms[&FormId::ResetPass].errors.clone();
    for f in ["code", "password", "password_confirmation"] {
        assert!(errors.contains_key(f), "{f}: {errors:?}");
    }
    fill_reset(&mut m, "abc", "short", "short");
    assert!(http(&submit(&mut m, FormId::ResetPass)).is_empty());
    assert!(view(&m).forms[&FormId::ResetPass].errors[&"password".to_string()].contains('8'));
    fill_reset(&mut m, "abc", "long-enough-1", "long-enough-2");
    assert!(http(&submit(&mut m, FormId::ResetPass)).is_empty());
    let errors = view(&m).forms[&FormId::ResetPass].errors.clone();
    assert_eq!(
        errors.keys().collect::<Vec<_>>(),
        vec!["password_confirmation"]
    );
}

#[test]
fn reset_pass_sends_code_and_passwords_as_typed_then_signs_in_from_home() {
    let mut m = guest_with_modal("forgot-pass");
    input(&mut m, FormId::ForgotPass, "email", "ace@example.com");
    submit(&mut m, FormId::ForgotPass);
    respond(&mut m, req::password_reset(), 204, "");
    ui(
        &mut m,
        AppUi::OpenModal {
            id: "reset-pass".into(),
            params: vec![],
        },
    );
    fill_reset(&mut m, " c0de ", " new pass 1", " new pass 1");
    let fx = submit(&mut m, FormId::ResetPass);
    let r = http(&fx)[0];
    assert_eq!(r.req, req::password_confirm());
    assert_eq!(
        (r.method, r.path.as_str(), r.bearer.as_deref()),
        (Method::Post, "/api/player/passwords/confirm", None)
    );
    assert_eq!(
        r.body,
        Some(j!({"code": "c0de", "password": " new pass 1",
            "password_confirmation": " new pass 1"}))
    );

    let fx = respond(&mut m, req::password_confirm(), 204, "");
    let v = view(&m);
    assert_eq!(v.nav.modal.map(|m| m.id).as_deref(), Some("sign-in"));
    assert_eq!(v.nav.path, "/");
    assert_eq!(
        pushed(&fx).last().map(String::as_str),
        Some("/?modal=sign-in")
    );
    // The new password is not kept anywhere; the e-mail waits in sign-in.
    assert!(v.forms[&FormId::ResetPass].values.is_empty());
    assert!(v.forms[&FormId::ForgotPass].values.is_empty());
    assert_eq!(
        v.forms[&FormId::SignIn].values.get("email"),
        Some(&FormValue::Text("ace@example.com".into()))
    );
    // One success toast, with the description.
    assert_eq!(v.toasts.len(), 1);
    assert_eq!(v.toasts[0].title, "Password changed");
    assert_eq!(v.toasts[0].duration_ms, 5000);
}

#[test]
fn reset_pass_shows_each_server_field_message() {
    let mut m = guest_with_modal("reset-pass");
    fill_reset(&mut m, "used", "long-enough", "long-enough");
    submit(&mut m, FormId::ResetPass);
    let body = json!({"code":"validation_failed","message":"The given data was invalid.",
        "errors":{"code":["The reset code is invalid or has expired."],
                  "password_confirmation":["The password confirmation does not match."]}});
    respond(&mut m, req::password_confirm(), 422, &body.to_string());
    let v = view(&m).forms[&FormId::ResetPass].clone();
    assert_eq!(
        v.errors[&"code".to_string()],
        "The reset code is invalid or has expired."
    );
    assert_eq!(
        v.errors[&"password_confirmation".to_string()],
        "The password confirmation does not match."
    );
    assert!(v.error.is_none(), "field messages say it all");
    // Typing a new code clears its server message.
    input(&mut m, FormId::ResetPass, "code", "fresh");
    assert!(!view(&m).forms[&FormId::ResetPass]
        .errors
        .contains_key("code"));
}

#[test]
fn a_reset_link_opens_reset_pass_with_its_code_once() {
    let (mut m, fx) = boot("/pt-br/password-reset/abc123", None);
    let v = view(&m);
    assert_eq!(
        v.nav.page.as_ref().map(|p| p.name.as_str()),
        Some("password-reset-resetCode")
    );
    assert_eq!(v.nav.modal.map(|m| m.id).as_deref(), Some("reset-pass"));
    assert_eq!(
        v.forms[&FormId::ResetPass].values.get("code"),
        Some(&FormValue::Text("abc123".into()))
    );
    assert_eq!(
        pushed(&fx).last().map(String::as_str),
        Some("/pt-br/password-reset/abc123?modal=reset-pass")
    );
    // Closed, it stays closed on the same page.
    ui(&mut m, AppUi::ModalOpened);
    ui(&mut m, AppUi::CloseModal);
    assert!(view(&m).nav.modal.is_none());
    ui(&mut m, ShellUi::PageReady);
    assert!(view(&m).nav.modal.is_none());
    // Another link: the new code.
    ui(
        &mut m,
        AppUi::Navigate {
            path: "/password-reset/zz9".into(),
        },
    );
    assert_eq!(
        view(&m).forms[&FormId::ResetPass].values.get("code"),
        Some(&FormValue::Text("zz9".into()))
    );
    assert_eq!(
        view(&m).nav.modal.map(|m| m.id).as_deref(),
        Some("reset-pass")
    );
}

#[test]
fn a_reset_link_waits_for_the_session_and_opens_nothing_for_a_player() {
    let (mut m, _) = boot("/password-reset/abc123", Some("stored.token.value"));
    assert!(view(&m).nav.modal.is_none());
    let profile = json!({"id":7,"email":"ace@example.com"}).to_string();
    respond(&mut m, req::profile(), 200, &profile);
    assert_eq!(view(&m).session.status, SessionStatus::Player);
    assert!(view(&m).nav.modal.is_none(), "reset-pass is guest-only");
}

#[test]
fn password_modals_are_refused_to_a_player() {
    let (mut m, _) = boot("/", Some("stored.token.value"));
    respond(
        &mut m,
        req::profile(),
        200,
        &json!({"id":7,"email":"ace@example.com"}).to_string(),
    );
    for id in ["forgot-pass", "reset-pass", "reset-email-send"] {
        ui(
            &mut m,
            AppUi::OpenModal {
                id: id.into(),
                params: vec![],
            },
        );
        assert!(view(&m).nav.modal.is_none(), "{id} opened for a player");
    }
}
