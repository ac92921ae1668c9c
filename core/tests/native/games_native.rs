//! The games feature (issue 11): search ranking (typos, accents, word order, providers),
//! collections by country (SPEC §5), the filter in the address, recently played (SPEC §9),
//! the window of a long list, and the game page's launch.
#![cfg(not(target_arch = "wasm32"))]

use crate::support;

use croupier_core::app::features::games::catalogue::Catalogue;
use croupier_core::app::features::games::filter::Filter;
use croupier_core::app::features::games::search::Index;
use croupier_core::app::features::games::{self, GamesUi};
use croupier_core::app::{update, view, Config, Effect, Event, Model, Prefs, Req};
use croupier_core::domain::route::Location;
use support::{http, req, respond, token, ui, NOW};

const NAMES: &[(&str, u16)] = &[
    ("Gates of Olympus", 0),
    ("Sweet Bonanza", 0),
    ("Big Bass Bonanza", 0),
    ("Book of Ra", 1),
    ("Book of Ra Deluxe", 1),
    ("Book of Dead", 2),
    ("Legacy of Dead", 2),
    ("Rise of Olympus", 2),
    ("Starburst", 3),
    ("Café Olé", 4),
    ("Señorita Fiesta", 4),
    ("Book of Rainbows", 3),
    ("Olympus Gold Megaways", 3),
    ("Wolf Gold", 0),
    ("Bonanza Megaways", 5),
    ("Golden Gates", 5),
];
const PROVIDERS: &[&str] = &[
    "Pragmatic Play",
    "Novomatic",
    "Play'n GO",
    "NetEnt",
    "Betsoft",
    "Big Time Gaming",
];

fn catalogue_text() -> String {
    let mut t = String::from("croupier-catalogue 1\n");
    for (i, p) in PROVIDERS.iter().enumerate() {
        let id = games::catalogue::slug(p);
        t.push_str(&format!("P\t{}\t{id}\t{p}\n", i + 1));
    }
    t.push_str("C\tpopular\tPopular\t0\t\n");
    t.push_str("C\tslots\tSlots\t0\t\n");
    t.push_str("C\tbrazil-picks\tFavoritos do Brasil\t0\tBR,PT\n");
    t.push_str("C\tstaff-test\tStaff test\t1\t\n");
    t.push_str("F\t1\tFree spins\n");
    t.push_str("F\t2\tBonus buy\n");
    for (i, (name, p)) in NAMES.iter().enumerate() {
        // Every game is a slot; the first four are popular and in Brazil; odd ones buy bonus.
        let cols = 2 | if i < 4 { 1 | 4 } else { 0 } | if i == 5 { 8 } else { 0 };
        let feats = 1 | if i % 2 == 1 { 2 } else { 0 };
        let flags = if i == 8 { 0 } else { 1 };
        t.push_str(&format!("\t{name}\t{p}\t{cols:x}\t{feats:x}\t{flags}\n"));
    }
    t
}

fn index() -> (Catalogue, Index) {
    let cat = Catalogue::parse(&catalogue_text()).expect("catalogue");
    let names: Vec<&str> = cat.games.iter().map(|g| g.name.as_str()).collect();
    let provs: Vec<u16> = cat.games.iter().map(|g| g.provider).collect();
    let pnames: Vec<&str> = cat.providers.iter().map(|p| p.name.as_str()).collect();
    let ix = Index::build(&names, &provs, &pnames);
    (cat, ix)
}

fn top(query: &str, n: usize) -> Vec<String> {
    let (cat, ix) = index();
    ix.search(query, 10)
        .0
        .iter()
        .take(n)
        .map(|&i| cat.games[i as usize].name.clone())
        .collect()
}

