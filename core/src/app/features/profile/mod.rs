//! The player's security pages (SPEC §2 profile sessions, change-pass, change-nickname,
//! confirm-session-logout; §7 Player): open sessions (paged; close one or all others after a
//! confirmation; closing this one signs this tab out), the password change (which ends the
//! other sessions) and the nickname change.

pub mod view;

use view::SessionRow;

use crate::app::calls::{Answer, Auth, Endpoint, ResponseError, Route};
use crate::app::effect::{LogLevel, Method};
use crate::app::feature::{Cx, Feature, Hook, Msg, SessionChange, Signal};
use crate::app::forms::{self, FormState};
use crate::app::registry::{FormId, Req};
use crate::app::wire::Paged;
use crate::domain::alert::Alert;
use crate::domain::validation::Rule;
use crate::json::Json;
use crate::json::{lenient, whole_id, whole_or_none};
use serde::Deserialize;
use serde::Serialize;

/// Sessions per page.
pub const SESSIONS_PER_PAGE: u32 = 10;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Profile {
    pub sessions: Vec<SessionRow>,
    pub page: u32,
    pub pages: u32,
    pub loading: bool,
    pub loaded: bool,
    pub failed: bool,
    /// What the confirm-session-logout modal asks about.
    pub closing: Option<Closing>,
    /// A close is in flight.
    pub busy: bool,
    pub change_pass: FormState,
    pub change_nickname: FormState,
    /// The profile as the profile pages show it (loaded on them).
    pub me: Option<Me>,
    pub me_loading: bool,
    /// Notification settings (receiveEmailPromo, receiveSmsPromo, receiveBonus).
    pub settings: FormState,
    /// Account settings: the language the account is written to in.
    pub account: FormState,
    /// The personal page's form (SPEC §3 form fields, §5 server rules of scenario profile).
    pub personal: FormState,
    /// The server's answer with its rules for the profile scenario (once loaded), read with the
    /// product's merged in by `personal_rules()`.
    pub personal_rules: Option<Json>,
    /// Countries a player may choose (settings, without SPEC §5's excluded ones): code, name.
    pub countries: Vec<(String, String)>,
}

/// The personal page's fields, in display order.
pub const PERSONAL: [&str; 8] = [
    "firstName",
    "lastName",
    "birthdate",
    "country",
    "city",
    "address",
    "postalCode",
    "cpf_number",
];
/// SPEC §3 "CPF number" input: the Brazilian tax number's mask.
pub const CPF_MASK: &str = "###.###.###-##";

/// What the info and settings pages show (SPEC §3 Profile; the sandbox adds the settings).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Me {
    pub email: String,
    pub phone: String,
    pub first_name: String,
    pub last_name: String,
    pub country: String,
    pub language: String,
    pub flags: [bool; 3],
    pub email_confirmed: bool,
    /// The personal page's values by [`PERSONAL`] name.
    pub personal: Vec<(String, String)>,
}

/// The notification settings' fields, in the order of `Me::flags`.
pub const FLAGS: [&str; 3] = ["receiveEmailPromo", "receiveSmsPromo", "receiveBonus"];

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Closing {
    One(u64),
    Others,
}

#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum ProfileUi {
    SessionsPage {
        page: u32,
    },
    /// Ask before closing one session (confirm-session-logout).
    SessionClose {
        id: u64,
    },
    /// Ask before closing every other session.
    SessionsCloseOthers,
    SessionCloseConfirm,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Call {
    Sessions {
        page: u32,
    },
    Close(u64),
    CloseOthers,
    Password,
    Nickname,
    Me,
    Settings,
    Account,
    Personal,
    /// GET /api/player/fields/validations?scenario=profile.
    Rules,
    Countries,
}

