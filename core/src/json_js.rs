//! JSON between the browser's engine and the core. A plain JS value from the view (an event,
//! the config) is written by the engine (`JSON.stringify`) and read by serde_json, as API
//! answers are; a view slice's JSON text is parsed by the engine (`json_js.js` `viewValue`).
//! (Until session 47 the engine also parsed every API answer and laid the value out flat for
//! the core; serde_json reading the text itself measured 2-4x faster: docs/ARCHITECTURE.md
//! "Boundary".)

use wasm_bindgen::prelude::*;

use crate::json::Json;

#[wasm_bindgen(module = "/src/json_js.js")]
extern "C" {
    #[wasm_bindgen(js_name = viewValue, catch)]
    fn view_value(text: &str) -> Result<JsValue, JsValue>;
}

/// A view value's JSON text parsed by the engine, an object's `null` members left out (the
/// view reads them as `undefined`); nulls in arrays stay.
pub fn view_from_text(text: &str) -> Option<JsValue> {
    view_value(text).ok()
}

/// A plain JS value (an event, the config) as a dynamic value, copied through JSON first: a
/// cycle, a BigInt or `undefined` is an error, and what JSON drops (a function, an `undefined`
/// member) is dropped. Nesting deeper than serde_json's limit (128) is an error.
pub fn from_value(value: &JsValue) -> Result<Json, String> {
    let text = js_sys::JSON::stringify(value)
        .ok()
        // `undefined` (and a function) stringify to `undefined`, not to a string.
        .and_then(|s| s.as_string())
        .ok_or_else(|| "not JSON".to_string())?;
    crate::json::parse(&text)
}
