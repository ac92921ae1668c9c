//! Affiliate and referral (SPEC §1, §2, §5 "Other", §9; issue 16): the affiliate tag and the
//! messenger bot address captured from the landing address into cookies (first one wins,
//! 86400 s × the configured days), handed to the parent so that registration and login send
//! them; the referral page's link and stats; the referral-transfer modal (earned referral
//! money into the wallet); the affiliate-program modal's application form.

pub mod view;

use crate::app::calls::{self, Answer, Auth, Endpoint, Route};
use crate::app::effect::{Effect, LogLevel, Method};
use crate::app::feature::{Cx, Feature, Hook, Msg, SessionChange};
use crate::app::forms::{self, FormState};
use crate::app::operator::OperatorPath;
use crate::app::registry::{FormId, Req};
use crate::app::stored::{Kept, Stored};
use crate::app::wire::lenient;
use crate::domain::affiliate::{self, Captured};
use crate::domain::route::RouteName;
use crate::domain::validation::Rule;
use serde::Deserialize;
use serde::Serialize;

pub use crate::domain::affiliate::TAG_COOKIE;
/// Cookies holding what the landing address carried (SPEC §9), with `TAG_COOKIE`.
pub const BOT_URL_COOKIE: &str = "bot_url";
pub const REF_COOKIE: &str = "referral_id";
/// The capture's cookies, read at start (app/stored.rs) and kept for the configured days.
pub const COOKIES: [Stored; 3] = [
    Stored::cookie(TAG_COOKIE),
    Stored::cookie(BOT_URL_COOKIE),
    Stored::cookie(REF_COOKIE),
];

/// The player's referral figures (`GET /api/player/referral`, also the transfer's answer):
/// the code and currency are required; counts are 0 and amounts "0" when missing.
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
pub struct Stats {
    pub code: String,
    #[serde(default, deserialize_with = "lenient")]
    pub invited: i64,
    #[serde(default, deserialize_with = "lenient")]
    pub qualified: i64,
    #[serde(default = "zero")]
    pub earned: String,
    #[serde(default = "zero")]
    pub available: String,
    pub currency: String,
}

fn zero() -> String {
    "0".into()
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Referral {
    pub stats: Option<Stats>,
    pub loading: bool,
    pub failed: bool,
    pub transferring: bool,
    /// The affiliate-program application form, and whether it was sent.
    pub apply: FormState,
    pub applied: bool,
}

/// The earnings moved to the player's balance: an empty object.
#[derive(Serialize)]
pub struct TransferBody {}

/// The affiliate application; the tag is `null` without one.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ApplyBody<'a> {
    pub name: String,
    pub email: String,
    pub website: String,
    pub message: String,
    pub affiliate_tag: Option<&'a str>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Call {
    Stats,
    Transfer,
    Apply,
}

impl Endpoint for Call {
    fn endpoint(&self) -> Route {
        match self {
            Call::Stats => Route::get("/api/player/referral", Auth::Player),
            Call::Transfer => {
                Route::write(Method::Post, "/api/player/referral/transfer", Auth::Player)
            }
            Call::Apply => Route::write(Method::Post, "/api/affiliate/applications", Auth::Public),
        }
    }
}

#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum ReferralUi {
    /// Move the available referral money into the wallet (referral-transfer modal).
    ReferralTransfer,
    /// Load the stats again after a failure.
    ReferralRetry,
}

impl Feature for Referral {
    type Ui = ReferralUi;
    type Call = Call;
    type Tick = ();
    const STORED: &'static [Stored] = &COOKIES;

    fn ui(&mut self, event: ReferralUi, cx: &mut Cx) {
        match event {
            ReferralUi::ReferralTransfer => {
                let has_money = self
                    .stats
                    .as_ref()
                    .is_some_and(|s| s.available.bytes().any(|b| matches!(b, b'1'..=b'9')));
                if cx.shared.is_player() && has_money && !self.transferring {
                    self.transferring = true;
                    cx.send(Req::Referral(Call::Transfer), &TransferBody {});
                }
            }
            ReferralUi::ReferralRetry => self.load(cx),
        }
    }

    fn hook(&mut self, hook: &Hook, cx: &mut Cx) -> bool {
        match hook {
            Hook::Booted(boot) => {
                capture(&boot.stored, cx);
                false
            }
            Hook::Session(SessionChange::Ended) => {
                *self = Referral {
                    apply: std::mem::take(&mut self.apply),
                    applied: self.applied,
                    ..Referral::default()
                };
                true
            }
            Hook::Session(SessionChange::Started { .. }) | Hook::Navigated { .. } => {
                let on_page = cx
                    .shared
                    .route
                    .as_ref()
                    .is_ok_and(|r| r.route_name() == Some(RouteName::Referral));
                let modal = cx.shared.location.query_value("modal") == Some("referral-transfer");
                // Fresh figures each time the page (or the transfer modal) is entered.
                let entered = match hook {
                    Hook::Navigated { from } => {
                        on_page && from.path != cx.shared.location.path
                            || modal && from.query_value("modal") != Some("referral-transfer")
                    }
                    _ => on_page || modal,
                };
                if entered && cx.shared.is_player() {
                    self.load(cx);
                    return true;
                }
                false
            }
            _ => false,
        }
    }

