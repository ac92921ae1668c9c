//! The `session` slice: who the visitor is, and the header's balance.

use serde::Serialize;

use crate::app::display::{balance, equivalent, MoneyView};
use crate::app::feature::SessionStatus;
use crate::app::model::{Dirty, Model};
use crate::app::registration::ExtraField;
use crate::app::registry::Part;
use crate::domain::names::{self, NameSource};

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct SessionView {
    /// `booting` until we know whether a stored session holds.
    pub status: SessionStatus,
    pub nickname: Option<String>,
    /// The chosen avatar's picture; `None` shows the nickname's initial.
    pub avatar: Option<String>,
    pub balance: Option<MoneyView>,
    /// The active crypto balance in the equivalent currency (SPEC §9), when one is chosen.
    pub equivalent: Option<MoneyView>,
}

/// What the slice reads.
pub const READS: &[Part] = &[Part::Session, Part::Wallet, Part::Settings];

/// The fields a sign-up form adds because the registration scenario requires them (SPEC §5),
/// and what a country field offers.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct RegistrationView {
    pub fields: Vec<ExtraField>,
    pub countries: Vec<(String, String)>,
}

/// Whether the session slice needs a rebuild: a part it reads is dirty.
pub fn changed(_model: &Model, dirty: Dirty) -> bool {
    dirty.touches(READS, false)
}

/// Whether the registration slice needs a rebuild: the session's own part is dirty.
pub fn registration_changed(_model: &Model, dirty: Dirty) -> bool {
    dirty.touches(&[Part::Session], false)
}

pub fn registration(model: &Model) -> RegistrationView {
    let r = &model.shared.registration;
    RegistrationView {
        // Neither sign-up form asks any offered field itself.
        fields: r.extras(&[]),
        countries: r.countries.clone(),
    }
}

pub fn slice(model: &Model) -> SessionView {
    let nickname = model.f.session.profile.as_ref().map(|p| {
        names::display_nickname(&NameSource {
            nickname: p.nickname.as_deref(),
            first_name: p.first_name.as_deref(),
            tg_user_id: p.tg_user_id.as_deref(),
            email: p.email.as_deref(),
        })
    });
    let wallet = &model.f.wallet;
    let active = wallet.active();
    let balance = active.map(|a| balance(&model.shared, a));
    let equivalent =
        active.and_then(|a| equivalent(&model.shared, a, wallet.equivalent.as_deref()));
    SessionView {
        status: model.shared.status,
        nickname,
        avatar: model
            .f
            .session
            .profile
            .as_ref()
            .and_then(|p| p.avatar.clone()),
        balance,
        equivalent,
    }
}
