//! The `miniapp` slice: whether the page runs in the messenger mini-app and where its
//! sign-in stands. The app's WebApp bridge and its blocked/auth-error panel read it.

use serde::Serialize;

use super::Phase;
use crate::app::feature::Shared;
use crate::app::model::Config;

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct MiniappView {
    /// Running inside the messenger (platform tg).
    pub active: bool,
    /// Signing in from the launch data.
    pub logging_in: bool,
    /// The messenger sign-in was refused with 403 (SPEC §8): show the support link.
    pub blocked: bool,
    /// The messenger sign-in or sync failed (SPEC §8).
    pub auth_failed: bool,
}

pub fn slice(m: &super::Miniapp, _shared: &Shared, config: &Config) -> MiniappView {
    MiniappView {
        active: config.is_miniapp(),
        logging_in: m.phase == Phase::LoggingIn,
        blocked: m.phase == Phase::Blocked,
        auth_failed: m.phase == Phase::AuthFailed,
    }
}
