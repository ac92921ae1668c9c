//! SPEC §4/§5/§9 constants and small rules: analytics & pixel, limits, payment methods, locale
//! and date formats, geography, affiliate tag, wager.

use croupier_core::domain::affiliate::{capture, cookie_max_age_seconds, tag_to_store};
use croupier_core::domain::analytics::{
    deposit_event, deposit_events, pixel_action_for, pixel_fires, registration_event,
    AnalyticsEvent as A, PIXEL_ACTION_MISSING,
};
use croupier_core::domain::geo::{
    default_country, filter_collections, filter_countries, is_excluded, listed_collections,
    Country, GameCollection,
};
use croupier_core::domain::limit::{
    advanced_mode_available, group_by_period, of_definition, Limit, LimitDefinition, LimitPeriod,
};
use croupier_core::domain::locale::{
    date_locale, format_date, iso8601_from_ms, parts_from_ms, sportsbook_culture, DateFormat,
    DateTimeParts, DATE_LOCALES,
};
use croupier_core::domain::payment::{
    on_methods_loaded, sort_methods, Direction, MethodId, PaymentMethod, PaymentMethodGroup,
};
use croupier_core::domain::wager::{min_wager_multiplier, wager_requirement_minor};
use proptest::prelude::*;

#[test]
fn analytics_names_and_deposit_numbers() {
    let names = [
        "visit",
        "regfin",
        "regnotfin",
        "ftd",
        "bet",
        "bet30",
        "deposit",
        "dep2",
        "dep3",
        "dep4",
        "dep5plus",
    ];
    for n in names {
        let e = A::parse(n).unwrap();
        assert_eq!(e.as_str(), n);
        assert_eq!(serde_json::to_string(&e).unwrap(), format!("\"{n}\""));
    }
    assert_eq!(A::parse("Visit"), None);
    let table = [
        (0, None),
        (1, Some(A::Ftd)),
        (2, Some(A::Dep2)),
        (3, Some(A::Dep3)),
        (4, Some(A::Dep4)),
    ];
    for (n, want) in table {
        assert_eq!(deposit_event(n), want, "{n}");
    }
    for n in [5, 6, 100, u64::MAX] {
        assert_eq!(deposit_event(n), Some(A::Dep5plus), "{n}");
    }
    assert_eq!(deposit_events(1), vec![A::Ftd, A::Deposit]);
    assert_eq!(deposit_events(0), vec![]);
    assert_eq!(A::Bet.expand(), vec![A::Bet, A::Bet30]);
    for e in [A::Ftd, A::Dep2, A::Dep3, A::Dep4, A::Dep5plus] {
        assert_eq!(e.companions(), &[A::Deposit]);
    }
    for e in [A::Visit, A::Regfin, A::Regnotfin, A::Deposit, A::Bet30] {
        assert!(e.companions().is_empty(), "{e:?}");
    }
    assert_eq!(registration_event(true), A::Regfin);
    assert_eq!(registration_event(false), A::Regnotfin);
}

#[test]
fn pixel_table() {
    let actions = [
        (A::Visit, 80),
        (A::Regfin, 81),
        (A::Regnotfin, 82),
        (A::Ftd, 83),
        (A::Dep2, 84),
        (A::Dep3, 85),
        (A::Dep4, 86),
        (A::Dep5plus, 87),
        (A::Bet, 88),
        (A::Deposit, 89),
        (A::Bet30, 90),
    ];
    for (e, id) in actions {
        assert_eq!(e.pixel_action_id(), id, "{e:?}");
    }
    let codes = [
        (A::Regfin, Some(1)),
        (A::Ftd, Some(2)),
        (A::Bet, Some(3)),
        (A::Deposit, Some(4)),
        (A::Visit, Some(5)),
        (A::Dep2, Some(6)),
        (A::Dep3, Some(7)),
        (A::Dep4, Some(8)),
        (A::Dep5plus, Some(9)),
        (A::Regnotfin, Some(14)),
        (A::Bet30, None),
    ];
    for (e, c) in codes {
        assert_eq!(e.external_code(), c, "{e:?}");
    }
    let fires = pixel_fires(A::Bet);
    assert_eq!(
        fires.iter().map(|f| f.action_id).collect::<Vec<_>>(),
        vec![88, 90]
    );
    assert_eq!(
        pixel_fires(A::Dep2)
            .iter()
            .map(|f| f.action_id)
            .collect::<Vec<_>>(),
        vec![84, 89]
    );
    assert_eq!(pixel_action_for("ftd"), Ok(83));
    assert_eq!(pixel_action_for("nope"), Err(PIXEL_ACTION_MISSING));
    assert_eq!(PIXEL_ACTION_MISSING, "Error: Pixel action is not defined");
}

