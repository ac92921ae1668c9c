//! Every view intent is one Rust type whose derived writer and reader agree: each variant of
//! the parent's and every feature's intents, written to JSON as the view sends it (`{type,
//! ...}`, TypeScript's `ViewEvent`, from serde's `{variant: {...}}` or `"variant"`), reads back
//! through `UiEvent::read_now` to the same value. The variant names come from serde itself,
//! so a variant added without a sample here fails the test.

use std::collections::BTreeSet;

use croupier_core::app::features::{
    bonuses::{self, BonusesUi},
    consent::PrivacyUi,
    documents::DocumentsUi,
    games::GamesUi,
    limits::LimitsUi,
    miniapp::MiniappUi,
    notifications::NotificationsUi,
    pages::PagesUi,
    payments::{history::Filter, pay::AccountTab, PaymentsUi},
    phone::PhoneUi,
    profile::ProfileUi,
    protection::ProtectionUi,
    referral::ReferralUi,
    session::SessionUi,
    shell::ShellUi,
    social::SocialUi,
    sport::SportUi,
    toasts::ToastsUi,
    verify::VerifyUi,
    wallet::WalletUi,
};
use croupier_core::app::{AppUi, FormId, FormValue, UiEvent};
use croupier_core::domain::sport::{Named, SportPage, SportSelection};
use serde::de::value::{MapAccessDeserializer, MapDeserializer};
use serde::de::DeserializeOwned;
use serde::Serialize;

/// The variant names of an enum, as serde lists them when a variant is unknown.
fn variant_names<T: DeserializeOwned>() -> BTreeSet<String> {
    #[derive(Debug)]
    struct Names(Vec<&'static str>);
    impl std::fmt::Display for Names {
        fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            write!(f, "{:?}", self.0)
        }
    }
    impl std::error::Error for Names {}
    impl serde::de::Error for Names {
        fn custom<M: std::fmt::Display>(_: M) -> Self {
            Names(Vec::new())
        }
        fn unknown_variant(_: &str, expected: &'static [&'static str]) -> Self {
            Names(expected.to_vec())
        }
    }
    // An enum is read from a map's first key (`{variant: fields}`).
    let bogus = MapAccessDeserializer::new(MapDeserializer::<_, Names>::new(std::iter::once((
        "\u{0}", "\u{0}",
    ))));
    match T::deserialize(bogus) {
        Err(Names(names)) => names.into_iter().map(String::from).collect(),
        Ok(_) => panic!("a bogus type was read"),
    }
}

/// Each sample written as the view writes it reads back equal; the samples name every
/// variant of `T`.
fn round_trip<T>(samples: Vec<T>)
where
    T: Serialize + DeserializeOwned + Clone + std::fmt::Debug + Into<UiEvent>,
{
    let mut seen = BTreeSet::new();
    for sample in samples {
        seen.insert(read_back(sample));
    }
    assert_eq!(
        seen,
        variant_names::<T>(),
        "every variant of {}",
        std::any::type_name::<T>()
    );
}

/// `sample` written as the view writes it reads back equal; its type name.
fn read_back<T>(sample: T) -> String
where
    T: Serialize + Clone + std::fmt::Debug + Into<UiEvent>,
{
    let json = as_the_view_writes(serde_json::to_value(&sample).unwrap());
    assert_eq!(UiEvent::read_now(json.clone()), Ok(sample.into()), "{json}");
    json["type"].as_str().unwrap().to_string()
}

/// serde's form of a variant, `"variant"` or `{variant: {fields}}`, as the view writes it:
/// `{type: variant, fields}` (the mapping TypeScript's `Tagged` makes of the same types).
fn as_the_view_writes(json: serde_json::Value) -> serde_json::Value {
    let (kind, fields) = match json {
        serde_json::Value::String(kind) => (kind, serde_json::Map::new()),
        serde_json::Value::Object(outer) => {
            assert_eq!(outer.len(), 1, "one variant: {outer:?}");
            let (kind, fields) = outer.into_iter().next().unwrap();
            match fields {
                serde_json::Value::Object(fields) => (kind, fields),
                other => panic!("a variant's fields are an object: {other}"),
            }
        }
        other => panic!("an intent is a variant: {other}"),
    };
    let mut event = serde_json::Map::new();
    event.insert("type".into(), kind.into());
    event.extend(fields);
    event.into()
}

fn s(text: &str) -> String {
    text.to_string()
}

