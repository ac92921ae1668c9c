//! Bonus shapes of docs/API.md "Bonuses", read by hand from the dynamic JSON value (no derived
//! reader per type: docs/ARCHITECTURE.md "Size"). Only the fields the feature uses; unknown
//! fields are ignored, a missing id or status makes the value unreadable (`None`).

use crate::json::Json;

use crate::app::wire::{int, loose_text as text, uint as id};

fn small(v: &Json, key: &str) -> Option<u8> {
    int(v, key).and_then(|n| u8::try_from(n).ok())
}

/// The whole non-negative numbers of an array (ids); anything else is skipped.
pub fn ids(v: Option<&Json>) -> Vec<u64> {
    let mut out = Vec::new();
    if let Some(Json::Array(items)) = v {
        for i in items {
            if let Some(n) = i.as_u64() {
                out.push(n);
            }
        }
    }
    out
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
}

impl Item {
    pub fn read(v: &Json, kind: Kind) -> Option<Item> {
        v.as_object()?;
        let game_ids = match kind {
            Kind::Bonus => ids(v
                .get("wagerCasinoConditions")
                .and_then(|w| w.get("gameIds"))),
            Kind::Freespin => id(v, "gameId").map_or_else(Vec::new, |g| vec![g]),
        };
        let wager = v.get("wager").unwrap_or(&Json::Null);
        Some(Item {
            kind,
            id: id(v, "id")?,
            status: small(v, "status")?,
            result: small(v, "result").unwrap_or(crate::domain::bonus::RESULT_UNSPECIFIED),
            name: text(v, "name"),
            amount: text(v, "amount"),
            currency: text(v, "currency"),
            game_ids,
            count: id(v, "count").unwrap_or(0),
            used: id(v, "used").unwrap_or(0),
            wager_required: text(wager, "required"),
            wagered: text(wager, "wagered"),
            max_bet: text(v, "maxBetAmount"),
            cancel_locked: v.get("cancelLocked").and_then(Json::as_bool) == Some(true),
            expires_at: int(v, "expiresAt").unwrap_or(0),
        })
    }
}

/// A player bonus code (SPEC §3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Code {
    pub id: u64,
    pub code: String,
    pub status: u8,
}

impl Code {
    pub fn read(v: &Json) -> Option<Code> {
        Some(Code {
            id: id(v, "playerBonusCodeId")?,
            code: text(v, "bonusCode"),
            status: small(v, "status")?,
        })
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

impl Package {
    pub fn read(v: &Json) -> Option<Package> {
        let p = v.get("package")?;
        let mut from = Vec::new();
        if let Some(Json::Array(items)) = v
            .get("triggerConditions")
            .and_then(|t| t.get("invoiceAmountItems"))
        {
            for i in items {
                from.push((text(i, "currency"), text(i, "amountFrom")));
            }
        }
        Some(Package {
            id: id(p, "id")?,
            name: text(p, "name"),
            percent: text(p, "percent"),
            max_amount: text(p, "maxAmount"),
            from,
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

/// Cashback for a currency: `(amount, percent)`.
/// `[{id, isAvailable}]` of bonuses/status: whether `id` is available (missing: not).
pub fn available(v: &Json, id: u64) -> Option<bool> {
    let list = v.as_array()?;
    Some(list.iter().any(|e| {
        crate::app::wire::uint(e, "id") == Some(id)
            && e.get("isAvailable").and_then(Json::as_bool) == Some(true)
    }))
}

pub fn cashback(v: &Json) -> Option<(String, String)> {
    v.as_object()?;
    Some((text(v, "amount"), text(v, "percent")))
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
