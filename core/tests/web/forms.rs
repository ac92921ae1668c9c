//! The form and money rules in a real browser (wasm32): the `regex` rule runs on the
//! JavaScript engine through `js_sys::RegExp`, everything else must agree with the native
//! tests to the character.

use croupier_core::domain::money::{self, CurrencyInfo, Decimal, SubCurrency};
use croupier_core::domain::validation::{
    self, check, field_rules, validate_form_at, Context, Form, Rule, Value,
};
use croupier_core::domain::{cpf, mask, names, phone};
use wasm_bindgen_test::*;

fn t(s: &str) -> Value {
    Value::Text(s.to_string())
}

fn ok(rule: Rule, value: &str) -> bool {
    let mut form = Form::new();
    form.insert("x".into(), t(value));
    check(&rule, &t(value), &form, &Context::at((2024, 6, 15)))
}

#[wasm_bindgen_test]
fn regex_rule_uses_javascript_semantics() {
    // Look-ahead exists in JavaScript, not in regex-lite: proof the browser engine runs it.
    let strong = Rule::Regex("^(?=.*\\d)(?=.*[a-z]).{8,}$".into());
    assert!(ok(strong.clone(), "abcdefg1"));
    assert!(!ok(strong, "abcdefgh"));
    assert!(ok(Rule::Regex("/^[a-z]+$/i".into()), "AbC"));
    assert!(!ok(Rule::Regex("^[a-z]+$".into()), "AbC"));
    assert!(ok(Rule::NotRegex("\\d".into()), "abc"));
    assert!(!ok(Rule::NotRegex("\\d".into()), "a1"));
    // A broken pattern neither traps nor blocks the player.
    assert!(ok(Rule::Regex("(".into()), "x"));
    // Unknown flags: the text is a bare pattern, slashes included.
    assert!(ok(Rule::Regex("/a/zz".into()), "/a/zz"));
    assert!(!ok(Rule::Regex("/a/zz".into()), "a"));
    assert_eq!(validation::regex_test("(", "x"), None);
    assert_eq!(
        validation::regex_test("\\p{L}+", "é"),
        Some(false),
        "no u flag: \\p is a literal p"
    );
    assert_eq!(validation::regex_test("/^\\p{L}+$/u", "é"), Some(true));
}

#[wasm_bindgen_test]
fn generic_rules_match_native() {
    install_plans();
    assert!(ok(Rule::Email, "someone@gmail.com"));
    assert!(!ok(Rule::Email, "someone@gmail.c"));
    assert!(!ok(Rule::Email, "joão@gmail.com"));
    assert!(ok(Rule::Url, "https://example.com/a?b=c"));
    assert!(!ok(Rule::Url, "http://192.168.0.1"));
    assert!(!ok(Rule::Url, "javascript:alert(1)"));
    assert!(ok(Rule::Date, "2024-02-29"));
    assert!(!ok(Rule::Date, "2023-02-29"));
    assert!(ok(Rule::MinAge(18), "2006-06-15"));
    assert!(!ok(Rule::MinAge(18), "2006-06-16"));
    assert!(ok(Rule::CpfNumber, "123.456.789-09"));
    assert!(!ok(Rule::CpfNumber, "111.111.111-11"));
    assert!(ok(Rule::TwoWords(2), "Ana Lima"));
    assert!(ok(Rule::Ip, "2001:db8::1"));
    assert!(ok(Rule::AlphaDash, "Жора_1"));
    assert!(!ok(Rule::Integer, "1.5"));
    assert!(ok(Rule::Min(3), ""), "optional when empty");
    assert!(!ok(Rule::Required, "  "));
}

#[wasm_bindgen_test]
fn form_validation_and_messages() {
    install_plans();
    let rules: Vec<(String, Vec<Rule>)> = ["nickname", "email", "birthdate", "password"]
        .iter()
        .map(|f| {
            let mut r = vec![Rule::Required];
            r.extend(field_rules(f));
            if *f == "birthdate" {
                r.push(Rule::MinAge(18));
            }
            (f.to_string(), r)
        })
        .collect();
    let mut form = Form::new();
    form.insert("nickname".into(), t("ab"));
    form.insert("email".into(), t("bad@"));
    form.insert("birthdate".into(), t("2010-01-01"));
    form.insert("password".into(), t("12345678"));
    let out = validate_form_at(&rules, &form, (2024, 6, 15));
    assert_eq!(
        out[&"nickname".to_string()].message(&|_| None),
        "Must be at least 3 characters"
    );
    assert_eq!(
        out[&"email".to_string()].message(&|_| None),
        "Value is not a valid email address"
    );
    assert_eq!(
        out[&"birthdate".to_string()].message(&|_| None),
        "You must be at least 18 years old"
    );
    assert!(!out.contains_key("password"));
    let pt = |k: &str| (k == "validations.min").then(|| "Mínimo de {min} caracteres".to_string());
    assert_eq!(
        out[&"nickname".to_string()].message(&pt),
        "Mínimo de 3 caracteres"
    );
}

