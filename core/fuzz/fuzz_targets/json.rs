//! The core's JSON edge (`croupier_core::json`) on arbitrary text: no panic; whatever parses
//! prints back to text that parses to the same value; the hand API readers never panic.
//! Natively the core's text JSON is serde_json itself (the wasm build parses with the engine,
//! tested in core/tests/web/json.rs), so the grammar comparison below is a guard against the
//! edge growing a parser of its own.
#![no_main]

use croupier_core::app::wire::{Account, ApiError, Profile, Wire};
use croupier_core::json::{self, Json};
use libfuzzer_sys::fuzz_target;

/// No infinities from out-of-range exponents (serde_json refuses those; the engine gives
/// Infinity, and so do we).
fn finite(v: &Json) -> bool {
    match v {
        Json::Number(n) => n.as_f64().is_none_or(f64::is_finite),
        Json::Array(items) => items.iter().all(finite),
        Json::Object(map) => map.values().all(finite),
        _ => true,
    }
}

/// The same JSON value, numbers compared as numbers: the printer writes 50.0 as `50`, as
/// JavaScript does, which reads back as the integer 50.
fn same(a: &Json, b: &Json) -> bool {
    match (a, b) {
        (Json::Number(x), Json::Number(y)) => x == y || x.as_f64() == y.as_f64(),
        (Json::Array(x), Json::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(a, b)| same(a, b))
        }
        (Json::Object(x), Json::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
        }
        _ => a == b,
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
        let printed = json::to_string(&v).expect("a value prints");
        let back: Json = json::parse(&printed).expect("printed JSON parses");
        if finite(&v) {
            assert!(
                same(&back, &v),
                "{printed} read back as {back:?}, was {v:?}"
            );
        }
        let _ = Profile::read(&v);
        let _ = Vec::<Account>::read(&v);
        let _ = ApiError::read(&v);
    }
});
