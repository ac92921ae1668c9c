//! Sportsbook routes (SPEC §2 "Sportsbook routes"), slugs, the static catalogue and the
//! start-game parameters (SPEC §3).
//!
//! # Path shape
//!
//! `/sport/{special page?}/{sport code}/{category}/{championship}/{eventId-eventname}`, plus
//! `/sport/event/{eventId}` and the fallback `/sport`.
//!
//! # Decisions
//!
//! - Slugs ([`slugify`]): lowercase ASCII; common Latin accents are transliterated (`é`->`e`,
//!   `ß`->`ss`, `æ`->`ae`, `ø`->`o`, `ł`->`l` ...); every run of other characters becomes one
//!   hyphen; hyphens are trimmed. A name with no Latin letters or digits has an empty slug; its
//!   URL segment is then its decimal id (see [`segment_for`]).
//! - Special pages are written in kebab case (`bet-history`, `result-details`); parsing also
//!   accepts the camelCase names of the spec (`betHistory`), case-insensitively.
//! - The esports page *is* sport 145: its path has no sport segment
//!   (`/sport/esports/{category}/...`), and a selection of sport 145 builds the esports page.
//! - The event segment is `{eventId}-{slug}` (or `{eventId}` when the slug is empty). It needs
//!   the sport, category and championship segments before it. An event without that chain goes
//!   to `?eventId=` when no sport is known, otherwise to `/sport/event/{eventId}`.
//! - `categoryIds` / `championshipIds` (comma-separated) are added when more than one item is
//!   selected or, with at least one item, when the locale is not English (`en` or `en-*`). A
//!   category slug is in the path only when exactly one category is selected; likewise for
//!   championships (which also need the category segment).
//! - Parsing is lenient: segments are lowercased; bad ids in the comma lists are dropped
//!   (duplicates too); anything that does not fit the shape is [`SportRoute::Fallback`]
//!   (go to `/sport`).

pub mod catalogue;
pub mod resolve;

use crate::domain::route::{encode_query, percent_decode, percent_encode, Location};
use serde::{Deserialize, Serialize};

pub use catalogue::{
    esport_category, esport_category_by_code, sport_by_code, sport_by_id, EsportCategory,
    SportInfo, ESPORTS_SPORT_ID, ESPORT_CATEGORIES, SPORTS,
};

/// SPEC §9: the home's top-events carousel shows 15 events, the live-now carousel 7.
pub const TOP_EVENTS_CAROUSEL: u32 = 15;
pub const LIVE_NOW_CAROUSEL: u32 = 7;

/// The sportsbook base path.
pub const SPORT_BASE: &str = "/sport";

/// Lowercase hyphenated slug of a name (see module docs).
pub fn slugify(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut pending_hyphen = false;
    for c in name.chars() {
        let mapped: Option<&str> = translit(c);
        let mut push = |s: &str| {
            if pending_hyphen && !out.is_empty() {
                out.push('-');
            }
            pending_hyphen = false;
            out.push_str(s);
        };
        if c.is_ascii_alphanumeric() {
            let lower = c.to_ascii_lowercase();
            let mut buf = [0u8; 4];
            push(lower.encode_utf8(&mut buf));
        } else if let Some(m) = mapped {
            push(m);
        } else {
            pending_hyphen = true;
        }
    }
    out
}

