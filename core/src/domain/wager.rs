//! Bonus wagering (SPEC §5 "Other"): the minimum bonus wager multiplier defaults to 1.
//!
//! Decision: a missing or zero multiplier is the default 1 (a zero multiplier would make every
//! bonus wager-free, which no configuration means).

/// Default minimum bonus wager multiplier.
pub const DEFAULT_MIN_WAGER_MULTIPLIER: u32 = 1;

/// The minimum bonus wager multiplier from configuration.
pub fn min_wager_multiplier(configured: Option<u32>) -> u32 {
    match configured {
        Some(m) if m > 0 => m,
        _ => DEFAULT_MIN_WAGER_MULTIPLIER,
    }
}

/// Amount to wager in minor units: `bonus_minor x multiplier`, `None` on overflow.
pub fn wager_requirement_minor(bonus_minor: u64, multiplier: Option<u32>) -> Option<u64> {
    bonus_minor.checked_mul(u64::from(min_wager_multiplier(multiplier)))
}
