//! Property tests for the form layer (SPEC §5): no validator, parser or mask panics on any
//! input, and the masks, number masks, CPF and dates keep their invariants.
#![cfg(not(target_arch = "wasm32"))]

use croupier_core::domain::validation::{
    self, check, parse_date, parse_server_validations, Context, Date, Form, Rule, Value,
};
use croupier_core::domain::{cpf, mask, names, phone};
use proptest::prelude::*;

fn all_rules(param: &str) -> Vec<Rule> {
    vec![
        Rule::Required,
        Rule::Min(3),
        Rule::Max(5),
        Rule::Between(2, 4),
        Rule::MinValue(param.to_string()),
        Rule::MaxValue("10".into()),
        Rule::BetweenValue(param.to_string(), "99".into()),
        Rule::Email,
        Rule::Phone,
        Rule::Url,
        Rule::Integer,
        Rule::Numeric,
        Rule::Decimal(Some((1, 3))),
        Rule::Alpha,
        Rule::AlphaNum,
        Rule::AlphaDash,
        Rule::Boolean,
        Rule::Array,
        Rule::String,
        Rule::Confirmed("other".into()),
        Rule::Different("other".into()),
        Rule::SameAs("other".into()),
        Rule::Date,
        Rule::DateEquals(param.to_string()),
        Rule::Before("other".into()),
        Rule::After("today".into()),
        Rule::BeforeOrEqual(param.to_string()),
        Rule::AfterOrEqual("2000-01-01".into()),
        Rule::MinAge(18),
        Rule::MaxAge(120),
        Rule::Digits(4),
        Rule::DigitsBetween(2, 6),
        Rule::Regex(param.to_string()),
        Rule::NotRegex(param.to_string()),
        Rule::Ip,
        Rule::MacAddress,
        Rule::Accepted,
        Rule::Declined,
        Rule::RequiredIf {
            field: "other".into(),
            value: Some(param.to_string()),
        },
        Rule::RequiredUnless {
            field: "other".into(),
            value: None,
        },
        Rule::Or(vec![Rule::Email, Rule::Phone]),
        Rule::And(vec![Rule::Min(1), Rule::Url]),
        Rule::Not(Box::new(Rule::Numeric)),
        Rule::CountryCode,
        Rule::LanguageCode,
        Rule::Uppercase,
        Rule::Lowercase,
        Rule::CpfNumber,
        Rule::TwoWords(2),
    ]
}

