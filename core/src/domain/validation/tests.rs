//! Table-driven tests: every rule, its boundaries and the empty-value convention.

use super::*;

fn t(s: &str) -> Value {
    Value::Text(s.to_string())
}

fn form(pairs: &[(&str, Value)]) -> Form {
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.clone()))
        .collect()
}

fn ctx() -> Context {
    Context::at((2024, 6, 15))
}

/// Checks `rule` against each `(value, expected)` with `others` as the rest of the form.
fn table(rule: Rule, others: &[(&str, Value)], cases: &[(Value, bool)]) {
    for (value, expected) in cases {
        let mut f = form(others);
        f.insert("x".into(), value.clone());
        assert_eq!(
            check(&rule, value, &f, &ctx()),
            *expected,
            "{rule:?} on {value:?}"
        );
    }
}

fn texts(rule: Rule, cases: &[(&str, bool)]) {
    let cases: Vec<(Value, bool)> = cases.iter().map(|(s, ok)| (t(s), *ok)).collect();
    table(rule, &[], &cases);
}

#[test]
fn every_rule_but_required_passes_on_empty() {
    let all = vec![
        Rule::Min(3),
        Rule::Max(1),
        Rule::Between(2, 3),
        Rule::MinValue("5".into()),
        Rule::MaxValue("5".into()),
        Rule::BetweenValue("1".into(), "2".into()),
        Rule::Email,
        Rule::Phone,
        Rule::Url,
        Rule::Integer,
        Rule::Numeric,
        Rule::Decimal(Some((2, 2))),
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
        Rule::DateEquals("today".into()),
        Rule::Before("today".into()),
        Rule::After("today".into()),
        Rule::BeforeOrEqual("today".into()),
        Rule::AfterOrEqual("today".into()),
        Rule::MinAge(18),
        Rule::MaxAge(1),
        Rule::Digits(4),
        Rule::DigitsBetween(2, 3),
        Rule::Regex("^a$".into()),
        Rule::NotRegex("^$".into()),
        Rule::Ip,
        Rule::MacAddress,
        Rule::Accepted,
        Rule::Declined,
        Rule::Or(vec![Rule::Email, Rule::Phone]),
        Rule::And(vec![Rule::Email, Rule::Phone]),
        Rule::Not(Box::new(Rule::Email)),
        Rule::CountryCode,
        Rule::LanguageCode,
        Rule::Uppercase,
        Rule::Lowercase,
        Rule::CpfNumber,
        Rule::TwoWords(2),
    ];
    let other = form(&[("other", t("something"))]);
    for rule in &all {
        for empty in [Value::Empty, t(""), t("   "), Value::List(vec![])] {
            assert!(check(rule, &empty, &other, &ctx()), "{rule:?} on {empty:?}");
        }
    }
    for empty in [Value::Empty, t(""), t(" \t\n"), Value::List(vec![])] {
        assert!(!check(&Rule::Required, &empty, &other, &ctx()), "{empty:?}");
    }
}

#[test]
fn required() {
    table(
        Rule::Required,
        &[],
        &[
            (t("a"), true),
            (t(" a "), true),
            (t("0"), true),
            (Value::Bool(false), true),
            (Value::Bool(true), true),
            (Value::List(vec!["a".into()]), true),
            (t(""), false),
            (t("  "), false),
            (Value::Empty, false),
        ],
    );
}

#[test]
fn required_if_and_unless() {
    let rule = Rule::RequiredIf {
        field: "method".into(),
        value: Some("card".into()),
    };
    table(
        rule.clone(),
        &[("method", t("card"))],
        &[(t(""), false), (t("4111"), true)],
    );
    table(rule.clone(), &[("method", t("pix"))], &[(t(""), true)]);
    table(rule, &[], &[(t(""), true)]);
    let present = Rule::RequiredIf {
        field: "other".into(),
        value: None,
    };
    table(present.clone(), &[("other", t("x"))], &[(t(""), false)]);
    table(present, &[("other", t(" "))], &[(t(""), true)]);
    let flag = Rule::RequiredIf {
        field: "gift".into(),
        value: Some("true".into()),
    };
    table(flag, &[("gift", Value::Bool(true))], &[(t(""), false)]);

    let unless = Rule::RequiredUnless {
        field: "method".into(),
        value: Some("card".into()),
    };
    table(unless.clone(), &[("method", t("card"))], &[(t(""), true)]);
    table(
        unless.clone(),
        &[("method", t("pix"))],
        &[(t(""), false), (t("x"), true)],
    );
    table(unless, &[], &[(t(""), false)]);
}

