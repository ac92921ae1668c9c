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
    (
        eager { $($Variant:ident $field:ident: $ty:ty [$($Form:ident),*];)* }
        lazy { $($group:ident { $($LVariant:ident $lfield:ident: $lty:ty [$($LForm:ident),*];)* })* }
    ) => {
        features!(@all
            [$($Variant $field: $ty [$($Form),*];)*]
            [$($group { $($LVariant $lfield: $lty [$($LForm),*];)* })*]
            [
                $($Variant $field: $ty [$($Form),*];)*
                $($($LVariant $lfield: $lty [$($LForm),*];)*)*
            ]
        );
    };
    (@all
        [$($Variant:ident $field:ident: $ty:ty [$($Form:ident),*];)*]
        [$($group:ident { $($LVariant:ident $lfield:ident: $lty:ty [$($LForm:ident),*];)* })*]
        [$($AVariant:ident $afield:ident: $aty:ty [$($AForm:ident),*];)*]
    ) => {
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

            /// The group's code, at once (native builds and tests: nothing to fetch).
            #[cfg(not(target_arch = "wasm32"))]
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

        /// Every intent the view may send: the parent's and each feature's (`{type: …}`).
        #[cfg(target_arch = "wasm32")]
        #[wasm_bindgen::prelude::wasm_bindgen(typescript_custom_section)]
        const VIEW_EVENT_TS: &str = concat!(
            "export type ViewEvent = Exclude<AppUi",
            $(" | ", stringify!($AVariant), "Ui",)*
            ", void>;"
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

            /// `{type, ...}` read by the feature whose intents include `kind`; the error
            /// names the field at fault, or says no feature knows the type.
            pub fn read(kind: &str, event: &crate::json::Json) -> Result<FeatureUi, String> {
                $(
                    if super::event::owns::<<$aty as Feature>::Ui>(kind) {
                        return super::event::read_as(kind, event).map(FeatureUi::$AVariant);
                    }
                )*
                Err(format!("unknown event type {kind}"))
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

            /// Every feature's slices that read a dirty part (a lazy group's too: its slices
            /// read only the model, which the parent keeps).
            pub fn slices<S: SliceSink>(model: &Model, dirty: Dirty, out: &mut S) {
                $(<$aty as Feature>::slices(model, dirty, out);)*
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
        Settings settings: settings::Settings [];
        Content content: content::Content [];
        Shell shell: shell::Shell [];
        Toasts toasts: toasts::Toasts [];
        Session session: session::Session [SignUp, SignIn, ForgotPass, ResetPass];
        Wallet wallet: wallet::Wallet [NewAccount];
        Miniapp miniapp: miniapp::Miniapp [];
        Games games: games::Games [];
        Notifications notifications: notifications::Notifications [Contact];
        Phone phone: phone::Phone [PhoneNumber, PhoneCode, PhoneSignUp];
        Social social: social::Social [];
        Pages pages: pages::Pages [];
        Referral referral: referral::Referral [AffiliateApply];
        Privacy privacy: consent::Privacy [];
        ThirdParty third_party: third_party::ThirdParty [];
    }
    lazy {
        sport {
            Sport sport: sport::Sport [];
        }
        bonuses {
            Bonuses bonuses: bonuses::Bonuses [];
        }
        limits {
            Limits limits: limits::Limits [LimitAdd, LimitEdit];
        }
        protection {
            Protection protection: protection::Protection [];
        }
        // The account pages (docs/notes/issue-28.md "Session 43"): the profile's pages and
        // security modals, the e-mail and avatar modals and the mail link's page, the
        // documents. Phone, social and notifications stay eager: a guest's sign-up by phone
        // and social sign-in, and every page's bell, run their code.
        account {
            Profile profile: profile::Profile [ChangePass, ChangeNickname, ProfileSettings, AccountSettings, Personal];
            Verify verify: verify::Verify [EmailAddress, EmailCode];
            Documents documents: documents::Documents [];
        }
        payments {
            Payments payments: payments::Payments [];
        }
    }
}
