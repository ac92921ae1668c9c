//! The `referral` slice: the player's referral link and figures, the transfer's state and
//! whether the affiliate application was sent.

use serde::Serialize;

use crate::app::display::{self, MoneyView};
use crate::app::feature::Shared;
use crate::app::model::Config;
use crate::domain::route;

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct ReferralStatsView {
    /// The address a friend signs up from (`?ref=` the player's code).
    pub link: String,
    pub code: String,
    pub invited: i64,
    /// Invited players who made a deposit.
    pub qualified: i64,
    pub earned: MoneyView,
    pub available: MoneyView,
    /// Something to move into the wallet.
    pub can_transfer: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct ReferralView {
    pub stats: Option<ReferralStatsView>,
    pub loading: bool,
    pub failed: bool,
    pub transferring: bool,
    /// The affiliate-program application was sent.
    pub applied: bool,
}

pub fn slice(r: &super::Referral, shared: &Shared, config: &Config) -> ReferralView {
    let home = route::home_path(shared.locale(config), &config.default_locale);
    ReferralView {
        stats: r.stats.as_ref().map(|s| ReferralStatsView {
            link: format!(
                "{}{home}?ref={}",
                config.origin,
                route::percent_encode(&s.code)
            ),
            code: s.code.clone(),
            invited: s.invited,
            qualified: s.qualified,
            earned: display::amount(shared, &s.earned, &s.currency),
            available: display::amount(shared, &s.available, &s.currency),
            can_transfer: s.available.bytes().any(|b| matches!(b, b'1'..=b'9')),
        }),
        loading: r.loading,
        failed: r.failed,
        transferring: r.transferring,
        applied: r.applied,
    }
}