#[test]
fn lengths_count_characters_not_bytes() {
    texts(
        Rule::Min(8),
        &[
            ("1234567", false),
            ("12345678", true),
            ("ççççççç", false),
            ("çççççççç", true),
            ("       a", true),
        ],
    );
    texts(
        Rule::Max(3),
        &[
            ("abc", true),
            ("abcd", false),
            ("жжж", true),
            ("😀😀😀😀", false),
        ],
    );
    texts(
        Rule::Between(3, 5),
        &[
            ("ab", false),
            ("abc", true),
            ("abcde", true),
            ("abcdef", false),
        ],
    );
    table(
        Rule::Min(2),
        &[],
        &[
            (Value::List(vec!["a".into()]), false),
            (Value::List(vec!["a".into(), "b".into()]), true),
            (Value::Bool(true), true),
        ],
    );
}

#[test]
fn numeric_bounds() {
    texts(
        Rule::MinValue("18".into()),
        &[
            ("17", false),
            ("18", true),
            ("18.0", true),
            ("17.999", false),
            ("abc", false),
            ("1e3", false),
        ],
    );
    texts(
        Rule::MaxValue("10.5".into()),
        &[("10.5", true), ("10.51", false), ("-100", true)],
    );
    texts(
        Rule::BetweenValue("1".into(), "2".into()),
        &[("0.99", false), ("1", true), ("2", true), ("2.01", false)],
    );
    // A broken bound from the server cannot be judged.
    texts(Rule::MinValue("abc".into()), &[("5", true), ("x", false)]);
}

#[test]
fn email_rule_trims_and_uses_the_fixed_message() {
    texts(
        Rule::Email,
        &[
            ("someone@gmail.com", true),
            (" someone@gmail.com ", true),
            ("someone@gmail.c", false),
            ("joão@gmail.com", false),
            ("a..b@gmail.com", false),
        ],
    );
    let v = validate_field("email", &[Rule::Email], &form(&[("email", t("bad"))])).unwrap();
    assert_eq!(v.message(&|_| None), "Value is not a valid email address");
}

#[test]
fn url_rule_uses_the_fixed_message() {
    texts(
        Rule::Url,
        &[
            ("https://example.com", true),
            ("http://localhost", false),
            ("javascript:alert(1)", false),
        ],
    );
    let v = validate_field("site", &[Rule::Url], &form(&[("site", t("nope"))])).unwrap();
    assert_eq!(v.message(&|_| None), "The value is not a valid URL address");
}

#[test]
fn phone_rule() {
    texts(
        Rule::Phone,
        &[
            ("+5511987654321", true),
            ("5511987654321", true),
            ("+55 11 98765-4321", true),
            ("+1 (202) 555-0143", true),
            ("123", false),
            ("+999123456789", false),
            ("hello", false),
            // SPEC §5 "the digits given": nothing is extracted from surrounding text.
            ("+5511987654321abc", false),
            ("Call: +7 800 555 35 35", false),
            ("+7 800 555 35 35", true),
        ],
    );
}

#[test]
fn numbers() {
    texts(
        Rule::Integer,
        &[
            ("42", true),
            ("-42", true),
            ("+7", true),
            (" 42 ", true),
            ("4.2", false),
            ("4e2", false),
            ("٤٢", false),
            ("-", false),
        ],
    );
    texts(
        Rule::Numeric,
        &[
            ("42", true),
            ("-4.25", true),
            (".5", true),
            ("5.", true),
            ("1e5", false),
            ("1,5", false),
            ("0x10", false),
            (".", false),
            ("NaN", false),
            ("Infinity", false),
        ],
    );
    texts(
        Rule::Decimal(None),
        &[("1.234", true), ("12", true), ("a", false)],
    );
    texts(
        Rule::Decimal(Some((2, 2))),
        &[
            ("1.23", true),
            ("1.2", false),
            ("1.234", false),
            ("1", false),
        ],
    );
    texts(
        Rule::Decimal(Some((0, 2))),
        &[("1", true), ("1.2", true), ("1.234", false)],
    );
}

