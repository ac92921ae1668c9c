//! The sportsbook feature (SPEC §2 sportsbook routes, §4 widget states, §6 token rules, §8
//! failures, §9 culture and carousels): every route shape to the widget's route, the widget's
//! navigation back to the address, and the provider token.
#![cfg(not(target_arch = "wasm32"))]

use crate::support;

use croupier_core::app::features::sport::{self, SportUi, Theme, WidgetState};
use croupier_core::app::{update, view, Config, Effect, Event, HttpRequest, Model, Req, UiEvent};
use croupier_core::domain::realtime::SocketEvent;
use croupier_core::domain::sport::{Named, SportPage, SportSelection};
use support::{fail, http, req, respond, token, ui, NOW};

const SCRIPT: &str = "/sportsbook/sdk.js";

fn config() -> Config {
    Config {
        sportsbook_script: SCRIPT.into(),
        locales: vec!["en".into(), "es".into(), "es-mx".into(), "en-us".into()],
        ..Config::default()
    }
}

fn boot(path: &str, token: Option<String>) -> (Model, Vec<Effect>) {
    let mut m = Model::new(config());
    let fx = update(
        &mut m,
        Event::Booted {
            token,
            path: path.into(),
            boot: Default::default(),
        },
        NOW,
    );
    (m, fx)
}

/// A guest on `path`, the widget initiated.
fn guest_at(path: &str) -> (Model, Vec<Effect>) {
    let (mut m, mut fx) = boot(path, None);
    fx.extend(ui(&mut m, SportUi::SportWidgetReady));
    (m, fx)
}

fn info(id: u32) -> Req {
    Req::Sport(sport::Call::SportInfo(id))
}

fn event_info(id: u64) -> Req {
    Req::Sport(sport::Call::EventInfo(id))
}

fn soccer_info() -> serde_json::Value {
    j!({"Categories": [
        {"CategoryId": 1001, "Name": "England", "Championships": [
            {"ChampionshipId": 2001, "Name": "Premier League"},
            {"ChampionshipId": 2002, "Name": "Championship"}]},
        {"CategoryId": 1002, "Name": "Spain", "Championships": [
            {"ChampionshipId": 2003, "Name": "LaLiga"}]}
    ]})
}

fn arsenal_chelsea() -> serde_json::Value {
    j!({"id": 9001, "name": "Arsenal - Chelsea", "championship": {"id": 2001,
        "name": "Premier League", "category": {"id": 1001, "name": "England",
        "sport": {"id": 66, "name": "Soccer"}}}})
}

fn named(id: u64, name: &str) -> Named {
    Named {
        id,
        name: name.into(),
    }
}

/// The widget's report of `s`, as its SDK calls back with it.
fn route(m: &Model) -> SportSelection {
    view(m).sport.book.expect("the book is shown").route
}

fn nav(m: &Model) -> u32 {
    view(m).sport.book.expect("the book is shown").nav
}

fn pushed(fx: &[Effect]) -> Vec<(String, bool)> {
    fx.iter()
        .filter_map(|e| match e {
            Effect::PushUrl { url, replace } => Some((url.clone(), *replace)),
            _ => None,
        })
        .collect()
}

fn logged(fx: &[Effect], needle: &str) -> bool {
    fx.iter()
        .any(|e| matches!(e, Effect::Log { message, .. } if message.contains(needle)))
}

fn starts(fx: &[Effect]) -> Vec<&HttpRequest> {
    http(fx)
        .into_iter()
        .filter(|h| h.path == "/api/game/sport/start")
        .collect()
}

// ------------------------------------------------------------------ address -> widget

#[test]
fn special_pages_land_on_their_widget_page() {
    for (path, page) in [
        ("/sport", SportPage::Overview),
        ("/sport/live", SportPage::Live),
        ("/sport/bet-history", SportPage::BetHistory),
        ("/sport/betHistory", SportPage::BetHistory),
        ("/sport/history", SportPage::History),
        ("/sport/results", SportPage::Results),
        ("/sport/result-details", SportPage::ResultDetails),
        ("/sport/settings", SportPage::Settings),
        ("/sport/search", SportPage::Search),
        ("/sport/virtual", SportPage::Virtual),
        ("/es/sport/live", SportPage::Live),
    ] {
        let (m, fx) = guest_at(path);
        let r = route(&m);
        assert_eq!(r.page, page, "{path}");
        assert_eq!(r.sport_id, None, "{path}");
        assert!(pushed(&fx).is_empty(), "{path} is kept: {fx:?}");
    }
}

