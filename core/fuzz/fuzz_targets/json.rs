//! The core's JSON parser and writer on arbitrary text: no panic; whatever parses prints back
//! to text that parses to the same value, and the grammar agrees with serde_json.
#![no_main]

use croupier_core::app::wire::{Account, Profile};
use croupier_core::json::{self, Json, Number};
use libfuzzer_sys::fuzz_target;

/// No infinities from out-of-range exponents (serde_json refuses those; the engine gives
/// Infinity, and so do we).
fn finite(v: &Json) -> bool {
    match v {
        Json::Number(Number::F(f)) => f.is_finite(),
        Json::Array(items) => items.iter().all(finite),
        Json::Object(map) => map.values().all(finite),
        _ => true,
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let ours = json::parse(text);
    let nesting = text.bytes().filter(|b| matches!(b, b'[' | b'{')).count();
    // serde_json refuses lone surrogates (we map them to U+FFFD) and caps nesting a level
    // apart from us; elsewhere the two must agree on what is JSON.
    if !text.contains("\\u") && nesting < 100 && ours.as_ref().map_or(true, finite) {
        let theirs = serde_json::from_str::<serde_json::Value>(text);
        assert_eq!(ours.is_ok(), theirs.is_ok(), "{text:?}");
    }
    if let Ok(v) = ours {
        let printed = v.to_string();
        let back: Json = json::parse(&printed).expect("printed JSON parses");
        if finite(&v) {
            assert_eq!(back, v, "{printed}");
        }
        let _ = json::from_json::<Profile>(v.clone());
        let _ = json::from_json::<Vec<Account>>(v);
    }
});
