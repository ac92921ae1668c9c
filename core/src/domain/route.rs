//! Routes of SPEC §2: URL parsing, route resolution, path building, navigation safety and the
//! small route-change rules (scroll, alert, drawer).
//!
//! # Route table
//!
//! Names follow Nuxt's generated names (`pages/game/[id].vue` -> `game-id`). Every route also
//! exists with a locale prefix; its name is the base name with `locale-` in front
//! (`locale-game-id`, `locale-index`).
//!
//! | Name | Path | Params | Validity check |
//! |---|---|---|---|
//! | `index` | `/` | | |
//! | `wallet` | `/wallet` (overview child) | | |
//! | `wallet-history` | `/wallet/history` | | |
//! | `bonuses` | `/bonuses` | | |
//! | `contact` | `/contact` | | |
//! | `profile` | `/profile` | | |
//! | `profile-info` | `/profile/info` | | |
//! | `profile-limits` | `/profile/limits` | | |
//! | `profile-personal` | `/profile/personal` | | |
//! | `profile-sessions` | `/profile/sessions` | | |
//! | `profile-settings` | `/profile/settings` | | |
//! | `profile-settings-account` | `/profile/settings/account` | | |
//! | `profile-settings-notifications` | `/profile/settings/notifications` | | |
//! | `profile-bonuses` | `/profile/bonuses` | | |
//! | `support` | `/support` | | |
//! | `referral` | `/referral` | | |
//! | `questions` | `/questions` | | |
//! | `questions-pageIdentity` | `/questions/{pageIdentity}` | pageIdentity | identity |
//! | `games` | `/games` | | |
//! | `games-providers` | `/games/providers` | | |
//! | `games-id` | `/games/{id...}` (1 or more) | id (list) | every segment an identity |
//! | `game-id` | `/game/{id}` | id | identity |
//! | `bonus-pageIdentity` | `/bonus/{pageIdentity}` | pageIdentity | identity |
//! | `static-pageIdentity` | `/static/{pageIdentity}` | pageIdentity | identity |
//! | `sport-slug` (alias `sport/betting`) | `/sport/{slug...}` (0 or more) | slug (list) | none (the sportsbook falls back to /sport) |
//! | `welcome-package` | `/welcome-package` | | |
//! | `favorites` | `/favorites` | | |
//! | `recently-played` | `/recently-played` | | |
//! | `auth-autologin` | `/auth/autologin` | | |
//! | `auth-social-connection-callback` | `/auth/social/{connection}/callback` | connection | identity |
//! | `redirect` | `/redirect` | | |
//! | `verify-confirmCode` | `/verify/{confirmCode}` | confirmCode | identity |
//! | `password-reset-resetCode` | `/password-reset/{resetCode}` | resetCode | identity |
//! | `slug` | `/{slug...}` (1 or more; fallback) | slug (list) | every segment an identity |
//!
//! Client-only: `favorites`, `game-id`, `recently-played`, `redirect`. Layout `empty`: `redirect`.
//!
//! # Decisions
//!
//! - An *identity* is 1..=128 characters from `A-Z a-z 0-9 - _ . : /` whose `/`-separated parts
//!   are non-empty and not `.` or `..` (a `/` inside a single parameter travels as `%2F`).
//! - Literal segments match ASCII case-insensitively (vue-router's default); a trailing slash is
//!   ignored. Paths are matched in table order, so static routes win over dynamic ones and
//!   `slug` is last.
//! - Locale prefix: the first segment is a locale when it has the shape `ll` or `ll-RR` (letters;
//!   language lowercase, region any case) AND is one of `locales` (case-insensitive). The route
//!   then carries the locale spelled as in `locales`.
//!   - The default locale as a prefix (`/en/wallet` when `en` is default) is not canonical:
//!     [`resolve`] answers [`RouteError::Redirect`] (301) to the unprefixed path, query and hash
//!     kept.
//!   - A locale-shaped segment that is not a known locale (`/zz/foo`) is an ordinary segment,
//!     so `/zz/foo` is the `slug` route with `["zz", "foo"]`.
//! - "No match" (`Page not found: {path}`) happens only for input that is not an absolute path
//!   (does not start with `/`), that has an empty segment inside (`/a//b`), or that holds control
//!   characters; everything else at least reaches the `slug` catch-all, whose validity check may
//!   then fail with `Page Not Found: {full path}` (404).
//! - Path segments are percent-decoded; a malformed escape or invalid UTF-8 keeps the raw text.
//! - [`build`] percent-encodes every byte outside `A-Z a-z 0-9 - . _ ~`; a missing or invalid
//!   parameter makes [`try_build`] return `None` and [`build`] fall back to the localised home.

use litemap::LiteMap;
use serde::{Deserialize, Serialize};
use std::fmt::Write;

// ---------------------------------------------------------------------------------------------
// Location
// ---------------------------------------------------------------------------------------------

