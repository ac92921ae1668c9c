//! The `consent` slice: the visitor's cookie choice (also `Shared::consent`, which the
//! third-party loaders read) and the country the geo-popup speaks of.

use serde::Serialize;

use crate::app::feature::Shared;
use crate::app::model::Config;

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct ConsentView {
    pub decided: bool,
    pub analytics: bool,
    pub marketing: bool,
    /// The visitor's country (two letters), once known.
    pub country: Option<String>,
    /// The service is not offered in that country.
    pub restricted: bool,
}

pub fn slice(f: &super::Privacy, shared: &Shared, _config: &Config) -> ConsentView {
    let c = shared.consent();
    let p = f;
    ConsentView {
        decided: c.decided,
        analytics: c.analytics,
        marketing: c.marketing,
        country: p.country.clone(),
        restricted: p.restricted(),
    }
}
