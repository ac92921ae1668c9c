//! Geography (SPEC §5 "Other", §9): excluded countries, game collections by visitor country
//! and the default country.
//!
//! # Decisions
//!
//! - Country codes compare ASCII case-insensitively after trimming.
//! - With no visitor country known, only collections visible everywhere (empty list) show.
//! - [`default_country`] answers the given code uppercased when it is two ASCII letters, else
//!   `UA`.

use serde::{Deserialize, Serialize};

/// Countries left out of the country list.
pub const EXCLUDED_COUNTRIES: [&str; 8] = ["US", "UM", "GB", "FR", "NL", "AW", "CW", "MF"];
/// Fallback country.
pub const DEFAULT_COUNTRY: &str = "UA";

/// Whether a country is excluded from the list.
pub fn is_excluded(code: &str) -> bool {
    let c = code.trim();
    EXCLUDED_COUNTRIES.iter().any(|e| e.eq_ignore_ascii_case(c))
}

/// A country of the settings list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Country {
    pub code: String,
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub locale: Option<String>,
}

/// The country list without the excluded countries (order kept).
pub fn filter_countries(list: Vec<Country>) -> Vec<Country> {
    list.into_iter().filter(|c| !is_excluded(&c.code)).collect()
}

/// A game collection (SPEC §3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GameCollection {
    pub identity: String,
    #[serde(default)]
    pub is_hidden: bool,
    #[serde(default)]
    pub countries: Vec<String>,
}

impl GameCollection {
    /// Visible to a visitor from `country` (empty list = everywhere).
    pub fn visible_in(&self, country: Option<&str>) -> bool {
        if self.countries.is_empty() {
            return true;
        }
        match country.map(str::trim) {
            Some(c) if !c.is_empty() => self
                .countries
                .iter()
                .any(|x| x.trim().eq_ignore_ascii_case(c)),
            _ => false,
        }
    }
}

/// Collections for the visitor's country header.
pub fn filter_collections(list: &[GameCollection], country: Option<&str>) -> Vec<GameCollection> {
    list.iter()
        .filter(|c| c.visible_in(country))
        .cloned()
        .collect()
}

/// Collections to list: visible in the country and not hidden.
pub fn listed_collections(list: &[GameCollection], country: Option<&str>) -> Vec<GameCollection> {
    list.iter()
        .filter(|c| !c.is_hidden && c.visible_in(country))
        .cloned()
        .collect()
}

/// The visitor's country, or `UA`.
pub fn default_country(country: Option<&str>) -> String {
    match country.map(str::trim) {
        Some(c) if c.len() == 2 && c.bytes().all(|b| b.is_ascii_alphabetic()) => {
            c.to_ascii_uppercase()
        }
        _ => DEFAULT_COUNTRY.to_string(),
    }
}
