//! The messenger mini-app in Chrome and Firefox: detection from the launch data the page hands
//! the core (JS config object -> platform tg, source = bot URL), and the whole runtime loop
//! against a real sandbox: sign-in from signed init data, the messenger sync, source/platform
//! as the server stored them. Run through scripts/with-sandbox.sh (see sandbox.rs).

use crate::sandbox_url;
use croupier_core::app::Config;
use croupier_core::bindings::Core;
use croupier_core::runtime::{http, storage};
use wasm_bindgen_test::*;

const BOT: &str = "https://t.me/croupier_bot";

fn js(text: &str) -> wasm_bindgen::JsValue {
    js_sys::JSON::parse(text).unwrap()
}

fn view_text(core: &Core, slice: &str) -> String {
    let v = js_sys::Reflect::get(&core.view(), &slice.into()).unwrap();
    js_sys::JSON::stringify(&v).unwrap().into()
}

#[wasm_bindgen_test]
fn launch_data_in_the_config_is_the_miniapp() {
    let with = croupier_core::json_js::from_value(&js(&format!(
        r#"{{"platform":"web","origin":"https://c.example","miniapp":{{"initDataRaw":"a=1&hash=x","botUrl":"{BOT}","user":{{"id":5,"name":"Ann"}}}}}}"#
    )))
    .unwrap();
    let c = Config::read(&with);
    assert_eq!(c.platform, "tg");
    assert_eq!(
        http::Base::from(&c).origin,
        BOT,
        "requests send the bot URL"
    );
    let without = croupier_core::json_js::from_value(&js(
        r#"{"origin":"https://c.example","miniapp":{"initDataRaw":""}}"#,
    ))
    .unwrap();
    let c = Config::read(&without);
    assert_eq!(c.platform, "web");
    assert_eq!(http::Base::from(&c).origin, "https://c.example");
    // The view says so from the first frame.
    let core = Core::new(js(r#"{"miniapp":{"initDataRaw":"a=1&hash=x"}}"#));
    assert!(view_text(&core, "miniapp").contains(r#""active":true"#));
    let web = Core::new(js("{}"));
    assert!(view_text(&web, "miniapp").contains(r#""active":false"#));
}

async fn fetch_json(method: &str, path: &str, body: Option<String>) -> serde_json::Value {
    let url = format!("{}{path}", sandbox_url());
    let req = match method {
        "POST" => gloo_net::http::Request::post(&url),
        _ => gloo_net::http::Request::get(&url),
    };
    let res = match body {
        Some(b) => req
            .header("Content-Type", "application/json")
            .body(b)
            .unwrap()
            .send()
            .await
            .unwrap(),
        None => req.send().await.unwrap(),
    };
    let text = res.text().await.unwrap();
    assert!(res.ok(), "{method} {path}: {} {text}", res.status());
    serde_json::from_str(&text).unwrap()
}

#[wasm_bindgen_test]
async fn the_runtime_signs_in_from_the_launch_data_and_syncs() {
    storage::clear_token();
    let id = 900_000 + (js_sys::Date::now() as i64 % 100_000);
    let signed = fetch_json(
        "POST",
        "/api/_control/tg/sign",
        Some(format!(
            r#"{{"user":{{"id":{id},"first_name":"Web","username":"web{id}"}},"startParam":"ref1"}}"#
        )),
    )
    .await;
    let raw = signed["initData"].as_str().unwrap();
    let config = serde_json::json!({
        "apiBase": sandbox_url(),
        "miniapp": {
            "initDataRaw": raw,
            "botUrl": BOT,
            "startParam": "ref1",
            "user": {"id": id, "username": format!("web{id}"), "name": "Web Tester"}
        }
    });
    let core = Core::new(js(&config.to_string()));
    core.start();
    let mut synced = serde_json::Value::Null;
    for _ in 0..200 {
        if view_text(&core, "session").contains("\"player\"") {
            synced = fetch_json("GET", &format!("/api/_control/tg/users/{id}"), None).await;
            // The sandbox has the sync, and the core has read the profile's answer (an
            // answer is read a timer turn after it lands).
            if synced["name"] == "Web Tester" && view_text(&core, "session").contains("Web") {
                break;
            }
        }
        gloo_timers::future::TimeoutFuture::new(50).await;
    }
    assert_eq!(synced["name"], "Web Tester", "{synced}");
    assert_eq!(synced["session"]["source"], BOT);
    assert_eq!(synced["session"]["platform"], "tg");
    assert!(
        view_text(&core, "session").contains("Web"),
        "{}",
        view_text(&core, "session")
    );
    storage::clear_token();
}