/// An address split into path, decoded query pairs and hash.
///
/// `path` is kept raw (still percent-encoded, as in the address bar); query keys and values are
/// decoded (`+` is a space); `hash` is the text after `#`, without the `#`, kept raw.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Location {
    pub path: String,
    pub query: Vec<(String, String)>,
    pub hash: Option<String>,
}

/// The first value of `key` in an address's query.
pub fn query_value<'a>(query: &'a [(String, String)], key: &str) -> Option<&'a str> {
    query
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.as_str())
}

impl Location {
    /// Parses `path?query#hash`. An absolute URL (`https://host/path...`) or a protocol-relative
    /// one (`//host/path`) loses its scheme and authority. An empty path becomes `/`. Never panics.
    pub fn parse_url(input: &str) -> Location {
        let rest = strip_origin(input);
        let (before_hash, hash) = match rest.split_once('#') {
            Some((a, h)) => (a, Some(h.to_string())),
            None => (rest, None),
        };
        let (path, query) = match before_hash.split_once('?') {
            Some((p, q)) => (p, parse_query(q)),
            None => (before_hash, Vec::new()),
        };
        let path = if path.is_empty() {
            "/".to_string()
        } else {
            path.to_string()
        };
        Location { path, query, hash }
    }

    /// First value of a query parameter.
    pub fn query_value(&self, key: &str) -> Option<&str> {
        self.query
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// `path` + encoded query + `#hash`, as vue-router's `fullPath`.
    pub fn full_path(&self) -> String {
        let mut out = self.path.clone();
        let q = encode_query(&self.query);
        if !q.is_empty() {
            out.push('?');
            out.push_str(&q);
        }
        if let Some(h) = &self.hash {
            out.push('#');
            out.push_str(h);
        }
        out
    }
}

/// Removes `scheme://authority` or `//authority` from the front of an address.
fn strip_origin(input: &str) -> &str {
    let after_scheme = match input.find("://") {
        Some(i)
            if i > 0
                && input.get(..i).is_some_and(|s| {
                    s.chars()
                        .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
                }) =>
        {
            input.get(i + 3..).unwrap_or("")
        }
        _ => match input.strip_prefix("//") {
            Some(r) => r,
            None => return input,
        },
    };
    match after_scheme.find(['/', '?', '#']) {
        Some(i) => after_scheme.get(i..).unwrap_or(""),
        None => "",
    }
}

/// Parses `a=1&b=x%20y` into decoded pairs (`+` is a space). Empty pieces are skipped; a key
/// without `=` has an empty value.
pub fn parse_query(q: &str) -> Vec<(String, String)> {
    let q = q.strip_prefix('?').unwrap_or(q);
    q.split('&')
        .filter_map(|p| {
            if p.is_empty() {
                return None;
            }
            Some(match p.split_once('=') {
                Some((k, v)) => (percent_decode(k, true), percent_decode(v, true)),
                None => (percent_decode(p, true), String::new()),
            })
        })
        .collect()
}

/// Encodes query pairs as `k=v&...` (every byte outside `A-Z a-z 0-9 - . _ ~` escaped, but
/// a comma in a value stays: RFC 3986 allows it there, and the sportsbook's id lists are
/// comma-separated in the address, SPEC §2).
pub fn encode_query(pairs: &[(String, String)]) -> String {
    let mut out = String::new();
    for (k, v) in pairs {
        if !out.is_empty() {
            out.push('&');
        }
        out.push_str(&percent_encode(k));
        out.push('=');
        out.push_str(&percent_encode(v).replace("%2C", ","));
    }
    out
}

/// Percent-decodes `s`. Malformed escapes stay literal; invalid UTF-8 becomes U+FFFD.
pub fn percent_decode(s: &str, plus_as_space: bool) -> String {
    match percent_decode_strict(s, plus_as_space) {
        Some(d) => d,
        None => String::from_utf8_lossy(&decode_bytes(s.as_bytes(), plus_as_space)).into_owned(),
    }
}

/// Percent-decodes `s`; `None` when the result is not valid UTF-8.
pub fn percent_decode_strict(s: &str, plus_as_space: bool) -> Option<String> {
    if !(s.contains('%') || plus_as_space && s.contains('+')) {
        return Some(s.to_string());
    }
    String::from_utf8(decode_bytes(s.as_bytes(), plus_as_space)).ok()
}

fn decode_bytes(b: &[u8], plus_as_space: bool) -> Vec<u8> {
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while let Some(&c) = b.get(i) {
        if c == b'%' {
            let hex = |at: usize| b.get(at).and_then(|&d| char::from(d).to_digit(16));
            if let (Some(hi), Some(lo)) = (hex(i + 1), hex(i + 2)) {
                // Two hex digits: below 256.
                out.push((hi * 16 + lo) as u8);
                i += 3;
                continue;
            }
            out.push(c);
        } else if c == b'+' && plus_as_space {
            out.push(b' ');
        } else {
            out.push(c);
        }
        i += 1;
    }
    out
}

/// Percent-encodes every byte outside the unreserved set `A-Z a-z 0-9 - . _ ~`.
pub fn percent_encode(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for &b in s.as_bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~') {
            out.push(char::from(b));
        } else {
            // Writing to a `String` cannot fail.
            let _ = write!(out, "%{b:02X}");
        }
    }
    out
}

