//! Which channels a visitor listens to and what a publication on them means (SPEC §7
//! Realtime). The sandbox's player id is the profile id (docs/API.md), so every per-player
//! channel ends in `#{playerId}`.
//!
//! A publication is either an object push (the account, invoice, player bonus, ... itself) or
//! a named event `{"event": "<name>", "data": {...}}` (docs/API.md "Realtime"). Routing looks
//! at the event name first, then at the channel's namespace. Anything that does not fit is
//! [`Push::Malformed`]: logged and dropped by the app, never a crash.

use crate::json::Json;
use serde::{Deserialize, Deserializer};

pub const GLOBAL_ONLINE: &str = "global:online";

/// Per-player channel namespaces of SPEC §7, in its order.
pub const PLAYER_NAMESPACES: &[&str] = &[
    "retention:quests",
    "bonus:player-bonus-codes",
    "bonus:player-bonuses",
    "bonus:player-freespins",
    "wallet:accounts",
    "payment:invoices",
    "game:bets",
    "game:spins",
    "retention:accounts",
    "messenger:notifications",
    "messenger:pushes",
];

/// Event names of SPEC §4 / §7.
pub const EVENT_QUEST_UPDATED: &str = "quest.updated";
pub const EVENT_QUEST_TASK_UPDATED: &str = "quest.task.updated";
pub const EVENT_BET_PLACED: &str = "bet.placebet";
pub const EVENT_BET_RESTRICTED: &str = "game.bet.restricted";
pub const EVENT_BET_MAX_EXCEED: &str = "game.bet.max.exceed";
pub const EVENT_INVOICE_DEPOSIT: &str = "invoice.deposit.updated";
pub const EVENT_INVOICE_WITHDRAWAL: &str = "invoice.withdrawal.updated";

/// The channels to subscribe: `global:online` for everyone, the per-player ones for a player.
pub fn channels(player_id: Option<i64>) -> Vec<String> {
    let mut list = Vec::with_capacity(PLAYER_NAMESPACES.len() + 1);
    if let Some(id) = player_id {
        for ns in PLAYER_NAMESPACES {
            list.push(format!("{ns}#{id}"));
        }
    }
    list.push(GLOBAL_ONLINE.to_string());
    list
}

/// What a channel carries, by its namespace.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Topic {
    Quests,
    BonusCodes,
    Bonuses,
    Freespins,
    Accounts,
    Invoices,
    Bets,
    Spins,
    Loyalty,
    Notifications,
    Pushes,
    Online,
    Unknown,
}

pub fn topic(channel: &str) -> Topic {
    let namespace = channel.split('#').next().unwrap_or("");
    match namespace {
        "retention:quests" => Topic::Quests,
        "bonus:player-bonus-codes" => Topic::BonusCodes,
        "bonus:player-bonuses" => Topic::Bonuses,
        "bonus:player-freespins" => Topic::Freespins,
        "wallet:accounts" => Topic::Accounts,
        "payment:invoices" => Topic::Invoices,
        "game:bets" => Topic::Bets,
        "game:spins" => Topic::Spins,
        "retention:accounts" => Topic::Loyalty,
        "messenger:notifications" => Topic::Notifications,
        "messenger:pushes" => Topic::Pushes,
        GLOBAL_ONLINE => Topic::Online,
        _ => Topic::Unknown,
    }
}

