//! Affiliate tag (SPEC §5 "Other", §9 "Sportsbook"): first tag wins, cookie lifetime, captured
//! query parameters.
//!
//! # Decisions
//!
//! - A blank incoming tag (empty after trimming) is never stored; a blank stored tag counts as
//!   none.
//! - A configured lifetime of 0 days, or none, uses the default of 30 days.

use serde::{Deserialize, Serialize};

/// Seconds per day of cookie life.
pub const SECONDS_PER_DAY: u64 = 86_400;
/// Default cookie life in days.
pub const DEFAULT_COOKIE_DAYS: u64 = 30;
/// The cookie the affiliate capture keeps the tag in.
pub const TAG_COOKIE: &str = "affiliate_tag";
/// Query parameter carrying the affiliate tag.
pub const STAG_PARAM: &str = "stag";
/// Query parameter carrying the messenger bot URL.
pub const BOT_URL_PARAM: &str = "botURL";
/// Query parameter carrying a referrer's code (the referral page's link).
pub const REF_PARAM: &str = "ref";

/// The tag to store, if the incoming one should be stored (only when none is stored yet).
pub fn tag_to_store(stored: Option<&str>, incoming: Option<&str>) -> Option<String> {
    if stored.is_some_and(|s| !s.trim().is_empty()) {
        return None;
    }
    let t = incoming?.trim();
    (!t.is_empty()).then(|| t.to_string())
}

/// Cookie max-age in seconds: 86400 x days (default 30), saturating.
pub fn cookie_max_age_seconds(days: Option<u64>) -> u64 {
    let d = match days {
        Some(d) if d > 0 => d,
        _ => DEFAULT_COOKIE_DAYS,
    };
    SECONDS_PER_DAY.saturating_mul(d)
}

/// Values captured from the landing address.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Captured {
    pub stag: Option<String>,
    pub bot_url: Option<String>,
    pub ref_id: Option<String>,
}

/// Captures `stag`, `botURL` and `ref` from decoded query pairs (first non-empty value each).
pub fn capture(query: &[(String, String)]) -> Captured {
    let first = |key: &str| {
        query
            .iter()
            .find(|(k, v)| k == key && !v.trim().is_empty())
            .map(|(_, v)| v.trim().to_string())
    };
    Captured {
        stag: first(STAG_PARAM),
        bot_url: first(BOT_URL_PARAM),
        ref_id: first(REF_PARAM),
    }
}
