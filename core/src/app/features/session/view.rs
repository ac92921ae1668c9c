//! The `session` slice: who the visitor is, and the header's balance.

use serde::Serialize;

use super::Session;
use crate::app::display::{balance, equivalent, MoneyView};
use crate::app::feature::{SessionStatus, Shared};
use crate::app::model::Config;
use crate::app::registration::ExtraField;
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
    /// The social providers offered for sign-in and linking, `[id, brand name]`
    /// (`OperatorPaths::social_providers`).
    pub social_connections: Vec<[String; 2]>,
}

/// The fields a sign-up form adds because the registration scenario requires them (SPEC §5),
/// and what a country field offers.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct RegistrationView {
    pub fields: Vec<ExtraField>,
    pub countries: Vec<(String, String)>,
}

pub fn registration(_s: &Session, shared: &Shared, _config: &Config) -> RegistrationView {
    let r = shared.registration();
    RegistrationView {
        // Neither sign-up form asks any offered field itself.
        fields: r.extras(&[]),
        countries: r.countries.clone(),
    }
}

/// The header's balance is the active account's (`Shared::accounts`), shown as the player
/// chose on this device (`Shared::crypto_sub_units`, `Shared::equivalent`).
pub fn slice(s: &Session, shared: &Shared, config: &Config) -> SessionView {
    let nickname = s.profile.as_ref().map(|p| {
        names::display_nickname(&NameSource {
            nickname: p.nickname.as_deref(),
            first_name: p.first_name.as_deref(),
            tg_user_id: p.tg_user_id.as_deref(),
            email: p.email.as_deref(),
        })
    });
    let active = shared.accounts().iter().find(|a| a.is_active());
    let balance = active.map(|a| balance(shared, a));
    let equivalent = active.and_then(|a| equivalent(shared, a, shared.equivalent()));
    SessionView {
        status: shared.status(),
        nickname,
        avatar: s.profile.as_ref().and_then(|p| p.avatar.clone()),
        balance,
        equivalent,
        social_connections: config.operator_paths.social_providers(),
    }
}