#[test]
fn the_parents_intents_round_trip() {
    round_trip(vec![
        AppUi::Start,
        AppUi::Navigate {
            path: s("/casino?x=1"),
        },
        AppUi::OpenModal {
            id: s("wallet"),
            params: vec![(s("tab"), s("deposit"))],
        },
        AppUi::OpenModal {
            id: s("sign-in"),
            params: vec![],
        },
        AppUi::ModalOpened,
        AppUi::CloseModal,
        AppUi::SetLocale { code: s("pt-br") },
        AppUi::FormInput {
            form: FormId::SignUp,
            field: s("agreements"),
            value: FormValue::Bool(true),
        },
        AppUi::FormInput {
            form: FormId::AffiliateApply,
            field: s("email"),
            value: FormValue::Text(s("a@b.c")),
        },
        AppUi::FormBlur {
            form: FormId::ChangePass,
            field: s("password"),
        },
        AppUi::FormSubmit {
            form: FormId::NewAccount,
        },
    ]);
}

#[test]
fn every_form_id_round_trips() {
    for form in FormId::ALL {
        read_back(AppUi::FormSubmit { form: *form });
    }
}

#[test]
fn the_features_intents_round_trip() {
    round_trip(vec![
        ShellUi::ToggleDrawer,
        ShellUi::CloseDrawer,
        ShellUi::SetDrawerCompact { compact: true },
        ShellUi::PageReady,
    ]);
    round_trip(vec![ToastsUi::DismissToast { id: 3 }]);
    round_trip(vec![
        ProtectionUi::RealityCheckInterval { minutes: 15 },
        ProtectionUi::RealityCheckDone,
        ProtectionUi::SessionLength { minutes: 120 },
        ProtectionUi::DailyReminder {
            time: "21:30".into(),
        },
        ProtectionUi::SessionContinue,
        ProtectionUi::SessionStop,
        ProtectionUi::ReminderDone,
    ]);
    round_trip(vec![SessionUi::SignOut]);
    round_trip(vec![
        WalletUi::SwitchAccount { id: 42 },
        WalletUi::HideAccount { id: -1 },
        WalletUi::SetEquivalent {
            currency: Some(s("EUR")),
        },
        WalletUi::SetEquivalent { currency: None },
        WalletUi::SetCryptoUnits { sub_units: false },
        WalletUi::SetCryptoUnits { sub_units: true },
    ]);
    round_trip(vec![
        PaymentsUi::WalletTab {
            tab: AccountTab::Crypto,
        },
        PaymentsUi::PayAccount { id: 7 },
        PaymentsUi::PayMethod { id: s("card") },
        PaymentsUi::PayInput {
            field: s("amount"),
            value: s("10.5"),
        },
        PaymentsUi::PayBlur { field: s("amount") },
        PaymentsUi::Pay,
        PaymentsUi::PayAgain,
        PaymentsUi::RetryMethods,
        PaymentsUi::CancelDeposit,
        PaymentsUi::DeclineInvoice { id: 9 },
        PaymentsUi::HistoryFilter {
            filter: Filter {
                kind: s("deposit"),
                statuses: vec![1, 3],
                date_from: s("2024-01-01"),
                date_to: String::new(),
            },
        },
        PaymentsUi::HistoryPage { page: 2 },
        PaymentsUi::PayCountry { country: s("BR") },
    ]);
    round_trip(vec![
        SportUi::SportWidgetReady,
        SportUi::SportScriptFailed { reason: s("404") },
        SportUi::SportRetry,
        SportUi::SportNavigated {
            route: SportSelection {
                page: SportPage::BetHistory,
                sport_id: Some(66),
                categories: vec![Named {
                    id: 1001,
                    name: s("England"),
                }],
                championships: vec![],
                event: Some(Named {
                    id: 9001,
                    name: s("A - B"),
                }),
            },
        },
        SportUi::SportSignIn,
        SportUi::SportTokenExpired,
        SportUi::SportEnv {
            mobile: true,
            theme: s("light"),
        },
        SportUi::SportVisible,
        SportUi::SportCarouselsWanted,
        SportUi::SportRemoveFailed { reason: s("gone") },
    ]);
    round_trip(vec![MiniappUi::MiniappRetry]);
    round_trip(vec![
        GamesUi::GamesPainted,
        GamesUi::GamesWindow {
            from: 20,
            count: 40,
        },
        GamesUi::GamesSearch { query: s("book") },
        GamesUi::GamesSearchUsed,
        GamesUi::GamesClearRecent,
        GamesUi::GamesFavorite {
            identity: s("p/g"),
            on: false,
        },
        GamesUi::GamesFilter {
            providers: vec![s("p1"), s("p2")],
            features: vec![3, 4],
            sort: s("new"),
        },
        GamesUi::GamesPlay { demo: true },
        GamesUi::GamesRetry,
        GamesUi::GamesListRetry,
        GamesUi::GamesDevice { mobile: false },
    ]);
    round_trip(vec![
        BonusesUi::BonusAsk {
            kind: bonuses::wire::Kind::Freespin,
            id: 5,
            action: bonuses::Action::Cancel,
        },
        BonusesUi::BonusAsk {
            kind: bonuses::wire::Kind::Bonus,
            id: 6,
            action: bonuses::Action::Activate,
        },
        BonusesUi::BonusConfirm,
        BonusesUi::BonusCodeInput {
            value: s("WELCOME"),
        },
        BonusesUi::BonusCodeSubmit,
        BonusesUi::BonusCodeDelete { id: 8 },
        BonusesUi::ChooseDepositBonus { id: Some(2) },
        BonusesUi::ChooseDepositBonus { id: None },
        BonusesUi::RefreshBonuses,
        BonusesUi::QuestActivate { id: 1 },
        BonusesUi::QuestCancel { id: 2 },
        BonusesUi::LevelUpSeen,
        BonusesUi::BonusHistoryFilter {
            status: "finished".into(),
            kind: "freespin".into(),
            currency: "USD".into(),
        },
    ]);
    round_trip(vec![
        LimitsUi::LimitAdd {
            definition: 3,
            period: Some(s("day")),
            currency: Some(s("USD")),
        },
        LimitsUi::LimitAdd {
            definition: 1,
            period: None,
            currency: None,
        },
        LimitsUi::LimitEdit { id: 4 },
        LimitsUi::LimitRemove { id: 4 },
        LimitsUi::LimitRemoveConfirm,
        LimitsUi::LimitUpdateConfirm,
        LimitsUi::LimitUpdateBack,
        LimitsUi::LimitsAdvanced {
            definition: 2,
            on: true,
        },
        LimitsUi::LimitsRetry,
        LimitsUi::LimitLaterCancel { id: 4 },
    ]);
    round_trip(vec![
        NotificationsUi::InboxShow {
            pushes: true,
            page: 2,
        },
        NotificationsUi::InboxHide,
        NotificationsUi::NotificationsRead { ids: vec![1, 2] },
        NotificationsUi::NotificationsReadAll,
        NotificationsUi::NotificationsDelete { ids: vec![3] },
        NotificationsUi::PushesRead { ids: vec![] },
        NotificationsUi::PushesReadAll,
        NotificationsUi::ContactAgain,
    ]);
    round_trip(vec![
        ProfileUi::SessionsPage { page: 3 },
        ProfileUi::SessionClose { id: 11 },
        ProfileUi::SessionsCloseOthers,
        ProfileUi::SessionCloseConfirm,
    ]);
    round_trip(vec![
        PhoneUi::PhoneResend,
        PhoneUi::PhoneChangeNumber,
        PhoneUi::PhoneOwnerCode,
    ]);
    round_trip(vec![
        SocialUi::SocialStart {
            connection: s("google"),
        },
        SocialUi::SocialUnlink {
            connection: s("facebook"),
        },
    ]);
    round_trip(vec![
        VerifyUi::EmailResend,
        VerifyUi::OwnerCode,
        VerifyUi::AvatarChoose { id: s("a3") },
        VerifyUi::VerifyRetry,
    ]);
    round_trip(vec![
        DocumentsUi::DocumentFile {
            name: s("id.png"),
            size: 123_456,
        },
        DocumentsUi::DocumentUpload {
            kind: s("passport"),
        },
        DocumentsUi::DocumentDelete { id: 12 },
        DocumentsUi::IdentityVerify,
    ]);
    round_trip(vec![PagesUi::ContentRetry]);
    round_trip(vec![
        ReferralUi::ReferralTransfer,
        ReferralUi::ReferralRetry,
    ]);
    round_trip(vec![PrivacyUi::ConsentSave {
        analytics: true,
        marketing: false,
    }]);
}