#[test]
fn search_ranking_table() {
    // (query, expected first results)
    let table: &[(&str, &[&str])] = &[
        ("gates olympus", &["Gates of Olympus"]),
        ("olympus gates", &["Gates of Olympus"]),
        ("sweet bonaza", &["Sweet Bonanza"]),
        ("swet bonanza", &["Sweet Bonanza"]),
        ("book of ra", &["Book of Ra", "Book of Ra Deluxe"]),
        ("book of dead", &["Book of Dead"]),
        ("cafe ole", &["Café Olé"]),
        ("CAFÉ", &["Café Olé"]),
        ("senorita", &["Señorita Fiesta"]),
        ("starbrust", &["Starburst"]),
        ("sweet bon", &["Sweet Bonanza"]),
        ("gates of olympu", &["Gates of Olympus"]),
    ];
    for (q, want) in table {
        let got = top(q, want.len());
        assert_eq!(&got, want, "query {q:?}");
    }
    // Book of Dead is not a result of "book of ra".
    assert!(!top("book of ra", 10).contains(&"Book of Dead".to_string()));
}

#[test]
fn search_finds_providers_and_their_games() {
    let (cat, ix) = index();
    let (games, providers) = ix.search("novomatic", 10);
    let names: Vec<&str> = providers
        .iter()
        .map(|&p| cat.providers[p as usize].name.as_str())
        .collect();
    assert_eq!(names, ["Novomatic"]);
    let gnames: Vec<&str> = games
        .iter()
        .map(|&g| cat.games[g as usize].name.as_str())
        .collect();
    assert_eq!(gnames, ["Book of Ra", "Book of Ra Deluxe"]);
    // A provider word narrows a game word: "dead playn go".
    let (games, _) = ix.search("dead play'n go", 10);
    assert!(games.iter().all(|&g| cat.games[g as usize].provider == 2));
    assert_eq!(games.len(), 2);
}

#[test]
fn bad_queries_answer_empty() {
    let (_, ix) = index();
    for q in [
        "",
        "    ",
        "🎰🎰",
        "كتاب",
        &"x".repeat(300),
        &"book ".repeat(60),
    ] {
        let (g, p) = ix.search(q, 10);
        if q.starts_with("book") {
            // Long repeats are cut to the first words, still a real query.
            assert!(!g.is_empty());
        } else {
            assert!(g.is_empty() && p.is_empty(), "query {q:?}");
        }
    }
}

#[test]
fn filter_round_trips_through_the_address() {
    let loc = Location::parse_url(
        "/games/slots?modal=games-filter&sort=name&providers=netent,novomatic&features=2,1",
    );
    let f = Filter::from_location(&loc);
    assert_eq!(f.providers, ["netent", "novomatic"]);
    assert_eq!(f.features, [1, 2]);
    assert_eq!(f.sort.as_str(), "name");
    let q = f.to_query(&loc.query);
    let back = Location::parse_url(&format!(
        "/games/slots?{}",
        croupier_core::domain::route::encode_query(&q)
    ));
    assert_eq!(Filter::from_location(&back), f);
    assert_eq!(back.query_value("modal"), Some("games-filter"));
    // No filter adds nothing; an unknown sort is the default.
    let none = Filter::from_location(&Location::parse_url("/games/slots?sort=bogus"));
    assert!(none.to_query(&[]).is_empty());
}

fn boot(path: &str, tok: Option<String>, prefs: Prefs) -> (Model, Vec<Effect>) {
    let mut m = Model::new(Config::default());
    let fx = update(
        &mut m,
        Event::Booted {
            token: tok,
            path: path.into(),
            prefs,
        },
        NOW,
    );
    (m, fx)
}

fn with_catalogue(m: &mut Model) {
    ui(
        m,
        GamesUi::GamesCatalogue {
            text: catalogue_text(),
        },
    );
}

fn player(path: &str, country: &str, prefs: Prefs) -> (Model, Vec<Effect>) {
    let (mut m, mut fx) = boot(path, Some(token(3600, "a")), prefs);
    fx.extend(respond(
        &mut m,
        req::profile(),
        200,
        j!({"id": 7, "email": "a@b.c", "country": country}),
    ));
    (m, fx)
}

