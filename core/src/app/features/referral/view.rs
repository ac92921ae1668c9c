//! The `referral` slice: the player's referral link and figures, the transfer's state and
//! whether the affiliate application was sent.

use serde::Serialize;

use crate::app::display::{self, MoneyView};
use crate::app::model::{Dirty, Model};
use crate::app::registry::Part;
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

/// Whether the slice needs a rebuild: a part it reads is dirty.
pub fn changed(_model: &Model, dirty: Dirty) -> bool {
    dirty.touches(&[Part::Referral, Part::Settings], false)
}

pub fn slice(model: &Model) -> ReferralView {
    let r = &model.f.referral;
    let home = route::home_path(
        model.shared.locale(&model.config),
        &model.config.default_locale,
    );
    ReferralView {
        stats: r.stats.as_ref().map(|s| ReferralStatsView {
            link: format!(
                "{}{home}?ref={}",
                model.config.origin,
                route::percent_encode(&s.code)
            ),
            code: s.code.clone(),
            invited: s.invited,
            qualified: s.qualified,
            earned: display::amount(&model.shared, &s.earned, &s.currency),
            available: display::amount(&model.shared, &s.available, &s.currency),
            can_transfer: s.available.bytes().any(|b| matches!(b, b'1'..=b'9')),
        }),
        loading: r.loading,
        failed: r.failed,
        transferring: r.transferring,
        applied: r.applied,
    }
}
