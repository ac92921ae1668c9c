//! The `profile` slice: the open sessions' page and what the confirm modal asks about.

use serde::Serialize;

use super::Closing;
use crate::app::feature::Shared;
use crate::app::model::Config;
use crate::domain::locale::DateFormat;

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct SessionRow {
    pub id: u64,
    /// Unix seconds.
    pub created_at: i64,
    pub last_active_at: i64,
    /// Both as the player reads them (SPEC §9 date-time `DD.MM.YY, HH:mm`, the device's zone;
    /// written by the slice: empty in the model).
    pub created_text: String,
    pub last_active_text: String,
    pub source: String,
    pub platform: String,
    /// This tab's session.
    pub current: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct ProfileView {
    pub sessions: Vec<SessionRow>,
    pub page: u32,
    pub pages: u32,
    /// The first page is on its way.
    pub loading: bool,
    pub failed: bool,
    pub busy: bool,
    /// The confirm modal closes every other session.
    pub closing_others: bool,
    /// The confirm modal closes this session.
    pub closing: Option<SessionRow>,
    /// The profile of the info and settings pages, once loaded.
    pub me: Option<MeView>,
    /// Countries for the personal page: `[code, name]`.
    pub countries: Vec<[String; 2]>,
    /// The CPF field's mask (SPEC §3 CPF number input).
    pub cpf_mask: &'static str,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct MeView {
    pub email: String,
    /// Empty when none is added.
    pub phone: String,
    pub first_name: String,
    pub last_name: String,
    pub country: String,
    pub email_confirmed: bool,
}

pub fn slice(f: &super::Profile, shared: &Shared, _config: &Config) -> ProfileView {
    let row = |s: &SessionRow| SessionRow {
        created_text: shared.zone().format(s.created_at, DateFormat::DateTime),
        last_active_text: shared.zone().format(s.last_active_at, DateFormat::DateTime),
        ..s.clone()
    };
    ProfileView {
        sessions: f.sessions.iter().map(row).collect(),
        page: f.page,
        pages: f.pages,
        loading: f.loading && !f.loaded,
        failed: f.failed,
        busy: f.busy,
        closing_others: f.closing == Some(Closing::Others),
        closing: match f.closing {
            Some(Closing::One(id)) => f.sessions.iter().find(|s| s.id == id).map(row),
            _ => None,
        },
        me: f.me.as_ref().map(|m| MeView {
            email: m.email.clone(),
            phone: m.phone.clone(),
            first_name: m.first_name.clone(),
            last_name: m.last_name.clone(),
            country: m.country.clone(),
            email_confirmed: m.email_confirmed,
        }),
        countries: f
            .countries
            .iter()
            .map(|(c, n)| [c.clone(), n.clone()])
            .collect(),
        cpf_mask: super::CPF_MASK,
    }
}
