//! Bonus shapes of docs/API.md "Bonuses", read by their serde derives. Only the fields the
//! feature uses; unknown fields are ignored, odd optional ones read as empty, a missing id or
//! status makes the value unreadable (`None`).

use serde::Deserialize;

use crate::app::wire::{lenient, lenient_items, loose};
use crate::json::Json;

/// The whole non-negative numbers of an array (ids); anything else is skipped.
pub fn ids(v: Option<&Json>) -> Vec<u64> {
    v.and_then(|v| lenient_items(v).ok()).unwrap_or_default()
}

/// Bonuses and free spins share one card type (one list type, one set of functions).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    Bonus,
    Freespin,
}

/// A player bonus or free-spin package (SPEC §3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Item {
    pub kind: Kind,
    pub id: u64,
    pub status: u8,
    pub result: u8,
    pub name: String,
    pub amount: String,
    pub currency: String,
    /// `wagerCasinoConditions.gameIds` (bonuses); the one `gameId` of free spins.
    pub game_ids: Vec<u64>,
    pub count: u64,
    pub used: u64,
    pub wager_required: String,
    pub wagered: String,
    pub max_bet: String,
    pub cancel_locked: bool,
    /// Unix seconds; 0 unknown.
    pub expires_at: i64,
    /// When it was issued, unix seconds; 0 unknown.
    pub created_at: i64,
}

/// A bonus or free-spin package as the API writes it.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct WireItem {
    id: u64,
    status: u8,
    #[serde(default, deserialize_with = "lenient")]
    result: Option<u8>,
    #[serde(default, deserialize_with = "loose")]
    name: String,
    #[serde(default, deserialize_with = "loose")]
    amount: String,
    #[serde(default, deserialize_with = "loose")]
    currency: String,
    #[serde(default, deserialize_with = "lenient")]
    wager_casino_conditions: Conditions,
    #[serde(default, deserialize_with = "lenient")]
    game_id: Option<u64>,
    #[serde(default, deserialize_with = "lenient")]
    count: u64,
    #[serde(default, deserialize_with = "lenient")]
    used: u64,
    #[serde(default, deserialize_with = "lenient")]
    wager: Wager,
    #[serde(default, deserialize_with = "loose")]
    max_bet_amount: String,
    #[serde(default, deserialize_with = "lenient")]
    cancel_locked: bool,
    #[serde(default, deserialize_with = "lenient")]
    expires_at: i64,
    #[serde(default, deserialize_with = "lenient")]
    created_at: i64,
}

#[derive(Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
struct Conditions {
    #[serde(deserialize_with = "lenient_items")]
    game_ids: Vec<u64>,
}

#[derive(Default, Deserialize)]
#[serde(default)]
struct Wager {
    #[serde(deserialize_with = "loose")]
    required: String,
    #[serde(deserialize_with = "loose")]
    wagered: String,
}

impl Item {
    pub fn read(v: &Json, kind: Kind) -> Option<Item> {
        let w = WireItem::deserialize(v).ok()?;
        Some(Item {
            kind,
            id: w.id,
            status: w.status,
            result: w.result.unwrap_or(crate::domain::bonus::RESULT_UNSPECIFIED),
            name: w.name,
            amount: w.amount,
            currency: w.currency,
            game_ids: match kind {
                Kind::Bonus => w.wager_casino_conditions.game_ids,
                Kind::Freespin => w.game_id.into_iter().collect(),
            },
            count: w.count,
            used: w.used,
            wager_required: w.wager.required,
            wagered: w.wager.wagered,
            max_bet: w.max_bet_amount,
            cancel_locked: w.cancel_locked,
            expires_at: w.expires_at,
            created_at: w.created_at,
        })
    }
}

/// A player bonus code (SPEC §3).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct Code {
    #[serde(rename = "playerBonusCodeId")]
    pub id: u64,
    #[serde(rename = "bonusCode", default, deserialize_with = "loose")]
    pub code: String,
    pub status: u8,
}

impl Code {
    pub fn read(v: &Json) -> Option<Code> {
        Code::deserialize(v).ok()
    }
}

/// A deposit bonus (SPEC §3): the package and its trigger per currency.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Package {
    pub id: u64,
    pub name: String,
    pub percent: String,
    pub max_amount: String,
    /// `(currency, amountFrom)` of `triggerConditions.invoiceAmountItems`.
    pub from: Vec<(String, String)>,
}

/// A deposit bonus as the API writes it.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct WirePackage {
    package: PackageOf,
    #[serde(default, deserialize_with = "lenient")]
    trigger_conditions: Trigger,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct PackageOf {
    id: u64,
    #[serde(default, deserialize_with = "loose")]
    name: String,
    #[serde(default, deserialize_with = "loose")]
    percent: String,
    #[serde(default, deserialize_with = "loose")]
    max_amount: String,
}

#[derive(Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
struct Trigger {
    /// An item of another shape reads as empty texts.
    #[serde(deserialize_with = "lenient")]
    invoice_amount_items: Vec<Json>,
}

#[derive(Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
struct AmountItem {
    #[serde(deserialize_with = "loose")]
    currency: String,
    #[serde(deserialize_with = "loose")]
    amount_from: String,
}

impl Package {
    pub fn read(v: &Json) -> Option<Package> {
        let w = WirePackage::deserialize(v).ok()?;
        let from = w.trigger_conditions.invoice_amount_items.iter().map(|i| {
            let i = AmountItem::deserialize(i).unwrap_or_default();
            (i.currency, i.amount_from)
        });
        Some(Package {
            id: w.package.id,
            name: w.package.name,
            percent: w.package.percent,
            max_amount: w.package.max_amount,
            from: from.collect(),
        })
    }
}

/// A list of readable values; `None` unless it is a list (unreadable items are skipped).
pub fn list<T>(v: &Json, read: &dyn Fn(&Json) -> Option<T>) -> Option<Vec<T>> {
    let mut out = Vec::new();
    for i in v.as_array()? {
        if let Some(x) = read(i) {
            out.push(x);
        }
    }
    Some(out)
}

/// `[{id, isAvailable}]` of bonuses/status: whether `id` is available (missing: not).
pub fn available(v: &Json, id: u64) -> Option<bool> {
    #[derive(Deserialize)]
    #[serde(rename_all = "camelCase")]
    struct Status {
        id: u64,
        #[serde(default, deserialize_with = "lenient")]
        is_available: bool,
    }
    let list: Vec<Json> = Vec::deserialize(v).ok()?;
    Some(
        list.iter()
            .any(|e| Status::deserialize(e).is_ok_and(|s| s.id == id && s.is_available)),
    )
}

/// Cashback for a currency: `(amount, percent)`.
pub fn cashback(v: &Json) -> Option<(String, String)> {
    #[derive(Default, Deserialize)]
    #[serde(default)]
    struct Cashback {
        #[serde(deserialize_with = "loose")]
        amount: String,
        #[serde(deserialize_with = "loose")]
        percent: String,
    }
    // Not an object (a list would fill the fields in order) is no answer.
    v.as_object()?;
    let c = Cashback::deserialize(v).ok()?;
    Some((c.amount, c.percent))
}

/// A refused call's code and sentence.
pub fn refusal(e: &crate::app::calls::ResponseError) -> (&str, &str) {
    match e {
        crate::app::calls::ResponseError::Status { error, .. } => {
            (error.code.as_str(), error.message.as_str())
        }
        _ => ("", ""),
    }
}
