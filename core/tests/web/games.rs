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

const CATALOGUE: &str =
    "croupier-catalogue 1\nP\t1\tnovomatic\tNovomatic\nP\t2\tplayn-go\tPlay'n GO\n\
C\tpopular\tPopular\t0\t\nF\t1\tFree spins\n\tBook of Ra\t0\t1\t1\t1\n\tBook of Dead\t1\t1\t1\t1\n\
\tCafé Olé\t1\t1\t0\t1\n";

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

#[wasm_bindgen_test]
fn the_search_index_answers_inside_the_browser() {
    let rt = Runtime::new(config());
    rt.start();
    rt.dispatch(Event::Ui(
        GamesUi::GamesCatalogue {
            text: CATALOGUE.into(),
        }
        .into(),
    ));
    for (query, first) in [
        ("book of ra", "book-of-ra"),
        ("bok of dead", "book-of-dead"),
        ("CAFE ole", "cafe-ole"),
    ] {
        rt.dispatch(Event::Ui(
            GamesUi::GamesSearch {
                query: query.into(),
            }
            .into(),
        ));
        let games = get(&get(&rt.view(), "gamesSearch"), "games");
        let top = get(&js_sys::Array::from(&games).get(0), "identity");
        assert_eq!(top.as_string().as_deref(), Some(first), "{query}");
    }
    rt.dispatch(Event::Ui(
        GamesUi::GamesSearch {
            query: "🎰".into()
        }
        .into(),
    ));
    assert_eq!(
        get(&get(&rt.view(), "gamesSearch"), "empty").as_bool(),
        Some(true)
    );
}
