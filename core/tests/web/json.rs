//! The boundary in a real browser: JSON text is read and written by serde_json, JS values from
//! the view are written by the engine (`JSON.stringify`) first (`json_js`); view values cross as
//! plain objects parsed by the engine.

use croupier_core::json::{self, Json};
use croupier_core::runtime::{from_js, to_js};
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::*;

#[wasm_bindgen_test]
fn numbers_parse_and_print() {
    for (text, value) in [
        ("2.5", 2.5),
        ("-0.125", -0.125),
        ("1e3", 1000.0),
        ("1.5E-7", 1.5e-7),
    ] {
        assert_eq!(json::parse(text).unwrap().as_f64(), Some(value), "{text}");
    }
    // Safe integers stay integers (ids, amounts in sub-units).
    assert_eq!(json::parse("42").unwrap().as_i64(), Some(42));
    assert_eq!(json::from_str::<i64>("-7"), Ok(-7));
    // Past 2^53 an id is still read exactly: no engine float stands between the text and it.
    assert_eq!(
        json::from_str::<i64>("9007199254740993"),
        Ok(9_007_199_254_740_993)
    );
    let printed = json::to_string(&[0.1 + 0.2, 2.5, 1e21, 3.0, f64::NAN]).unwrap();
    assert_eq!(printed, "[0.30000000000000004,2.5,1e+21,3.0,null]");
    assert_eq!(
        json::to_string(&json::json!({"a": [1, "x", null]})).unwrap(),
        r#"{"a":[1,"x",null]}"#
    );
    // A request body keeps an explicit null.
    assert_eq!(
        json::to_string(&json::json!({"bonusId": null})).unwrap(),
        r#"{"bonusId":null}"#
    );
    assert!(json::parse("{bad").is_err());
}

#[derive(Debug, Default, Deserialize, PartialEq, Serialize)]
#[serde(rename_all = "camelCase", default)]
struct Slice {
    display_name: String,
    note: Option<String>,
    values: std::collections::BTreeMap<String, Json>,
}

#[wasm_bindgen_test]
fn values_cross_to_js_as_plain_objects_and_back() {
    let slice = Slice {
        display_name: "Ace \"the\" é".into(),
        note: None,
        values: [("email".to_string(), Json::from("a@b.c"))].into(),
    };
    let js = to_js(&slice).unwrap();
    let get = |k: &str| js_sys::Reflect::get(&js, &k.into()).unwrap();
    assert_eq!(
        get("displayName").as_string().as_deref(),
        Some("Ace \"the\" é")
    );
    // None is `undefined` to the view.
    assert!(get("note").is_undefined());
    assert!(!js_sys::Reflect::has(&js, &"note".into()).unwrap());
    // At any depth for an object's members; nulls in arrays stay.
    let nested = to_js(&json::json!({"a": {"b": null, "c": 1}, "d": [null, 2]})).unwrap();
    assert_eq!(
        js_sys::JSON::stringify(&nested)
            .unwrap()
            .as_string()
            .unwrap(),
        r#"{"a":{"c":1},"d":[null,2]}"#
    );
    assert!(to_js(&Option::<u8>::None).unwrap().is_undefined());
    // Maps are plain objects, not JS Maps.
    assert!(!get("values").is_instance_of::<js_sys::Map>());
    let email = js_sys::Reflect::get(&get("values"), &"email".into()).unwrap();
    assert_eq!(email.as_string().as_deref(), Some("a@b.c"));
    assert_eq!(from_js::<Slice>(&js).unwrap(), slice);
}

#[wasm_bindgen_test]
fn bad_js_values_are_errors_not_panics() {
    assert!(from_js::<Slice>(&JsValue::from_str("text")).is_err());
    assert!(from_js::<Slice>(&JsValue::UNDEFINED).is_err());
    // A cycle cannot be read.
    let cyclic = js_sys::Object::new();
    js_sys::Reflect::set(&cyclic, &"me".into(), &cyclic).unwrap();
    assert!(from_js::<Json>(&cyclic).is_err());
    // Hostile nesting is refused, not a stack overflow.
    let deep = format!("{}{}", "[".repeat(5000), "]".repeat(5000));
    assert!(json::parse(&deep).is_err());
    assert_eq!(
        json::parse(&format!("{}{}", "[".repeat(20), "]".repeat(20))).map(|v| v.is_array()),
        Ok(true)
    );
}

