//! E-mail confirmation and avatars (SPEC §2 modals email, confirm-email and avatars, the
//! verify-confirmCode page; §7 Player; §8 resend alerts).
//!
//! A player gives an address in the email modal (`verify/send`) with proof that the account is
//! theirs (issue 32 item 4; docs/API.md): the current password, or for a player without one a
//! code the server sends to the confirmed e-mail or the phone (`otp/email/send`). The modal
//! reads which from the profile (`hasPassword`) each time it opens. The mail's code goes into
//! confirm-email (`verify/confirm`), which offers a new mail after the server's wait
//! (`confirmations/email/resend`: an attention alert, or the generic one when refused). The
//! mail's link leads to `/verify/{confirmCode}`, which confirms with the code alone, signed in
//! or not. The avatars modal lists the pictures (`avatar/list`) and sets one
//! (`avatar/set-avatar`). A change tells the others (`Signal::ProfileChanged`): the profile
//! page and the header reload the profile.

pub mod view;

use serde::{Deserialize, Serialize};

use crate::app::calls::{self, Answer, Auth, Endpoint, ResponseError, Route};
use crate::app::effect::{LogLevel, Method};
use crate::app::feature::{Cx, Feature, Hook, Msg, SessionChange, Signal};
use crate::app::forms::{self, FormState};
use crate::app::registry::{FormId, Req};
use crate::app::wire::lenient;
use crate::domain::alert::Alert;
use crate::domain::route::RouteName;
use crate::domain::validation::Rule;
use crate::json::readable_items;
use crate::json::Json;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Verify {
    /// email modal: the address, and the proof of the owner (`currentPassword` or `code`).
    pub address: FormState,
    /// What the email modal asks for; `None` until the profile said (loaded when it opens).
    pub proof: Option<Proof>,
    pub proof_loading: bool,
    /// The owner code: where it went, when another may be asked for.
    pub owner: proof::OwnerCode,
    /// confirm-email modal: the mail's code.
    pub code: FormState,
    /// The address the last mail went to (`None` before one is sent from here).
    pub sent_to: Option<String>,
    /// Unix ms from which another mail may be asked for.
    pub resend_at: u64,
    pub resending: bool,
    /// The verify page's code, once tried, and how it went.
    pub link_code: String,
    pub link: LinkStatus,
    /// The address confirmed here (the verify page's link or the confirm-email modal's code).
    pub link_email: String,
    /// The avatars modal: `[id, url]`, once loaded.
    pub avatars: Vec<[String; 2]>,
    pub listing: bool,
    /// The avatar asked for (kept when refused).
    pub chosen: Option<String>,
    pub avatar_busy: bool,
    pub avatar_error: Option<String>,
}

use crate::app::proof;
pub use crate::app::proof::Proof;

/// The verify page's state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum LinkStatus {
    #[default]
    Idle,
    Checking,
    Confirmed,
    Expired,
    Used,
    Invalid,
    /// No answer, or one we could not read: the page may try again.
    Failed,
}

#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum VerifyUi {
    /// Another confirmation mail (once the wait is over).
    EmailResend,
    /// The owner code for a player without a password (once the wait is over).
    OwnerCode,
    AvatarChoose {
        id: String,
    },
    /// The verify page tries its code again (after a failure to reach the server).
    VerifyRetry,
}

/// The address to confirm, with the proof the server asked for (left out when none).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SendBody {
    pub email: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub current_password: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
}

/// A one-time code: the mailed one, or the confirmation link's.
#[derive(Serialize)]
pub struct CodeBody<'a> {
    pub code: &'a str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AvatarBody<'a> {
    pub avatar_id: &'a str,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Call {
    Send,
    Confirm,
    /// The verify page's code, without the session (a mail link works in any browser).
    Link,
    Resend,
    Avatars,
    SetAvatar,
    /// The profile, for what the email modal asks (`hasPassword`).
    Owner,
    /// The owner code (`otp/email/send`, no body).
    OwnerCode,
}

const CONFIRM: &str = "/api/player/profile/email/verify/confirm";

