//! The player's session (SPEC §4 Session, §6): sign-up, sign-in, restoring a stored session,
//! the profile, signing out, and the forgotten/reset password flows. The token itself and
//! the shared refresh are the session gate's (app/calls); this feature says when a session
//! starts and ends through `Msg`s.

mod password;
pub mod view;

use crate::app::calls::{
    self, refresh::REFRESH_PATH, Answer, Auth, Endpoint, ResponseError, Route,
};
use crate::app::effect::{LogLevel, Method};
use crate::app::feature::{Cx, Feature, Hook, Msg, SessionChange};
use crate::app::forms::{self, FormState};
use crate::app::registration::{self, Registration};
use crate::app::registry::{FormId, Req};
use crate::app::wire::{LoginResponse, Profile};
use crate::domain::analytics::AnalyticsEvent;
use crate::domain::modal::MODAL_PARAM;
use crate::domain::validation::{self, Rule, Scenario};
use serde::Serialize;
use std::rc::Rc;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Session {
    pub profile: Option<Profile>,
    pub sign_up: FormState,
    pub sign_in: FormState,
    /// Forgotten password: the e-mail to send a reset link to.
    pub forgot_pass: FormState,
    /// Reset password: the code from the e-mail and the new password.
    pub reset_pass: FormState,
    /// The registration scenario's rules and countries were asked on this page (their answers
    /// go to `Shared::registration` through `Msg::Registration`).
    pub registration_asked: bool,
}

#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum SessionUi {
    SignOut,
}

/// `POST /api/auth/register` (SPEC §7): the credentials (the password exactly as typed), the
/// referrer and bot (`null` without one), and what every registration sends.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RegisterBody<'a> {
    pub email: String,
    pub password: String,
    pub ref_id: Option<&'a str>,
    pub bot_url: Option<&'a str>,
    #[serde(flatten)]
    pub common: registration::SignUpCommon<'a>,
}

/// `POST /api/auth/login`; the affiliate tag is `null` without one.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LoginBody<'a> {
    pub email: String,
    pub password: String,
    pub source: &'a str,
    pub platform: &'a str,
    pub affiliate_tag: Option<&'a str>,
}

/// A password reset asked for an address.
#[derive(Serialize)]
pub struct ResetBody {
    pub email: String,
}

/// The new password with the mailed code (snake_case confirmation, as the API names it).
#[derive(Serialize)]
pub struct NewPasswordBody {
    pub code: String,
    pub password: String,
    pub password_confirmation: String,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Call {
    Register,
    Login,
    Logout,
    /// Sent by the session gate itself (app/calls/refresh.rs).
    Refresh,
    Profile,
    /// POST /api/player/passwords/reset (forgot password).
    PasswordReset,
    /// POST /api/player/passwords/confirm (reset password).
    PasswordConfirm,
    /// GET /api/player/fields/validations?scenario=registration (SPEC §5, §7).
    RegistrationRules,
    /// GET /api/settings/countries, for a country the registration requires.
    Countries,
}

impl Endpoint for Call {
    fn endpoint(&self) -> Route {
        use Method::Post;
        match self {
            // Captcha token and visitor fingerprint added by the runtime (`guarded`).
            Call::Register => Route::write(Post, "/api/player/register", Auth::Public)
                .source()
                .guarded(),
            Call::Login => Route::write(Post, "/api/player/sessions", Auth::Public)
                .source()
                .guarded(),
            Call::Logout => Route::write(Post, "/api/player/sessions/logout", Auth::AsIs),
            Call::Refresh => Route::write(Post, REFRESH_PATH, Auth::AsIs),
            Call::Profile => Route::get("/api/player/profile", Auth::Player),
            Call::PasswordReset => {
                Route::write(Post, "/api/player/passwords/reset", Auth::Public).guarded()
            }
            Call::PasswordConfirm => {
                Route::write(Post, "/api/player/passwords/confirm", Auth::Public)
            }
            Call::RegistrationRules => Route::get("/api/player/fields/validations", Auth::Public)
                .query(&[("scenario", Scenario::Registration.as_str())]),
            Call::Countries => Route::get("/api/settings/countries", Auth::Public),
        }
    }
}

impl Feature for Session {
    type Ui = SessionUi;
    type Call = Call;
    type Tick = ();

    fn ui(&mut self, event: SessionUi, cx: &mut Cx) {
        let SessionUi::SignOut = event;
        cx.msg(Msg::SignOut);
    }

