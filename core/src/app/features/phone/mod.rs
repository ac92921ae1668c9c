//! Phone sign-in and sign-up with a one-time code, and confirming a phone for the profile
//! (SPEC §1 sign-in ways, §2 modals get-code, code-verify and phone, §7 otp/send, otp/verify,
//! register/phone).
//!
//! A guest gives a number in get-code; the code goes by SMS and code-verify asks for it, with
//! a resend countdown (the server says how long). A number that has an account signs in; a new
//! one continues in code-verify with the sign-up fields (currency, agreements) and the verified
//! code finishes the registration. A player uses the phone modal the same way to confirm a
//! number for the profile. The server counts wrong codes: after the third it refuses the code
//! (`otp_expired`) and the player asks for a new one.
//!
//! A player setting a phone on an account that already has a password, a confirmed e-mail or
//! a phone proves it is theirs in code-verify (issue 32 item 4): the current password, or an
//! owner code (`otp/email/send`) in `ownerCode`, chosen from the profile like the email modal
//! (`app::proof`, shared with the email modal). A messenger player's first phone needs its code alone.

pub mod view;

use crate::app::calls::{self, Answer, Auth, Endpoint, ResponseError, Route};
use crate::app::effect::{LogLevel, Method};
use crate::app::feature::{Cx, Feature, Hook, Msg, SessionChange, Signal};
use crate::app::forms::{self, FormState};
use crate::app::proof::{self, Proof};
use crate::app::registry::{FormId, Req};
use crate::app::wire::LoginResponse;
use crate::domain::analytics::AnalyticsEvent;
use crate::domain::validation::Rule;
use serde::{Deserialize, Serialize};

/// Digits of a code until the server says otherwise.
const DEFAULT_LENGTH: u32 = 6;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Phone {
    /// get-code / phone: the number.
    pub number: FormState,
    /// code-verify: the code.
    pub code: FormState,
    /// code-verify after a new number's code: currency and agreements.
    pub sign_up: FormState,
    /// The number the code went to, as the server wrote it; `None` before a code is sent.
    pub sent_to: Option<String>,
    /// The code is for the player's profile (phone modal), not a guest's sign-in.
    pub for_profile: bool,
    /// Digits in a code (the send answer's `length`).
    pub length: u32,
    /// Unix ms from which another code may be asked for.
    pub resend_at: u64,
    /// A resend is in flight.
    pub resending: bool,
    /// The code was verified for a number without an account: the sign-up step.
    pub new_player: bool,
    /// A player's code-verify: the proof of the owner it asks for (`None`: none, or the
    /// profile is loading).
    pub proof: Option<Proof>,
    pub proof_loading: bool,
    /// The owner code: where it went, when another may be asked for.
    pub owner: proof::OwnerCode,
}

/// The owner code's field in code-verify (`code` is the phone's own).
const OWNER_CODE: &str = "ownerCode";

#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum PhoneUi {
    /// Send another code to the same number (once the countdown is over).
    PhoneResend,
    /// Back to the number, keeping it (a typo in it).
    PhoneChangeNumber,
    /// The owner code for a player without a password (once the wait is over).
    PhoneOwnerCode,
}

/// The number a code is sent to.
#[derive(Serialize)]
pub struct NumberBody<'a> {
    pub phone: &'a str,
}

/// The code sent to `phone`; in the profile, with the proof the server asked for (the owner's
/// code as `ownerCode`), left out when none.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct VerifyBody<'a> {
    pub phone: &'a str,
    pub code: String,
    pub source: &'a str,
    pub platform: &'a str,
    pub affiliate_tag: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub current_password: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub owner_code: Option<String>,
}

/// A phone registration: the verified number (`null` if none was sent from here), its code,
/// and what every registration sends.
#[derive(Serialize)]
pub struct RegisterBody<'a> {
    pub phone: Option<&'a str>,
    pub code: String,
    #[serde(flatten)]
    pub common: crate::app::registration::SignUpCommon<'a>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Call {
    /// `otp/send`; `profile` with the player's token.
    Send {
        profile: bool,
        resend: bool,
    },
    Verify {
        profile: bool,
    },
    Register,
    /// The profile, for the proof a player's code-verify asks for.
    Owner,
    /// The owner code (`otp/email/send`, no body).
    OwnerCode,
}