#[test]
fn lobby_rows_follow_the_visitor_country_and_leave_hidden_out() {
    let (mut m, _) = boot("/games", None, Prefs::default());
    with_catalogue(&mut m);
    let rows: Vec<String> = view(&m)
        .games_lobby
        .rows
        .iter()
        .map(|r| r.identity.clone())
        .collect();
    assert_eq!(rows, ["popular", "slots"]);
    let (mut m, _) = player("/", "BR", Prefs::default());
    with_catalogue(&mut m);
    let v = view(&m);
    let rows: Vec<&str> = v
        .games_lobby
        .rows
        .iter()
        .map(|r| r.identity.as_str())
        .collect();
    assert_eq!(rows, ["popular", "slots", "brazil-picks"]);
    assert_eq!(
        v.games_lobby.rows[0].tiles[0].href,
        "/game/gates-of-olympus"
    );
    assert_eq!(v.games_lobby.rows[1].total, NAMES.len() as u32);
}

#[test]
fn a_category_page_lists_a_window_under_the_filter() {
    let (mut m, _) = boot("/games/slots?features=2&sort=name", None, Prefs::default());
    with_catalogue(&mut m);
    let v = view(&m);
    assert_eq!(v.games_list.total, 8);
    assert_eq!(v.games_list.tiles[0].name, "Book of Dead");
    ui(&mut m, GamesUi::GamesWindow { from: 3, count: 2 });
    let v = view(&m);
    assert_eq!((v.games_list.from, v.games_list.tiles.len()), (3, 2));
    // A window never sends more than WINDOW_MAX tiles.
    ui(
        &mut m,
        GamesUi::GamesWindow {
            from: 0,
            count: 100_000,
        },
    );
    assert!(view(&m).games_list.tiles.len() <= games::WINDOW_MAX as usize);
    // Unknown category: the page says so.
    let (mut m, _) = boot("/games/nope", None, Prefs::default());
    with_catalogue(&mut m);
    assert!(view(&m).games_lobby.unknown);
}

#[test]
fn the_filter_intent_moves_the_address() {
    let (mut m, _) = boot("/games/slots", None, Prefs::default());
    with_catalogue(&mut m);
    let fx = ui(
        &mut m,
        GamesUi::GamesFilter {
            providers: vec!["novomatic".into()],
            features: vec![],
            sort: "popular".into(),
        },
    );
    assert!(fx.iter().any(
        |e| matches!(e, Effect::PushUrl { url, .. } if url == "/games/slots?providers=novomatic")
    ));
    let v = view(&m);
    assert_eq!(v.games_list.total, 2);
    assert_eq!(v.games_lobby.filter.count, 1);
}

fn played_req() -> Req {
    Req::Games(games::Call::Played)
}

#[test]
fn a_played_list_the_server_did_not_give_is_failed_not_empty_and_can_be_asked_again() {
    let (mut m, _) = player("/recently-played", "PT", Prefs::default());
    with_catalogue(&mut m);
    // Asked, not answered: not "none yet".
    assert_eq!(view(&m).games_list.load, games::ListLoad::Loading);
    respond(&mut m, played_req(), 500, j!({"message": "down"}));
    let v = view(&m);
    assert_eq!(
        (v.games_list.load, v.games_list.total),
        (games::ListLoad::Failed, 0)
    );
    // The retry asks for the played games again; the favourites, still on their way, are not
    // asked twice.
    let fx = ui(&mut m, GamesUi::GamesListRetry);
    let asked: Vec<&Req> = http(&fx).into_iter().map(|h| &h.req).collect();
    assert!(asked.contains(&&played_req()), "{asked:?}");
    assert!(
        !asked.contains(&&Req::Games(games::Call::Favorites)),
        "{asked:?}"
    );
    assert_eq!(view(&m).games_list.load, games::ListLoad::Loading);
    respond(&mut m, played_req(), 200, j!([]));
    let v = view(&m);
    assert_eq!(
        (v.games_list.load, v.games_list.total),
        (games::ListLoad::Ready, 0)
    );
    // Answered: a second retry asks for nothing of it.
    let fx = ui(&mut m, GamesUi::GamesListRetry);
    assert!(!http(&fx).iter().any(|h| h.req == played_req()));
}

