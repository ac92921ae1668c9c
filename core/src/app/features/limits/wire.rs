//! The Limit of docs/API.md (SPEC §3: id, definition, period, amount, currency; the sandbox
//! adds `activeUntil` for self-exclusion and cooling-off, and `pending`, a loosening that waits
//! 24 h), read by its serde derive. A limit with an unknown definition or period is left out; a
//! pending change that cannot be read is taken as none.

use serde::{Deserialize, Deserializer};

use crate::app::wire::lenient;
use crate::domain::limit::{LimitDefinition, LimitPeriod};
use crate::json::Json;

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
    pub pending: Option<Later>,
}

/// A loosening the operator applies later: the new period and amount, or (both `None`) the
/// limit's removal, at `at` (unix seconds).
#[derive(Clone, Debug, PartialEq)]
pub struct Later {
    pub period: Option<LimitPeriod>,
    pub amount: Option<String>,
    pub at: i64,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct WirePending {
    #[serde(default, deserialize_with = "lenient")]
    period: Option<String>,
    #[serde(default, deserialize_with = "text")]
    amount: Option<String>,
    applies_at: i64,
}

/// A limit as the API writes it.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct WireLimit {
    id: u64,
    definition: u8,
    period: String,
    #[serde(default, deserialize_with = "text")]
    amount: Option<String>,
    #[serde(default, deserialize_with = "text")]
    currency: Option<String>,
    #[serde(default, deserialize_with = "lenient")]
    active_until: Option<i64>,
    #[serde(default, deserialize_with = "lenient")]
    pending: Option<WirePending>,
}

/// A non-empty text, or a number as its text (amounts some platforms send as numbers).
fn text<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    Ok(match Json::deserialize(d)? {
        Json::String(s) if !s.is_empty() => Some(s),
        Json::Number(n) => Some(n.to_string()),
        _ => None,
    })
}

impl Item {
    pub fn read(v: &Json) -> Option<Item> {
        let w = WireLimit::deserialize(v).ok()?;
        Some(Item {
            id: w.id,
            definition: LimitDefinition::from_code(w.definition)?,
            period: LimitPeriod::parse(&w.period)?,
            amount: w.amount,
            currency: w.currency,
            until: w.active_until,
            pending: w.pending.map(|p| Later {
                period: p.period.as_deref().and_then(LimitPeriod::parse),
                amount: p.amount,
                at: p.applies_at,
            }),
        })
    }
}

/// `[Limit]`; `None` unless the body is a list.
pub fn list(body: &str) -> Option<Vec<Item>> {
    let items: Vec<Json> = crate::json::from_str(body).ok()?;
    Some(items.iter().filter_map(Item::read).collect())
}

/// One `Limit`.
pub fn one(body: &str) -> Option<Item> {
    Item::read(&crate::json::parse(body).ok()?)
}
