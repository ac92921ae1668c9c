//! The domain rules, compiled to wasm32 and run in real browsers (Chrome and Firefox):
//! a representative case per module, so the native results are known to hold in the browser.
//!
//! `cd core && wasm-pack test --headless --chrome --firefox -- --test web_rules`

use croupier_core::domain::affiliate::{cookie_max_age_seconds, tag_to_store};
use croupier_core::domain::alert::{Alert, AlertQueue};
use croupier_core::domain::analytics::{deposit_events, pixel_fires, AnalyticsEvent as A};
use croupier_core::domain::bonus::{
    apply_bonus_update, Debouncer, PlayerBonus, WagerCasinoConditions,
};
use croupier_core::domain::bonus_code::status_alert;
use croupier_core::domain::geo::{default_country, is_excluded};
use croupier_core::domain::invoice::{Invoice, InvoiceTracker};
use croupier_core::domain::limit::{advanced_mode_available, Limit};
use croupier_core::domain::locale::{
    date_locale, format_date, iso8601_from_ms, sportsbook_culture, DateFormat, DateTimeParts,
};
use croupier_core::domain::loyalty::{CurrentLevel, LoyaltyAccount, NextLevel};
use croupier_core::domain::modal::{
    Decision, ModalContext, ModalHost, ModalId, OpenRequest, WalletAction,
};
use croupier_core::domain::notification::{Message, MessageContent, Notifications};
use croupier_core::domain::payment::{sort_methods, MethodId, PaymentMethod};
use croupier_core::domain::quest::{on_quest_updated, Quest};
use croupier_core::domain::route::{
    build, check_navigation, resolve, skeleton_name, Location, NavError, ParamValue, Params,
    RouteError, RouteName,
};
use croupier_core::domain::sport::{self, slugify, SportRoute, SportSelection};
use croupier_core::domain::wager::min_wager_multiplier;
use wasm_bindgen_test::*;

const LOCALES: &[&str] = &["en", "de", "pt-BR"];

#[wasm_bindgen_test]
fn route_resolve_and_build() {
    let r = resolve(
        "/de/game/pragmatic%2Fsweet-bonanza?modal=wallet",
        LOCALES,
        "en",
    )
    .unwrap();
    assert_eq!(r.name, "locale-game-id");
    assert_eq!(r.param("id"), Some("pragmatic/sweet-bonanza"));
    assert!(r.client_only);
    assert_eq!(skeleton_name(&r.name), "game-id-page");
    let mut p = Params::new();
    p.insert(
        "id".into(),
        ParamValue::One("pragmatic/sweet-bonanza".into()),
    );
    assert_eq!(
        build(RouteName::GameId, &p, Some("de"), "en"),
        "/de/game/pragmatic%2Fsweet-bonanza"
    );
    assert_eq!(
        resolve("/game/%20", LOCALES, "en"),
        Err(RouteError::Invalid {
            status: 404,
            message: "Page Not Found: /game/%20".into()
        })
    );
    assert!(matches!(
        resolve("/en/wallet", LOCALES, "en"),
        Err(RouteError::Redirect { .. })
    ));
    assert_eq!(resolve("/zz/foo", LOCALES, "en").unwrap().name, "slug");
    let l = Location::parse_url("/x?q=%E2%82%AC+1#h");
    assert_eq!(l.query_value("q"), Some("€ 1"));
}

#[wasm_bindgen_test]
fn navigation_safety() {
    assert!(matches!(
        check_navigation("java\tscript:alert(1)", true),
        Err(NavError::UnsafeProtocol { .. })
    ));
    assert_eq!(
        check_navigation("https://x.test", false),
        Err(NavError::ExternalNotAllowed)
    );
    assert!(check_navigation("/wallet", false).is_ok());
}

#[wasm_bindgen_test]
fn modal_host() {
    let ctx = ModalContext {
        logged_in: true,
        telegram: true,
        states: vec![],
    };
    let mut h = ModalHost::new();
    let d = h.open(
        &OpenRequest::wallet(Some(WalletAction::Deposit)),
        &[("modal".into(), "sign-in".into())],
        &ctx,
    );
    assert_eq!(
        d,
        Decision::Open {
            id: ModalId::WalletTelegramApp,
            query: vec![
                ("modal".into(), "tg-wallet".into()),
                ("wallet".into(), "deposit".into())
            ]
        }
    );
    assert_eq!(
        h.open(&OpenRequest::wallet(None), &[], &ctx),
        Decision::Blocked
    );
}