#[wasm_bindgen_test]
fn phone_numbers() {
    install_plans();
    assert!(phone::is_valid_rule_value("5511987654321"));
    assert!(phone::is_valid_rule_value("+7 701 123 4567"));
    assert!(!phone::is_valid_rule_value("+1 555 555 5555"));
    assert!(ok(Rule::Phone, "+351 912 345 678"));
    assert!(!ok(Rule::Phone, "+351 512 345 678"));
    let n = phone::parse("+54 9 11 1234-5678").unwrap();
    assert_eq!(
        (n.calling_code.as_str(), n.national_number.as_str()),
        ("54", "91112345678")
    );
    assert_eq!(n.country.as_deref(), Some("AR"));
    assert!(n.is_valid());
    let n = phone::parse_with_country("0 15 11 98765 4321", Some("BR")).unwrap();
    assert_eq!(n.national_number, "11987654321");
    assert_eq!(phone::parse("abc").unwrap_err().as_str(), "NOT_A_NUMBER");
    assert_eq!(phone::parse("+1").unwrap_err().as_str(), "TOO_SHORT");
    assert_eq!(
        phone::parse("+999 123456").unwrap_err().as_str(),
        "INVALID_COUNTRY"
    );
    assert_eq!(
        phone::parse(&"1".repeat(251)).unwrap_err().as_str(),
        "TOO_LONG"
    );
    assert_eq!(
        phone::parse("+1 202 555 0143 ext. 77")
            .unwrap()
            .ext
            .as_deref(),
        Some("77")
    );
}

#[wasm_bindgen_test]
fn money_display_and_conversion() {
    let eur = CurrencyInfo {
        code: "EUR".into(),
        crypto: false,
        symbol: "€".into(),
        subunit_to_unit: 100,
        sub_currencies: vec![],
    };
    let btc = CurrencyInfo {
        code: "BTC".into(),
        crypto: true,
        symbol: "₿".into(),
        subunit_to_unit: 100_000_000,
        sub_currencies: vec![SubCurrency {
            code: "mBTC".into(),
            subunit_to_unit: 1000,
        }],
    };
    assert_eq!(
        money::display_balance("1250", &eur, true).amount,
        "1,250.00"
    );
    assert_eq!(money::display_balance("junk", &eur, true).amount, "0.00");
    let m = money::display_balance("0.01234567", &btc, true);
    assert_eq!((m.amount.as_str(), m.code.as_str()), ("12.34567", "mBTC"));
    assert_eq!(
        money::from_sub_units("12.34567", 1000).unwrap().to_string(),
        "0.01234567"
    );
    assert_eq!(
        money::equivalent("0.5", "60000", "1").as_deref(),
        Some("30000.00")
    );
    assert!(money::show_equivalent(true, Some("USD")));
    assert!(!money::show_equivalent(false, Some("USD")));
    let d = Decimal::parse("-123456789012345678901234567.891").unwrap();
    assert_eq!(Decimal::parse(&d.to_string()).unwrap(), d);
    assert_eq!(Decimal::parse("1e5").unwrap_err().as_str(), "EXPONENT");
}

#[wasm_bindgen_test]
fn masks_names_and_cpf() {
    assert_eq!(
        mask::apply("(##) #####-####", "11987654321"),
        "(11) 98765-4321"
    );
    assert_eq!(
        mask::strip("###.###.###-##", "123.456.789-09"),
        "12345678909"
    );
    let br = mask::NumberMask::new("pt-BR", 2, true);
    assert_eq!(
        mask::format_number_input("1234567,891", &br),
        "1.234.567,89"
    );
    assert_eq!(
        mask::parse_number_input("1.234.567,89", &br).as_deref(),
        Some("1234567.89")
    );
    assert_eq!(
        names::email_nickname("joão.silva@x.br").as_deref(),
        Some("joão.si***")
    );
    assert_eq!(
        names::display_nickname(&names::NameSource {
            email: Some("abc@x.io"),
            ..Default::default()
        }),
        "a***"
    );
    assert_eq!(
        cpf::format("12345678909").as_deref(),
        Some("123.456.789-09")
    );
}

/// The libphonenumber-js differential fixtures, in the browser too.
#[wasm_bindgen_test]
fn phone_fixtures_agree_in_wasm() {
    install_plans();
    let rows: Vec<Vec<String>> =
        serde_json::from_str(include_str!("../../src/domain/phone/fixtures.json")).unwrap();
    let mut mismatches = 0;
    for row in &rows {
        let dc = (!row[1].is_empty()).then_some(row[1].as_str());
        let got = match phone::parse_with_country(&row[0], dc) {
            Ok(n) => vec![
                "OK".to_string(),
                n.calling_code.clone(),
                n.national_number.clone(),
                n.country.clone().unwrap_or_default(),
                n.ext.clone().unwrap_or_default(),
                if n.is_valid() { "valid" } else { "invalid" }.to_string(),
            ],
            Err(e) => vec!["ERR".to_string(), e.as_str().to_string()],
        };
        if got[..] != row[2..] {
            mismatches += 1;
        }
    }
    assert!(rows.len() > 2000);
    assert_eq!(mismatches, 0);
}

/// In the browser the numbering plans are a separate asset the app installs at start; the
/// tests install the same file.
fn install_plans() {
    phone::install(include_str!("../../src/domain/phone/metadata.tsv").to_string());
    assert!(phone::is_loaded());
}

/// That the plans are not compiled into the wasm is checked on the release build itself by
/// scripts/size-gate.sh (it looks for the plan file's rows in pkg/'s .wasm). Here: once
/// installed, the plans stay; a second install is refused.
#[wasm_bindgen_test]
fn a_second_install_of_the_plans_is_refused() {
    install_plans();
    assert!(!phone::install(String::new()));
    assert!(phone::is_loaded());
    assert!(phone::parse("+55 11 91234-5678").is_ok_and(|n| n.is_valid()));
}
