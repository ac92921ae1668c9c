//! The games feature (issue 11): search ranking (typos, accents, word order, providers),
//! collections by country (SPEC §5), the filter in the address, recently played (SPEC §9),
//! the window of a long list, and the game page's launch.
#![cfg(not(target_arch = "wasm32"))]

use crate::support;

use croupier_core::app::features::games::filter::Filter;
use croupier_core::app::features::games::search::Index;
use croupier_core::app::features::games::{self, GamesUi};
use croupier_core::app::{update, view, Boot, Config, Effect, Event, Model, Req, Tick};
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

/// Collections: identity, name, hidden, countries.
const COLLECTIONS: &[(&str, &str, bool, &[&str])] = &[
    ("popular", "Popular", false, &[]),
    ("slots", "Slots", false, &[]),
    ("brazil-picks", "Favoritos do Brasil", false, &["BR", "PT"]),
    ("staff-test", "Staff test", true, &[]),
];

/// Every game is a slot; the first four are popular and in Brazil, game 5 is staff-only;
/// all have free spins (1), odd ones buy the bonus (2); all but Starburst have a demo.
fn in_collection(i: usize, c: usize) -> bool {
    match c {
        0 | 2 => i < 4,
        1 => true,
        3 => i == 5,
        _ => false,
    }
}

fn features_of(i: usize) -> Vec<u32> {
    if i % 2 == 1 {
        vec![1, 2]
    } else {
        vec![1]
    }
}

fn game_json(i: usize) -> serde_json::Value {
    let (name, p) = NAMES[i];
    let pname = PROVIDERS[p as usize];
    j!({"id": i + 1, "identity": games::catalogue::slug(name), "name": name,
        "provider": {"id": p + 1, "identity": games::catalogue::slug(pname), "name": pname},
        "hasDemo": i != 8, "isMobile": true, "features": features_of(i)})
}

/// The platform's `games` call over the test data (collection, providers[], features[], sort
/// popular | name, page, perPage).
fn games_page(query: &[(String, String)]) -> serde_json::Value {
    let get = |k: &str| query.iter().find(|(q, _)| q == k).map(|(_, v)| v.as_str());
    let all = |k: &str| -> Vec<&str> {
        query
            .iter()
            .filter(|(q, _)| q == k)
            .map(|(_, v)| v.as_str())
            .collect()
    };
    let collection = get("collection").map(|c| {
        COLLECTIONS
            .iter()
            .position(|x| x.0 == c)
            .expect("a known collection")
    });
    let providers = all("providers[]");
    let features: Vec<u32> = all("features[]")
        .iter()
        .map(|f| f.parse().unwrap())
        .collect();
    let mut list: Vec<usize> = (0..NAMES.len())
        .filter(|&i| collection.is_none_or(|c| in_collection(i, c)))
        .filter(|&i| {
            providers.is_empty()
                || providers
                    .contains(&games::catalogue::slug(PROVIDERS[NAMES[i].1 as usize]).as_str())
        })
        .filter(|&i| features.iter().all(|f| features_of(i).contains(f)))
        .collect();
    if get("sort") == Some("name") {
        list.sort_by_key(|&i| NAMES[i].0);
    }
    let page: usize = get("page").map_or(1, |p| p.parse().unwrap());
    let per: usize = get("perPage").map_or(24, |p| p.parse().unwrap());
    let data: Vec<serde_json::Value> = list
        .iter()
        .skip((page - 1) * per)
        .take(per)
        .map(|&i| game_json(i))
        .collect();
    j!({"data": data, "meta": {"page": page, "perPage": per,
        "totalPages": list.len().div_ceil(per), "totalRows": list.len()}})
}

/// The platform answers every games-list call in flight (collections, providers, features,
/// lobby rows, list pages, the index's pages) until none is left; the other calls wait.
fn serve(m: &mut Model) -> Vec<Effect> {
    let mut fx = Vec::new();
    for _ in 0..100 {
        let Some((r, body)) =
            m.calls.in_flight_reqs().into_iter().find_map(|r| {
                let Req::Games(call) = &r else { return None };
                let body =
                    match call {
                        games::Call::Collections => j!(COLLECTIONS
                    .iter()
                    .enumerate()
                    .map(|(i, (id, name, hidden, countries))| j!({"id": i + 1, "identity": id,
                        "name": name, "isHidden": hidden, "countries": countries,
                        "gamesCount": (0..NAMES.len()).filter(|&g| in_collection(g, i)).count()}))
                    .collect::<Vec<_>>()),
                        games::Call::Providers => j!(PROVIDERS
                    .iter()
                    .enumerate()
                    .map(|(i, p)| j!({"id": i + 1, "identity": games::catalogue::slug(p), "name": p,
                        "gamesCount": NAMES.iter().filter(|n| n.1 as usize == i).count()}))
                    .collect::<Vec<_>>()),
                        games::Call::Features => {
                            j!([{"id": 1, "name": "Free spins"}, {"id": 2, "name": "Bonus buy"}])
                        }
                        _ => {
                            let route = croupier_core::app::calls::Endpoint::endpoint(call);
                            if route.path != "/api/game/games" {
                                return None;
                            }
                            games_page(&route.query)
                        }
                    };
                Some((r.clone(), body))
            })
        else {
            break;
        };
        fx.extend(respond(m, r, 200, body));
    }
    fx
}

