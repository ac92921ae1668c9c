//! The view model, in slices, so a change re-renders only the components that read the
//! changed slice. A slice is rebuilt only when a part it reads is dirty (`model.dirty`, set by
//! the parent as it routes events to features): no whole-view rebuilds, no deep compares.

use litemap::LiteMap;
use serde::Serialize;

use super::feature::SliceSink;

use super::features::{
    bonuses, consent, documents, games, limits, miniapp, notifications, pages, payments, phone,
    profile, protection, referral, session, settings, shell, social, sport, toasts, verify, wallet,
};
use super::forms;
use super::groups::LoadState;
use super::model::{Dirty, Model};
use super::registry::{FormId, GroupId, Part};
use crate::domain::validation::Value;

pub use super::display::{CurrencyOption, MoneyView};
pub use super::features::bonuses::view::{BonusHistoryView, BonusesView};
pub use super::features::consent::view::ConsentView;
pub use super::features::documents::view::DocumentsView;
pub use super::features::games::view::{
    GamesHistoryView, GamesListView, GamesLobbyView, GamesPlayView, GamesSearchView,
};
pub use super::features::limits::view::{LimitChange, LimitSection, LimitView, LimitsView};
pub use super::features::miniapp::view::MiniappView;
pub use super::features::notifications::view::{InboxView, NoteView, NotificationsView};
pub use super::features::pages::view::{ContentPageView, ContentStatus, QuestionLink};
pub use super::features::payments::pay::view::{HistoryView, PaymentView};
pub use super::features::phone::view::PhoneView;
pub use super::features::profile::view::{MeView, ProfileView, SessionRow};
pub use super::features::protection::view::{ProtectionView, SessionTotalView};
pub use super::features::referral::view::{ReferralStatsView, ReferralView};
pub use super::features::session::view::SessionView;
pub use super::features::settings::view::OptionsView;
pub use super::features::shell::menu::LinkView;
pub use super::features::shell::view::{
    ErrorView, Layout, LocaleOption, ModalView, NavView, PageView,
};
pub use super::features::social::view::{SocialLinkView, SocialView};
pub use super::features::sport::view::{BookView, CarouselsView, SportView};
pub use super::features::toasts::view::{ToastKind, ToastView};
pub use super::features::verify::view::VerifyView;
pub use super::features::verify::LinkStatus;
pub use super::features::wallet::view::{AccountView, AccountsView};

/// The whole view: what `Core.view()` returns first; later only changed slices are sent.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct View {
    pub session: SessionView,
    /// What the sign-up forms add for the registration scenario (SPEC §5).
    pub registration: session::view::RegistrationView,
    pub accounts: AccountsView,
    pub payment: PaymentView,
    pub history: HistoryView,
    pub limits: LimitsView,
    pub notifications: NotificationsView,
    pub profile: ProfileView,
    pub phone: PhoneView,
    pub social: SocialView,
    pub verify: VerifyView,
    pub documents: DocumentsView,
    #[serde(serialize_with = "crate::json::map_as_object")]
    #[cfg_attr(target_arch = "wasm32", tsify(type = "FormsView"))]
    pub forms: LiteMap<FormId, FormView>,
    pub nav: NavView,
    pub toasts: Vec<ToastView>,
    pub options: OptionsView,
    pub sport: SportView,
    pub miniapp: MiniappView,
    pub games_lobby: GamesLobbyView,
    pub games_list: GamesListView,
    pub games_search: GamesSearchView,
    pub games_play: GamesPlayView,
    pub games_history: GamesHistoryView,
    pub bonuses: BonusesView,
    pub bonuses_history: BonusHistoryView,
    pub content_page: ContentPageView,
    pub referral: ReferralView,
    pub consent: ConsentView,
    /// The play session's figures and the reality check (issue 30).
    pub protection: ProtectionView,
    /// Where each lazily loaded group's code is: the page shows a retry while `failed`.
    pub groups: GroupsView,
    /// Localized texts by `group.key`, English built-ins under loaded content.
    #[serde(serialize_with = "crate::json::map_as_object")]
    #[cfg_attr(target_arch = "wasm32", tsify(type = "Record<string, string>"))]
    pub texts: LiteMap<String, String>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct FormView {
    /// Values as typed: strings, or booleans for checkboxes.
    #[serde(serialize_with = "crate::json::map_as_object")]
    #[cfg_attr(
        target_arch = "wasm32",
        tsify(type = "Record<string, string | boolean>")
    )]
    pub values: LiteMap<String, super::event::FormValue>,
    /// Messages of the fields that should show one now.
    #[serde(serialize_with = "crate::json::map_as_object")]
    #[cfg_attr(target_arch = "wasm32", tsify(type = "Record<string, string>"))]
    pub errors: LiteMap<String, String>,
    pub submitting: bool,
    pub error: Option<String>,
}