#[test]
fn character_classes() {
    texts(
        Rule::Alpha,
        &[
            ("João", true),
            ("Жора", true),
            ("abc1", false),
            ("a b", false),
            ("a-b", false),
        ],
    );
    texts(
        Rule::AlphaNum,
        &[
            ("abc123", true),
            ("Ölçü9", true),
            ("abc_1", false),
            ("a b", false),
        ],
    );
    texts(
        Rule::AlphaDash,
        &[
            ("nick_name-1", true),
            ("Жора_1", true),
            ("nick name", false),
            ("nick.name", false),
            ("nick!", false),
        ],
    );
    texts(
        Rule::Uppercase,
        &[("ABC", true), ("ÀÉ1", true), ("AbC", false)],
    );
    texts(
        Rule::Lowercase,
        &[("abc", true), ("àé1", true), ("aBc", false)],
    );
    texts(
        Rule::CountryCode,
        &[
            ("BR", true),
            ("br", false),
            ("BRA", false),
            ("B", false),
            ("Ü1", false),
        ],
    );
    texts(
        Rule::LanguageCode,
        &[("pt", true), ("PT", false), ("pt-br", false), ("p", false)],
    );
}

#[test]
fn booleans_and_yes_no() {
    table(
        Rule::Boolean,
        &[],
        &[
            (Value::Bool(false), true),
            (t("true"), true),
            (t("false"), true),
            (t("1"), true),
            (t("0"), true),
            (t("yes"), false),
            (t("TRUE"), false),
            (Value::List(vec!["1".into()]), false),
        ],
    );
    table(
        Rule::Accepted,
        &[],
        &[
            (Value::Bool(true), true),
            (Value::Bool(false), false),
            (t("yes"), true),
            (t("on"), true),
            (t("1"), true),
            (t("TRUE"), true),
            (t("no"), false),
            (t("2"), false),
        ],
    );
    table(
        Rule::Declined,
        &[],
        &[
            (Value::Bool(false), true),
            (Value::Bool(true), false),
            (t("no"), true),
            (t("off"), true),
            (t("0"), true),
            (t("false"), true),
            (t("yes"), false),
        ],
    );
}

#[test]
fn types() {
    table(
        Rule::Array,
        &[],
        &[
            (Value::List(vec!["a".into()]), true),
            (t("a"), false),
            (Value::Bool(true), false),
        ],
    );
    table(
        Rule::String,
        &[],
        &[
            (t("a"), true),
            (Value::Bool(true), false),
            (Value::List(vec!["a".into()]), false),
        ],
    );
}

#[test]
fn field_comparisons() {
    let others = [("password", t("Secret123")), ("email", t("a@b.co"))];
    table(
        Rule::Confirmed("password".into()),
        &others,
        &[
            (t("Secret123"), true),
            (t("secret123"), false),
            (t("Secret123 "), false),
        ],
    );
    table(
        Rule::SameAs("password".into()),
        &others,
        &[(t("Secret123"), true), (t("x"), false)],
    );
    table(
        Rule::Different("email".into()),
        &others,
        &[(t("other"), true), (t("a@b.co"), false)],
    );
    // Comparing with a missing field: nothing equals it.
    table(Rule::SameAs("missing".into()), &[], &[(t("x"), false)]);
    table(Rule::Different("missing".into()), &[], &[(t("x"), true)]);
}

#[test]
fn dates() {
    texts(
        Rule::Date,
        &[
            ("2000-02-29", true),
            ("2023-02-29", false),
            ("2023-13-01", false),
            ("0999-01-01", false),
            ("946684800000", true),
            ("yesterday", false),
        ],
    );
    // today = 2024-06-15
    texts(
        Rule::DateEquals("today".into()),
        &[
            ("2024-06-15", true),
            ("2024-6-15", true),
            ("2024-06-16", false),
        ],
    );
    texts(
        Rule::Before("today".into()),
        &[("2024-06-14", true), ("2024-06-15", false), ("bad", false)],
    );
    texts(
        Rule::BeforeOrEqual("today".into()),
        &[("2024-06-15", true), ("2024-06-16", false)],
    );
    texts(
        Rule::After("2024-01-01".into()),
        &[
            ("2024-01-02", true),
            ("2024-01-01", false),
            ("2023-12-31", false),
        ],
    );
    texts(
        Rule::AfterOrEqual("2024-01-01".into()),
        &[("2024-01-01", true), ("2023-12-31", false)],
    );
    // Referencing another field.
    let others = [("start", t("2024-03-01"))];
    table(
        Rule::After("start".into()),
        &others,
        &[(t("2024-03-02"), true), (t("2024-03-01"), false)],
    );
    // The other field empty: nothing to compare.
    table(
        Rule::After("start".into()),
        &[("start", t(""))],
        &[(t("2024-03-01"), true)],
    );
    // Without today, `today` references cannot be judged.
    let f = form(&[]);
    assert!(check(
        &Rule::Before("today".into()),
        &t("2999-01-01"),
        &f,
        &Context::default()
    ));
}

