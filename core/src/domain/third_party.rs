//! Third-party services (SPEC §7 "Other": tag manager, web metrics, live chat, session replay,
//! visitor fingerprint, retargeting pixel, captcha; their public configuration keys), the SPEC §8
//! rows about them, and the analytics fan-out to the sinks among them (SPEC §4 "Analytics
//! events", §9 "Pixel").
//!
//! # Decisions
//!
//! - A service loads only with a public key and a script address, both from the operator's
//!   configuration. The address may hold `{key}`, replaced by the key (`…/gtm.js?id={key}`).
//!   Addresses are `https://…`, `http://…` or a path on this site (`/…`); anything else (a
//!   `javascript:` or protocol-relative address) is refused and logged.
//! - Keys are provider ids: letters, digits and `-_.:/`, at most 128 characters. Another key is
//!   refused and logged, so a key can never break out of the address it is put in.
//! - Consent (`domain::consent`): the tag manager, web metrics and session replay measure the
//!   visitor, so they wait for `analytics`; the retargeting pixel advertises, so it waits for
//!   `marketing`. Live chat (support the visitor asks for), the visitor fingerprint and the
//!   captcha (fraud and bot protection of the visitor's own account) load without consent.
//! - Sinks of the analytics events: the tag manager, web metrics and the pixel. Each event goes
//!   to every sink that is keyed, consented and not failed, with its companions (SPEC §4) and
//!   with its pixel action id and external event code (SPEC §9; bet30 has no code).

use super::analytics::AnalyticsEvent;
use super::consent::Consent;

/// SPEC §7: the captcha's risk-assessment action.
pub const CAPTCHA_ACTION: &str = "frontend_form";
/// SPEC §9: how often the captcha script is looked for while it loads.
pub const CAPTCHA_POLL_MS: u32 = 100;
/// SPEC §8: missing captcha key (a warning; tokens are then null).
pub const CAPTCHA_KEY_MISSING: &str = "Missing captcha key";
/// The longest public key accepted.
pub const KEY_MAX: usize = 128;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Service {
    TagManager,
    WebMetrics,
    Chat,
    SessionReplay,
    Fingerprint,
    Pixel,
    Captcha,
}

impl Service {
    pub const ALL: [Service; 7] = [
        Service::TagManager,
        Service::WebMetrics,
        Service::Chat,
        Service::SessionReplay,
        Service::Fingerprint,
        Service::Pixel,
        Service::Captcha,
    ];

    /// Its name in `thirdPartyScripts` of config.json and in the runtime's loaders.
    pub fn name(self) -> &'static str {
        match self {
            Service::TagManager => "tagManager",
            Service::WebMetrics => "webMetrics",
            Service::Chat => "chat",
            Service::SessionReplay => "sessionReplay",
            Service::Fingerprint => "fingerprint",
            Service::Pixel => "pixel",
            Service::Captcha => "captcha",
        }
    }

    /// Its public configuration key in config.json (SPEC §7).
    pub fn key_name(self) -> &'static str {
        match self {
            Service::TagManager => "tagManagerId",
            Service::WebMetrics => "webMetricsId",
            Service::Chat => "chatId",
            Service::SessionReplay => "sessionReplayOrgId",
            Service::Fingerprint => "fingerprintKey",
            Service::Pixel => "pixelId",
            Service::Captcha => "captchaKey",
        }
    }

    pub fn needs_consent(self) -> bool {
        matches!(
            self,
            Service::TagManager | Service::WebMetrics | Service::SessionReplay | Service::Pixel
        )
    }

    /// The visitor's choice lets it load (or it needs none).
    pub fn allowed(self, consent: &Consent) -> bool {
        match self {
            Service::TagManager | Service::WebMetrics | Service::SessionReplay => consent.analytics,
            Service::Pixel => consent.marketing,
            Service::Chat | Service::Fingerprint | Service::Captcha => true,
        }
    }

    /// Receives the analytics events.
    pub fn is_sink(self) -> bool {
        matches!(
            self,
            Service::TagManager | Service::WebMetrics | Service::Pixel
        )
    }

    /// Logged (a warning) when the service has no key.
    pub fn key_missing(self) -> String {
        match self {
            Service::Captcha => CAPTCHA_KEY_MISSING.to_string(),
            s => format!("Missing {} key: not loaded", s.name()),
        }
    }

    /// Logged (an error) when its script fails to load.
    pub fn load_failed(self) -> String {
        match self {
            Service::Pixel => super::analytics::PIXEL_LOAD_FAILED.to_string(),
            s => format!("Failed to load {}", s.name()),
        }
    }
}