#[test]
fn esports_is_sport_145_and_its_categories_come_from_sport_info() {
    let (m, _) = guest_at("/sport/esports");
    assert_eq!(route(&m).page, SportPage::Esports);
    assert_eq!(route(&m).sport_id, Some(145));

    let (mut m, fx) = guest_at("/sport/esports/counter-strike");
    assert!(http(&fx)
        .iter()
        .any(|h| h.path == "/api/game/sport/info/145"));
    respond(
        &mut m,
        info(145),
        200,
        j!({"Categories": [{"CategoryId": 1534, "Name": "Counter-Strike", "Championships": []}]}),
    );
    assert_eq!(route(&m).sport_id, Some(145));
    assert_eq!(route(&m).categories, vec![named(1534, "Counter-Strike")]);
}

#[test]
fn slugs_are_resolved_through_the_catalogue_and_sport_info() {
    let (m, fx) = guest_at("/sport/soccer");
    assert!(http(&fx).iter().all(|h| !h.path.contains("/sport/info")));
    assert_eq!(route(&m).sport_id, Some(66));

    let (mut m, fx) = guest_at("/sport/soccer/england/premier-league/9001-arsenal-chelsea");
    assert!(http(&fx)
        .iter()
        .any(|h| h.path == "/api/game/sport/info/66"));
    let before = nav(&m);
    respond(&mut m, info(66), 200, soccer_info());
    let r = route(&m);
    assert_eq!(r.sport_id, Some(66));
    assert_eq!(r.categories, vec![named(1001, "England")]);
    assert_eq!(r.championships, vec![named(2001, "Premier League")]);
    assert_eq!(r.event.map(|e| e.id), Some(9001));
    assert_eq!(nav(&m), before + 1, "the widget moves once resolved");

    // The answer is kept: another championship of the sport needs no second call.
    let fx = update(
        &mut m,
        Event::AddressChanged {
            path: "/sport/soccer/spain/laliga".into(),
        },
        NOW,
    );
    assert!(http(&fx).is_empty());
    assert_eq!(route(&m).championships, vec![named(2003, "LaLiga")]);
}

#[test]
fn query_ids_are_used_and_event_id_only_without_a_sport() {
    let (m, fx) = guest_at("/sport/soccer?categoryIds=1001,1002&championshipIds=2001,x,2001");
    assert!(http(&fx).iter().all(|h| !h.path.contains("/sport/info")));
    let r = route(&m);
    assert_eq!(
        r.categories.iter().map(|c| c.id).collect::<Vec<_>>(),
        [1001, 1002]
    );
    assert_eq!(
        r.championships.iter().map(|c| c.id).collect::<Vec<_>>(),
        [2001]
    );

    // A non-English address carries the ids next to the slugs: no lookup needed.
    let (m, fx) = guest_at("/es/sport/soccer/england?categoryIds=1001");
    assert!(http(&fx).iter().all(|h| !h.path.contains("/sport/info")));
    assert_eq!(route(&m).categories[0].id, 1001);

    let (m, _) = guest_at("/sport?eventId=9001");
    assert_eq!(route(&m).event.map(|e| e.id), Some(9001));
    assert_eq!(route(&m).sport_id, None);

    let (m, _) = guest_at("/sport/soccer?eventId=9001");
    assert_eq!(
        route(&m).event,
        None,
        "eventId is ignored once a sport is known"
    );
}

