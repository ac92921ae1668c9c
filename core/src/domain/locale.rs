//! Locales (SPEC §9): sportsbook culture mapping, the sportsbook date formats, the date-locale
//! list, and pure UTC date arithmetic for timestamps given as arguments.
//!
//! # Decisions
//!
//! - [`sportsbook_culture`]: `es-MX` -> `es-ES`, `en-US` -> `en-GB` (case- and `_`-insensitive);
//!   every other or missing locale -> the default `en-GB`, as SPEC §9 lists no other mapping.
//! - [`date_locale`]: lowercased, `_` read as `-`; an exact entry of [`DATE_LOCALES`] wins,
//!   then the language alone (`pt-PT` -> `pt`), else `en`.
//! - Date formats take components; out-of-range components are printed as given (zero-padded,
//!   year as its last two digits), never rejected.

use serde::{Deserialize, Serialize};

/// Default sportsbook culture.
pub const DEFAULT_CULTURE: &str = "en-GB";
/// Default date locale.
pub const DEFAULT_DATE_LOCALE: &str = "en";
/// Date locales (SPEC §9).
pub const DATE_LOCALES: [&str; 26] = [
    "en", "en-ca", "de", "fr", "es", "es-mx", "pt", "pt-br", "ru", "tr", "hi", "fa", "uz", "kk",
    "it", "et", "fi", "el", "id", "nb", "pl", "ro", "se", "cs", "da", "nl",
];

/// The sportsbook culture for an app locale.
pub fn sportsbook_culture(locale: Option<&str>) -> &'static str {
    let norm = locale
        .unwrap_or("")
        .trim()
        .replace('_', "-")
        .to_ascii_lowercase();
    match norm.as_str() {
        "es-mx" => "es-ES",
        "en-us" => "en-GB",
        _ => DEFAULT_CULTURE,
    }
}

/// The date library locale for an app locale.
pub fn date_locale(locale: &str) -> &'static str {
    let norm = locale.trim().replace('_', "-").to_ascii_lowercase();
    if let Some(l) = DATE_LOCALES.iter().find(|l| **l == norm) {
        return l;
    }
    let lang = norm.split('-').next().unwrap_or("");
    DATE_LOCALES
        .iter()
        .find(|l| **l == lang)
        .copied()
        .unwrap_or(DEFAULT_DATE_LOCALE)
}

/// A date-time as components (no time zone attached).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DateTimeParts {
    pub year: i64,
    pub month: u32,
    pub day: u32,
    pub hour: u32,
    pub minute: u32,
    pub second: u32,
    pub millisecond: u32,
}

/// The sportsbook date formats (SPEC §9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum DateFormat {
    /// `HH:mm`
    Time,
    /// `DD`
    Day,
    /// `DD.MM.YY`
    Date,
    /// `DD.MM.YY, HH:mm`
    DateTime,
    /// `DD.MM`
    DayMonth,
    /// `DD.MM HH:mm`
    DayMonthTime,
}

impl DateFormat {
    /// The pattern as written in the spec.
    pub fn pattern(self) -> &'static str {
        match self {
            DateFormat::Time => "HH:mm",
            DateFormat::Day => "DD",
            DateFormat::Date => "DD.MM.YY",
            DateFormat::DateTime => "DD.MM.YY, HH:mm",
            DateFormat::DayMonth => "DD.MM",
            DateFormat::DayMonthTime => "DD.MM HH:mm",
        }
    }
}

/// Formats components with a sportsbook format.
pub fn format_date(dt: &DateTimeParts, format: DateFormat) -> String {
    let dd = format!("{:02}", dt.day);
    let mm = format!("{:02}", dt.month);
    let yy = format!("{:02}", dt.year.rem_euclid(100));
    let time = format!("{:02}:{:02}", dt.hour, dt.minute);
    match format {
        DateFormat::Time => time,
        DateFormat::Day => dd,
        DateFormat::Date => format!("{dd}.{mm}.{yy}"),
        DateFormat::DateTime => format!("{dd}.{mm}.{yy}, {time}"),
        DateFormat::DayMonth => format!("{dd}.{mm}"),
        DateFormat::DayMonthTime => format!("{dd}.{mm} {time}"),
    }
}

/// Civil date of a day count since 1970-01-01 (proleptic Gregorian; Howard Hinnant's algorithm).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = if m <= 2 { y + 1 } else { y };
    (
        y,
        u32::try_from(m).unwrap_or(1),
        u32::try_from(d).unwrap_or(1),
    )
}

/// Components of a Unix time in milliseconds, shifted by `offset_minutes` (e.g. +180 for UTC+3).
pub fn parts_from_ms(ms: i64, offset_minutes: i32) -> DateTimeParts {
    let shifted = ms.saturating_add(i64::from(offset_minutes).saturating_mul(60_000));
    let days = shifted.div_euclid(86_400_000);
    let rem = shifted.rem_euclid(86_400_000);
    let (year, month, day) = civil_from_days(days);
    let to_u32 = |v: i64| u32::try_from(v).unwrap_or(0);
    DateTimeParts {
        year,
        month,
        day,
        hour: to_u32(rem / 3_600_000),
        minute: to_u32(rem / 60_000 % 60),
        second: to_u32(rem / 1000 % 60),
        millisecond: to_u32(rem % 1000),
    }
}

/// `YYYY-MM-DDTHH:mm:ss.sssZ` of a Unix time in milliseconds (as JavaScript's `toISOString`).
pub fn iso8601_from_ms(ms: u64) -> String {
    let p = parts_from_ms(i64::try_from(ms).unwrap_or(i64::MAX), 0);
    format!(
        "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}.{:03}Z",
        p.year, p.month, p.day, p.hour, p.minute, p.second, p.millisecond
    )
}

/// Days since 1970-01-01 of a civil date (proleptic Gregorian; the inverse of
/// `civil_from_days`, Howard Hinnant's algorithm).
pub fn days_from_civil(year: i64, month: u32, day: u32) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let m = i64::from(month);
    let mp = if m > 2 { m - 3 } else { m + 9 };
    let doy = (153 * mp + 2) / 5 + i64::from(day) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// Days in a month of a year (proleptic Gregorian); 0 for a month outside 1..=12.
pub fn days_in_month(year: i64, month: u32) -> u32 {
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => 0,
    }
}