#[wasm_bindgen_test]
fn js_values_read_as_their_json_text_reads() {
    // What the view sends is the engine's own object; written by `JSON.stringify` and read by
    // serde_json, it is the value its text is (the engine orders integer-like keys first; the
    // map is the same).
    let docs = [
        r#"{"a":[1,-2,3.5,1e-7,true,false,null],"b":{"c":"d","":""},"e":[],"f":{}}"#,
        r#"["é","日本語","😀 and 𝄞","tab\tquote\"back\\slash","\u0000inside\u0000","a\u0000b"]"#,
        r#"{"\u0000key":"v","k\u0000":"\u0000","😀":{"😀":["😀"]}}"#,
        r#"[[[[["deep"]]]],{"x":[{"y":[{"z":0}]}]}]"#,
        r#""only a string""#,
        "42",
        "-0.125",
        "null",
        r#"{"amount":"1500.00","id":9007199254740991,"rate":0.1}"#,
        r#"{"b":1,"10":2,"a":3,"2":4}"#,
    ];
    for doc in docs {
        let expected: Json = serde_json::from_str(doc).unwrap();
        let value = js_sys::JSON::parse(doc).unwrap();
        assert_eq!(
            croupier_core::json_js::from_value(&value),
            Ok(expected),
            "{doc}"
        );
    }
    // A whole number the engine holds as a float is an integer to the core (`1.0` is `1` in JS).
    let whole = js_sys::JSON::parse(r#"{"id":7.0,"stake":2.5}"#).unwrap();
    let read = croupier_core::json_js::from_value(&whole).unwrap();
    assert_eq!(read["id"].as_i64(), Some(7));
    assert_eq!(read["stake"].as_f64(), Some(2.5));
    // The config's texts: a large object of strings comes through whole.
    let texts: String = (0..2000)
        .map(|i| format!(r#""group.key{i}":"Text {i}: é😀 \"{i}\"""#))
        .collect::<Vec<_>>()
        .join(",");
    let doc = format!("{{{texts}}}");
    let read = croupier_core::json_js::from_value(&js_sys::JSON::parse(&doc).unwrap()).unwrap();
    assert_eq!(read.as_object().map(|m| m.len()), Some(2000));
    assert_eq!(read, serde_json::from_str::<Json>(&doc).unwrap());
}

#[wasm_bindgen_test]
fn a_lone_surrogate_is_refused_with_a_reason() {
    // JSON's syntax allows "\ud800" alone; UTF-8 cannot hold it. An answer carrying one is
    // malformed (the call's error path, as natively), and so is a view value (logged, ignored).
    assert!(json::parse(r#"["\ud800x","y"]"#).is_err());
    assert!(json::parse(r#"["\udc00"]"#).is_err());
    let value = js_sys::JSON::parse(r#"{"value":"\ud800"}"#).unwrap();
    assert!(croupier_core::json_js::from_value(&value).is_err());
    // Paired surrogates are one character.
    assert_eq!(json::parse(r#""\ud83d\ude00""#), Ok(json::json!("😀")));
}

#[wasm_bindgen_test]
fn plain_js_values_read_through_json() {
    let value = js_sys::JSON::parse(r#"{"type":"typed","field":"email","value":"a@b.c"}"#).unwrap();
    assert_eq!(
        croupier_core::json_js::from_value(&value),
        Ok(json::json!({"type": "typed", "field": "email", "value": "a@b.c"}))
    );
    // What JSON drops is dropped (a function, undefined); what it cannot hold is an error.
    let object = js_sys::Object::new();
    js_sys::Reflect::set(&object, &"keep".into(), &1.into()).unwrap();
    js_sys::Reflect::set(&object, &"gone".into(), &JsValue::UNDEFINED).unwrap();
    assert_eq!(
        croupier_core::json_js::from_value(&object),
        Ok(json::json!({"keep": 1}))
    );
    assert!(croupier_core::json_js::from_value(&JsValue::UNDEFINED).is_err());
    assert!(croupier_core::json_js::from_value(&JsValue::from(js_sys::BigInt::from(1u8))).is_err());
    // 100 levels pass; past serde_json's limit (128) is refused, in the text and in a value alike.
    let nested = |n: usize| format!("{}{}", "[".repeat(n), "]".repeat(n));
    assert!(json::parse(&nested(100)).is_ok());
    assert!(json::parse(&nested(200)).is_err());
    let deep = js_sys::JSON::parse(&nested(200)).unwrap();
    assert!(croupier_core::json_js::from_value(&deep).is_err());
}