fn index() -> (Vec<String>, Vec<u16>, Index) {
    let names: Vec<&str> = NAMES.iter().map(|n| n.0).collect();
    let provs: Vec<u16> = NAMES.iter().map(|n| n.1).collect();
    let ix = Index::build(&names, &provs, PROVIDERS);
    (names.iter().map(|n| n.to_string()).collect(), provs, ix)
}

fn top(query: &str, n: usize) -> Vec<String> {
    let (names, _, ix) = index();
    ix.search(query, 10)
        .0
        .iter()
        .take(n)
        .map(|&i| names[i as usize].clone())
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
    let (names, provs, ix) = index();
    let (games, providers) = ix.search("novomatic", 10);
    let pnames: Vec<&str> = providers.iter().map(|&p| PROVIDERS[p as usize]).collect();
    assert_eq!(pnames, ["Novomatic"]);
    let gnames: Vec<&str> = games.iter().map(|&g| names[g as usize].as_str()).collect();
    assert_eq!(gnames, ["Book of Ra", "Book of Ra Deluxe"]);
    // A provider word narrows a game word: "dead playn go".
    let (games, _) = ix.search("dead play'n go", 10);
    assert!(games.iter().all(|&g| provs[g as usize] == 2));
    assert_eq!(games.len(), 2);
}