impl Endpoint for Call {
    fn endpoint(&self) -> Route {
        match self {
            Call::Send { profile, .. } => Route::write(
                Method::Post,
                "/api/player/otp/send",
                if *profile { Auth::Player } else { Auth::Public },
            ),
            // A player's confirmation is not a sign-in.
            Call::Verify { profile: true } => {
                Route::write(Method::Post, "/api/player/otp/verify", Auth::Player)
            }
            // A guest's verify may sign in, and register/phone creates a player: like the login
            // they send source and platform, and the runtime adds the fingerprints (`guarded`).
            Call::Verify { profile: false } => {
                Route::write(Method::Post, "/api/player/otp/verify", Auth::Public)
                    .source()
                    .guarded()
            }
            Call::Register => {
                Route::write(Method::Post, "/api/player/register/phone", Auth::Public)
                    .source()
                    .guarded()
            }
            Call::Owner => Route::get("/api/player/profile", Auth::Player),
            Call::OwnerCode => {
                Route::write(Method::Post, "/api/player/otp/email/send", Auth::Player)
            }
        }
    }
}

/// The code check's answer for a number without an account is `{registered: false}` (any other
/// answer is a sign-in's); a `registered` of another type counts as absent.
#[derive(Deserialize)]
struct Known {
    #[serde(default, deserialize_with = "crate::json::lenient")]
    registered: Option<bool>,
}

impl Feature for Phone {
    type Ui = PhoneUi;
    type Call = Call;
    type Tick = ();
    // Read in the group's chunk (`Group::read`); the lib test checks the list.
    const INTENTS: &'static [&'static str] =
        &["phoneResend", "phoneChangeNumber", "phoneOwnerCode"];

    fn ui(&mut self, event: PhoneUi, cx: &mut Cx) {
        match event {
            PhoneUi::PhoneResend => {
                let Some(to) = self.sent_to.clone() else {
                    return;
                };
                // The countdown is the server's rule too; asking early would only be refused.
                if self.resending || cx.now < self.resend_at {
                    return;
                }
                self.resending = true;
                let profile = self.for_profile;
                cx.call(
                    Req::Phone(Call::Send {
                        profile,
                        resend: true,
                    }),
                    Some(crate::json::body(&NumberBody { phone: &to })),
                );
            }
            PhoneUi::PhoneOwnerCode => {
                if self.for_profile && self.proof == Some(Proof::Code) && self.owner.start(cx.now) {
                    self.code.error = None;
                    cx.forms_changed();
                    cx.call(Req::Phone(Call::OwnerCode), None);
                }
            }
            PhoneUi::PhoneChangeNumber => {
                self.new_player = false;
                self.code = FormState::default();
                cx.forms_changed();
                cx.open_modal(self.number_modal());
            }
        }
    }

    fn hook(&mut self, hook: &Hook, cx: &mut Cx) -> bool {
        match hook {
            // A guest's code cannot serve a player, nor the reverse.
            Hook::Session(SessionChange::Started { .. } | SessionChange::Ended) => {
                *self = Phone::default();
                cx.forms_changed();
                true
            }
            _ => false,
        }
    }

    fn answered(&mut self, call: Call, answer: Answer, cx: &mut Cx) {
        match call {
            Call::Send { profile, resend } => self.sent(profile, resend, answer, cx),
            Call::Verify { profile } => self.verified(profile, answer, cx),
            Call::Owner => {
                self.proof_loading = false;
                let profile = proof::Factors::read(answer, "phone owner", cx);
                self.proof = proof::has_factor(&profile).then(|| proof::from_profile(&profile));
                cx.forms_changed();
            }
            Call::OwnerCode => self.owner_code_sent(answer, cx),
            Call::Register => match calls::read::<LoginResponse>(answer) {
                Ok(login) => {
                    signed_in(login, cx);
                    cx.welcome(true);
                }
                Err(e) => {
                    // The platform refused the registration (SPEC §4 regnotfin).
                    if matches!(e, ResponseError::Status { .. }) {
                        cx.msg(Msg::Analytics(AnalyticsEvent::Regnotfin));
                    }
                    self.code_refused(FormId::PhoneSignUp, e, cx)
                }
            },
        }
    }

    fn form_rules(&self, form: FormId) -> Vec<(String, Vec<Rule>)> {
        match form {
            FormId::PhoneNumber => forms::required_fields(&["phone"], |_| None),
            FormId::PhoneCode => {
                let mut rules = vec![(
                    "code".into(),
                    vec![Rule::Required, Rule::Digits(self.code_length())],
                )];
                if self.for_profile {
                    rules.extend(proof::rule(self.proof, OWNER_CODE));
                }
                rules
            }
            FormId::PhoneSignUp => {
                forms::required_fields(&["currency", "agreements"], |f| match f {
                    "currency" => Some(vec![Rule::Required]),
                    _ => Some(vec![Rule::Accepted]),
                })
            }
            _ => Vec::new(),
        }
    }

    fn form(&mut self, form: FormId) -> Option<&mut FormState> {
        match form {
            FormId::PhoneNumber => Some(&mut self.number),
            FormId::PhoneCode => Some(&mut self.code),
            FormId::PhoneSignUp => Some(&mut self.sign_up),
            _ => None,
        }
    }

    fn form_state(&self, form: FormId) -> Option<&FormState> {
        match form {
            FormId::PhoneNumber => Some(&self.number),
            FormId::PhoneCode => Some(&self.code),
            FormId::PhoneSignUp => Some(&self.sign_up),
            _ => None,
        }
    }

    fn submit(&mut self, form: FormId, cx: &mut Cx) {
        let profile = cx.shared.is_player();
        match form {
            FormId::PhoneNumber => {
                let phone = self.number.text("phone");
                let body = crate::json::body(&NumberBody { phone: &phone });
                cx.call(
                    Req::Phone(Call::Send {
                        profile,
                        resend: false,
                    }),
                    Some(body),
                );
            }
            FormId::PhoneCode => {
                let Some(to) = &self.sent_to else {
                    // Reopened from the address after a reload: no code was sent from here.
                    self.code.submitting = false;
                    self.code.error = Some(cx.text("modals.codeVerify.noCode"));
                    cx.forms_changed();
                    return;
                };
                let given = if profile && self.for_profile {
                    proof::given(self.proof, &self.code, OWNER_CODE)
                } else {
                    proof::Given::default()
                };
                let body = VerifyBody {
                    phone: to,
                    code: self.code.text("code"),
                    source: cx.config.source(),
                    platform: &cx.config.platform,
                    affiliate_tag: cx.shared.affiliate.stag.as_deref(),
                    current_password: given.current_password,
                    owner_code: given.code,
                };
                let body = crate::json::body(&body);
                cx.call(Req::Phone(Call::Verify { profile }), Some(body));
            }
            FormId::PhoneSignUp => {
                let s = &self.sign_up;
                let own = self.form_rules(FormId::PhoneSignUp);
                let body = RegisterBody {
                    phone: self.sent_to.as_deref(),
                    code: self.code.text("code"),
                    common: crate::app::registration::sign_up(&own, s, cx),
                };
                let body = crate::json::body(&body);
                cx.call(Req::Phone(Call::Register), Some(body));
            }
            _ => {}
        }
    }
}