pub fn view(model: &Model) -> View {
    View {
        session: session::view::slice(model),
        registration: session::view::registration(model),
        accounts: wallet::view::slice(model),
        payment: payments::pay::view::payment(model),
        history: payments::pay::view::history(model),
        limits: limits::view::slice(model),
        notifications: notifications::view::slice(model),
        profile: profile::view::slice(model),
        phone: phone::view::slice(model),
        social: social::view::slice(model),
        verify: verify::view::slice(model),
        documents: documents::view::slice(model),
        forms: forms_slice(model),
        nav: shell::view::slice(model),
        toasts: toasts::view::slice(model),
        options: settings::view::slice(model),
        sport: sport::view::slice(model),
        miniapp: miniapp::view::slice(model),
        games_lobby: games::view::lobby(model),
        games_list: games::view::list(model),
        games_search: games::view::search(model),
        games_play: games::view::play(model),
        games_history: games::view::history(model),
        bonuses: bonuses::view::slice(model),
        bonuses_history: bonuses::view::history(model),
        content_page: pages::view::slice(model),
        referral: referral::view::slice(model),
        consent: consent::view::slice(model),
        protection: protection::view::slice(model),
        groups: groups_slice(model),
        texts: (*model.shared.texts).clone(),
    }
}

/// The slices that read a dirty part.
pub fn changed<S: SliceSink>(model: &Model, dirty: Dirty, out: &mut S) {
    super::registry::Features::slices(model, dirty, out);
    let lazy: Vec<Part> = GroupId::ALL
        .iter()
        .flat_map(|g| g.parts().iter().copied())
        .collect();
    if dirty.touches(&lazy, false) {
        out.put("groups", &groups_slice(model));
    }
    // Forms belong to several features, which say when they change one; the messages are
    // texts.
    if dirty.touches_forms() || dirty.touches(&[Part::Content], false) {
        out.put("forms", &crate::json::Object(&forms_slice(model)));
    }
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct GroupsView {
    pub sport: LoadState,
    pub bonuses: LoadState,
    pub limits: LoadState,
    pub protection: LoadState,
    pub account: LoadState,
    pub payments: LoadState,
}

fn groups_slice(model: &Model) -> GroupsView {
    GroupsView {
        sport: model.groups.state(GroupId::sport),
        bonuses: model.groups.state(GroupId::bonuses),
        limits: model.groups.state(GroupId::limits),
        protection: model.groups.state(GroupId::protection),
        account: model.groups.state(GroupId::account),
        payments: model.groups.state(GroupId::payments),
    }
}

fn forms_slice(model: &Model) -> LiteMap<FormId, FormView> {
    let empty = forms::FormState::default();
    let mut out = LiteMap::new();
    for &id in FormId::ALL.iter() {
        let state = model.f.form_state(id).unwrap_or(&empty);
        out.insert(id, form(model, id, state));
    }
    out
}

fn form(model: &Model, id: FormId, state: &forms::FormState) -> FormView {
    let rules = model.form_rules(id);
    let mut errors = LiteMap::new();
    for (f, msg) in forms::errors(&rules, state, &|k| model.shared.text_of(k).cloned()) {
        if state.touched.contains_key(f.as_str()) || state.server_errors.contains_key(f.as_str()) {
            errors.insert(f, msg);
        }
    }
    let mut values = LiteMap::new();
    for (k, v) in state.values.iter() {
        let value = match v {
            Value::Text(s) => super::event::FormValue::Text(s.clone()),
            Value::Bool(b) => super::event::FormValue::Bool(*b),
            Value::Empty => super::event::FormValue::Text(String::new()),
            _ => continue,
        };
        values.insert(k.clone(), value);
    }
    FormView {
        values,
        errors,
        submitting: state.submitting,
        error: state.error.clone(),
    }
}

/// Collects the names of the slices `changed` sends (native tests of the incremental view).
#[derive(Debug, Default)]
pub struct SliceNames(pub Vec<&'static str>);

impl SliceSink for SliceNames {
    fn put<T: Serialize>(&mut self, name: &'static str, _value: &T) {
        self.0.push(name);
    }
}
