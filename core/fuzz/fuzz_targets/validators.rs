//! Every validation rule, the date/e-mail/URL parsers, message filling and the server rule
//! format on arbitrary input: nothing may panic, and rules other than `required` pass on
//! empty values.
#![no_main]

use croupier_core::domain::validation::{
    self, check, parse_date, parse_rule_string, parse_server_validations, Context, Form, Rule,
    Value,
};
use croupier_core::domain::{cpf, names};
use libfuzzer_sys::fuzz_target;

fn rules(param: &str) -> Vec<Rule> {
    vec![
        Rule::Required,
        Rule::Min(3),
        Rule::Max(5),
        Rule::Between(2, 4),
        Rule::MinValue(param.into()),
        Rule::BetweenValue(param.into(), "99".into()),
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
        Rule::Confirmed("other".into()),
        Rule::Different("other".into()),
        Rule::Date,
        Rule::DateEquals(param.into()),
        Rule::Before("other".into()),
        Rule::AfterOrEqual("today".into()),
        Rule::MinAge(18),
        Rule::MaxAge(120),
        Rule::Digits(4),
        Rule::DigitsBetween(2, 6),
        Rule::Regex(param.into()),
        Rule::NotRegex(param.into()),
        Rule::Ip,
        Rule::MacAddress,
        Rule::Accepted,
        Rule::Declined,
        Rule::RequiredIf {
            field: "other".into(),
            value: Some(param.into()),
        },
        Rule::Or(vec![Rule::Email, Rule::Phone]),
        Rule::Not(Box::new(Rule::Numeric)),
        Rule::CountryCode,
        Rule::LanguageCode,
        Rule::Uppercase,
        Rule::Lowercase,
        Rule::CpfNumber,
        Rule::TwoWords(2),
    ]
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let (value, rest) = text.split_once('\u{1}').unwrap_or((&text, ""));
    let (param, other) = rest.split_once('\u{1}').unwrap_or((rest, ""));
    let mut form = Form::new();
    form.insert("x".into(), Value::Text(value.into()));
    form.insert("other".into(), Value::Text(other.into()));
    let ctx = Context::at((2024, 2, 29));
    for rule in rules(param) {
        let _ = check(&rule, &Value::Text(value.into()), &form, &ctx);
        if !matches!(rule, Rule::Required | Rule::RequiredIf { .. }) {
            assert!(check(&rule, &Value::Empty, &form, &ctx));
        }
    }
    let set = vec![("x".to_string(), rules(param))];
    for (_, v) in validation::validate_form_at(&set, &form, (2024, 6, 15)) {
        let _ = v.message(&|_| Some(param.to_string()));
    }
    let _ = parse_date(value);
    let _ = validation::is_email(value);
    let _ = validation::is_url(value);
    let _ = cpf::is_valid(value);
    let _ = names::email_nickname(value);
    let _ = parse_rule_string(value);
    if let Ok(json) = croupier_core::json::parse(&text) {
        let _ = parse_server_validations(&json);
    }
});