#[test]
fn unknown_names_fall_back_to_sport() {
    for path in [
        "/sport/curling-on-mars",
        "/sport/soccer/england/premier-league/9001-arsenal/extra",
        "/sport/event/abc",
    ] {
        let (m, fx) = guest_at(path);
        assert_eq!(pushed(&fx), [("/sport".to_string(), true)], "{path}");
        assert!(logged(&fx, "showing /sport"), "{path}");
        assert_eq!(route(&m), SportSelection::default(), "{path}");
    }
    // A category the sport info does not know.
    let (mut m, _) = guest_at("/es/sport/soccer/atlantis");
    let fx = respond(&mut m, info(66), 200, soccer_info());
    assert_eq!(pushed(&fx), [("/es/sport".to_string(), true)]);
    // SPEC §8: a failed sport info lookup is logged and the route falls back.
    let (mut m, _) = guest_at("/sport/soccer/england");
    let fx = respond(&mut m, info(66), 500, j!({"message": "down"}));
    assert!(logged(&fx, "sport 66 info"));
    assert_eq!(pushed(&fx), [("/sport".to_string(), true)]);
    assert_eq!(route(&m), SportSelection::default());
}

#[test]
fn sport_event_id_is_looked_up_and_replaced_by_its_slug_address() {
    let (mut m, fx) = guest_at("/sport/event/9001");
    assert!(http(&fx)
        .iter()
        .any(|h| h.path == "/api/game/sport/events/9001"));
    let fx = respond(&mut m, event_info(9001), 200, arsenal_chelsea());
    assert_eq!(
        pushed(&fx),
        [(
            "/sport/soccer/england/premier-league/9001-arsenal-chelsea".to_string(),
            true
        )]
    );
    let r = route(&m);
    assert_eq!(r.event, Some(named(9001, "Arsenal - Chelsea")));
    assert_eq!(r.championships, vec![named(2001, "Premier League")]);
    // The replaced address is what the widget shows already: no second move, no lookup.
    let moved = nav(&m);
    assert!(http(&fx).is_empty());
    assert_eq!(nav(&m), moved);

    let (mut m, _) = guest_at("/sport/event/404");
    let fx = respond(&mut m, event_info(404), 404, j!({"code": "not_found"}));
    assert!(logged(&fx, "event 404 info"));
    assert_eq!(pushed(&fx), [("/sport".to_string(), true)]);
}

// ------------------------------------------------------------------ widget -> address

fn premier_league() -> SportSelection {
    SportSelection {
        page: SportPage::Overview,
        sport_id: Some(66),
        categories: vec![named(1001, "England")],
        championships: vec![named(2001, "Premier League")],
        event: None,
    }
}

#[test]
fn widget_navigation_writes_the_slug_address_without_moving_the_widget_back() {
    let (mut m, _) = guest_at("/sport");
    let moved = nav(&m);
    let fx = ui(
        &mut m,
        SportUi::SportNavigated {
            route: premier_league(),
        },
    );
    assert_eq!(
        pushed(&fx),
        [("/sport/soccer/england/premier-league".to_string(), false)],
        "a history entry"
    );
    assert_eq!(nav(&m), moved, "the widget is there already");
    assert_eq!(route(&m), premier_league());
    assert!(http(&fx).is_empty(), "no lookup for its own report");

    // Several categories go to the query; an event gets its id-slug segment.
    let mut two = premier_league();
    two.categories.push(named(1002, "Spain"));
    two.championships.clear();
    let fx = ui(&mut m, SportUi::SportNavigated { route: two });
    assert_eq!(pushed(&fx)[0].0, "/sport/soccer?categoryIds=1001,1002");
    let mut ev = premier_league();
    ev.event = Some(named(9001, "Arsenal - Chelsea"));
    let fx = ui(&mut m, SportUi::SportNavigated { route: ev });
    assert_eq!(
        pushed(&fx)[0].0,
        "/sport/soccer/england/premier-league/9001-arsenal-chelsea"
    );
    let esports = SportSelection {
        sport_id: Some(145),
        ..SportSelection::default()
    };
    let fx = ui(&mut m, SportUi::SportNavigated { route: esports });
    assert_eq!(pushed(&fx)[0].0, "/sport/esports");
    assert_eq!(nav(&m), moved);
}