fn limit(id: u64, def: u8, period: &str, cur: &str) -> Limit {
    Limit {
        id,
        definition: def,
        period: Some(period.into()),
        amount: Some("10".into()),
        currency: Some(cur.into()),
    }
}

#[test]
fn limit_definitions_and_periods() {
    let table = [
        (1, LimitDefinition::Bet),
        (2, LimitDefinition::Loss),
        (3, LimitDefinition::Deposit),
        (4, LimitDefinition::SelfExclusion),
        (5, LimitDefinition::CoolingOff),
    ];
    for (code, d) in table {
        assert_eq!(LimitDefinition::from_code(code), Some(d));
        assert_eq!(d.code(), code);
    }
    assert_eq!(LimitDefinition::from_code(0), None);
    assert_eq!(LimitDefinition::from_code(6), None);
    assert!(LimitDefinition::Deposit.has_amount() && !LimitDefinition::CoolingOff.has_amount());
    assert_eq!(LimitPeriod::parse("daily"), Some(LimitPeriod::Daily));
    assert_eq!(LimitPeriod::parse("weekly"), Some(LimitPeriod::Weekly));
    assert_eq!(LimitPeriod::parse("monthly"), Some(LimitPeriod::Monthly));
    assert_eq!(LimitPeriod::parse("yearly"), None);
    assert_eq!(
        serde_json::to_string(&LimitPeriod::Monthly).unwrap(),
        "\"monthly\""
    );
}

#[test]
fn limit_advanced_mode() {
    let all = vec![
        limit(1, 3, "daily", "EUR"),
        limit(2, 3, "daily", "BTC"),
        limit(3, 3, "weekly", "EUR"),
        limit(4, 3, "weekly", "BTC"),
        limit(5, 3, "monthly", "EUR"),
        limit(6, 3, "monthly", "BTC"),
        limit(7, 1, "daily", "EUR"),
    ];
    let dep = of_definition(&all, LimitDefinition::Deposit);
    assert_eq!(dep.len(), 6);
    assert_eq!(group_by_period(&dep).len(), 3);
    assert!(advanced_mode_available(&dep, &["EUR", "BTC"]));
    assert!(advanced_mode_available(&dep, &["eur"]), "case-insensitive");
    assert!(
        !advanced_mode_available(&dep, &["EUR", "BTC", "USD"]),
        "USD missing everywhere"
    );
    // one group lacks BTC
    let missing: Vec<&Limit> = dep.iter().copied().filter(|l| l.id != 6).collect();
    assert!(!advanced_mode_available(&missing, &["EUR", "BTC"]));
    assert!(advanced_mode_available(&missing, &["EUR"]));
    // only 2 period groups: not more than 2
    let two: Vec<&Limit> = dep
        .iter()
        .copied()
        .filter(|l| l.period.as_deref() != Some("monthly"))
        .collect();
    assert!(!advanced_mode_available(&two, &["EUR", "BTC"]));
    assert!(!advanced_mode_available(&[], &[]));
    // unknown periods do not count as a group
    let odd = [
        limit(1, 3, "daily", "EUR"),
        limit(2, 3, "weekly", "EUR"),
        limit(3, 3, "yearly", "EUR"),
    ];
    let odd_refs: Vec<&Limit> = odd.iter().collect();
    assert!(!advanced_mode_available(&odd_refs, &["EUR"]));
}

fn pm(id: &str) -> PaymentMethod {
    PaymentMethod {
        id: id.into(),
        name: id.into(),
    }
}