/// Encodes one path segment; `.` and `..` are escaped so browsers do not normalise them away.
fn encode_segment(s: &str) -> String {
    match s {
        "." => "%2E".to_string(),
        ".." => "%2E%2E".to_string(),
        _ => percent_encode(s),
    }
}

// ---------------------------------------------------------------------------------------------
// Route names and table
// ---------------------------------------------------------------------------------------------

/// Every route of SPEC §2 (the base name; the locale variant is the same value with a locale).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RouteName {
    Index,
    Wallet,
    WalletHistory,
    Bonuses,
    Contact,
    Profile,
    ProfileInfo,
    ProfileLimits,
    ProfilePersonal,
    ProfileSessions,
    ProfileSettings,
    ProfileSettingsAccount,
    ProfileSettingsNotifications,
    ProfileBonuses,
    Support,
    Referral,
    Questions,
    QuestionsPageIdentity,
    Games,
    GamesProviders,
    GamesId,
    GameId,
    BonusPageIdentity,
    StaticPageIdentity,
    SportSlug,
    WelcomePackage,
    Favorites,
    RecentlyPlayed,
    AuthAutologin,
    AuthSocialConnectionCallback,
    Redirect,
    VerifyConfirmCode,
    PasswordResetResetCode,
    Slug,
}

