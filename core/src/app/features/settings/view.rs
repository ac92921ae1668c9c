//! The `options` slice: choices that come from settings (currencies at sign-up).

use serde::Serialize;

use crate::app::display::{option, CurrencyOption};
use crate::app::model::{Dirty, Model};
use crate::app::registry::Part;

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct OptionsView {
    /// Currencies a new player can choose at sign-up.
    pub currencies: Vec<CurrencyOption>,
}

/// Whether the slice needs a rebuild: a part it reads is dirty.
pub fn changed(_model: &Model, dirty: Dirty) -> bool {
    dirty.touches(&[Part::Settings], false)
}

pub fn slice(model: &Model) -> OptionsView {
    OptionsView {
        currencies: model.shared.currencies.iter().map(option).collect(),
    }
}
