//! The one place features are registered. A line per feature: its variant name, its field,
//! its type and its forms. Everything that routes to features (calls, timers, view intents,
//! forms, hooks, dirty bits) is generated from this list.
//!
//! `eager` rows are in the main module. `lazy` holds groups, each a name and a block of rows:
//! a group's code (every row's in it) is reached only through a [`Group`] the group's loader
//! returns, which on wasm32 is a `#[wasm_split]` point, so the splitter moves it to the
//! group's one chunk (docs/ARCHITECTURE.md "Loading the core by route"). Natively the loader
//! returns the group at once.
//!
//! A lazy row may own forms. Their generic state stays with the parent: the feature's
//! `form`/`form_state` accessors are called by the parent, so what the player types is in the
//! model (and the view) at once, chunk or no chunk. What is the feature's own code goes
//! through the group: the form's rules (`form_rules`) and its `submit`, which waits in the
//! group's queue (after the input typed before it) while the chunk loads.

use super::calls::{Answer, Endpoint, Route};
use super::feature::{Cx, Feature, Group, Hook, SliceSink};

use super::features::{
    bonuses, consent, content, documents, games, limits, miniapp, notifications, pages, payments,
    phone, profile, protection, referral, session, settings, shell, social, sport, third_party,
    toasts, verify, wallet,
};
use super::forms::FormState;
use super::model::{Dirty, Model};
use crate::domain::validation::Rule;

