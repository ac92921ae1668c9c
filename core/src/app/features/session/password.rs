//! Forgotten and reset password (SPEC §2 modals forgot-pass, reset-email-send, reset-pass;
//! SPEC §7 POST /api/player/passwords/reset and /confirm, both without authentication).
//!
//! forgot-pass sends the e-mail; on 204 reset-email-send tells the player to look for the link.
//! The link leads to `/password-reset/{resetCode}`, which opens reset-pass with the code filled
//! in (a player who got the code some other way types it). On 204 the new password is set:
//! home with sign-in open, the e-mail filled in when we know it.

use super::{failed, Session};
use crate::app::calls::Answer;
use crate::app::feature::{Cx, Msg, SessionStatus};
use crate::app::registry::FormId;
use crate::domain::alert::Alert;
use crate::domain::route::RouteName;
use crate::domain::validation::Value;

/// The reset link was requested: tell the player to check their e-mail. The e-mail stays in
/// the form, for the message and for a second try.
pub fn reset_sent(s: &mut Session, answer: Answer, cx: &mut Cx) {
    match answer {
        Ok(_) => {
            s.forgot_pass.submitting = false;
            cx.forms_changed();
            cx.open_modal("reset-email-send");
        }
        Err(e) => failed(&mut s.forgot_pass, FormId::ForgotPass, e, cx),
    }
}

/// The new password is set (every session of the player was closed): home with sign-in.
pub fn confirmed(s: &mut Session, answer: Answer, cx: &mut Cx) {
    match answer {
        Ok(_) => {
            cx.forms_changed();
            s.reset_pass.reset();
            let email = Some(s.forgot_pass.text("email")).filter(|e| !e.is_empty());
            s.forgot_pass.reset();
            if let Some(email) = email {
                s.sign_in.values.insert("email".into(), Value::Text(email));
            }
            cx.msg(Msg::GoHome {
                modal: Some("sign-in".into()),
            });
            cx.alert(
                Alert::success("alerts.passwordChanged")
                    .with_description("alerts.passwordChangedDescription"),
            );
        }
        Err(e) => failed(&mut s.reset_pass, FormId::ResetPass, e, cx),
    }
}

/// On `/password-reset/{resetCode}`: put the code in the reset form and open reset-pass for a
/// guest, once per code (closing the modal keeps the player on the page; the page offers to
/// open it again). Returns whether the form changed.
pub fn follow_route(s: &mut Session, cx: &mut Cx) -> bool {
    let Some(code) = cx
        .shared
        .page_code(RouteName::PasswordResetResetCode, "resetCode")
        .map(str::to_string)
    else {
        return false;
    };
    if s.reset_pass.text("code") == code {
        return false;
    }
    s.reset_pass.values.insert("code".into(), Value::Text(code));
    s.reset_pass.server_errors.remove("code");
    if cx.shared.status == SessionStatus::Guest {
        cx.open_modal("reset-pass");
    }
    true
}