/// ASCII transliteration of common Latin letters with diacritics (lowercase result).
fn translit(c: char) -> Option<&'static str> {
    Some(match c {
        'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' | 'ā' | 'ă' | 'ą' | 'À' | 'Á' | 'Â' | 'Ã' | 'Ä' | 'Å'
        | 'Ā' | 'Ă' | 'Ą' => "a",
        'æ' | 'Æ' => "ae",
        'ç' | 'ć' | 'č' | 'ĉ' | 'ċ' | 'Ç' | 'Ć' | 'Č' | 'Ĉ' | 'Ċ' => "c",
        'ď' | 'đ' | 'ð' | 'Ď' | 'Đ' | 'Ð' => "d",
        'è' | 'é' | 'ê' | 'ë' | 'ē' | 'ė' | 'ę' | 'ě' | 'È' | 'É' | 'Ê' | 'Ë' | 'Ē' | 'Ė' | 'Ę'
        | 'Ě' => "e",
        'ğ' | 'ģ' | 'Ğ' | 'Ģ' => "g",
        'ì' | 'í' | 'î' | 'ï' | 'ī' | 'į' | 'ı' | 'Ì' | 'Í' | 'Î' | 'Ï' | 'Ī' | 'Į' | 'İ' => {
            "i"
        }
        'ķ' | 'Ķ' => "k",
        'ł' | 'ľ' | 'ĺ' | 'ļ' | 'Ł' | 'Ľ' | 'Ĺ' | 'Ļ' => "l",
        'ñ' | 'ń' | 'ň' | 'ņ' | 'Ñ' | 'Ń' | 'Ň' | 'Ņ' => "n",
        'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' | 'ō' | 'ő' | 'Ò' | 'Ó' | 'Ô' | 'Õ' | 'Ö' | 'Ø' | 'Ō'
        | 'Ő' => "o",
        'œ' | 'Œ' => "oe",
        'ř' | 'ŕ' | 'Ř' | 'Ŕ' => "r",
        'ś' | 'š' | 'ş' | 'ș' | 'Ś' | 'Š' | 'Ş' | 'Ș' => "s",
        'ß' => "ss",
        'ť' | 'ţ' | 'ț' | 'Ť' | 'Ţ' | 'Ț' => "t",
        'þ' | 'Þ' => "th",
        'ù' | 'ú' | 'û' | 'ü' | 'ū' | 'ů' | 'ű' | 'ų' | 'Ù' | 'Ú' | 'Û' | 'Ü' | 'Ū' | 'Ů' | 'Ű'
        | 'Ų' => "u",
        'ý' | 'ÿ' | 'Ý' | 'Ÿ' => "y",
        'ź' | 'ż' | 'ž' | 'Ź' | 'Ż' | 'Ž' => "z",
        _ => return None,
    })
}

/// Whether `s` is a slug: non-empty, `a-z 0-9 -`, no leading/trailing/double hyphen.
pub fn is_slug(s: &str) -> bool {
    !s.is_empty()
        && !s.starts_with('-')
        && !s.ends_with('-')
        && !s.contains("--")
        && s.bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

/// The URL segment for a named item: its slug, or its id when the slug is empty.
pub fn segment_for(id: u64, name: &str) -> String {
    let s = slugify(name);
    if s.is_empty() {
        id.to_string()
    } else {
        s
    }
}

/// A sportsbook page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum SportPage {
    #[default]
    Overview,
    BetHistory,
    History,
    Live,
    Results,
    ResultDetails,
    Settings,
    Search,
    Esports,
    Virtual,
}

impl SportPage {
    /// The special pages (every page but the default overview).
    pub const SPECIAL: [SportPage; 9] = [
        SportPage::BetHistory,
        SportPage::History,
        SportPage::Live,
        SportPage::Results,
        SportPage::ResultDetails,
        SportPage::Settings,
        SportPage::Search,
        SportPage::Esports,
        SportPage::Virtual,
    ];

    /// The spec's name (`betHistory`).
    pub fn name(self) -> &'static str {
        match self {
            SportPage::Overview => "overview",
            SportPage::BetHistory => "betHistory",
            SportPage::History => "history",
            SportPage::Live => "live",
            SportPage::Results => "results",
            SportPage::ResultDetails => "resultDetails",
            SportPage::Settings => "settings",
            SportPage::Search => "search",
            SportPage::Esports => "esports",
            SportPage::Virtual => "virtual",
        }
    }

    /// The URL segment (`bet-history`); `None` for the overview.
    pub fn segment(self) -> Option<&'static str> {
        Some(match self {
            SportPage::Overview => return None,
            SportPage::BetHistory => "bet-history",
            SportPage::ResultDetails => "result-details",
            other => other.name(),
        })
    }

    /// Parses a special page segment (kebab or camel case, any case).
    pub fn from_segment(seg: &str) -> Option<SportPage> {
        SportPage::SPECIAL.into_iter().find(|p| {
            p.name().eq_ignore_ascii_case(seg)
                || p.segment().is_some_and(|s| s.eq_ignore_ascii_case(seg))
        })
    }

    /// The sport id the page stands for (esports -> 145).
    pub fn implied_sport_id(self) -> Option<u32> {
        (self == SportPage::Esports).then_some(ESPORTS_SPORT_ID)
    }
}

/// Segments that can never be a sport code.
fn is_reserved(seg: &str) -> bool {
    seg.eq_ignore_ascii_case("event") || SportPage::from_segment(seg).is_some()
}

/// The event segment `{eventId}-{slug}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EventSegment {
    pub id: u64,
    /// Possibly empty.
    pub slug: String,
}

/// A parsed (or to-be-built) sportsbook address.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SportPath {
    pub page: SportPage,
    /// Sport code segment (absent on the esports page, whose sport is 145).
    pub sport: Option<String>,
    pub category: Option<String>,
    pub championship: Option<String>,
    pub event: Option<EventSegment>,
    /// `?eventId=` (only when no sport is known).
    pub event_id: Option<u64>,
    pub category_ids: Vec<u64>,
    pub championship_ids: Vec<u64>,
}