impl Endpoint for Call {
    fn endpoint(&self) -> Route {
        let post = |path, auth| Route::write(Method::Post, path, auth);
        match self {
            Call::Send => post("/api/player/profile/email/verify/send", Auth::Player),
            Call::Confirm => post(CONFIRM, Auth::Player),
            Call::Link => post(CONFIRM, Auth::Public),
            Call::Resend => post(
                "/api/player/profile/confirmations/email/resend",
                Auth::Player,
            ),
            Call::Avatars => Route::get("/api/player/avatar/list", Auth::Player),
            Call::SetAvatar => post("/api/player/avatar/set-avatar", Auth::Player),
            Call::Owner => Route::get("/api/player/profile", Auth::Player),
            Call::OwnerCode => post("/api/player/otp/email/send", Auth::Player),
        }
    }
}

/// `GET` the avatars a player may choose (SPEC §7): `[{id, url}]`.
#[derive(Deserialize)]
struct Avatars(#[serde(deserialize_with = "readable_items")] Vec<Avatar>);

#[derive(Deserialize)]
struct Avatar {
    id: String,
    url: String,
}

impl Feature for Verify {
    type Ui = VerifyUi;
    type Call = Call;
    type Tick = ();
    // Read in the group's chunk (`Group::read`); the lib test checks the list.
    const INTENTS: &'static [&'static str] =
        &["avatarChoose", "emailResend", "ownerCode", "verifyRetry"];

    fn ui(&mut self, event: VerifyUi, cx: &mut Cx) {
        match event {
            VerifyUi::EmailResend => {
                if cx.shared.is_player() && !self.resending && cx.now >= self.resend_at {
                    self.resending = true;
                    cx.call(Req::Verify(Call::Resend), None);
                }
            }
            VerifyUi::OwnerCode => {
                if cx.shared.is_player()
                    && self.proof == Some(Proof::Code)
                    && self.owner.start(cx.now)
                {
                    self.address.error = None;
                    cx.forms_changed();
                    cx.call(Req::Verify(Call::OwnerCode), None);
                }
            }
            VerifyUi::AvatarChoose { id } => {
                if cx.shared.is_player() && !self.avatar_busy {
                    self.avatar_busy = true;
                    self.avatar_error = None;
                    let body = crate::json::body(&AvatarBody { avatar_id: &id });
                    self.chosen = Some(id);
                    cx.call(Req::Verify(Call::SetAvatar), Some(body));
                }
            }
            VerifyUi::VerifyRetry => {
                if self.link == LinkStatus::Failed {
                    self.link_code.clear();
                    self.follow(cx);
                }
            }
        }
    }

    fn hook(&mut self, hook: &Hook, cx: &mut Cx) -> bool {
        match hook {
            // A mail from here is no one else's (signing out leaves for home).
            Hook::Session(SessionChange::Ended) => {
                *self = Verify::default();
                cx.forms_changed();
                true
            }
            Hook::Session(_) | Hook::Navigated { .. } => {
                let mut changed = self.follow(cx);
                // Each opening asks again: a password may have been set meanwhile.
                let opened = match hook {
                    Hook::Navigated { from } => from.query_value("modal") != Some("email"),
                    _ => self.proof.is_none(),
                };
                if opened
                    && cx.shared.is_player()
                    && cx.shared.location.query_value("modal") == Some("email")
                    && !self.proof_loading
                {
                    self.proof_loading = true;
                    cx.call(Req::Verify(Call::Owner), None);
                    changed = true;
                }
                if cx.shared.is_player()
                    && cx.shared.location.query_value("modal") == Some("avatars")
                    && self.avatars.is_empty()
                    && !self.listing
                {
                    self.listing = true;
                    self.avatar_error = None;
                    cx.call(Req::Verify(Call::Avatars), None);
                    changed = true;
                }
                changed
            }
            _ => false,
        }
    }

    fn answered(&mut self, call: Call, answer: Answer, cx: &mut Cx) {
        match call {
            Call::Send => match calls::read_json(answer) {
                Ok(v) => {
                    self.sent(v, cx);
                    self.code.reset();
                    // The password is not kept past its use; the owner code is spent.
                    self.address.values.remove("currentPassword");
                    self.address.values.remove("code");
                    self.owner.sent_to = None;
                    cx.open_modal("confirm-email");
                }
                Err(e) => self.send_refused(e, cx),
            },
            Call::Owner => {
                self.proof_loading = false;
                let profile = proof::Factors::read(answer, "email owner", cx);
                self.proof = Some(proof::from_profile(&profile));
                cx.forms_changed();
            }
            Call::OwnerCode => {
                cx.forms_changed();
                match self.owner.answered(answer, cx.now) {
                    Ok(()) => {}
                    Err(ResponseError::Status { status: 429, error }) => {
                        self.address.error = Some(cx.wait_message(error.retry_after));
                    }
                    Err(ResponseError::Status { error, .. }) if error.code == "owner_unproven" => {
                        self.address.error = Some(cx.text("modals.emailForm.noProof"));
                    }
                    Err(ResponseError::Status { error, .. })
                        if error.code == "password_required" =>
                    {
                        self.proof = Some(Proof::Password);
                    }
                    Err(e) => {
                        cx.log_err(LogLevel::Warn, "email owner code", &e);
                        cx.error("alerts.somethingWrong");
                    }
                }
            }
            Call::Resend => {
                self.resending = false;
                match calls::read_json(answer) {
                    Ok(v) => {
                        self.sent(v, cx);
                        cx.alert(
                            Alert::warning("alerts.emailResent")
                                .with_description("alerts.emailResentDescription"),
                        );
                    }
                    Err(e) => {
                        if let ResponseError::Status { status: 429, error } = &e {
                            self.wait(error.retry_after, cx);
                        }
                        cx.log_err(LogLevel::Warn, "email resend", &e);
                        cx.error("alerts.somethingWrong");
                    }
                }
            }
            Call::Confirm => match calls::read_json(answer) {
                Ok(v) => {
                    self.code.reset();
                    self.address.reset();
                    self.sent_to = None;
                    self.link_email = crate::json::from_json::<Sent>(v).unwrap_or_default().email;
                    cx.forms_changed();
                    // The confirm modal says so: the profile is confirmed now
                    // ('profileConfirmed', address.rs).
                    cx.open_modal("confirm");
                    cx.msg(Msg::Signal(Signal::ProfileChanged));
                }
                Err(e) => {
                    // A burned or expired code: a new mail may be asked for at once.
                    if matches!(&e, ResponseError::Status { error, .. } if error.code == "code_expired")
                    {
                        self.resend_at = 0;
                    }
                    forms::refused(&mut self.code, &code_rules(), e, cx)
                }
            },
            Call::Link => {
                self.link = match calls::read_json(answer) {
                    Ok(v) => {
                        self.link_email =
                            crate::json::from_json::<Sent>(v).unwrap_or_default().email;
                        if cx.shared.is_player() {
                            cx.msg(Msg::Signal(Signal::ProfileChanged));
                        }
                        LinkStatus::Confirmed
                    }
                    Err(ResponseError::Status { error, .. }) => match error.code.as_str() {
                        "code_expired" => LinkStatus::Expired,
                        "code_used" => LinkStatus::Used,
                        "code_invalid" => LinkStatus::Invalid,
                        _ => LinkStatus::Failed,
                    },
                    Err(e) => {
                        cx.log_err(LogLevel::Warn, "email link", &e);
                        LinkStatus::Failed
                    }
                };
            }
            Call::Avatars => {
                self.listing = false;
                // Avatars without a text id and address are left out; anything but a list
                // is refused.
                let list = answer.and_then(|t| {
                    crate::json::from_str::<Avatars>(&t).map_err(ResponseError::Malformed)
                });
                match list {
                    Ok(Avatars(list)) => {
                        self.avatars = list.into_iter().map(|a| [a.id, a.url]).collect();
                    }
                    Err(e) => {
                        cx.log_err(LogLevel::Warn, "avatars", &e);
                        self.avatar_error = Some(cx.text("alerts.somethingWrong"));
                    }
                }
            }
            Call::SetAvatar => {
                self.avatar_busy = false;
                match answer {
                    Ok(_) => {
                        self.chosen = None;
                        cx.close_modal();
                        cx.success("alerts.avatarChanged");
                        cx.msg(Msg::Signal(Signal::ProfileChanged));
                    }
                    // The choice stays, with the server's reason.
                    Err(e) => {
                        cx.log_err(LogLevel::Warn, "set avatar", &e);
                        self.avatar_error = Some(match e {
                            ResponseError::Status { error, .. } if !error.message.is_empty() => {
                                error.message
                            }
                            _ => cx.text("alerts.somethingWrong"),
                        });
                    }
                }
            }
        }
    }

    fn form_rules(&self, form: FormId) -> Vec<(String, Vec<Rule>)> {
        if form == FormId::EmailAddress {
            address_rules(self.proof)
        } else {
            code_rules()
        }
    }

    fn form(&mut self, form: FormId) -> Option<&mut FormState> {
        match form {
            FormId::EmailAddress => Some(&mut self.address),
            FormId::EmailCode => Some(&mut self.code),
            _ => None,
        }
    }

    fn form_state(&self, form: FormId) -> Option<&FormState> {
        match form {
            FormId::EmailAddress => Some(&self.address),
            FormId::EmailCode => Some(&self.code),
            _ => None,
        }
    }

    fn submit(&mut self, form: FormId, cx: &mut Cx) {
        if form == FormId::EmailAddress {
            let given = proof::given(self.proof, &self.address, "code");
            let body = SendBody {
                email: self.address.text("email"),
                current_password: given.current_password,
                code: given.code,
            };
            cx.send(Req::Verify(Call::Send), &body);
        } else {
            let code = self.code.text("code");
            cx.send(Req::Verify(Call::Confirm), &CodeBody { code: &code });
        }
    }
}

