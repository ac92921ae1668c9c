//! JSON text <-> values. In the browser the engine's own `JSON.parse`/`JSON.stringify` do the
//! text work and serde-wasm-bindgen maps the values, so serde_json's parser and printer stay
//! out of the wasm (tens of KB). Natively (tests, tools) serde_json does it all; both paths
//! accept and produce the same JSON.

use serde::de::DeserializeOwned;
use serde::Serialize;

/// Parse JSON text into `T`; the error is a short reason for logs.
pub fn from_str<T: DeserializeOwned>(text: &str) -> Result<T, String> {
    #[cfg(target_arch = "wasm32")]
    {
        let value = js_sys::JSON::parse(text).map_err(|_| "invalid JSON".to_string())?;
        serde_wasm_bindgen::from_value(value).map_err(|e| e.to_string())
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        serde_json::from_str(text).map_err(|e| e.to_string())
    }
}

/// `value` as JSON text (maps as objects), or None if it cannot be written.
pub fn to_string<T: Serialize>(value: &T) -> Option<String> {
    #[cfg(target_arch = "wasm32")]
    {
        let serializer = serde_wasm_bindgen::Serializer::new().serialize_maps_as_objects(true);
        let js = value.serialize(&serializer).ok()?;
        js_sys::JSON::stringify(&js).ok()?.as_string()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        serde_json::to_string(value).ok()
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn round_trips() {
        let v: serde_json::Value = super::from_str(r#"{"a":[1,"x",true,null]}"#).unwrap();
        assert_eq!(
            super::to_string(&v).as_deref(),
            Some(r#"{"a":[1,"x",true,null]}"#)
        );
        assert!(super::from_str::<serde_json::Value>("{").is_err());
    }
}
