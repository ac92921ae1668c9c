use proptest::prelude::*;
use serde::{Deserialize, Serialize};

use super::*;

#[test]
fn parses_every_kind_of_value() {
    let v =
        parse(r#" {"a": [1, -2, 3.5, 1e3, true, false, null, "x\n\u00e9\ud83d\ude00"], "b": {}} "#)
            .unwrap();
    let a = v["a"].as_array().unwrap();
    assert_eq!(a[0], Json::Number(Number::U(1)));
    assert_eq!(a[1], Json::Number(Number::I(-2)));
    assert_eq!(a[2], Json::Number(Number::F(3.5)));
    assert_eq!(a[3], Json::Number(Number::F(1000.0)));
    assert_eq!(&a[4..7], &[Json::Bool(true), Json::Bool(false), Json::Null]);
    assert_eq!(a[7].as_str(), Some("x\né😀"));
    assert_eq!(v["b"], Json::Object(Map::new()));
    assert_eq!(v["missing"], Json::Null);
}

#[test]
fn rejects_what_json_parse_rejects() {
    for bad in [
        "",
        " ",
        "{",
        "[1,]",
        "{\"a\":1,}",
        "01",
        "1.",
        ".5",
        "-",
        "1e",
        "+1",
        "'x'",
        "\"a",
        "\"\t\"",
        "\"\\x\"",
        "\"\\u12\"",
        "nul",
        "tru",
        "{a:1}",
        "[1 2]",
        "1 2",
        "{\"a\" 1}",
        "NaN",
        "Infinity",
    ] {
        assert!(parse(bad).is_err(), "{bad:?} parsed");
    }
}

#[test]
fn hostile_nesting_is_an_error_not_a_crash() {
    let deep = "[".repeat(100_000);
    assert!(parse(&deep).unwrap_err().contains("deep"));
    let ok = format!("{}{}", "[".repeat(100), "]".repeat(100));
    assert!(parse(&ok).is_ok());
}

#[test]
fn integers_stay_exact_and_big_ones_become_floats() {
    assert_eq!(
        parse("18446744073709551615").unwrap().as_u64(),
        Some(u64::MAX)
    );
    assert_eq!(
        parse("-9223372036854775808").unwrap().as_i64(),
        Some(i64::MIN)
    );
    assert_eq!(parse("-0").unwrap().as_u64(), Some(0));
    assert_eq!(
        parse("18446744073709551616").unwrap().as_f64(),
        Some(1.8446744073709552e19)
    );
}

#[test]
fn lone_surrogates_become_replacement_chars() {
    assert_eq!(parse(r#""\ud800x""#).unwrap().as_str(), Some("\u{FFFD}x"));
    assert_eq!(parse(r#""\udc00""#).unwrap().as_str(), Some("\u{FFFD}"));
    assert_eq!(
        parse(r#""\ud800\u0041""#).unwrap().as_str(),
        Some("\u{FFFD}A")
    );
}

#[test]
fn repeated_keys_keep_the_last_value_in_first_position() {
    let v = parse(r#"{"a":1,"b":2,"a":3}"#).unwrap();
    assert_eq!(v.to_string(), r#"{"a":3,"b":2}"#);
}

#[test]
fn writes_escapes_and_numbers_like_json_stringify() {
    let v = crate::json_object! {
        "s": "q\"\\\n\r\t\u{1}é",
        "u": 7u64,
        "i": -7i64,
        "f": 2.5f64,
        "whole": 3.0f64,
        "nan": f64::NAN,
        "none": Option::<String>::None,
    };
    assert_eq!(
        v.to_string(),
        r#"{"s":"q\"\\\n\r\t\u0001é","u":7,"i":-7,"f":2.5,"whole":3,"nan":null,"none":null}"#
    );
}

#[derive(Debug, Default, Deserialize, PartialEq, Serialize)]
#[serde(rename_all = "camelCase", default)]
struct Wire {
    user_name: String,
    age: Option<u32>,
    tags: Vec<String>,
    kind: Kind,
    scores: std::collections::BTreeMap<String, i64>,
}

#[derive(Debug, Default, Deserialize, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
enum Kind {
    #[default]
    Plain,
    Named(String),
    Pair(u8, u8),
    Shape {
        w: u32,
    },
}

#[test]
fn structs_and_enums_round_trip_in_serde_json_shapes() {
    let cases = [
        Wire::default(),
        Wire {
            user_name: "ace".into(),
            age: Some(30),
            tags: vec!["a".into(), "b".into()],
            kind: Kind::Named("n".into()),
            scores: [("1".into(), -5), ("b".into(), 7)].into(),
        },
        Wire {
            kind: Kind::Pair(1, 2),
            ..Wire::default()
        },
        Wire {
            kind: Kind::Shape { w: 9 },
            ..Wire::default()
        },
    ];
    for w in cases {
        let text = to_string(&w).unwrap();
        // Same text as serde_json, except that None fields are left out.
        let mut reference: serde_json::Value = serde_json::to_value(&w).unwrap();
        reference
            .as_object_mut()
            .unwrap()
            .retain(|_, v| !v.is_null());
        let ours: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(ours, reference, "{text}");
        assert_eq!(from_str::<Wire>(&text).unwrap(), w);
    }
}

#[test]
fn missing_fields_default_and_wrong_types_fail_with_a_reason() {
    let w: Wire = from_str(r#"{"userName":"x","age":null,"extra":[1,{"y":2}]}"#).unwrap();
    assert_eq!((w.user_name.as_str(), w.age), ("x", None));
    let err = from_str::<Wire>(r#"{"age":"old"}"#).unwrap_err();
    assert!(err.contains("invalid type"), "{err}");
    assert!(from_str::<Wire>(r#"{"kind":"nope"}"#).is_err());
    assert!(from_str::<Wire>(r#"[1]"#).is_err());
    assert!(from_str::<u8>("300").is_err());
    assert_eq!(from_str::<f64>("3").unwrap(), 3.0);
    // Whole floats are integers, as in JavaScript; fractions are not.
    assert_eq!(from_str::<u32>("7.0").unwrap(), 7);
    assert_eq!(from_str::<i64>("-2e0").unwrap(), -2);
    assert!(from_str::<u32>("7.5").is_err());
    assert!(from_str::<u32>("-1.0").is_err());
}

#[test]
fn map_accessors_insert_replace_remove() {
    let mut m = Map::new();
    assert_eq!(m.insert("a".into(), Json::from(1u64)), None);
    assert_eq!(
        m.insert("a".into(), Json::from(2u64)),
        Some(Json::from(1u64))
    );
    m.insert("b".into(), Json::Null);
    assert_eq!(m.len(), 2);
    assert!(m.contains_key("b"));
    assert_eq!(m.remove("a"), Some(Json::from(2u64)));
    assert_eq!(m.keys().collect::<Vec<_>>(), ["b"]);
}

fn arb_json() -> impl Strategy<Value = serde_json::Value> {
    let leaf = prop_oneof![
        Just(serde_json::Value::Null),
        any::<bool>().prop_map(serde_json::Value::from),
        any::<i64>().prop_map(serde_json::Value::from),
        any::<u64>().prop_map(serde_json::Value::from),
        // Whole floats print as integers (as in JS), so the floats here carry a fraction.
        (-1e12f64..1e12).prop_map(|f| serde_json::Value::from(f.trunc() + 0.5)),
        any::<String>().prop_map(serde_json::Value::from),
    ];
    leaf.prop_recursive(4, 64, 6, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..6).prop_map(serde_json::Value::from),
            proptest::collection::btree_map("[a-z\"\\\\é]{0,4}", inner, 0..6)
                .prop_map(|m| serde_json::Value::Object(m.into_iter().collect())),
        ]
    })
}

proptest! {
    #[test]
    fn agrees_with_serde_json(v in arb_json()) {
        let text = serde_json::to_string(&v).unwrap();
        let ours = parse(&text).unwrap();
        let back: serde_json::Value = serde_json::from_str(&ours.to_string()).unwrap();
        prop_assert_eq!(back, v);
        let pretty = serde_json::to_string_pretty(&ours).unwrap();
        prop_assert_eq!(parse(&pretty).unwrap(), ours);
    }

    #[test]
    fn never_panics_on_any_text(s in "\\PC{0,40}") {
        let _ = parse(&s);
    }
}

#[test]
fn non_string_map_keys_are_written_quoted() {
    let m: std::collections::BTreeMap<u32, bool> = [(1, true), (20, false)].into();
    assert_eq!(to_string(&m).unwrap(), r#"{"1":true,"20":false}"#);
}

#[test]
fn objects_compare_without_regard_to_order() {
    assert_eq!(parse(r#"{"a":1,"b":[2]}"#), parse(r#"{"b":[2],"a":1}"#));
    assert_ne!(parse(r#"{"a":1}"#), parse(r#"{"a":1,"b":2}"#));
    assert_ne!(parse(r#"{"a":1}"#), parse(r#"{"a":2}"#));
}

#[test]
fn numbers_compare_by_value_as_in_javascript() {
    assert_eq!(parse("8.0"), parse("8"));
    assert_eq!(parse("8e0"), parse("8"));
    assert_eq!(Json::Number(Number::I(5)), Json::Number(Number::U(5)));
    assert_ne!(parse("8.5"), parse("8"));
    assert_ne!(parse("-1"), parse("18446744073709551615"));
    // Printed whole floats read back as the same value.
    let v = parse("[8.0,-0.0,1e2]").unwrap();
    assert_eq!(parse(&v.to_string()).unwrap(), v);
}
