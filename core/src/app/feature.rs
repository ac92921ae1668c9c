//! What every feature module implements, and what it gets to work with.
//!
//! A feature owns its model, its view intents (`Ui`), its calls (an endpoint table), its
//! timers (`Tick`), its forms and its view slices. It never calls a sibling: it reads the
//! [`Shared`] state the parent keeps, and talks to the parent through [`Cx`] (effects, calls,
//! [`Msg`]s). The parent fans session changes, address changes and pushes out to every
//! feature through [`Feature::hook`].

use std::rc::Rc;

use super::calls::{Answer, Endpoint};
use super::effect::{Effect, LogLevel, TimerId};
use super::event::Boot;
use super::forms::FormState;
use super::model::Config;
use super::registry::{FormId, Req, Tick};
use super::stored::Stored;
use super::wire::{Currency, Locale};
use crate::domain::alert::Alert;
use crate::domain::analytics::AnalyticsEvent;
use crate::domain::realtime::push::Push;
use crate::domain::route::{Location, Route, RouteError, RouteName};
use crate::domain::validation::Rule;
use litemap::LiteMap;

pub trait Feature: Default {
    /// Intents of the view this feature takes, as the view writes them (`{type: …}`): an enum
    /// in serde's default form whose derived reader, writer and TypeScript type are one shape
    /// (`event.rs` moves the view's `type` to the variant).
    type Ui: Clone + std::fmt::Debug + PartialEq + serde::Serialize + serde::de::DeserializeOwned;
    /// Its calls; [`Endpoint`] gives each one's method, path, auth and headers.
    type Call: Clone + std::fmt::Debug + PartialEq + Endpoint;
    /// Its timers and other runtime answers.
    type Tick: Clone + std::fmt::Debug + PartialEq;

    /// What it keeps on the device (SPEC §9 keys): the runtime reads each at start into
    /// `Boot::stored`, which the feature reads back in `Hook::Booted` (app/stored.rs).
    const STORED: &'static [Stored] = &[];
    /// A lazy row's intent names (its `Ui`'s `type`s): the main module routes an intent to
    /// the row's group by name and the group's chunk reads it, so the derived reader is not
    /// in the main module. A lib test compares the list with the derive's; eager rows list
    /// none (the main module reads theirs).
    const INTENTS: &'static [&'static str] = &[];
    /// Another tab wrote `key` in localStorage (the browser's storage event; `None`: removed):
    /// the tick that tells this tab, when the feature shares that key between tabs.
    fn stored_elsewhere(_key: &str, _value: Option<&str>) -> Option<Self::Tick> {
        None
    }

    fn ui(&mut self, _event: Self::Ui, _cx: &mut Cx) {}
    fn answered(&mut self, _call: Self::Call, _answer: Answer, _cx: &mut Cx) {}
    fn tick(&mut self, _tick: Self::Tick, _cx: &mut Cx) {}
    /// Session changes, address changes, pushes, refetch once subscribed. Returns whether
    /// the feature's model changed (its view slices are rebuilt only then).
    fn hook(&mut self, _hook: &Hook, _cx: &mut Cx) -> bool {
        false
    }

    /// Its forms: fields in display order and their rules (SPEC §5).
    fn form_rules(&self, _form: FormId) -> Vec<(String, Vec<Rule>)> {
        Vec::new()
    }
    fn form(&mut self, _form: FormId) -> Option<&mut FormState> {
        None
    }
    fn form_state(&self, _form: FormId) -> Option<&FormState> {
        None
    }
    /// The form passed its rules: send it (only send: what changes comes with the answer).
    fn submit(&mut self, _form: FormId, _cx: &mut Cx) {}
}