fn value_strategy() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Empty),
        any::<String>().prop_map(Value::Text),
        "[0-9+(). -]{0,30}".prop_map(Value::Text),
        "[a-z0-9.@_-]{0,20}@[a-z]{1,10}\\.[a-z]{0,4}".prop_map(Value::Text),
        "(https?|ftp|javascript)://[a-z0-9.:\\[\\]-]{0,30}(/.{0,10})?".prop_map(Value::Text),
        "[0-9]{1,4}-[0-9]{1,2}-[0-9]{1,2}".prop_map(Value::Text),
        any::<bool>().prop_map(Value::Bool),
        proptest::collection::vec(any::<String>(), 0..4).prop_map(Value::List),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Whatever the player types (any value, any other field, any rule parameter) every rule
    /// answers and the form's verdict names only the fields it checked. A panic here would be
    /// the core aborting on a keystroke (panic=immediate-abort in the release wasm).
    #[test]
    fn any_typed_value_gets_a_verdict_from_every_rule(value in value_strategy(), other in value_strategy(), param in "\\PC{0,12}") {
        let mut form = Form::new();
        form.insert("x".into(), value.clone());
        form.insert("other".into(), other);
        let ctx = Context::at((2024, 2, 29));
        for rule in all_rules(&param) {
            let _ = check(&rule, &value, &form, &ctx);
            let _ = check(&rule, &value, &form, &Context::default());
        }
        let rules: Vec<(String, Vec<Rule>)> = ["x", "other", "missing"]
            .iter()
            .map(|f| (f.to_string(), all_rules(&param)))
            .collect();
        for (field, v) in validation::validate_form_at(&rules, &form, (2024, 6, 15)) {
            prop_assert!(["x", "other", "missing"].contains(&field.as_str()), "{}", field);
            let _ = v.message(&|_| Some(param.clone()));
        }
    }

    #[test]
    fn rules_other_than_required_pass_on_empty(param in "\\PC{0,8}", blank in "[ \\t\\n]{0,4}") {
        let form = Form::new();
        let ctx = Context::at((2024, 6, 15));
        for rule in all_rules(&param) {
            if matches!(rule, Rule::Required | Rule::RequiredIf { .. } | Rule::RequiredUnless { .. }) {
                continue;
            }
            prop_assert!(check(&rule, &Value::Text(blank.clone()), &form, &ctx), "{:?}", rule);
            prop_assert!(check(&rule, &Value::Empty, &form, &ctx), "{:?}", rule);
        }
    }

    /// The text parsers see what the player types, unfiltered: any text gets an answer, and an
    /// e-mail is never accepted without its `@`. A panic would abort the whole app on a
    /// keystroke (panic=immediate-abort in the release wasm).
    #[test]
    fn any_typed_text_gets_an_answer_from_every_parser(s in any::<String>()) {
        if validation::is_email(&s) {
            prop_assert!(s.contains('@'), "{:?}", s);
        }
        let _ = validation::is_url(&s);
        let _ = validation::is_ip(&s);
        let _ = validation::is_mac_address(&s);
        let _ = parse_date(&s);
        let _ = cpf::is_valid(&s);
        let _ = cpf::format(&s);
        let _ = names::email_nickname(&s);
        let _ = validation::regex_test(&s, "abc");
        let _ = validation::parse_rule_string(&s);
    }

    /// The server's validation answers are read from whatever JSON a 422 carries: a malformed one
    /// is a form without field messages, never an abort of the app (panic=immediate-abort in the
    /// release wasm). No invariant beyond that: the shapes are the server's.
    #[test]
    fn any_server_json_is_read_without_aborting(s in "[\\[\\]{}\",:a-zA-Z0-9|_ ]{0,80}") {
        if let Ok(json) = croupier_core::json::parse(&s) {
            let _ = parse_server_validations(&json);
        }
    }

    #[test]
    fn any_text_parses_to_bounded_phone_parts_or_a_known_error(s in any::<String>(), digits in "\\+?[0-9 ()+-]{0,40}", dc in "[A-Z]{2}") {
        for text in [&s, &digits] {
            if let Ok(n) = phone::parse_with_country(text, Some(&dc)) {
                prop_assert!((2..=17).contains(&n.national_number.len()));
                let _ = n.is_valid();
            }
            match phone::parse(text) {
                Ok(n) => {
                    prop_assert!((2..=17).contains(&n.national_number.len()));
                    prop_assert!((1..=3).contains(&n.calling_code.len()));
                    let _ = n.is_valid();
                    let _ = n.is_possible();
                }
                Err(e) => prop_assert!(["NOT_A_NUMBER", "TOO_SHORT", "TOO_LONG", "INVALID_COUNTRY"].contains(&e.as_str())),
            }
            let _ = phone::validate_length(text, None);
            let _ = phone::is_valid_rule_value(text);
        }
    }

    /// The phone metadata's own regex engine against a second implementation (regex-lite)
    /// wherever both accept the pattern: the same whole-text verdict.
    #[test]
    fn phone_pattern_engine_agrees_with_regex_lite(p in "[\\[\\]()?:|\\\\d0-9{},*+^$-]{0,24}", t in "[0-9a]{0,20}") {
        if let Some(compiled) = phone::pattern::Pattern::new(&p) {
            let whole = compiled.matches_entirely(&t);
            let _ = compiled.match_prefix(&t);
            if let Ok(re) = regex_lite::Regex::new(&format!("^(?:{p})$")) {
                prop_assert_eq!(whole, re.is_match(&t), "pattern {:?} on {:?}", p, t);
            }
        }
    }

    #[test]
    fn masks_are_stable(m in "[#@*()\\-. a\\\\]{0,16}", input in any::<String>(), caret in 0usize..40) {
        let out = mask::apply_with_caret(&m, &input, caret);
        prop_assert!(out.caret <= out.text.chars().count());
        // Re-masking the masked text changes nothing and keeps the raw value.
        prop_assert_eq!(mask::apply(&m, &out.text), out.text.clone());
        prop_assert_eq!(mask::strip(&m, &out.text), out.raw.clone());
        prop_assert!(out.raw.chars().count() <= mask::slot_count(&m));
    }

    #[test]
    fn number_masks_are_stable(input in any::<String>(), locale in "(en|pt-BR|pt|ru|es|de|tr|xx)", frac in 0u32..4, unsigned in any::<bool>()) {
        let nm = mask::NumberMask::new(&locale, frac, unsigned);
        let shown = mask::format_number_input(&input, &nm);
        prop_assert_eq!(mask::format_number_input(&shown, &nm), shown.clone());
        let value = mask::parse_number_input(&input, &nm);
        prop_assert_eq!(mask::parse_number_input(&shown, &nm), value.clone());
        if let Some(v) = value {
            let d = croupier_core::domain::money::Decimal::parse(&v);
            prop_assert!(d.is_ok(), "{}", v);
            if unsigned {
                prop_assert!(!v.starts_with('-'));
            }
            let _ = mask::format_number_value(&v, &nm);
        }
    }

    #[test]
    fn cpf_check_digits(base in "[0-9]{9}") {
        let digits: Vec<u32> = base.chars().filter_map(|c| c.to_digit(10)).collect();
        let check = |ds: &[u32]| {
            let n = ds.len() as u32;
            let sum: u32 = ds.iter().enumerate().map(|(i, d)| d * (n + 1 - i as u32)).sum();
            let r = (sum * 10) % 11;
            if r == 10 { 0 } else { r }
        };
        let mut all = digits.clone();
        all.push(check(&all));
        all.push(check(&all));
        let plain: String = all.iter().map(|d| char::from_digit(*d, 10).unwrap()).collect();
        let repeated = all.iter().all(|d| *d == all[0]);
        prop_assert_eq!(cpf::is_valid(&plain), !repeated);
        let masked = cpf::format(&plain).unwrap();
        prop_assert_eq!(cpf::is_valid(&masked), !repeated);
        // Any single changed check digit breaks it.
        let mut wrong = all.clone();
        wrong[10] = (wrong[10] + 1) % 10;
        let wrong: String = wrong.iter().map(|d| char::from_digit(*d, 10).unwrap()).collect();
        prop_assert!(!cpf::is_valid(&wrong));
    }

    #[test]
    fn dates_round_trip(days in -800_000i64..800_000) {
        let d = Date::from_days_since_epoch(days).unwrap();
        prop_assert_eq!(d.days_since_epoch(), days);
        if (1000..=3000).contains(&d.year) {
            prop_assert_eq!(parse_date(&d.to_iso()), Some(d));
        }
        let next = Date::from_days_since_epoch(days + 1).unwrap();
        prop_assert!(next > d);
    }
}
