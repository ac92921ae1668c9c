//! The core's whole state. Only `update` changes it; `view` reads it.

use litemap::LiteMap;
use serde::{Deserialize, Deserializer};

use super::calls::Calls;
use super::feature::Shared;
use super::registry::{Features, Part};
use crate::domain::modal::ModalHost;
use crate::domain::realtime;
use crate::domain::route::Location;
use crate::domain::validation::Rule;
use crate::json::{lenient, lenient_items, lenient_whole, Json};

/// Fixed at creation by the host page ([`Config::read`]): absent or mistyped keys keep their
/// defaults.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase", default)]
pub struct Config {
    /// Origin of the platform API; empty = same origin.
    #[serde(deserialize_with = "lenient")]
    pub api_base: String,
    /// The realtime socket's address (`wss://…` or a path); empty = the API's
    /// `/api/connection/websocket`.
    #[serde(deserialize_with = "lenient")]
    pub realtime_url: String,
    /// What the player's browser calls our site (SPEC §7 `source`).
    #[serde(deserialize_with = "lenient")]
    pub origin: String,
    /// `web`, or `tg` inside the messenger mini-app.
    #[cfg_attr(target_arch = "wasm32", tsify(type = "\"web\" | \"tg\""))]
    #[serde(deserialize_with = "platform_or_web")]
    pub platform: String,
    #[serde(deserialize_with = "locale_or_en")]
    pub default_locale: String,
    /// Locale codes known before settings load, so prefixed addresses resolve at once.
    #[serde(deserialize_with = "locales_or_known")]
    pub locales: Vec<String>,
    /// Where the phone numbering plans are served (kept out of the wasm); empty = none.
    #[serde(deserialize_with = "lenient")]
    pub phone_metadata_url: String,
    /// The default language's texts (`core/content/en.json`), under any loaded content.
    #[cfg_attr(target_arch = "wasm32", tsify(type = "Record<string, string>"))]
    #[serde(deserialize_with = "texts_or_built_in")]
    pub texts: LiteMap<String, String>,
    /// The sportsbook provider's script for this app mode (production, staging, sandbox);
    /// empty = no sportsbook.
    #[serde(deserialize_with = "lenient")]
    pub sportsbook_script: String,
    /// The messenger mini-app's launch data when the page runs inside it (platform is then
    /// `tg`); absent on the web.
    #[cfg_attr(target_arch = "wasm32", tsify(optional))]
    #[serde(deserialize_with = "lenient")]
    pub miniapp: Option<super::features::miniapp::Launch>,
    /// Each third-party service's public key and script address (SPEC §7), by its name
    /// (`domain::third_party::Service::name`); an unset service loads nothing.
    #[cfg_attr(
        target_arch = "wasm32",
        tsify(type = "Partial<Record<ThirdPartyService, { key: string; script: string }>>")
    )]
    #[serde(deserialize_with = "third_party")]
    pub third_party: crate::domain::third_party::ThirdPartyConfig,
    /// Days the affiliate tag cookie lasts (SPEC §9); 0 = the default 30.
    #[serde(deserialize_with = "lenient_whole")]
    pub affiliate_cookie_days: u64,
    /// Where the paths beyond SPEC §7 live, and which the operator has none of.
    #[cfg_attr(
        target_arch = "wasm32",
        tsify(type = "Partial<Record<OperatorPath, string>>")
    )]
    #[serde(deserialize_with = "operator_paths")]
    pub operator_paths: super::operator::OperatorPaths,
    /// The operator's default reality-check interval in minutes (15, 30 or 60; 0 = off), used
    /// until the player chooses one (issue 30, `features/protection`).
    #[serde(deserialize_with = "lenient_whole")]
    pub reality_check_minutes: u32,
    /// The app runs in production mode (SPEC §7 app mode): some diagnostics stay off, such as
    /// telling the session replay who the player is (SPEC §4).
    #[serde(deserialize_with = "lenient")]
    pub production: bool,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            api_base: String::new(),
            realtime_url: String::new(),
            origin: String::new(),
            platform: "web".into(),
            default_locale: "en".into(),
            locales: known_locales(),
            phone_metadata_url: String::new(),
            texts: super::features::content::built_in(),
            sportsbook_script: String::new(),
            miniapp: None,
            third_party: Default::default(),
            affiliate_cookie_days: 0,
            operator_paths: Default::default(),
            reality_check_minutes: 0,
            production: false,
        }
    }
}

impl Config {
    /// The host page's config; absent or mistyped keys keep their defaults (anything but an
    /// object is all defaults).
    pub fn read(v: &crate::json::Json) -> Config {
        let mut c = Config::deserialize(v).unwrap_or_default();
        // The launch data decides the platform: the same bundle runs on the web and inside
        // the messenger.
        if c.miniapp.is_some() {
            c.platform = "tg".into();
        }
        // Only the offered intervals (SPEC §9); anything else is off.
        if !super::features::protection::session::INTERVALS.contains(&c.reality_check_minutes) {
            c.reality_check_minutes = 0;
        }
        c
    }

    /// Running inside the messenger mini-app.
    pub fn is_miniapp(&self) -> bool {
        self.platform == "tg"
    }

    /// SPEC §7 `source`: the messenger bot's address in the mini-app, else the origin.
    pub fn source(&self) -> &str {
        match &self.miniapp {
            Some(l) if self.is_miniapp() && !l.bot_url.is_empty() => &l.bot_url,
            _ => &self.origin,
        }
    }
}

/// The sandbox seed's locales, known before settings load.
fn known_locales() -> Vec<String> {
    vec!["en".into(), "pt-br".into(), "es".into(), "ru".into()]
}