#[test]
fn a_non_english_address_keeps_its_prefix_and_carries_the_ids() {
    let (mut m, _) = guest_at("/es/sport");
    let fx = ui(
        &mut m,
        SportUi::SportNavigated {
            route: premier_league(),
        },
    );
    assert_eq!(
        pushed(&fx)[0].0,
        "/es/sport/soccer/england/premier-league?categoryIds=1001&championshipIds=2001"
    );
}

#[test]
fn back_and_forward_move_the_widget() {
    let (mut m, _) = guest_at("/sport/live");
    ui(
        &mut m,
        SportUi::SportNavigated {
            route: premier_league(),
        },
    );
    let moved = nav(&m);
    // Back: the browser changed the address itself.
    update(
        &mut m,
        Event::AddressChanged {
            path: "/sport/live".into(),
        },
        NOW,
    );
    assert_eq!(route(&m).page, SportPage::Live);
    assert_eq!(nav(&m), moved + 1, "the widget is told to move");
    // Forward again: the slugs are looked up, then the widget moves.
    let fx = update(
        &mut m,
        Event::AddressChanged {
            path: "/sport/soccer/england/premier-league".into(),
        },
        NOW,
    );
    assert!(http(&fx)
        .iter()
        .any(|h| h.path == "/api/game/sport/info/66"));
    respond(&mut m, info(66), 200, soccer_info());
    assert_eq!(route(&m), premier_league());
    assert_eq!(nav(&m), moved + 2);
}

#[test]
fn a_modal_link_on_the_sport_page_does_not_move_the_widget_nor_change_the_address() {
    let (mut m, _) = guest_at("/sport/soccer");
    let moved = nav(&m);
    // A guest tries to bet: sign-in opens, the address stays (SPEC §2 "Modal links on the
    // sport page do not change the address").
    let fx = ui(&mut m, SportUi::SportSignIn);
    assert_eq!(pushed(&fx), [], "{fx:?}");
    assert_eq!(view(&m).nav.modal.map(|x| x.id).as_deref(), Some("sign-in"));
    assert_eq!(nav(&m), moved);
    assert_eq!(route(&m).sport_id, Some(66));
    // Another modal from it (sign-up) neither.
    let fx = ui(
        &mut m,
        croupier_core::app::AppUi::OpenModal {
            id: "sign-up".into(),
            params: Vec::new(),
        },
    );
    assert_eq!(pushed(&fx), []);
    assert_eq!(view(&m).nav.modal.map(|x| x.id).as_deref(), Some("sign-up"));
    // Closing replaces the address with the page's own: no history entry either way.
    let fx = ui(&mut m, croupier_core::app::AppUi::CloseModal);
    assert_eq!(pushed(&fx), [("/sport/soccer".to_string(), true)]);
    assert_eq!(view(&m).nav.modal, None);
    assert_eq!(nav(&m), moved);
    // Elsewhere a modal is in the address, as before.
    let (mut m, _) = guest_at("/games");
    let fx = ui(
        &mut m,
        croupier_core::app::AppUi::OpenModal {
            id: "sign-in".into(),
            params: Vec::new(),
        },
    );
    assert_eq!(pushed(&fx), [("/games?modal=sign-in".to_string(), false)]);
}

// ------------------------------------------------------------------ widget states

#[test]
fn the_script_loads_on_sport_routes_and_widgets_wait_for_initiation() {
    let (mut m, _) = boot("/sport", None);
    let v = view(&m).sport;
    assert_eq!(v.state, WidgetState::Loading);
    assert_eq!(v.script.as_deref(), Some(SCRIPT));
    assert!(v.book.is_none(), "widgets wait for initiation");
    ui(
        &mut m,
        SportUi::SportScriptFailed {
            reason: "404".into(),
        },
    );
    let v = view(&m).sport;
    assert_eq!(v.state, WidgetState::Failed);
    assert!(v.book.is_none());
    let attempt = v.attempt;
    ui(&mut m, SportUi::SportRetry);
    assert_eq!(view(&m).sport.state, WidgetState::Loading);
    assert_eq!(view(&m).sport.attempt, attempt + 1);
    ui(&mut m, SportUi::SportWidgetReady);
    assert_eq!(view(&m).sport.state, WidgetState::Initiated);
    assert!(view(&m).sport.book.is_some());
    // Leaving the sport page hides the book; the script stays loaded.
    ui(
        &mut m,
        croupier_core::app::AppUi::Navigate {
            path: "/wallet".into(),
        },
    );
    assert!(view(&m).sport.book.is_none());
    assert_eq!(view(&m).sport.state, WidgetState::Initiated);
}

