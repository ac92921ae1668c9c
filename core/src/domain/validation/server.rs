//! Server-provided field validations (SPEC §5, §7 `GET /api/player/fields/validations?scenario=`)
//! turned into rule sets at run time.
//!
//! Accepted shapes (all tolerant, nothing panics, unknown rules become warnings):
//!
//! ```json
//! [{"field": "nickname", "isRequired": true, "rules": [{"name": "min", "params": [3]}]}]
//! [{"name": "nickname", "isRequired": true, "rules": "min:3|max:24|alpha_dash"}]
//! [{"field": "nickname", "rules": ["min:3", {"name": "max", "params": {"max": 24}}]}]
//! {"nickname": {"isRequired": true, "rules": "min:3"}, "email": "required|email"}
//! {"data": <any of the above>}
//! ```
//!
//! Rule names are matched ignoring case, `_` and `-` (`alpha_dash` = `alphaDash`), with the
//! usual aliases (`minLength` = `min`, `same` = `sameAs`, `ipAddress` = `ip`, ...). `or` and
//! `and` take a list of rules as params, `not` one rule.

use crate::json::Json;
use serde::{Deserialize, Serialize};

use super::Rule;

/// The two server scenarios (SPEC §5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Scenario {
    Profile,
    Registration,
}

impl Scenario {
    /// The `scenario` query value.
    pub fn as_str(&self) -> &'static str {
        match self {
            Scenario::Profile => "profile",
            Scenario::Registration => "registration",
        }
    }
}

/// One rule as the server wrote it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RuleSpec {
    pub name: String,
    #[serde(default)]
    pub params: Vec<Json>,
}

/// One field as the server described it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ServerField {
    pub field: String,
    #[serde(default, rename = "isRequired")]
    pub is_required: bool,
    #[serde(default)]
    pub rules: Vec<RuleSpec>,
}

/// A server rule that was ignored, and why ("logged-style": the caller may log it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RuleWarning {
    pub field: String,
    pub rule: String,
    pub reason: String,
}

fn warn(field: &str, rule: &str, reason: &str) -> RuleWarning {
    RuleWarning {
        field: field.to_string(),
        rule: rule.to_string(),
        reason: reason.to_string(),
    }
}

