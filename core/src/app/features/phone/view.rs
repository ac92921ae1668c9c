//! The `phone` slice: where the code went and when another may be asked for (the view counts
//! the seconds down itself; the core refuses a resend before then).

use serde::Serialize;

use crate::app::feature::Shared;
use crate::app::model::Config;

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct PhoneView {
    /// The number the code went to; `None` before one is sent.
    pub sent_to: Option<String>,
    /// The code confirms the player's phone (phone modal), not a sign-in.
    pub for_profile: bool,
    /// Unix ms from which another code may be asked for.
    pub resend_at: u64,
    pub resending: bool,
    /// The number has no account: code-verify shows the sign-up fields.
    pub new_player: bool,
    pub code_length: u32,
    /// A player's code-verify: the proof of the owner it asks for besides the code (`None`:
    /// none, or the profile is loading).
    pub proof: Option<crate::app::proof::Proof>,
    /// Where the owner code went; `None` before one is sent.
    pub owner_sent_to: Option<String>,
    /// Unix ms from which another owner code may be asked for.
    pub owner_resend_at: u64,
    pub owner_sending: bool,
}

pub fn slice(p: &super::Phone, _shared: &Shared, _config: &Config) -> PhoneView {
    PhoneView {
        sent_to: p.sent_to.clone(),
        for_profile: p.for_profile,
        resend_at: p.resend_at,
        resending: p.resending,
        new_player: p.new_player,
        code_length: if p.length == 0 { 6 } else { p.length },
        proof: p.proof,
        owner_sent_to: p.owner.sent_to.clone(),
        owner_resend_at: p.owner.resend_at,
        owner_sending: p.owner.sending,
    }
}
