//! SPEC §9 date formats in the device's zone: the offsets table (`domain::zone`), its probe and
//! bisection, and ISO-8601 texts the API gives.

use croupier_core::domain::locale::{days_from_civil, DateFormat};
use croupier_core::domain::zone::{parse_iso, Zone};

/// Berlin in 2026: UTC+1, UTC+2 from 29 March 01:00 UTC to 25 October 01:00 UTC.
const SUMMER: i64 = 1_774_746_000;
const WINTER: i64 = 1_792_890_000;

fn berlin(secs: i64) -> i32 {
    if (SUMMER..WINTER).contains(&secs) {
        120
    } else {
        60
    }
}

#[test]
fn the_probe_finds_each_change_to_the_minute() {
    let from = 1_767_225_600 - 400 * 86_400; // late 2024
    let to = 1_767_225_600 + 400 * 86_400; // early 2027
    let mut calls = 0;
    let zone = Zone::probe(from, to, |s| {
        calls += 1;
        berlin(s)
    });
    assert!(
        zone.changes().contains(&(SUMMER, 120)),
        "{:?}",
        zone.changes()
    );
    assert!(
        zone.changes().contains(&(WINTER, 60)),
        "{:?}",
        zone.changes()
    );
    // Before and after each change, to the second.
    assert_eq!(zone.offset_at(SUMMER - 1), 60);
    assert_eq!(zone.offset_at(SUMMER), 120);
    assert_eq!(zone.offset_at(WINTER - 1), 120);
    assert_eq!(zone.offset_at(WINTER), 60);
    // Outside the span: the nearest measured offset.
    assert_eq!(zone.offset_at(from - 10 * 86_400), 60);
    assert_eq!(zone.offset_at(to + 10 * 86_400), 60);
    // About a probe a week (115 over these 800 days), and a bisection per change: the
    // browser runs this at every start.
    assert!(calls < 200, "{calls} probes");
}

#[test]
fn the_probe_finds_a_summer_time_paused_for_a_month() {
    // Morocco's way: UTC+1 all year but for about a month (Ramadan) at UTC+0.
    let paused = SUMMER + 30 * 86_400 + 3_600;
    let resumed = paused + 29 * 86_400;
    let morocco = |s: i64| {
        if (paused..resumed).contains(&s) {
            0
        } else {
            60
        }
    };
    let zone = Zone::probe(SUMMER - 200 * 86_400, SUMMER + 200 * 86_400, morocco);
    assert_eq!(
        zone.changes(),
        &[(i64::MIN, 60), (paused, 0), (resumed, 60)]
    );
    // Changes eight days apart are each found to the minute too.
    let back = paused + 8 * 86_400;
    let short = |s: i64| if (paused..back).contains(&s) { 0 } else { 60 };
    let zone = Zone::probe(SUMMER - 200 * 86_400, SUMMER + 200 * 86_400, short);
    assert_eq!(zone.changes(), &[(i64::MIN, 60), (paused, 0), (back, 60)]);
}

#[test]
fn a_winter_date_read_in_summer_keeps_its_winter_offset() {
    let zone = Zone::probe(SUMMER - 200 * 86_400, SUMMER + 100 * 86_400, berlin);
    // 1 March 2026 10:00 UTC is 11:00 in Berlin; 1 July 10:00 UTC is 12:00.
    let march = parse_iso("2026-03-01T10:00:00Z").unwrap();
    let july = parse_iso("2026-07-01T10:00:00Z").unwrap();
    assert_eq!(zone.format(march, DateFormat::DateTime), "01.03.26, 11:00");
    assert_eq!(zone.format(july, DateFormat::DateTime), "01.07.26, 12:00");
    // One offset for all dates (today's, in summer) would show March an hour off.
    assert_eq!(
        Zone::fixed(120).format(march, DateFormat::DateTime),
        "01.03.26, 12:00"
    );
}

#[test]
fn a_negative_offset_moves_the_date_back_across_midnight() {
    let sao_paulo = Zone::fixed(-180);
    let at = parse_iso("2026-01-01T01:30:00Z").unwrap();
    assert_eq!(
        sao_paulo.format(at, DateFormat::DateTime),
        "31.12.25, 22:30"
    );
    assert_eq!(sao_paulo.format(at, DateFormat::Date), "31.12.25");
    assert_eq!(sao_paulo.format(at, DateFormat::Time), "22:30");
    assert_eq!(
        sao_paulo.format_iso("2026-01-01T01:30:00Z", DateFormat::DateTime),
        "31.12.25, 22:30"
    );
}

