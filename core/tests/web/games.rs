//! Games in real browsers (Chrome and Firefox): returnGame read back from sessionStorage by a
//! fresh runtime (a reload), the played-games list written to localStorage in the SPEC §9 shape,
//! and the search index built and queried inside the wasm runtime.

use croupier_core::app::features::games::launch::RETURN_GAME_KEY;
use croupier_core::app::features::games::played::PLAYED_KEY;
use croupier_core::app::features::games::GamesUi;
use croupier_core::app::{Config, Event};
use croupier_core::runtime::{storage, Runtime};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

fn config() -> Config {
    Config {
        api_base: "http://127.0.0.1:9".into(),
        ..Config::default()
    }
}

fn get(v: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(v, &key.into()).unwrap_or(JsValue::UNDEFINED)
}

/// A SPEC §7 `games` page, as the index's sweep reads it.
const PAGE: &str = r#"{"data": [
  {"id": 1, "identity": "book-of-ra", "name": "Book of Ra", "provider": {"id": 1, "identity": "novomatic", "name": "Novomatic"}, "hasDemo": true, "isMobile": true, "features": [1]},
  {"id": 2, "identity": "book-of-dead", "name": "Book of Dead", "provider": {"id": 2, "identity": "playn-go", "name": "Play'n GO"}, "hasDemo": true, "isMobile": true, "features": [1]},
  {"id": 3, "identity": "cafe-ole", "name": "Café Olé", "provider": {"id": 2, "identity": "playn-go", "name": "Play'n GO"}, "hasDemo": true, "isMobile": true, "features": []}
], "meta": {"page": 1, "perPage": 200, "totalPages": 1, "totalRows": 3}}"#;

#[wasm_bindgen_test]
fn a_reload_reads_return_game_back() {
    storage::session_set(RETURN_GAME_KEY, Some("/games/slots?sort=name"));
    let rt = Runtime::new(config());
    rt.start();
    let play = get(&rt.view(), "gamesPlay");
    assert_eq!(
        get(&play, "back").as_string().as_deref(),
        Some("/games/slots?sort=name")
    );
    storage::session_set(RETURN_GAME_KEY, None);
    assert_eq!(storage::session_get(RETURN_GAME_KEY), None);
}

#[wasm_bindgen_test]
fn the_played_list_round_trips_through_local_storage() {
    let stored = r#"{"7":["novomatic/book-of-ra"],"9":["netent/starburst"]}"#;
    storage::local_set(PLAYED_KEY, Some(stored));
    assert_eq!(storage::local_get(PLAYED_KEY).as_deref(), Some(stored));
    let parsed: serde_json::Value =
        serde_json::from_str(&storage::local_get(PLAYED_KEY).unwrap()).unwrap();
    assert_eq!(parsed["7"][0], "novomatic/book-of-ra");
    storage::local_set(PLAYED_KEY, None);
    assert_eq!(storage::local_get(PLAYED_KEY), None);
}

/// The index built from a `games` page read by the browser's JSON parser, searched in the wasm.
#[wasm_bindgen_test]
fn the_search_index_answers_inside_the_browser() {
    use croupier_core::app::features::games::catalogue::{self, Catalogue};
    use croupier_core::app::features::games::sweep::{Next, Sweep};
    let json = croupier_core::json::parse(PAGE).expect("a page");
    let page = catalogue::page(&json).expect("a games page");
    let mut cat = Catalogue::default();
    let mut sweep = Sweep::default();
    assert_eq!(sweep.want(), Some(1));
    let places = cat.add(&page.data);
    let Next::Done(index) = sweep.answered(1, page.meta.total_pages, &places, &cat) else {
        panic!("one page is the whole list");
    };
    for (query, first) in [
        ("book of ra", "book-of-ra"),
        ("bok of dead", "book-of-dead"),
        ("CAFE ole", "cafe-ole"),
    ] {
        let found = index.search(query, 10).0;
        let top = &cat.games[sweep.order[found[0] as usize] as usize].identity;
        assert_eq!(top, first, "{query}");
    }
    assert!(index.search("🎰", 10).0.is_empty());
    // The runtime starts with no index: a search waits for the platform's answer.
    let rt = Runtime::new(config());
    rt.start();
    rt.dispatch(Event::Ui(
        GamesUi::GamesSearch {
            query: "book".into(),
        }
        .into(),
    ));
    assert_eq!(
        get(&get(&rt.view(), "gamesSearch"), "searching").as_bool(),
        Some(true)
    );
}

