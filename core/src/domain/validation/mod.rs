//! Form validation (SPEC §5): the generic rules, the product's field rules, localisable
//! messages (`validations.{rule}` with `{min}`, `{max}`, `{param}`, `{field}` placeholders) and
//! server-provided rule sets.
//!
//! Conventions, decided once for every rule:
//!
//! * Every rule except `required` (and the `requiredIf` / `requiredUnless` forms) passes on an
//!   empty value: [`Value::Empty`], blank text (whitespace only) or an empty list. A field is
//!   optional unless it says `required`.
//! * Inside `and` / `or` / `not` the same holds: on an empty value a nested presence rule is
//!   judged (`and[required]` and `or[required, email]` fail on "", `not[required]` passes)
//!   and the other nested rules are left out; a combinator with no presence rule inside
//!   passes on an empty value like any other rule.
//! * `required` trims text; `false` counts as present (use `accepted` for must-tick boxes).
//! * Length rules (`min`, `max`, `between`) count Unicode characters of the text as typed (no
//!   trimming: a password may hold spaces) or items of a list; numeric bounds are the separate
//!   `min_value`, `max_value` and `between_value`.
//! * Format rules (email, phone, url, numbers, dates, digits, ip, mac, cpf, codes, yes/no) check
//!   the trimmed text, as the product trims before sending.
//! * Character-class rules (alpha*, uppercase, lowercase, regex) and equality rules
//!   (confirmed, different, sameAs) see the text exactly as typed.
//! * Nothing here panics on any input.

mod date;
mod pattern;
mod server;
mod text;

use litemap::LiteMap;
use std::fmt;

use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::{Deserialize, Serialize, Serializer};

pub use date::{age_in_years, days_in_month, is_leap_year, parse_date, Date};
pub use pattern::test as regex_test;
pub use server::{
    parse_rule, parse_rule_string, parse_server_validations, rules_from_server, RuleSpec,
    RuleWarning, Scenario, ServerField,
};
pub use text::{is_email, is_ip, is_mac_address, is_public_ipv4, is_public_ipv6, is_url};

/// A form field's value.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum Value {
    /// Nothing entered (also JSON `null`).
    #[default]
    Empty,
    /// Text as typed (JSON strings; JSON numbers arrive as their text).
    Text(String),
    /// A checkbox or toggle.
    Bool(bool),
    /// A multi-select.
    List(Vec<String>),
}

impl Value {
    /// Empty in the sense of every optional rule: nothing, blank text or an empty list.
    pub fn is_empty(&self) -> bool {
        match self {
            Value::Empty => true,
            Value::Text(s) => s.trim().is_empty(),
            Value::Bool(_) => false,
            Value::List(items) => items.is_empty(),
        }
    }

    /// The text, if this is text.
    pub fn as_text(&self) -> Option<&str> {
        match self {
            Value::Text(s) => Some(s),
            _ => None,
        }
    }

    /// A comparable textual form: text as is, booleans as `true`/`false`, lists joined by `,`.
    pub fn to_text(&self) -> String {
        match self {
            Value::Empty => String::new(),
            Value::Text(s) => s.clone(),
            Value::Bool(b) => b.to_string(),
            Value::List(items) => items.join(","),
        }
    }
}

impl From<&str> for Value {
    fn from(s: &str) -> Self {
        Value::Text(s.to_string())
    }
}

impl From<String> for Value {
    fn from(s: String) -> Self {
        Value::Text(s)
    }
}

impl From<bool> for Value {
    fn from(b: bool) -> Self {
        Value::Bool(b)
    }
}

impl Serialize for Value {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Value::Empty => serializer.serialize_none(),
            Value::Text(s) => serializer.serialize_str(s),
            Value::Bool(b) => serializer.serialize_bool(*b),
            Value::List(items) => items.serialize(serializer),
        }
    }
}

struct ValueVisitor;