    fn hook(&mut self, hook: &Hook, cx: &mut Cx) -> bool {
        match hook {
            Hook::Session(SessionChange::Restoring) => {
                cx.call(Req::Session(Call::Profile), None);
                false
            }
            // A sign-in whose answer carried no profile we keep (the messenger's): load it.
            Hook::Session(SessionChange::Started { .. }) if self.profile.is_none() => {
                cx.call(Req::Session(Call::Profile), None);
                false
            }
            // The profile changed elsewhere (a new nickname): the header's name follows.
            Hook::Signal(crate::app::feature::Signal::ProfileChanged) => {
                if self.profile.is_some() {
                    cx.call(Req::Session(Call::Profile), None);
                }
                false
            }
            Hook::Session(SessionChange::Ended) => {
                self.profile = None;
                password::follow_route(self, cx);
                true
            }
            Hook::Session(_) | Hook::Navigated { .. } => {
                self.ask_registration(cx);
                let changed = password::follow_route(self, cx);
                if changed {
                    cx.forms_changed();
                }
                changed
            }
            _ => false,
        }
    }

    fn answered(&mut self, call: Call, answer: Answer, cx: &mut Cx) {
        match call {
            Call::Register | Call::Login => self.logged_in(call == Call::Register, answer, cx),
            Call::Profile => self.profile_loaded(answer, cx),
            Call::Logout => {
                if let Err(e) = answer {
                    cx.log_err(LogLevel::Info, "logout", &e);
                }
            }
            Call::PasswordReset => password::reset_sent(self, answer, cx),
            Call::PasswordConfirm => password::confirmed(self, answer, cx),
            // The gate reads the refresh's answer itself.
            Call::Refresh => {}
            Call::RegistrationRules => self.registration_rules(answer, cx),
            Call::Countries => match calls::read_json(answer) {
                Ok(v) => {
                    let mut r = Registration::clone(&cx.shared.registration);
                    r.countries = crate::app::wire::countries(&v);
                    cx.msg(Msg::Registration(Rc::new(r)));
                }
                Err(e) => cx.log_err(LogLevel::Warn, "countries", &e),
            },
        }
    }

    fn form_rules(&self, form: FormId) -> Vec<(String, Vec<Rule>)> {
        rules(form)
    }

    fn form(&mut self, form: FormId) -> Option<&mut FormState> {
        Some(match form {
            FormId::SignUp => &mut self.sign_up,
            FormId::SignIn => &mut self.sign_in,
            FormId::ForgotPass => &mut self.forgot_pass,
            FormId::ResetPass => &mut self.reset_pass,
            _ => return None,
        })
    }

    fn form_state(&self, form: FormId) -> Option<&FormState> {
        Some(match form {
            FormId::SignUp => &self.sign_up,
            FormId::SignIn => &self.sign_in,
            FormId::ForgotPass => &self.forgot_pass,
            FormId::ResetPass => &self.reset_pass,
            _ => return None,
        })
    }