#[test]
fn ages() {
    // today = 2024-06-15
    texts(
        Rule::MinAge(18),
        &[
            ("2006-06-15", true),
            ("2006-06-16", false),
            ("1950-01-01", true),
            ("2030-01-01", false),
            ("bad", false),
        ],
    );
    texts(
        Rule::MaxAge(100),
        &[
            ("1924-06-15", true),
            ("1923-06-16", true),
            ("1923-06-15", false),
            ("2000-01-01", true),
        ],
    );
    // Feb 29 birthdays turn 18 on March 1 in common years.
    let rules = vec![("birthdate".to_string(), vec![Rule::MinAge(18)])];
    let f = form(&[("birthdate", t("2004-02-29"))]);
    assert!(validate_form_at(&rules, &f, (2022, 2, 28)).contains_key("birthdate"));
    assert!(validate_form_at(&rules, &f, (2022, 3, 1)).is_empty());
    // An impossible "today" means no today: the age cannot be judged and passes.
    assert!(validate_form_at(&rules, &f, (2022, 2, 29)).is_empty());
}

#[test]
fn digits() {
    texts(
        Rule::Digits(4),
        &[
            ("1234", true),
            ("123", false),
            ("12345", false),
            ("12a4", false),
            ("-123", false),
            ("１２３４", false),
        ],
    );
    texts(
        Rule::DigitsBetween(2, 4),
        &[
            ("1", false),
            ("12", true),
            ("1234", true),
            ("12345", false),
            ("1.2", false),
        ],
    );
}

#[test]
fn regexes() {
    texts(
        Rule::Regex("^[A-Z]{3}$".into()),
        &[("ABC", true), ("ABCD", false), ("abc", false)],
    );
    texts(
        Rule::Regex("/^[a-z]+$/i".into()),
        &[("AbC", true), ("A1", false)],
    );
    texts(
        Rule::NotRegex("\\d".into()),
        &[("abc", true), ("a1c", false)],
    );
    // An invalid pattern cannot be judged: both pass.
    texts(Rule::Regex("(".into()), &[("x", true)]);
    texts(Rule::NotRegex("(".into()), &[("x", true)]);
}

#[test]
fn addresses() {
    texts(
        Rule::Ip,
        &[("8.8.8.8", true), ("::1", true), ("999.1.1.1", false)],
    );
    texts(
        Rule::MacAddress,
        &[("aa:bb:cc:dd:ee:ff", true), ("aa:bb:cc:dd:ee", false)],
    );
}

#[test]
fn combinators() {
    let either = Rule::Or(vec![Rule::Email, Rule::Digits(11)]);
    texts(
        either,
        &[("a@b.co", true), ("12345678901", true), ("nope", false)],
    );
    let both = Rule::And(vec![Rule::Min(3), Rule::AlphaDash]);
    texts(both, &[("abc", true), ("ab", false), ("a c d", false)]);
    texts(
        Rule::Not(Box::new(Rule::Integer)),
        &[("abc", true), ("123", false)],
    );
    texts(Rule::Or(vec![]), &[("x", true)]);
    texts(Rule::And(vec![]), &[("x", true)]);
}

