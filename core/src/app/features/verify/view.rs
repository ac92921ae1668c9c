//! The `verify` slice: the confirmation mail's address and wait, the verify page's state, and
//! the avatars modal (the view counts the wait down itself; the core refuses an early resend).

use serde::Serialize;

use super::{LinkStatus, Proof};
use crate::app::feature::Shared;
use crate::app::model::Config;

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct VerifyView {
    /// What the email modal asks for besides the address; `None` while the profile loads.
    pub proof: Option<Proof>,
    /// Where the owner code went (an e-mail or a phone); `None` before one is sent.
    pub owner_sent_to: Option<String>,
    /// Unix ms from which another owner code may be asked for.
    pub owner_resend_at: u64,
    pub owner_sending: bool,
    /// The address the last mail went to; `None` before one is sent from here.
    pub sent_to: Option<String>,
    /// Unix ms from which another mail may be asked for.
    pub resend_at: u64,
    pub resending: bool,
    pub link: LinkStatus,
    /// The address confirmed here (the verify page's link or the confirm-email modal's code):
    /// the confirm modal names it.
    pub link_email: String,
    /// `[id, url]`; empty until loaded.
    pub avatars: Vec<[String; 2]>,
    /// The avatar asked for, while it is set or after it was refused.
    pub chosen: Option<String>,
    pub avatar_busy: bool,
    pub avatar_error: Option<String>,
}

pub fn slice(v: &super::Verify, _shared: &Shared, _config: &Config) -> VerifyView {
    VerifyView {
        proof: v.proof,
        owner_sent_to: v.owner.sent_to.clone(),
        owner_resend_at: v.owner.resend_at,
        owner_sending: v.owner.sending,
        sent_to: v.sent_to.clone(),
        resend_at: v.resend_at,
        resending: v.resending,
        link: v.link,
        link_email: v.link_email.clone(),
        avatars: v.avatars.clone(),
        chosen: v.chosen.clone(),
        avatar_busy: v.avatar_busy,
        avatar_error: v.avatar_error.clone(),
    }
}