#[test]
fn payment_method_ids() {
    let m = MethodId::parse("card.deposit.visa").unwrap();
    assert_eq!(
        (m.provider.as_str(), m.direction, m.name.as_str()),
        ("card", Direction::Deposit, "visa")
    );
    assert_eq!(m.to_id(), "card.deposit.visa");
    let m = MethodId::parse("directwallet.withdrawal.usdt.trc20").unwrap();
    assert_eq!(
        (m.direction, m.name.as_str()),
        (Direction::Withdrawal, "usdt.trc20")
    );
    for bad in [
        "",
        "card",
        "card.visa",
        ".deposit.visa",
        "card.deposit.",
        "card.refund.visa",
        "carddeposit.visa",
    ] {
        assert_eq!(MethodId::parse(bad), None, "{bad:?}");
    }
    assert!(MethodId::parse("cashagent.deposit.cash")
        .unwrap()
        .is_manual_agent());
    assert!(MethodId::parse("Manual.withdrawal.x")
        .unwrap()
        .is_manual_agent());
    assert!(!MethodId::parse("pix.deposit.pix")
        .unwrap()
        .is_manual_agent());
}

#[test]
fn payment_sorting_and_outcome() {
    let mut list = vec![
        pm("card.deposit.visa"),
        pm("cashagent.deposit.a"),
        pm("pix.deposit.pix"),
        pm("bad"),
        pm("cashagent.deposit.b"),
        pm("upi.deposit.upi"),
    ];
    sort_methods(&mut list);
    let ids: Vec<&str> = list.iter().map(|m| m.id.as_str()).collect();
    assert_eq!(
        ids,
        vec![
            "cashagent.deposit.a",
            "cashagent.deposit.b",
            "card.deposit.visa",
            "pix.deposit.pix",
            "bad",
            "upi.deposit.upi"
        ]
    );
    let groups = vec![
        PaymentMethodGroup {
            payment_methods: vec![pm("card.deposit.visa")],
        },
        PaymentMethodGroup {
            payment_methods: vec![pm("cashagent.deposit.a")],
        },
    ];
    let o = on_methods_loaded(Direction::Deposit, Ok(groups));
    assert_eq!(
        o.methods.first().map(|m| m.id.as_str()),
        Some("cashagent.deposit.a")
    );
    assert!(!o.deposit_limit_reached);
    let o = on_methods_loaded(Direction::Deposit, Err(Some(13100)));
    assert!(o.methods.is_empty() && o.deposit_limit_reached && o.reload_limits);
    let o = on_methods_loaded(Direction::Deposit, Err(Some(500)));
    assert!(o.methods.is_empty() && !o.deposit_limit_reached && !o.reload_limits);
    let o = on_methods_loaded(Direction::Withdrawal, Err(Some(13100)));
    assert!(o.methods.is_empty() && !o.deposit_limit_reached);
    let o = on_methods_loaded(Direction::Deposit, Err(None));
    assert!(o.methods.is_empty() && !o.reload_limits);
}

#[test]
fn sportsbook_culture_mapping() {
    let table = [
        (Some("es-MX"), "es-ES"),
        (Some("es_mx"), "es-ES"),
        (Some("en-US"), "en-GB"),
        (Some("EN-us"), "en-GB"),
        (Some("en"), "en-GB"),
        (Some("de"), "en-GB"),
        (Some(""), "en-GB"),
        (None, "en-GB"),
    ];
    for (l, want) in table {
        assert_eq!(sportsbook_culture(l), want, "{l:?}");
    }
}

#[test]
fn date_formats() {
    let dt = DateTimeParts {
        year: 2024,
        month: 3,
        day: 7,
        hour: 9,
        minute: 5,
        second: 0,
        millisecond: 0,
    };
    let table = [
        (DateFormat::Time, "09:05"),
        (DateFormat::Day, "07"),
        (DateFormat::Date, "07.03.24"),
        (DateFormat::DateTime, "07.03.24, 09:05"),
        (DateFormat::DayMonth, "07.03"),
        (DateFormat::DayMonthTime, "07.03 09:05"),
    ];
    for (f, want) in table {
        assert_eq!(format_date(&dt, f), want, "{}", f.pattern());
    }
    let y2k = DateTimeParts {
        year: 2000,
        month: 12,
        day: 31,
        hour: 23,
        minute: 59,
        ..Default::default()
    };
    assert_eq!(format_date(&y2k, DateFormat::DateTime), "31.12.00, 23:59");
    let neg = DateTimeParts {
        year: -1,
        ..Default::default()
    };
    assert_eq!(format_date(&neg, DateFormat::Date), "00.00.99");
}