/// `required` inside and/or/not is judged on an empty value as at top level; the other rules
/// inside are skipped on an empty value (left out of the combination, as a field's
/// non-presence rules are left out at top level), so a combinator of only non-presence rules
/// still passes on empty.
#[test]
fn combinators_check_presence_on_empty_values() {
    let email_or_phone = Rule::Or(vec![Rule::Email, Rule::Phone]);
    let required_or_email = Rule::Or(vec![Rule::Required, Rule::Email]);
    let and_required = Rule::And(vec![Rule::Required]);
    let and_required_min = Rule::And(vec![Rule::Required, Rule::Min(3)]);
    let not_required = Rule::Not(Box::new(Rule::Required));
    let not_email = Rule::Not(Box::new(Rule::Email));
    let nested = Rule::Or(vec![
        Rule::Min(3),
        Rule::And(vec![Rule::Required, Rule::Email]),
    ]);
    let other = form(&[("other", t("x"))]);
    for empty in [Value::Empty, t(""), t("   "), Value::List(vec![])] {
        let ok = |r: &Rule| check(r, &empty, &other, &ctx());
        assert!(!ok(&and_required), "and[required] on {empty:?}");
        assert!(!ok(&and_required_min), "and[required, min] on {empty:?}");
        assert!(!ok(&required_or_email), "or[required, email] on {empty:?}");
        assert!(!ok(&nested), "or[min, and[required, email]] on {empty:?}");
        assert!(ok(&not_required), "not[required] on {empty:?}");
        // Non-presence rules alone still skip the empty value, as at top level.
        assert!(ok(&email_or_phone), "or[email, phone] on {empty:?}");
        assert!(ok(&not_email), "not[email] on {empty:?}");
        assert!(ok(&Rule::And(vec![Rule::Min(3), Rule::Email])));
        // requiredIf inside follows its condition.
        let required_if = |v: &str| {
            Rule::And(vec![Rule::RequiredIf {
                field: "other".into(),
                value: Some(v.into()),
            }])
        };
        assert!(
            !ok(&required_if("x")),
            "and[requiredIf other=x] on {empty:?}"
        );
        assert!(
            ok(&required_if("y")),
            "and[requiredIf other=y] on {empty:?}"
        );
    }
    // On a present value nothing changes.
    texts(required_or_email, &[("a@b.co", true), ("anything", true)]);
    texts(and_required_min, &[("abc", true), ("ab", false)]);
    texts(not_required, &[("x", false)]);
    // A field's message names the combinator that failed.
    let v = validate_field("x", &[and_required], &form(&[("x", t(""))])).unwrap();
    assert_eq!(v.rule, "and");
}

/// The same through the server's rule-set form (SPEC §5 server-provided field validations).
#[test]
fn server_combinators_check_presence_on_empty_values() {
    let json: crate::json::Json = crate::json::parse(
        r#"{"a":"and:required","b":"or:required,email","c":"not:required",
            "d":[{"name":"or","params":["required",{"name":"email"}]}],
            "e":"or:email,phone","f":[{"name":"not","params":["email"]}]}"#,
    )
    .unwrap();
    let (sets, warnings) = parse_server_validations(&json);
    assert!(warnings.is_empty(), "{warnings:?}");
    assert!(sets.contains(&("a".to_string(), vec![Rule::And(vec![Rule::Required])])));
    assert!(sets.contains(&(
        "b".to_string(),
        vec![Rule::Or(vec![Rule::Required, Rule::Email])]
    )));
    let empty = form(&[
        ("a", t("")),
        ("b", t("")),
        ("c", t("")),
        ("d", Value::Empty),
        ("e", t("")),
        ("f", t(" ")),
    ]);
    let failures = validate_form(&sets, &empty);
    let failed: Vec<(&str, &str)> = failures
        .iter()
        .map(|(field, v)| (field.as_str(), v.rule.as_str()))
        .collect();
    assert_eq!(failed, vec![("a", "and"), ("b", "or"), ("d", "or")]);
    let filled = form(&[
        ("a", t("x")),
        ("b", t("a@b.co")),
        ("c", t("x")),
        ("d", t("a@b.co")),
        ("e", t("a@b.co")),
        ("f", t("nope")),
    ]);
    let failures = validate_form(&sets, &filled);
    let failed: Vec<&str> = failures.iter().map(|(field, _)| field.as_str()).collect();
    assert_eq!(failed, vec!["c"]);
}

#[test]
fn cpf_and_two_words() {
    texts(
        Rule::CpfNumber,
        &[
            ("123.456.789-09", true),
            ("12345678909", true),
            ("111.111.111-11", false),
            ("123.456.789-00", false),
        ],
    );
    texts(
        Rule::TwoWords(2),
        &[
            ("John Smith", true),
            ("  John   Smith ", true),
            ("Li Na", true),
            ("John", false),
            ("J Smith", false),
            ("John Paul Smith", false),
        ],
    );
}