impl Endpoint for Call {
    fn endpoint(&self) -> Route {
        use Method::{Post, Put};
        match self {
            Call::Sessions { page } => Route::paged(
                "/api/player/sessions",
                Auth::Player,
                *page,
                SESSIONS_PER_PAGE,
            ),
            Call::Close(id) => Route::item(Put, "/api/player/sessions", id, "/close", Auth::Player),
            Call::CloseOthers => {
                Route::write(Post, "/api/player/sessions/close-other", Auth::Player)
            }
            Call::Password => Route::write(Put, "/api/player/passwords", Auth::Player),
            Call::Rules => Route::get("/api/player/fields/validations", Auth::Public)
                .query(&[("scenario", "profile")]),
            Call::Countries => Route::get("/api/settings/countries", Auth::Public),
            Call::Nickname | Call::Settings | Call::Account | Call::Personal => {
                Route::write(Put, "/api/player/profile", Auth::Player)
            }
            Call::Me => Route::get("/api/player/profile", Auth::Player),
        }
    }
}

impl Feature for Profile {
    type Ui = ProfileUi;
    type Call = Call;
    type Tick = ();
    // Read in the group's chunk (`Group::read`); the lib test checks the list.
    const INTENTS: &'static [&'static str] = &[
        "sessionClose",
        "sessionCloseConfirm",
        "sessionsCloseOthers",
        "sessionsPage",
    ];

    fn ui(&mut self, event: ProfileUi, cx: &mut Cx) {
        if !cx.shared.is_player() {
            return;
        }
        match event {
            ProfileUi::SessionsPage { page } => self.load(page.max(1), cx),
            ProfileUi::SessionClose { id } => {
                if self.sessions.iter().any(|s| s.id == id) {
                    self.closing = Some(Closing::One(id));
                    cx.open_modal("confirm-session-logout");
                }
            }
            ProfileUi::SessionsCloseOthers => {
                self.closing = Some(Closing::Others);
                cx.open_modal("confirm-session-logout");
            }
            ProfileUi::SessionCloseConfirm => match self.closing {
                Some(c) if !self.busy => {
                    self.busy = true;
                    let call = match c {
                        Closing::One(id) => Call::Close(id),
                        Closing::Others => Call::CloseOthers,
                    };
                    cx.call(Req::Profile(call), None);
                }
                Some(_) => {}
                None => cx.close_modal(),
            },
        }
    }

    fn hook(&mut self, hook: &Hook, cx: &mut Cx) -> bool {
        match hook {
            Hook::Session(SessionChange::Started { .. }) | Hook::Navigated { .. } => {
                if !cx.shared.is_player() {
                    return false;
                }
                let mut changed = false;
                if on_page(cx, "profile-sessions") && !self.loaded && !self.loading {
                    self.load(1, cx);
                    changed = true;
                }
                let me_page = [
                    "profile-info",
                    "profile-settings-notifications",
                    "profile-settings-account",
                    "profile-personal",
                ]
                .into_iter()
                .any(|name| on_page(cx, name));
                if on_page(cx, "profile-personal") && self.personal_rules.is_none() {
                    cx.call(Req::Profile(Call::Rules), None);
                    cx.call(Req::Profile(Call::Countries), None);
                }
                if me_page && !self.me_loading {
                    // Fresh on every visit: another tab may have changed it.
                    self.me_loading = true;
                    cx.call(Req::Profile(Call::Me), None);
                    changed = true;
                }
                changed
            }
            // A phone confirmed in its modal: the page shows it.
            Hook::Signal(Signal::ProfileChanged) if self.me.is_some() && !self.me_loading => {
                self.me_loading = true;
                cx.call(Req::Profile(Call::Me), None);
                false
            }
            Hook::Refetch => {
                if self.loaded {
                    self.load(self.page.max(1), cx);
                }
                true
            }
            Hook::Session(SessionChange::Ended) => {
                *self = Profile::default();
                cx.forms_changed();
                true
            }
            _ => false,
        }
    }

    fn answered(&mut self, call: Call, answer: Answer, cx: &mut Cx) {
        match call {
            Call::Sessions { page } => {
                if page != self.page {
                    return;
                }
                self.loading = false;
                match answer.map(|b| read_page(&b)) {
                    Ok(Ok((items, pages))) => {
                        // A page emptied by closes: show the last one that has sessions.
                        if items.is_empty() && page > 1 && pages >= 1 {
                            self.load(pages, cx);
                            return;
                        }
                        self.sessions = items;
                        self.pages = pages;
                        self.loaded = true;
                        self.failed = false;
                    }
                    Ok(Err(why)) => self.load_failed(cx, &format!("sessions: not a page: {why}")),
                    Err(e) => {
                        cx.log_err(LogLevel::Warn, "sessions", &e);
                        self.failed = true;
                    }
                }
            }
            Call::Close(id) => {
                self.busy = false;
                self.closing = None;
                cx.close_modal();
                let current = self.sessions.iter().any(|s| s.id == id && s.current);
                match answer {
                    Ok(_) if current => cx.msg(Msg::SignOut),
                    Ok(_) | Err(ResponseError::Status { status: 404, .. }) => {
                        cx.success("alerts.sessionClosed");
                        self.load(self.page.max(1), cx);
                    }
                    Err(e) => failed(e, cx),
                }
            }
            Call::CloseOthers => {
                self.busy = false;
                self.closing = None;
                cx.close_modal();
                match answer {
                    Ok(_) => {
                        cx.success("alerts.sessionsClosed");
                        self.load(1, cx);
                    }
                    Err(e) => failed(e, cx),
                }
            }
            Call::Password => match answer {
                Ok(_) => {
                    self.change_pass.reset();
                    cx.forms_changed();
                    cx.close_modal();
                    cx.success("alerts.passwordUpdated");
                    if self.loaded {
                        self.load(1, cx);
                    }
                }
                Err(e) => forms::failed(&mut self.change_pass, &pass_rules(), e, cx),
            },
            Call::Nickname => match answer {
                Ok(_) => {
                    self.change_nickname.reset();
                    cx.forms_changed();
                    cx.close_modal();
                    cx.success("alerts.nicknameChanged");
                    cx.msg(Msg::Signal(Signal::ProfileChanged));
                }
                Err(e) => forms::failed(&mut self.change_nickname, &nickname_rules(), e, cx),
            },
            Call::Me => {
                self.me_loading = false;
                match answer.map(|b| read_me(&b)) {
                    Ok(Ok(me)) => self.set_me(me, cx),
                    Ok(Err(why)) => {
                        cx.log(LogLevel::Warn, &format!("profile: not a profile: {why}"))
                    }
                    Err(e) => {
                        cx.log_err(LogLevel::Warn, "profile", &e);
                        cx.error("alerts.somethingWrong");
                    }
                }
            }
            Call::Settings => match answer.map(|b| read_me(&b)) {
                Ok(Ok(me)) => {
                    self.set_me(me, cx);
                    cx.success("alerts.settingsSaved");
                }
                Ok(Err(why)) => {
                    cx.log(LogLevel::Warn, &format!("profile: not a profile: {why}"));
                    self.settings.submitting = false;
                    cx.forms_changed();
                }
                Err(e) => forms::failed(&mut self.settings, &[], e, cx),
            },
            Call::Personal => match answer.map(|b| read_me(&b)) {
                Ok(Ok(me)) => {
                    self.set_me(me, cx);
                    cx.success("alerts.personalSaved");
                    cx.msg(Msg::Signal(Signal::ProfileChanged));
                }
                Ok(Err(why)) => {
                    cx.log(LogLevel::Warn, &format!("profile: not a profile: {why}"));
                    self.personal.submitting = false;
                    cx.forms_changed();
                }
                Err(e) => {
                    let rules = self.personal_rules();
                    forms::failed(&mut self.personal, &rules, e, cx);
                    if !self.personal.server_errors.is_empty() {
                        self.personal.error = None;
                    }
                }
            },
            Call::Rules => {
                match crate::app::calls::read_json(answer) {
                    Ok(v) => self.personal_rules = Some(v),
                    // The product's own rules stand in; the server checks again on save.
                    Err(e) => cx.log_err(LogLevel::Warn, "field rules", &e),
                }
                cx.forms_changed();
            }
            Call::Countries => {
                if let Ok(v) = crate::app::calls::read_json(answer) {
                    self.countries = crate::app::wire::countries(&v);
                }
            }
            Call::Account => match answer.map(|b| read_me(&b)) {
                Ok(Ok(me)) => {
                    self.set_me(me, cx);
                    cx.success("alerts.settingsSaved");
                    cx.msg(Msg::Signal(Signal::ProfileChanged));
                }
                Ok(Err(why)) => {
                    cx.log(LogLevel::Warn, &format!("profile: not a profile: {why}"));
                    self.account.submitting = false;
                    cx.forms_changed();
                }
                Err(e) => forms::failed(&mut self.account, &account_rules(), e, cx),
            },
        }
    }

    fn form_rules(&self, form: FormId) -> Vec<(String, Vec<Rule>)> {
        match form {
            FormId::ChangePass => pass_rules(),
            FormId::ChangeNickname => nickname_rules(),
            FormId::AccountSettings => account_rules(),
            FormId::Personal => self.personal_rules(),
            _ => Vec::new(),
        }
    }

    fn form(&mut self, form: FormId) -> Option<&mut FormState> {
        match form {
            FormId::ChangePass => Some(&mut self.change_pass),
            FormId::ChangeNickname => Some(&mut self.change_nickname),
            FormId::ProfileSettings => Some(&mut self.settings),
            FormId::AccountSettings => Some(&mut self.account),
            FormId::Personal => Some(&mut self.personal),
            _ => None,
        }
    }

    fn form_state(&self, form: FormId) -> Option<&FormState> {
        match form {
            FormId::ChangePass => Some(&self.change_pass),
            FormId::ChangeNickname => Some(&self.change_nickname),
            FormId::ProfileSettings => Some(&self.settings),
            FormId::AccountSettings => Some(&self.account),
            FormId::Personal => Some(&self.personal),
            _ => None,
        }
    }

    fn submit(&mut self, form: FormId, cx: &mut Cx) {
        if form == FormId::ChangePass {
            // Passwords exactly as typed: spaces may be part of them.
            let f = &self.change_pass;
            let body = PasswordBody {
                current_password: f.raw_text("currentPassword"),
                new_password: f.raw_text("newPassword"),
                repeat_new_password: f.raw_text("repeatNewPassword"),
            };
            cx.send(Req::Profile(Call::Password), &body);
        } else if form == FormId::Personal {
            let f = &self.personal;
            let mut cpf_number = f.text("cpf_number");
            if !cpf_number.is_empty() {
                cpf_number = crate::domain::mask::apply(CPF_MASK, &cpf_number);
            }
            let body = PersonalBody {
                first_name: f.text("firstName"),
                last_name: f.text("lastName"),
                birthdate: f.text("birthdate"),
                country: f.text("country"),
                city: f.text("city"),
                address: f.text("address"),
                postal_code: f.text("postalCode"),
                cpf_number,
            };
            cx.send(Req::Profile(Call::Personal), &body);
        } else if form == FormId::AccountSettings {
            let body = LanguageBody {
                language: self.account.text("language"),
            };
            cx.send(Req::Profile(Call::Account), &body);
        } else if form == FormId::ProfileSettings {
            let f = &self.settings;
            let body = SettingsBody {
                receive_email_promo: f.flag("receiveEmailPromo"),
                receive_sms_promo: f.flag("receiveSmsPromo"),
                receive_bonus: f.flag("receiveBonus"),
            };
            cx.send(Req::Profile(Call::Settings), &body);
        } else {
            let body = NicknameBody {
                nickname: self.change_nickname.text("nickname"),
            };
            cx.send(Req::Profile(Call::Nickname), &body);
        }
    }
}