#[test]
fn home_loads_the_script_only_when_the_carousels_come_into_view() {
    let (mut m, _) = boot("/", None);
    assert_eq!(view(&m).sport.script, None, "not on the first paint");
    ui(&mut m, SportUi::SportCarouselsWanted);
    assert_eq!(view(&m).sport.script.as_deref(), Some(SCRIPT));
    assert!(view(&m).sport.carousels.is_none());
    ui(&mut m, SportUi::SportWidgetReady);
    let c = view(&m).sport.carousels.expect("carousels");
    assert_eq!((c.top_events, c.live_now), (15, 7));
    // Other pages never load it.
    let (m, _) = boot("/wallet", None);
    assert_eq!(view(&m).sport.script, None);
}

#[test]
fn without_a_configured_script_nothing_loads() {
    let mut m = Model::new(Config::default());
    update(
        &mut m,
        Event::Booted {
            token: None,
            path: "/sport".into(),
            boot: Default::default(),
        },
        NOW,
    );
    let v = view(&m).sport;
    assert!(v.unavailable);
    assert_eq!(v.script, None);
    assert_eq!(v.state, WidgetState::Idle);
}

#[test]
fn failures_of_the_widget_are_logged() {
    let (mut m, _) = boot("/sport", None);
    let fx = ui(
        &mut m,
        SportUi::SportScriptFailed {
            reason: "net::ERR".into(),
        },
    );
    assert!(logged(&fx, "sportsbook script: net::ERR"));
    let fx = ui(
        &mut m,
        SportUi::SportRemoveFailed {
            reason: "gone".into(),
        },
    );
    assert!(logged(&fx, "sportsbook remove: gone"));
}

// ------------------------------------------------------------------ culture

#[test]
fn the_culture_follows_the_culture_map() {
    for (path, culture) in [
        ("/sport", "en-GB"),
        ("/es-mx/sport", "es-ES"),
        ("/en-us/sport", "en-GB"),
        ("/es/sport", "en-GB"),
    ] {
        let (m, _) = guest_at(path);
        assert_eq!(view(&m).sport.culture, culture, "{path}");
    }
}

// ------------------------------------------------------------------ token

/// Player 7 on `path` with USD (1, active) and BTC (3); the widget initiated.
fn player_at(path: &str) -> (Model, Vec<Effect>) {
    let (mut m, mut fx) = boot(path, Some(token(3600, "a")));
    fx.extend(ui(&mut m, SportUi::SportWidgetReady));
    fx.extend(respond(
        &mut m,
        req::profile(),
        200,
        j!({"id": 7, "email": "a@b.c"}),
    ));
    fx.extend(respond(
        &mut m,
        Req::Sport(sport::Call::Accounts),
        200,
        j!([{"id": 1, "currency": "USD", "balance": "10", "status": 1},
            {"id": 3, "currency": "BTC", "balance": "0", "status": 2}]),
    ));
    (m, fx)
}

fn start_req(account_id: i64, theme: Theme) -> Req {
    Req::Sport(sport::Call::Start { account_id, theme })
}

/// docs/API.md "Operator must provide": an operator with no token call
/// (`operatorPaths.sportStart` is "") gets the widget with no player token, and no call.
#[test]
fn without_the_operators_start_path_a_player_gets_no_token_and_no_call() {
    let mut m = Model::new(Config {
        operator_paths: croupier_core::app::operator::OperatorPaths::read(Some(&j!({
            "sportStart": ""
        }))),
        ..config()
    });
    let mut fx = update(
        &mut m,
        Event::Booted {
            token: Some(token(3600, "a")),
            path: "/sport".into(),
            boot: Default::default(),
        },
        NOW,
    );
    fx.extend(ui(&mut m, SportUi::SportWidgetReady));
    fx.extend(respond(
        &mut m,
        req::profile(),
        200,
        j!({"id": 7, "email": "a@b.c"}),
    ));
    fx.extend(respond(
        &mut m,
        Req::Sport(sport::Call::Accounts),
        200,
        j!([{"id": 1, "currency": "USD", "balance": "10", "status": 1}]),
    ));
    assert!(starts(&fx).is_empty(), "{fx:#?}");
    assert!(logged(&fx, "no sportStart path"));
    assert_eq!(view(&m).sport.token, "");
}