#[test]
fn field_rules_follow_the_spec() {
    let ok = |field: &str, pairs: &[(&str, Value)]| {
        validate_field(field, &field_rules(field), &form(pairs))
    };
    assert_eq!(
        ok("password", &[("password", t("1234567"))]).unwrap().rule,
        "min"
    );
    assert!(ok("password", &[("password", t("12345678"))]).is_none());
    assert!(
        ok("password", &[]).is_none(),
        "registration password alone is not required"
    );
    assert_eq!(ok("newPassword", &[]).unwrap().rule, "required");
    assert_eq!(
        ok("newPassword", &[("newPassword", t("short"))])
            .unwrap()
            .rule,
        "min"
    );
    assert_eq!(
        ok(
            "repeatNewPassword",
            &[
                ("newPassword", t("abcdefgh")),
                ("repeatNewPassword", t("abcdefgX"))
            ]
        )
        .unwrap()
        .rule,
        "sameAs"
    );
    assert!(ok(
        "repeatNewPassword",
        &[
            ("newPassword", t("abcdefgh")),
            ("repeatNewPassword", t("abcdefgh"))
        ]
    )
    .is_none());
    assert_eq!(
        ok("password_confirmation", &[("password", t("abcdefgh"))])
            .unwrap()
            .rule,
        "required"
    );
    assert!(ok(
        "password_confirmation",
        &[
            ("password", t("abcdefgh")),
            ("password_confirmation", t("abcdefgh"))
        ]
    )
    .is_none());
    assert_eq!(
        ok("currentPassword", &[("currentPassword", t(" "))])
            .unwrap()
            .rule,
        "required"
    );
    assert_eq!(
        ok("firstName", &[("firstName", t("A"))]).unwrap().rule,
        "min"
    );
    assert!(ok("lastName", &[("lastName", t("Li"))]).is_none());
    assert_eq!(
        ok("fullName", &[("fullName", t("Madonna"))]).unwrap().rule,
        "twoWords"
    );
    let name31 = format!("Maximiliana {}", "b".repeat(19));
    assert_eq!(name31.chars().count(), 31);
    assert_eq!(
        ok("fullName", &[("fullName", t(&name31))]).unwrap().rule,
        "max"
    );
    assert!(ok("fullName", &[("fullName", t(&name31[..30]))]).is_none());
    assert_eq!(
        ok("nickname", &[("nickname", t("ab"))]).unwrap().rule,
        "min"
    );
    assert_eq!(
        ok("nickname", &[("nickname", t(&"a".repeat(25)))])
            .unwrap()
            .rule,
        "max"
    );
    assert!(ok("nickname", &[("nickname", t(&"a".repeat(24)))]).is_none());
    assert_eq!(
        ok("nickname", &[("nickname", t("big boss"))]).unwrap().rule,
        "alpha_dash"
    );
    assert!(ok("nickname", &[("nickname", t("big_boss-7"))]).is_none());
    assert_eq!(ok("email", &[("email", t("x@y"))]).unwrap().rule, "email");
    assert_eq!(ok("phone", &[("phone", t("+1"))]).unwrap().rule, "phone");
    assert_eq!(
        ok("birthdate", &[("birthdate", t("2001-02-29"))])
            .unwrap()
            .rule,
        "date"
    );
    assert_eq!(
        ok("agreements", &[("agreements", Value::Bool(false))])
            .unwrap()
            .rule,
        "accepted"
    );
    assert!(ok("agreements", &[("agreements", Value::Bool(true))]).is_none());
    assert_eq!(
        ok("personalIdNumber", &[("personalIdNumber", t("1"))])
            .unwrap()
            .rule,
        "min"
    );
    assert_eq!(ok("age", &[("age", t("18.5"))]).unwrap().rule, "integer");
    assert_eq!(ok("wallet_id", &[]).unwrap().rule, "required");
    assert!(field_rules("somethingElse").is_empty());
}