/// The password change (SPEC §7), each password exactly as typed.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PasswordBody {
    pub current_password: String,
    pub new_password: String,
    pub repeat_new_password: String,
}

/// The personal page's fields ([`PERSONAL`]); the CPF number in its mask.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PersonalBody {
    pub first_name: String,
    pub last_name: String,
    pub birthdate: String,
    pub country: String,
    pub city: String,
    pub address: String,
    pub postal_code: String,
    #[serde(rename = "cpf_number")]
    pub cpf_number: String,
}

#[derive(Serialize)]
pub struct LanguageBody {
    pub language: String,
}

/// The notification settings ([`FLAGS`]).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SettingsBody {
    pub receive_email_promo: bool,
    pub receive_sms_promo: bool,
    pub receive_bonus: bool,
}

#[derive(Serialize)]
pub struct NicknameBody {
    pub nickname: String,
}

fn pass_rules() -> Vec<(String, Vec<Rule>)> {
    forms::required_fields(
        &["currentPassword", "newPassword", "repeatNewPassword"],
        |_| None,
    )
}

fn account_rules() -> Vec<(String, Vec<Rule>)> {
    vec![("language".into(), vec![Rule::Required, Rule::LanguageCode])]
}

fn nickname_rules() -> Vec<(String, Vec<Rule>)> {
    forms::required_fields(&["nickname"], |_| None)
}