    fn answered(&mut self, call: Call, answer: Answer, cx: &mut Cx) {
        match call {
            Call::Stats => {
                self.loading = false;
                match calls::read_json(answer)
                    .map_err(|e| e.to_string())
                    .and_then(crate::json::from_json::<Stats>)
                {
                    Ok(s) => {
                        self.stats = Some(s);
                        self.failed = false;
                    }
                    Err(e) => {
                        self.failed = true;
                        cx.log_err(LogLevel::Warn, "referral", &e);
                    }
                }
            }
            Call::Transfer => {
                self.transferring = false;
                match calls::read_json(answer) {
                    Ok(v) => {
                        if let Ok(s) = crate::json::from_json::<Stats>(v) {
                            self.stats = Some(s);
                        }
                        cx.success("alerts.referralTransferred");
                        cx.close_modal();
                    }
                    Err(e) => {
                        cx.log_err(LogLevel::Warn, "referral transfer", &e);
                        cx.error("alerts.referralTransferFailed");
                    }
                }
            }
            Call::Apply => match calls::read_json(answer) {
                Ok(_) => {
                    self.apply.reset();
                    self.applied = true;
                    cx.forms_changed();
                    cx.success("alerts.affiliateApplied");
                }
                Err(e) => forms::failed(&mut self.apply, &rules(), e, cx),
            },
        }
    }

    fn form_rules(&self, form: FormId) -> Vec<(String, Vec<Rule>)> {
        if form == FormId::AffiliateApply {
            rules()
        } else {
            Vec::new()
        }
    }

    fn form(&mut self, form: FormId) -> Option<&mut FormState> {
        (form == FormId::AffiliateApply).then_some(&mut self.apply)
    }

    fn form_state(&self, form: FormId) -> Option<&FormState> {
        (form == FormId::AffiliateApply).then_some(&self.apply)
    }

    fn submit(&mut self, form: FormId, cx: &mut Cx) {
        if form != FormId::AffiliateApply {
            return;
        }
        let a = &self.apply;
        let body = ApplyBody {
            name: a.text("fullName"),
            email: a.text("email"),
            website: a.text("website"),
            message: a.text("message"),
            affiliate_tag: cx.shared.affiliate.stag.as_deref(),
        };
        cx.send(Req::Referral(Call::Apply), &body);
    }
}

impl Referral {
    fn load(&mut self, cx: &mut Cx) {
        if cx.shared.is_player() && cx.config.operator_paths.provides(OperatorPath::Referral) {
            self.loading = true;
            self.failed = false;
            cx.call(Req::Referral(Call::Stats), None);
        }
    }
}

/// The application's fields: a name and an e-mail to answer, the site or channel the
/// traffic comes from (an address), and an optional note.
fn rules() -> Vec<(String, Vec<Rule>)> {
    vec![
        (
            "fullName".into(),
            vec![Rule::Required, Rule::Min(2), Rule::Max(80)],
        ),
        ("email".into(), vec![Rule::Required, Rule::Email]),
        ("website".into(), vec![Rule::Required, Rule::Url]),
        ("message".into(), vec![Rule::Max(1000)]),
    ]
}

/// SPEC §5/§9: what the landing address carries is stored only when nothing is stored yet,
/// for 86400 s × the configured days; the parent keeps what is in force for the session's
/// register and login bodies.
fn capture(stored: &Kept, cx: &mut Cx) {
    let found = affiliate::capture(&cx.shared.location.query);
    let days = cx.config.affiliate_cookie_days;
    let max_age = affiliate::cookie_max_age_seconds(Some(days));
    let stored_of = |name: &'static str| stored.get(Stored::cookie(name));
    let keep = |name: &'static str, incoming: Option<&String>, cx: &mut Cx| {
        let old = stored_of(name);
        match affiliate::tag_to_store(old, incoming.map(String::as_str)) {
            Some(value) => {
                cx.effect(Effect::StoreCookie {
                    name: name.to_string(),
                    value: value.clone(),
                    max_age,
                });
                Some(value)
            }
            None => old.filter(|v| !v.trim().is_empty()).map(str::to_string),
        }
    };
    let kept = Captured {
        stag: keep(TAG_COOKIE, found.stag.as_ref(), cx),
        bot_url: keep(BOT_URL_COOKIE, found.bot_url.as_ref(), cx),
        ref_id: keep(REF_COOKIE, found.ref_id.as_ref(), cx),
    };
    if kept != Captured::default() {
        cx.msg(Msg::Affiliate(kept));
    }
}