#[wasm_bindgen_test]
fn sportsbook() {
    assert_eq!(slugify("Bayern München"), "bayern-munchen");
    let sel = SportSelection {
        sport_id: Some(66),
        categories: vec![sport::Named {
            id: 1,
            name: "England".into(),
        }],
        championships: vec![sport::Named {
            id: 2,
            name: "Premier League".into(),
        }],
        event: Some(sport::Named {
            id: 3,
            name: "A - B".into(),
        }),
        ..SportSelection::default()
    };
    let url = sport::build(&sport::from_selection(&sel, "de"));
    assert_eq!(
        url,
        "/sport/soccer/england/premier-league/3-a-b?categoryIds=1&championshipIds=2"
    );
    assert!(matches!(sport::parse(&url), SportRoute::Page(_)));
    assert_eq!(
        sport::parse("/sport/event/9"),
        SportRoute::Event { event_id: 9 }
    );
}

fn bonus(id: u64, status: u8, result: u8) -> PlayerBonus {
    PlayerBonus {
        id,
        status,
        result,
        amount: "1".into(),
        currency: "EUR".into(),
        package_id: None,
        issue_session_id: None,
        wager_casino_conditions: Some(WagerCasinoConditions {
            game_ids: vec![1, 2],
        }),
    }
}

#[wasm_bindgen_test]
fn bonuses_and_codes() {
    let mut list = vec![bonus(1, 1, 1)];
    let a = apply_bonus_update(&mut list, bonus(1, 3, 2));
    assert_eq!(a.map(|a| a.key), Some("bonus-3-2-several-games".into()));
    assert!(list.is_empty());
    let mut d = Debouncer::bonus_refresh();
    d.trigger(0);
    assert!(!d.poll(499));
    assert!(d.poll(500));
    assert_eq!(
        status_alert(4).map(|a| a.key),
        Some("bonusCodeNotAvailable".into())
    );
}

#[wasm_bindgen_test]
fn invoices_and_analytics() {
    let mut t = InvoiceTracker::new();
    let inv = Invoice {
        id: 1,
        status: 2,
        amount: "5".into(),
        currency: "EUR".into(),
        number: Some(2),
        public_data: None,
    };
    let o = t.on_event("invoice.deposit.updated", &inv, None);
    assert_eq!(o.analytics, vec![A::Dep2, A::Deposit]);
    assert_eq!(deposit_events(9), vec![A::Dep5plus, A::Deposit]);
    assert_eq!(
        pixel_fires(A::Bet)
            .iter()
            .map(|f| f.action_id)
            .collect::<Vec<_>>(),
        vec![88, 90]
    );
}

#[wasm_bindgen_test]
fn quests_notifications_loyalty() {
    let mut quests: Vec<Quest> = vec![];
    let o = on_quest_updated(
        &mut quests,
        Quest {
            id: 1,
            name: "q".into(),
            state: 1,
            tasks: vec![],
        },
    );
    assert!(o.reload);
    let mut n = Notifications::default();
    for id in 0..5 {
        n.on_new(Message {
            id,
            read_at: None,
            state: 1,
            content: MessageContent::default(),
        });
    }
    assert_eq!((n.items.len(), n.total_unread), (3, 5));
    n.read_all(0);
    assert_eq!(n.total_unread, 0);
    let acct = LoyaltyAccount {
        points: 2,
        current_level: CurrentLevel {
            name: "a".into(),
            points: 0,
            order: 1,
        },
        next_level: Some(NextLevel {
            name: "b".into(),
            points: 3,
        }),
    };
    assert_eq!(acct.progress_percent(), "66.67");
}

#[wasm_bindgen_test]
fn alerts_limits_payment() {
    let mut q = AlertQueue::new();
    assert!(q.push(Alert::info("a"), 0).is_some());
    assert!(q.push(Alert::info("b"), 100).is_none());
    assert!(q.tick(400).is_some());
    let l = |id, p: &str| Limit {
        id,
        definition: 3,
        period: Some(p.into()),
        amount: Some("1".into()),
        currency: Some("EUR".into()),
    };
    let limits = [l(1, "daily"), l(2, "weekly"), l(3, "monthly")];
    let refs: Vec<&Limit> = limits.iter().collect();
    assert!(advanced_mode_available(&refs, &["EUR"]));
    assert!(!advanced_mode_available(&refs[..2], &["EUR"]));
    let mut m = vec![
        PaymentMethod {
            id: "card.deposit.visa".into(),
            name: String::new(),
        },
        PaymentMethod {
            id: "cashagent.deposit.x".into(),
            name: String::new(),
        },
    ];
    sort_methods(&mut m);
    assert_eq!(m[0].id, "cashagent.deposit.x");
    assert!(MethodId::parse("card.withdrawal.visa").is_some());
}