#[test]
fn messages_fill_placeholders_and_prefer_content() {
    let v = validate_field(
        "password",
        &[Rule::Min(8)],
        &form(&[("password", t("abc"))]),
    )
    .unwrap();
    assert_eq!(v.key(), "validations.min");
    assert_eq!(v.message(&|_| None), "Must be at least 8 characters");
    let localized = |key: &str| {
        (key == "validations.min").then(|| "Mínimo {min} caracteres em {field}".to_string())
    };
    assert_eq!(v.message(&localized), "Mínimo 8 caracteres em password");
    let v = validate_field("n", &[Rule::Between(3, 24)], &form(&[("n", t("ab"))])).unwrap();
    assert_eq!(v.message(&|_| None), "Must be between 3 and 24 characters");
    assert_eq!(
        v.message(&|_| Some("{param} / {unknown} / {".into())),
        "3,24 / {unknown} / {"
    );
    let v = validate_field("n", &[Rule::Max(24)], &form(&[("n", t(&"a".repeat(30)))])).unwrap();
    assert_eq!(v.message(&|_| None), "Must be at most 24 characters");
    // Every rule has a non-generic English default.
    for name in [
        "required",
        "min",
        "max",
        "between",
        "email",
        "phone",
        "url",
        "integer",
        "numeric",
        "decimal",
        "alpha",
        "alpha_num",
        "alpha_dash",
        "boolean",
        "array",
        "string",
        "confirmed",
        "different",
        "sameAs",
        "date",
        "date_equals",
        "before",
        "after",
        "before_or_equal",
        "after_or_equal",
        "minAge",
        "maxAge",
        "digits",
        "digits_between",
        "regex",
        "not_regex",
        "ip",
        "mac_address",
        "accepted",
        "declined",
        "requiredIf",
        "requiredUnless",
        "countryCode",
        "languageCode",
        "uppercase",
        "lowercase",
        "cpf_number",
        "twoWords",
    ] {
        assert_ne!(default_message(name), "The value is invalid", "{name}");
    }
}

#[test]
fn validate_form_reports_first_failure_per_field() {
    let rules = vec![
        (
            "nickname".to_string(),
            vec![Rule::Required, Rule::Min(3), Rule::AlphaDash],
        ),
        ("email".to_string(), vec![Rule::Required, Rule::Email]),
        ("bio".to_string(), vec![Rule::Max(5)]),
    ];
    let f = form(&[("nickname", t("a b")), ("email", t("ok@example.com"))]);
    let out = validate_form(&rules, &f);
    assert_eq!(out.len(), 1);
    assert_eq!(out[&"nickname".to_string()].rule, "alpha_dash");
    assert_eq!(
        out[&"nickname".to_string()].params[&"field".to_string()],
        "nickname"
    );
    let f = form(&[]);
    let out = validate_form(&rules, &f);
    assert_eq!(out[&"nickname".to_string()].rule, "required");
    assert_eq!(out[&"email".to_string()].rule, "required");
    assert!(!out.contains_key("bio"));
}