impl Profile {
    /// The server's rules (or the product's until they come); Brazil requires the CPF.
    fn personal_rules(&self) -> Vec<(String, Vec<Rule>)> {
        // Read from the server's answer at each use: nothing to keep in step with it.
        let mut rules = match &self.personal_rules {
            Some(v) => crate::domain::validation::with_field_rules(
                crate::domain::validation::parse_server_validations(v).0,
            ),
            None => {
                let mut all = forms::required_fields(&PERSONAL[..4], |_| None);
                for f in &PERSONAL[4..] {
                    all.push((f.to_string(), crate::domain::validation::field_rules(f)));
                }
                all
            }
        };
        // Every field of the page has an entry, so the server's message for it shows.
        for f in PERSONAL {
            if !rules.iter().any(|(n, _)| n == f) {
                rules.push((f.to_string(), crate::domain::validation::field_rules(f)));
            }
        }
        if self.personal.text("country") == "BR" {
            if let Some((_, r)) = rules.iter_mut().find(|(f, _)| f == "cpf_number") {
                if !r.contains(&Rule::Required) {
                    r.insert(0, Rule::Required);
                }
            } else {
                rules.push(("cpf_number".into(), vec![Rule::Required, Rule::CpfNumber]));
            }
        }
        rules
    }

    fn load(&mut self, page: u32, cx: &mut Cx) {
        self.page = page;
        self.loading = true;
        cx.call(Req::Profile(Call::Sessions { page }), None);
    }

