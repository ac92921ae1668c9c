//! Bonuses (issue 12) in real browsers (Chrome and Firefox): the requests the bonus calls
//! build (bracket arrays, PUT with a JSON body, DELETE with a body), a view intent read from a
//! JS object through the engine, and the slice the runtime hands to the view.

use croupier_core::app::features::bonuses::{self, wire::Kind};
use croupier_core::app::{CallId, Config, Guard, HttpRequest, Req, UiEvent};
use croupier_core::runtime::{http, js_json, Runtime};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

fn config() -> Config {
    Config {
        api_base: "http://127.0.0.1:9".into(),
        origin: "https://croupier.test".into(),
        ..Config::default()
    }
}

fn request_for(req: Req, body: Option<serde_json::Value>) -> HttpRequest {
    let route = req.endpoint();
    HttpRequest {
        id: CallId(1),
        method: route.method,
        path: route.path,
        query: route.query,
        body,
        bearer: Some("h.p.s".into()),
        source_platform: route.source_platform,
        guarded: Guard::None,
        file_input: None,
        req,
    }
}

fn get(v: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(v, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
}

fn build(req: Req, body: Option<serde_json::Value>) -> gloo_net::http::Request {
    http::build(&http::Base::from(&config()), &request_for(req, body), None).unwrap()
}

#[wasm_bindgen_test]
fn lists_ask_by_status_and_currency_in_the_bracket_form() {
    let built = build(
        Req::Bonuses(bonuses::Call::List(Kind::Bonus, "USD".into())),
        None,
    );
    assert_eq!(
        built.url(),
        "http://127.0.0.1:9/api/game/player-bonuses?status[]=1&status[]=2&currency[]=USD"
    );
    assert_eq!(built.headers().get("x-source"), None);
    let built = build(Req::Bonuses(bonuses::Call::Quests("EUR".into())), None);
    assert_eq!(
        built.url(),
        "http://127.0.0.1:9/api/retention/quests?state[]=1&state[]=2&currency=EUR"
    );
}

#[wasm_bindgen_test]
fn a_forced_cancel_is_a_put_with_json_and_a_code_removal_a_delete_with_its_id() {
    let built = build(
        Req::Bonuses(bonuses::Call::Cancel(Kind::Freespin, 9)),
        Some(serde_json::json!({"force": true})),
    );
    assert_eq!(
        built.url(),
        "http://127.0.0.1:9/api/game/player-freespins/9/cancel"
    );
    assert_eq!(
        built.headers().get("content-type").as_deref(),
        Some("application/json")
    );
    let raw: web_sys::Request = built.into();
    assert_eq!(raw.method(), "PUT");
    let built = build(
        Req::Bonuses(bonuses::Call::DeleteCode(4)),
        Some(serde_json::json!({"playerBonusCodeId": 4})),
    );
    assert_eq!(
        built.url(),
        "http://127.0.0.1:9/api/game/bonuses/bonuscodes"
    );
    let raw: web_sys::Request = built.into();
    assert_eq!(raw.method(), "DELETE");
}

#[wasm_bindgen_test]
fn intents_are_read_from_js_objects_and_bad_ones_name_the_field() {
    let event =
        js_sys::JSON::parse(r#"{"type":"bonusAsk","kind":"freespin","id":3,"action":"cancel"}"#)
            .unwrap();
    let read = js_json(&event).and_then(UiEvent::read_now).unwrap();
    assert!(format!("{read:?}").contains("BonusAsk"));
    let bad = js_sys::JSON::parse(r#"{"type":"bonusAsk","kind":"cash","id":3,"action":"cancel"}"#)
        .unwrap();
    let err = js_json(&bad).and_then(UiEvent::read_now).unwrap_err();
    assert!(err.contains("kind"), "{err}");
    let none = js_sys::JSON::parse(r#"{"type":"chooseDepositBonus","id":null}"#).unwrap();
    assert!(js_json(&none).and_then(UiEvent::read_now).is_ok());
}

#[wasm_bindgen_test]
async fn a_guest_runtime_shows_an_empty_bonuses_slice_without_quests_or_loyalty() {
    let rt = Runtime::new(config());
    rt.start();
    // A guest's page never loads the group: its slice is the first view's, not built here.
    assert!(get(&rt.view(), "bonuses").is_undefined());
    rt.dispatch(croupier_core::app::Event::LoadGroup(
        croupier_core::app::registry::GroupId::bonuses,
    ));
    crate::group_ready(|| rt.view(), "bonuses").await;
    let b = get(&rt.view(), "bonuses");
    assert_eq!(js_sys::Array::from(&get(&b, "items")).length(), 0);
    assert_eq!(get(&b, "loaded").as_bool(), Some(false));
    assert!(get(&b, "quests").is_undefined() || get(&b, "quests").is_null());
    assert!(get(&b, "loyalty").is_undefined() || get(&b, "loyalty").is_null());
}