#[test]
fn a_guest_gets_a_blank_token_and_no_start_call() {
    let (m, fx) = guest_at("/sport");
    assert!(starts(&fx).is_empty());
    assert_eq!(view(&m).sport.token, "");
}

#[test]
fn a_player_gets_a_token_for_the_active_account() {
    let (mut m, fx) = player_at("/sport");
    let s = starts(&fx);
    assert_eq!(s.len(), 1, "{fx:?}");
    assert!(s[0].bearer.is_some());
    assert_eq!(
        s[0].body.clone().unwrap(),
        j!({"accountId": 1, "lobbyUrl": "/sport", "locale": "en-GB", "countryCode": "UA",
            "demoMode": false, "platform": 2, "provider": "sportsbook", "gameKey": "sportsbook"})
    );
    respond(
        &mut m,
        start_req(1, Theme::Dark),
        200,
        j!({"token": "t-usd"}),
    );
    assert_eq!(view(&m).sport.token, "t-usd");

    // Signing out blanks it.
    ui(
        &mut m,
        croupier_core::app::features::session::SessionUi::SignOut,
    );
    assert_eq!(view(&m).sport.token, "");
}

#[test]
fn the_start_call_sends_the_profile_country() {
    let (mut m, _) = boot("/sport", Some(token(3600, "a")));
    ui(&mut m, SportUi::SportWidgetReady);
    respond(
        &mut m,
        req::profile(),
        200,
        j!({"id": 7, "email": "a@b.c", "country": "BR"}),
    );
    let fx = respond(
        &mut m,
        Req::Sport(sport::Call::Accounts),
        200,
        j!([{"id": 1, "currency": "USD", "balance": "10", "status": 1}]),
    );
    let s = starts(&fx);
    assert_eq!(s.len(), 1, "{fx:?}");
    assert_eq!(s[0].body.clone().unwrap()["countryCode"], j!("BR"));
}

#[test]
fn no_token_is_fetched_while_the_widget_is_not_in_use() {
    let (mut m, _) = boot("/wallet", Some(token(3600, "a")));
    let fx = respond(&mut m, req::profile(), 200, j!({"id": 7, "email": "a@b.c"}));
    assert!(starts(&fx).is_empty());
    assert!(
        m.calls.id_of(&Req::Sport(sport::Call::Accounts)).is_none(),
        "the sportsbook reads the accounts only once it is used"
    );
    // Opening the sportsbook reads them, then asks for the token.
    let fx = ui(
        &mut m,
        croupier_core::app::AppUi::Navigate {
            path: "/sport".into(),
        },
    );
    assert!(http(&fx).iter().any(|h| h.path == "/api/wallet/accounts"));
    let fx = respond(
        &mut m,
        Req::Sport(sport::Call::Accounts),
        200,
        j!([{"id": 1, "currency": "USD", "balance": "10", "status": 1}]),
    );
    assert_eq!(starts(&fx).len(), 1);
}

/// The socket of player 7, connected and subscribed.
fn socket_up(m: &mut Model) {
    update(m, Event::Socket(SocketEvent::Opened), NOW);
    update(
        m,
        Event::Socket(SocketEvent::Message(
            r#"{"id":1,"connect":{"client":"c","ping":25,"pong":true}}"#.into(),
        )),
        NOW,
    );
}

fn account_push(m: &mut Model, id: i64, currency: &str, status: i64) -> Vec<Effect> {
    let frame = j!({"push": {"channel": "wallet:accounts#7", "pub": {"data":
        {"id": id, "currency": currency, "balance": "0", "status": status}}}});
    update(
        m,
        Event::Socket(SocketEvent::Message(frame.to_string())),
        NOW,
    )
}