#[test]
fn spec_formats_and_an_empty_table() {
    let at = parse_iso("2026-11-05T07:04:09Z").unwrap();
    let utc = Zone::default();
    assert_eq!(utc.offset_at(at), 0);
    assert_eq!(utc.format(at, DateFormat::DateTime), "05.11.26, 07:04");
    assert_eq!(utc.format(at, DateFormat::Date), "05.11.26");
    assert_eq!(utc.format(at, DateFormat::Time), "07:04");
    assert_eq!(utc.format(at, DateFormat::Day), "05");
    assert_eq!(utc.format(at, DateFormat::DayMonth), "05.11");
    assert_eq!(utc.format(at, DateFormat::DayMonthTime), "05.11 07:04");
    // +05:30 (India) over midnight forwards.
    assert_eq!(
        Zone::fixed(330).format(
            parse_iso("2026-11-05T20:00:00Z").unwrap(),
            DateFormat::DateTime
        ),
        "06.11.26, 01:30"
    );
}

#[test]
fn iso_texts_with_and_without_an_offset() {
    let base = 1_767_225_600; // 2026-01-01T00:00:00Z
    assert_eq!(parse_iso("2026-01-01T00:00:00Z"), Some(base));
    assert_eq!(parse_iso("2026-01-01T00:00:00.123Z"), Some(base));
    assert_eq!(
        parse_iso("2026-01-01T00:00:00"),
        Some(base),
        "no offset: UTC"
    );
    assert_eq!(parse_iso("2026-01-01 00:00"), Some(base));
    assert_eq!(parse_iso("2026-01-01"), Some(base));
    assert_eq!(parse_iso("2026-01-01T03:00:00+03:00"), Some(base));
    assert_eq!(parse_iso("2026-01-01T03:00:00+0300"), Some(base));
    assert_eq!(parse_iso("2026-01-01T03:00+03"), Some(base));
    assert_eq!(parse_iso("2025-12-31T21:00:00-03:00"), Some(base));
    assert_eq!(parse_iso(" 2026-01-01T00:00:00Z "), Some(base));
    assert_eq!(
        parse_iso("2024-02-29T12:00:00Z"),
        Some(days_from_civil(2024, 2, 29) * 86_400 + 43_200)
    );
}

#[test]
fn unreadable_iso_texts_give_nothing_and_never_panic() {
    for bad in [
        "",
        "garbage",
        "2026",
        "2026-13-01",
        "2026-02-29",
        "2026-01-32",
        "2026-00-10",
        "2026-01-01T",
        "2026-01-01T25:00",
        "2026-01-01T10:60",
        "2026-01-01T10:00:61",
        "2026-01-01T10:00:00.",
        "2026-01-01T10:00:00ZZ",
        "2026-01-01T10:00:00+3",
        "2026-01-01T10:00:00+24:00",
        "2026-01-01T10:00:00+03:0",
        "2026-01-01X10:00",
        "20ü6-01-01",
        "2026-01-01T1ü:00",
        "2026-01-01Tü",
        "2026-01-01T10:00:00+03:00:00",
        "-2026-01-01",
        "2026/01/01",
    ] {
        assert_eq!(parse_iso(bad), None, "{bad:?}");
        assert_eq!(
            Zone::fixed(60).format_iso(bad, DateFormat::DateTime),
            "",
            "{bad:?}"
        );
    }
}

#[test]
fn civil_days_round_trip() {
    assert_eq!(days_from_civil(1970, 1, 1), 0);
    assert_eq!(days_from_civil(2026, 1, 1), 1_767_225_600 / 86_400);
    assert_eq!(days_from_civil(1969, 12, 31), -1);
    assert_eq!(
        days_from_civil(2000, 3, 1) - days_from_civil(2000, 2, 28),
        2
    );
}

#[test]
fn tables_are_sorted_and_clamped() {
    let z = Zone::from_changes(vec![(100, 60), (0, 60), (50, 9999), (200, 60)]);
    assert_eq!(z.changes(), &[(0, 60), (50, 24 * 60), (100, 60)]);
    assert_eq!(z.offset_at(-5), 60);
    assert_eq!(z.offset_at(75), 24 * 60);
}