impl<'de> Visitor<'de> for ValueVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("null, a string, a number, a boolean or a list")
    }
    fn visit_unit<E: de::Error>(self) -> Result<Value, E> {
        Ok(Value::Empty)
    }
    fn visit_none<E: de::Error>(self) -> Result<Value, E> {
        Ok(Value::Empty)
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(ValueVisitor)
    }
    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Value, E> {
        Ok(Value::Text(v.to_string()))
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Value, E> {
        Ok(Value::Text(v.to_string()))
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Value, E> {
        Ok(Value::Text(v.to_string()))
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Value, E> {
        Ok(Value::Text(v.to_string()))
    }
    fn visit_string<E: de::Error>(self, v: String) -> Result<Value, E> {
        Ok(Value::Text(v))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element::<Value>()? {
            items.push(item.to_text());
        }
        Ok(Value::List(items))
    }
}

impl<'de> Deserialize<'de> for Value {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Value, D::Error> {
        d.deserialize_any(ValueVisitor)
    }
}

/// A form's values by field name.
pub type Form = LiteMap<String, Value>;

/// One validation rule. Field-referencing rules name the other field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rule {
    /// Present: not empty, text trimmed.
    Required,
    /// At least n characters (or list items).
    Min(u32),
    /// At most n characters (or list items).
    Max(u32),
    /// Between min and max characters (or list items), inclusive.
    Between(u32, u32),
    /// Numeric value >= bound (a decimal in text).
    MinValue(String),
    /// Numeric value <= bound.
    MaxValue(String),
    /// Numeric value within bounds, inclusive.
    BetweenValue(String, String),
    Email,
    /// A phone number, read as `+` followed by the digits given.
    Phone,
    Url,
    /// Optional sign and ASCII digits.
    Integer,
    /// Optional sign, digits, optional fraction (`1`, `-1.5`, `.5`); no exponent.
    Numeric,
    /// A numeric value; with `Some((min, max))`, its fraction has min..=max digits.
    Decimal(Option<(u32, u32)>),
    /// Letters only (any script).
    Alpha,
    /// Letters and digits.
    AlphaNum,
    /// Letters, digits, underscore and hyphen.
    AlphaDash,
    /// true, false, 1, 0 (booleans, or that text).
    Boolean,
    /// A list.
    Array,
    /// Text.
    String,
    /// Equal to the named field (e.g. a confirmation).
    Confirmed(String),
    /// Different from the named field.
    Different(String),
    /// Equal to the named field (`sameAs`).
    SameAs(String),
    /// A date (see [`parse_date`]).
    Date,
    /// Same day as the reference: another field's value, a date, or `today`.
    DateEquals(String),
    Before(String),
    After(String),
    BeforeOrEqual(String),
    AfterOrEqual(String),
    /// At least n whole years old on `today` (value is a birth date).
    MinAge(u32),
    /// At most n whole years old on `today`.
    MaxAge(u32),
    /// Exactly n ASCII digits.
    Digits(u32),
    /// Between min and max ASCII digits.
    DigitsBetween(u32, u32),
    /// Matches the pattern (JavaScript semantics in the browser).
    Regex(String),
    /// Does not match the pattern.
    NotRegex(String),
    /// IPv4 or IPv6 address.
    Ip,
    /// MAC address.
    MacAddress,
    /// yes, on, 1, true (or a ticked box).
    Accepted,
    /// no, off, 0, false (or an unticked box).
    Declined,
    /// Required when `field` equals `value` (or, with `None`, when `field` is not empty).
    RequiredIf {
        field: String,
        value: Option<String>,
    },
    /// Required unless `field` equals `value` (or, with `None`, unless `field` is not empty).
    RequiredUnless {
        field: String,
        value: Option<String>,
    },
    /// Passes when any inner rule passes.
    Or(Vec<Rule>),
    /// Passes when every inner rule passes.
    And(Vec<Rule>),
    /// Passes when the inner rule fails.
    Not(Box<Rule>),
    /// Exactly two uppercase ASCII letters.
    CountryCode,
    /// Exactly two lowercase ASCII letters.
    LanguageCode,
    /// The whole text in upper case.
    Uppercase,
    /// The whole text in lower case.
    Lowercase,
    /// Brazilian CPF with check digits.
    CpfNumber,
    /// Exactly two words, each at least n characters.
    TwoWords(u32),
}

impl Rule {
    /// The validator name, as used in the message key `validations.{name}` and in the server
    /// format.
    pub fn name(&self) -> &'static str {
        match self {
            Rule::Required => "required",
            Rule::Min(_) => "min",
            Rule::Max(_) => "max",
            Rule::Between(..) => "between",
            Rule::MinValue(_) => "min_value",
            Rule::MaxValue(_) => "max_value",
            Rule::BetweenValue(..) => "between_value",
            Rule::Email => "email",
            Rule::Phone => "phone",
            Rule::Url => "url",
            Rule::Integer => "integer",
            Rule::Numeric => "numeric",
            Rule::Decimal(_) => "decimal",
            Rule::Alpha => "alpha",
            Rule::AlphaNum => "alpha_num",
            Rule::AlphaDash => "alpha_dash",
            Rule::Boolean => "boolean",
            Rule::Array => "array",
            Rule::String => "string",
            Rule::Confirmed(_) => "confirmed",
            Rule::Different(_) => "different",
            Rule::SameAs(_) => "sameAs",
            Rule::Date => "date",
            Rule::DateEquals(_) => "date_equals",
            Rule::Before(_) => "before",
            Rule::After(_) => "after",
            Rule::BeforeOrEqual(_) => "before_or_equal",
            Rule::AfterOrEqual(_) => "after_or_equal",
            Rule::MinAge(_) => "minAge",
            Rule::MaxAge(_) => "maxAge",
            Rule::Digits(_) => "digits",
            Rule::DigitsBetween(..) => "digits_between",
            Rule::Regex(_) => "regex",
            Rule::NotRegex(_) => "not_regex",
            Rule::Ip => "ip",
            Rule::MacAddress => "mac_address",
            Rule::Accepted => "accepted",
            Rule::Declined => "declined",
            Rule::RequiredIf { .. } => "requiredIf",
            Rule::RequiredUnless { .. } => "requiredUnless",
            Rule::Or(_) => "or",
            Rule::And(_) => "and",
            Rule::Not(_) => "not",
            Rule::CountryCode => "countryCode",
            Rule::LanguageCode => "languageCode",
            Rule::Uppercase => "uppercase",
            Rule::Lowercase => "lowercase",
            Rule::CpfNumber => "cpf_number",
            Rule::TwoWords(_) => "twoWords",
        }
    }

    /// Message parameters of this rule (`min`, `max`, `param`).
    fn params(&self) -> LiteMap<String, String> {
        let mut p = LiteMap::new();
        let mut put = |k: &str, v: String| {
            p.insert(k.to_string(), v);
        };
        match self {
            Rule::Min(n) | Rule::MinAge(n) => {
                put("min", n.to_string());
                put("param", n.to_string());
            }
            Rule::Max(n) | Rule::MaxAge(n) => {
                put("max", n.to_string());
                put("param", n.to_string());
            }
            Rule::Between(a, b) | Rule::DigitsBetween(a, b) => {
                put("min", a.to_string());
                put("max", b.to_string());
                put("param", format!("{a},{b}"));
            }
            Rule::MinValue(v) => {
                put("min", v.clone());
                put("param", v.clone());
            }
            Rule::MaxValue(v) => {
                put("max", v.clone());
                put("param", v.clone());
            }
            Rule::BetweenValue(a, b) => {
                put("min", a.clone());
                put("max", b.clone());
                put("param", format!("{a},{b}"));
            }
            Rule::Decimal(Some((a, b))) => {
                put("min", a.to_string());
                put("max", b.to_string());
                put(
                    "param",
                    if a == b {
                        a.to_string()
                    } else {
                        format!("{a},{b}")
                    },
                );
            }
            Rule::Digits(n) | Rule::TwoWords(n) => put("param", n.to_string()),
            Rule::Confirmed(f)
            | Rule::Different(f)
            | Rule::SameAs(f)
            | Rule::DateEquals(f)
            | Rule::Before(f)
            | Rule::After(f)
            | Rule::BeforeOrEqual(f)
            | Rule::AfterOrEqual(f)
            | Rule::Regex(f)
            | Rule::NotRegex(f) => put("param", f.clone()),
            Rule::RequiredIf { field, .. } | Rule::RequiredUnless { field, .. } => {
                put("param", field.clone())
            }
            _ => {}
        }
        p
    }

    /// True for the rules that may fail on an empty value: the presence rules, and the
    /// combinators that hold one (at any depth).
    fn checks_presence(&self) -> bool {
        match self {
            Rule::Required | Rule::RequiredIf { .. } | Rule::RequiredUnless { .. } => true,
            Rule::Or(rules) | Rule::And(rules) => rules.iter().any(Rule::checks_presence),
            Rule::Not(rule) => rule.checks_presence(),
            _ => false,
        }
    }
}

