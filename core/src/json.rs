//! JSON at the core's edges, with maintained libraries: `serde_json::Value` is the dynamic
//! value (Centrifuge frames, pushes, request bodies); text is parsed and written by the
//! browser's engine (`JSON.parse`/`JSON.stringify`) and read into typed values with
//! serde-wasm-bindgen, so serde_json's text parser and float printer stay out of the wasm.
//! Native builds (tests, tools) use serde_json for text. See docs/ARCHITECTURE.md "Boundary".

use serde::de::DeserializeOwned;
use serde::Serialize;

pub use serde_json::{json, Map, Number, Value as Json};

/// Parse JSON text into `T`; the error is a short reason for logs.
pub fn from_str<T: DeserializeOwned>(text: &str) -> Result<T, String> {
    #[cfg(target_arch = "wasm32")]
    {
        let value = js_sys::JSON::parse(text).map_err(|_| "not JSON".to_string())?;
        serde_wasm_bindgen::from_value(value).map_err(|e| e.to_string())
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        serde_json::from_str(text).map_err(|e| e.to_string())
    }
}

/// JSON text as a dynamic value.
pub fn parse(text: &str) -> Result<Json, String> {
    from_str(text)
}

/// A dynamic value into `T`.
pub fn from_json<T: DeserializeOwned>(json: Json) -> Result<T, String> {
    serde_json::from_value(json).map_err(|e| e.to_string())
}

/// `value` as compact JSON text, or None if its `Serialize` impl fails.
pub fn to_string<T: ?Sized + Serialize>(value: &T) -> Option<String> {
    #[cfg(target_arch = "wasm32")]
    {
        let js = value.serialize(&crate::json::js_serializer()).ok()?;
        js_sys::JSON::stringify(&js).ok()?.as_string()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        serde_json::to_string(value).ok()
    }
}

/// `value` as a dynamic value.
pub fn to_json<T: ?Sized + Serialize>(value: &T) -> Option<Json> {
    serde_json::to_value(value).ok()
}

/// The serializer of view slices: maps as plain objects, `None` as `undefined` (left out
/// where the type says so), integers as numbers.
#[cfg(target_arch = "wasm32")]
pub fn js_serializer() -> serde_wasm_bindgen::Serializer {
    serde_wasm_bindgen::Serializer::new().serialize_maps_as_objects(true)
}

/// Serialize a map as an object even when empty (litemap writes an empty map as `[]` to
/// human-readable formats, since it cannot see its key type).
pub fn map_as_object<K, V, S>(map: &litemap::LiteMap<K, V>, s: S) -> Result<S::Ok, S::Error>
where
    K: Serialize + Ord,
    V: Serialize,
    S: serde::Serializer,
{
    use serde::ser::SerializeMap;
    let mut out = s.serialize_map(Some(map.len()))?;
    for (k, v) in map.iter() {
        out.serialize_entry(k, v)?;
    }
    out.end()
}