#[test]
fn recently_played_merges_storage_and_server_newest_first_capped() {
    let prefs = Prefs {
        played_games: Some(r#"{"7":["novomatic/book-of-ra"],"9":["netent/starburst"]}"#.into()),
        ..Prefs::default()
    };
    let (mut m, _) = player("/recently-played", "PT", prefs);
    with_catalogue(&mut m);
    respond(
        &mut m,
        played_req(),
        200,
        j!([
            {"identity": "sweet-bonanza", "provider": {"identity": "pragmatic-play"}},
            {"identity": "book-of-ra", "provider": {"identity": "novomatic"}}
        ]),
    );
    let names: Vec<String> = view(&m)
        .games_list
        .tiles
        .iter()
        .map(|t| t.name.clone())
        .collect();
    assert_eq!(names, ["Book of Ra", "Sweet Bonanza"]);
    // Playing for real puts the game first and writes storage (other players' lists kept).
    let (mut m2, _) = player(
        "/game/starburst",
        "PT",
        Prefs {
            played_games: Some(r#"{"9":["netent/starburst"]}"#.into()),
            ..Prefs::default()
        },
    );
    with_catalogue(&mut m2);
    respond(
        &mut m2,
        Req::Games(games::Call::Game("starburst".into())),
        200,
        j!({
        "identity": "starburst", "name": "Starburst", "provider": {"identity": "netent", "name": "NetEnt"},
        "hasDemo": false, "isMobile": true}),
    );
    let fx = respond(
        &mut m2,
        Req::Games(games::Call::Play {
            identity: "starburst".into(),
            demo: false,
        }),
        200,
        j!({"url": "/slot/abc"}),
    );
    let stored = fx.iter().find_map(|e| match e {
        Effect::StoreLocal { key, value } if key == "playedGames" => value.clone(),
        _ => None,
    });
    let stored = stored.expect("stored");
    assert!(
        stored.contains(r#""7":["netent/starburst"]"#)
            && stored.contains(r#""9":["netent/starburst"]"#),
        "{stored}"
    );
    assert_eq!(view(&m2).games_play.url.as_deref(), Some("/slot/abc"));
    // The cap.
    let mut p = games::played::Played::default();
    let many: Vec<String> = (0..50).map(|i| format!("p/g{i}")).collect();
    p.merge_server(many);
    assert_eq!(p.list.len(), games::played::PLAYED_MAX);
}

#[test]
fn a_stored_session_on_a_game_page_plays_for_real_without_the_guest_offer() {
    let olympus = || {
        j!({"identity": "gates-of-olympus", "name": "Gates of Olympus",
        "provider": {"identity": "pragmatic-play", "name": "Pragmatic Play"}, "hasDemo": true, "isMobile": true})
    };
    let game = || Req::Games(games::Call::Game("gates-of-olympus".into()));
    // The game's facts answer before the stored session is restored: no demo offer flashes.
    let (mut m, _) = boot(
        "/game/gates-of-olympus",
        Some(token(3600, "a")),
        Prefs::default(),
    );
    let fx = respond(&mut m, game(), 200, olympus());
    let moved: Vec<&String> = fx
        .iter()
        .filter_map(|e| match e {
            Effect::PushUrl { url, .. } => Some(url),
            _ => None,
        })
        .collect();
    assert!(moved.is_empty(), "{moved:?}");
    assert_eq!(view(&m).nav.modal, None);
    let fx = respond(
        &mut m,
        req::profile(),
        200,
        j!({"id": 7, "email": "a@b.c", "country": "BR"}),
    );
    let play = http(&fx)
        .into_iter()
        .find(|h| h.path.ends_with("/play"))
        .expect("play call once restored");
    assert_eq!(play.body, Some(j!({"demo": false})));
    // The stored session cannot be restored (no answer): a guest for now, offered the demo.
    let (mut m, _) = boot(
        "/game/gates-of-olympus",
        Some(token(3600, "a")),
        Prefs::default(),
    );
    respond(&mut m, game(), 200, olympus());
    respond(
        &mut m,
        req::profile(),
        500,
        j!({"code": "x", "message": "x"}),
    );
    assert_eq!(
        view(&m).nav.modal.map(|mo| mo.id),
        Some("demo-game".to_string())
    );
}

#[test]
fn a_guest_on_a_game_is_offered_the_demo_or_told_there_is_none() {
    let (mut m, fx) = boot("/game/gates-of-olympus", None, Prefs::default());
    let game = Req::Games(games::Call::Game("gates-of-olympus".into()));
    assert!(http(&fx)
        .iter()
        .any(|h| h.path == "/api/game/games/gates-of-olympus"));
    respond(
        &mut m,
        game,
        200,
        j!({"identity": "gates-of-olympus", "name": "Gates of Olympus",
        "provider": {"identity": "pragmatic-play", "name": "Pragmatic Play"}, "hasDemo": true, "isMobile": true}),
    );
    assert_eq!(
        view(&m).nav.modal.map(|mo| mo.id),
        Some("demo-game".to_string())
    );
    let fx = ui(&mut m, GamesUi::GamesPlay { demo: true });
    let play = http(&fx)
        .into_iter()
        .find(|h| h.path.ends_with("/play"))
        .expect("play call");
    assert_eq!(play.body, Some(j!({"demo": true})));
    // A failed launch keeps the page with a message and a retry.
    let fx = respond(
        &mut m,
        Req::Games(games::Call::Play {
            identity: "gates-of-olympus".into(),
            demo: true,
        }),
        500,
        j!({"code": "x", "message": "x"}),
    );
    let _ = fx;
    assert_eq!(
        view(&m).games_play.error.as_deref(),
        Some("global-components.games.launchFailed")
    );
    let fx = ui(&mut m, GamesUi::GamesRetry);
    assert!(http(&fx).iter().any(|h| h.path.ends_with("/play")));
    // An unknown game: the page shows the error.
    let (mut m, _) = boot("/game/nope", None, Prefs::default());
    respond(
        &mut m,
        Req::Games(games::Call::Game("nope".into())),
        404,
        j!({"code": "not_found", "message": "Not found"}),
    );
    assert!(view(&m).games_play.missing);
}

#[test]
fn history_tabs_page_filter_and_take_live_rows() {
    let (mut m, fx) = player(
        "/wallet/history?tab=bets&page=2&settled=0",
        "PT",
        Prefs::default(),
    );
    let bets = Req::Games(games::Call::Bets {
        page: 2,
        settled: false,
    });
    let call = http(&fx)
        .into_iter()
        .find(|h| h.path == "/api/game/bets")
        .expect("bets call");
    let q: Vec<(&str, &str)> = call
        .query
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    assert_eq!(
        q,
        [("page", "2"), ("perPage", "20"), ("isSettled", "false")]
    );
    respond(
        &mut m,
        bets,
        200,
        j!({"data": [
        {"id": 9, "gameIdentity": "book-of-ra", "gameName": "Book of Ra", "currency": "USD",
         "amount": "2.00", "win": "0.00", "isSettled": false, "createdAt": 1700000000},
        {"id": 8, "gameIdentity": "", "gameName": "Sportsbook: Liverpool - Everton",
         "currency": "USD", "amount": "12.50", "win": "0.00", "isSettled": false,
         "createdAt": 1700000000}
    ], "meta": {"page": 2, "perPage": 20, "totalPages": 3, "totalRows": 41}}),
    );
    let v = view(&m).games_history;
    assert_eq!(v.tab, Some("bets"));
    assert_eq!(v.rows[0].href.as_deref(), Some("/game/book-of-ra"));
    // A sportsbook bet is no catalogue game: named, not linked to a game page.
    assert_eq!(v.rows[1].game, "Sportsbook: Liverpool - Everton");
    assert_eq!(v.rows[1].href, None);
    assert_eq!(
        v.prev_href.as_deref(),
        Some("/wallet/history?tab=bets&settled=0")
    );
    assert_eq!(
        v.next_href.as_deref(),
        Some("/wallet/history?tab=bets&page=3&settled=0")
    );
    // The spins tab, first page: a pushed spin arrives on top.
    let fx = ui(
        &mut m,
        croupier_core::app::AppUi::Navigate {
            path: "/wallet/history?tab=spins".into(),
        },
    );
    assert!(http(&fx).iter().any(|h| h.path == "/api/game/spins"));
    respond(
        &mut m,
        Req::Games(games::Call::Spins { page: 1 }),
        200,
        j!({"data": [], "meta": {"totalPages": 1}}),
    );
    let mut h = m.f.games.history.clone();
    let data = j!({"id": 5, "gameIdentity": "starburst", "gameName": "Starburst", "currency": "USD", "bet": "1.00", "win": "2.00", "createdAt": 1700000001});
    assert!(h.pushed(games::history::Tab::Spins, &data));
    assert_eq!(h.rows[0].game, "Starburst");
    // Not twice, and not on another tab.
    assert!(!h.pushed(games::history::Tab::Spins, &data));
    assert!(!h.pushed(games::history::Tab::Bets, &data));
}

#[test]
fn the_lobby_asks_for_the_winners_ticker_with_the_catalogue() {
    let (mut m, _) = boot("/games", None, Prefs::default());
    let fx = ui(
        &mut m,
        GamesUi::GamesCatalogue {
            text: catalogue_text(),
        },
    );
    assert!(http(&fx)
        .iter()
        .any(|h| h.path == "/api/game/spins/winners"));
    respond(
        &mut m,
        Req::Games(games::Call::Winners),
        200,
        j!([
            {"nickname": "Lu***", "currency": "USD", "win": "120.00",
             "game": {"identity": "starburst", "name": "Starburst"}},
            {"nickname": "broken"}
        ]),
    );
    let w = view(&m).games_lobby.winners;
    assert_eq!(w.len(), 1);
    assert_eq!(
        (w[0].href.as_str(), w[0].win.as_str()),
        ("/game/starburst", "120.00")
    );
    // Not on other pages.
    let fx = ui(
        &mut m,
        croupier_core::app::AppUi::Navigate {
            path: "/games/slots".into(),
        },
    );
    assert!(!http(&fx)
        .iter()
        .any(|h| h.path == "/api/game/spins/winners"));
    assert!(view(&m).games_lobby.winners.is_empty());
}

#[test]
fn real_play_refused_by_the_players_own_limit_opens_game_limit_reached() {
    let (mut m, _) = player("/game/gates-of-olympus", "PT", Prefs::default());
    respond(
        &mut m,
        Req::Games(games::Call::Game("gates-of-olympus".into())),
        200,
        j!({"identity": "gates-of-olympus", "name": "Gates of Olympus",
        "provider": {"identity": "pragmatic-play", "name": "Pragmatic Play"}, "hasDemo": true, "isMobile": true}),
    );
    ui(&mut m, GamesUi::GamesPlay { demo: false });
    let fx = respond(
        &mut m,
        Req::Games(games::Call::Play {
            identity: "gates-of-olympus".into(),
            demo: false,
        }),
        422,
        j!({"code": "game_limit_reached", "message": "You have a cooling-off in place until 2026-11-26 10:00 UTC.", "errors": {}}),
    );
    assert_eq!(
        view(&m).nav.modal.map(|mo| mo.id).as_deref(),
        Some("game-limit-reached")
    );
    assert!(
        http(&fx).iter().any(|h| h.path == "/api/player/limits"),
        "the limits load to say which and until when"
    );
    assert_eq!(view(&m).games_play.url, None);
}

/// The app hands a long catalogue over in parts (whole lines, one task each): read in parts it
/// is the same catalogue, index and lobby as read at once; a first part without the header is
/// refused and the catalogue fails.
#[test]
fn a_catalogue_read_in_parts_is_the_catalogue_read_at_once() {
    let text = catalogue_text();
    let (mut whole, _) = boot("/games", None, Prefs::default());
    with_catalogue(&mut whole);
    let (mut parts, _) = boot("/games", None, Prefs::default());
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    // Cut after the header, inside the providers, and between games.
    let cuts = [1, 4, 12, lines.len() - 3];
    let mut from = 0;
    for to in cuts {
        ui(
            &mut parts,
            GamesUi::GamesCataloguePart {
                text: lines[from..to].concat(),
            },
        );
        assert_eq!(
            view(&parts).games_lobby.state,
            games::CatalogueState::Loading
        );
        from = to;
    }
    ui(
        &mut parts,
        GamesUi::GamesCatalogue {
            text: lines[from..].concat(),
        },
    );
    assert_eq!(parts.f.games.cat, whole.f.games.cat);
    assert_eq!(parts.f.games.index, whole.f.games.index);
    assert!(parts.f.games.pending.is_none());
    assert_eq!(view(&parts).games_lobby, view(&whole).games_lobby);
    assert_eq!(view(&parts).games_lobby.state, games::CatalogueState::Ready);

    let (mut bad, _) = boot("/games", None, Prefs::default());
    ui(
        &mut bad,
        GamesUi::GamesCataloguePart {
            text: lines[1..4].concat(),
        },
    );
    assert!(bad.f.games.pending.is_none());
    ui(
        &mut bad,
        GamesUi::GamesCatalogue {
            text: lines[4..].concat(),
        },
    );
    assert_eq!(view(&bad).games_lobby.state, games::CatalogueState::Failed);
}

/// The live rows' rules (issue 29): first page only, newest first, a repeat updates in place,
/// an open bet that settles leaves the open filter, the page never grows past its size.
#[test]
fn live_history_rows_follow_the_tab_page_and_filter() {
    use games::history::{GameHistory, Tab, PER_PAGE};
    let bet = |id: i64, settled: bool, win: &str| j!({"id": id, "gameName": "Starburst", "currency": "USD", "amount": "1.00", "win": win, "isSettled": settled, "createdAt": 1700000000 + id});
    let mut open = GameHistory {
        tab: Some(Tab::Bets),
        page: 1,
        settled: false,
        ..GameHistory::default()
    };
    assert!(open.pushed(Tab::Bets, &bet(1, false, "0.00")));
    assert!(open.pushed(Tab::Bets, &bet(2, false, "0.00")));
    assert_eq!(open.rows.iter().map(|r| r.id).collect::<Vec<_>>(), [2, 1]);
    // Settled: gone from the open filter; a settled bet never joins it.
    assert!(open.pushed(Tab::Bets, &bet(1, true, "3.00")));
    assert!(!open.pushed(Tab::Bets, &bet(3, true, "0.00")));
    assert_eq!(open.rows.iter().map(|r| r.id).collect::<Vec<_>>(), [2]);
    let mut settled = GameHistory {
        tab: Some(Tab::Bets),
        page: 1,
        settled: true,
        ..GameHistory::default()
    };
    assert!(settled.pushed(Tab::Bets, &bet(1, true, "0.00")));
    // The same bet again with a new win: updated where it is, not added.
    assert!(settled.pushed(Tab::Bets, &bet(1, true, "3.00")));
    assert!(!settled.pushed(Tab::Bets, &bet(1, true, "3.00")));
    assert_eq!(settled.rows.len(), 1);
    assert_eq!(settled.rows[0].win, "3.00");
    // A full page keeps its size, the newest on top.
    for id in 10..10 + PER_PAGE as i64 {
        settled.pushed(Tab::Bets, &bet(id, true, "0.00"));
    }
    assert_eq!(settled.rows.len(), PER_PAGE as usize);
    assert_eq!(settled.rows[0].id, 9 + PER_PAGE as i64);
    // Page 2 and a push without an id take nothing.
    settled.page = 2;
    assert!(!settled.pushed(Tab::Bets, &bet(99, true, "0.00")));
    settled.page = 1;
    assert!(!settled.pushed(Tab::Bets, &j!({"gameName": "Starburst"})));
}

#[test]
fn bet_times_are_shown_in_the_devices_zone() {
    let prefs = Prefs {
        zone: croupier_core::domain::zone::Zone::fixed(-180),
        ..Prefs::default()
    };
    let (mut m, _) = player("/wallet/history?tab=bets", "BR", prefs);
    respond(
        &mut m,
        Req::Games(games::Call::Bets {
            page: 1,
            settled: true,
        }),
        200,
        j!({"data": [
        {"id": 9, "gameIdentity": "book-of-ra", "gameName": "Book of Ra", "currency": "USD",
         "amount": "2.00", "win": "0.00", "isSettled": true, "createdAt": 1767231000}
    ], "meta": {"page": 1, "perPage": 20, "totalPages": 1, "totalRows": 1}}),
    );
    let v = view(&m).games_history;
    // 2026-01-01T01:30:00Z is the evening before in São Paulo (UTC-3).
    assert_eq!(v.rows[0].created_at, 1_767_231_000);
    assert_eq!(v.rows[0].created_text, "31.12.25, 22:30");
}