/// A failed rule: its validator name and message parameters.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Violation {
    /// Validator name, e.g. `"min"`.
    pub rule: String,
    /// Placeholder values: `min`, `max`, `param`, and `field` (the field's name).
    pub params: LiteMap<String, String>,
}

impl Violation {
    fn of(rule: &Rule, field: &str) -> Violation {
        let mut params = rule.params();
        params.insert("field".to_string(), field.to_string());
        Violation {
            rule: rule.name().to_string(),
            params,
        }
    }

    /// Message key in the localised content: `validations.{rule}`.
    pub fn key(&self) -> String {
        format!("validations.{}", self.rule)
    }

    /// The message: localised text for [`Violation::key`] if `text` has it, else the built-in
    /// English default; `{min}`, `{max}`, `{param}`, `{field}` filled in.
    pub fn message(&self, text: &dyn Fn(&str) -> Option<String>) -> String {
        let template = text(&self.key()).unwrap_or_else(|| default_message(&self.rule).to_string());
        fill(&template, &self.params)
    }
}

/// Replaces `{name}` placeholders with `params[name]`; unknown placeholders stay as written.
pub fn fill(template: &str, params: &LiteMap<String, String>) -> String {
    let mut out = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(rest.get(..open).unwrap_or(""));
        let after = rest.get(open + 1..).unwrap_or("");
        match after.find('}') {
            Some(close) => {
                let name = after.get(..close).unwrap_or("");
                match params.get(name) {
                    Some(v) => out.push_str(v),
                    None => {
                        out.push('{');
                        out.push_str(name);
                        out.push('}');
                    }
                }
                rest = after.get(close + 1..).unwrap_or("");
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// Built-in messages by rule name.
const DEFAULT_MESSAGES: &[(&str, &str)] = &[
    ("required", "This field is required"),
    ("requiredIf", "This field is required"),
    ("requiredUnless", "This field is required"),
    ("min", "Must be at least {min} characters"),
    ("max", "Must be at most {max} characters"),
    ("between", "Must be between {min} and {max} characters"),
    ("min_value", "Must be at least {min}"),
    ("max_value", "Must be at most {max}"),
    ("between_value", "Must be between {min} and {max}"),
    ("email", "Value is not a valid email address"),
    ("phone", "Enter a valid phone number"),
    ("url", "The value is not a valid URL address"),
    ("integer", "Must be a whole number"),
    ("numeric", "Must be a number"),
    ("decimal", "Must be a decimal number"),
    ("alpha", "Use letters only"),
    ("alpha_num", "Use letters and digits only"),
    (
        "alpha_dash",
        "Use letters, digits, underscores and hyphens only",
    ),
    ("boolean", "Must be true or false"),
    ("array", "Choose one or more options"),
    ("string", "Must be text"),
    ("confirmed", "Values do not match"),
    ("sameAs", "Values do not match"),
    ("different", "Must be different from {param}"),
    ("date", "Enter a valid date"),
    ("date_equals", "Must be the date {param}"),
    ("before", "Must be a date before {param}"),
    ("after", "Must be a date after {param}"),
    ("before_or_equal", "Must be a date on or before {param}"),
    ("after_or_equal", "Must be a date on or after {param}"),
    ("minAge", "You must be at least {min} years old"),
    ("maxAge", "You must be at most {max} years old"),
    ("digits", "Must be exactly {param} digits"),
    ("digits_between", "Must be between {min} and {max} digits"),
    ("regex", "The format is invalid"),
    ("not_regex", "The format is invalid"),
    ("ip", "Enter a valid IP address"),
    ("mac_address", "Enter a valid MAC address"),
    ("accepted", "Must be accepted"),
    ("declined", "Must be declined"),
    ("or", "The value is invalid"),
    ("and", "The value is invalid"),
    ("not", "The value is invalid"),
    ("countryCode", "Enter a two-letter country code"),
    ("languageCode", "Enter a two-letter language code"),
    ("uppercase", "Must be in upper case"),
    ("lowercase", "Must be in lower case"),
    ("cpf_number", "Enter a valid CPF number"),
    (
        "twoWords",
        "Enter two words of at least {param} characters each",
    ),
];

/// Built-in English message per validator name (SPEC §5 fixes the e-mail and URL texts).
pub fn default_message(rule: &str) -> &'static str {
    for (name, text) in DEFAULT_MESSAGES {
        if *name == rule {
            return text;
        }
    }
    "The value is invalid"
}

/// What rules may need beyond the form: today's date for ages and `today` references.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Context {
    /// The player's current date. Without it `minAge`/`maxAge` and `today` references cannot be
    /// judged and pass (the server checks them again).
    pub today: Option<Date>,
}

impl Context {
    /// A context for the given `(year, month, day)`; an invalid date gives no `today`.
    pub fn at(today: (i32, u32, u32)) -> Context {
        Context {
            today: Date::from_ymd(today),
        }
    }
}

/// Yes-style text: yes, on, 1, true (any case, trimmed).
pub fn is_yes(text: &str) -> bool {
    let t = text.trim();
    ["yes", "on", "1", "true"]
        .iter()
        .any(|y| t.eq_ignore_ascii_case(y))
}

/// No-style text: no, off, 0, false (any case, trimmed).
pub fn is_no(text: &str) -> bool {
    let t = text.trim();
    ["no", "off", "0", "false"]
        .iter()
        .any(|y| t.eq_ignore_ascii_case(y))
}

/// `[+-]?digits`.
pub fn is_integer(text: &str) -> bool {
    let t = text.strip_prefix(['+', '-']).unwrap_or(text);
    !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit())
}