fn json_text(v: &Json) -> Option<String> {
    match v {
        Json::String(s) => Some(s.clone()),
        Json::Number(n) => Some(n.to_string()),
        Json::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

fn param_u32(params: &[Json], i: usize) -> Option<u32> {
    let v = params.get(i)?;
    match v {
        Json::Number(n) => n.as_u64().and_then(|n| u32::try_from(n).ok()),
        Json::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

fn param_text(params: &[Json], i: usize) -> Option<String> {
    params.get(i).and_then(json_text)
}

fn normalize(name: &str) -> String {
    name.chars()
        .filter(|c| *c != '_' && *c != '-' && !c.is_whitespace())
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// Builds one rule from its name and params. `Err` names why it was ignored.
pub fn parse_rule(name: &str, params: &[Json]) -> Result<Rule, String> {
    let n = normalize(name);
    let need_u32 = |i: usize| {
        param_u32(params, i).ok_or_else(|| format!("{name}: missing or invalid numeric parameter"))
    };
    let need_text =
        |i: usize| param_text(params, i).ok_or_else(|| format!("{name}: missing parameter"));
    let rule = match n.as_str() {
        "required" => Rule::Required,
        "min" | "minlength" => Rule::Min(need_u32(0)?),
        "max" | "maxlength" => Rule::Max(need_u32(0)?),
        "between" | "betweenlength" => Rule::Between(need_u32(0)?, need_u32(1)?),
        "minvalue" => Rule::MinValue(need_text(0)?),
        "maxvalue" => Rule::MaxValue(need_text(0)?),
        "betweenvalue" => Rule::BetweenValue(need_text(0)?, need_text(1)?),
        "email" => Rule::Email,
        "phone" => Rule::Phone,
        "url" => Rule::Url,
        "integer" | "int" => Rule::Integer,
        "numeric" | "number" => Rule::Numeric,
        "decimal" => match (param_u32(params, 0), param_u32(params, 1)) {
            (None, _) => Rule::Decimal(None),
            (Some(a), None) => Rule::Decimal(Some((a, a))),
            (Some(a), Some(b)) => Rule::Decimal(Some((a.min(b), a.max(b)))),
        },
        "alpha" => Rule::Alpha,
        "alphanum" => Rule::AlphaNum,
        "alphadash" => Rule::AlphaDash,
        "boolean" | "bool" => Rule::Boolean,
        "array" => Rule::Array,
        "string" => Rule::String,
        "confirmed" => Rule::Confirmed(need_text(0)?),
        "different" => Rule::Different(need_text(0)?),
        "sameas" | "same" => Rule::SameAs(need_text(0)?),
        "date" => Rule::Date,
        "dateequals" => Rule::DateEquals(need_text(0)?),
        "before" => Rule::Before(need_text(0)?),
        "after" => Rule::After(need_text(0)?),
        "beforeorequal" => Rule::BeforeOrEqual(need_text(0)?),
        "afterorequal" => Rule::AfterOrEqual(need_text(0)?),
        "minage" => Rule::MinAge(need_u32(0)?),
        "maxage" => Rule::MaxAge(need_u32(0)?),
        "digits" => Rule::Digits(need_u32(0)?),
        "digitsbetween" => Rule::DigitsBetween(need_u32(0)?, need_u32(1)?),
        "regex" => Rule::Regex(need_text(0)?),
        "notregex" => Rule::NotRegex(need_text(0)?),
        "ip" | "ipaddress" => Rule::Ip,
        "mac" | "macaddress" => Rule::MacAddress,
        "accepted" => Rule::Accepted,
        "declined" => Rule::Declined,
        "requiredif" => Rule::RequiredIf {
            field: need_text(0)?,
            value: param_text(params, 1),
        },
        "requiredunless" => Rule::RequiredUnless {
            field: need_text(0)?,
            value: param_text(params, 1),
        },
        "or" | "and" => {
            let inner = params
                .iter()
                .map(|p| rule_from_json(p).map_err(|e| format!("{name}: {e}")))
                .collect::<Result<Vec<_>, _>>()?;
            if n == "or" {
                Rule::Or(inner)
            } else {
                Rule::And(inner)
            }
        }
        "not" => {
            let inner = params
                .first()
                .ok_or_else(|| format!("{name}: missing rule"))?;
            Rule::Not(Box::new(
                rule_from_json(inner).map_err(|e| format!("{name}: {e}"))?,
            ))
        }
        "countrycode" => Rule::CountryCode,
        "languagecode" => Rule::LanguageCode,
        "uppercase" => Rule::Uppercase,
        "lowercase" => Rule::Lowercase,
        "cpfnumber" | "cpf" => Rule::CpfNumber,
        "twowords" => Rule::TwoWords(param_u32(params, 0).unwrap_or(1)),
        _ => return Err(format!("unknown rule '{name}'")),
    };
    Ok(rule)
}

/// One rule written `name:param1,param2` (`regex`/`not_regex` take the whole rest as the
/// pattern, commas included).
pub fn parse_rule_string(text: &str) -> Result<Rule, String> {
    let text = text.trim();
    let (name, rest) = match text.split_once(':') {
        Some((n, r)) => (n.trim(), Some(r)),
        None => (text, None),
    };
    let params: Vec<Json> = match (normalize(name).as_str(), rest) {
        (_, None) => Vec::new(),
        ("regex" | "notregex", Some(r)) => vec![Json::String(r.to_string())],
        (_, Some(r)) => r
            .split(',')
            .map(|p| Json::String(p.trim().to_string()))
            .collect(),
    };
    parse_rule(name, &params)
}

/// Splits `min:3|max:24|regex:/a|b/` on `|`, keeping a delimited regex whole.
fn split_pipes(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut open_regex = false;
    for part in text.split('|') {
        if open_regex {
            if let Some(last) = out.last_mut() {
                last.push('|');
                last.push_str(part);
                open_regex = !closes_literal(last);
            }
            continue;
        }
        let norm = normalize(part.split(':').next().unwrap_or(""));
        if (norm == "regex" || norm == "notregex") && part.contains(":/") {
            open_regex = !closes_literal(part);
        }
        out.push(part.to_string());
    }
    out.into_iter().filter(|s| !s.trim().is_empty()).collect()
}

/// Whether `name:/pattern/flags` has its closing delimiter.
fn closes_literal(rule: &str) -> bool {
    let Some(i) = rule.find(":/") else {
        return true;
    };
    let body = rule.get(i + 2..).unwrap_or("");
    match body.rfind('/') {
        Some(end) => body
            .get(end + 1..)
            .unwrap_or("x")
            .chars()
            .all(|c| "gimsuyd".contains(c)),
        None => false,
    }
}

/// A rule written as an object: its name is the first text of `name`, `rule`, `type` and
/// `validator`; its parameters the first of `params`, `param` and `args` that is there (even
/// as `null`, which is none).
#[derive(Deserialize)]
struct RuleObject {
    #[serde(default, deserialize_with = "crate::json::lenient")]
    name: Option<String>,
    #[serde(default, deserialize_with = "crate::json::lenient")]
    rule: Option<String>,
    #[serde(default, rename = "type", deserialize_with = "crate::json::lenient")]
    kind: Option<String>,
    #[serde(default, deserialize_with = "crate::json::lenient")]
    validator: Option<String>,
    #[serde(default, deserialize_with = "present")]
    params: Option<Json>,
    #[serde(default, deserialize_with = "present")]
    param: Option<Json>,
    #[serde(default, deserialize_with = "present")]
    args: Option<Json>,
}

/// A field that is there, whatever its value (`null` included).
fn present<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Json>, D::Error> {
    Json::deserialize(d).map(Some)
}

/// A rule from JSON: a `"name:params"` string or `{"name": .., "params": ..}` (params a list,
/// a single value, or an object such as `{"min": 3}`).
fn rule_from_json(v: &Json) -> Result<Rule, String> {
    match v {
        Json::String(s) => parse_rule_string(s),
        Json::Object(_) => {
            let rule = RuleObject::deserialize(v).map_err(|e| e.to_string())?;
            let name = rule
                .name
                .or(rule.rule)
                .or(rule.kind)
                .or(rule.validator)
                .ok_or_else(|| "rule without a name".to_string())?;
            let params = match rule.params.or(rule.param).or(rule.args) {
                None | Some(Json::Null) => Vec::new(),
                Some(Json::Array(items)) => items.clone(),
                Some(Json::Object(obj)) => {
                    let mut ordered = Vec::new();
                    for key in ["min", "max", "field", "value", "pattern", "length"] {
                        if let Some(v) = obj.get(key) {
                            ordered.push(v.clone());
                        }
                    }
                    if ordered.is_empty() {
                        ordered.extend(obj.values().cloned());
                    }
                    ordered
                }
                Some(other) => vec![other.clone()],
            };
            parse_rule(&name, &params)
        }
        _ => Err("rule is neither text nor an object".to_string()),
    }
}

fn rules_of(field: &str, v: Option<&Json>, warnings: &mut Vec<RuleWarning>) -> Vec<Rule> {
    let items: Vec<Json> = match v {
        None | Some(Json::Null) => Vec::new(),
        Some(Json::String(s)) => split_pipes(s).into_iter().map(Json::String).collect(),
        Some(Json::Array(items)) => items.clone(),
        Some(other @ Json::Object(_)) => vec![other.clone()],
        Some(other) => {
            warnings.push(warn(
                field,
                &other.to_string(),
                "rules are neither text nor a list",
            ));
            Vec::new()
        }
    };
    let mut rules = Vec::new();
    for item in &items {
        match rule_from_json(item) {
            Ok(rule) => rules.push(rule),
            Err(reason) => {
                let label = match item {
                    Json::String(s) => s.clone(),
                    other => RuleObject::deserialize(other)
                        .ok()
                        .and_then(|r| r.name)
                        .unwrap_or_else(|| "?".into()),
                };
                warnings.push(warn(field, &label, &reason));
            }
        }
    }
    rules
}

fn field_entry(name: &str, spec: &Json, warnings: &mut Vec<RuleWarning>) -> (String, Vec<Rule>) {
    let (required, rules) = match spec {
        Json::Object(map) => {
            let required = ["isRequired", "is_required", "required"]
                .iter()
                .find_map(|k| map.get(*k))
                .is_some_and(|v| {
                    matches!(v, Json::Bool(true))
                        || v.as_u64() == Some(1)
                        || v.as_str() == Some("true")
                });
            let rules_json = ["rules", "validations", "validators", "validation"]
                .iter()
                .find_map(|k| map.get(*k));
            (required, rules_of(name, rules_json, warnings))
        }
        other => (false, rules_of(name, Some(other), warnings)),
    };
    let mut rules = rules;
    if required && !rules.contains(&Rule::Required) {
        rules.insert(0, Rule::Required);
    }
    (name.to_string(), rules)
}

/// Turns the server's field validations (any shape listed in the module docs) into rule sets
/// in server order, plus the warnings for everything ignored.
pub fn parse_server_validations(json: &Json) -> (Vec<(String, Vec<Rule>)>, Vec<RuleWarning>) {
    let mut warnings = Vec::new();
    let mut out: Vec<(String, Vec<Rule>)> = Vec::new();
    match json {
        Json::Array(items) => {
            for item in items {
                let name = ["field", "name", "key", "fieldName"]
                    .iter()
                    .find_map(|k| item.get(k).and_then(Json::as_str));
                match name {
                    Some(name) => out.push(field_entry(name, item, &mut warnings)),
                    None => warnings.push(warn("?", "?", "field entry without a name")),
                }
            }
        }
        Json::Object(map) => {
            for key in ["data", "fields", "items", "validations"] {
                if let Some(inner @ (Json::Array(_) | Json::Object(_))) = map.get(key) {
                    if map.len() <= 2 {
                        return parse_server_validations(inner);
                    }
                }
            }
            for (name, spec) in map {
                out.push(field_entry(name, spec, &mut warnings));
            }
        }
        _ => warnings.push(warn(
            "?",
            "?",
            "validations are neither a list nor an object",
        )),
    }
    (out, warnings)
}

/// Rule sets from already-deserialised [`ServerField`]s.
pub fn rules_from_server(fields: &[ServerField]) -> (Vec<(String, Vec<Rule>)>, Vec<RuleWarning>) {
    let mut warnings = Vec::new();
    let mut out = Vec::new();
    for f in fields {
        let mut rules = Vec::new();
        for spec in &f.rules {
            match parse_rule(&spec.name, &spec.params) {
                Ok(r) => rules.push(r),
                Err(reason) => warnings.push(warn(&f.field, &spec.name, &reason)),
            }
        }
        if f.is_required && !rules.contains(&Rule::Required) {
            rules.insert(0, Rule::Required);
        }
        out.push((f.field.clone(), rules));
    }
    (out, warnings)
}