/// Waits (up to about 2 s) until the runtime's view passes `done`.
async fn until(rt: &Runtime, what: &str, done: impl Fn(&JsValue) -> bool) -> JsValue {
    for _ in 0..80 {
        let v = rt.view();
        if done(&v) {
            return v;
        }
        gloo_timers::future::TimeoutFuture::new(25).await;
    }
    panic!("never: {what}");
}

fn first_found(view: &JsValue) -> Option<String> {
    let games = get(&get(view, "gamesSearch"), "games");
    js_sys::Array::from(&games).get(0).is_object().then(|| {
        get(&js_sys::Array::from(&games).get(0), "identity")
            .as_string()
            .unwrap_or_default()
    })
}

/// A finished sweep's record, written to IndexedDB the way the runtime writes it, is read by a
/// fresh runtime (a reload): its first search answers from the kept index while the platform
/// is unreachable (`config()` points at a closed port), so no sweep built it. A corrupt record
/// is passed over: the search then waits for the platform.
#[wasm_bindgen_test]
async fn a_reload_finds_the_kept_index_without_a_sweep() {
    use croupier_core::app::features::games::catalogue::{self, Catalogue};
    use croupier_core::app::features::games::kept::{self, Record};
    use croupier_core::runtime::kept as store;
    let key = kept::key(&config().api_base);
    let json = croupier_core::json::parse(PAGE).expect("a page");
    let page = catalogue::page(&json).expect("a games page");
    let mut cat = Catalogue::default();
    let order = cat.add(&page.data);
    let now = js_sys::Date::now() as u64;
    let text = Record::from_sweep(key.clone(), now, 3, 3, &order, &cat).encode();
    store::write(&key, &text).await.expect("IndexedDB keeps it");
    assert_eq!(
        store::read(&key).await.expect("read").as_deref(),
        Some(text.as_str())
    );

    let rt = Runtime::new(config());
    rt.start();
    rt.dispatch(Event::Ui(GamesUi::GamesPainted.into()));
    // The read is a task of its own; then a typo finds the game in the client.
    let search = |q: &str| {
        rt.dispatch(Event::Ui(GamesUi::GamesSearch { query: q.into() }.into()));
    };
    let v = until(&rt, "the kept index answers", |_| {
        search("bok of dead");
        first_found(&rt.view()).is_some()
    })
    .await;
    assert_eq!(first_found(&v).as_deref(), Some("book-of-dead"));
    assert_eq!(
        get(&get(&v, "gamesSearch"), "searching").as_bool(),
        Some(false)
    );

    // A corrupt record: a fresh runtime passes it over and asks the platform.
    store::write(&key, &text[..text.len() / 2])
        .await
        .expect("written");
    let rt = Runtime::new(config());
    rt.start();
    rt.dispatch(Event::Ui(GamesUi::GamesPainted.into()));
    gloo_timers::future::TimeoutFuture::new(200).await;
    rt.dispatch(Event::Ui(
        GamesUi::GamesSearch {
            query: "book".into(),
        }
        .into(),
    ));
    let v = rt.view();
    assert_eq!(first_found(&v), None);
    assert_eq!(
        get(&get(&v, "gamesSearch"), "searching").as_bool(),
        Some(true)
    );
    store::delete(&key).await.expect("removed");
    assert_eq!(store::read(&key).await.expect("read"), None);
}