/// Fraction digit count of a numeric text, or `None` when it is not numeric
/// (`[+-]?(digits[.digits*] | .digits)`).
fn numeric_fraction_len(text: &str) -> Option<usize> {
    let t = text.strip_prefix(['+', '-']).unwrap_or(text);
    let (int, frac) = match t.split_once('.') {
        Some((i, f)) => (i, Some(f)),
        None => (t, None),
    };
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if !digits(int) || !frac.is_none_or(digits) {
        return None;
    }
    let frac_len = frac.map_or(0, str::len);
    if int.is_empty() && frac_len == 0 {
        return None;
    }
    Some(frac_len)
}

/// A number without exponent: `1`, `-1.5`, `+0.25`, `.5`, `5.`.
pub fn is_numeric(text: &str) -> bool {
    numeric_fraction_len(text).is_some()
}

fn value_as_decimal(text: &str) -> Option<crate::domain::money::Decimal> {
    if !is_numeric(text) {
        return None;
    }
    crate::domain::money::Decimal::parse(text).ok()
}

fn length(value: &Value) -> Option<usize> {
    match value {
        Value::Text(s) => Some(s.chars().count()),
        Value::List(items) => Some(items.len()),
        _ => None,
    }
}

/// Resolves a date reference: another field of the form, `today`, or a literal date.
fn reference_date(reference: &str, form: &Form, ctx: &Context) -> Option<Date> {
    if let Some(v) = form.get(reference) {
        return v.as_text().and_then(parse_date);
    }
    if reference.trim().eq_ignore_ascii_case("today") {
        return ctx.today;
    }
    parse_date(reference)
}