#[wasm_bindgen_test]
fn locale_geo_affiliate_wager() {
    assert_eq!(sportsbook_culture(Some("es-MX")), "es-ES");
    assert_eq!(date_locale("pt-BR"), "pt-br");
    let dt = DateTimeParts {
        year: 2024,
        month: 1,
        day: 2,
        hour: 3,
        minute: 4,
        second: 0,
        millisecond: 0,
    };
    assert_eq!(format_date(&dt, DateFormat::DateTime), "02.01.24, 03:04");
    assert_eq!(iso8601_from_ms(951_782_400_000), "2000-02-29T00:00:00.000Z");
    assert!(is_excluded("gb"));
    assert_eq!(default_country(None), "UA");
    assert_eq!(tag_to_store(Some("a"), Some("b")), None);
    assert_eq!(cookie_max_age_seconds(None), 2_592_000);
    assert_eq!(min_wager_multiplier(None), 1);
}

#[wasm_bindgen_test]
fn combinators_presence_and_idn_urls() {
    use croupier_core::domain::validation::{check, is_url, Context, Form, Rule, Value};
    let form = Form::new();
    let ctx = Context::default();
    let empty = Value::Text(String::new());
    let and_required = Rule::And(vec![Rule::Required]);
    let required_or_email = Rule::Or(vec![Rule::Required, Rule::Email]);
    let not_required = Rule::Not(Box::new(Rule::Required));
    assert!(!check(&and_required, &empty, &form, &ctx));
    assert!(!check(&required_or_email, &empty, &form, &ctx));
    assert!(check(&not_required, &empty, &form, &ctx));
    assert!(check(
        &Rule::Or(vec![Rule::Email, Rule::Url]),
        &empty,
        &form,
        &ctx
    ));
    assert!(is_url("http://उदाहरण.परीक्षा"));
    assert!(is_url("http://உதாரணம்.பரிட்சை"));
    assert!(!is_url("http://foo.bar."));
}

/// The zone the runtime measures at boot (`runtime::zone`) agrees with the engine's
/// `getTimezoneOffset` across its span and on both sides of every change it found. Under a zone
/// with summer time (Firefox's run, see scripts/wasm-test.sh) it must find the changes; under
/// UTC the table is one offset and the comparison still holds.
#[wasm_bindgen_test]
fn the_measured_zone_agrees_with_the_engine() {
    use croupier_core::runtime::zone::device_zone;
    let engine = |secs: i64| {
        let d = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(secs as f64 * 1000.0));
        -(d.get_timezone_offset() as i32)
    };
    let now = (js_sys::Date::now() / 1000.0) as i64;
    let zone = device_zone(now);
    let year = 365 * 86_400;
    let mut at = now - 3 * year;
    while at < now + year {
        assert_eq!(zone.offset_at(at), engine(at), "at {at}");
        at += 17 * 86_400 + 3_607;
    }
    for &(from, offset) in zone.changes().iter().skip(1) {
        assert_eq!(offset, engine(from), "the change at {from}");
        assert_eq!(zone.offset_at(from), engine(from), "at the change {from}");
        assert_eq!(
            zone.offset_at(from - 60),
            engine(from - 60),
            "a minute before {from}"
        );
    }
    // The first entry is the offset 3 years back, the later ones its real changes.
    assert_eq!(zone.offset_at(now), engine(now));
    // Under a zone with summer time (scripts/wasm-test.sh runs Firefox under Europe/Berlin)
    // the table must hold its changes, two a year over the 4 years measured.
    let year_start = now - now.rem_euclid(year);
    if engine(year_start + 15 * 86_400) != engine(year_start + 196 * 86_400) {
        assert!(zone.changes().len() >= 7, "{:?}", zone.changes());
    }
    web_sys::console::log_1(&format!("measured zone: {:?}", zone.changes()).into());
}