impl SportPath {
    /// Whether a sport is known (a sport segment, or the esports page).
    pub fn sport_known(&self) -> bool {
        self.sport.is_some() || self.page == SportPage::Esports
    }

    /// The catalogue sport, if the code is known (145 on the esports page).
    pub fn sport_info(&self) -> Option<&'static SportInfo> {
        match (&self.sport, self.page.implied_sport_id()) {
            (_, Some(id)) => sport_by_id(id),
            (Some(code), None) => sport_by_code(code),
            _ => None,
        }
    }
}

/// A sportsbook address.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum SportRoute {
    /// Anything that does not fit: show `/sport`.
    Fallback,
    /// `/sport/event/{eventId}`.
    Event {
        event_id: u64,
    },
    Page(SportPath),
}

fn parse_id(s: &str) -> Option<u64> {
    if s.is_empty() || s.len() > 20 || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

/// Parses a comma-separated id list: bad or duplicate entries are dropped.
pub fn parse_id_list(s: &str) -> Vec<u64> {
    let mut out: Vec<u64> = Vec::new();
    for id in s.split(',').filter_map(|p| parse_id(p.trim())) {
        if !out.contains(&id) {
            out.push(id);
        }
    }
    out
}

fn join_ids(ids: &[u64]) -> String {
    let mut out = String::new();
    for id in ids {
        if !out.is_empty() {
            out.push(',');
        }
        out.push_str(&id.to_string());
    }
    out
}

/// Parses the segments after `/sport` (already percent-decoded, e.g. the `slug` param of the
/// `sport-slug` route) and the query.
pub fn parse_segments(segments: &[String], query: &[(String, String)]) -> SportRoute {
    let segs: Vec<String> = segments.iter().map(|s| s.to_ascii_lowercase()).collect();
    if let [first, id] = segs.as_slice() {
        if first == "event" {
            return match parse_id(id) {
                Some(event_id) => SportRoute::Event { event_id },
                None => SportRoute::Fallback,
            };
        }
    }
    let mut rest: &[String] = &segs;
    let mut path = SportPath::default();
    if let Some(page) = rest.first().and_then(|s| SportPage::from_segment(s)) {
        path.page = page;
        rest = rest.get(1..).unwrap_or(&[]);
    }
    if path.page != SportPage::Esports {
        if let Some(sport) = rest.first() {
            if is_reserved(sport) || !is_slug(sport) {
                return SportRoute::Fallback;
            }
            path.sport = Some(sport.clone());
            rest = rest.get(1..).unwrap_or(&[]);
        }
    }
    let mut it = rest.iter();
    if let Some(c) = it.next() {
        if !is_slug(c) {
            return SportRoute::Fallback;
        }
        path.category = Some(c.clone());
    }
    if let Some(c) = it.next() {
        if !is_slug(c) {
            return SportRoute::Fallback;
        }
        path.championship = Some(c.clone());
    }
    if let Some(e) = it.next() {
        let (id, slug) = match e.split_once('-') {
            Some((id, slug)) => (id, slug),
            None => (e.as_str(), ""),
        };
        match parse_id(id) {
            Some(id) if slug.is_empty() || is_slug(slug) => {
                path.event = Some(EventSegment {
                    id,
                    slug: slug.to_string(),
                })
            }
            _ => return SportRoute::Fallback,
        }
    }
    if it.next().is_some() {
        return SportRoute::Fallback;
    }
    for (k, v) in query {
        match k.as_str() {
            "eventId" if !path.sport_known() && path.event_id.is_none() => {
                path.event_id = parse_id(v.trim())
            }
            "categoryIds" if path.category_ids.is_empty() => path.category_ids = parse_id_list(v),
            "championshipIds" if path.championship_ids.is_empty() => {
                path.championship_ids = parse_id_list(v)
            }
            _ => {}
        }
    }
    SportRoute::Page(path)
}

/// Parses a full address (`/de/sport/live?eventId=1` works too: everything up to and including
/// the `sport` segment is skipped). Not a sportsbook address -> `Fallback`.
pub fn parse(url: &str) -> SportRoute {
    let loc = Location::parse_url(url);
    let raw: Vec<&str> = loc.path.split('/').filter(|s| !s.is_empty()).collect();
    let Some(pos) = raw.iter().position(|s| s.eq_ignore_ascii_case("sport")) else {
        return SportRoute::Fallback;
    };
    if pos > 1 {
        return SportRoute::Fallback;
    }
    let segs: Vec<String> = raw
        .get(pos + 1..)
        .unwrap_or(&[])
        .iter()
        .map(|s| percent_decode(s, false))
        .collect();
    parse_segments(&segs, &loc.query)
}

/// Builds a sportsbook address (path + query) without a locale prefix.
pub fn build(route: &SportRoute) -> String {
    match route {
        SportRoute::Fallback => SPORT_BASE.to_string(),
        SportRoute::Event { event_id } => format!("{SPORT_BASE}/event/{event_id}"),
        SportRoute::Page(p) => build_path(p),
    }
}

fn build_path(p: &SportPath) -> String {
    let mut out = SPORT_BASE.to_string();
    let mut push = |s: &str| {
        out.push('/');
        out.push_str(&percent_encode(s));
    };
    if let Some(seg) = p.page.segment() {
        push(seg);
    }
    let mut chain = true;
    if p.page != SportPage::Esports {
        match &p.sport {
            Some(s) => push(s),
            None => chain = false,
        }
    }
    for seg in [&p.category, &p.championship] {
        match seg {
            Some(s) if chain => push(s),
            _ => chain = false,
        }
    }
    if let Some(e) = &p.event {
        if chain {
            if e.slug.is_empty() {
                push(&e.id.to_string());
            } else {
                push(&format!("{}-{}", e.id, e.slug));
            }
        }
    }
    let mut query: Vec<(String, String)> = Vec::new();
    if let Some(id) = p.event_id {
        if !p.sport_known() {
            query.push(("eventId".to_string(), id.to_string()));
        }
    }
    if !p.category_ids.is_empty() {
        query.push(("categoryIds".to_string(), join_ids(&p.category_ids)));
    }
    if !p.championship_ids.is_empty() {
        query.push(("championshipIds".to_string(), join_ids(&p.championship_ids)));
    }
    let q = encode_query(&query);
    if !q.is_empty() {
        out.push('?');
        out.push_str(&q);
    }
    out
}

/// An item chosen in the sportsbook (id + display name).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Named {
    #[serde(deserialize_with = "crate::json::whole_id")]
    pub id: u64,
    /// Empty when missing.
    #[serde(default, deserialize_with = "crate::json::lenient")]
    pub name: String,
}