/// Whether the named field's value equals `expected` (text comparison; `true`/`false` for
/// booleans), or is present when `expected` is `None`.
fn other_matches(form: &Form, field: &str, expected: Option<&str>) -> bool {
    let other = form.get(field).cloned().unwrap_or_default();
    match expected {
        None => !other.is_empty(),
        Some(expected) => match &other {
            Value::List(items) => items.iter().any(|i| i == expected),
            v => v.to_text().trim() == expected.trim(),
        },
    }
}

/// Whether `value` satisfies `rule` (the empty-value convention included).
pub fn check(rule: &Rule, value: &Value, form: &Form, ctx: &Context) -> bool {
    if value.is_empty() && !rule.checks_presence() {
        return true;
    }
    let raw = value.as_text();
    let trimmed = raw.map(str::trim);
    let on_text = |f: &dyn Fn(&str) -> bool| trimmed.is_some_and(f);
    match rule {
        Rule::Required => !value.is_empty(),
        Rule::RequiredIf { field, value: v } => {
            !other_matches(form, field, v.as_deref()) || !value.is_empty()
        }
        Rule::RequiredUnless { field, value: v } => {
            other_matches(form, field, v.as_deref()) || !value.is_empty()
        }
        Rule::Min(n) => length(value).is_none_or(|l| l >= *n as usize),
        Rule::Max(n) => length(value).is_none_or(|l| l <= *n as usize),
        Rule::Between(a, b) => length(value).is_none_or(|l| l >= *a as usize && l <= *b as usize),
        Rule::MinValue(bound) => numeric_cmp(trimmed, bound, |o| o.is_ge()),
        Rule::MaxValue(bound) => numeric_cmp(trimmed, bound, |o| o.is_le()),
        Rule::BetweenValue(a, b) => {
            numeric_cmp(trimmed, a, |o| o.is_ge()) && numeric_cmp(trimmed, b, |o| o.is_le())
        }
        Rule::Email => on_text(&is_email),
        Rule::Phone => on_text(&|t| crate::domain::phone::is_valid_rule_value(t)),
        Rule::Url => on_text(&is_url),
        Rule::Integer => on_text(&is_integer),
        Rule::Numeric => on_text(&is_numeric),
        Rule::Decimal(places) => on_text(&|t| match (numeric_fraction_len(t), places) {
            (None, _) => false,
            (Some(_), None) => true,
            (Some(n), Some((a, b))) => n >= *a as usize && n <= *b as usize,
        }),
        Rule::Alpha => raw.is_some_and(|t| t.chars().all(char::is_alphabetic)),
        Rule::AlphaNum => raw.is_some_and(|t| t.chars().all(char::is_alphanumeric)),
        Rule::AlphaDash => raw.is_some_and(|t| {
            t.chars()
                .all(|c| c.is_alphanumeric() || c == '_' || c == '-')
        }),
        Rule::Boolean => match value {
            Value::Bool(_) => true,
            Value::Text(_) => on_text(&|t| matches!(t, "true" | "false" | "1" | "0")),
            _ => false,
        },
        Rule::Array => matches!(value, Value::List(_)),
        Rule::String => matches!(value, Value::Text(_)),
        Rule::Confirmed(other) | Rule::SameAs(other) => {
            form.get(other).cloned().unwrap_or_default() == *value
        }
        Rule::Different(other) => form.get(other).cloned().unwrap_or_default() != *value,
        Rule::Date => on_text(&|t| parse_date(t).is_some()),
        Rule::DateEquals(r) => date_cmp(trimmed, r, form, ctx, |o| o.is_eq()),
        Rule::Before(r) => date_cmp(trimmed, r, form, ctx, |o| o.is_lt()),
        Rule::After(r) => date_cmp(trimmed, r, form, ctx, |o| o.is_gt()),
        Rule::BeforeOrEqual(r) => date_cmp(trimmed, r, form, ctx, |o| o.is_le()),
        Rule::AfterOrEqual(r) => date_cmp(trimmed, r, form, ctx, |o| o.is_ge()),
        Rule::MinAge(n) => age_check(trimmed, ctx, |age| age >= i64::from(*n)),
        Rule::MaxAge(n) => age_check(trimmed, ctx, |age| age <= i64::from(*n)),
        Rule::Digits(n) => {
            on_text(&|t| t.bytes().all(|b| b.is_ascii_digit()) && t.len() == *n as usize)
        }
        Rule::DigitsBetween(a, b) => on_text(&|t| {
            t.bytes().all(|b| b.is_ascii_digit())
                && t.len() >= *a as usize
                && t.len() <= *b as usize
        }),
        Rule::Regex(p) => raw.is_some_and(|t| {
            t.len() <= pattern::MAX_SUBJECT_LEN && pattern::test(p, t).unwrap_or(true)
        }),
        Rule::NotRegex(p) => raw.is_some_and(|t| {
            t.len() > pattern::MAX_SUBJECT_LEN || !pattern::test(p, t).unwrap_or(false)
        }),
        Rule::Ip => on_text(&is_ip),
        Rule::MacAddress => on_text(&is_mac_address),
        Rule::Accepted => match value {
            Value::Bool(b) => *b,
            _ => on_text(&is_yes),
        },
        Rule::Declined => match value {
            Value::Bool(b) => !*b,
            _ => on_text(&is_no),
        },
        // On an empty value only the inner rules that check presence take part: the others
        // are skipped, as they are at top level (a skipped rule is left out, not counted as
        // passed, or `or[required, email]` would pass on "" through `email`).
        Rule::Or(rules) => {
            rules.is_empty()
                || rules
                    .iter()
                    .filter(|r| !value.is_empty() || r.checks_presence())
                    .any(|r| check(r, value, form, ctx))
        }
        Rule::And(rules) => rules
            .iter()
            .filter(|r| !value.is_empty() || r.checks_presence())
            .all(|r| check(r, value, form, ctx)),
        Rule::Not(rule) => !check(rule, value, form, ctx),
        Rule::CountryCode => {
            on_text(&|t| t.len() == 2 && t.bytes().all(|b| b.is_ascii_uppercase()))
        }
        Rule::LanguageCode => {
            on_text(&|t| t.len() == 2 && t.bytes().all(|b| b.is_ascii_lowercase()))
        }
        Rule::Uppercase => raw.is_some_and(|t| crate::domain::case::upper(t) == t),
        Rule::Lowercase => raw.is_some_and(|t| crate::domain::case::lower(t) == t),
        Rule::CpfNumber => on_text(&crate::domain::cpf::is_valid),
        Rule::TwoWords(n) => raw.is_some_and(|t| {
            let mut words = 0;
            for w in t.split_whitespace() {
                words += 1;
                if words > 2 || w.chars().count() < *n as usize {
                    return false;
                }
            }
            words == 2
        }),
    }
}