/// The address, and the proof the modal asks for (SPEC §5: currentPassword required; the code
/// is six digits like every one-time code here).
fn address_rules(proof: Option<Proof>) -> Vec<(String, Vec<Rule>)> {
    let mut rules = forms::required_fields(&["email"], |_| None);
    rules.extend(proof::rule(proof, "code"));
    rules
}

fn code_rules() -> Vec<(String, Vec<Rule>)> {
    vec![("code".into(), proof::one_time_code())]
}

impl Verify {
    /// The email modal's refusal, on its fields: what the player typed stays. A proof the
    /// server asks for that the modal did not show switches the modal to it; the "needed"
    /// answers read the localised text.
    fn send_refused(&mut self, e: ResponseError, cx: &mut Cx) {
        let needed = proof::needed(&e, "code");
        if let Some((proof, _, _)) = needed {
            self.proof = Some(proof);
        }
        forms::refused(&mut self.address, &address_rules(self.proof), e, cx);
        if let Some((_, field, key)) = needed {
            let text = cx.text(&format!("modals.emailForm.{key}"));
            self.address.server_errors.insert(field.into(), text);
            self.address.error = None;
        }
    }

    /// A mail went out.
    fn sent(&mut self, v: Json, cx: &mut Cx) {
        let sent = crate::json::from_json::<Sent>(v).unwrap_or_default();
        self.sent_to = Some(sent.email);
        self.address.submitting = false;
        self.wait(sent.resend_in.map(|s| s as f64), cx);
        cx.forms_changed();
    }

    /// The next mail waits `secs` (the server's word; a minute without one).
    fn wait(&mut self, secs: Option<f64>, cx: &Cx) {
        self.resend_at = cx.now + secs.unwrap_or(60.0).clamp(0.0, 3600.0) as u64 * 1000;
    }

    /// On `/verify/{confirmCode}` once the session is known: confirm with that code, once.
    fn follow(&mut self, cx: &mut Cx) -> bool {
        let Some(code) = cx
            .shared
            .page_code(RouteName::VerifyConfirmCode, "confirmCode")
        else {
            return false;
        };
        if code == self.link_code {
            return false;
        }
        self.link_code = code.to_string();
        self.link = LinkStatus::Checking;
        cx.send(Req::Verify(Call::Link), &CodeBody { code });
        true
    }
}

/// A mail sent (`{email, resendIn}`), or an address confirmed (`{email}`); odd or missing
/// fields are empty.
#[derive(Debug, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Sent {
    #[serde(deserialize_with = "lenient")]
    pub email: String,
    #[serde(deserialize_with = "lenient")]
    pub resend_in: Option<i64>,
}