#[test]
fn bad_queries_answer_empty() {
    let (_, _, ix) = index();
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

fn boot(path: &str, tok: Option<String>, prefs: Boot) -> (Model, Vec<Effect>) {
    let mut m = Model::new(Config::default());
    let fx = update(
        &mut m,
        Event::Booted {
            token: tok,
            path: path.into(),
            boot: prefs,
        },
        NOW,
    );
    (m, fx)
}

/// The page painted, no index was kept (the runtime's read found none) and the platform
/// answered every games-list call (the index is ready).
fn with_catalogue(m: &mut Model) {
    ui(m, GamesUi::GamesPainted);
    kept_answer(m, None);
    serve(m);
}

/// The runtime's answer to the kept index's read.
fn kept_answer(m: &mut Model, text: Option<String>) -> Vec<Effect> {
    kept_answer_at(m, text, NOW)
}

fn kept_answer_at(m: &mut Model, text: Option<String>, now: u64) -> Vec<Effect> {
    update(
        m,
        Event::Tick(Tick::Games(games::GamesTick::Kept(text))),
        now,
    )
}

fn player(path: &str, country: &str, prefs: Boot) -> (Model, Vec<Effect>) {
    let (mut m, mut fx) = boot(path, Some(token(3600, "a")), prefs);
    fx.extend(respond(
        &mut m,
        req::profile(),
        200,
        j!({"id": 7, "email": "a@b.c", "country": country}),
    ));
    (m, fx)
}

fn rows(m: &Model) -> Vec<String> {
    view(m)
        .games_lobby
        .rows
        .iter()
        .map(|r| r.identity.clone())
        .collect()
}

fn geo_answers(m: &mut Model, country: &str) {
    respond(
        m,
        Req::Privacy(croupier_core::app::features::consent::Call::Geo),
        200,
        j!({ "country": country }),
    );
}

/// SPEC §5: collections follow the visitor's country as the edge names it (`/api/geo`), for a
/// guest and a player alike; hidden ones never show; each row is one small `games` call.
#[test]
fn lobby_rows_follow_the_visitor_country_and_leave_hidden_out() {
    // A guest from Brazil: the Brazil row once the edge's country is known.
    let (mut m, fx) = boot("/games", None, Boot::default());
    assert!(
        http(&fx).iter().any(|h| h.path == "/api/game/collections"),
        "the collections at app creation"
    );
    with_catalogue(&mut m);
    assert_eq!(rows(&m), ["popular", "slots"]);
    geo_answers(&mut m, "BR");
    assert!(
        m.calls
            .in_flight_reqs()
            .contains(&Req::Games(games::Call::Row("brazil-picks".into()))),
        "the new row is asked for"
    );
    serve(&mut m);
    assert_eq!(rows(&m), ["popular", "slots", "brazil-picks"]);
    let v = view(&m);
    assert_eq!(
        v.games_lobby.rows[0].tiles[0].href,
        "/game/gates-of-olympus"
    );
    assert_eq!(v.games_lobby.rows[1].total, NAMES.len() as u32);
    // A guest from elsewhere: not.
    let (mut m, _) = boot("/", None, Boot::default());
    geo_answers(&mut m, "DE");
    with_catalogue(&mut m);
    assert_eq!(rows(&m), ["popular", "slots"]);
    // A player whose profile says Brazil, visiting from Germany: the visitor's country counts.
    let (mut m, _) = player("/", "BR", Boot::default());
    geo_answers(&mut m, "DE");
    with_catalogue(&mut m);
    assert_eq!(rows(&m), ["popular", "slots"]);
    // Without the operator's geo path, the profile's country is all there is.
    let mut m = Model::new(Config::read(&j!({ "operatorPaths": { "geo": "" } })));
    update(
        &mut m,
        Event::Booted {
            token: Some(token(3600, "a")),
            path: "/".into(),
            boot: Boot::default(),
        },
        NOW,
    );
    respond(
        &mut m,
        req::profile(),
        200,
        j!({"id": 7, "email": "a@b.c", "country": "PT"}),
    );
    with_catalogue(&mut m);
    assert_eq!(rows(&m), ["popular", "slots", "brazil-picks"]);
}

#[test]
fn a_category_page_lists_a_window_under_the_filter() {
    let (mut m, _) = boot("/games/slots?features=2&sort=name", None, Boot::default());
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
    let (mut m, _) = boot("/games/nope", None, Boot::default());
    with_catalogue(&mut m);
    assert!(view(&m).games_lobby.unknown);
}

#[test]
fn the_filter_intent_moves_the_address() {
    let (mut m, _) = boot("/games/slots", None, Boot::default());
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
    // The list is asked for again with the filter.
    let asked = http(&fx)
        .into_iter()
        .find(|h| h.path == "/api/game/games")
        .expect("the filtered list");
    assert!(asked
        .query
        .contains(&("providers[]".into(), "novomatic".into())));
    serve(&mut m);
    let v = view(&m);
    assert_eq!(v.games_list.total, 2);
    assert_eq!(v.games_lobby.filter.count, 1);
}

fn played_req() -> Req {
    Req::Games(games::Call::Played)
}

#[test]
fn a_played_list_the_server_did_not_give_is_failed_not_empty_and_can_be_asked_again() {
    let (mut m, _) = player("/recently-played", "PT", Boot::default());
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
    let prefs = Boot {
        stored: croupier_core::app::stored::Kept::default().with(
            croupier_core::app::features::games::played::PLAYED,
            r#"{"7":["novomatic/book-of-ra"],"9":["netent/starburst"]}"#,
        ),
        ..Boot::default()
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
        Boot {
            stored: croupier_core::app::stored::Kept::default().with(
                croupier_core::app::features::games::played::PLAYED,
                r#"{"9":["netent/starburst"]}"#,
            ),
            ..Boot::default()
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
        Boot::default(),
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
        Boot::default(),
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
    let (mut m, fx) = boot("/game/gates-of-olympus", None, Boot::default());
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
    let (mut m, _) = boot("/game/nope", None, Boot::default());
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
        Boot::default(),
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
fn the_lobby_asks_for_the_winners_ticker() {
    // Not in the way of the first paint: asked once the lobby painted.
    let (mut m, fx) = boot("/games", None, Boot::default());
    assert!(!http(&fx)
        .iter()
        .any(|h| h.path == "/api/game/spins/winners"));
    let fx = ui(&mut m, GamesUi::GamesPainted);
    serve(&mut m);
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
    let (mut m, _) = player("/game/gates-of-olympus", "PT", Boot::default());
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

fn synthetic(n: usize) -> Vec<serde_json::Value> {
    (0..n)
        .map(|i| {
            j!({"id": i + 1, "identity": format!("game-{i}"), "name": format!("Game {i} Zephyr"),
            "provider": {"id": 1, "identity": "acme", "name": "Acme"}, "hasDemo": true, "isMobile": true})
        })
        .collect()
}

/// Issue 29: the index is built from `games` pages in popularity order, one page after the
/// other, past the first only once the visitor searches; a late answer of another page changes nothing; a game seen on two pages (the order
/// moved) is indexed once; the index is ready with the last page.
#[test]
fn the_search_index_is_built_from_paged_games_answers() {
    use games::catalogue::Catalogue;
    use games::sweep::{Next, Sweep};
    let all = synthetic(450);
    let mut cat = Catalogue::default();
    let mut sweep = Sweep::default();
    assert_eq!(sweep.start(), Some(1));
    assert_eq!(sweep.start(), None, "started once");
    let p1 = cat.add(&all[0..200]);
    // The first page (a games page painted); the rest wait until the visitor searches.
    assert_eq!(sweep.answered(1, 3, &p1, &cat), Next::Wait);
    assert_eq!(sweep.answered(1, 3, &p1, &cat), Next::Stale, "a repeat");
    assert_eq!(sweep.want(), Some(2));
    assert_eq!(sweep.want(), None, "asked once");
    // Page 2 repeats the last game of page 1.
    let p2 = cat.add(&all[199..400]);
    assert_eq!(sweep.answered(2, 3, &p2, &cat), Next::Ask(3));
    assert!(!sweep.ready);
    let p3 = cat.add(&all[400..]);
    let Next::Done(index) = sweep.answered(3, 3, &p3, &cat) else {
        panic!("ready after the last page");
    };
    assert!(sweep.ready);
    assert_eq!(sweep.order.len(), 450);
    assert_eq!(cat.games.len(), 450, "each game kept once");
    // Typos, over games from every page, popularity order kept.
    let found = index.search("game 449 zepyhr", 5).0;
    assert_eq!(
        cat.games[sweep.order[found[0] as usize] as usize].identity,
        "game-449"
    );
    let found = index.search("zephir game 12", 1).0;
    assert_eq!(
        cat.games[sweep.order[found[0] as usize] as usize].identity,
        "game-12"
    );
}

/// Until the index is ready the search asks the platform (`games/search`) and shows its
/// answer; once the last page is in, a typo finds the game in the client without a call.
#[test]
fn the_search_asks_the_platform_until_the_index_is_ready() {
    let (mut m, _) = boot("/games", None, Boot::default());
    let typed = |m: &mut Model, q: &str| ui(m, GamesUi::GamesSearch { query: q.into() });
    let searched = |fx: &[Effect]| {
        http(fx)
            .into_iter()
            .filter(|h| h.path == "/api/game/games/search")
            .map(|h| h.query.clone())
            .collect::<Vec<_>>()
    };
    let pause = |fx: &[Effect]| {
        fx.iter().find_map(|e| match e {
            Effect::Timer { ms, event, .. } => Some((*ms, (**event).clone())),
            _ => None,
        })
    };
    let fx = typed(&mut m, "swe");
    // The first search asks for the kept index; none kept, the index's pages start in the
    // background at once.
    assert!(fx.iter().any(|e| matches!(
        e,
        Effect::KeptIndex(games::kept::Cmd::Read { key }) if key == "games-index@"
    )));
    let fx = kept_answer(&mut m, None);
    assert!(http(&fx).iter().any(
        |h| h.path == "/api/game/games" && h.query.contains(&("perPage".into(), "200".into()))
    ));
    // The platform is asked once typing pauses, not per keystroke.
    assert!(searched(&fx).is_empty());
    assert!(view(&m).games_search.searching);
    let fx = typed(&mut m, "sweet");
    assert!(searched(&fx).is_empty());
    assert!(fx.iter().any(|e| matches!(e, Effect::CancelTimer(_))));
    let (ms, tick) = pause(&fx).expect("a pause");
    assert_eq!(ms, games::SEARCH_DEBOUNCE_MS);
    let fx = update(&mut m, tick, NOW + 300);
    assert_eq!(
        searched(&fx),
        [vec![("query".to_string(), "sweet".to_string())]]
    );

    respond(
        &mut m,
        Req::Games(games::Call::Search("sweet".into())),
        200,
        j!({"games": [game_json(1)], "providers": []}),
    );
    let v = view(&m).games_search;
    assert!(!v.searching);
    assert_eq!(v.games[0].name, "Sweet Bonanza");
    // Emptied: nothing is asked, and a pause still pending asks nothing either.
    let fx = typed(&mut m, "book");
    let (_, tick) = pause(&fx).expect("a pause");
    let fx2 = typed(&mut m, "  ");
    assert!(pause(&fx2).is_none() && searched(&fx2).is_empty());
    assert!(searched(&update(&mut m, tick, NOW + 300)).is_empty());
    assert!(searched(&fx).is_empty());
    with_catalogue(&mut m);
    assert!(m.f.games.sweep.ready);
    let fx = ui(
        &mut m,
        GamesUi::GamesSearch {
            query: "swet bonanza".into(),
        },
    );
    assert!(!http(&fx).iter().any(|h| h.path == "/api/game/games/search"));
    assert_eq!(view(&m).games_search.games[0].name, "Sweet Bonanza");
}

/// The search box also finds sportsbook events (SPEC §7 `sport/search`): asked once typing
/// pauses, from two characters, whether or not the games index is ready; an answer for an
/// older text is dropped; each event links to its event page under the page's locale.
#[test]
fn the_search_box_finds_sportsbook_events_too() {
    let (mut m, _) = boot("/pt-br/games", None, Boot::default());
    with_catalogue(&mut m);
    let typed = |m: &mut Model, q: &str| ui(m, GamesUi::GamesSearch { query: q.into() });
    let pause = |fx: &[Effect]| {
        fx.iter().find_map(|e| match e {
            Effect::Timer { event, .. } => Some((**event).clone()),
            _ => None,
        })
    };
    let sport = |fx: &[Effect]| {
        http(fx)
            .into_iter()
            .filter(|h| h.path == "/api/game/sport/search")
            .map(|h| h.query.clone())
            .collect::<Vec<_>>()
    };
    // One character: not asked.
    let fx = typed(&mut m, "a");
    assert!(pause(&fx).is_none());
    let fx = typed(&mut m, "arsen");
    assert!(sport(&fx).is_empty(), "not per keystroke");
    let tick = pause(&fx).expect("a pause");
    let fx = update(&mut m, tick, NOW + 300);
    assert_eq!(
        sport(&fx),
        [vec![("query".to_string(), "arsen".to_string())]]
    );
    assert!(
        !http(&fx).iter().any(|h| h.path == "/api/game/games/search"),
        "the ready index answers the games"
    );
    let fx = typed(&mut m, "arsenal");
    let tick = pause(&fx).expect("a pause");
    update(&mut m, tick, NOW + 600);
    // The older text's answer comes late: dropped.
    respond(
        &mut m,
        Req::Games(games::Call::SportSearch("arsen".into())),
        200,
        j!([{"id": 1, "name": "Stale - Answer"}]),
    );
    assert!(view(&m).games_search.sports.is_empty());
    respond(
        &mut m,
        Req::Games(games::Call::SportSearch("arsenal".into())),
        200,
        j!([
            {"id": 42, "name": "Arsenal - Chelsea", "championship": {"name": "Premier League",
              "category": {"name": "England", "sport": {"name": "Soccer"}}}},
            {"id": 7, "name": "  "},
            {"name": "no id"},
            "junk"
        ]),
    );
    let v = view(&m).games_search;
    assert_eq!(v.sports.len(), 1);
    assert_eq!(
        (
            v.sports[0].name.as_str(),
            v.sports[0].detail.as_str(),
            v.sports[0].href.as_str()
        ),
        (
            "Arsenal - Chelsea",
            "Soccer · England · Premier League",
            "/pt-br/sport/event/42"
        )
    );
    assert!(!v.empty, "an event found is not 'nothing found'");
    // Emptied: the events go with the text.
    typed(&mut m, "");
    assert!(view(&m).games_search.sports.is_empty());
}

/// A category page asks `games` a page at a time for the window the grid shows; every call
/// goes through the core's HTTP path (perPage small, the filter in the query).
#[test]
fn a_category_page_asks_the_pages_its_window_shows() {
    let (mut m, _) = boot("/games/slots?features=2", None, Boot::default());
    serve_only(&mut m, games::Call::Collections);
    let page = |p: u32| {
        Req::Games(games::Call::Page {
            query: vec![
                ("collection".into(), "slots".into()),
                ("features[]".into(), "2".into()),
                ("sort".into(), "popular".into()),
            ],
            page: p,
        })
    };
    assert!(m.calls.id_of(&page(1)).is_some(), "the first page");
    assert_eq!(view(&m).games_list.load, games::ListLoad::Loading);
    let games = synthetic(130);
    let answer = |p: usize| {
        let from = (p - 1) * 48;
        let data: Vec<_> = games.iter().skip(from).take(48).cloned().collect();
        j!({"data": data, "meta": {"page": p, "perPage": 48, "totalPages": 3, "totalRows": 130}})
    };
    respond(&mut m, page(1), 200, answer(1));
    let v = view(&m).games_list;
    assert_eq!((v.total, v.tiles.len()), (130, 48));
    assert!(
        m.calls.id_of(&page(2)).is_none(),
        "nothing the grid does not show"
    );
    let fx = ui(
        &mut m,
        GamesUi::GamesWindow {
            from: 60,
            count: 40,
        },
    );
    let asked: Vec<_> = http(&fx)
        .into_iter()
        .filter(|h| h.path == "/api/game/games")
        .map(|h| h.query.clone())
        .collect();
    assert_eq!(asked.len(), 2, "pages 2 and 3: {asked:?}");
    assert!(asked[0].contains(&("perPage".into(), "48".into())));
    // Until page 2 answers the window shows skeletons (no tiles from its first place).
    assert!(view(&m).games_list.tiles.is_empty());
    respond(&mut m, page(2), 200, answer(2));
    let v = view(&m).games_list;
    assert_eq!(v.from, 60);
    assert_eq!(v.tiles[0].identity, "game-60");
    assert_eq!(v.tiles.len(), 36, "up to the end of page 2");
    respond(&mut m, page(3), 200, answer(3));
    assert_eq!(view(&m).games_list.tiles.len(), 40);
}

/// Answers the one call `call` (the other games calls wait).
fn serve_only(m: &mut Model, call: games::Call) {
    let body = match call {
        games::Call::Collections => j!(COLLECTIONS
            .iter()
            .map(
                |(id, name, hidden, countries)| j!({"identity": id, "name": name,
                "isHidden": hidden, "countries": countries, "gamesCount": 0})
            )
            .collect::<Vec<_>>()),
        _ => unreachable!(),
    };
    respond(m, Req::Games(call), 200, body);
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
    let prefs = Boot {
        zone: croupier_core::domain::zone::Zone::fixed(-180),
        ..Boot::default()
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

/// The kept record's text (`kept::Cmd::Write`) among `fx`.
fn kept_write(fx: &[Effect]) -> Option<String> {
    fx.iter().find_map(|e| match e {
        Effect::KeptIndex(games::kept::Cmd::Write { key, text }) if key == "games-index@" => {
            Some(text.clone())
        }
        _ => None,
    })
}

/// The sweep's pages (`perPage=200`) asked in `fx`.
fn sweep_pages(fx: &[Effect]) -> Vec<String> {
    http(fx)
        .into_iter()
        .filter(|h| h.path == "/api/game/games")
        .filter(|h| h.query.contains(&("perPage".into(), "200".into())))
        .filter_map(|h| {
            h.query
                .iter()
                .find(|(k, _)| k == "page")
                .map(|(_, v)| v.clone())
        })
        .collect()
}

/// The kept record reads back as written; a cut, altered, older-format or other platform's
/// record is refused (and the sweep runs as before).
#[test]
fn the_kept_index_round_trips_and_a_corrupt_record_is_refused() {
    use games::catalogue::{Catalogue, Game};
    use games::kept::{self, Record};
    let odd = Game {
        id: 99,
        identity: "odd\\game".into(),
        name: "Tab\there\nand a line\r\\ end".into(),
        provider: 1,
        flags: 3,
    };
    let mut cat = Catalogue::default();
    let places = cat.add(&serde_to_json(&synthetic(450)));
    let mut rec = Record::from_sweep(kept::key(""), NOW, 450, 200, &places, &cat);
    rec.providers
        .push(("odd\tprovider".into(), "Odd \\ Provider".into()));
    let last = (rec.providers.len() - 1) as u16;
    rec.games.push(Game {
        provider: last,
        ..odd.clone()
    });
    let text = rec.encode();
    let back = Record::decode(&text, &kept::key("")).expect("reads back");
    assert_eq!(back, rec);
    assert_eq!(back.games.last().unwrap().name, odd.name);
    // The compact form is far smaller than the pages it came from.
    assert!(text.len() < 450 * 60, "{} bytes", text.len());

    let key = kept::key("");
    let refused = |t: &str| Record::decode(t, &key).is_none();
    assert!(refused(&text[..text.len() / 2]), "cut short");
    assert!(refused(&text[..text.len() - 2]), "the last line cut");
    assert!(
        refused(&text.replacen(kept::FORMAT, "croupier-games-index 0", 1)),
        "older format"
    );
    assert!(
        Record::decode(&text, &kept::key("https://other.example")).is_none(),
        "another platform"
    );
    assert!(
        refused(&format!("{text}junk\n")),
        "something after the last game"
    );
    assert!(
        refused(&text.replacen("\t451\n", "\t452\n", 1)),
        "a count that lies"
    );
    assert!(refused(&text.replacen("\\\\", "\\q", 1)), "a broken escape");
    assert!(
        refused(&text.replacen("\tGame 0 Zephyr\t0\t", "\tGame 0 Zephyr\t77\t", 1)),
        "no such provider"
    );
    assert!(refused(""));
    assert!(refused("\u{0}\u{ffff}garbage"));

    // The index built from the record finds what the sweep's index finds.
    let mut cat2 = Catalogue::default();
    let order = back.install(&mut cat2);
    assert_eq!(order.len(), 451);
    let index = kept::index_of(&order, &cat2);
    let found = index.search("game 42", 3).0;
    assert_eq!(
        cat2.games[order[found[0] as usize] as usize].identity,
        "game-42"
    );
    // A game twice in a record is kept once.
    let mut twice = back.clone();
    twice.games.push(twice.games[0].clone());
    let mut cat3 = Catalogue::default();
    let order = twice.install(&mut cat3);
    assert_eq!((order.len(), cat3.games.len()), (452, 451));
    assert_eq!(order[451], order[0]);
}

fn serde_to_json(v: &[serde_json::Value]) -> Vec<croupier_core::json::Json> {
    v.iter()
        .map(|g| croupier_core::json::parse(&g.to_string()).unwrap())
        .collect()
}

/// The revalidation rule: young records are used as they are, older ones checked against the
/// first page (same `totalRows`, same games in any order), very old ones swept again.
#[test]
fn the_kept_index_revalidation_rule() {
    use games::kept::{first_page_agrees, verdict, Verdict, MAX_AGE_MS, TRUST_MS};
    assert_eq!(verdict(NOW, NOW), Verdict::Fresh);
    assert_eq!(verdict(NOW, NOW + TRUST_MS - 1), Verdict::Fresh);
    assert_eq!(verdict(NOW, NOW + TRUST_MS), Verdict::Check);
    assert_eq!(verdict(NOW, NOW + MAX_AGE_MS - 1), Verdict::Check);
    assert_eq!(verdict(NOW, NOW + MAX_AGE_MS), Verdict::Stale);
    assert_eq!(
        verdict(NOW, NOW - 1),
        Verdict::Check,
        "a clock that went back"
    );
    let kept: Vec<String> = vec!["a".into(), "b".into(), "c".into()];
    assert!(
        first_page_agrees(500, &kept, 500, &["c", "a", "b"]),
        "reordered"
    );
    assert!(
        !first_page_agrees(500, &kept, 501, &["a", "b", "c"]),
        "a game more"
    );
    assert!(
        !first_page_agrees(500, &kept, 500, &["a", "b", "d"]),
        "another game"
    );
    assert!(
        !first_page_agrees(500, &kept, 500, &["a", "b"]),
        "a shorter page"
    );
}

/// A finished sweep is kept; the next visit's search answers from it at once (no sweep page,
/// no platform search); an hour later the first page is compared; a changed first page makes a
/// new sweep that replaces it; a week later it answers and is swept again on the first search.
#[test]
fn a_kept_index_answers_the_next_visit_and_is_revalidated() {
    // Visit 1: nothing kept, the sweep runs and its end is written.
    let (mut m, _) = boot("/games", None, Boot::default());
    ui(&mut m, GamesUi::GamesPainted);
    let fx = kept_answer(&mut m, None);
    assert_eq!(sweep_pages(&fx), ["1"]);
    let fx = serve(&mut m);
    let text = kept_write(&fx).expect("the finished sweep is kept");
    assert!(text.starts_with(games::kept::FORMAT));

    let search = |m: &mut Model, q: &str| ui(m, GamesUi::GamesSearch { query: q.into() });
    let platform_search =
        |fx: &[Effect]| http(fx).iter().any(|h| h.path == "/api/game/games/search");
    let visit = |text: &str, at: u64| {
        let (mut m, _) = boot("/games", None, Boot::default());
        let fx = ui(&mut m, GamesUi::GamesPainted);
        assert!(
            sweep_pages(&fx).is_empty(),
            "the sweep waits for the record"
        );
        let fx = kept_answer_at(&mut m, Some(text.to_string()), at);
        (m, fx)
    };

    // Visit 2, a minute later: the record answers at once; nothing is asked.
    let (mut m, fx) = visit(&text, NOW + 60_000);
    assert!(sweep_pages(&fx).is_empty());
    let fx = search(&mut m, "swet bonanza");
    assert!(sweep_pages(&fx).is_empty() && !platform_search(&fx));
    let v = view(&m).games_search;
    assert!(!v.searching);
    assert_eq!(v.games[0].name, "Sweet Bonanza");
    // Bonus cards and played games learn the games from the record too.
    assert!(m.f.games.cat.game("starburst").is_some());

    // A search typed before the record is read waits for the platform; once the record is in,
    // the index answers and nothing waits any more ("no games" shows).
    let (mut m, _) = boot("/games", None, Boot::default());
    ui(&mut m, GamesUi::GamesPainted);
    search(&mut m, "zzyzx qwerty");
    assert!(view(&m).games_search.searching);
    kept_answer(&mut m, Some(text.clone()));
    let v = view(&m).games_search;
    assert!(!v.searching && v.empty);

    // Visit 3, an hour later: the first page is asked and agrees (a list of more than one
    // page here); the search stays local and the next pages are not asked.
    let (mut m, fx) = visit(&text, NOW + 3_600_000);
    assert_eq!(sweep_pages(&fx), ["1"]);
    let page1 = || {
        games_page(&[
            ("page".into(), "1".into()),
            ("perPage".into(), "200".into()),
        ])
    };
    let mut page = page1();
    page["meta"]["totalPages"] = j!(2);
    let fx = respond(&mut m, Req::Games(games::Call::Sweep(1)), 200, page);
    assert!(sweep_pages(&fx).is_empty() && kept_write(&fx).is_none());
    let fx = search(&mut m, "book of ra");
    assert!(
        sweep_pages(&fx).is_empty() && !platform_search(&fx),
        "{fx:?}"
    );
    assert_eq!(view(&m).games_search.games[0].name, "Book of Ra");

    // Visit 4, an hour later, a game more on the platform: the first page disagrees, the new
    // sweep (one page here) replaces the index and the record.
    let (mut m, _) = visit(&text, NOW + 3_600_000);
    let mut page = games_page(&[
        ("page".into(), "1".into()),
        ("perPage".into(), "200".into()),
    ]);
    let new = j!({"id": 500, "identity": "fresh-fruits", "name": "Fresh Fruits",
        "provider": {"id": 1, "identity": "pragmatic-play", "name": "Pragmatic Play"}});
    page["data"].as_array_mut().unwrap().insert(0, new);
    page["meta"]["totalRows"] = j!(NAMES.len() + 1);
    let fx = respond(&mut m, Req::Games(games::Call::Sweep(1)), 200, page);
    let newer = kept_write(&fx).expect("the new sweep is kept");
    assert!(newer.contains("fresh-fruits"));
    search(&mut m, "fresh fruit");
    assert_eq!(view(&m).games_search.games[0].name, "Fresh Fruits");

    // The same, with a longer list and a search typed before the first page answered: the
    // new sweep goes on to the next page at once.
    let (mut m, _) = visit(&text, NOW + 3_600_000);
    search(&mut m, "book");
    let mut page = page1();
    page["meta"]["totalRows"] = j!(400);
    page["meta"]["totalPages"] = j!(2);
    let fx = respond(&mut m, Req::Games(games::Call::Sweep(1)), 200, page);
    assert_eq!(sweep_pages(&fx), ["2"]);

    // Visit 5, eight days later: the old record answers at once, and the first search sweeps
    // again in the background.
    let (mut m, fx) = visit(&text, NOW + 8 * 86_400_000);
    assert!(sweep_pages(&fx).is_empty());
    let fx = search(&mut m, "starbrust");
    assert_eq!(view(&m).games_search.games[0].name, "Starburst");
    assert!(!platform_search(&fx));
    assert_eq!(sweep_pages(&fx), ["1"]);

    // A corrupt record is logged and the sweep runs as before.
    let (mut m, _) = boot("/games", None, Boot::default());
    ui(&mut m, GamesUi::GamesPainted);
    let fx = kept_answer(&mut m, Some(text[..text.len() / 3].to_string()));
    assert!(fx.iter().any(
        |e| matches!(e, Effect::Log { message, .. } if message.contains("kept search index"))
    ));
    assert_eq!(sweep_pages(&fx), ["1"]);
    assert!(!m.f.games.index_ready);
}

/// SPEC §7 `games` pages need `data` and `meta.totalRows`: one without is a failed page, logged
/// with the reason; games in it without an identity or a name are left out.
#[test]
fn a_games_page_without_its_total_fails_with_the_reason_logged() {
    let (mut m, _) = boot("/games/slots", None, Boot::default());
    serve_only(&mut m, games::Call::Collections);
    let page = Req::Games(games::Call::Page {
        query: vec![
            ("collection".into(), "slots".into()),
            ("sort".into(), "popular".into()),
        ],
        page: 1,
    });
    let fx = respond(
        &mut m,
        page.clone(),
        200,
        j!({"data": [game_json(0)], "meta": {"totalPages": 1}}),
    );
    assert!(fx.iter().any(|e| matches!(e, Effect::Log { message, .. }
        if message.starts_with("games: page: not a page: missing field `totalRows`"))));
    assert_eq!(view(&m).games_list.load, games::ListLoad::Failed);

    let (mut m, _) = boot("/games/slots", None, Boot::default());
    serve_only(&mut m, games::Call::Collections);
    let odd = j!({"identity": "no-name", "provider": {"identity": "p", "name": "P"}});
    respond(
        &mut m,
        page,
        200,
        j!({"data": [game_json(0), odd, "odd"], "meta": {"totalRows": 1.0, "totalPages": "x"}}),
    );
    let v = view(&m).games_list;
    assert_eq!(v.load, games::ListLoad::Ready);
    assert_eq!(v.total, 1);
}