    /// The loaded profile, and the settings form filled from it (what the player sees is
    /// what is stored).
    fn set_me(&mut self, me: Me, cx: &mut Cx) {
        self.settings.reset();
        for (name, on) in FLAGS.iter().zip(me.flags) {
            self.settings.values.insert(
                (*name).to_string(),
                crate::domain::validation::Value::Bool(on),
            );
        }
        self.account.reset();
        if !me.language.is_empty() {
            self.account.values.insert(
                "language".into(),
                crate::domain::validation::Value::Text(me.language.clone()),
            );
        }
        self.personal.reset();
        for (name, value) in &me.personal {
            if !value.is_empty() {
                self.personal.values.insert(
                    name.clone(),
                    crate::domain::validation::Value::Text(value.clone()),
                );
            }
        }
        self.me = Some(me);
        cx.forms_changed();
    }

    fn load_failed(&mut self, cx: &mut Cx, why: &str) {
        cx.log(LogLevel::Warn, why);
        self.failed = true;
    }
}

fn on_page(cx: &Cx, name: &str) -> bool {
    cx.shared
        .route
        .as_ref()
        .is_ok_and(|r| r.name.trim_start_matches("locale-") == name)
}

/// The profile answer as the info, settings and personal pages read it (SPEC §3 Profile; the
/// sandbox adds the settings): the id is needed, other fields of another type read as empty or
/// off.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ProfileAnswer {
    #[serde(deserialize_with = "whole_id")]
    #[allow(dead_code)]
    id: i64,
    #[serde(default, deserialize_with = "lenient")]
    email: String,
    #[serde(default, deserialize_with = "lenient")]
    phone: String,
    #[serde(default, deserialize_with = "lenient")]
    first_name: String,
    #[serde(default, deserialize_with = "lenient")]
    last_name: String,
    #[serde(default, deserialize_with = "lenient")]
    country: String,
    #[serde(default, deserialize_with = "lenient")]
    language: String,
    #[serde(default, deserialize_with = "lenient")]
    receive_email_promo: bool,
    #[serde(default, deserialize_with = "lenient")]
    receive_sms_promo: bool,
    #[serde(default, deserialize_with = "lenient")]
    receive_bonus: bool,
    #[serde(default, deserialize_with = "lenient")]
    email_confirmed: bool,
    #[serde(default, deserialize_with = "lenient")]
    birthdate: String,
    #[serde(default, deserialize_with = "lenient")]
    city: String,
    #[serde(default, deserialize_with = "lenient")]
    address: String,
    #[serde(default, deserialize_with = "lenient")]
    postal_code: String,
    #[serde(default, rename = "cpf_number", deserialize_with = "lenient")]
    cpf_number: String,
}

