//! Calendar dates for the date rules (SPEC §5): parsing, comparison and whole-year ages.
//! No clock is read: "today" is always passed in.

/// A proleptic-Gregorian calendar date. Ordering is chronological.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    pub year: i32,
    pub month: u32,
    pub day: u32,
}

/// Years accepted by the textual date form (SPEC §5).
pub const MIN_YEAR: i32 = 1000;
pub const MAX_YEAR: i32 = 3000;

/// Milliseconds per day.
const MS_PER_DAY: i64 = 86_400_000;

/// True for Gregorian leap years.
pub fn is_leap_year(year: i32) -> bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
}

/// Days in a month (0 for a month outside 1..=12).
pub fn days_in_month(year: i32, month: u32) -> u32 {
    match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if is_leap_year(year) => 29,
        2 => 28,
        _ => 0,
    }
}

impl Date {
    /// A valid date, or `None` (month 1..=12, day within the month, leap years honoured).
    pub fn new(year: i32, month: u32, day: u32) -> Option<Date> {
        (day >= 1 && day <= days_in_month(year, month)).then_some(Date { year, month, day })
    }

    /// From a `(year, month, day)` tuple.
    pub fn from_ymd(ymd: (i32, u32, u32)) -> Option<Date> {
        Date::new(ymd.0, ymd.1, ymd.2)
    }

    /// Days since 1970-01-01 (negative before). Howard Hinnant's `days_from_civil`.
    pub fn days_since_epoch(&self) -> i64 {
        let y = i64::from(self.year) - i64::from(self.month <= 2);
        let era = y.div_euclid(400);
        let yoe = y - era * 400;
        let m = i64::from(self.month);
        let mp = (m + 9) % 12;
        let doy = (153 * mp + 2) / 5 + i64::from(self.day) - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146_097 + doe - 719_468
    }

    /// The date `days` after 1970-01-01 (UTC); `None` outside +-1,000,000 years.
    pub fn from_days_since_epoch(days: i64) -> Option<Date> {
        if !(-365_000_000..=365_000_000).contains(&days) {
            return None;
        }
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let y = yoe + era * 400;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let d = doy - (153 * mp + 2) / 5 + 1;
        let m = if mp < 10 { mp + 3 } else { mp - 9 };
        let y = if m <= 2 { y + 1 } else { y };
        Some(Date {
            year: i32::try_from(y).ok()?,
            month: u32::try_from(m).ok()?,
            day: u32::try_from(d).ok()?,
        })
    }

    /// The UTC date of a JavaScript timestamp (milliseconds since the epoch).
    pub fn from_timestamp_ms(ms: i64) -> Option<Date> {
        Date::from_days_since_epoch(ms.div_euclid(MS_PER_DAY))
    }

