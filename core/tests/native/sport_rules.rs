//! SPEC §2 sportsbook routes, slugs, catalogue and start-game parameters.

use croupier_core::domain::route::resolve;
use croupier_core::domain::sport::{
    build, esport_category, event_route, find_by_segment, from_selection, is_english, is_slug,
    parse, parse_id_list, parse_segments, slugify, sport_by_code, sport_by_id, EventInfo,
    EventSegment, Named, Platform, SportInfoResponse, SportPage, SportPath, SportRoute,
    SportSelection, StartGameParams, ESPORTS_SPORT_ID, ESPORT_CATEGORIES, SPORTS,
};
use proptest::prelude::*;

fn named(id: u64, name: &str) -> Named {
    Named {
        id,
        name: name.to_string(),
    }
}

fn page(p: SportPath) -> SportRoute {
    SportRoute::Page(p)
}

#[test]
fn slugify_rules() {
    let table = [
        ("Premier League", "premier-league"),
        ("  UEFA -- Champions League!! ", "uefa-champions-league"),
        (
            "Real Madrid vs. FC Barcelona",
            "real-madrid-vs-fc-barcelona",
        ),
        ("Atlético Madrid", "atletico-madrid"),
        ("Bayern München", "bayern-munchen"),
        ("Fußball", "fussball"),
        ("Pesäpallo", "pesapallo"),
        ("Łódź", "lodz"),
        ("Ærø Øresund", "aero-oresund"),
        ("Œuvre", "oeuvre"),
        ("São Paulo", "sao-paulo"),
        ("Çaykur Rizespor", "caykur-rizespor"),
        ("E-sports+", "e-sports"),
        ("Formula 1", "formula-1"),
        ("1. FC Köln", "1-fc-koln"),
        ("Премьер-лига", ""),
        ("Лига 1", "1"),
        ("", ""),
        ("---", ""),
        ("A_B", "a-b"),
    ];
    for (input, want) in table {
        assert_eq!(slugify(input), want, "{input:?}");
        let s = slugify(input);
        assert!(s.is_empty() || is_slug(&s), "{s}");
    }
    assert!(is_slug("a-1"));
    for bad in ["", "-a", "a-", "a--b", "A", "a_b", "é"] {
        assert!(!is_slug(bad), "{bad}");
    }
}

#[test]
fn special_pages() {
    let table = [
        ("bet-history", SportPage::BetHistory),
        ("betHistory", SportPage::BetHistory),
        ("BETHISTORY", SportPage::BetHistory),
        ("history", SportPage::History),
        ("live", SportPage::Live),
        ("results", SportPage::Results),
        ("result-details", SportPage::ResultDetails),
        ("resultDetails", SportPage::ResultDetails),
        ("settings", SportPage::Settings),
        ("search", SportPage::Search),
        ("esports", SportPage::Esports),
        ("virtual", SportPage::Virtual),
    ];
    for (seg, want) in table {
        assert_eq!(SportPage::from_segment(seg), Some(want), "{seg}");
    }
    assert_eq!(
        SportPage::from_segment("overview"),
        None,
        "overview is the default, not a segment"
    );
    assert_eq!(SportPage::default(), SportPage::Overview);
    assert_eq!(SportPage::Esports.implied_sport_id(), Some(145));
    assert_eq!(SportPage::Live.implied_sport_id(), None);
}

