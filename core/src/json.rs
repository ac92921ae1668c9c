//! JSON at the core's edges, with serde_json on every target: `Value` is the dynamic value
//! (Centrifuge frames, pushes, the view's events) through which text is read into the typed
//! shapes, and text is written by its printer (view slices, request bodies). The browser build
//! runs the same parser the native tests do. See docs/ARCHITECTURE.md "View, events, boundary".

use serde::de::{DeserializeOwned, Error as _};
use serde::{Deserialize, Deserializer, Serialize};

pub use serde_json::{json, Map, Number, Value as Json};

/// Parse JSON text into `T`; the error is a short reason for logs. Through the dynamic value:
/// every shape then has one derived reader, the `Value`'s, which the pushes, events and most
/// answers need anyway. Reading text straight into `T` instantiates a second one per shape:
/// measured 2026-12-01, this way is -2.2 KiB brotli in the main module and -3.0 in the chunks.
/// A big answer read often keeps the direct way for speed (the games catalogue's pages).
pub fn from_str<T: DeserializeOwned>(text: &str) -> Result<T, String> {
    T::deserialize(&parse(text)?).map_err(|e| e.to_string())
}

/// JSON text as a dynamic value.
pub fn parse(text: &str) -> Result<Json, String> {
    serde_json::from_str(text).map_err(|e| e.to_string())
}

/// A dynamic value into `T`. Through the reference, as [`from_str`] and the helpers below read:
/// one derived reader per shape (serde_json's owned `Value` reader would be a second).
pub fn from_json<T: DeserializeOwned>(json: Json) -> Result<T, String> {
    T::deserialize(&json).map_err(|e| e.to_string())
}

/// `value` as compact JSON text, or None if its `Serialize` impl fails.
pub fn to_string<T: ?Sized + Serialize>(value: &T) -> Option<String> {
    serde_json::to_string(value).ok()
}

/// `value` as a dynamic value.
pub fn to_json<T: ?Sized + Serialize>(value: &T) -> Option<Json> {
    serde_json::to_value(value).ok()
}

/// A request body as the value a call carries: every body is a `#[derive(Serialize)]` struct
/// next to its feature's calls, so the struct is the one definition of what is sent.
pub fn body<T: Serialize>(body: &T) -> Json {
    serde_json::to_value(body).unwrap_or_default()
}

/// A float that holds a whole number JS can represent exactly (ids and amounts that JS, or a
/// text like `1.0`, sends as floats), as that integer.
pub fn whole_float(f: f64) -> Option<i64> {
    const SAFE: f64 = 9_007_199_254_740_991.0;
    // Exact: a whole float within the safe range converts without loss.
    (f.fract() == 0.0 && f.abs() <= SAFE).then_some(f as i64)
}

/// A JSON number that is whole (integers, and floats such as `1.0` that JS sends for them).
pub fn whole(v: &Json) -> Option<i64> {
    if let Some(n) = v.as_i64() {
        return Some(n);
    }
    whole_float(v.as_f64()?)
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

/// For a derive: a field read as its default when it is absent, `null` or of another type, so
/// unknown or odd values of an optional field never refuse the answer (a newer server never
/// breaks us).
pub fn lenient<'de, D: Deserializer<'de>, T: DeserializeOwned + Default>(
    d: D,
) -> Result<T, D::Error> {
    Ok(T::deserialize(&Json::deserialize(d)?).unwrap_or_default())
}

/// For a derive: a list whose items of another shape are left out (none if it is not a list).
pub fn lenient_items<'de, D: Deserializer<'de>, T: DeserializeOwned>(
    d: D,
) -> Result<Vec<T>, D::Error> {
    let items: Vec<Json> = lenient(d)?;
    Ok(items
        .iter()
        .filter_map(|i| T::deserialize(i).ok())
        .collect())
}

/// For a derive: a list that must be there, whose items of another shape are left out.
pub fn readable_items<'de, D: Deserializer<'de>, T: DeserializeOwned>(
    d: D,
) -> Result<Vec<T>, D::Error> {
    let items = Vec::<Json>::deserialize(d)?;
    Ok(items
        .iter()
        .filter_map(|i| T::deserialize(i).ok())
        .collect())
}

/// For a derive: a whole number that fits `T` (ids, orders, states; `1.0` is 1, as JS may
/// send it); anything else refuses the answer.
pub fn whole_id<'de, D: Deserializer<'de>, T: TryFrom<i64>>(d: D) -> Result<T, D::Error> {
    whole(&Json::deserialize(d)?)
        .and_then(|n| T::try_from(n).ok())
        .ok_or_else(|| D::Error::custom("expected a whole non-negative number"))
}

/// For a derive: a whole number that fits `T` (`1.0` is 1), or `None` when absent, `null`, of
/// another type or out of range.
pub fn whole_or_none<'de, D: Deserializer<'de>, T: TryFrom<i64>>(
    d: D,
) -> Result<Option<T>, D::Error> {
    Ok(whole(&Json::deserialize(d)?).and_then(|n| T::try_from(n).ok()))
}

/// For a derive: a whole number that fits `T` (`1.0` is 1), or the default when absent,
/// `null`, of another type or out of range.
pub fn lenient_whole<'de, D: Deserializer<'de>, T: TryFrom<i64> + Default>(
    d: D,
) -> Result<T, D::Error> {
    Ok(whole(&Json::deserialize(d)?)
        .and_then(|n| T::try_from(n).ok())
        .unwrap_or_default())
}
