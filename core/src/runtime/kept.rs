//! Records kept across visits in the browser's IndexedDB (`kept.js`): today the games search
//! index (`app::features::games::kept`). A read is answered with `GamesTick::Kept`; any storage
//! failure (none in this browser, private mode, quota) is logged and reads as "none kept", so
//! the index is swept as it was before.

use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;

use crate::app::features::games::kept::Cmd;
use crate::app::features::games::GamesTick;
use crate::app::{Event, Tick};

use super::Runtime;

#[wasm_bindgen(module = "/src/runtime/kept.js")]
extern "C" {
    fn kept_get(key: &str) -> js_sys::Promise;
    fn kept_put(key: &str, text: &str) -> js_sys::Promise;
    fn kept_delete(key: &str) -> js_sys::Promise;
}

/// The text kept at `key` (`Ok(None)`: nothing kept).
pub async fn read(key: &str) -> Result<Option<String>, JsValue> {
    Ok(JsFuture::from(kept_get(key)).await?.as_string())
}

pub async fn write(key: &str, text: &str) -> Result<(), JsValue> {
    JsFuture::from(kept_put(key, text)).await.map(|_| ())
}

pub async fn delete(key: &str) -> Result<(), JsValue> {
    JsFuture::from(kept_delete(key)).await.map(|_| ())
}

fn warn(what: &str, key: &str, e: &JsValue) {
    web_sys::console::warn_2(&format!("kept record {key}: {what} failed").into(), e);
}

pub fn perform(rt: &Rc<Runtime>, cmd: Cmd) {
    let rt = Rc::clone(rt);
    wasm_bindgen_futures::spawn_local(async move {
        match cmd {
            Cmd::Read { key } => {
                let text = read(&key).await.unwrap_or_else(|e| {
                    warn("read", &key, &e);
                    None
                });
                rt.dispatch(Event::Tick(Tick::Games(GamesTick::Kept(text))));
            }
            Cmd::Write { key, text } => {
                if let Err(e) = write(&key, &text).await {
                    warn("write", &key, &e);
                }
            }
        }
    });
}
