//! Unix seconds written as calendar dates (UTC, proleptic Gregorian; civil-from-days), for
//! messages a player reads and ISO fields of SPEC §3 (`readAt`).

/// (year, month, day, hour, minute, second).
fn civil(secs: i64) -> (i64, i64, i64, i64, i64, i64) {
    let days = secs.div_euclid(86_400);
    let rem = secs.rem_euclid(86_400);
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d, rem / 3600, rem % 3600 / 60, rem % 60)
}

/// (year, month, day) of a moment, UTC.
pub fn ymd(secs: i64) -> (i64, i64, i64) {
    let (y, m, d, ..) = civil(secs);
    (y, m, d)
}

/// `2026-11-24 13:05:09Z` (the outbox's stamps).
pub fn utc_seconds(secs: i64) -> String {
    let (y, m, d, h, min, sec) = civil(secs);
    format!("{y:04}-{m:02}-{d:02} {h:02}:{min:02}:{sec:02}Z")
}

/// `2026-11-25 14:05 UTC`.
pub fn utc(secs: i64) -> String {
    let (y, m, d, h, min, _) = civil(secs);
    format!("{y:04}-{m:02}-{d:02} {h:02}:{min:02} UTC")
}

/// `2026-11-25T14:05:00Z`.
pub fn iso(secs: i64) -> String {
    let (y, m, d, h, min, s) = civil(secs);
    format!("{y:04}-{m:02}-{d:02}T{h:02}:{min:02}:{s:02}Z")
}

#[cfg(test)]
mod tests {
    use super::{iso, utc};

    #[test]
    fn dates() {
        assert_eq!(utc(0), "1970-01-01 00:00 UTC");
        assert_eq!(utc(1_795_615_500), "2026-11-25 14:05 UTC");
        assert_eq!(utc(951_782_400), "2000-02-29 00:00 UTC");
        assert_eq!(iso(1_795_615_507), "2026-11-25T14:05:07Z");
    }
}