/// One pattern segment.
#[derive(Debug, Clone, Copy)]
enum Seg {
    Lit(&'static str),
    Param(&'static str),
    /// Catch-all of `min` or more segments.
    Rest(&'static str, usize),
}

use Seg::{Lit, Param, Rest};

/// Prefix of the locale variant of every route name.
pub const LOCALE_PREFIX: &str = "locale-";
/// Alias the spec uses for the sportsbook route.
pub const SPORT_BETTING_ALIAS: &str = "sport/betting";

impl RouteName {
    /// All routes in matching order (static before dynamic, `Slug` last).
    pub const ALL: [RouteName; 34] = [
        RouteName::Index,
        RouteName::Wallet,
        RouteName::WalletHistory,
        RouteName::Bonuses,
        RouteName::Contact,
        RouteName::Profile,
        RouteName::ProfileInfo,
        RouteName::ProfileLimits,
        RouteName::ProfilePersonal,
        RouteName::ProfileSessions,
        RouteName::ProfileSettings,
        RouteName::ProfileSettingsAccount,
        RouteName::ProfileSettingsNotifications,
        RouteName::ProfileBonuses,
        RouteName::Support,
        RouteName::Referral,
        RouteName::Questions,
        RouteName::QuestionsPageIdentity,
        RouteName::Games,
        RouteName::GamesProviders,
        RouteName::GamesId,
        RouteName::GameId,
        RouteName::BonusPageIdentity,
        RouteName::StaticPageIdentity,
        RouteName::SportSlug,
        RouteName::WelcomePackage,
        RouteName::Favorites,
        RouteName::RecentlyPlayed,
        RouteName::AuthAutologin,
        RouteName::AuthSocialConnectionCallback,
        RouteName::Redirect,
        RouteName::VerifyConfirmCode,
        RouteName::PasswordResetResetCode,
        RouteName::Slug,
    ];

    /// The Nuxt-style base name (`game-id`).
    pub fn as_str(self) -> &'static str {
        match self {
            RouteName::Index => "index",
            RouteName::Wallet => "wallet",
            RouteName::WalletHistory => "wallet-history",
            RouteName::Bonuses => "bonuses",
            RouteName::Contact => "contact",
            RouteName::Profile => "profile",
            RouteName::ProfileInfo => "profile-info",
            RouteName::ProfileLimits => "profile-limits",
            RouteName::ProfilePersonal => "profile-personal",
            RouteName::ProfileSessions => "profile-sessions",
            RouteName::ProfileSettings => "profile-settings",
            RouteName::ProfileSettingsAccount => "profile-settings-account",
            RouteName::ProfileSettingsNotifications => "profile-settings-notifications",
            RouteName::ProfileBonuses => "profile-bonuses",
            RouteName::Support => "support",
            RouteName::Referral => "referral",
            RouteName::Questions => "questions",
            RouteName::QuestionsPageIdentity => "questions-pageIdentity",
            RouteName::Games => "games",
            RouteName::GamesProviders => "games-providers",
            RouteName::GamesId => "games-id",
            RouteName::GameId => "game-id",
            RouteName::BonusPageIdentity => "bonus-pageIdentity",
            RouteName::StaticPageIdentity => "static-pageIdentity",
            RouteName::SportSlug => "sport-slug",
            RouteName::WelcomePackage => "welcome-package",
            RouteName::Favorites => "favorites",
            RouteName::RecentlyPlayed => "recently-played",
            RouteName::AuthAutologin => "auth-autologin",
            RouteName::AuthSocialConnectionCallback => "auth-social-connection-callback",
            RouteName::Redirect => "redirect",
            RouteName::VerifyConfirmCode => "verify-confirmCode",
            RouteName::PasswordResetResetCode => "password-reset-resetCode",
            RouteName::Slug => "slug",
        }
    }

    /// The full route name: base name, or `locale-` + base name for a localised route.
    pub fn full_name(self, localized: bool) -> String {
        if localized {
            format!("{LOCALE_PREFIX}{}", self.as_str())
        } else {
            self.as_str().to_string()
        }
    }

    /// Parses a full route name: `game-id` -> `(GameId, false)`, `locale-game-id` ->
    /// `(GameId, true)`. `sport/betting` is accepted for the sportsbook.
    pub fn from_name(name: &str) -> Option<(RouteName, bool)> {
        let (base, localized) = match name.strip_prefix(LOCALE_PREFIX) {
            Some(b) => (b, true),
            None => (name, false),
        };
        if base == SPORT_BETTING_ALIAS {
            return Some((RouteName::SportSlug, localized));
        }
        RouteName::ALL
            .iter()
            .find(|r| r.as_str() == base)
            .map(|r| (*r, localized))
    }

    /// Rendered in the browser only (SPEC §2).
    pub fn client_only(self) -> bool {
        matches!(
            self,
            RouteName::Favorites
                | RouteName::GameId
                | RouteName::RecentlyPlayed
                | RouteName::Redirect
        )
    }

    /// Page layout.
    pub fn layout(self) -> Layout {
        if self == RouteName::Redirect {
            Layout::Empty
        } else {
            Layout::Default
        }
    }

    /// Names of the route's parameters and whether each is a list (catch-all).
    pub fn params(self) -> Vec<(&'static str, bool)> {
        self.pattern()
            .iter()
            .filter_map(|s| match s {
                Lit(_) => None,
                Param(n) => Some((*n, false)),
                Rest(n, _) => Some((*n, true)),
            })
            .collect()
    }

    fn pattern(self) -> &'static [Seg] {
        match self {
            RouteName::Index => &[],
            RouteName::Wallet => &[Lit("wallet")],
            RouteName::WalletHistory => &[Lit("wallet"), Lit("history")],
            RouteName::Bonuses => &[Lit("bonuses")],
            RouteName::Contact => &[Lit("contact")],
            RouteName::Profile => &[Lit("profile")],
            RouteName::ProfileInfo => &[Lit("profile"), Lit("info")],
            RouteName::ProfileLimits => &[Lit("profile"), Lit("limits")],
            RouteName::ProfilePersonal => &[Lit("profile"), Lit("personal")],
            RouteName::ProfileSessions => &[Lit("profile"), Lit("sessions")],
            RouteName::ProfileSettings => &[Lit("profile"), Lit("settings")],
            RouteName::ProfileSettingsAccount => &[Lit("profile"), Lit("settings"), Lit("account")],
            RouteName::ProfileSettingsNotifications => {
                &[Lit("profile"), Lit("settings"), Lit("notifications")]
            }
            RouteName::ProfileBonuses => &[Lit("profile"), Lit("bonuses")],
            RouteName::Support => &[Lit("support")],
            RouteName::Referral => &[Lit("referral")],
            RouteName::Questions => &[Lit("questions")],
            RouteName::QuestionsPageIdentity => &[Lit("questions"), Param("pageIdentity")],
            RouteName::Games => &[Lit("games")],
            RouteName::GamesProviders => &[Lit("games"), Lit("providers")],
            RouteName::GamesId => &[Lit("games"), Rest("id", 1)],
            RouteName::GameId => &[Lit("game"), Param("id")],
            RouteName::BonusPageIdentity => &[Lit("bonus"), Param("pageIdentity")],
            RouteName::StaticPageIdentity => &[Lit("static"), Param("pageIdentity")],
            RouteName::SportSlug => &[Lit("sport"), Rest("slug", 0)],
            RouteName::WelcomePackage => &[Lit("welcome-package")],
            RouteName::Favorites => &[Lit("favorites")],
            RouteName::RecentlyPlayed => &[Lit("recently-played")],
            RouteName::AuthAutologin => &[Lit("auth"), Lit("autologin")],
            RouteName::AuthSocialConnectionCallback => &[
                Lit("auth"),
                Lit("social"),
                Param("connection"),
                Lit("callback"),
            ],
            RouteName::Redirect => &[Lit("redirect")],
            RouteName::VerifyConfirmCode => &[Lit("verify"), Param("confirmCode")],
            RouteName::PasswordResetResetCode => &[Lit("password-reset"), Param("resetCode")],
            RouteName::Slug => &[Rest("slug", 1)],
        }
    }

    /// The route's validity check on decoded params (SPEC §2 "a route can carry a validity
    /// check"). `sport-slug` has none: unknown sportsbook paths fall back to /sport.
    fn valid(self, params: &Params) -> bool {
        if self == RouteName::SportSlug {
            return true;
        }
        params.values().all(|v| match v {
            ParamValue::One(s) => is_identity(s),
            ParamValue::Many(list) => list.iter().all(|s| is_identity(s)),
        })
    }
}

/// Page layouts (SPEC §2: default and empty).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Layout {
    Default,
    Empty,
}