    /// ISO text `YYYY-MM-DD`.
    pub fn to_iso(&self) -> String {
        format!("{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

/// Whole years from `birth` to `today` (the birthday counts on its day; someone born on
/// 29 February becomes a year older on 1 March in common years). Negative if `birth` is after
/// `today`.
pub fn age_in_years(birth: Date, today: Date) -> i64 {
    let mut years = i64::from(today.year) - i64::from(birth.year);
    if (today.month, today.day) < (birth.month, birth.day) {
        years -= 1;
    }
    years
}

/// Parses the date rule's accepted forms (SPEC §5):
///
/// * a numeric timestamp (optional `-`, ASCII digits only, at most 15 digits), read as
///   JavaScript milliseconds since the epoch and taken as its UTC date;
/// * `year-month-day` with a 4-digit year between 1000 and 3000, a 1-2 digit month between 1
///   and 12 and a 1-2 digit day valid for that month (leap years honoured), optionally
///   followed by a time part starting with `T` or a space (`2000-01-31T10:00:00Z`), which is
///   ignored.
///
/// Surrounding whitespace is ignored. Anything else is `None`.
pub fn parse_date(text: &str) -> Option<Date> {
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    let digits = text.strip_prefix('-').unwrap_or(text);
    if !digits.is_empty() && digits.len() <= 15 && digits.bytes().all(|b| b.is_ascii_digit()) {
        let ms: i64 = text.parse().ok()?;
        return Date::from_timestamp_ms(ms);
    }
    let (date_part, time_part) = match text.find(['T', ' ']) {
        Some(i) => (text.get(..i)?, text.get(i + 1..)),
        None => (text, None),
    };
    if let Some(time) = time_part {
        if !valid_time_suffix(time) {
            return None;
        }
    }
    let mut parts = date_part.split('-');
    let year = parts.next()?;
    let month = parts.next()?;
    let day = parts.next()?;
    if parts.next().is_some() {
        return None;
    }
    let all_digits = |s: &str, min: usize, max: usize| {
        (min..=max).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_digit())
    };
    if !all_digits(year, 4, 4) || !all_digits(month, 1, 2) || !all_digits(day, 1, 2) {
        return None;
    }
    let year: i32 = year.parse().ok()?;
    let month: u32 = month.parse().ok()?;
    let day: u32 = day.parse().ok()?;
    if !(MIN_YEAR..=MAX_YEAR).contains(&year) {
        return None;
    }
    Date::new(year, month, day)
}

/// `HH:MM[:SS[.fff]][Z|+HH:MM|-HH:MM]`, hours 0-23, minutes and seconds 0-59.
fn valid_time_suffix(time: &str) -> bool {
    let (clock, zone) = match time.find(['Z', 'z', '+', '-']) {
        Some(i) => (time.get(..i).unwrap_or(""), time.get(i..).unwrap_or("")),
        None => (time, ""),
    };
    let zone_ok = match zone {
        "" | "Z" | "z" => true,
        z => {
            let rest = z.get(1..).unwrap_or("");
            let mut hm = rest.split(':');
            let h = hm.next().unwrap_or("");
            let m = hm.next().unwrap_or("00");
            hm.next().is_none() && two_digits_max(h, 23) && two_digits_max(m, 59)
        }
    };
    let (hms, frac) = match clock.split_once('.') {
        Some((a, b)) => (a, Some(b)),
        None => (clock, None),
    };
    let frac_ok =
        frac.is_none_or(|f| !f.is_empty() && f.len() <= 9 && f.bytes().all(|b| b.is_ascii_digit()));
    let mut fields = hms.split(':');
    let h = fields.next().unwrap_or("");
    let m = fields.next().unwrap_or("");
    let s = fields.next();
    let clock_ok = two_digits_max(h, 23)
        && two_digits_max(m, 59)
        && s.is_none_or(|s| two_digits_max(s, 59))
        && fields.next().is_none()
        && (s.is_some() || frac.is_none());
    zone_ok && frac_ok && clock_ok
}

fn two_digits_max(s: &str, max: u32) -> bool {
    s.len() == 2
        && s.bytes().all(|b| b.is_ascii_digit())
        && s.parse::<u32>().is_ok_and(|v| v <= max)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn textual_dates() {
        for (text, out) in [
            ("2000-02-29", Some((2000, 2, 29))),
            ("1900-02-29", None),
            ("2024-2-29", Some((2024, 2, 29))),
            ("2023-02-29", None),
            ("2023-1-5", Some((2023, 1, 5))),
            ("2023-04-31", None),
            ("2023-12-31", Some((2023, 12, 31))),
            ("2023-13-01", None),
            ("2023-00-10", None),
            ("2023-01-00", None),
            ("1000-01-01", Some((1000, 1, 1))),
            ("0999-12-31", None),
            ("3000-12-31", Some((3000, 12, 31))),
            ("3001-01-01", None),
            ("999-01-01", None),
            ("12023-01-01", None),
            ("2023-001-01", None),
            ("2023/01/01", None),
            ("01-01-2023", None),
            ("2023-01", None),
            ("2023-01-01-01", None),
            ("2023-01-01T10:20:30Z", Some((2023, 1, 1))),
            ("2023-01-01T10:20:30.123+03:00", Some((2023, 1, 1))),
            ("2023-01-01 10:20", Some((2023, 1, 1))),
            ("2023-01-01T25:00", None),
            ("2023-01-01Tjunk", None),
            (" 2023-01-01 ", Some((2023, 1, 1))),
            ("", None),
            ("today", None),
            ("２０２３-01-01", None),
        ] {
            assert_eq!(parse_date(text), out.and_then(Date::from_ymd), "{text:?}");
        }
    }

    #[test]
    fn timestamps_are_js_milliseconds_utc() {
        assert_eq!(parse_date("0"), Date::new(1970, 1, 1));
        assert_eq!(parse_date("86399999"), Date::new(1970, 1, 1));
        assert_eq!(parse_date("86400000"), Date::new(1970, 1, 2));
        assert_eq!(parse_date("-1"), Date::new(1969, 12, 31));
        assert_eq!(parse_date("951782400000"), Date::new(2000, 2, 29));
        assert_eq!(parse_date("9999999999999999"), None);
        assert_eq!(parse_date("-"), None);
    }

    #[test]
    fn epoch_days_round_trip() {
        for days in [
            -1_000_000i64,
            -719_468,
            -1,
            0,
            1,
            11_016,
            365_000,
            2_932_896,
        ] {
            let d = Date::from_days_since_epoch(days).unwrap();
            assert_eq!(d.days_since_epoch(), days);
        }
        assert_eq!(Date::new(2000, 3, 1).unwrap().days_since_epoch(), 11_017);
    }

    #[test]
    fn ages_in_whole_years() {
        let d = |y, m, dd| Date::new(y, m, dd).unwrap();
        assert_eq!(age_in_years(d(2000, 6, 15), d(2018, 6, 15)), 18);
        assert_eq!(age_in_years(d(2000, 6, 15), d(2018, 6, 14)), 17);
        assert_eq!(age_in_years(d(2000, 2, 29), d(2018, 2, 28)), 17);
        assert_eq!(age_in_years(d(2000, 2, 29), d(2018, 3, 1)), 18);
        assert_eq!(age_in_years(d(2000, 2, 29), d(2020, 2, 29)), 20);
        assert_eq!(age_in_years(d(2030, 1, 1), d(2020, 1, 1)), -10);
    }
}