/// A text, or `default` when absent or of another type.
fn text_or<'de, D: Deserializer<'de>>(d: D, default: &str) -> Result<String, D::Error> {
    let s: Option<String> = lenient(d)?;
    Ok(s.unwrap_or_else(|| default.into()))
}

fn platform_or_web<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    text_or(d, "web")
}

fn locale_or_en<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    text_or(d, "en")
}

/// A list's texts (other items left out); not a list: the known locales.
fn locales_or_known<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    Ok(match Json::deserialize(d)? {
        list @ Json::Array(_) => lenient_items(list).unwrap_or_default(),
        _ => known_locales(),
    })
}

/// An object's texts (other values left out); not an object: the built-in texts.
fn texts_or_built_in<'de, D: Deserializer<'de>>(d: D) -> Result<LiteMap<String, String>, D::Error> {
    Ok(match Json::deserialize(d)? {
        t @ Json::Object(_) => crate::app::wire::string_map(&t),
        _ => super::features::content::built_in(),
    })
}

/// `{tagManager: {key, script}, …}`: unknown services and mistyped fields count as unset.
fn third_party<'de, D: Deserializer<'de>>(
    d: D,
) -> Result<crate::domain::third_party::ThirdPartyConfig, D::Error> {
    use crate::domain::third_party::{Service, ServiceConfig};
    let given: LiteMap<String, Json> = lenient(d)?;
    let mut out = crate::domain::third_party::ThirdPartyConfig::default();
    for s in Service::ALL {
        if let Some(c) = given.get(s.name()) {
            out.set(s, ServiceConfig::deserialize(c).unwrap_or_default());
        }
    }
    Ok(out)
}

/// `operatorPaths`: checked path by path, with what was ignored reported
/// ([`super::operator::OperatorPaths::read`]).
fn operator_paths<'de, D: Deserializer<'de>>(
    d: D,
) -> Result<super::operator::OperatorPaths, D::Error> {
    Ok(super::operator::OperatorPaths::read(Some(
        &Json::deserialize(d)?,
    )))
}

/// The whole state: the parent's part (address, modals, session gate, realtime) and every
/// feature's model. Only `update` changes it; `view` reads it.
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    pub config: Config,
    /// What every feature reads: address, session status, texts, currencies, locales.
    pub shared: Shared,
    pub calls: Calls,
    pub modals: ModalHost,
    /// The realtime connection and its subscriptions (SPEC §7; live.rs).
    pub realtime: realtime::Client,
    /// The calls of the last refetch until they answer (live.rs).
    pub refetch: Option<super::live::RefetchWindow>,
    /// The last reload made for a new build (SPEC §9 reload guard).
    pub last_reload: Option<(String, u64)>,
    pub f: Features,
    /// Where each lazily loaded group's code is, and what waits for it (groups.rs).
    pub groups: super::groups::Groups,
    pub next_timer: u32,
    /// What changed since the view last looked (view.rs).
    pub dirty: Dirty,
    /// The shared groups each slice read when it was last built (registry.rs).
    pub slice_reads: super::registry::SliceReads,
    /// Where the address was before this update moved it (for `Hook::Navigated`).
    pub moved_from: Option<Location>,
}

impl Model {
    pub fn new(config: Config) -> Self {
        Model {
            shared: Shared::new(&config),
            calls: Calls::with_operator(config.operator_paths.clone()),
            config,
            modals: ModalHost::new(),
            realtime: Default::default(),
            refetch: None,
            last_reload: None,
            f: Features::default(),
            groups: Default::default(),
            next_timer: 0,
            dirty: Dirty::ALL,
            slice_reads: Default::default(),
            moved_from: None,
        }
    }

    /// A form's rules: its feature's, and for a sign-up the registration scenario's server
    /// rules merged in (`app::registration`). A lazy group's form has its rules once the
    /// group's code is here (none before: no message shows while the chunk loads).
    pub fn form_rules(&self, form: crate::app::registry::FormId) -> Vec<(String, Vec<Rule>)> {
        let own = match form.part().group() {
            Some(id) => self
                .groups
                .code(id)
                .map(|code| code.0.form_rules(&self.f, form))
                .unwrap_or_default(),
            None => self.f.form_rules(form),
        };
        if crate::app::registration::is_sign_up(form) {
            self.shared.registration.merge(own)
        } else {
            own
        }
    }
}

/// Which parts changed: a bit per feature and one for the address. A view slice is rebuilt
/// only when a part it reads is dirty.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dirty(pub u64);

impl Dirty {
    pub const ALL: Dirty = Dirty(u64::MAX);
    pub const NONE: Dirty = Dirty(0);
    pub(crate) const ADDRESS: u64 = 1 << 63;
    /// A form's values or touched fields (not the owning feature's other state).
    const FORMS: u64 = 1 << 62;

    pub fn bit(part: Part) -> u64 {
        1 << (part as u32)
    }

    pub fn mark(&mut self, part: Part) {
        self.0 |= Dirty::bit(part);
    }

    pub fn address(&mut self) {
        self.0 |= Dirty::ADDRESS;
    }

    pub fn forms(&mut self) {
        self.0 |= Dirty::FORMS;
    }

    /// Did a form's values change (input, blur)?
    pub fn touches_forms(self) -> bool {
        self.0 & Dirty::FORMS != 0
    }

    /// Does a slice reading `parts` (and the address, if `address`) need a rebuild?
    pub fn touches(self, parts: &[Part], address: bool) -> bool {
        let mask = parts.iter().fold(0, |m, p| m | Dirty::bit(*p));
        self.0 & mask != 0 || (address && self.0 & Dirty::ADDRESS != 0)
    }

    pub fn take(&mut self) -> Dirty {
        std::mem::replace(self, Dirty::NONE)
    }
}