impl Phone {
    fn code_length(&self) -> u32 {
        if self.length == 0 {
            DEFAULT_LENGTH
        } else {
            self.length
        }
    }

    fn number_modal(&self) -> &'static str {
        if self.for_profile {
            "phone"
        } else {
            "get-code"
        }
    }

    /// `otp/send` answered `{phone, resendIn, length}`: on to the code.
    fn sent(&mut self, profile: bool, resend: bool, answer: Answer, cx: &mut Cx) {
        cx.forms_changed();
        self.resending = false;
        self.number.submitting = false;
        let typed = self.number.text("phone");
        match calls::read_json(answer) {
            Ok(v) => {
                let sent = crate::json::from_json::<Sent>(v).unwrap_or_default();
                let to = sent.phone.unwrap_or(typed);
                let wait = sent.resend_in.unwrap_or(60).clamp(0, 3600);
                self.length = sent
                    .length
                    .and_then(|n| u32::try_from(n).ok())
                    .filter(|n| (4..=10).contains(n))
                    .unwrap_or(DEFAULT_LENGTH);
                self.resend_at = cx.now + wait as u64 * 1000;
                self.sent_to = Some(to);
                self.for_profile = profile;
                self.new_player = false;
                self.code = FormState::default();
                if resend {
                    cx.success("alerts.codeSent");
                } else {
                    if profile {
                        // Each new number asks again: a password may have been set meanwhile.
                        self.proof = None;
                        self.proof_loading = true;
                        self.owner.sent_to = None;
                        cx.call(Req::Phone(Call::Owner), None);
                    }
                    cx.open_modal("code-verify");
                }
            }
            // Asked again too early for the number a code already went to: that code still
            // works, so back to it with the time left.
            Err(ResponseError::Status { status: 429, error })
                if resend
                    || self
                        .sent_to
                        .as_deref()
                        .is_some_and(|s| same_number(s, &typed)) =>
            {
                let secs = error.retry_after.unwrap_or(60.0).clamp(1.0, 3600.0) as u64;
                self.resend_at = cx.now + secs * 1000;
                if !resend {
                    cx.open_modal("code-verify");
                }
            }
            Err(e) => {
                if resend {
                    self.code_refused(FormId::PhoneCode, e, cx);
                } else {
                    let rules = self.form_rules(FormId::PhoneNumber);
                    forms::refused(&mut self.number, &rules, e, cx);
                }
            }
        }
    }

    fn verified(&mut self, profile: bool, answer: Answer, cx: &mut Cx) {
        cx.forms_changed();
        let v = match calls::read_json(answer) {
            Ok(v) => v,
            Err(e) => return self.code_refused(FormId::PhoneCode, e, cx),
        };
        if profile {
            *self = Phone::default();
            cx.close_modal();
            cx.success("alerts.phoneConfirmed");
            cx.msg(Msg::Signal(Signal::ProfileChanged));
        } else if Known::deserialize(&v).is_ok_and(|k| k.registered == Some(false)) {
            // A number without an account: the sign-up fields, same modal.
            self.code.submitting = false;
            self.new_player = true;
        } else {
            match crate::app::wire::Wire::read(&v) {
                Ok(login) => {
                    signed_in(login, cx);
                    cx.welcome(false);
                }
                Err(e) => self.code_refused(FormId::PhoneCode, ResponseError::Malformed(e), cx),
            }
        }
    }

    /// A refused code or sign-up: the reason under the field it names. A code the server no
    /// longer takes (expired, or three wrong) needs a new one: the countdown no longer holds
    /// the player back from asking.
    fn code_refused(&mut self, form: FormId, e: ResponseError, cx: &mut Cx) {
        // An owner code's refusal names `ownerCode`: the phone's code is still good.
        let burned = matches!(&e, ResponseError::Status { error, .. }
            if error.code == "otp_expired" && !error.errors.contains_key(OWNER_CODE));
        let needed = proof::needed(&e, OWNER_CODE).filter(|_| form == FormId::PhoneCode);
        if let Some((p, _, _)) = needed {
            self.proof = Some(p);
        }
        if burned {
            self.resend_at = 0;
            self.new_player = false;
        }
        let mut rules = self.form_rules(form);
        if form == FormId::PhoneSignUp {
            rules = cx.shared.registration.merge(rules);
        }
        let state = if form == FormId::PhoneSignUp && !burned {
            &mut self.sign_up
        } else {
            &mut self.code
        };
        rules.push(("code".into(), Vec::new()));
        forms::refused(state, &rules, e, cx);
        if let Some((_, field, key)) = needed {
            let text = cx.text(&format!("modals.codeVerify.{key}"));
            self.code.server_errors.insert(field.into(), text);
            self.code.error = None;
        }
    }

    /// `otp/email/send` answered: where the owner code went and when another may come.
    fn owner_code_sent(&mut self, answer: Answer, cx: &mut Cx) {
        cx.forms_changed();
        match self.owner.answered(answer, cx.now) {
            Ok(()) => {}
            Err(ResponseError::Status { status: 429, error }) => {
                self.code.error = Some(cx.wait_message(error.retry_after));
            }
            Err(ResponseError::Status { error, .. }) if error.code == "password_required" => {
                self.proof = Some(Proof::Password);
            }
            Err(e) => {
                cx.log_err(LogLevel::Warn, "phone owner code", &e);
                cx.error("alerts.somethingWrong");
            }
        }
    }
}

/// The session starts with the login answer's token.
fn signed_in(login: LoginResponse, cx: &mut Cx) {
    cx.msg(Msg::SignedIn {
        token: login.access_token,
        player_id: login.profile.id,
        country: login.profile.country,
    });
    cx.close_modal();
}

/// Two spellings of one number (`+351 912…` and `+351912…`).
fn same_number(a: &str, b: &str) -> bool {
    a.bytes()
        .filter(u8::is_ascii_digit)
        .eq(b.bytes().filter(u8::is_ascii_digit))
}

/// `otp/send`'s answer (`{phone, resendIn, length}`); odd or missing fields are `None`.
#[derive(Debug, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Sent {
    #[serde(deserialize_with = "crate::app::wire::lenient")]
    pub phone: Option<String>,
    #[serde(deserialize_with = "crate::app::wire::lenient")]
    pub resend_in: Option<i64>,
    #[serde(deserialize_with = "crate::app::wire::lenient")]
    pub length: Option<i64>,
}