#[test]
fn an_account_switch_or_theme_change_fetches_a_fresh_token() {
    let (mut m, _) = player_at("/sport");
    respond(
        &mut m,
        start_req(1, Theme::Dark),
        200,
        j!({"token": "t-usd"}),
    );
    socket_up(&mut m);
    account_push(&mut m, 1, "USD", 2);
    let fx = account_push(&mut m, 3, "BTC", 1);
    let s = starts(&fx);
    assert_eq!(s.len(), 1, "{fx:?}");
    assert_eq!(s[0].body.as_ref().unwrap()["accountId"], 3);
    // The old token stays until the new one comes.
    assert_eq!(view(&m).sport.token, "t-usd");
    respond(
        &mut m,
        start_req(3, Theme::Dark),
        200,
        j!({"token": "t-btc"}),
    );
    assert_eq!(view(&m).sport.token, "t-btc");
    // The same account pushed again (a balance change) asks for nothing.
    let fx = account_push(&mut m, 3, "BTC", 1);
    assert!(starts(&fx).is_empty());

    let fx = ui(
        &mut m,
        SportUi::SportEnv {
            mobile: false,
            theme: "light".into(),
        },
    );
    assert_eq!(starts(&fx).len(), 1);
    respond(
        &mut m,
        start_req(3, Theme::Light),
        200,
        j!({"token": "t-light"}),
    );
    assert_eq!(view(&m).sport.token, "t-light");
    assert_eq!(view(&m).sport.theme, Theme::Light);
}

#[test]
fn a_failed_token_fetch_is_logged_and_the_old_token_kept() {
    let (mut m, _) = player_at("/sport");
    respond(&mut m, start_req(1, Theme::Dark), 200, j!({"token": "t1"}));
    let fx = ui(&mut m, SportUi::SportTokenExpired);
    assert_eq!(starts(&fx).len(), 1, "a stale token is replaced");
    let fx = fail(&mut m, start_req(1, Theme::Dark), "offline");
    assert!(logged(&fx, "sportsbook token"));
    assert_eq!(view(&m).sport.token, "t1");
}

#[test]
fn mobile_refreshes_the_token_when_the_tab_is_visible_again() {
    let (mut m, _) = player_at("/sport");
    respond(&mut m, start_req(1, Theme::Dark), 200, j!({"token": "t1"}));
    let fx = ui(&mut m, SportUi::SportVisible);
    assert!(starts(&fx).is_empty(), "desktop: no refresh");
    ui(
        &mut m,
        SportUi::SportEnv {
            mobile: true,
            theme: "dark".into(),
        },
    );
    let fx = ui(&mut m, SportUi::SportVisible);
    let s = starts(&fx);
    assert_eq!(s.len(), 1);
    assert_eq!(s[0].body.as_ref().unwrap()["platform"], 1);
    // A guest's tab coming back asks for nothing.
    let (mut g, _) = guest_at("/sport");
    ui(
        &mut g,
        SportUi::SportEnv {
            mobile: true,
            theme: "dark".into(),
        },
    );
    assert!(starts(&ui(&mut g, SportUi::SportVisible)).is_empty());
}

#[test]
fn a_player_is_never_asked_to_sign_in() {
    let (mut m, _) = player_at("/sport");
    let fx = ui(&mut m, SportUi::SportSignIn);
    assert!(pushed(&fx).is_empty());
}

#[test]
fn a_carousel_event_opens_the_sport_page_there() {
    let (mut m, _) = boot("/", None);
    ui(&mut m, SportUi::SportCarouselsWanted);
    ui(&mut m, SportUi::SportWidgetReady);
    let mut ev = premier_league();
    ev.event = Some(named(9001, "Arsenal - Chelsea"));
    let fx = ui(&mut m, SportUi::SportNavigated { route: ev.clone() });
    assert_eq!(
        pushed(&fx),
        [(
            "/sport/soccer/england/premier-league/9001-arsenal-chelsea".to_string(),
            false
        )]
    );
    assert!(http(&fx).is_empty(), "the widget knows the ids: no lookup");
    assert_eq!(route(&m), ev);
}

