//! The device's time zone as a table of offsets (SPEC §9 date formats): dates are shown in the
//! offset they had then, not today's (a winter date read in summer is not an hour off).
//!
//! # Decisions
//!
//! - A [`Zone`] is a sorted list of (unix seconds from which, offset minutes east of UTC). Before
//!   its first entry the first offset holds; an empty table is UTC.
//! - The table is measured, not looked up: [`Zone::probe`] asks an `offset_of(secs)` (the
//!   runtime's `Date.getTimezoneOffset`) once a week over a span and, where two probes differ,
//!   bisects to the minute. One change per week at most is seen (real zones change twice a year,
//!   months apart; a shorter gap, such as a summer time paused for a month, is still found).
//!   Once a week, not once a day: the browser probes four years at every start, and 1,460 calls
//!   into `Date` were ~20 ms of the start's task at 4x CPU (issue 28).
//! - ISO-8601 texts ([`parse_iso`]): `YYYY-MM-DD`, optionally `T` or a space and `HH:mm`,
//!   `:ss`, a fraction, then `Z`, `±HH:mm`, `±HHmm` or `±HH`. No offset is read as UTC (the
//!   platform's clock; the engine would read a date-time without one as local time). Anything
//!   else is unreadable: `None`, and [`Zone::format_iso`] gives an empty string.

use super::locale::{self, DateFormat};

/// Offsets beyond a day are refused by engines; clamped to that.
const MAX_OFFSET: i32 = 24 * 60;
const DAY_SECS: i64 = 86_400;
/// How far apart [`Zone::probe`] asks before it bisects.
const PROBE_STEP_SECS: i64 = 7 * DAY_SECS;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Zone {
    /// (unix seconds from which, offset minutes east of UTC), sorted by the seconds, no two
    /// neighbours with the same offset.
    changes: Vec<(i64, i32)>,
}

impl Zone {
    /// One offset at all times.
    pub fn fixed(offset_minutes: i32) -> Zone {
        Zone::from_changes(vec![(i64::MIN, offset_minutes)])
    }

    /// A table from its entries in any order (offsets clamped to a day; repeats dropped).
    pub fn from_changes(mut changes: Vec<(i64, i32)>) -> Zone {
        changes.sort_by_key(|c| c.0);
        let mut out: Vec<(i64, i32)> = Vec::with_capacity(changes.len());
        for (from, offset) in changes {
            let offset = offset.clamp(-MAX_OFFSET, MAX_OFFSET);
            match out.last_mut() {
                Some(last) if last.0 == from => last.1 = offset,
                Some(last) if last.1 == offset => {}
                _ => out.push((from, offset)),
            }
        }
        Zone { changes: out }
    }

    /// Measures a zone from `from` to `to` (unix seconds) with `offset_of(secs)`: a probe a
    /// week, and a bisection to the minute where two probes differ.
    pub fn probe(from: i64, to: i64, mut offset_of: impl FnMut(i64) -> i32) -> Zone {
        let from_min = from.div_euclid(60);
        let to_min = to.div_euclid(60).max(from_min);
        let step_min = PROBE_STEP_SECS / 60;
        let mut changes = vec![(i64::MIN, offset_of(from_min * 60))];
        let mut at = from_min;
        let mut offset = changes.first().map_or(0, |c| c.1);
        while at < to_min {
            let next = (at + step_min).min(to_min);
            let next_offset = offset_of(next * 60);
            if next_offset != offset {
                // The first minute in (at, next] with the new offset.
                let (mut lo, mut hi) = (at, next);
                while hi - lo > 1 {
                    let mid = lo + (hi - lo) / 2;
                    if offset_of(mid * 60) == offset {
                        lo = mid;
                    } else {
                        hi = mid;
                    }
                }
                changes.push((hi * 60, offset_of(hi * 60)));
                if next_offset != offset_of(hi * 60) {
                    changes.push((next * 60, next_offset));
                }
                offset = next_offset;
            }
            at = next;
        }
        Zone::from_changes(changes)
    }

    /// The entries, sorted (for tests and the log).
    pub fn changes(&self) -> &[(i64, i32)] {
        &self.changes
    }

    /// The offset in minutes east of UTC at unix seconds `secs`.
    pub fn offset_at(&self, secs: i64) -> i32 {
        let after = self.changes.partition_point(|c| c.0 <= secs);
        match after.checked_sub(1) {
            Some(i) => self.changes.get(i),
            None => self.changes.first(),
        }
        .map_or(0, |c| c.1)
    }

    /// Unix seconds as the player reads them here, in a SPEC §9 format.
    pub fn format(&self, secs: i64, format: DateFormat) -> String {
        let parts = locale::parts_from_ms(secs.saturating_mul(1000), self.offset_at(secs));
        locale::format_date(&parts, format)
    }

    /// An ISO-8601 text the API gave, as [`Zone::format`] does; unreadable -> empty.
    pub fn format_iso(&self, text: &str, format: DateFormat) -> String {
        parse_iso(text).map_or_else(String::new, |secs| self.format(secs, format))
    }
}

/// Unix seconds of an ISO-8601 date or date-time (see the module's decisions).
pub fn parse_iso(text: &str) -> Option<i64> {
    let s = text.trim();
    let b = s.as_bytes();
    let num = |from: usize, len: usize| -> Option<u32> {
        let part = s.get(from..from + len)?;
        if part.bytes().all(|c| c.is_ascii_digit()) {
            part.parse().ok()
        } else {
            None
        }
    };
    let at = |i: usize| b.get(i).copied();
    let year = i64::from(num(0, 4)?);
    if at(4) != Some(b'-') || at(7) != Some(b'-') {
        return None;
    }
    let month = num(5, 2)?;
    let day = num(8, 2)?;
    if !(1..=12).contains(&month) || day == 0 || day > locale::days_in_month(year, month) {
        return None;
    }
    let mut secs = locale::days_from_civil(year, month, day) * DAY_SECS;
    let mut i = 10;
    if i == b.len() {
        return Some(secs);
    }
    if !matches!(at(i), Some(b'T' | b't' | b' ')) {
        return None;
    }
    let hour = num(i + 1, 2)?;
    if at(i + 3) != Some(b':') {
        return None;
    }
    let minute = num(i + 4, 2)?;
    i += 6;
    let mut second = 0;
    if at(i) == Some(b':') {
        second = num(i + 1, 2)?;
        i += 3;
        if matches!(at(i), Some(b'.' | b',')) {
            i += 1;
            let digits = b
                .get(i..)?
                .iter()
                .take_while(|c| c.is_ascii_digit())
                .count();
            if digits == 0 {
                return None;
            }
            i += digits;
        }
    }
    if hour > 23 || minute > 59 || second > 59 {
        return None;
    }
    secs += i64::from(hour * 3600 + minute * 60 + second);
    let offset = match at(i) {
        None => 0,
        Some(b'Z' | b'z') if i + 1 == b.len() => 0,
        Some(sign @ (b'+' | b'-')) => {
            let h = num(i + 1, 2)?;
            let m = match b.len() - i {
                3 => 0,
                5 => num(i + 3, 2)?,
                6 if at(i + 3) == Some(b':') => num(i + 4, 2)?,
                _ => return None,
            };
            if h > 23 || m > 59 {
                return None;
            }
            let minutes = i64::from(h * 60 + m);
            if sign == b'-' {
                -minutes
            } else {
                minutes
            }
        }
        _ => return None,
    };
    Some(secs - offset * 60)
}