#[test]
fn parse_paths() {
    assert_eq!(parse("/sport"), page(SportPath::default()));
    assert_eq!(parse("/sport/"), page(SportPath::default()));
    assert_eq!(parse("/de/sport"), page(SportPath::default()));
    assert_eq!(parse("/sport/event/42"), SportRoute::Event { event_id: 42 });
    assert_eq!(parse("/sport/event/x"), SportRoute::Fallback);
    assert_eq!(parse("/sport/event/42/extra"), SportRoute::Fallback);
    let full = parse("/sport/live/soccer/england/premier-league/123-arsenal-chelsea");
    assert_eq!(
        full,
        page(SportPath {
            page: SportPage::Live,
            sport: Some("soccer".into()),
            category: Some("england".into()),
            championship: Some("premier-league".into()),
            event: Some(EventSegment {
                id: 123,
                slug: "arsenal-chelsea".into()
            }),
            ..SportPath::default()
        })
    );
    let SportRoute::Page(p) = parse("/sport/Soccer/England") else {
        panic!()
    };
    assert_eq!(
        (p.sport.as_deref(), p.category.as_deref()),
        (Some("soccer"), Some("england"))
    );
    assert_eq!(p.sport_info().map(|s| s.id), Some(66));
    let SportRoute::Page(p) = parse("/sport/esports/counter-strike") else {
        panic!()
    };
    assert_eq!(p.page, SportPage::Esports);
    assert_eq!(p.sport, None);
    assert_eq!(p.category.as_deref(), Some("counter-strike"));
    assert_eq!(p.sport_info().map(|s| s.id), Some(145));
    // event segment without slug
    let SportRoute::Page(p) = parse("/sport/soccer/a/b/77") else {
        panic!()
    };
    assert_eq!(
        p.event,
        Some(EventSegment {
            id: 77,
            slug: String::new()
        })
    );
    // bad shapes fall back
    for bad in [
        "/sport/soccer/a/b/c/d",
        "/sport/soccer/a/b/notanid-x",
        "/sport/soccer/a/b/-x",
        "/sport/soc%20cer",
        "/sport/live/event",
        "/sport/live/live",
        "/sport/soccer/a_b",
        "/games",
        "/x/y/sport",
    ] {
        assert_eq!(parse(bad), SportRoute::Fallback, "{bad}");
    }
}

#[test]
fn parse_query() {
    let SportRoute::Page(p) = parse("/sport?eventId=5&categoryIds=1,2,x,2,,3&championshipIds=9")
    else {
        panic!()
    };
    assert_eq!(p.event_id, Some(5));
    assert_eq!(p.category_ids, vec![1, 2, 3]);
    assert_eq!(p.championship_ids, vec![9]);
    let SportRoute::Page(p) = parse("/sport/live?eventId=5") else {
        panic!()
    };
    assert_eq!(p.event_id, Some(5), "no sport known on /sport/live");
    let SportRoute::Page(p) = parse("/sport/soccer?eventId=5") else {
        panic!()
    };
    assert_eq!(p.event_id, None, "eventId ignored when a sport is known");
    let SportRoute::Page(p) = parse("/sport/esports?eventId=5") else {
        panic!()
    };
    assert_eq!(p.event_id, None, "esports knows its sport");
    let SportRoute::Page(p) = parse("/sport?eventId=abc") else {
        panic!()
    };
    assert_eq!(p.event_id, None);
    assert_eq!(parse_id_list("1,%2,99999999999999999999999,4"), vec![1, 4]);
    assert_eq!(parse_id_list(""), Vec::<u64>::new());
    // the route layer hands decoded segments
    let r = resolve("/de/sport/live/soccer", &["de"], "en").unwrap();
    assert_eq!(r.name, "locale-sport-slug");
    let SportRoute::Page(p) = parse_segments(r.param_list("slug"), &[]) else {
        panic!()
    };
    assert_eq!(
        (p.page, p.sport.as_deref()),
        (SportPage::Live, Some("soccer"))
    );
}

