//! Proof of the owner (issue 32 item 4; docs/API.md): what a form that moves the e-mail or sets
//! the phone asks for besides its own fields, read from the profile, written into the body and
//! switched by the server's "needed" answers. The email and phone modals share it; only the
//! name of the owner code's field differs (`code` there, `ownerCode` beside the phone's code).

use serde::Serialize;

use crate::app::calls::{read_json, Answer, ResponseError};
use crate::app::wire::lenient;
use crate::domain::validation::{field_rules, Rule};
use serde::Deserialize;

use crate::app::forms::FormState;

/// What proves the owner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum Proof {
    /// The current password (a player who has one; also when the profile does not say).
    Password,
    /// A one-time code to the confirmed e-mail or the phone (phone, social, messenger sign-ups).
    Code,
}

/// What the profile answer (`GET /api/profile`) tells of the owner's factors; an odd field
/// reads as not said, and an answer that did not come or is not an object says nothing.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Factors {
    #[serde(deserialize_with = "lenient")]
    pub has_password: Option<bool>,
    #[serde(deserialize_with = "lenient")]
    pub email_confirmed: Option<bool>,
    #[serde(deserialize_with = "lenient")]
    pub phone: Option<String>,
}

impl Factors {
    /// The answer's factors; a failed or unreadable answer is logged under `what` and says
    /// nothing.
    pub fn read(answer: Answer, what: &str, cx: &mut crate::app::feature::Cx) -> Factors {
        match read_json(answer) {
            Ok(v) => Factors::deserialize(&v).unwrap_or_default(),
            Err(e) => {
                cx.log_err(crate::app::effect::LogLevel::Warn, what, &e);
                Factors::default()
            }
        }
    }
}

/// The proof a profile answer calls for: a platform that does not say is asked for the
/// password (most players have one, and the server's answer corrects it).
pub fn from_profile(profile: &Factors) -> Proof {
    if profile.has_password == Some(false) {
        Proof::Code
    } else {
        Proof::Password
    }
}

/// Whether the profile has a factor a new phone must be proven against: a password, a
/// confirmed e-mail or a phone. A messenger player with none adds a first phone by its code.
pub fn has_factor(profile: &Factors) -> bool {
    profile.has_password != Some(false)
        || profile.email_confirmed == Some(true)
        || profile.phone.as_deref().is_some_and(|p| !p.is_empty())
}

/// The proof field's rule (SPEC §5: currentPassword required; a code is six digits).
pub fn rule(proof: Option<Proof>, code_field: &str) -> Option<(String, Vec<Rule>)> {
    match proof? {
        Proof::Password => Some(("currentPassword".into(), field_rules("currentPassword"))),
        Proof::Code => Some((code_field.into(), one_time_code())),
    }
}

/// A one-time code's field: six digits.
pub fn one_time_code() -> Vec<Rule> {
    vec![Rule::Required, Rule::Digits(6)]
}

/// The proof as typed, for a body: the password (exactly as typed: spaces may be part of it)
/// or the code of `code_field`; the body names the code's field and leaves out what is `None`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Given {
    pub current_password: Option<String>,
    pub code: Option<String>,
}

pub fn given(proof: Option<Proof>, form: &FormState, code_field: &str) -> Given {
    match proof {
        Some(Proof::Password) => Given {
            current_password: Some(form.raw_text("currentPassword")),
            code: None,
        },
        Some(Proof::Code) => Given {
            current_password: None,
            code: Some(form.text(code_field)),
        },
        None => Given::default(),
    }
}

/// A "needed" answer: the proof the server asks for, its field and the text key's last part
/// (`passwordRequired`, `codeRequired`).
pub fn needed(
    e: &ResponseError,
    code_field: &'static str,
) -> Option<(Proof, &'static str, &'static str)> {
    let ResponseError::Status { error, .. } = e else {
        return None;
    };
    match error.code.as_str() {
        "password_required" => Some((Proof::Password, "currentPassword", "passwordRequired")),
        "code_required" => Some((Proof::Code, code_field, "codeRequired")),
        _ => None,
    }
}

/// The owner code's sending state, the same in the email and phone modals: where the last code
/// went, when another may be asked for, and whether a send is out.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct OwnerCode {
    /// Where the owner code went (`otp/email/send`: an e-mail or a phone).
    pub sent_to: Option<String>,
    /// Unix ms from which another owner code may be asked for.
    pub resend_at: u64,
    pub sending: bool,
}

impl OwnerCode {
    /// Takes a send unless one is out or the wait is not over.
    pub fn start(&mut self, now: u64) -> bool {
        if self.sending || now < self.resend_at {
            return false;
        }
        self.sending = true;
        true
    }

    /// `otp/email/send` answered: where the code went and when another may come, or the
    /// refusal for the form to place.
    pub fn answered(&mut self, answer: Answer, now: u64) -> Result<(), ResponseError> {
        self.sending = false;
        let sent = crate::json::from_json::<CodeSent>(read_json(answer)?).unwrap_or_default();
        self.sent_to = Some(sent.to);
        let secs = sent.resend_in.unwrap_or(60).clamp(0, 3600);
        self.resend_at = now + secs as u64 * 1000;
        Ok(())
    }
}

/// `otp/email/send`'s answer: where the owner's code went and when another may be asked for;
/// odd or missing fields are empty.
#[derive(Debug, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct CodeSent {
    #[serde(deserialize_with = "lenient")]
    pub to: String,
    #[serde(deserialize_with = "lenient")]
    pub resend_in: Option<i64>,
}