macro_rules! features {
    // A slice is built from its feature's model and the shared state
    // (`fn(&F, &Shared, &Config) -> T`). The shared groups it read are noted as it builds
    // (`feature::Reads`); it is rebuilt when one of them is dirty, or when its feature's part
    // is dirty, or, for one with `own`, when `own(&F)` says so instead of the part (the games
    // slices: the feature marks each of its five slices itself, `Games::touched`).
    (@build $model:ident $field:ident $slice:ident $build:path $([own $own:path])?) => {{
        $model.shared.reads.take();
        let built = $build(&$model.f.$field, &$model.shared, &$model.config);
        $model.slice_reads.$slice.set($model.shared.reads.take());
        built
    }};
    // What `seen` reads is noted with the slice's reads: becoming seen rebuilds it.
    (@build $model:ident $field:ident $slice:ident $build:path [seen $seen:path]) => {{
        $model.shared.reads.take();
        $seen(&$model.shared, &$model.config);
        let built = $build(&$model.f.$field, &$model.shared, &$model.config);
        $model.slice_reads.$slice.set($model.shared.reads.take());
        built
    }};
    (@when $model:ident $dirty:ident $Variant:ident $field:ident $slice:ident) => {
        $dirty.touches(&[Part::$Variant], false) || $dirty.0 & $model.slice_reads.$slice.get() != 0
    };
    // `own` is asked first and always: it clears what it answers. The whole view (`Dirty::ALL`)
    // rebuilds it too.
    (@when $model:ident $dirty:ident $Variant:ident $field:ident $slice:ident [own $own:path]) => {
        $own(&$model.f.$field)
            | ($dirty == Dirty::ALL)
            | ($dirty.0 & $model.slice_reads.$slice.get() != 0)
    };
    // A slice with `seen` is rebuilt as one without, but only while `seen(&Shared, &Config)`
    // says the page shows it (the payments slices: a balance push elsewhere builds nothing).
    (@when $model:ident $dirty:ident $Variant:ident $field:ident $slice:ident [seen $seen:path]) => {
        $seen(&$model.shared, &$model.config)
            && features!(@when $model $dirty $Variant $field $slice)
    };
    (
        eager { $($Variant:ident $field:ident: $ty:ty [$($Form:ident),*] $slices:tt)* }
        lazy { $($group:ident { $($LVariant:ident $lfield:ident: $lty:ty [$($LForm:ident),*] $lslices:tt)* })* }
    ) => {
        features!(@all
            [$($Variant $field: $ty [$($Form),*] $slices;)*]
            [$($group { $($LVariant $lfield: $lty [$($LForm),*] $lslices;)* })*]
            [
                $($Variant $field: $ty [$($Form),*] $slices)*
                $($($LVariant $lfield: $lty [$($LForm),*] $lslices)*)*
            ]
        );
    };
    (@all
        [$($Variant:ident $field:ident: $ty:ty [$($Form:ident),*] {$(
            $(#[$esmeta:meta])*
            $eslice:ident $esname:literal: $esty:ty = $ebuild:path $(, $ekind:ident $ehow:path)?;
        )*};)*]
        [$($group:ident { $($LVariant:ident $lfield:ident: $lty:ty [$($LForm:ident),*] {$(
            $(#[$lsmeta:meta])*
            $lslice:ident $lsname:literal: $lsty:ty = $lbuild:path $(, $lkind:ident $lhow:path)?;
        )*};)* })*]
        [$(
            $AVariant:ident $afield:ident: $aty:ty [$($AForm:ident),*] {$(
                $(#[$smeta:meta])*
                $slice:ident $sname:literal: $sty:ty = $build:path $(, $kind:ident $how:path)?;
            )*}
        )*]
    ) => {
        /// The whole view: what `Core.view()` returns first; later only changed slices are
        /// sent. A field per feature slice (each row's `{…}`, under the name React reads),
        /// then the parent's: the forms, the lazy groups' load states and the texts.
        #[derive(Clone, Debug, PartialEq, serde::Serialize)]
        #[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
        pub struct View {
            $($(
                $(#[$smeta])*
                #[serde(rename = $sname)]
                pub $slice: $sty,
            )*)*
            #[serde(serialize_with = "crate::json::map_as_object")]
            #[cfg_attr(target_arch = "wasm32", tsify(type = "FormsView"))]
            pub forms: litemap::LiteMap<FormId, super::view::FormView>,
            /// Where each lazily loaded group's code is: the page shows a retry while `failed`.
            pub groups: GroupsView,
            /// Localized texts by `group.key`, English built-ins under loaded content.
            #[serde(serialize_with = "crate::json::map_as_object")]
            #[cfg_attr(target_arch = "wasm32", tsify(type = "Record<string, string>"))]
            pub texts: litemap::LiteMap<String, String>,
        }

        /// The whole view of `model`.
        pub fn view(model: &Model) -> View {
            View {
                $($($slice: features!(@build model $afield $slice $build $([$kind $how])?),)*)*
                forms: super::view::forms_slice(model),
                groups: GroupsView::of(model),
                texts: (*model.shared.texts).clone(),
            }
        }

        /// Every eager feature's slice whose feature's part (or `own`) or a shared group it
        /// read is dirty, by its name (a lazy group's are built by its code: `Group::slices`).
        pub fn slices<S: SliceSink>(model: &Model, dirty: Dirty, out: &mut S) {
            $($(
                if features!(@when model dirty $Variant $field $eslice $([$ekind $ehow])?) {
                    out.put($esname, &features!(@build model $field $eslice $ebuild $([$ekind $ehow])?));
                }
            )*)*
        }

        /// The shared groups (`feature::Reads` bits) each slice read when it was last built.
        /// A cache beside the model's value: two models that differ only in it are equal.
        #[derive(Clone, Debug)]
        pub struct SliceReads {
            $($(pub $slice: std::cell::Cell<u64>,)*)*
        }

        /// A slice not built yet read it does not know what: any group rebuilds it.
        impl Default for SliceReads {
            fn default() -> Self {
                SliceReads {
                    $($($slice: std::cell::Cell::new(super::feature::Reads::ALL),)*)*
                }
            }
        }

        impl PartialEq for SliceReads {
            fn eq(&self, _: &SliceReads) -> bool {
                true
            }
        }

        /// Each lazily loaded group's load state (a field per `lazy` block).
        #[derive(Clone, Debug, PartialEq, serde::Serialize)]
        #[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
        pub struct GroupsView {
            $(pub $group: super::groups::LoadState,)*
        }

        impl GroupsView {
            pub fn of(model: &Model) -> GroupsView {
                GroupsView {
                    $($group: model.groups.state(GroupId::$group),)*
                }
            }
        }

        /// Every feature's model.
        #[derive(Clone, Debug, Default, PartialEq)]
        pub struct Features {
            $(pub $afield: $aty,)*
        }

        /// What each feature keeps on the device (`Feature::STORED`; app/stored.rs).
        pub const STORED: &[&[super::stored::Stored]] = &[$(<$aty as Feature>::STORED,)*];

        impl Tick {
            /// Another tab wrote `key` (the storage event): the tick of the feature that
            /// listens to it (`Feature::stored_elsewhere`), if any.
            pub fn stored_elsewhere(key: &str, value: Option<&str>) -> Option<Tick> {
                $(
                    if let Some(t) = <$aty as Feature>::stored_elsewhere(key, value) {
                        return Some(Tick::$AVariant(t));
                    }
                )*
                None
            }
        }

        /// A call of one feature; its answer goes back to that feature.
        #[derive(Clone, Debug, PartialEq)]
        pub enum Req {
            $($AVariant(<$aty as Feature>::Call),)*
        }

        /// A timer (or runtime answer) of one feature.
        #[derive(Clone, Debug, PartialEq)]
        pub enum Tick {
            $($AVariant(<$aty as Feature>::Tick),)*
        }

        /// A view intent of one feature.
        #[derive(Clone, Debug, PartialEq)]
        pub enum FeatureUi {
            $($AVariant(<$aty as Feature>::Ui),)*
        }

        /// Which feature a change touched (a bit each, see `view::Dirty`).
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Part {
            $($AVariant,)*
        }

        /// Forms the view edits, each owned by one feature.
        #[derive(
            Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
        )]
        #[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
        #[serde(rename_all = "camelCase")]
        pub enum FormId {
            $($($AForm,)*)*
        }

        impl FormId {
            pub const ALL: &'static [FormId] = &[$($(FormId::$AForm,)*)*];

            /// The feature that owns the form.
            pub fn part(self) -> Part {
                match self {
                    $($(FormId::$AForm => Part::$AVariant,)*)*
                }
            }
        }

        $(
            impl From<<$aty as Feature>::Ui> for super::event::UiEvent {
                fn from(e: <$aty as Feature>::Ui) -> Self {
                    super::event::UiEvent::Feature(FeatureUi::$AVariant(e))
                }
            }
        )*

        impl Part {
            pub const ALL: &'static [Part] = &[$(Part::$AVariant,)*];
        }

        /// The lazily loaded groups (a block of `lazy` each; one chunk holds its rows' code).
        #[allow(non_camel_case_types)]
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
        pub enum GroupId {
            $($group,)*
        }

        impl GroupId {
            pub const ALL: &'static [GroupId] = &[$(GroupId::$group,)*];

            /// The name the view and `Core.load` use (`groups.sport`).
            pub fn name(self) -> &'static str {
                match self {
                    $(GroupId::$group => stringify!($group),)*
                }
            }

            pub fn from_name(name: &str) -> Option<GroupId> {
                GroupId::ALL.iter().copied().find(|g| g.name() == name)
            }

            /// The features whose models and slices the group's code changes.
            pub fn parts(self) -> &'static [Part] {
                match self {
                    $(GroupId::$group => &[$(Part::$LVariant,)*],)*
                }
            }

            /// The lazy group whose row takes the intent `kind` (`Feature::INTENTS`).
            pub fn of_intent(kind: &str) -> Option<GroupId> {
                $($(
                    if <$lty as Feature>::INTENTS.contains(&kind) {
                        return Some(GroupId::$group);
                    }
                )*)*
                None
            }

            /// The group's code, at once: native builds and tests, nothing to fetch. A wasm32
            /// build with `split` must load through [`GroupId::load`]: a call of this from the
            /// product would pull every group's code into the main module.
            pub fn load_now(self) -> Box<dyn Group> {
                match self {
                    $(GroupId::$group => Box::new(lazy_code::$group::Code),)*
                }
            }

            /// Fetch the group's chunk (the first time, or again after a failure) and give its
            /// code.
            #[cfg(target_arch = "wasm32")]
            pub async fn load(self) -> Result<Box<dyn Group>, super::feature::LoadFailed> {
                match self {
                    $(GroupId::$group => lazy_code::$group::load().await,)*
                }
            }
        }

        impl Part {
            /// The lazy group whose code runs this feature, if any.
            pub fn group(self) -> Option<GroupId> {
                match self {
                    $($(Part::$LVariant => Some(GroupId::$group),)*)*
                    _ => None,
                }
            }
        }

        /// Each lazy group's code: reached only through the loader, so it lands in the chunk.
        mod lazy_code {
            $(
                #[allow(non_snake_case)]
                pub mod $group {
                    use super::super::*;
                    use crate::app::calls::Answer;

                    pub struct Code;

                    // Each item goes to the row it belongs to (update.rs sends a group only its
                    // rows' items: it routes by `Part::group`).
                    impl Group for Code {
                        fn read(
                            &self,
                            kind: &str,
                            event: &crate::json::Json,
                        ) -> Result<FeatureUi, String> {
                            $(
                                if <$lty as Feature>::INTENTS.contains(&kind) {
                                    return crate::app::event::read_as(kind, event)
                                        .map(FeatureUi::$LVariant);
                                }
                            )*
                            Err(format!("unknown event type {kind}"))
                        }
                        fn slices(
                            &self,
                            model: &Model,
                            dirty: Option<Dirty>,
                            out: &mut dyn FnMut(&'static str, serde_json::Result<String>),
                        ) {
                            $($(
                                if dirty.is_none_or(|dirty| {
                                    features!(@when model dirty $LVariant $lfield $lslice $([$lkind $lhow])?)
                                }) {
                                    let built = features!(@build model $lfield $lslice $lbuild $([$lkind $lhow])?);
                                    out($lsname, serde_json::to_string(&built));
                                }
                            )*)*
                        }
                        fn ui(&self, f: &mut Features, event: FeatureUi, cx: &mut Cx) {
                            match event {
                                $(FeatureUi::$LVariant(e) => f.$lfield.ui(e, cx),)*
                                _ => {}
                            }
                        }
                        fn answered(&self, f: &mut Features, call: Req, answer: Answer, cx: &mut Cx) {
                            match call {
                                $(Req::$LVariant(c) => f.$lfield.answered(c, answer, cx),)*
                                _ => {}
                            }
                        }
                        fn tick(&self, f: &mut Features, tick: Tick, cx: &mut Cx) {
                            match tick {
                                $(Tick::$LVariant(t) => f.$lfield.tick(t, cx),)*
                                _ => {}
                            }
                        }
                        fn hook(&self, f: &mut Features, hook: &Hook, cx: &mut Cx) -> Vec<Part> {
                            let mut changed = Vec::new();
                            $(
                                if f.$lfield.hook(hook, cx) {
                                    changed.push(Part::$LVariant);
                                }
                            )*
                            changed
                        }
                        fn form_rules(&self, f: &Features, id: FormId) -> Vec<(String, Vec<Rule>)> {
                            match id.part() {
                                $(Part::$LVariant => f.$lfield.form_rules(id),)*
                                _ => Vec::new(),
                            }
                        }
                        fn submit(&self, f: &mut Features, id: FormId, cx: &mut Cx) {
                            match id.part() {
                                $(Part::$LVariant => f.$lfield.submit(id, cx),)*
                                _ => {}
                            }
                        }
                    }

                    #[cfg(all(target_arch = "wasm32", feature = "split"))]
                    #[wasm_split_helpers::wasm_split($group, fallible)]
                    pub fn load() -> Result<Box<dyn Group>, crate::app::feature::LoadFailed> {
                        Ok(Box::new(Code))
                    }

                    /// Unsplit (wasm tests, benches): the code is in the one module.
                    #[cfg(all(target_arch = "wasm32", not(feature = "split")))]
                    pub async fn load() -> Result<Box<dyn Group>, crate::app::feature::LoadFailed> {
                        Ok(Box::new(Code))
                    }
                }
            )*
        }

        /// Every intent the view may send: the parent's and each feature's, `{type: …}`.
        /// tsify writes the enums in serde's form (`"variant"` or `{variant: {…}}`); `Tagged`
        /// maps each to the view's form, which `event.rs` reads back.
        #[cfg(target_arch = "wasm32")]
        #[wasm_bindgen::prelude::wasm_bindgen(typescript_custom_section)]
        const VIEW_EVENT_TS: &str = concat!(
            "export type Tagged<E> = E extends string ? { type: E } : ",
            "{ [K in keyof E & string]: { type: K } & E[K] }[keyof E & string];\n",
            "export type ViewEvent = Tagged<Exclude<AppUi",
            $(" | ", stringify!($AVariant), "Ui",)*
            ", void>>;"
        );

        /// The TypeScript union above names each row's intents `{Variant}Ui`: a feature whose
        /// intent type is named otherwise would be an unknown name there, which tsc (with
        /// `skipLibCheck`) reads as `any`, and no event React sends would be checked.
        #[cfg(test)]
        #[test]
        fn each_feature_intent_type_is_named_after_its_row() {
            $(
                let name = std::any::type_name::<<$aty as Feature>::Ui>();
                assert!(
                    name.ends_with(concat!("::", stringify!($AVariant), "Ui")),
                    "{name} must be named {}Ui",
                    stringify!($AVariant)
                );
            )*
        }

        /// A lazy row's `INTENTS` are exactly its derived reader's variant names (serde lists
        /// them when it refuses an unknown one), and no eager feature or the parent takes
        /// one of them (it would never reach the group); an eager row lists none.
        #[cfg(test)]
        #[test]
        fn each_lazy_row_lists_exactly_its_intents() {
            $(
                assert!(
                    <$ty as Feature>::INTENTS.is_empty(),
                    "{} is eager: the main module reads its intents",
                    stringify!($Variant)
                );
            )*
            $($(
                let mut listed: Vec<String> =
                    <$lty as Feature>::INTENTS.iter().map(|k| k.to_string()).collect();
                listed.sort_unstable();
                let mut derived = super::event::intent_names::<<$lty as Feature>::Ui>();
                derived.sort_unstable();
                assert_eq!(listed, derived, "{}'s INTENTS", stringify!($LVariant));
                for kind in <$lty as Feature>::INTENTS {
                    assert!(!super::event::owns::<super::event::AppUi>(kind), "{kind} is the parent's");
                    let tag_only = serde_json::json!({ "type": kind });
                    assert!(FeatureUi::read(kind, &tag_only).is_none(), "{kind} is an eager feature's too");
                    assert_eq!(GroupId::of_intent(kind), Some(GroupId::$group), "{kind}");
                }
            )*)*
        }

        impl Req {
            pub fn endpoint(&self) -> Route {
                match self {
                    $(Req::$AVariant(c) => c.endpoint(),)*
                }
            }

            pub fn part(&self) -> Part {
                match self {
                    $(Req::$AVariant(_) => Part::$AVariant,)*
                }
            }
        }

        impl Tick {
            pub fn part(&self) -> Part {
                match self {
                    $(Tick::$AVariant(_) => Part::$AVariant,)*
                }
            }
        }

        impl FeatureUi {
            pub fn part(&self) -> Part {
                match self {
                    $(FeatureUi::$AVariant(_) => Part::$AVariant,)*
                }
            }

            /// `{type, ...}` read by the eager feature whose intents include `kind` (the
            /// error names the field at fault); `None` when no eager feature takes it (a lazy
            /// group's intent is read in its chunk: `Group::read`).
            pub fn read(
                kind: &str,
                event: &crate::json::Json,
            ) -> Option<Result<FeatureUi, String>> {
                $(
                    if super::event::owns::<<$ty as Feature>::Ui>(kind) {
                        return Some(super::event::read_as(kind, event).map(FeatureUi::$Variant));
                    }
                )*
                None
            }
        }

        // The eager features' code; a lazy group's intents, answers and ticks go through its
        // `Group` (update.rs routes them by `Part::group` first, so the lazy arms are never
        // taken).
        impl Features {
            pub fn ui(&mut self, event: FeatureUi, cx: &mut Cx) {
                match event {
                    $(FeatureUi::$Variant(e) => self.$field.ui(e, cx),)*
                    $($(FeatureUi::$LVariant(_) => {})*)*
                }
            }

            pub fn answered(&mut self, req: Req, answer: Answer, cx: &mut Cx) {
                match req {
                    $(Req::$Variant(c) => self.$field.answered(c, answer, cx),)*
                    $($(Req::$LVariant(_) => {})*)*
                }
            }

            pub fn tick(&mut self, tick: Tick, cx: &mut Cx) {
                match tick {
                    $(Tick::$Variant(t) => self.$field.tick(t, cx),)*
                    $($(Tick::$LVariant(_) => {})*)*
                }
            }

            /// Tell every eager feature; returns the parts that say they changed.
            pub fn hook(&mut self, hook: &Hook, cx: &mut Cx) -> Vec<Part> {
                let mut changed = Vec::new();
                $(
                    if self.$field.hook(hook, cx) {
                        changed.push(Part::$Variant);
                    }
                )*
                changed
            }

            /// A form's state, a lazy row's too: the parent keeps it, so input applies while
            /// the group's chunk loads.
            pub fn form(&mut self, id: FormId) -> Option<&mut FormState> {
                match id.part() {
                    $(Part::$AVariant => self.$afield.form(id),)*
                }
            }

            pub fn form_state(&self, id: FormId) -> Option<&FormState> {
                match id.part() {
                    $(Part::$AVariant => self.$afield.form_state(id),)*
                }
            }

            /// An eager feature's form rules (a lazy row's come through its group:
            /// `Model::form_rules`).
            pub fn form_rules(&self, id: FormId) -> Vec<(String, Vec<Rule>)> {
                match id.part() {
                    $(Part::$Variant => self.$field.form_rules(id),)*
                    $($(Part::$LVariant => Vec::new(),)*)*
                }
            }

            pub fn submit(&mut self, id: FormId, cx: &mut Cx) {
                match id.part() {
                    $(Part::$Variant => self.$field.submit(id, cx),)*
                    $($(Part::$LVariant => {})*)*
                }
            }
        }
    };
}

features! {
    eager {
        Settings settings: settings::Settings [] {
            options "options": settings::view::OptionsView = settings::view::slice;
        }
        Content content: content::Content [] {}
        Shell shell: shell::Shell [] {
            nav "nav": shell::view::NavView = shell::view::slice;
        }
        Toasts toasts: toasts::Toasts [] {
            toasts "toasts": Vec<toasts::view::ToastView> = toasts::view::slice;
        }
        Session session: session::Session [SignUp, SignIn, ForgotPass, ResetPass] {
            session "session": session::view::SessionView = session::view::slice;
            /// What the sign-up forms add for the registration scenario (SPEC §5).
            registration "registration": session::view::RegistrationView = session::view::registration;
        }
        Wallet wallet: wallet::Wallet [NewAccount] {
            accounts "accounts": wallet::view::AccountsView = wallet::view::slice;
        }
        Miniapp miniapp: miniapp::Miniapp [] {
            miniapp "miniapp": miniapp::view::MiniappView = miniapp::view::slice;
        }
        Games games: games::Games [] {
            games_lobby "gamesLobby": games::view::GamesLobbyView = games::view::lobby, own games::view::lobby_touched;
            games_list "gamesList": games::view::GamesListView = games::view::list, own games::view::list_touched;
            games_search "gamesSearch": games::view::GamesSearchView = games::view::search, own games::view::search_touched;
            games_play "gamesPlay": games::view::GamesPlayView = games::view::play, own games::view::play_touched;
            games_history "gamesHistory": games::view::GamesHistoryView = games::view::history, own games::view::history_touched;
        }
        Notifications notifications: notifications::Notifications [Contact] {
            notifications "notifications": notifications::view::NotificationsView = notifications::view::slice;
        }
        Referral referral: referral::Referral [AffiliateApply] {
            referral "referral": referral::view::ReferralView = referral::view::slice;
        }
        Privacy privacy: consent::Privacy [] {
            consent "consent": consent::view::ConsentView = consent::view::slice;
        }
        ThirdParty third_party: third_party::ThirdParty [] {}
    }
    lazy {
        sport {
            Sport sport: sport::Sport [] {
                sport "sport": sport::view::SportView = sport::view::slice;
            }
        }
        bonuses {
            Bonuses bonuses: bonuses::Bonuses [] {
                bonuses "bonuses": bonuses::view::BonusesView = bonuses::view::slice;
                bonuses_history "bonusesHistory": bonuses::view::BonusHistoryView = bonuses::view::history;
            }
        }
        limits {
            Limits limits: limits::Limits [LimitAdd, LimitEdit] {
                limits "limits": limits::view::LimitsView = limits::view::slice;
            }
        }
        protection {
            Protection protection: protection::Protection [] {
                /// The play session's figures and the reality check (issue 30).
                protection "protection": protection::view::ProtectionView = protection::view::slice;
            }
        }
        // The platform's content pages (static, bonus, questions, support, welcome package,
        // any `/{slug}`) and `/redirect`: their HTML reader and cache (issue 28, session 50).
        pages {
            Pages pages: pages::Pages [] {
                content_page "contentPage": pages::view::ContentPageView = pages::view::slice;
            }
        }
        // The other ways in and the player's linked identities (issue 28, session 51): signing
        // in or up by phone and by a social provider (their round trips and pages), the
        // profile's phone and linked accounts. The providers offered are the session slice's
        // (eager), so the sign-in modal draws its buttons before this code is here.
        identity {
            Phone phone: phone::Phone [PhoneNumber, PhoneCode, PhoneSignUp] {
                phone "phone": phone::view::PhoneView = phone::view::slice;
            }
            Social social: social::Social [] {
                social "social": social::view::SocialView = social::view::slice;
            }
        }
        // The account pages (docs/notes/issue-28.md "Session 43"): the profile's pages and
        // security modals, the e-mail and avatar modals and the mail link's page, the
        // documents. Notifications stay eager: every page's bell runs their code.
        account {
            Profile profile: profile::Profile [ChangePass, ChangeNickname, ProfileSettings, AccountSettings, Personal] {
                profile "profile": profile::view::ProfileView = profile::view::slice;
            }
            Verify verify: verify::Verify [EmailAddress, EmailCode] {
                verify "verify": verify::view::VerifyView = verify::view::slice;
            }
            Documents documents: documents::Documents [] {
                documents "documents": documents::view::DocumentsView = documents::view::slice;
            }
        }
        payments {
            Payments payments: payments::Payments [] {
                payment "payment": payments::pay::view::PaymentView = payments::pay::view::payment, seen payments::pay::view::payment_seen;
                history "history": payments::pay::view::HistoryView = payments::pay::view::history, seen payments::pay::view::history_seen;
            }
        }
    }
}
