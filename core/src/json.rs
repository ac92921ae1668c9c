//! JSON at the core's edges, with maintained libraries: `serde_json::Value` is the dynamic
//! value (Centrifuge frames, pushes); text is parsed by the browser's engine (`JSON.parse`)
//! and laid out flat for one read (`json_tape`), and written from `Serialize` by
//! `json_write` (view slices, request bodies), so serde_json's text parser and printer stay
//! out of the wasm.
//! Native builds (tests, tools) use serde_json for text. See docs/ARCHITECTURE.md "Boundary".

use serde::de::DeserializeOwned;
use serde::Serialize;

pub use serde_json::{json, Map, Number, Value as Json};

/// A JSON number as text, as serde_json's `Number` writes it (`n.to_string()`): integers in
/// decimal, floats in their shortest round-trip digits laid out as its float printer (zmij)
/// does. In the browser the digits come from the engine ([`float_layout`]): zmij's code and
/// tables were ~2.2 KiB of the gzipped wasm (the size budget).
pub fn number_text(n: &Number) -> String {
    #[cfg(target_arch = "wasm32")]
    {
        let f = match n.as_f64() {
            Some(f) if n.is_f64() => f,
            _ => return to_string(n).unwrap_or_default(),
        };
        if f == 0.0 {
            // The engine writes -0 as `0`.
            return if f.is_sign_negative() { "-0.0" } else { "0.0" }.into();
        }
        float_layout(&crate::json_write::float_text(f))
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        n.to_string()
    }
}

/// A non-zero float as serde_json writes it, from the engine's text of it
/// (`Number.prototype.toString`: `123.45`, `0.000001`, `1e+21`, `1.5e-7`; the same shortest
/// digits, ties to even): zmij's layout is fixed for exponents -5..=15 (a whole value with
/// `.0`), else `d.ddde+x` / `de-x`.
pub fn float_layout(engine: &str) -> String {
    // One pass over the bytes (char patterns would add their searchers to the wasm): the
    // digits without zeros in front, and the exponent of the first one.
    let mut out = String::new();
    let mut digits = String::new();
    let (mut exp, mut point) = (-1i64, false);
    for (i, b) in engine.bytes().enumerate() {
        match b {
            b'-' => out.push('-'),
            b'.' => point = true,
            b'e' => {
                let e = engine.get(i + 1..).and_then(|s| s.parse::<i64>().ok());
                exp += e.unwrap_or(0);
                break;
            }
            b'0' if digits.is_empty() => exp -= i64::from(point),
            _ => {
                digits.push(char::from(b));
                exp += i64::from(!point);
            }
        }
    }
    while digits.ends_with('0') {
        digits.pop();
    }
    let zeros = |out: &mut String, n: i64| {
        for _ in 0..n {
            out.push('0');
        }
    };
    let len = digits.len() as i64;
    if (-5..=15).contains(&exp) {
        // `1234e7` is `12340000000.0`, `1234e-2` is `12.34`, `1234e-6` is `0.001234`.
        if exp < 0 {
            out.push_str("0.");
            zeros(&mut out, -exp - 1);
            out.push_str(&digits);
        } else if len - 1 <= exp {
            out.push_str(&digits);
            zeros(&mut out, exp + 1 - len);
            out.push_str(".0");
        } else {
            let (a, b) = digits.split_at(exp as usize + 1);
            out.push_str(a);
            out.push('.');
            out.push_str(b);
        }
    } else {
        let (first, rest) = digits.split_at(digits.len().min(1));
        out.push_str(first);
        if !rest.is_empty() {
            out.push('.');
            out.push_str(rest);
        }
        out.push_str(if exp < 0 { "e-" } else { "e+" });
        out.push_str(&exp.unsigned_abs().to_string());
    }
    out
}

/// Parse JSON text into `T`; the error is a short reason for logs.
pub fn from_str<T: DeserializeOwned>(text: &str) -> Result<T, String> {
    #[cfg(target_arch = "wasm32")]
    {
        from_json(crate::json_tape::from_text(text)?)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        serde_json::from_str(text).map_err(|e| e.to_string())
    }
}

/// JSON text as a dynamic value.
pub fn parse(text: &str) -> Result<Json, String> {
    #[cfg(target_arch = "wasm32")]
    {
        crate::json_tape::from_text(text)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        serde_json::from_str(text).map_err(|e| e.to_string())
    }
}

/// A dynamic value into `T`.
pub fn from_json<T: DeserializeOwned>(json: Json) -> Result<T, String> {
    serde_json::from_value(json).map_err(|e| e.to_string())
}

/// `value` as compact JSON text, or None if its `Serialize` impl fails.
pub fn to_string<T: ?Sized + Serialize>(value: &T) -> Option<String> {
    crate::json_write::to_text(value, false).ok()
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

/// A JS number: a safe integer as an integer, else a float (`NaN`/infinities as `null`).
#[cfg(target_arch = "wasm32")]
pub(crate) fn number(f: f64) -> Json {
    match whole_float(f) {
        Some(i) => Json::Number(Number::from(i)),
        None => Number::from_f64(f).map_or(Json::Null, Json::Number),
    }
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