/// What the user has selected in the sportsbook.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SportSelection {
    pub page: SportPage,
    /// Sport id (catalogue); 145 means the esports page.
    pub sport_id: Option<u32>,
    pub categories: Vec<Named>,
    pub championships: Vec<Named>,
    pub event: Option<Named>,
}

/// Whether `locale` is English (`en`, `en-GB`, `en_us` ...).
pub fn is_english(locale: &str) -> bool {
    let l = locale.as_bytes();
    matches!(l, [b'e' | b'E', b'n' | b'N'])
        || matches!(l, [b'e' | b'E', b'n' | b'N', b'-' | b'_', ..])
}

/// The address for a selection (see module docs for the rules).
pub fn from_selection(sel: &SportSelection, locale: &str) -> SportRoute {
    let english = is_english(locale);
    let mut p = SportPath {
        page: sel.page,
        ..SportPath::default()
    };
    match sel.sport_id {
        Some(ESPORTS_SPORT_ID) => p.page = SportPage::Esports,
        Some(id) => match sport_by_id(id) {
            Some(info) if !is_reserved(info.code) => p.sport = Some(info.code.to_string()),
            _ => p.sport = Some(id.to_string()),
        },
        None => {}
    }
    if p.page == SportPage::Esports {
        p.sport = None;
    }
    let with_ids = |items: &[Named]| items.len() > 1 || (!english && !items.is_empty());
    if with_ids(&sel.categories) {
        p.category_ids = sel.categories.iter().map(|c| c.id).collect();
    }
    if with_ids(&sel.championships) {
        p.championship_ids = sel.championships.iter().map(|c| c.id).collect();
    }
    let known = p.sport_known();
    if let ([cat], true) = (sel.categories.as_slice(), known) {
        p.category = Some(segment_for(cat.id, &cat.name));
        if let [ch] = sel.championships.as_slice() {
            p.championship = Some(segment_for(ch.id, &ch.name));
        }
    }
    if let Some(ev) = &sel.event {
        if p.championship.is_some() {
            p.event = Some(EventSegment {
                id: ev.id,
                slug: slugify(&ev.name),
            });
        } else if !known {
            p.event_id = Some(ev.id);
        } else {
            return SportRoute::Event { event_id: ev.id };
        }
    }
    SportRoute::Page(p)
}