#[test]
fn build_from_selection() {
    let soccer = Some(66);
    // one category / championship in English: slugs in the path, no ids
    let sel = SportSelection {
        page: SportPage::Overview,
        sport_id: soccer,
        categories: vec![named(10, "England")],
        championships: vec![named(20, "Premier League")],
        event: Some(named(30, "Arsenal - Chelsea")),
    };
    assert_eq!(
        build(&from_selection(&sel, "en")),
        "/sport/soccer/england/premier-league/30-arsenal-chelsea"
    );
    assert_eq!(
        build(&from_selection(&sel, "en-GB")),
        "/sport/soccer/england/premier-league/30-arsenal-chelsea"
    );
    // not English: ids added even for one item
    assert_eq!(
        build(&from_selection(&sel, "de")),
        "/sport/soccer/england/premier-league/30-arsenal-chelsea?categoryIds=10&championshipIds=20"
    );
    // several categories: ids, no category slug in the path
    let sel2 = SportSelection {
        page: SportPage::Live,
        sport_id: soccer,
        categories: vec![named(10, "England"), named(11, "Spain")],
        championships: vec![],
        event: None,
    };
    assert_eq!(
        build(&from_selection(&sel2, "en")),
        "/sport/live/soccer?categoryIds=10,11"
    );
    // no sport known: event id in the query
    let sel3 = SportSelection {
        event: Some(named(99, "X")),
        ..SportSelection::default()
    };
    assert_eq!(build(&from_selection(&sel3, "en")), "/sport?eventId=99");
    // sport known but no chain: the event route
    let sel4 = SportSelection {
        sport_id: soccer,
        event: Some(named(99, "X")),
        ..SportSelection::default()
    };
    assert_eq!(build(&from_selection(&sel4, "en")), "/sport/event/99");
    // esports = sport 145, no sport segment
    let sel5 = SportSelection {
        sport_id: Some(145),
        categories: vec![named(1534, "Counter-Strike")],
        ..SportSelection::default()
    };
    assert_eq!(
        build(&from_selection(&sel5, "en")),
        "/sport/esports/counter-strike"
    );
    let sel6 = SportSelection {
        page: SportPage::Esports,
        ..SportSelection::default()
    };
    assert_eq!(build(&from_selection(&sel6, "en")), "/sport/esports");
    // non-Latin name: the id is the segment
    let sel7 = SportSelection {
        sport_id: soccer,
        categories: vec![named(12, "Россия")],
        championships: vec![named(13, "Премьер-лига")],
        event: Some(named(14, "Зенит - Спартак")),
        ..SportSelection::default()
    };
    let url = build(&from_selection(&sel7, "ru"));
    assert_eq!(
        url,
        "/sport/soccer/12/13/14?categoryIds=12&championshipIds=13"
    );
    let SportRoute::Page(p) = parse(&url) else {
        panic!()
    };
    let cats = [named(12, "Россия")];
    assert_eq!(
        find_by_segment(&cats, p.category.as_deref().unwrap()).map(|c| c.id),
        Some(12)
    );
    // default page, nothing selected
    assert_eq!(
        build(&from_selection(&SportSelection::default(), "en")),
        "/sport"
    );
    assert_eq!(build(&SportRoute::Fallback), "/sport");
    // unknown sport id in the catalogue: its id is the code
    let sel8 = SportSelection {
        sport_id: Some(999),
        ..SportSelection::default()
    };
    assert_eq!(build(&from_selection(&sel8, "en")), "/sport/999");
}

#[test]
fn english_detection() {
    for l in ["en", "EN", "en-US", "en_gb", "en-GB"] {
        assert!(is_english(l), "{l}");
    }
    for l in ["", "e", "de", "es-MX", "eng", "ne"] {
        assert!(!is_english(l), "{l}");
    }
}

#[test]
fn event_info_to_route() {
    let json = r#"{"id":555,"name":"Lakers vs Celtics","championship":{"id":7,"name":"NBA","category":{"id":3,"name":"USA","sport":{"id":67,"name":"Basketball"}}}}"#;
    let info: EventInfo = serde_json::from_str(json).unwrap();
    assert_eq!(
        build(&event_route(&info, "en")),
        "/sport/basketball/usa/nba/555-lakers-vs-celtics"
    );
    let resp: SportInfoResponse = serde_json::from_str(
        r#"{"Categories":[{"CategoryId":1,"Name":"England","Championships":[{"ChampionshipId":2,"Name":"EPL"}]}]}"#,
    )
    .unwrap();
    assert_eq!(resp.categories[0].championships[0].championship_id, 2);
}