/// The fields of the profile these pages show; refused unless it is an object with an id.
fn read_me(body: &str) -> Result<Me, String> {
    let p: ProfileAnswer = crate::json::from_str(body)?;
    // In [`PERSONAL`]'s order.
    let personal = [
        &p.first_name,
        &p.last_name,
        &p.birthdate,
        &p.country,
        &p.city,
        &p.address,
        &p.postal_code,
        &p.cpf_number,
    ];
    Ok(Me {
        personal: PERSONAL
            .into_iter()
            .zip(personal)
            .map(|(n, v)| (n.to_string(), v.clone()))
            .collect(),
        email: p.email,
        phone: p.phone,
        first_name: p.first_name,
        last_name: p.last_name,
        country: p.country,
        language: p.language,
        flags: [p.receive_email_promo, p.receive_sms_promo, p.receive_bonus],
        email_confirmed: p.email_confirmed,
    })
}

fn failed(e: ResponseError, cx: &mut Cx) {
    cx.log_err(LogLevel::Warn, "sessions", &e);
    let mut alert = Alert::error("alerts.somethingWrong");
    if let ResponseError::Status { error, .. } = &e {
        if !error.message.is_empty() {
            alert = alert.with_description(&error.message);
        }
    }
    cx.alert(alert);
}

/// A row of the sessions page; rows without an id are left out.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct SessionAnswer {
    #[serde(deserialize_with = "whole_id")]
    id: u64,
    #[serde(default, deserialize_with = "whole_or_none")]
    created_at: Option<i64>,
    /// When missing, the session's start.
    #[serde(default, deserialize_with = "whole_or_none")]
    last_active_at: Option<i64>,
    #[serde(default, deserialize_with = "lenient")]
    source: String,
    #[serde(default, deserialize_with = "lenient")]
    platform: String,
    #[serde(default, deserialize_with = "lenient")]
    current: bool,
}

/// The sessions page's `meta`: one page when it does not say.
#[derive(Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
struct SessionsMeta {
    #[serde(deserialize_with = "whole_or_none")]
    total_pages: Option<u32>,
}

/// `{data: [{id, createdAt, lastActiveAt, source, platform, current}], meta: {totalPages}}`;
/// refused unless `data` is a list.
fn read_page(body: &str) -> Result<(Vec<SessionRow>, u32), String> {
    let page: Paged<SessionsMeta> = crate::json::from_str(body)?;
    let items = page
        .data
        .iter()
        .filter_map(|s| SessionAnswer::deserialize(s).ok())
        .map(|s| {
            let created_at = s.created_at.unwrap_or(0);
            SessionRow {
                id: s.id,
                created_at,
                last_active_at: s.last_active_at.unwrap_or(created_at),
                created_text: String::new(),
                last_active_text: String::new(),
                source: s.source,
                platform: s.platform,
                current: s.current,
            }
        })
        .collect();
    Ok((items, page.meta.total_pages.unwrap_or(1)))
}