/// A route parameter: one segment, or the list of a catch-all.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum ParamValue {
    One(String),
    Many(Vec<String>),
}

impl ParamValue {
    /// The single value, or the list joined with `/`.
    pub fn joined(&self) -> String {
        match self {
            ParamValue::One(s) => s.clone(),
            ParamValue::Many(l) => l.join("/"),
        }
    }
}

/// Route parameters by name.
pub type Params = LiteMap<String, ParamValue>;

/// A resolved route.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Route {
    /// Full name, e.g. `game-id` or `locale-game-id`.
    pub name: String,
    /// `None` for the default locale.
    pub locale: Option<String>,
    pub params: Params,
    pub client_only: bool,
    pub layout: Layout,
    /// The raw path + query + hash that was resolved.
    pub full_path: String,
}

impl Route {
    /// The base route name.
    pub fn route_name(&self) -> Option<RouteName> {
        RouteName::from_name(&self.name).map(|(r, _)| r)
    }

    /// A single-valued parameter.
    pub fn param(&self, key: &str) -> Option<&str> {
        match self.params.get(key) {
            Some(ParamValue::One(s)) => Some(s),
            _ => None,
        }
    }

    /// A catch-all parameter (empty when absent).
    pub fn param_list(&self, key: &str) -> &[String] {
        match self.params.get(key) {
            Some(ParamValue::Many(l)) => l,
            _ => &[],
        }
    }

    /// Page skeleton name (SPEC §2).
    pub fn skeleton_name(&self) -> String {
        skeleton_name(&self.name)
    }
}

/// Why a path does not resolve to a page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum RouteError {
    /// A route matched but its validity check failed: 404, `Page Not Found: {full path}`.
    Invalid { status: u16, message: String },
    /// Nothing matched: 404, `Page not found: {path}`.
    NoMatch { status: u16, message: String },
    /// The default locale was used as a prefix: go to the canonical unprefixed address.
    Redirect { status: u16, location: String },
}

impl RouteError {
    pub fn status(&self) -> u16 {
        match self {
            RouteError::Invalid { status, .. }
            | RouteError::NoMatch { status, .. }
            | RouteError::Redirect { status, .. } => *status,
        }
    }

    /// The error message (`Redirect` answers its location).
    pub fn message(&self) -> &str {
        match self {
            RouteError::Invalid { message, .. } | RouteError::NoMatch { message, .. } => message,
            RouteError::Redirect { location, .. } => location,
        }
    }
}

/// Maximum length of an identity parameter.
pub const IDENTITY_MAX: usize = 128;

/// A page identity: 1..=128 chars of `A-Z a-z 0-9 - _ . : /`, where every `/`-separated part
/// is non-empty and not `.` or `..` (so no leading, trailing or doubled `/`).
pub fn is_identity(s: &str) -> bool {
    if s.len() > IDENTITY_MAX
        || !s
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b':' | b'/'))
    {
        return false;
    }
    for part in s.split('/') {
        if part.is_empty() || part == "." || part == ".." {
            return false;
        }
    }
    true
}

/// Whether `seg` has the shape of a locale: `ll` or `ll-RR`.
pub fn is_locale_shape(seg: &str) -> bool {
    let b = seg.as_bytes();
    match b {
        [l1, l2] => l1.is_ascii_lowercase() && l2.is_ascii_lowercase(),
        [l1, l2, b'-', r1, r2] => {
            l1.is_ascii_lowercase()
                && l2.is_ascii_lowercase()
                && r1.is_ascii_alphabetic()
                && r2.is_ascii_alphabetic()
        }
        _ => false,
    }
}

fn raw_full_path(input: &str) -> &str {
    strip_origin(input)
}