/// One service's configuration: its public key and its script's address (`{key, script}`;
/// a mistyped field is empty).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Deserialize)]
#[serde(default)]
pub struct ServiceConfig {
    #[serde(deserialize_with = "crate::json::lenient")]
    pub key: String,
    #[serde(deserialize_with = "crate::json::lenient")]
    pub script: String,
}

/// Every service's configuration (`Config::third_party`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ThirdPartyConfig(pub [ServiceConfig; 7]);

static UNSET: ServiceConfig = ServiceConfig {
    key: String::new(),
    script: String::new(),
};

impl ThirdPartyConfig {
    pub fn get(&self, service: Service) -> &ServiceConfig {
        self.0.get(service as usize).unwrap_or(&UNSET)
    }

    pub fn set(&mut self, service: Service, config: ServiceConfig) {
        if let Some(slot) = self.0.get_mut(service as usize) {
            *slot = config;
        }
    }
}

/// What to do with a service at start (or when consent arrives).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Plan {
    /// Load the script from this address.
    Load(String),
    /// No key: nothing loads (logged, [`Service::key_missing`]).
    NoKey,
    /// Keyed, but the key or the address is refused (logged with the reason).
    Refused(String),
    /// Keyed, but the visitor has not consented yet.
    AwaitConsent,
}

pub fn plan(service: Service, config: &ServiceConfig, consent: &Consent) -> Plan {
    let key = config.key.trim();
    if key.is_empty() {
        return Plan::NoKey;
    }
    if !valid_key(key) {
        return Plan::Refused(format!("{} refused: not a provider id", service.key_name()));
    }
    let Some(url) = script_url(&config.script, key) else {
        return Plan::Refused(format!(
            "{}: no usable script address (https://…, http://… or /…)",
            service.name()
        ));
    };
    if !service.allowed(consent) {
        return Plan::AwaitConsent;
    }
    Plan::Load(url)
}

/// A provider id: letters, digits and `-_.:/`, at most [`KEY_MAX`] characters.
pub fn valid_key(key: &str) -> bool {
    !key.is_empty()
        && key.len() <= KEY_MAX
        && key
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-_.:/".contains(&b))
}

/// The script address with `{key}` put in; `None` when it is not an `https://`, `http://` or
/// site path address, or holds characters no address has.
pub fn script_url(template: &str, key: &str) -> Option<String> {
    let t = template.trim();
    let absolute = t.starts_with("https://") || t.starts_with("http://");
    let path = t.starts_with('/') && !t.starts_with("//");
    let clean = t
        .bytes()
        .all(|b| b > b' ' && b < 0x7f && !b"\"'<>\\`".contains(&b));
    ((absolute && t.len() > 8 || path) && clean).then(|| t.replace("{key}", key))
}

/// The origin (`scheme://host[:port]`) of an absolute address; `None` for a site path.
pub fn origin(url: &str) -> Option<&str> {
    let rest = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"))?;
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let scheme = url.len() - rest.len();
    (end > 0).then(|| url.get(..scheme + end)).flatten()
}

/// One analytics event for one sink.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SinkCall {
    pub sink: Service,
    pub event: AnalyticsEvent,
    pub action_id: u32,
    pub external_code: Option<u32>,
}

/// An event with its companions, to every sink of `ready` (the sinks that are keyed, consented
/// and not failed), in firing order, then sink order.
pub fn fan_out(event: AnalyticsEvent, ready: &[Service]) -> Vec<SinkCall> {
    let mut out = Vec::new();
    for e in event.expand() {
        for &sink in ready.iter().filter(|s| s.is_sink()) {
            out.push(SinkCall {
                sink,
                event: e,
                action_id: e.pixel_action_id(),
                external_code: e.external_code(),
            });
        }
    }
    out
}

/// What the runtime does for the services (`Effect::ThirdParty`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ServiceCmd {
    /// Load a service's script (asynchronously, never blocking the page); the runtime answers
    /// loaded or failed.
    Load {
        service: Service,
        url: String,
        key: String,
    },
    /// Send one analytics event to one sink.
    Track(SinkCall),
    /// Who the visitor is for the live chat and the session replay: the player's id and the
    /// chat's restore id, or nobody (signed out). Never the session token.
    Identify {
        player_id: Option<i64>,
        restore_id: Option<String>,
        /// The session replay hears it too: SPEC §4 "Logging in sets a third-party plug-in
        /// context, outside production only" (the chat needs the player in every mode).
        replay: bool,
    },
}
