//! `json_write` (the view's and request bodies' JSON text) against serde_json's printer, and
//! its one difference on purpose: a `null` field left out for the view.

use croupier_core::json::Json;
use croupier_core::json_write::to_text;
use proptest::prelude::*;
use serde::Serialize;
use std::collections::BTreeMap;

fn same_as_serde_json<T: Serialize>(value: &T) {
    assert_eq!(
        to_text(value, false).unwrap(),
        serde_json::to_string(value).unwrap()
    );
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Card {
    game_id: u32,
    title: String,
    note: Option<String>,
    tags: Vec<&'static str>,
    score: f64,
    kind: Kind,
    by_id: BTreeMap<u32, i64>,
    unit: (),
}

#[derive(Serialize)]
#[serde(tag = "type", rename_all = "camelCase")]
enum Kind {
    Spins { count: u8, left: Option<u8> },
}

#[derive(Serialize)]
enum Plain {
    Unit,
    New(i8),
    Pair(u8, bool),
    Named { x: i64 },
}

fn card(note: Option<&str>) -> Card {
    Card {
        game_id: 7,
        title: "Ace \"the\" \\ é\n\t\u{1}".into(),
        note: note.map(str::to_string),
        tags: vec!["a", ""],
        score: -2.5,
        kind: Kind::Spins {
            count: 3,
            left: None,
        },
        by_id: [(2, -9), (10, i64::MIN)].into(),
        unit: (),
    }
}

#[test]
fn writes_what_serde_json_writes() {
    same_as_serde_json(&card(None));
    same_as_serde_json(&card(Some("x")));
    same_as_serde_json(&[Plain::Unit, Plain::New(-1), Plain::Pair(255, true)]);
    same_as_serde_json(&Plain::Named { x: i64::MAX });
    same_as_serde_json(&(u64::MAX, 'é', "", [0u8; 0]));
    // Whole floats as integers (as the engine's JSON.stringify writes them; the same number
    // to JSON.parse), fractions in their shortest form, no JSON form for NaN and infinities.
    assert_eq!(
        to_text(&[f64::NAN, f64::INFINITY, 3.0, -0.0, 0.125, -1e15], false).unwrap(),
        "[null,null,3,0,0.125,-1000000000000000]"
    );
    let empty: BTreeMap<String, u8> = BTreeMap::new();
    same_as_serde_json(&empty);
}

#[test]
fn the_view_leaves_null_fields_out() {
    let text = to_text(&card(None), true).unwrap();
    assert!(!text.contains("note"), "{text}");
    assert!(!text.contains("left"), "{text}");
    assert!(!text.contains("unit"), "{text}");
    // Still a valid object with every other field.
    let back: Json = serde_json::from_str(&text).unwrap();
    assert_eq!(back["gameId"], 7);
    assert_eq!(back["kind"]["count"], 3);
    // Leading and trailing nulls leave no stray commas; nulls inside arrays stay.
    let v = serde_json::json!({"a": null, "b": [null, 1], "c": {"d": null}, "e": null});
    assert_eq!(to_text(&v, true).unwrap(), r#"{"b":[null,1],"c":{}}"#);
    // Request bodies keep an explicit null.
    assert_eq!(
        to_text(&serde_json::json!({"bonusId": null}), false).unwrap(),
        r#"{"bonusId":null}"#
    );
}

#[test]
fn a_map_key_that_is_not_a_string_or_number_is_an_error() {
    let mut m = BTreeMap::new();
    m.insert(vec![1u8], 1u8);
    assert!(to_text(&m, false).is_err());
    let mut m = BTreeMap::new();
    m.insert(Some(()), 1u8);
    assert!(to_text(&m, false).is_err());
}

fn json_value() -> impl Strategy<Value = Json> {
    let leaf = prop_oneof![
        Just(Json::Null),
        any::<bool>().prop_map(Json::from),
        any::<i64>().prop_map(Json::from),
        any::<u64>().prop_map(Json::from),
        any::<String>().prop_map(Json::from),
    ];
    leaf.prop_recursive(4, 64, 8, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..8).prop_map(Json::Array),
            proptest::collection::vec((any::<String>(), inner), 0..8)
                .prop_map(|kv| Json::Object(kv.into_iter().collect())),
        ]
    })
}