/// Finds the item a path segment names: by slug of its name, or by its id.
pub fn find_by_segment<'a>(items: &'a [Named], segment: &str) -> Option<&'a Named> {
    items
        .iter()
        .find(|i| segment_for(i.id, &i.name) == segment || i.id.to_string() == segment)
}

// ---------------------------------------------------------------------------------------------
// Provider responses (SPEC §3)
// ---------------------------------------------------------------------------------------------

/// Sport info response: `Categories[]` with `CategoryId`, `Name`, `Championships[]`.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct SportInfoResponse {
    /// Required; a category without its id is left out.
    #[serde(deserialize_with = "crate::json::readable_items")]
    pub categories: Vec<SportCategory>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct SportCategory {
    #[serde(deserialize_with = "crate::json::whole_id")]
    pub category_id: u64,
    #[serde(default, deserialize_with = "crate::json::lenient")]
    pub name: String,
    /// None when missing or not a list; one without its id is left out.
    #[serde(default, deserialize_with = "crate::json::lenient_items")]
    pub championships: Vec<SportChampionship>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct SportChampionship {
    #[serde(deserialize_with = "crate::json::whole_id")]
    pub championship_id: u64,
    #[serde(default, deserialize_with = "crate::json::lenient")]
    pub name: String,
}

/// Event info response: `id, name, championship{id, name, category{id, name, sport{id, name}}}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EventInfo {
    #[serde(deserialize_with = "crate::json::whole_id")]
    pub id: u64,
    #[serde(default, deserialize_with = "crate::json::lenient")]
    pub name: String,
    pub championship: EventChampionship,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EventChampionship {
    #[serde(deserialize_with = "crate::json::whole_id")]
    pub id: u64,
    #[serde(default, deserialize_with = "crate::json::lenient")]
    pub name: String,
    pub category: EventCategory,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EventCategory {
    #[serde(deserialize_with = "crate::json::whole_id")]
    pub id: u64,
    #[serde(default, deserialize_with = "crate::json::lenient")]
    pub name: String,
    pub sport: Named,
}

/// The canonical address of an event (e.g. after `/sport/event/{id}` was looked up).
pub fn event_route(info: &EventInfo, locale: &str) -> SportRoute {
    from_selection(&event_selection(info), locale)
}

/// What the widget shows for an event: its sport, category, championship and the event.
pub fn event_selection(info: &EventInfo) -> SportSelection {
    let ch = &info.championship;
    SportSelection {
        page: SportPage::Overview,
        sport_id: u32::try_from(ch.category.sport.id).ok(),
        categories: vec![Named {
            id: ch.category.id,
            name: ch.category.name.clone(),
        }],
        championships: vec![Named {
            id: ch.id,
            name: ch.name.clone(),
        }],
        event: Some(Named {
            id: info.id,
            name: info.name.clone(),
        }),
    }
}

// ---------------------------------------------------------------------------------------------
// Start game (SPEC §3)
// ---------------------------------------------------------------------------------------------

/// The platform code the sportsbook start call sends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Platform {
    Mobile,
    Desktop,
}

impl Platform {
    /// 1 mobile, 2 desktop.
    pub fn code(self) -> u8 {
        match self {
            Platform::Mobile => 1,
            Platform::Desktop => 2,
        }
    }

    pub fn from_code(code: u8) -> Option<Platform> {
        match code {
            1 => Some(Platform::Mobile),
            2 => Some(Platform::Desktop),
            _ => None,
        }
    }
}

/// The fixed `provider` value of the start call. The spec does not name the provider; this is
/// the value the sandbox accepts.
pub const SPORTSBOOK_PROVIDER: &str = "sportsbook";

/// Sportsbook start-game parameters (SPEC §3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StartGameParams {
    pub account_id: u64,
    pub lobby_url: String,
    /// Sportsbook culture (see `locale::sportsbook_culture`).
    pub locale: String,
    pub country_code: String,
    pub demo_mode: bool,
    /// 1 mobile, 2 desktop.
    pub platform: u8,
    pub provider: String,
}

impl StartGameParams {
    pub fn new(
        account_id: u64,
        lobby_url: &str,
        culture: &str,
        country_code: &str,
        demo_mode: bool,
        platform: Platform,
    ) -> StartGameParams {
        StartGameParams {
            account_id,
            lobby_url: lobby_url.to_string(),
            locale: culture.to_string(),
            country_code: country_code.to_string(),
            demo_mode,
            platform: platform.code(),
            provider: SPORTSBOOK_PROVIDER.to_string(),
        }
    }
}