#[test]
fn unix_time_components() {
    assert_eq!(iso8601_from_ms(0), "1970-01-01T00:00:00.000Z");
    assert_eq!(iso8601_from_ms(951_782_400_000), "2000-02-29T00:00:00.000Z");
    assert_eq!(
        iso8601_from_ms(1_709_251_199_999),
        "2024-02-29T23:59:59.999Z"
    );
    assert_eq!(
        iso8601_from_ms(4_102_444_800_000),
        "2100-01-01T00:00:00.000Z"
    );
    let p = parts_from_ms(0, 180);
    assert_eq!((p.year, p.month, p.day, p.hour), (1970, 1, 1, 3));
    let p = parts_from_ms(0, -60);
    assert_eq!((p.year, p.month, p.day, p.hour), (1969, 12, 31, 23));
    let _ = iso8601_from_ms(u64::MAX);
    let _ = parts_from_ms(i64::MIN, i32::MIN);
}

#[test]
fn date_locale_list() {
    assert_eq!(DATE_LOCALES.len(), 26);
    let table = [
        ("en", "en"),
        ("pt-BR", "pt-br"),
        ("pt_BR", "pt-br"),
        ("pt-PT", "pt"),
        ("es-MX", "es-mx"),
        ("es-AR", "es"),
        ("en-CA", "en-ca"),
        ("en-US", "en"),
        ("se", "se"),
        ("ja", "en"),
        ("", "en"),
        ("zz-ZZ", "en"),
    ];
    for (l, want) in table {
        assert_eq!(date_locale(l), want, "{l}");
    }
}

#[test]
fn geo_rules() {
    for c in ["US", "UM", "GB", "FR", "NL", "AW", "CW", "MF", "us", " gb "] {
        assert!(is_excluded(c), "{c}");
    }
    for c in ["UA", "DE", "BR", "", "USA"] {
        assert!(!is_excluded(c), "{c}");
    }
    let countries: Vec<Country> = ["UA", "US", "DE", "fr"]
        .iter()
        .map(|c| Country {
            code: (*c).into(),
            name: String::new(),
            locale: None,
        })
        .collect();
    let kept: Vec<String> = filter_countries(countries)
        .into_iter()
        .map(|c| c.code)
        .collect();
    assert_eq!(kept, vec!["UA", "DE"]);
    let col = |id: &str, hidden: bool, cs: &[&str]| GameCollection {
        identity: id.into(),
        is_hidden: hidden,
        countries: cs.iter().map(|c| c.to_string()).collect(),
    };
    let list = vec![
        col("all", false, &[]),
        col("br", false, &["BR", "PT"]),
        col("hidden", true, &[]),
    ];
    let ids = |v: Vec<GameCollection>| v.into_iter().map(|c| c.identity).collect::<Vec<_>>();
    assert_eq!(
        ids(filter_collections(&list, Some("BR"))),
        vec!["all", "br", "hidden"]
    );
    assert_eq!(
        ids(filter_collections(&list, Some("pt"))),
        vec!["all", "br", "hidden"]
    );
    assert_eq!(
        ids(filter_collections(&list, Some("UA"))),
        vec!["all", "hidden"]
    );
    assert_eq!(ids(filter_collections(&list, None)), vec!["all", "hidden"]);
    assert_eq!(
        ids(filter_collections(&list, Some(""))),
        vec!["all", "hidden"]
    );
    assert_eq!(
        ids(listed_collections(&list, Some("BR"))),
        vec!["all", "br"]
    );
    assert_eq!(default_country(None), "UA");
    assert_eq!(default_country(Some("")), "UA");
    assert_eq!(default_country(Some("x1")), "UA");
    assert_eq!(default_country(Some("deu")), "UA");
    assert_eq!(default_country(Some("de")), "DE");
}