proptest! {
    #[test]
    fn any_value_is_written_as_serde_json_writes_it(v in json_value()) {
        prop_assert_eq!(to_text(&v, false).unwrap(), serde_json::to_string(&v).unwrap());
    }

    #[test]
    fn what_is_written_parses_back_to_the_same_value(v in json_value()) {
        let back: Json = serde_json::from_str(&to_text(&v, false).unwrap()).unwrap();
        prop_assert_eq!(back, v);
    }
}

/// What the browser's engine writes for a float (`Number.prototype.toString`), from
/// serde_json's text of it (the same shortest digits): fixed from 1e-6 to below 1e21 with no
/// `.0`, else `d.ddde+x` / `de-x`.
fn engine_text(serde: &str) -> String {
    let (sign, t) = match serde.strip_prefix('-') {
        Some(t) => ("-", t),
        None => ("", serde),
    };
    let (m, e) = t.split_once('e').unwrap_or((t, "0"));
    let e: i32 = e.parse().unwrap();
    let (int, frac) = m.split_once('.').unwrap_or((m, ""));
    let all = format!("{int}{frac}");
    let lead = all.len() - all.trim_start_matches('0').len();
    let digits = all.trim_matches('0');
    let exp = e + int.len() as i32 - 1 - lead as i32;
    let n = exp + 1;
    let k = digits.len() as i32;
    let body = if k <= n && n <= 21 {
        format!("{digits}{}", "0".repeat((n - k) as usize))
    } else if 0 < n && n <= 21 {
        format!("{}.{}", &digits[..n as usize], &digits[n as usize..])
    } else if -6 < n && n <= 0 {
        format!("0.{}{digits}", "0".repeat((-n) as usize))
    } else {
        let rest = &digits[1..];
        let point = if rest.is_empty() { "" } else { "." };
        let s = if exp < 0 { "-" } else { "+" };
        format!("{}{point}{rest}e{s}{}", &digits[..1], exp.abs())
    };
    format!("{sign}{body}")
}

/// `json::float_layout` lays the engine's text of a float out as serde_json writes it.
fn same_layout(f: f64) {
    if f == 0.0 || !f.is_finite() {
        return;
    }
    let serde = serde_json::Number::from_f64(f).unwrap().to_string();
    let engine = engine_text(&serde);
    assert_eq!(
        croupier_core::json::float_layout(&engine),
        serde,
        "{f:e} {engine}"
    );
}

#[test]
fn float_layout_is_serde_jsons() {
    // The engine's own texts, as node prints them.
    for (engine, serde) in [
        ("1686451835578991.2", "1686451835578991.2"),
        ("0.3", "0.3"),
        ("5e-324", "5e-324"),
        ("1e+21", "1e+21"),
        ("1.5e-7", "1.5e-7"),
        ("0.000001", "1e-6"),
        ("0.0000015", "1.5e-6"),
        ("0.00001", "0.00001"),
        ("9007199254740992", "9007199254740992.0"),
        ("10000000000000000", "1e+16"),
        ("123456789012345680000", "1.2345678901234568e+20"),
        ("-1e-300", "-1e-300"),
        ("-12.5", "-12.5"),
    ] {
        assert_eq!(croupier_core::json::float_layout(engine), serde, "{engine}");
    }
    for f in [
        0.1,
        -0.1,
        1.5,
        12.34,
        0.001234,
        1e-5,
        1.5e-5,
        9.99e-6,
        1e-6,
        1.5e-7,
        1e-7,
        5e-324,
        1e15,
        1.5e15,
        9.007_199_254_740_993e15,
        1e16,
        1.2345e16,
        1e17,
        1e20,
        1e21,
        1.5e21,
        1e100,
        1.7976931348623157e308,
        123_456_789.123_456_78,
        0.3,
        2.0 / 3.0,
        -1e-300,
        1.0,
        100.0,
        1234e7,
    ] {
        same_layout(f);
    }
    for n in [0i64, -1, i64::MIN] {
        let n = serde_json::Number::from(n);
        assert_eq!(croupier_core::json::number_text(&n), n.to_string());
    }
}

proptest! {
    #[test]
    fn float_layout_is_serde_jsons_for_any_float(bits in any::<u64>()) {
        same_layout(f64::from_bits(bits));
    }

    #[test]
    fn float_layout_is_serde_jsons_for_decimals(m in -10_000_000i64..10_000_000, e in -12i32..22) {
        same_layout(m as f64 * 10f64.powi(e));
    }
}