    fn submit(&mut self, form: FormId, cx: &mut Cx) {
        let (req, body) = match form {
            FormId::SignUp => {
                let s = &self.sign_up;
                let body = RegisterBody {
                    email: s.text("email"),
                    password: s.raw_text("password"),
                    ref_id: cx.shared.affiliate.ref_id.as_deref(),
                    bot_url: cx.shared.affiliate.bot_url.as_deref(),
                    common: registration::sign_up(&rules(FormId::SignUp), s, cx),
                };
                (Call::Register, crate::json::body(&body))
            }
            FormId::SignIn => {
                let s = &self.sign_in;
                let body = LoginBody {
                    email: s.text("email"),
                    password: s.raw_text("password"),
                    source: cx.config.source(),
                    platform: &cx.config.platform,
                    affiliate_tag: cx.shared.affiliate.stag.as_deref(),
                };
                (Call::Login, crate::json::body(&body))
            }
            FormId::ForgotPass => {
                let body = ResetBody {
                    email: self.forgot_pass.text("email"),
                };
                (Call::PasswordReset, crate::json::body(&body))
            }
            FormId::ResetPass => {
                let s = &self.reset_pass;
                let body = NewPasswordBody {
                    code: s.text("code"),
                    password: s.raw_text("password"),
                    password_confirmation: s.raw_text("password_confirmation"),
                };
                (Call::PasswordConfirm, crate::json::body(&body))
            }
            _ => return,
        };
        cx.call(Req::Session(req), Some(body));
    }
}

/// A form's call failed. Too many attempts (429) says how long to wait, from the answer's
/// `retryAfter`; everything else is the forms' usual handling. What was typed stays.
pub(super) fn failed(state: &mut FormState, form: FormId, e: ResponseError, cx: &mut Cx) {
    if let ResponseError::Status { status: 429, error } = &e {
        cx.forms_changed();
        state.submitting = false;
        state.error = Some(cx.wait_message(error.retry_after));
        return;
    }
    let mut own = rules(form);
    if registration::is_sign_up(form) {
        own = cx.shared.registration.merge(own);
    }
    forms::failed(state, &own, e, cx);
}

/// Fields and rules (SPEC §5): required where the form needs the value, plus the spec's
/// field rules.
pub fn rules(form: FormId) -> Vec<(String, Vec<Rule>)> {
    match form {
        FormId::SignUp => forms::required_fields(
            &["email", "password", "currency", "agreements"],
            |f| match f {
                "currency" => Some(vec![Rule::Required]),
                // "accepted" says what is missing better than "required" would.
                "agreements" => Some(validation::field_rules(f)),
                _ => None,
            },
        ),
        // Sign-in checks only presence and shape: an old account may predate min 8.
        FormId::SignIn => forms::required_fields(&["email", "password"], |f| {
            (f == "password").then(|| vec![Rule::Required])
        }),
        FormId::ForgotPass => forms::required_fields(&["email"], |_| None),
        FormId::ResetPass => forms::required_fields(
            &["code", "password", "password_confirmation"],
            |f| match f {
                // The reset code is checked by the server.
                "code" => Some(vec![Rule::Required]),
                // Its own rules start with required.
                "password_confirmation" => Some(validation::field_rules(f)),
                _ => None,
            },
        ),
        _ => Vec::new(),
    }
}

/// Modals that hold a sign-up form (the phone's sign-up step is in code-verify).
const SIGN_UP_MODALS: [&str; 2] = ["sign-up", "code-verify"];

impl Session {
    /// A guest opened a way to sign up: ask once per page for the registration scenario's
    /// rules (and the countries a required country field offers).
    fn ask_registration(&mut self, cx: &mut Cx) {
        let modal = cx.shared.location.query_value(MODAL_PARAM);
        if self.registration_asked
            || cx.shared.is_player()
            || !modal.is_some_and(|m| SIGN_UP_MODALS.contains(&m))
        {
            return;
        }
        self.registration_asked = true;
        cx.call(Req::Session(Call::RegistrationRules), None);
        cx.call(Req::Session(Call::Countries), None);
    }

    fn registration_rules(&mut self, answer: Answer, cx: &mut Cx) {
        match calls::read_json(answer) {
            Ok(v) => {
                let (rules, warnings) = Registration::read_rules(&v);
                for w in warnings {
                    cx.log(LogLevel::Warn, &w);
                }
                let mut r = Registration::clone(&cx.shared.registration);
                r.rules = rules;
                cx.msg(Msg::Registration(Rc::new(r)));
            }
            // The product's rules stand alone; the server checks again on register. The next
            // opening asks again.
            Err(e) => {
                cx.log_err(LogLevel::Warn, "registration rules", &e);
                self.registration_asked = false;
            }
        }
    }

    /// Register or login answered.
    fn logged_in(&mut self, register: bool, answer: Answer, cx: &mut Cx) {
        let form = if register {
            FormId::SignUp
        } else {
            FormId::SignIn
        };
        match calls::read::<LoginResponse>(answer) {
            Ok(login) => {
                if let Some(state) = self.form(form) {
                    state.reset();
                }
                cx.forms_changed();
                let player_id = login.profile.id;
                let country = login.profile.country.clone();
                self.profile = Some(login.profile);
                cx.msg(Msg::SignedIn {
                    token: login.access_token,
                    player_id,
                    country,
                });
                cx.close_modal();
                cx.welcome(register);
            }
            Err(e) => {
                // The platform refused the registration: it did not finish (SPEC §4 regnotfin).
                if register && matches!(e, ResponseError::Status { .. }) {
                    cx.msg(Msg::Analytics(AnalyticsEvent::Regnotfin));
                }
                if let Some(state) = self.form(form) {
                    failed(state, form, e, cx);
                }
            }
        }
    }

    fn profile_loaded(&mut self, answer: Answer, cx: &mut Cx) {
        match calls::read::<Profile>(answer) {
            Ok(p) => {
                let player_id = p.id;
                let country = p.country.clone();
                self.profile = Some(p);
                cx.msg(Msg::Restored { player_id, country });
            }
            Err(e) => {
                // The token stays: a reload may well succeed once the network is back.
                cx.log_err(LogLevel::Warn, "profile", &e);
                if self.profile.is_none() {
                    cx.msg(Msg::RestoreFailed);
                    cx.error("alerts.network");
                }
            }
        }
    }
}