/// Resolves an address (`/de/game/x?modal=wallet#top`) to a route. `locales` are the known
/// locale codes; `default_locale` is the one written without prefix.
pub fn resolve(input: &str, locales: &[&str], default_locale: &str) -> Result<Route, RouteError> {
    let full = raw_full_path(input);
    let loc = Location::parse_url(input);
    let path = loc.path.as_str();
    let no_match = || RouteError::NoMatch {
        status: 404,
        message: format!("Page not found: {path}"),
    };
    if !path.starts_with('/') || path.chars().any(char::is_control) {
        return Err(no_match());
    }
    let trimmed = path.get(1..).unwrap_or("");
    let trimmed = trimmed.strip_suffix('/').unwrap_or(trimmed);
    let raw: Vec<&str> = if trimmed.is_empty() {
        Vec::new()
    } else {
        trimmed.split('/').collect()
    };
    if raw.iter().any(|s| s.is_empty()) {
        return Err(no_match());
    }

    let mut segs: &[&str] = &raw;
    let mut locale = None;
    if let Some(first) = raw.first() {
        if is_locale_shape(first) {
            if first.eq_ignore_ascii_case(default_locale) {
                let rest = full.get(1 + first.len()..).unwrap_or("");
                let location = if rest.starts_with('/') {
                    rest.to_string()
                } else {
                    format!("/{rest}")
                };
                return Err(RouteError::Redirect {
                    status: 301,
                    location,
                });
            }
            if let Some(known) = locales.iter().find(|l| l.eq_ignore_ascii_case(first)) {
                locale = Some((*known).to_string());
                segs = raw.get(1..).unwrap_or(&[]);
            }
        }
    }

    let decoded: Vec<_> = segs.iter().map(|s| percent_decode_path(s)).collect();
    for name in RouteName::ALL {
        if let Some(params) = match_pattern(name.pattern(), &decoded) {
            if !name.valid(&params) {
                return Err(RouteError::Invalid {
                    status: 404,
                    message: format!("Page Not Found: {full}"),
                });
            }
            return Ok(Route {
                name: name.full_name(locale.is_some()),
                locale,
                params,
                client_only: name.client_only(),
                layout: name.layout(),
                full_path: full.to_string(),
            });
        }
    }
    Err(no_match())
}

/// Resolves a [`Location`].
pub fn resolve_location(
    loc: &Location,
    locales: &[&str],
    default_locale: &str,
) -> Result<Route, RouteError> {
    resolve(&loc.full_path(), locales, default_locale)
}

fn percent_decode_path(s: &str) -> String {
    percent_decode_strict(s, false).unwrap_or_else(|| s.to_string())
}

fn match_pattern(pattern: &[Seg], segs: &[String]) -> Option<Params> {
    let mut params = Params::new();
    let mut i = 0usize;
    for seg in pattern {
        match seg {
            Lit(l) => {
                if !segs.get(i)?.eq_ignore_ascii_case(l) {
                    return None;
                }
                i += 1;
            }
            Param(n) => {
                params.insert((*n).to_string(), ParamValue::One(segs.get(i)?.clone()));
                i += 1;
            }
            Rest(n, min) => {
                let rest = segs.get(i..)?;
                if rest.len() < *min {
                    return None;
                }
                params.insert((*n).to_string(), ParamValue::Many(rest.to_vec()));
                i = segs.len();
            }
        }
    }
    (i == segs.len()).then_some(params)
}

/// Builds the path of a route. `locale` equal to `default_locale` (or `None`) gives no prefix.
/// Returns `None` when a parameter is missing, has the wrong shape, fails the route's validity
/// check, or when the built path would resolve to another route (e.g. `games-id` with
/// `["providers"]`).
pub fn try_build(
    name: RouteName,
    params: &Params,
    locale: Option<&str>,
    default_locale: &str,
) -> Option<String> {
    if !name.valid(params) {
        return None;
    }
    let mut out = String::new();
    if let Some(l) = locale {
        if !l.eq_ignore_ascii_case(default_locale) {
            if !is_locale_shape(l) {
                return None;
            }
            out.push('/');
            out.push_str(l);
        }
    }
    let prefixed = !out.is_empty();
    let mut segs: Vec<String> = Vec::new();
    for seg in name.pattern() {
        match seg {
            Lit(l) => segs.push((*l).to_string()),
            Param(n) => match params.get(*n)? {
                ParamValue::One(v) if !v.is_empty() => segs.push(v.clone()),
                _ => return None,
            },
            Rest(n, min) => {
                let list: &[String] = match params.get(*n) {
                    Some(ParamValue::Many(l)) => l,
                    Some(ParamValue::One(v)) if !v.is_empty() => std::slice::from_ref(v),
                    None if *min == 0 => &[],
                    _ => return None,
                };
                if list.len() < *min || list.iter().any(String::is_empty) {
                    return None;
                }
                segs.extend_from_slice(list);
            }
        }
    }
    // The path must come back as the same route: a catch-all value may spell a more specific
    // route (`games-id` ["providers"]), and an unprefixed first segment may read as a locale.
    if first_match(&segs) != Some(name) {
        return None;
    }
    if !prefixed && segs.first().is_some_and(|s| is_locale_shape(s)) {
        return None;
    }
    for s in &segs {
        out.push('/');
        out.push_str(&encode_segment(s));
    }
    if out.is_empty() {
        out.push('/');
    }
    Some(out)
}