fn numeric_cmp(text: Option<&str>, bound: &str, ok: impl Fn(std::cmp::Ordering) -> bool) -> bool {
    let Some(v) = text.and_then(value_as_decimal) else {
        return false; // not a number
    };
    match value_as_decimal(bound.trim()) {
        Some(b) => ok(v.cmp(&b)),
        None => true, // a broken bound (server data) cannot be judged
    }
}

fn date_cmp(
    text: Option<&str>,
    reference: &str,
    form: &Form,
    ctx: &Context,
    ok: impl Fn(std::cmp::Ordering) -> bool,
) -> bool {
    let Some(value) = text.and_then(parse_date) else {
        return false;
    };
    match reference_date(reference, form, ctx) {
        Some(r) => ok(value.cmp(&r)),
        // The other field is empty or invalid, or today is unknown: nothing to compare with.
        None => true,
    }
}

fn age_check(text: Option<&str>, ctx: &Context, ok: impl Fn(i64) -> bool) -> bool {
    let Some(birth) = text.and_then(parse_date) else {
        return false;
    };
    match ctx.today {
        Some(today) => ok(age_in_years(birth, today)),
        None => true,
    }
}

/// SPEC §5 field rules, by field name; unknown fields have none.
/// `fullName` words must have at least [`FULL_NAME_WORD_MIN`] characters.
pub fn field_rules(field: &str) -> Vec<Rule> {
    match field {
        "password" => vec![Rule::Min(8)],
        "newPassword" => vec![Rule::Required, Rule::Min(8)],
        "repeatNewPassword" => vec![Rule::Required, Rule::SameAs("newPassword".into())],
        "password_confirmation" => vec![Rule::Required, Rule::SameAs("password".into())],
        "currentPassword" => vec![Rule::Required],
        "firstName" => vec![Rule::Min(2)],
        "lastName" => vec![Rule::Min(2)],
        "fullName" => vec![Rule::TwoWords(FULL_NAME_WORD_MIN), Rule::Max(30)],
        "nickname" => vec![Rule::Min(3), Rule::Max(24), Rule::AlphaDash],
        "email" => vec![Rule::Email],
        "phone" => vec![Rule::Phone],
        "birthdate" => vec![Rule::Date],
        "agreements" => vec![Rule::Accepted],
        "personalIdNumber" => vec![Rule::Min(2)],
        "age" => vec![Rule::Integer],
        "wallet_id" => vec![Rule::Required],
        "cpf_number" => vec![Rule::CpfNumber],
        _ => Vec::new(),
    }
}