#[test]
fn affiliate_rules() {
    assert_eq!(tag_to_store(None, Some("aff1")), Some("aff1".into()));
    assert_eq!(
        tag_to_store(Some("aff0"), Some("aff1")),
        None,
        "first tag wins"
    );
    assert_eq!(tag_to_store(Some(""), Some("aff1")), Some("aff1".into()));
    assert_eq!(tag_to_store(None, Some("  ")), None);
    assert_eq!(tag_to_store(None, None), None);
    assert_eq!(cookie_max_age_seconds(None), 30 * 86_400);
    assert_eq!(cookie_max_age_seconds(Some(0)), 30 * 86_400);
    assert_eq!(cookie_max_age_seconds(Some(1)), 86_400);
    assert_eq!(cookie_max_age_seconds(Some(7)), 604_800);
    assert_eq!(cookie_max_age_seconds(Some(u64::MAX)), u64::MAX);
    let q = vec![
        ("stag".to_string(), "".to_string()),
        ("stag".into(), "a_1".into()),
        ("botURL".into(), "https://t.me/b".into()),
    ];
    let c = capture(&q);
    assert_eq!(c.stag.as_deref(), Some("a_1"));
    assert_eq!(c.bot_url.as_deref(), Some("https://t.me/b"));
    assert_eq!(capture(&[]).stag, None);
}

#[test]
fn wager_rules() {
    assert_eq!(min_wager_multiplier(None), 1);
    assert_eq!(min_wager_multiplier(Some(0)), 1);
    assert_eq!(min_wager_multiplier(Some(35)), 35);
    assert_eq!(wager_requirement_minor(1000, None), Some(1000));
    assert_eq!(wager_requirement_minor(1000, Some(40)), Some(40_000));
    assert_eq!(wager_requirement_minor(u64::MAX, Some(2)), None);
}

proptest! {
    #[test]
    fn manual_agents_first_and_stable(ids in proptest::collection::vec(("(cashagent|card|pix|manual)", "[a-z]{1,3}"), 0..20)) {
        let mut list: Vec<PaymentMethod> = ids.iter().map(|(p, n)| pm(&format!("{p}.deposit.{n}"))).collect();
        let before = list.clone();
        sort_methods(&mut list);
        let first_other = list.iter().position(|m| !m.is_manual_agent()).unwrap_or(list.len());
        prop_assert!(list[first_other..].iter().all(|m| !m.is_manual_agent()));
        let agents: Vec<_> = before.iter().filter(|m| m.is_manual_agent()).cloned().collect();
        let others: Vec<_> = before.iter().filter(|m| !m.is_manual_agent()).cloned().collect();
        prop_assert_eq!(&list[..first_other], &agents[..]);
        prop_assert_eq!(&list[first_other..], &others[..]);
    }

    #[test]
    fn method_id_round_trip(p in "[a-z]{1,8}", d: bool, n in "[a-z.]{0,8}[a-z]") {
        let id = format!("{p}.{}.{n}", if d { "deposit" } else { "withdrawal" });
        let m = MethodId::parse(&id).unwrap();
        prop_assert_eq!(m.to_id(), id);
    }

    /// Oracle: the calendar parts of any instant up to the year 9999, in any offset up to a
    /// day, turn back into the same instant by a second implementation (days from civil,
    /// H. Hinnant), with every field in range; the ISO text is those parts.
    #[test]
    fn parts_of_any_instant_turn_back_into_it(ms in 0i64..253_402_300_800_000, off in -1440i32..=1440) {
        let p = parts_from_ms(ms, off);
        prop_assert!((1..=12).contains(&p.month) && (1..=31).contains(&p.day));
        prop_assert!(p.hour < 24 && p.minute < 60 && p.second < 60 && p.millisecond < 1000);
        let back = days_from_civil(p.year, p.month, p.day) * 86_400_000
            + i64::from(p.hour) * 3_600_000
            + i64::from(p.minute) * 60_000
            + i64::from(p.second) * 1000
            + i64::from(p.millisecond);
        prop_assert_eq!(back, ms + i64::from(off) * 60_000);
        let utc = parts_from_ms(ms, 0);
        prop_assert_eq!(
            iso8601_from_ms(ms as u64),
            format!("{:04}-{:02}-{:02}T{:02}:{:02}:{:02}.{:03}Z", utc.year, utc.month, utc.day, utc.hour, utc.minute, utc.second, utc.millisecond)
        );
    }

    /// Any instant and offset, out of range too, give parts: a date from the server is never
    /// an abort of the app (panic=immediate-abort in the release wasm).
    #[test]
    fn any_instant_and_offset_give_parts(ms: u64, off: i32) {
        let _ = iso8601_from_ms(ms);
        let _ = parts_from_ms(ms as i64, off);
    }
}

/// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's `days_from_civil`): the
/// inverse the oracle above checks `parts_from_ms` against.
fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let m = i64::from(m);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(d) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}