/// A routed publication. Payloads stay JSON here; the app reads them into its wire types.
#[derive(Clone, Debug, PartialEq)]
pub enum Push {
    /// `wallet:accounts`: the account object.
    Account(Json),
    /// `invoice.deposit.updated` / `invoice.withdrawal.updated`: the event name and the
    /// invoice object.
    Invoice { event: &'static str, data: Json },
    /// `bonus:player-bonuses`: the player bonus object.
    Bonus(Json),
    /// `bonus:player-freespins`: the player free spin object.
    Freespin(Json),
    /// `bonus:player-bonus-codes`: the player bonus code object.
    BonusCode(Json),
    /// `quest.updated` (the quest) or, with `task`, `quest.task.updated` (the task); also a
    /// quest object on `retention:quests`.
    Quest { task: bool, data: Json },
    /// `retention:accounts`: the loyalty account object.
    Loyalty(Json),
    /// `bet.placebet`: a bet was placed (SPEC §4: the bet analytics event).
    BetPlaced(Json),
    /// `game:spins`: a spin object (a live row of the spins history).
    Spin(Json),
    /// `game:bets`: a bet object (a live row of the bets history).
    Bet(Json),
    /// `game.bet.restricted`: the game refused the bet; the payload as sent.
    BetRestricted(Json),
    /// `game.bet.max.exceed`: the maximum bet, a decimal string in major units.
    MaxBetExceeded { amount: String, currency: String },
    /// `messenger:notifications`: a messenger message object.
    Message(Json),
    /// `messenger:pushes`: a push notification object.
    PushNote(Json),
    /// A push whose feature does not exist yet in the client: logged only.
    LogOnly { what: &'static str, data: Json },
    /// Not what the contract says; logged and dropped.
    Malformed { channel: String, reason: String },
}

pub fn route(channel: &str, data: Json) -> Push {
    let malformed = |reason: &str| Push::Malformed {
        channel: channel.to_string(),
        reason: reason.to_string(),
    };
    let Json::Object(obj) = data else {
        return malformed("publication data is not an object");
    };
    if obj.contains_key("event") {
        // Taken apart in one pass (no map removals: smaller wasm).
        let (mut name, mut payload) = (None, Json::Null);
        for (key, value) in obj {
            match key.as_str() {
                "event" => name = Some(value),
                "data" => payload = value,
                _ => {}
            }
        }
        let Some(Json::String(name)) = name else {
            return malformed("event name is not a string");
        };
        return route_event(&name, payload)
            .unwrap_or_else(|why| malformed(&format!("event {name}: {why}")));
    }
    let data = Json::Object(obj);
    let what = match topic(channel) {
        Topic::Accounts => return Push::Account(data),
        Topic::Invoices => "invoice",
        Topic::Bonuses => return Push::Bonus(data),
        Topic::Freespins => return Push::Freespin(data),
        Topic::BonusCodes => return Push::BonusCode(data),
        Topic::Quests => return Push::Quest { task: false, data },
        Topic::Loyalty => return Push::Loyalty(data),
        Topic::Notifications => return Push::Message(data),
        Topic::Pushes => return Push::PushNote(data),
        Topic::Online => "online count",
        Topic::Bets => return Push::Bet(data),
        Topic::Spins => return Push::Spin(data),
        Topic::Unknown => return malformed("unknown channel"),
    };
    Push::LogOnly { what, data }
}

/// A named event's push, or why it is not one.
fn route_event(name: &str, payload: Json) -> Result<Push, String> {
    let not_object = || "data is not an object".to_string();
    match name {
        EVENT_BET_MAX_EXCEED => {
            let max = MaxBet::deserialize(payload).map_err(|e| e.to_string())?;
            let amount = max.amount.or(max.max_bet).ok_or("missing field `amount`")?;
            let currency = max.currency.trim().to_string();
            if currency.is_empty() {
                return Err("blank `currency`".into());
            }
            Ok(Push::MaxBetExceeded { amount, currency })
        }
        EVENT_QUEST_UPDATED | EVENT_QUEST_TASK_UPDATED => matches!(payload, Json::Object(_))
            .then_some(Push::Quest {
                task: name == EVENT_QUEST_TASK_UPDATED,
                data: payload,
            })
            .ok_or_else(not_object),
        EVENT_BET_PLACED => Ok(Push::BetPlaced(payload)),
        EVENT_BET_RESTRICTED => Ok(Push::BetRestricted(payload)),
        EVENT_INVOICE_DEPOSIT | EVENT_INVOICE_WITHDRAWAL => {
            let event = if name == EVENT_INVOICE_DEPOSIT {
                EVENT_INVOICE_DEPOSIT
            } else {
                EVENT_INVOICE_WITHDRAWAL
            };
            matches!(payload, Json::Object(_))
                .then_some(Push::Invoice {
                    event,
                    data: payload,
                })
                .ok_or_else(not_object)
        }
        _ => Err("unknown event".into()),
    }
}

/// `game.bet.max.exceed`'s data: the maximum bet (`amount`, else `maxBet`: a decimal as text or
/// a number; of another type it counts as absent) and its currency, both needed.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct MaxBet {
    #[serde(default, deserialize_with = "decimal")]
    amount: Option<String>,
    #[serde(default, deserialize_with = "decimal")]
    max_bet: Option<String>,
    currency: String,
}

fn decimal<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    Ok(decimal_text(&Json::deserialize(d)?))
}

/// A decimal amount as text: a string as sent, or a JSON number written out.
fn decimal_text(v: &Json) -> Option<String> {
    match v {
        Json::String(s) if !s.trim().is_empty() => Some(s.trim().to_string()),
        Json::Number(n) => Some(n.to_string()),
        _ => None,
    }
}
