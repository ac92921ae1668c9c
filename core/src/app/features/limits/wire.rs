//! The Limit of docs/API.md (SPEC §3: id, definition, period, amount, currency; the sandbox
//! adds `activeUntil` for self-exclusion and cooling-off), read by hand from the dynamic JSON
//! value like the payment shapes: a derived reader costs kilobytes of wasm, these lines far
//! less. A limit with an unknown definition or period is left out.

use crate::domain::limit::{LimitDefinition, LimitPeriod};
use crate::json::whole;
use crate::json::Json;
use crate::vecs::keep;

#[derive(Clone, Debug, PartialEq)]
pub struct Item {
    pub id: u64,
    pub definition: LimitDefinition,
    pub period: LimitPeriod,
    /// Decimal string, for bet, loss and deposit limits.
    pub amount: Option<String>,
    pub currency: Option<String>,
    /// Unix seconds a self-exclusion or cooling-off ends.
    pub until: Option<i64>,
}

fn text(v: &Json, key: &str) -> Option<String> {
    match v.get(key)? {
        Json::String(s) if !s.is_empty() => Some(s.clone()),
        Json::Number(n) => Some(crate::json::number_text(n)),
        _ => None,
    }
}

impl Item {
    pub fn read(v: &Json) -> Option<Item> {
        let id = u64::try_from(whole(v.get("id")?)?).ok()?;
        let definition = u8::try_from(whole(v.get("definition")?)?).ok()?;
        Some(Item {
            id,
            definition: LimitDefinition::from_code(definition)?,
            period: LimitPeriod::parse(v.get("period")?.as_str()?)?,
            amount: text(v, "amount"),
            currency: text(v, "currency"),
            until: v.get("activeUntil").and_then(whole),
        })
    }
}

/// `[Limit]`; `None` unless the body is a list.
pub fn list(body: &str) -> Option<Vec<Item>> {
    let v = crate::json::parse(body).ok()?;
    Some(keep(v.as_array()?, Item::read))
}

/// One `Limit`.
pub fn one(body: &str) -> Option<Item> {
    Item::read(&crate::json::parse(body).ok()?)
}