#[test]
fn value_deserializes_from_json() {
    let v: Form =
        serde_json::from_str(r#"{"a":null,"b":"x","c":true,"d":["1",2],"e":18,"f":1.5}"#).unwrap();
    assert_eq!(v[&"a".to_string()], Value::Empty);
    assert_eq!(v[&"b".to_string()], t("x"));
    assert_eq!(v[&"c".to_string()], Value::Bool(true));
    assert_eq!(
        v[&"d".to_string()],
        Value::List(vec!["1".into(), "2".into()])
    );
    assert_eq!(v[&"e".to_string()], t("18"));
    assert_eq!(v[&"f".to_string()], t("1.5"));
    assert_eq!(
        serde_json::to_string(&v[&"d".to_string()]).unwrap(),
        r#"["1","2"]"#
    );
}

#[test]
fn server_rules_become_rule_sets() {
    let json: crate::json::Json = crate::json::parse(
        r#"[
            {"field":"nickname","isRequired":true,"rules":[{"name":"min","params":[3]},{"name":"max","params":["24"]},{"name":"alphaDash"}]},
            {"name":"bio","rules":"max:100|regex:/^[^|<>]*$/i|not_regex:/x/"},
            {"field":"age","rules":["integer", {"name":"between_value","params":{"min":18,"max":99}}, "frobnicate:3"]},
            {"field":"code","rules":[{"name":"or","params":["digits:4", {"name":"email"}]}, {"name":"not","params":["integer"]}, {"name":"min"}]}
        ]"#,
    )
    .unwrap();
    let (sets, warnings) = parse_server_validations(&json);
    assert_eq!(
        sets[0],
        (
            "nickname".to_string(),
            vec![Rule::Required, Rule::Min(3), Rule::Max(24), Rule::AlphaDash]
        )
    );
    assert_eq!(
        sets[1],
        (
            "bio".to_string(),
            vec![
                Rule::Max(100),
                Rule::Regex("/^[^|<>]*$/i".into()),
                Rule::NotRegex("/x/".into())
            ]
        )
    );
    assert_eq!(
        sets[2],
        (
            "age".to_string(),
            vec![Rule::Integer, Rule::BetweenValue("18".into(), "99".into())]
        )
    );
    assert_eq!(
        sets[3],
        (
            "code".to_string(),
            vec![
                Rule::Or(vec![Rule::Digits(4), Rule::Email]),
                Rule::Not(Box::new(Rule::Integer))
            ]
        )
    );
    assert_eq!(warnings.len(), 2, "{warnings:?}");
    assert_eq!(warnings[0].field, "age");
    assert!(warnings[0].reason.contains("unknown rule"));
    assert_eq!(warnings[1].rule, "min");

    let map: crate::json::Json = crate::json::parse(
        r#"{"data":{"email":{"is_required":1,"validations":"email"},"firstName":"min:2","phone":["phone"]}}"#,
    )
    .unwrap();
    let (sets, warnings) = parse_server_validations(&map);
    assert!(warnings.is_empty());
    assert!(sets.contains(&("email".to_string(), vec![Rule::Required, Rule::Email])));
    assert!(sets.contains(&("firstName".to_string(), vec![Rule::Min(2)])));
    assert!(sets.contains(&("phone".to_string(), vec![Rule::Phone])));

    for junk in [
        "42",
        "\"x\"",
        "[1, null, {\"rules\": 3}]",
        "{\"f\": {\"rules\": 5}}",
    ] {
        let j: crate::json::Json = crate::json::parse(junk).unwrap();
        let _ = parse_server_validations(&j);
    }

    let typed: Vec<ServerField> =
        serde_json::from_str(r#"[{"field":"nickname","isRequired":true,"rules":[{"name":"min","params":[3]},{"name":"nope"}]}]"#).unwrap();
    let (sets, warnings) = rules_from_server(&typed);
    assert_eq!(sets[0].1, vec![Rule::Required, Rule::Min(3)]);
    assert_eq!(warnings.len(), 1);
    assert_eq!(Scenario::Registration.as_str(), "registration");
}

#[test]
fn rule_names_round_trip_through_the_string_form() {
    for (text, rule) in [
        ("required", Rule::Required),
        ("min:8", Rule::Min(8)),
        ("between:3,24", Rule::Between(3, 24)),
        ("same_as:password", Rule::SameAs("password".into())),
        (
            "required_if:method,card",
            Rule::RequiredIf {
                field: "method".into(),
                value: Some("card".into()),
            },
        ),
        (
            "requiredUnless:method",
            Rule::RequiredUnless {
                field: "method".into(),
                value: None,
            },
        ),
        ("decimal:2", Rule::Decimal(Some((2, 2)))),
        ("regex:^a,b$", Rule::Regex("^a,b$".into())),
        ("two_words:2", Rule::TwoWords(2)),
        ("minAge:18", Rule::MinAge(18)),
        ("mac_address", Rule::MacAddress),
        ("cpf_number", Rule::CpfNumber),
    ] {
        assert_eq!(parse_rule_string(text), Ok(rule), "{text}");
    }
    assert!(parse_rule_string("min:abc").is_err());
    assert!(parse_rule_string("min").is_err());
    assert!(parse_rule_string("whatever").is_err());
}

#[test]
fn server_sets_are_completed_with_product_rules() {
    let server = vec![
        ("nickname".to_string(), vec![Rule::Required, Rule::Min(3)]),
        ("city".to_string(), vec![Rule::Max(50)]),
    ];
    let merged = with_field_rules(server);
    assert_eq!(
        merged[0].1,
        vec![Rule::Required, Rule::Min(3), Rule::Max(24), Rule::AlphaDash]
    );
    assert_eq!(merged[1].1, vec![Rule::Max(50)]);
}
