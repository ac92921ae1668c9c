//! Forgotten and reset password (SPEC §2 modals forgot-pass, reset-email-send, reset-pass;
//! SPEC §7 POST /api/player/passwords/reset and /confirm, both without authentication).
//!
//! forgot-pass sends the e-mail; on 204 reset-email-send tells the player to look for the link.
//! The link leads to `/password-reset/{resetCode}`, which opens reset-pass with the code filled
//! in (a player who got the code some other way types it). On 204 the new password is set:
//! home with sign-in open, the e-mail filled in when we know it.

use super::auth::form_failed;
use super::calls::{self, ResponseError};
use super::{nav, toast};
use crate::app::effect::{Effect, Req};
use crate::app::event::FormId;
use crate::app::forms;
use crate::app::model::{FormState, Model, SessionStatus, ToastKind};
use crate::domain::route::RouteName;
use crate::domain::validation::Value;

/// Send a validated form (`auth::submit` checked it and marked it submitting).
pub fn send(form: FormId, state: &FormState, fx: &mut Vec<Effect>) {
    match form {
        FormId::ForgotPass => fx.push(calls::post(
            Req::PasswordReset,
            "/api/player/passwords/reset",
            crate::json_object! { "email": forms::text(state, "email") },
        )),
        FormId::ResetPass => fx.push(calls::post(
            Req::PasswordConfirm,
            "/api/player/passwords/confirm",
            crate::json_object! {
                "code": forms::text(state, "code"),
                "password": forms::raw_text(state, "password"),
                "password_confirmation": forms::raw_text(state, "password_confirmation"),
            },
        )),
        FormId::SignUp | FormId::SignIn | FormId::NewAccount => {}
    }
}

/// The reset link was requested: tell the player to check their e-mail. The e-mail stays in
/// the form, for the message and for a second try.
pub fn reset_sent(model: &mut Model, result: Result<String, ResponseError>, fx: &mut Vec<Effect>) {
    match result {
        Ok(_) => {
            model.form(FormId::ForgotPass).submitting = false;
            nav::open_modal(model, "reset-email-send", Vec::new(), fx);
        }
        Err(e) => form_failed(model, FormId::ForgotPass, e, fx),
    }
}

/// The new password is set (every session of the player was closed): home with sign-in.
pub fn confirmed(model: &mut Model, result: Result<String, ResponseError>, fx: &mut Vec<Effect>) {
    match result {
        Ok(_) => {
            model.forms.remove(&FormId::ResetPass);
            let email = model
                .forms
                .get(&FormId::ForgotPass)
                .map(|f| forms::text(f, "email"))
                .filter(|e| !e.is_empty());
            model.forms.remove(&FormId::ForgotPass);
            if let Some(email) = email {
                model
                    .form(FormId::SignIn)
                    .values
                    .insert("email".into(), Value::Text(email));
            }
            nav::go_home(model, Some("sign-in"), fx);
            toast(
                model,
                ToastKind::Success,
                "alerts.passwordChanged",
                Some("alerts.passwordChangedDescription"),
            );
        }
        Err(e) => form_failed(model, FormId::ResetPass, e, fx),
    }
}

/// On `/password-reset/{resetCode}`: put the code in the reset form and open reset-pass for a
/// guest, once per code (closing the modal keeps the player on the page; the page offers to
/// open it again).
pub fn follow_route(model: &mut Model, fx: &mut Vec<Effect>) {
    if model.status == SessionStatus::Booting {
        return;
    }
    let Some(code) = model
        .route
        .as_ref()
        .ok()
        .filter(|r| r.route_name() == Some(RouteName::PasswordResetResetCode))
        .and_then(|r| r.param("resetCode"))
        .map(str::to_string)
    else {
        return;
    };
    let form = model.form(FormId::ResetPass);
    if forms::text(form, "code") == code {
        return;
    }
    form.values.insert("code".into(), Value::Text(code));
    form.server_errors.remove("code");
    if model.status == SessionStatus::Guest {
        nav::open_modal(model, "reset-pass", Vec::new(), fx);
    }
}