fn first_match(segs: &[String]) -> Option<RouteName> {
    RouteName::ALL
        .into_iter()
        .find(|r| match_pattern(r.pattern(), segs).is_some())
}

/// [`try_build`], falling back to the localised home when the parameters do not fit.
pub fn build(
    name: RouteName,
    params: &Params,
    locale: Option<&str>,
    default_locale: &str,
) -> String {
    try_build(name, params, locale, default_locale)
        .or_else(|| try_build(RouteName::Index, &Params::new(), locale, default_locale))
        .unwrap_or_else(|| "/".to_string())
}

/// Builds from a full route name (`locale-game-id` needs `locale`; `game-id` ignores it).
pub fn build_named(
    name: &str,
    params: &Params,
    locale: Option<&str>,
    default_locale: &str,
) -> Option<String> {
    let (route, localized) = RouteName::from_name(name)?;
    let locale = if localized { locale } else { None };
    try_build(route, params, locale, default_locale)
}

/// The localised home: `/` or `/{locale}`.
pub fn home_path(locale: Option<&str>, default_locale: &str) -> String {
    build(RouteName::Index, &Params::new(), locale, default_locale)
}

/// Every route that needs no parameter, by base name, in `locale` (`wallet-history` ->
/// `/pt-br/wallet/history`).
pub fn static_paths(locale: Option<&str>, default_locale: &str) -> LiteMap<String, String> {
    RouteName::ALL
        .into_iter()
        .filter_map(|r| {
            let path = try_build(r, &Params::new(), locale, default_locale)?;
            Some((r.as_str().to_string(), path))
        })
        .collect()
}

/// Page skeleton name: the route name without a `locale-` prefix, plus `-page`.
pub fn skeleton_name(route_name: &str) -> String {
    let base = route_name.strip_prefix(LOCALE_PREFIX).unwrap_or(route_name);
    format!("{base}-page")
}

// ---------------------------------------------------------------------------------------------
// Navigation safety
// ---------------------------------------------------------------------------------------------

/// Where a navigation may go.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "kind", content = "to")]
pub enum NavTarget {
    /// A path, query or hash inside the app.
    Internal(String),
    /// Another site (allowed only with the explicit external flag).
    External(String),
}

/// Why a navigation is refused (SPEC §8).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum NavError {
    /// An external address without the explicit external flag.
    ExternalNotAllowed,
    /// A scheme that can run code or read local data (or any scheme not on the allow-list).
    UnsafeProtocol { scheme: String },
    /// Empty, or holding control characters that hide what it is.
    Invalid,
}

/// Schemes that are always refused (also checked after removing all whitespace and controls).
pub const UNSAFE_SCHEMES: [&str; 8] = [
    "javascript",
    "vbscript",
    "data",
    "file",
    "blob",
    "filesystem",
    "about",
    "view-source",
];

/// Schemes an external navigation may use.
pub const EXTERNAL_SCHEMES: [&str; 4] = ["http", "https", "mailto", "tel"];

/// Checks a navigation target. Leading/trailing whitespace and controls are trimmed, tabs and
/// newlines inside are dropped (as browsers do). Any scheme in [`UNSAFE_SCHEMES`] — whatever its
/// case, spacing or control characters — is refused, as is any scheme outside
/// [`EXTERNAL_SCHEMES`]. `//host` and `/\host` count as external.
pub fn check_navigation(target: &str, external: bool) -> Result<NavTarget, NavError> {
    // Squeezed view: no whitespace or control characters at all, lowercased.
    let mut squeezed = String::new();
    for c in target.chars() {
        if !c.is_whitespace() && !c.is_control() && !is_invisible(c) {
            // Browsers read schemes as ASCII only; non-ASCII letters never form one.
            squeezed.push(c.to_ascii_lowercase());
        }
    }
    for s in UNSAFE_SCHEMES {
        if squeezed
            .strip_prefix(s)
            .is_some_and(|rest| rest.starts_with(':') || rest.starts_with("%3a"))
        {
            return Err(NavError::UnsafeProtocol {
                scheme: s.to_string(),
            });
        }
    }
    // What the browser would see: trimmed, tabs/newlines removed.
    let mut cleaned = String::new();
    for c in target
        .trim_matches(|c: char| c.is_control() || c == ' ')
        .chars()
    {
        if !matches!(c, '\t' | '\n' | '\r') {
            cleaned.push(c);
        }
    }
    if cleaned.is_empty() {
        return Err(NavError::Invalid);
    }
    if cleaned.chars().any(|c| c.is_control() || is_invisible(c)) {
        return Err(NavError::Invalid);
    }
    if let Some(scheme) = scheme_of(&cleaned) {
        let lower = scheme.to_ascii_lowercase();
        if !EXTERNAL_SCHEMES.contains(&lower.as_str()) {
            return Err(NavError::UnsafeProtocol { scheme: lower });
        }
        return if external {
            Ok(NavTarget::External(cleaned))
        } else {
            Err(NavError::ExternalNotAllowed)
        };
    }
    let b = cleaned.as_bytes();
    let protocol_relative = matches!(b, [b'/' | b'\\', b'/' | b'\\', ..]);
    if protocol_relative {
        return if external {
            Ok(NavTarget::External(cleaned))
        } else {
            Err(NavError::ExternalNotAllowed)
        };
    }
    Ok(NavTarget::Internal(cleaned))
}

