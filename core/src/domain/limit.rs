//! Responsible-gaming limits (SPEC §3, §4 "Limits", §9): definitions, periods, grouping and the
//! advanced-mode rule.
//!
//! # Decisions
//!
//! - Advanced mode is available for a set of limits (usually one definition) when they form
//!   more than 2 period groups and every group has a limit in every given currency. With no
//!   currencies given, the currency condition holds trivially.
//! - Self-exclusion and cooling-off carry no amount ([`LimitDefinition::has_amount`]).
//! - A change is a tightening when it allows no more in any window: an amount no higher over a
//!   period at least as long ([`is_tightening`]). Anything else loosens the limit, and the
//!   operator applies a loosening only 24 hours later (issue 30), so the player is told first.

use litemap::LiteMap;
use serde::{Deserialize, Serialize};

/// Limit definition (1 bet, 2 loss, 3 deposit, 4 self-exclusion, 5 cooling-off).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum LimitDefinition {
    Bet,
    Loss,
    Deposit,
    SelfExclusion,
    CoolingOff,
}

impl LimitDefinition {
    pub const ALL: [LimitDefinition; 5] = [
        LimitDefinition::Bet,
        LimitDefinition::Loss,
        LimitDefinition::Deposit,
        LimitDefinition::SelfExclusion,
        LimitDefinition::CoolingOff,
    ];

    pub fn from_code(code: u8) -> Option<LimitDefinition> {
        LimitDefinition::ALL.into_iter().find(|d| d.code() == code)
    }

    pub fn code(self) -> u8 {
        match self {
            LimitDefinition::Bet => 1,
            LimitDefinition::Loss => 2,
            LimitDefinition::Deposit => 3,
            LimitDefinition::SelfExclusion => 4,
            LimitDefinition::CoolingOff => 5,
        }
    }

    /// Bet, loss and deposit limits have an amount and currency.
    pub fn has_amount(self) -> bool {
        matches!(
            self,
            LimitDefinition::Bet | LimitDefinition::Loss | LimitDefinition::Deposit
        )
    }

    /// Whether a limit of this kind can refuse play (a deposit limit only refuses deposits).
    pub fn blocks_play(self) -> bool {
        self != LimitDefinition::Deposit
    }
}

/// Limit period.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LimitPeriod {
    Daily,
    Weekly,
    Monthly,
}

impl LimitPeriod {
    pub const ALL: [LimitPeriod; 3] = [
        LimitPeriod::Daily,
        LimitPeriod::Weekly,
        LimitPeriod::Monthly,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            LimitPeriod::Daily => "daily",
            LimitPeriod::Weekly => "weekly",
            LimitPeriod::Monthly => "monthly",
        }
    }

    pub fn parse(s: &str) -> Option<LimitPeriod> {
        LimitPeriod::ALL.into_iter().find(|p| p.as_str() == s)
    }

    /// The window's length in days (a month counts 30, as the platform counts it).
    pub fn days(self) -> u32 {
        match self {
            LimitPeriod::Daily => 1,
            LimitPeriod::Weekly => 7,
            LimitPeriod::Monthly => 30,
        }
    }
}

/// Whether changing a limit of `old_amount` per `old_period` to `new_amount` per `new_period`
/// allows no more in any window (applies at once); `false` is a loosening (applies 24 hours
/// later). An amount that cannot be read counts as a loosening: the player is warned rather
/// than surprised.
pub fn is_tightening(
    old_period: LimitPeriod,
    old_amount: &str,
    new_period: LimitPeriod,
    new_amount: &str,
) -> bool {
    let (Ok(old), Ok(new)) = (
        crate::domain::money::Decimal::parse(old_amount.trim()),
        crate::domain::money::Decimal::parse(new_amount.trim()),
    ) else {
        return false;
    };
    new <= old && new_period.days() >= old_period.days()
}

/// A limit (SPEC §3). `definition` is the numeric code; `period` the period name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Limit {
    pub id: u64,
    pub definition: u8,
    #[serde(default)]
    pub period: Option<String>,
    /// Decimal string.
    #[serde(default)]
    pub amount: Option<String>,
    #[serde(default)]
    pub currency: Option<String>,
}

impl Limit {
    pub fn definition(&self) -> Option<LimitDefinition> {
        LimitDefinition::from_code(self.definition)
    }

    pub fn period(&self) -> Option<LimitPeriod> {
        self.period.as_deref().and_then(LimitPeriod::parse)
    }
}

/// Limits of one definition.
pub fn of_definition(limits: &[Limit], def: LimitDefinition) -> Vec<&Limit> {
    limits
        .iter()
        .filter(|l| l.definition == def.code())
        .collect()
}

/// Limits grouped by their (known) period.
pub fn group_by_period<'a>(limits: &[&'a Limit]) -> LiteMap<LimitPeriod, Vec<&'a Limit>> {
    let mut groups: LiteMap<LimitPeriod, Vec<&'a Limit>> = LiteMap::new();
    for l in limits {
        if let Some(p) = l.period() {
            groups.entry(p).or_default().push(l);
        }
    }
    groups
}

/// Advanced mode: more than 2 period groups, each with every currency present.
pub fn advanced_mode_available(limits: &[&Limit], currencies: &[&str]) -> bool {
    let pairs: Vec<(Option<LimitPeriod>, Option<&str>)> = limits
        .iter()
        .map(|l| (l.period(), l.currency.as_deref()))
        .collect();
    advanced_mode_over(&pairs, currencies)
}

/// [`advanced_mode_available`] over each limit's period and currency (the view's items need
/// no copy into [`Limit`]s). Walks the three periods: each period's limits are one group.
pub fn advanced_mode_over(
    limits: &[(Option<LimitPeriod>, Option<&str>)],
    currencies: &[&str],
) -> bool {
    let mut groups = 0;
    for p in LimitPeriod::ALL {
        let group = || limits.iter().filter(|l| l.0 == Some(p));
        if group().next().is_none() {
            continue;
        }
        groups += 1;
        let complete = currencies
            .iter()
            .all(|c| group().any(|l| l.1.is_some_and(|lc| lc.eq_ignore_ascii_case(c))));
        if !complete {
            return false;
        }
    }
    groups > 2
}
