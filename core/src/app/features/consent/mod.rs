//! The cookie-request and geo-popup modals (SPEC §2; issue 16).
//!
//! - Geo: at start the visitor's country is asked for (`GET /api/geo`, the country
//!   the platform sees, SPEC §9 fallback UA). A visitor from a country the service is not
//!   offered in (SPEC §5's excluded list) sees the geo-popup once per browser session.
//! - Consent: until the visitor chooses, the cookie-request modal opens once per page load,
//!   after the geo answer and the geo-popup, never over another modal the address opened (it
//!   waits until that one closes) and never on the empty layout (`/redirect`). The choice is
//!   stored (`domain::consent`) and handed to the parent (`Shared::consent`), where the
//!   third-party loaders read it.

pub mod view;

use crate::app::calls::{self, Answer, Auth, Endpoint, Route};
use crate::app::effect::{Effect, LogLevel};
use crate::app::feature::{Cx, Feature, Hook, Msg};
use crate::app::operator::OperatorPath;
use crate::app::registry::Req;
use crate::app::stored::Stored;
use crate::domain::consent::{Consent, CONSENT_KEY};
use crate::domain::geo;
use crate::domain::route::RouteName;
use serde::Deserialize;

/// sessionStorage key: the geo-popup was shown in this browser session.
pub const GEO_SEEN_KEY: &str = "geoPopupSeen";
/// The visitor's cookie choice (domain::consent), kept on this device.
pub const CONSENT: Stored = Stored::local(CONSENT_KEY);
/// The geo popup showed in this tab (any value).
pub const GEO_SEEN: Stored = Stored::session(GEO_SEEN_KEY);
pub const COOKIE_MODAL: &str = "cookie-request";
pub const GEO_MODAL: &str = "geo-popup";

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Privacy {
    /// The visitor's country once the platform answered.
    pub country: Option<String>,
    /// The geo answer came (or failed): the consent question may be asked.
    geo_known: bool,
    geo_seen: bool,
    /// The consent question was asked in this page load.
    asked: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Call {
    Geo,
}

impl Endpoint for Call {
    fn endpoint(&self) -> Route {
        Route::get("/api/geo", Auth::Public)
    }
}

#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum PrivacyUi {
    /// The visitor's choice in the cookie-request modal (accept all: both true; necessary
    /// only: both false).
    ConsentSave { analytics: bool, marketing: bool },
}

/// The geo answer (the operator's geo path): the visitor's country, or the default country when
/// absent or not a text.
#[derive(Default, Deserialize)]
struct Geo {
    #[serde(default, deserialize_with = "crate::json::lenient")]
    country: Option<String>,
}

impl Feature for Privacy {
    type Ui = PrivacyUi;
    type Call = Call;
    type Tick = ();
    const STORED: &'static [Stored] = &[CONSENT, GEO_SEEN];

    fn ui(&mut self, event: PrivacyUi, cx: &mut Cx) {
        let PrivacyUi::ConsentSave {
            analytics,
            marketing,
        } = event;
        let consent = Consent::chosen(analytics, marketing);
        cx.effect(Effect::StoreLocal {
            key: CONSENT_KEY.into(),
            value: Some(consent.stored()),
        });
        cx.msg(Msg::Consent(consent));
        if cx.shared.location.query_value("modal") == Some(COOKIE_MODAL) {
            cx.close_modal();
        }
    }

    fn hook(&mut self, hook: &Hook, cx: &mut Cx) -> bool {
        match hook {
            Hook::Booted(boot) => {
                self.geo_seen = boot.stored.has(GEO_SEEN);
                let consent = Consent::parse(boot.stored.get(CONSENT));
                if consent.decided {
                    cx.msg(Msg::Consent(consent));
                }
                // Without the operator's geo path there is no country to ask about.
                if cx.config.operator_paths.provides(OperatorPath::Geo) {
                    cx.call(Req::Privacy(Call::Geo), None);
                }
                false
            }
            Hook::Navigated { .. } => {
                self.maybe_ask(cx);
                false
            }
            _ => false,
        }
    }

    fn answered(&mut self, _call: Call, answer: Answer, cx: &mut Cx) {
        self.geo_known = true;
        match calls::read_json(answer) {
            Ok(v) => {
                let answer = Geo::deserialize(&v).unwrap_or_default();
                let country = geo::default_country(answer.country.as_deref());
                let restricted = geo::is_excluded(&country);
                cx.msg(Msg::VisitorCountry(country.clone()));
                self.country = Some(country);
                if restricted && !self.geo_seen && !modal_open(cx) && !empty_layout(cx) {
                    self.geo_seen = true;
                    cx.effect(Effect::StoreSession {
                        key: GEO_SEEN_KEY.into(),
                        value: Some("1".into()),
                    });
                    cx.open_modal(GEO_MODAL);
                    return;
                }
            }
            Err(e) => cx.log_err(LogLevel::Info, "geo", &e),
        }
        self.maybe_ask(cx);
    }
}

impl Privacy {
    /// Whether the visitor's country is one the service is not offered in.
    pub fn restricted(&self) -> bool {
        self.country.as_deref().is_some_and(geo::is_excluded)
    }

    fn maybe_ask(&mut self, cx: &mut Cx) {
        if self.asked
            || !self.geo_known
            || cx.shared.consent.decided
            || modal_open(cx)
            || empty_layout(cx)
        {
            return;
        }
        self.asked = true;
        cx.open_modal(COOKIE_MODAL);
    }
}

fn modal_open(cx: &Cx) -> bool {
    cx.shared.location.query_value("modal").is_some()
}

fn empty_layout(cx: &Cx) -> bool {
    cx.shared
        .route
        .as_ref()
        .is_ok_and(|r| r.route_name() == Some(RouteName::Redirect))
}
