//! The one place features are registered. A line per feature: its variant name, its field,
//! its type and its forms. Everything that routes to features (calls, timers, view intents,
//! forms, hooks, dirty bits) is generated from this list.

use super::calls::{Answer, Endpoint, Route};
use super::feature::{Cx, Feature, Hook, SliceSink};

use super::features::{
    bonuses, consent, content, documents, games, limits, miniapp, notifications, pages, phone,
    profile, referral, session, settings, shell, social, sport, third_party, toasts, verify,
    wallet,
};
use super::forms::FormState;
use super::model::{Dirty, Model};
use crate::domain::validation::Rule;

macro_rules! features {
    ($($Variant:ident $field:ident: $ty:ty [$($Form:ident),*];)*) => {
        /// Every feature's model.
        #[derive(Clone, Debug, Default, PartialEq)]
        pub struct Features {
            $(pub $field: $ty,)*
        }

        /// A call of one feature; its answer goes back to that feature.
        #[derive(Clone, Debug, PartialEq)]
        pub enum Req {
            $($Variant(<$ty as Feature>::Call),)*
        }

        /// A timer (or runtime answer) of one feature.
        #[derive(Clone, Debug, PartialEq)]
        pub enum Tick {
            $($Variant(<$ty as Feature>::Tick),)*
        }

        /// A view intent of one feature.
        #[derive(Clone, Debug, PartialEq)]
        pub enum FeatureUi {
            $($Variant(<$ty as Feature>::Ui),)*
        }

        /// Which feature a change touched (a bit each, see `view::Dirty`).
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Part {
            $($Variant,)*
        }

        /// Forms the view edits, each owned by one feature.
        #[derive(
            Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
        )]
        #[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
        #[serde(rename_all = "camelCase")]
        pub enum FormId {
            $($($Form,)*)*
        }

        impl FormId {
            pub const ALL: &'static [FormId] = &[$($(FormId::$Form,)*)*];

            /// The feature that owns the form.
            pub fn part(self) -> Part {
                match self {
                    $($(FormId::$Form => Part::$Variant,)*)*
                }
            }
        }

        $(
            impl From<<$ty as Feature>::Ui> for super::event::UiEvent {
                fn from(e: <$ty as Feature>::Ui) -> Self {
                    super::event::UiEvent::Feature(FeatureUi::$Variant(e))
                }
            }
        )*

        impl Part {
            pub const ALL: &'static [Part] = &[$(Part::$Variant,)*];
        }

        /// Every intent the view may send: the parent's and each feature's (`{type: …}`).
        #[cfg(target_arch = "wasm32")]
        #[wasm_bindgen::prelude::wasm_bindgen(typescript_custom_section)]
        const VIEW_EVENT_TS: &str = concat!(
            "export type ViewEvent = Exclude<AppUi",
            $(" | ", stringify!($Variant), "Ui",)*
            ", void>;"
        );

        /// The TypeScript union above names each row's intents `{Variant}Ui`: a feature whose
        /// intent type is named otherwise would be an unknown name there, which tsc (with
        /// `skipLibCheck`) reads as `any`, and no event React sends would be checked.
        #[cfg(test)]
        #[test]
        fn each_feature_intent_type_is_named_after_its_row() {
            $(
                let name = std::any::type_name::<<$ty as Feature>::Ui>();
                assert!(
                    name.ends_with(concat!("::", stringify!($Variant), "Ui")),
                    "{name} must be named {}Ui",
                    stringify!($Variant)
                );
            )*
        }

        impl Req {
            pub fn endpoint(&self) -> Route {
                match self {
                    $(Req::$Variant(c) => c.endpoint(),)*
                }
            }

            pub fn part(&self) -> Part {
                match self {
                    $(Req::$Variant(_) => Part::$Variant,)*
                }
            }
        }

        impl Tick {
            pub fn part(&self) -> Part {
                match self {
                    $(Tick::$Variant(_) => Part::$Variant,)*
                }
            }
        }

        impl FeatureUi {
            pub fn part(&self) -> Part {
                match self {
                    $(FeatureUi::$Variant(_) => Part::$Variant,)*
                }
            }

            /// `{type, ...}` read by the feature whose intents include `kind`; the error
            /// names the field at fault, or says no feature knows the type.
            pub fn read(kind: &str, event: &crate::json::Json) -> Result<FeatureUi, String> {
                $(
                    if super::event::owns::<<$ty as Feature>::Ui>(kind) {
                        return super::event::read_as(kind, event).map(FeatureUi::$Variant);
                    }
                )*
                Err(format!("unknown event type {kind}"))
            }
        }

        impl Features {
            pub fn ui(&mut self, event: FeatureUi, cx: &mut Cx) {
                match event {
                    $(FeatureUi::$Variant(e) => self.$field.ui(e, cx),)*
                }
            }

            pub fn answered(&mut self, req: Req, answer: Answer, cx: &mut Cx) {
                match req {
                    $(Req::$Variant(c) => self.$field.answered(c, answer, cx),)*
                }
            }

            pub fn tick(&mut self, tick: Tick, cx: &mut Cx) {
                match tick {
                    $(Tick::$Variant(t) => self.$field.tick(t, cx),)*
                }
            }

            /// Tell every feature; returns the parts that say they changed.
            pub fn hook(&mut self, hook: &Hook, cx: &mut Cx) -> Vec<Part> {
                let mut changed = Vec::new();
                $(
                    if self.$field.hook(hook, cx) {
                        changed.push(Part::$Variant);
                    }
                )*
                changed
            }

            pub fn form(&mut self, id: FormId) -> Option<&mut FormState> {
                match id.part() {
                    $(Part::$Variant => self.$field.form(id),)*
                }
            }

            pub fn form_state(&self, id: FormId) -> Option<&FormState> {
                match id.part() {
                    $(Part::$Variant => self.$field.form_state(id),)*
                }
            }

            pub fn form_rules(&self, id: FormId) -> Vec<(String, Vec<Rule>)> {
                match id.part() {
                    $(Part::$Variant => self.$field.form_rules(id),)*
                }
            }

            /// Every feature's slices that read a dirty part.
            pub fn slices<S: SliceSink>(model: &Model, dirty: Dirty, out: &mut S) {
                $(<$ty as Feature>::slices(model, dirty, out);)*
            }

            pub fn submit(&mut self, id: FormId, cx: &mut Cx) {
                match id.part() {
                    $(Part::$Variant => self.$field.submit(id, cx),)*
                }
            }
        }
    };
}

features! {
    Settings settings: settings::Settings [];
    Content content: content::Content [];
    Shell shell: shell::Shell [];
    Toasts toasts: toasts::Toasts [];
    Session session: session::Session [SignUp, SignIn, ForgotPass, ResetPass];
    Wallet wallet: wallet::Wallet [NewAccount];
    Sport sport: sport::Sport [];
    Miniapp miniapp: miniapp::Miniapp [];
    Games games: games::Games [];
    Bonuses bonuses: bonuses::Bonuses [];
    Limits limits: limits::Limits [LimitAdd, LimitEdit];
    Notifications notifications: notifications::Notifications [Contact];
    Profile profile: profile::Profile [ChangePass, ChangeNickname, ProfileSettings, AccountSettings, Personal];
    Phone phone: phone::Phone [PhoneNumber, PhoneCode, PhoneSignUp];
    Social social: social::Social [];
    Verify verify: verify::Verify [EmailAddress, EmailCode];
    Documents documents: documents::Documents [];
    Pages pages: pages::Pages [];
    Referral referral: referral::Referral [AffiliateApply];
    Privacy privacy: consent::Privacy [];
    ThirdParty third_party: third_party::ThirdParty [];
}