#[test]
fn malformed_answers_and_reports_are_logged_and_never_move_the_widget_wrongly() {
    // A widget report that is not a route is refused with the field at fault, and ignored.
    let refused = |route: serde_json::Value| {
        UiEvent::read_now(j!({"type": "sportNavigated", "route": route})).unwrap_err()
    };
    assert!(refused(j!({"page": "nowhere"}))
        .starts_with("sportNavigated: `route`: unknown variant `nowhere`"));
    assert!(refused(j!("{not json")).starts_with("sportNavigated: `route`: invalid type: string"));
    assert!(refused(
        j!({"page": "live", "sportId": "x", "categories": [], "championships": [], "event": null})
    )
    .starts_with("sportNavigated: `route`: invalid type: string \"x\", expected u32"));
    // The route the view sends, as the widget reports it.
    assert_eq!(
        UiEvent::read_now(
            j!({"type": "sportNavigated", "route": {"page": "overview", "sportId": 66, "categories": [], "championships": [], "event": null}})
        ),
        Ok(SportUi::SportNavigated {
            route: SportSelection {
                sport_id: Some(66),
                ..SportSelection::default()
            }
        }
        .into())
    );
    // A sport info answer of the wrong shape is a failed lookup: logged, back to /sport.
    let (mut m, _) = guest_at("/sport/soccer/england");
    let fx = respond(&mut m, info(66), 200, j!({"categories": "?"}));
    assert!(logged(&fx, "sport 66 info"));
    assert_eq!(pushed(&fx), [("/sport".to_string(), true)]);
    // An event info missing its championship too.
    let (mut m, _) = guest_at("/sport/event/9001");
    let fx = respond(
        &mut m,
        event_info(9001),
        200,
        j!({"id": 9001, "name": "A - B"}),
    );
    assert!(logged(&fx, "event 9001 info"));
    assert_eq!(pushed(&fx), [("/sport".to_string(), true)]);
}

#[test]
fn a_start_refused_by_the_players_own_limit_opens_game_limit_reached() {
    let (mut m, _) = player_at("/sport");
    let fx = respond(
        &mut m,
        start_req(1, Theme::Dark),
        422,
        j!({"code": "game_limit_reached", "message": "You have a cooling-off in place until 2026-11-26 10:00 UTC: deposits and play are closed until then.", "errors": {}}),
    );
    assert_eq!(
        view(&m).nav.modal.map(|x| x.id).as_deref(),
        Some("game-limit-reached")
    );
    assert!(
        http(&fx).iter().any(|h| h.path == "/api/player/limits"),
        "the limits load to say until when"
    );
    // Any other refusal is only logged (SPEC §8).
    let (mut m, _) = player_at("/sport");
    respond(
        &mut m,
        start_req(1, Theme::Dark),
        422,
        j!({"code": "validation_failed", "message": "x", "errors": {}}),
    );
    assert!(view(&m).nav.modal.is_none());
}

#[test]
fn a_start_answer_without_a_text_token_is_logged_with_the_reason_and_the_old_token_kept() {
    // SPEC §7 the sportsbook start call returns `{token}`; other fields are ignored.
    let (mut m, _) = player_at("/sport");
    respond(
        &mut m,
        start_req(1, Theme::Dark),
        200,
        j!({"token": "t1", "expiresIn": 3600}),
    );
    assert_eq!(view(&m).sport.token, "t1");
    for (answer, reason) in [
        (
            j!({"token": 5}),
            "invalid type: integer `5`, expected a string",
        ),
        (j!({"jwt": "t2"}), "missing field `token`"),
    ] {
        ui(&mut m, SportUi::SportTokenExpired);
        let fx = respond(&mut m, start_req(1, Theme::Dark), 200, answer.clone());
        assert!(logged(&fx, "sportsbook token"), "{answer}");
        assert!(logged(&fx, reason), "{answer}");
        assert_eq!(view(&m).sport.token, "t1", "{answer}");
    }
}
