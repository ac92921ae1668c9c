//! The `options` slice: choices that come from settings (currencies at sign-up).

use serde::Serialize;

use crate::app::display::{option, CurrencyOption};
use crate::app::feature::Shared;
use crate::app::model::Config;

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct OptionsView {
    /// Currencies a new player can choose at sign-up.
    pub currencies: Vec<CurrencyOption>,
}

pub fn slice(_f: &super::Settings, shared: &Shared, _config: &Config) -> OptionsView {
    OptionsView {
        currencies: shared.currencies().iter().map(option).collect(),
    }
}