/// Where changed view slices go: the runtime writes them into a JS object, tests collect
/// their names.
pub trait SliceSink {
    fn put<T: serde::Serialize>(&mut self, name: &'static str, value: &T);
    /// A slice a lazy group's code wrote as JSON (its types' writers are in its chunk).
    fn put_json(&mut self, name: &'static str, json: serde_json::Result<String>);
}

/// What the parent tells every feature.
#[derive(Debug)]
pub enum Hook<'a> {
    /// The runtime started with what storage held.
    Booted(&'a Boot),
    Session(SessionChange),
    /// The address changed; `from` is the one before.
    Navigated {
        from: &'a Location,
    },
    /// A realtime publication, already routed by channel (SPEC §7).
    Push(&'a Push),
    /// The socket (re)connected and subscribed: reload what pushes may have told meanwhile
    /// (before the first subscription, or while away).
    Refetch,
    /// The active account's currency changed (`Shared::active_currency`), SPEC §4 "Active
    /// account".
    ActiveAccount,
    /// The deposit form's amount changed (`Shared::deposit_amount`).
    DepositAmount,
    /// An analytics event fired (SPEC §4), for the third-party sinks.
    Analytics(crate::domain::analytics::AnalyticsEvent),
    /// The visitor's cookie choice changed (`Shared::consent`): the third-party services that
    /// waited for it load now.
    Consent,
    /// A feature told the others something happened (`Msg::Signal`).
    Signal(Signal),
}

/// What one feature tells the others without naming them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Signal {
    /// The server refused a deposit or play with a limit (13100): limits may have changed.
    LimitReached,
    /// The player changed their profile (nickname): whoever shows it reloads it.
    ProfileChanged,
    /// A game page is about to launch its game (real or demo): the player's protection
    /// answers `LaunchAllowed`, or asks the player first (issue 30's session length).
    LaunchWanted,
    /// The launch held for `LaunchWanted` may go.
    LaunchAllowed,
    /// The visitor's country became known (`Shared::visitor_country`).
    VisitorCountry,
    /// The wallet's accounts changed (`Shared::accounts`).
    Accounts,
    /// Crypto amounts now show in the other unit (`Shared::crypto_sub_units`).
    CryptoUnits,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SessionChange {
    /// A stored token is being restored: load who the player is and what they hold.
    Restoring,
    /// Signed in, registered or a stored session restored: `player_id` is known.
    Started { player_id: i64 },
    /// Known to be a guest: no stored session, or it could not be restored.
    Guest,
    /// Signed out here or in another tab, or the session was lost (401/403, refresh failed).
    Ended,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum SessionStatus {
    /// Not started yet, or restoring a stored session.
    Booting,
    Guest,
    Player,
}

/// Requests to the parent. Features never call a sibling; the parent owns the address, the
/// modal host, the session gate and the shared state.
#[derive(Clone, Debug, PartialEq)]
pub enum Msg {
    Alert(Alert),
    OpenModal(String),
    /// A modal with its extra address parameters (e.g. `bonusId`, `limitId`).
    OpenModalWith(String, Vec<(String, String)>),
    /// Tell every feature (`Hook::Signal`).
    Signal(Signal),
    CloseModal,
    /// The wallet's active account currency (set by the wallet feature).
    ActiveCurrency(Option<String>),
    /// The player's wallet accounts (set by the wallet feature; payments reads them).
    Accounts(Rc<Vec<crate::app::wire::Account>>),
    /// The equivalent fiat for crypto balances chosen on this device (set by the wallet).
    Equivalent(Option<String>),
    /// The deposit bonus chosen for the next deposit (package-bonus modal; sent with it).
    DepositBonus(Option<u64>),
    /// The deposit form's amount in units changed (set by the wallet feature).
    DepositAmount(Option<String>),
    /// Crypto amounts in sub-units (`true`) or units: the player chose (the wallet stores it).
    CryptoSubUnits(bool),
    /// Home of the current locale, optionally with a modal open.
    GoHome {
        modal: Option<String>,
    },
    /// The session started with this token (login, register).
    SignedIn {
        token: String,
        player_id: i64,
        /// The profile's country (SPEC §3), shared with every feature.
        country: Option<String>,
    },
    /// A stored session's player is known (profile loaded).
    Restored {
        player_id: i64,
        country: Option<String>,
    },
    /// The stored session could not be restored (no answer): the visitor is a guest for now.
    RestoreFailed,
    /// Sign out here (best effort logout call, clear, tell other tabs).
    SignOut,
    /// Texts of the current locale changed (merged once here, read by everyone).
    Texts(Rc<LiteMap<String, String>>),
    Currencies(Rc<Vec<Currency>>),
    Locales(Rc<Vec<Locale>>),
    /// A new build is out: the next navigation loads the page.
    UpdateReady,
    /// Fire an analytics event (SPEC §4): it goes to every configured sink (`third_party`).
    Analytics(crate::domain::analytics::AnalyticsEvent),
    /// The affiliate tag, bot address and referrer in force (captured or stored cookies).
    Affiliate(crate::domain::affiliate::Captured),
    /// The visitor's cookie choice (cookie-request modal, or stored).
    Consent(crate::domain::consent::Consent),
    /// The registration scenario's server rules or the countries arrived (the session feature).
    Registration(Rc<crate::app::registration::Registration>),
    /// The visitor's country as the platform's edge names it (`GET /api/geo`).
    VisitorCountry(String),
    /// The games catalogue arrived (the games feature).
    Catalogue(Rc<crate::app::features::games::catalogue::Catalogue>),
    /// Go to an in-app address (a history entry, or `replace` the current one).
    Navigate {
        url: String,
        replace: bool,
    },
}

/// What features read: owned by the parent, changed only through [`Msg`]s and navigation.
#[derive(Clone, Debug, PartialEq)]
pub struct Shared {
    pub location: Location,
    pub route: Result<Route, RouteError>,
    pub status: SessionStatus,
    pub player_id: Option<i64>,
    /// The player's profile country (payment methods, the sportsbook's start call); `None`
    /// for a guest or a profile without one.
    pub country: Option<String>,
    /// The visitor's country as the edge names it (`GET /api/geo`, an operator path), for
    /// guests and players alike (SPEC §5 collections); `None` until it answered or without it.
    pub visitor_country: Option<String>,
    /// The active wallet account's currency, once the accounts are known.
    pub active_currency: Option<String>,
    /// The player's wallet accounts as the wallet feature has them (empty for a guest).
    pub accounts: Rc<Vec<crate::app::wire::Account>>,
    /// The deposit bonus package chosen for the next deposit.
    pub deposit_bonus: Option<u64>,
    /// The deposit form's amount in the currency's units (`0.025` for 25 mBTC typed), while
    /// it is a number: the deposit bonuses offered depend on it (SPEC §7 `amount`).
    pub deposit_amount: Option<String>,
    /// Crypto amounts in the milli sub-unit (mBTC) rather than units (BTC): the player's
    /// choice on this device (SPEC §1, localStorage `cryptoUnits`); sub-units unless chosen.
    pub crypto_sub_units: bool,
    /// Loaded texts of the current locale over the built-in default language.
    pub texts: Rc<LiteMap<String, String>>,
    pub currencies: Rc<Vec<Currency>>,
    pub locales: Rc<Vec<Locale>>,
    pub update_ready: bool,
    /// The affiliate tag, bot address and referrer to send with registration and login
    /// (SPEC §7, §9; kept by the referral feature).
    pub affiliate: crate::domain::affiliate::Captured,
    /// What the visitor allowed (cookie-request modal). Third-party loaders ask
    /// `consent.analytics` / `consent.marketing` before loading (domain::consent).
    pub consent: crate::domain::consent::Consent,
    /// The games catalogue once the games feature has it (game names for bonuses and quests).
    pub catalogue: Option<Rc<crate::app::features::games::catalogue::Catalogue>>,
    /// The device's time zone, from boot (`Boot::zone`): every date a slice shows is
    /// formatted in it (SPEC §9 date formats). UTC until the runtime booted.
    pub zone: Rc<crate::domain::zone::Zone>,
    /// The registration scenario's server rules (SPEC §5), merged into both sign-up forms.
    pub registration: Rc<crate::app::registration::Registration>,
    /// The equivalent fiat for crypto balances chosen on this device (SPEC §9; the wallet
    /// keeps it and tells the parent, `Msg::Equivalent`).
    pub equivalent: Option<String>,
    /// The modal the parent's host has opening or open, with its extra address parameters
    /// (copied from the host after each update that moved the address).
    pub modal: Option<(crate::domain::modal::ModalId, Vec<(String, String)>)>,
    /// The groups (`Reads`) a slice read through the accessors below while it was built.
    pub reads: ReadLog,
}

/// Groups of [`Shared`] fields, a [`Dirty`](super::model::Dirty) bit each: the parent marks a
/// group when an update changed it ([`SharedMark`]), and a slice built through the accessors
/// below is rebuilt when its own part or a group it read last time is dirty (registry.rs).
pub struct Reads;

impl Reads {
    /// `texts`.
    pub const TEXTS: u64 = 1 << 40;
    /// `currencies`.
    pub const CURRENCIES: u64 = 1 << 41;
    /// `crypto_sub_units`, `equivalent`: how amounts show on this device.
    pub const UNITS: u64 = 1 << 42;
    /// `accounts` (a balance push changes them).
    pub const ACCOUNTS: u64 = 1 << 43;
    /// `status`, `player_id`.
    pub const STATUS: u64 = 1 << 44;
    /// `zone`.
    pub const ZONE: u64 = 1 << 45;
    /// `consent`.
    pub const CONSENT: u64 = 1 << 46;
    /// The address's locale ([`Shared::locale`]), not the rest of the address.
    pub const LOCALE: u64 = 1 << 47;
    /// The address's query (`location.query`): modals and their parameters.
    pub const QUERY: u64 = 1 << 48;
    /// `deposit_amount`, `deposit_bonus`.
    pub const DEPOSIT: u64 = 1 << 49;
    /// `catalogue`.
    pub const CATALOGUE: u64 = 1 << 50;
    /// `registration`.
    pub const REGISTRATION: u64 = 1 << 51;
    /// `country`, `visitor_country`.
    pub const COUNTRY: u64 = 1 << 52;
    /// The page the address names ([`Shared::route_name`]), not its parameters.
    pub const PAGE: u64 = 1 << 53;
    /// The address's path ([`Shared::path`]), not its query.
    pub const PATH: u64 = 1 << 54;
    /// `active_currency` (a switch of the active account, not a balance).
    pub const ACTIVE: u64 = 1 << 55;
    /// `locales` (their names and codes).
    pub const LOCALES: u64 = 1 << 56;
    /// The whole address (`location`, `route`) and the modal host (`modal`): the parent's own
    /// `Dirty` bit for a move, set wherever it moves (app/address.rs), so no mark compares it.
    pub const ADDRESS: u64 = super::model::Dirty::ADDRESS;
    /// Every group: what a slice depends on when it read a field without an accessor.
    pub const ALL: u64 = 0xff << 40
        | Reads::QUERY
        | Reads::DEPOSIT
        | Reads::CATALOGUE
        | Reads::REGISTRATION
        | Reads::COUNTRY
        | Reads::PAGE
        | Reads::PATH
        | Reads::ACTIVE
        | Reads::LOCALES
        | Reads::ADDRESS;
}

/// What a slice read ([`Reads`] bits), noted by the accessors. Not part of the model's
/// value: two models that differ only in it are equal.
#[derive(Clone, Debug, Default)]
pub struct ReadLog(std::cell::Cell<u64>);

impl PartialEq for ReadLog {
    fn eq(&self, _: &ReadLog) -> bool {
        true
    }
}

impl ReadLog {
    fn note(&self, group: u64) {
        self.0.set(self.0.get() | group);
    }

    /// What was read since the last take.
    pub fn take(&self) -> u64 {
        self.0.replace(0)
    }
}

/// The groups' values before an update, to mark the ones it changed ([`Reads`]).
pub struct SharedMark {
    texts: Rc<LiteMap<String, String>>,
    currencies: Rc<Vec<Currency>>,
    locales: Rc<Vec<Locale>>,
    units: (bool, Option<String>),
    accounts: Rc<Vec<crate::app::wire::Account>>,
    active_currency: Option<String>,
    status: (SessionStatus, Option<i64>),
    zone: Rc<crate::domain::zone::Zone>,
    consent: crate::domain::consent::Consent,
    locale: Option<String>,
    query: Vec<(String, String)>,
    deposit: (Option<String>, Option<u64>),
    catalogue: Option<Rc<crate::app::features::games::catalogue::Catalogue>>,
    registration: Rc<crate::app::registration::Registration>,
    country: (Option<String>, Option<String>),
    page: Option<RouteName>,
    path: String,
}

impl SharedMark {
    pub fn of(shared: &Shared, config: &Config) -> SharedMark {
        SharedMark {
            texts: shared.texts.clone(),
            currencies: shared.currencies.clone(),
            locales: shared.locales.clone(),
            units: (shared.crypto_sub_units, shared.equivalent.clone()),
            accounts: shared.accounts.clone(),
            active_currency: shared.active_currency.clone(),
            status: (shared.status, shared.player_id),
            zone: shared.zone.clone(),
            consent: shared.consent,
            locale: shared.locale_of(config).map(str::to_string),
            query: shared.location.query.clone(),
            deposit: (shared.deposit_amount.clone(), shared.deposit_bonus),
            catalogue: shared.catalogue.clone(),
            registration: shared.registration.clone(),
            country: (shared.country.clone(), shared.visitor_country.clone()),
            page: shared.page(),
            path: shared.location.path.clone(),
        }
    }

    /// The [`Reads`] groups whose value is not the one kept.
    pub fn changed(&self, shared: &Shared, config: &Config) -> u64 {
        let mut bits = 0;
        let mut mark = |changed: bool, group: u64| {
            if changed {
                bits |= group;
            }
        };
        mark(!Rc::ptr_eq(&self.texts, &shared.texts), Reads::TEXTS);
        mark(
            !Rc::ptr_eq(&self.currencies, &shared.currencies),
            Reads::CURRENCIES,
        );
        mark(!Rc::ptr_eq(&self.locales, &shared.locales), Reads::LOCALES);
        mark(
            self.units.0 != shared.crypto_sub_units || self.units.1 != shared.equivalent,
            Reads::UNITS,
        );
        mark(
            !Rc::ptr_eq(&self.accounts, &shared.accounts),
            Reads::ACCOUNTS,
        );
        mark(
            self.active_currency != shared.active_currency,
            Reads::ACTIVE,
        );
        mark(
            self.status != (shared.status, shared.player_id),
            Reads::STATUS,
        );
        mark(!Rc::ptr_eq(&self.zone, &shared.zone), Reads::ZONE);
        mark(self.consent != shared.consent, Reads::CONSENT);
        mark(
            self.locale.as_deref() != shared.locale_of(config),
            Reads::LOCALE,
        );
        mark(self.query != shared.location.query, Reads::QUERY);
        mark(self.page != shared.page(), Reads::PAGE);
        mark(self.path != shared.location.path, Reads::PATH);
        mark(
            self.deposit.0 != shared.deposit_amount || self.deposit.1 != shared.deposit_bonus,
            Reads::DEPOSIT,
        );
        mark(
            match (&self.catalogue, &shared.catalogue) {
                (Some(a), Some(b)) => !Rc::ptr_eq(a, b),
                (a, b) => a.is_some() != b.is_some(),
            },
            Reads::CATALOGUE,
        );
        mark(
            !Rc::ptr_eq(&self.registration, &shared.registration),
            Reads::REGISTRATION,
        );
        mark(
            self.country.0 != shared.country || self.country.1 != shared.visitor_country,
            Reads::COUNTRY,
        );
        bits
    }
}

impl Shared {
    pub fn new(config: &Config) -> Shared {
        Shared {
            location: Location::parse_url("/"),
            route: Err(RouteError::NoMatch {
                status: 404,
                message: String::new(),
            }),
            status: SessionStatus::Booting,
            player_id: None,
            country: None,
            visitor_country: None,
            active_currency: None,
            accounts: Rc::default(),
            deposit_bonus: None,
            deposit_amount: None,
            crypto_sub_units: true,
            texts: Rc::new(config.texts.clone()),
            currencies: Rc::default(),
            locales: Rc::default(),
            update_ready: false,
            affiliate: Default::default(),
            consent: Default::default(),
            catalogue: None,
            zone: Rc::default(),
            registration: Rc::default(),
            equivalent: None,
            modal: None,
            reads: ReadLog::default(),
        }
    }

    // The accessors a slice reads through: each notes its group ([`Reads`]).

    pub fn texts(&self) -> &Rc<LiteMap<String, String>> {
        self.reads.note(Reads::TEXTS);
        &self.texts
    }

    pub fn currencies(&self) -> &[Currency] {
        self.reads.note(Reads::CURRENCIES);
        &self.currencies
    }

    pub fn crypto_sub_units(&self) -> bool {
        self.reads.note(Reads::UNITS);
        self.crypto_sub_units
    }

    pub fn accounts(&self) -> &[crate::app::wire::Account] {
        self.reads.note(Reads::ACCOUNTS);
        &self.accounts
    }

    pub fn active_currency(&self) -> Option<&str> {
        self.reads.note(Reads::ACTIVE);
        self.active_currency.as_deref()
    }

    pub fn zone(&self) -> &crate::domain::zone::Zone {
        self.reads.note(Reads::ZONE);
        &self.zone
    }

    pub fn consent(&self) -> crate::domain::consent::Consent {
        self.reads.note(Reads::CONSENT);
        self.consent
    }

    pub fn locales(&self) -> &[Locale] {
        self.reads.note(Reads::LOCALES);
        &self.locales
    }

    pub fn equivalent(&self) -> Option<&str> {
        self.reads.note(Reads::UNITS);
        self.equivalent.as_deref()
    }

    pub fn location(&self) -> &Location {
        self.reads.note(Reads::ADDRESS);
        &self.location
    }

    pub fn route(&self) -> Result<&Route, &RouteError> {
        self.reads.note(Reads::ADDRESS);
        self.route.as_ref()
    }

    /// The current page's route name, if the address is a page (only the page is noted:
    /// a move within it, a modal, does not rebuild a slice that read only this).
    pub fn route_name(&self) -> Option<RouteName> {
        self.reads.note(Reads::PAGE);
        self.page()
    }

    fn page(&self) -> Option<RouteName> {
        self.route.as_ref().ok().and_then(|r| r.route_name())
    }

    /// The address's path (no query, no hash).
    pub fn path(&self) -> &str {
        self.reads.note(Reads::PATH);
        &self.location.path
    }

    /// The first value of `key` in the address's query (only the query is noted, so a move
    /// between pages does not rebuild a slice that read only this).
    pub fn query_value(&self, key: &str) -> Option<&str> {
        self.reads.note(Reads::QUERY);
        self.location.query_value(key)
    }

    /// The modal open or opening, with its extra address parameters.
    pub fn modal(&self) -> Option<(crate::domain::modal::ModalId, &[(String, String)])> {
        self.reads.note(Reads::ADDRESS);
        self.modal
            .as_ref()
            .map(|(id, params)| (*id, params.as_slice()))
    }

    pub fn deposit_amount(&self) -> Option<&str> {
        self.reads.note(Reads::DEPOSIT);
        self.deposit_amount.as_deref()
    }

    pub fn deposit_bonus(&self) -> Option<u64> {
        self.reads.note(Reads::DEPOSIT);
        self.deposit_bonus
    }

    pub fn catalogue(&self) -> Option<&crate::app::features::games::catalogue::Catalogue> {
        self.reads.note(Reads::CATALOGUE);
        self.catalogue.as_deref()
    }

    pub fn registration(&self) -> &crate::app::registration::Registration {
        self.reads.note(Reads::REGISTRATION);
        &self.registration
    }

    /// Localized text for `key`, if any.
    pub fn text_of(&self, key: &str) -> Option<&String> {
        self.texts().get(key)
    }

    /// [`Shared::text_of`], or the key itself so a missing text is visible rather than blank.
    pub fn text(&self, key: &str) -> String {
        self.text_of(key)
            .map_or_else(|| key.to_string(), String::clone)
    }

    pub fn currency(&self, code: &str) -> Option<&Currency> {
        self.currencies()
            .iter()
            .find(|c| c.code.eq_ignore_ascii_case(code))
    }

    /// The player's profile country.
    pub fn country(&self) -> Option<&str> {
        self.reads.note(Reads::COUNTRY);
        self.country.as_deref()
    }

    /// The country whose game collections the visitor sees (SPEC §5): the edge's, else (no
    /// geo path, or before it answered) the player's profile country.
    pub fn collections_country(&self) -> Option<&str> {
        self.reads.note(Reads::COUNTRY);
        self.visitor_country.as_deref().or(self.country.as_deref())
    }

    pub fn status(&self) -> SessionStatus {
        self.reads.note(Reads::STATUS);
        self.status
    }

    pub fn is_player(&self) -> bool {
        self.reads.note(Reads::STATUS);
        self.status == SessionStatus::Player
    }

    /// The code in the address of a page that acts on one (`/password-reset/{resetCode}`,
    /// `/verify/{confirmCode}`) once the session is known: what to do with it depends on
    /// whether a guest or a player follows the link.
    pub fn page_code(&self, page: RouteName, param: &str) -> Option<&str> {
        if self.status == SessionStatus::Booting {
            return None;
        }
        let route = self.route.as_ref().ok()?;
        if route.route_name() != Some(page) {
            return None;
        }
        route.param(param)
    }

    /// Known locale codes: settings when loaded, else the configured list.
    pub fn locale_codes<'a>(&'a self, config: &'a Config) -> Vec<&'a str> {
        self.reads.note(Reads::LOCALES);
        self.codes(config)
    }

    /// [`Shared::locale_codes`], not noted (what the address's locale is made of).
    fn codes<'a>(&'a self, config: &'a Config) -> Vec<&'a str> {
        if self.locales.is_empty() {
            config.locales.iter().map(String::as_str).collect()
        } else {
            self.locales.iter().map(|l| l.code.as_str()).collect()
        }
    }

    /// The current address's locale prefix for in-app links (`/pt-br`, or empty for the
    /// default locale).
    pub fn link_prefix(&self, config: &Config) -> String {
        self.locale(config)
            .map(|l| format!("/{l}"))
            .unwrap_or_default()
    }

    /// The locale of the current address (`None` = default).
    pub fn locale<'a>(&'a self, config: &'a Config) -> Option<&'a str> {
        self.reads.note(Reads::LOCALE);
        self.locale_of(config)
    }

    /// [`Shared::locale`], not noted (the parent's own reads).
    fn locale_of<'a>(&'a self, config: &'a Config) -> Option<&'a str> {
        self.route
            .as_ref()
            .ok()
            .and_then(|r| r.locale.as_deref())
            .or_else(|| {
                // An error page keeps the prefix of the address it failed on.
                let first = self
                    .location
                    .path
                    .trim_start_matches('/')
                    .split('/')
                    .next()?;
                let mut found = None;
                for l in self.codes(config) {
                    if l.eq_ignore_ascii_case(first) && *l != config.default_locale {
                        found = Some(l);
                        break;
                    }
                }
                found
            })
    }

    /// The content locale: the address's, else the default.
    pub fn content_locale(&self, config: &Config) -> String {
        self.locale(config)
            .unwrap_or(&config.default_locale)
            .to_string()
    }
}

/// What a feature's update writes: effects, calls, messages to the parent, timers.
#[derive(Debug, Default)]
pub struct Out {
    /// A feature changed one of its forms (beyond the parent's input, blur and submit).
    pub forms_changed: bool,
    pub fx: Vec<Effect>,
    pub calls: Vec<(Req, Option<crate::json::Json>)>,
    pub msgs: Vec<Msg>,
}

/// A feature's window on the world during one update.
pub struct Cx<'a> {
    pub now: u64,
    pub config: &'a Config,
    pub shared: &'a Shared,
    pub(crate) out: &'a mut Out,
    pub(crate) next_timer: &'a mut u32,
}

impl Cx<'_> {
    pub fn effect(&mut self, effect: Effect) {
        self.out.fx.push(effect);
    }

    /// Send a call; its answer comes back to the feature's `answered`. A GET equal to one
    /// still in flight supersedes it (the older answer is dropped).
    pub fn call(&mut self, req: Req, body: Option<crate::json::Json>) {
        self.out.calls.push((req, body));
    }

    /// Send a call with a body ([`crate::json::body`]).
    pub fn send<B: serde::Serialize>(&mut self, req: Req, body: &B) {
        self.call(req, Some(crate::json::body(body)));
    }

    /// Say that one of the feature's forms changed, so the forms slice is rebuilt.
    pub fn forms_changed(&mut self) {
        self.out.forms_changed = true;
    }

    pub fn msg(&mut self, msg: Msg) {
        self.out.msgs.push(msg);
    }

    /// Ask for modal `id`.
    pub fn open_modal(&mut self, id: &str) {
        self.msg(Msg::OpenModal(id.to_string()));
    }

    pub fn close_modal(&mut self) {
        self.msg(Msg::CloseModal);
    }

    /// A success toast with the text of `key`.
    pub fn success(&mut self, key: &str) {
        self.alert(Alert::success(key));
    }

    /// An error toast with the text of `key`.
    pub fn error(&mut self, key: &str) {
        self.alert(Alert::error(key));
    }

    pub fn alert(&mut self, alert: Alert) {
        self.out.msgs.push(Msg::Alert(alert));
    }

    pub fn log(&mut self, level: LogLevel, message: &str) {
        self.out.fx.push(Effect::Log {
            level,
            message: message.to_string(),
        });
    }

    /// `what: e` (one formatting call for every "what failed: why" line).
    pub fn log_err(&mut self, level: LogLevel, what: &str, e: &dyn std::fmt::Display) {
        self.log(level, &format!("{what}: {e}"));
    }

    /// Feed `tick` back after `ms`; the id cancels it ([`Cx::cancel`]).
    pub fn timer(&mut self, ms: u32, tick: Tick) -> TimerId {
        *self.next_timer = self.next_timer.wrapping_add(1).max(1);
        let id = TimerId(*self.next_timer);
        self.out.fx.push(Effect::Timer {
            id,
            ms,
            event: Box::new(super::event::Event::Tick(tick)),
        });
        id
    }

    pub fn cancel(&mut self, id: TimerId) {
        self.out.fx.push(Effect::CancelTimer(id));
    }

    pub fn text(&self, key: &str) -> String {
        self.shared.text(key)
    }

    /// The welcome after a sign-in (e-mail, phone, social, auto-login); a new player's also
    /// says the registration finished (SPEC §4 regfin).
    pub fn welcome(&mut self, new_player: bool) {
        let alert = if new_player {
            self.msg(Msg::Analytics(AnalyticsEvent::Regfin));
            Alert::success("alerts.signedUp").with_description("alerts.signedUpDescription")
        } else {
            Alert::success("alerts.signedIn")
        };
        self.alert(alert);
    }

    /// "Try again in 30 s." / "Try again in 15 min." (minutes from 90 s on, rounded up), for a
    /// form refused with 429. Without a usable number the wait is a minute: the server always
    /// sends one, a proxy might not.
    pub fn wait_message(&self, retry_after: Option<f64>) -> String {
        let secs = retry_after
            .filter(|s| s.is_finite() && *s > 0.0)
            .map_or(60, |s| s.ceil().min(86_400.0) as u64);
        if secs < 90 {
            self.text("alerts.tooManyAttemptsSeconds")
                .replace("{seconds}", &secs.to_string())
        } else {
            self.text("alerts.tooManyAttemptsMinutes")
                .replace("{minutes}", &secs.div_ceil(60).to_string())
        }
    }
}

/// What the parent needs of a lazily loaded group (`lazy` rows in registry.rs): its code
/// behind one vtable, so the parent never names the group's functions and the splitter can
/// move them to the group's chunk. The models stay in [`Features`](super::registry::Features)
/// (the parent owns them; the group's code gets `&mut` to them), and so do the view slices
/// and the forms' state; a form's rules and its submit are the group's code.
pub trait Group {
    /// An intent of one of the group's rows as the view wrote it (`{type: kind, …}`), read by
    /// the row's derived reader, which is in the group's chunk; the error names the field at
    /// fault.
    fn read(
        &self,
        kind: &str,
        event: &crate::json::Json,
    ) -> Result<super::registry::FeatureUi, String>;
    /// The group's slices as JSON: those a dirty part or shared group rebuilds, or all of
    /// them (`None`, the whole view). Built and written here, in the chunk: until the group's
    /// code is here the page keeps the slices of its first view (the default model's).
    fn slices(
        &self,
        model: &super::model::Model,
        dirty: Option<super::model::Dirty>,
        out: &mut dyn FnMut(&'static str, serde_json::Result<String>),
    );
    fn ui(&self, f: &mut super::registry::Features, event: super::registry::FeatureUi, cx: &mut Cx);
    fn answered(&self, f: &mut super::registry::Features, call: Req, answer: Answer, cx: &mut Cx);
    fn tick(&self, f: &mut super::registry::Features, tick: Tick, cx: &mut Cx);
    /// The group's features whose models changed.
    fn hook(
        &self,
        f: &mut super::registry::Features,
        hook: &Hook,
        cx: &mut Cx,
    ) -> Vec<super::registry::Part>;
    /// A form's rules (the form's state is the parent's: `Features::form`).
    fn form_rules(&self, f: &super::registry::Features, form: FormId) -> Vec<(String, Vec<Rule>)>;
    /// The form passed its rules: send it.
    fn submit(&self, f: &mut super::registry::Features, form: FormId, cx: &mut Cx);
}

/// A group's code could not be fetched (network, a failed chunk): the parent keeps what was
/// queued for it and a retry fetches again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LoadFailed;

#[cfg(all(target_arch = "wasm32", feature = "split"))]
impl From<wasm_split_helpers::SplitLoaderError> for LoadFailed {
    fn from(_: wasm_split_helpers::SplitLoaderError) -> Self {
        LoadFailed
    }
}

/// A [`Hook`] that can wait in a group's queue until the group's code is here.
#[derive(Clone, Debug, PartialEq)]
pub enum OwnedHook {
    /// Boxed: what storage held is the largest by far, and a queue holds many hooks.
    Booted(Box<Boot>),
    Session(SessionChange),
    Navigated {
        from: Location,
    },
    Push(Push),
    Refetch,
    ActiveAccount,
    DepositAmount,
    Analytics(AnalyticsEvent),
    Consent,
    Signal(Signal),
}

impl OwnedHook {
    pub fn of(hook: &Hook) -> OwnedHook {
        match hook {
            Hook::Booted(p) => OwnedHook::Booted(Box::new((*p).clone())),
            Hook::Session(s) => OwnedHook::Session(*s),
            Hook::Navigated { from } => OwnedHook::Navigated {
                from: (*from).clone(),
            },
            Hook::Push(p) => OwnedHook::Push((*p).clone()),
            Hook::Refetch => OwnedHook::Refetch,
            Hook::ActiveAccount => OwnedHook::ActiveAccount,
            Hook::DepositAmount => OwnedHook::DepositAmount,
            Hook::Analytics(a) => OwnedHook::Analytics(*a),
            Hook::Consent => OwnedHook::Consent,
            Hook::Signal(s) => OwnedHook::Signal(*s),
        }
    }

    pub fn as_hook(&self) -> Hook<'_> {
        match self {
            OwnedHook::Booted(p) => Hook::Booted(p),
            OwnedHook::Session(s) => Hook::Session(*s),
            OwnedHook::Navigated { from } => Hook::Navigated { from },
            OwnedHook::Push(p) => Hook::Push(p),
            OwnedHook::Refetch => Hook::Refetch,
            OwnedHook::ActiveAccount => Hook::ActiveAccount,
            OwnedHook::DepositAmount => Hook::DepositAmount,
            OwnedHook::Analytics(a) => Hook::Analytics(*a),
            OwnedHook::Consent => Hook::Consent,
            OwnedHook::Signal(s) => Hook::Signal(*s),
        }
    }
}