/// Zero-width and bidi-control characters that can hide a scheme.
fn is_invisible(c: char) -> bool {
    matches!(c, '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{2064}' | '\u{FEFF}' | '\u{00AD}')
}

/// `scheme` of `scheme:rest` when the text before the first `:` is a valid scheme and comes
/// before any `/`, `?` or `#`.
fn scheme_of(s: &str) -> Option<&str> {
    let colon = s.find(':')?;
    let head = s.get(..colon)?;
    let mut chars = head.chars();
    let first = chars.next()?;
    (first.is_ascii_alphabetic() && chars.all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c)))
        .then_some(head)
}

// ---------------------------------------------------------------------------------------------
// Route-change rules
// ---------------------------------------------------------------------------------------------

/// Where the page scrolls after a route change.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "kind", content = "id")]
pub enum ScrollTarget {
    Top,
    /// The element id named by the hash (decoded, without `#`).
    Anchor(String),
}

/// Scroll rule: the anchor of the hash when there is one, else the top.
pub fn scroll_target(hash: Option<&str>) -> ScrollTarget {
    let h = hash.unwrap_or("");
    let h = h.strip_prefix('#').unwrap_or(h);
    if h.is_empty() {
        ScrollTarget::Top
    } else {
        ScrollTarget::Anchor(percent_decode(h, false))
    }
}

/// "Changing the route hides any open alert": true when the path differs (query or hash
/// changes alone, such as opening a modal, are not a route change).
pub fn route_change_hides_alert(from: &Location, to: &Location) -> bool {
    normalise_path(&from.path) != normalise_path(&to.path)
}

/// "A changed full path closes the side drawer": true when path, query or hash differ.
pub fn full_path_change_closes_drawer(from: &Location, to: &Location) -> bool {
    from.full_path() != to.full_path()
}

fn normalise_path(p: &str) -> &str {
    if p.len() > 1 {
        p.strip_suffix('/').unwrap_or(p)
    } else {
        p
    }
}

// ---------------------------------------------------------------------------------------------
// Navigation outcomes and page chrome (SPEC §2)
// ---------------------------------------------------------------------------------------------

/// Error page title.
pub const ERROR_PAGE_TITLE: &str = "Something went wrong";
/// Error page text.
pub const ERROR_PAGE_TEXT: &str =
    "The page you are trying to access does not exist or has been moved. Try going back to our homepage.";
/// Error page button label (it leads to [`home_path`]).
pub const ERROR_PAGE_BUTTON: &str = "Homepage";

/// Where the user goes after a social login: the stored `backRoute` when it is a safe internal
/// address, else the localised home.
pub fn after_social_login(
    back_route: Option<&str>,
    locale: Option<&str>,
    default_locale: &str,
) -> String {
    match back_route.map(|b| check_navigation(b, false)) {
        Some(Ok(NavTarget::Internal(path))) if path.starts_with('/') => path,
        _ => home_path(locale, default_locale),
    }
}

/// Where the user goes after linking a social account: the (localised) profile.
pub fn after_social_link(locale: Option<&str>, default_locale: &str) -> String {
    build(RouteName::Profile, &Params::new(), locale, default_locale)
}

/// Where the user goes after logout (also on a logout signal from another tab).
pub fn after_logout(locale: Option<&str>, default_locale: &str) -> String {
    home_path(locale, default_locale)
}

/// Whether the preloader stays after the page finished: on auto-login with a `state`
/// parameter, and on a social callback with `code` and `state`.
pub fn preloader_stays(route: &Route, query: &[(String, String)]) -> bool {
    let has = |k: &str| query.iter().any(|(qk, v)| qk == k && !v.is_empty());
    match route.route_name() {
        Some(RouteName::AuthAutologin) => has("state"),
        Some(RouteName::AuthSocialConnectionCallback) => has("code") && has("state"),
        _ => false,
    }
}