/// Completes server rule sets (see [`parse_server_validations`]) with the product's own
/// [`field_rules`]: the server's rules first (so `required` from `isRequired` leads), then each
/// product rule the server did not already give.
pub fn with_field_rules(server: Vec<(String, Vec<Rule>)>) -> Vec<(String, Vec<Rule>)> {
    server
        .into_iter()
        .map(|(field, mut rules)| {
            for rule in field_rules(&field) {
                if !rules.contains(&rule) {
                    rules.push(rule);
                }
            }
            (field, rules)
        })
        .collect()
}

/// Shortest word of a `fullName` (a two-letter name like "Li Na" is fine; initials are not).
pub const FULL_NAME_WORD_MIN: u32 = 2;

/// The first failing rule of a field, without a date context (age rules pass).
pub fn validate_field(field: &str, rules: &[Rule], form: &Form) -> Option<Violation> {
    validate_field_with(&Context::default(), field, rules, form)
}

/// The first failing rule of a field.
pub fn validate_field_with(
    ctx: &Context,
    field: &str,
    rules: &[Rule],
    form: &Form,
) -> Option<Violation> {
    let empty = Value::Empty;
    let value = form.get(field).unwrap_or(&empty);
    rules
        .iter()
        .find(|r| !check(r, value, form, ctx))
        .map(|r| Violation::of(r, field))
}

/// The first violation of every failing field, without a date context.
pub fn validate_form(rules: &[(String, Vec<Rule>)], form: &Form) -> LiteMap<String, Violation> {
    validate_form_with(&Context::default(), rules, form)
}

/// [`validate_form`] on the given day (`(year, month, day)`), so age rules are judged.
pub fn validate_form_at(
    rules: &[(String, Vec<Rule>)],
    form: &Form,
    today: (i32, u32, u32),
) -> LiteMap<String, Violation> {
    validate_form_with(&Context::at(today), rules, form)
}

/// The first violation of every failing field.
pub fn validate_form_with(
    ctx: &Context,
    rules: &[(String, Vec<Rule>)],
    form: &Form,
) -> LiteMap<String, Violation> {
    let mut out = LiteMap::new();
    for (field, field_rules) in rules {
        if out.contains_key(field) {
            continue;
        }
        if let Some(v) = validate_field_with(ctx, field, field_rules, form) {
            out.insert(field.clone(), v);
        }
    }
    out
}

#[cfg(test)]
mod tests;
