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

/// A borrowed map that serializes as an object even when empty ([`map_as_object`]), for a
/// map sent as a view slice of its own.
pub struct Object<'a, K, V>(pub &'a litemap::LiteMap<K, V>);

impl<K: Serialize + Ord, V: Serialize> Serialize for Object<'_, K, V> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        map_as_object(self.0, s)
    }
}

/// Read a map into a `LiteMap` from a JSON object only. litemap's own reader also takes a
/// sequence of pairs, and that second path costs ~6 KB of wasm per map type (measured, see
/// docs/ARCHITECTURE.md "Boundary"); API bodies are always objects.
pub fn map_only<'de, K, V, D>(d: D) -> Result<litemap::LiteMap<K, V>, D::Error>
where
    K: serde::Deserialize<'de> + Ord,
    V: serde::Deserialize<'de>,
    D: serde::Deserializer<'de>,
{
    struct Visit<K, V>(std::marker::PhantomData<(K, V)>);
    impl<'de, K, V> serde::de::Visitor<'de> for Visit<K, V>
    where
        K: serde::Deserialize<'de> + Ord,
        V: serde::Deserialize<'de>,
    {
        type Value = litemap::LiteMap<K, V>;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("an object")
        }
        fn visit_map<A: serde::de::MapAccess<'de>>(
            self,
            mut a: A,
        ) -> Result<Self::Value, A::Error> {
            let mut out = litemap::LiteMap::new();
            while let Some((k, v)) = a.next_entry()? {
                // A repeated key keeps its last value, as JSON.parse does.
                out.insert(k, v);
            }
            Ok(out)
        }
    }
    d.deserialize_map(Visit(std::marker::PhantomData))
}

/// [`map_only`] for a map whose values are themselves maps read the same way.
pub fn map_of_maps<'de, D>(
    d: D,
) -> Result<litemap::LiteMap<String, litemap::LiteMap<String, String>>, D::Error>
where
    D: serde::Deserializer<'de>,
{
    #[derive(serde::Deserialize)]
    #[serde(transparent)]
    struct Inner(#[serde(deserialize_with = "map_only")] litemap::LiteMap<String, String>);
    let outer: litemap::LiteMap<String, Inner> = map_only(d)?;
    Ok(outer.into_iter().map(|(k, Inner(v))| (k, v)).collect())
}