#[test]
fn catalogue() {
    assert!(SPORTS.len() >= 60);
    assert!(
        SPORTS.windows(2).all(|w| w[0].id < w[1].id),
        "ordered, unique ids"
    );
    assert!(SPORTS.iter().all(|s| (66..=179).contains(&s.id)));
    assert_eq!(SPORTS.first().map(|s| s.id), Some(66));
    assert_eq!(SPORTS.last().map(|s| s.id), Some(179));
    assert!(SPORTS.len() < (179 - 66 + 1), "gaps");
    assert_eq!(sport_by_id(66).map(|s| s.name), Some("Soccer"));
    assert_eq!(sport_by_id(67).map(|s| s.name), Some("Basketball"));
    assert_eq!(sport_by_id(68).map(|s| s.name), Some("Tennis"));
    assert_eq!(
        sport_by_id(ESPORTS_SPORT_ID).map(|s| s.name),
        Some("E-sports+")
    );
    assert_eq!(sport_by_id(1), None);
    assert_eq!(sport_by_code("ICE-HOCKEY").map(|s| s.id), Some(69));
    for promo in [
        "Boosted Odds",
        "Price Boosts",
        "Flying Odds",
        "Golden Odds",
        "Lotteries",
        "Horse Racing",
    ] {
        let s = SPORTS
            .iter()
            .find(|s| s.name == promo)
            .unwrap_or_else(|| panic!("{promo}"));
        assert!(s.promo);
    }
    for s in SPORTS {
        assert!(is_slug(s.code), "{}", s.code);
        assert_eq!(
            sport_by_code(s.code).map(|x| x.id),
            Some(s.id),
            "unique code {}",
            s.code
        );
        // a sport code never collides with a special page or `event` (except esports = 145)
        if s.id != ESPORTS_SPORT_ID {
            assert_eq!(SportPage::from_segment(s.code), None, "{}", s.code);
            assert_ne!(s.code, "event");
        }
    }
    for (id, name) in [
        (1534, "Counter-Strike"),
        (1533, "Dota2"),
        (1330, "Valorant"),
        (1307, "Hearthstone"),
    ] {
        assert_eq!(esport_category(id).map(|c| c.name), Some(name));
    }
    assert!(ESPORT_CATEGORIES.len() >= 8);
    assert!(ESPORT_CATEGORIES.iter().all(|c| is_slug(c.code)));
}

#[test]
fn start_game_params() {
    let p = StartGameParams::new(
        12,
        "https://casino.test/sport",
        "en-GB",
        "UA",
        false,
        Platform::Mobile,
    );
    assert_eq!(p.platform, 1);
    assert_eq!(Platform::Desktop.code(), 2);
    assert_eq!(Platform::from_code(2), Some(Platform::Desktop));
    assert_eq!(Platform::from_code(0), None);
    let json = serde_json::to_value(&p).unwrap();
    for key in [
        "accountId",
        "lobbyUrl",
        "locale",
        "countryCode",
        "demoMode",
        "platform",
        "provider",
    ] {
        assert!(json.get(key).is_some(), "{key}");
    }
}

fn slug() -> impl Strategy<Value = String> {
    "[a-z0-9]{1,6}(-[a-z0-9]{1,6}){0,2}"
}

