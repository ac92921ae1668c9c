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
    let places = cat.add(page.games);
    let Next::Done(index) = sweep.answered(1, page.total_pages, &places, &cat) else {
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
