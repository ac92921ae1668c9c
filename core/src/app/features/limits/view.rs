//! The `limits` slice: the player's limits by definition, the advanced-mode state (SPEC §9),
//! the change waiting for confirmation and the limit a confirm modal is about.

use serde::Serialize;

use super::{Item, Limits};
use crate::app::feature::Shared;
use crate::app::model::Config;
use crate::domain::limit::{self, LimitDefinition, LimitPeriod};
use crate::domain::locale::DateFormat;
use crate::domain::zone::Zone;

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct LimitView {
    pub id: u64,
    /// 1 bet, 2 loss, 3 deposit, 4 self-exclusion, 5 cooling-off.
    pub definition: u8,
    /// `bet`, `loss`, `deposit`, `selfExclusion`, `coolingOff`: the text keys' name.
    pub name: &'static str,
    /// Bet, loss and deposit limits have an amount; a break has an end (`until`) instead.
    pub has_amount: bool,
    pub period: &'static str,
    pub amount: Option<String>,
    pub currency: Option<String>,
    /// Unix seconds a self-exclusion or cooling-off ends.
    pub until: Option<i64>,
    /// `until` as the player reads it (SPEC §9 date-time `DD.MM.YY, HH:mm`, the device's zone).
    pub until_text: Option<String>,
    /// A loosening that applies later (issue 30); the player may cancel it.
    pub later: Option<LimitLater>,
}

/// The new period and amount of a loosened limit, or (both null) its removal, and when it
/// applies (unix seconds, and as text like `untilText`).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct LimitLater {
    pub period: Option<&'static str>,
    pub amount: Option<String>,
    pub applies_at: i64,
    pub applies_text: String,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct LimitSection {
    pub definition: u8,
    /// `bet`, `loss`, `deposit`, `selfExclusion`, `coolingOff`: the text keys' name.
    pub name: &'static str,
    /// Bet, loss and deposit: amounts per period and currency; the others are breaks.
    pub has_amount: bool,
    /// Whether its limits can refuse play (all but deposit limits).
    pub blocks_play: bool,
    /// Bet, loss and deposit: a grid per period and currency instead of a list.
    pub advanced: bool,
    /// SPEC §9: more than 2 period groups with every currency present.
    pub advanced_available: bool,
    pub items: Vec<LimitView>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct LimitChange {
    pub limit: LimitView,
    pub period: &'static str,
    pub amount: Option<String>,
    /// The change loosens the limit: it applies 24 hours after the player confirms.
    pub applies_later: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct LimitsView {
    /// The first load is on its way.
    pub loading: bool,
    pub failed: bool,
    /// An update or removal is in flight.
    pub busy: bool,
    /// Bet, loss, deposit, then self-exclusion and cooling-off.
    pub sections: Vec<LimitSection>,
    /// The advanced grid's columns: the enabled currencies.
    pub currencies: Vec<String>,
    /// The change the confirm-limit-update modal asks about.
    pub pending: Option<LimitChange>,
    /// The limit of the open edit or confirm modal (`limitId` in the address).
    pub selected: Option<LimitView>,
}

fn view(i: &Item, zone: &Zone) -> LimitView {
    LimitView {
        id: i.id,
        definition: i.definition.code(),
        name: name(i.definition),
        has_amount: i.definition.has_amount(),
        period: i.period.as_str(),
        amount: i.amount.clone(),
        currency: i.currency.clone(),
        until: i.until,
        until_text: i.until.map(|u| zone.format(u, DateFormat::DateTime)),
        later: i.pending.as_ref().map(|p| LimitLater {
            period: p.period.map(LimitPeriod::as_str),
            amount: p.amount.clone(),
            applies_at: p.at,
            applies_text: zone.format(p.at, DateFormat::DateTime),
        }),
    }
}

fn name(d: LimitDefinition) -> &'static str {
    match d {
        LimitDefinition::Bet => "bet",
        LimitDefinition::Loss => "loss",
        LimitDefinition::Deposit => "deposit",
        LimitDefinition::SelfExclusion => "selfExclusion",
        LimitDefinition::CoolingOff => "coolingOff",
    }
}

/// The limit of an edit or confirm modal is the address's `limitId`: the slice reads the
/// query (`Reads::QUERY`), so a move between pages leaves it alone.
pub fn slice(f: &Limits, shared: &Shared, _config: &Config) -> LimitsView {
    let zone = shared.zone();
    let currencies: Vec<String> = shared
        .currencies()
        .iter()
        .filter(|c| c.is_enabled != Some(false))
        .map(|c| c.code.clone())
        .collect();
    let codes: Vec<&str> = currencies.iter().map(String::as_str).collect();
    let sections = LimitDefinition::ALL
        .into_iter()
        .map(|d| {
            // By period, then in the server's order.
            let mut items: Vec<&Item> = Vec::new();
            for p in LimitPeriod::ALL {
                for i in &f.items {
                    if i.definition == d && i.period == p {
                        items.push(i);
                    }
                }
            }
            let pairs: Vec<_> = items
                .iter()
                .map(|i| (Some(i.period), i.currency.as_deref()))
                .collect();
            let available = d.has_amount() && limit::advanced_mode_over(&pairs, &codes);
            let chosen = usize::from(d.code())
                .checked_sub(1)
                .and_then(|i| f.advanced.get(i).copied().flatten());
            LimitSection {
                definition: d.code(),
                name: name(d),
                has_amount: d.has_amount(),
                blocks_play: d.blocks_play(),
                advanced: d.has_amount() && chosen.unwrap_or(available),
                advanced_available: available,
                items: items.into_iter().map(|i| view(i, zone)).collect(),
            }
        })
        .collect();
    let selected = shared
        .query_value(super::LIMIT_PARAM)
        .and_then(|v| v.parse::<u64>().ok())
        .and_then(|id| f.find(id))
        .map(|i| view(i, zone));
    let pending = f.pending.as_ref().and_then(|p| {
        let limit = f.find(p.id)?;
        let tightening = match (&limit.amount, &p.amount) {
            (Some(old), Some(new)) => limit::is_tightening(limit.period, old, p.period, new),
            _ => false,
        };
        Some(LimitChange {
            limit: view(limit, zone),
            period: p.period.as_str(),
            amount: p.amount.clone(),
            applies_later: !tightening,
        })
    });
    LimitsView {
        loading: !f.loaded && !f.failed,
        failed: f.failed,
        busy: f.busy,
        sections,
        currencies,
        pending,
        selected,
    }
}