fn canonical_path() -> impl Strategy<Value = SportPath> {
    (
        proptest::sample::select(
            std::iter::once(SportPage::Overview)
                .chain(SportPage::SPECIAL)
                .collect::<Vec<_>>(),
        ),
        proptest::option::of(slug()),
        0usize..4,
        slug(),
        slug(),
        (any::<u64>(), proptest::option::of(slug())),
        proptest::option::of(any::<u64>()),
        proptest::collection::vec(0u64..10_000, 0..4),
        proptest::collection::vec(any::<u64>(), 0..4),
    )
        .prop_map(
            |(page, sport, depth, cat, ch, (eid, eslug), qid, cids, chids)| {
                let sport = if page == SportPage::Esports {
                    None
                } else {
                    sport.filter(|s| SportPage::from_segment(s).is_none() && s != "event")
                };
                let known = sport.is_some() || page == SportPage::Esports;
                let depth = if known { depth } else { 0 };
                let dedup = |v: Vec<u64>| {
                    let mut o: Vec<u64> = Vec::new();
                    for x in v {
                        if !o.contains(&x) {
                            o.push(x);
                        }
                    }
                    o
                };
                SportPath {
                    page,
                    sport,
                    category: (depth >= 1).then_some(cat),
                    championship: (depth >= 2).then_some(ch),
                    event: (depth >= 3).then(|| EventSegment {
                        id: eid,
                        slug: eslug.unwrap_or_default(),
                    }),
                    event_id: if known { None } else { qid },
                    category_ids: dedup(cids),
                    championship_ids: dedup(chids),
                }
            },
        )
}

proptest! {
    #[test]
    fn sport_build_parse_round_trip(p in canonical_path()) {
        let url = build(&SportRoute::Page(p.clone()));
        prop_assert_eq!(parse(&url), SportRoute::Page(p), "{}", url);
    }

    #[test]
    fn event_route_round_trip(id in any::<u64>()) {
        let r = SportRoute::Event { event_id: id };
        prop_assert_eq!(parse(&build(&r)), r);
    }

    #[test]
    fn slugify_always_slug(s in "\\PC{0,40}") {
        let out = slugify(&s);
        prop_assert!(out.is_empty() || is_slug(&out), "{:?} -> {:?}", s, out);
        prop_assert_eq!(slugify(&out), out.clone(), "idempotent");
    }

    /// Oracle: whatever the address says, a route it parses to builds an address that parses
    /// back to the same route (the sportsbook's address is the player's, typed or shared); what
    /// fits no shape is the fallback, which has no address of its own.
    #[test]
    fn any_sport_address_parses_to_a_route_that_round_trips(s in "\\PC{0,80}") {
        for text in [s.clone(), format!("/sport/{s}")] {
            let r = parse(&text);
            if r != SportRoute::Fallback {
                prop_assert_eq!(parse(&build(&r)), r, "{:?}", text);
            }
        }
    }

    #[test]
    fn selection_builds_parse_back(
        sport in proptest::option::of(proptest::sample::select(SPORTS.iter().map(|s| s.id).collect::<Vec<_>>())),
        cats in proptest::collection::vec((0u64..1000, "[A-Za-zé ]{0,10}"), 0..3),
        chs in proptest::collection::vec((0u64..1000, "[A-Za-zé ]{0,10}"), 0..3),
        ev in proptest::option::of((0u64..1000, "[A-Za-z ]{0,10}")),
        en: bool,
    ) {
        let sel = SportSelection {
            page: SportPage::Overview,
            sport_id: sport,
            categories: cats.iter().map(|(i, n)| named(*i, n)).collect(),
            championships: chs.iter().map(|(i, n)| named(*i, n)).collect(),
            event: ev.map(|(i, n)| named(i, &n)),
        };
        let route = from_selection(&sel, if en { "en" } else { "de" });
        let url = build(&route);
        let back = parse(&url);
        prop_assert_ne!(&back, &SportRoute::Fallback, "{}", url);
        if let SportRoute::Page(p) = back {
            if let (Some(seg), [c]) = (p.category.as_deref(), sel.categories.as_slice()) {
                prop_assert_eq!(find_by_segment(std::slice::from_ref(c), seg).map(|x| x.id), Some(c.id));
            }
            if !en || sel.categories.len() > 1 {
                let mut want: Vec<u64> = Vec::new();
                for c in &sel.categories { if !want.contains(&c.id) { want.push(c.id); } }
                prop_assert_eq!(p.category_ids, want);
            }
        }
    }
}
