//! The `social` slice: the providers offered, the player's linked ones, and the callback
//! page's state.

use serde::Serialize;

use crate::app::feature::Shared;
use crate::app::model::Config;

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct SocialLinkView {
    pub connection: String,
    pub email: String,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct SocialView {
    pub links: Vec<SocialLinkView>,
    pub links_loaded: bool,
    pub unlinking: Option<String>,
    /// A callback or auto-login is being finished.
    pub busy: bool,
    /// Why the callback page could not finish.
    pub error: Option<String>,
}

pub fn slice(s: &super::Social, _shared: &Shared, _config: &Config) -> SocialView {
    SocialView {
        links: s
            .links
            .iter()
            .map(|l| SocialLinkView {
                connection: l.connection.clone(),
                email: l.email.clone(),
            })
            .collect(),
        links_loaded: s.links_loaded,
        unlinking: s.unlinking.clone(),
        busy: s.busy,
        error: s.error.clone(),
    }
}
