//! SPEC §2 modals: identifiers, access, address query and the host state machine.

use croupier_core::domain::modal::{
    all_modal_params, check_access, strip_modal_params, Access, Decision, ModalContext, ModalHost,
    ModalId, ModalPhase, ModalState, OpenRequest, Refusal, WalletAction, MODAL_PARAM,
};
use croupier_core::domain::route::Location;
use proptest::prelude::*;

fn q(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

fn guest() -> ModalContext {
    ModalContext::default()
}

fn player() -> ModalContext {
    ModalContext {
        logged_in: true,
        ..Default::default()
    }
}

const SPEC_IDS: [&str; 49] = [
    "add-limit",
    "affiliate-program",
    "avatars",
    "bonus-cancel-lock",
    "bonus-condition",
    "bonus-details",
    "cancel-deposit",
    "categories",
    "change-nickname",
    "change-pass",
    "code-verify",
    "confirm-bonus",
    "confirm-bonus-unsettled",
    "confirm-delete-limit",
    "confirm-email",
    "confirm-limit-update",
    "confirm-session-logout",
    "confirm",
    "cookie-request",
    "demo-game",
    "demo-unavailable",
    "deposit-error",
    "deposit-status",
    "deposit-success",
    "edit-limit",
    "email",
    "fiat",
    "forgot-pass",
    "game-limit-reached",
    "games-filter",
    "geo-popup",
    "get-code",
    "global-search",
    "mobile-game",
    "package-bonus",
    "phone",
    "quest-rewards",
    "quest-task-games",
    "quest-tasks",
    "quests-hub",
    "referral-transfer",
    "reset-email-send",
    "reset-pass",
    "sign-in",
    "sign-up",
    "tg-news",
    "wallet-bonus-info",
    "wallet-telegram-app",
    "wallet",
];

#[test]
fn identifiers_and_aliases() {
    for s in SPEC_IDS {
        let id = ModalId::parse(s).unwrap_or_else(|| panic!("{s}"));
        assert_eq!(id.as_str(), s);
        assert_eq!(serde_json::to_string(&id).unwrap(), format!("\"{s}\""));
        assert_eq!(
            serde_json::from_str::<ModalId>(&format!("\"{s}\"")).unwrap(),
            id
        );
    }
    assert_eq!(ModalId::ALL.len(), SPEC_IDS.len());
    assert_eq!(ModalId::parse("telegram-news"), Some(ModalId::TgNews));
    assert_eq!(
        serde_json::from_str::<ModalId>("\"telegram-news\"").unwrap(),
        ModalId::TgNews
    );
    assert_eq!(
        ModalId::parse("tg-wallet"),
        Some(ModalId::WalletTelegramApp)
    );
    assert_eq!(ModalId::WalletTelegramApp.query_value(), "tg-wallet");
    assert_eq!(ModalId::TgNews.query_value(), "tg-news");
    assert_eq!(ModalId::parse("Wallet"), None);
    assert_eq!(ModalId::parse(""), None);
}

#[test]
fn access_groups() {
    for id in [
        ModalId::SignIn,
        ModalId::SignUp,
        ModalId::ResetPass,
        ModalId::ForgotPass,
        ModalId::ResetEmailSend,
    ] {
        assert_eq!(id.access(), Access::Guest, "{id:?}");
    }
    for id in [
        ModalId::ChangePass,
        ModalId::ChangeNickname,
        ModalId::Phone,
        ModalId::Email,
        ModalId::DepositError,
        ModalId::DepositSuccess,
        ModalId::ReferralTransfer,
        ModalId::Fiat,
        ModalId::Confirm,
        ModalId::ConfirmEmail,
        ModalId::Wallet,
        ModalId::WalletTelegramApp,
        ModalId::ConfirmSessionLogout,
        ModalId::Avatars,
    ] {
        assert_eq!(id.access(), Access::LoggedIn, "{id:?}");
    }
    assert_eq!(ModalId::GlobalSearch.access(), Access::Anyone);
    assert_eq!(ModalId::TgNews.access(), Access::Anyone);
    let flagged: Vec<_> = ModalId::ALL
        .into_iter()
        .filter(|m| m.in_flagged_group())
        .collect();
    assert_eq!(
        flagged,
        vec![
            ModalId::SignIn,
            ModalId::SignUp,
            ModalId::TgNews,
            ModalId::WalletTelegramApp,
            ModalId::Wallet
        ]
    );
    for id in [
        ModalId::ConfirmEmail,
        ModalId::ResetEmailSend,
        ModalId::ForgotPass,
        ModalId::ResetPass,
    ] {
        assert_eq!(id.required_state(), Some(ModalState::Authorization));
    }
    assert_eq!(
        ModalId::Confirm.required_state(),
        Some(ModalState::ProfileConfirmed)
    );
    assert_eq!(ModalId::SignIn.required_state(), None);

    assert_eq!(check_access(ModalId::SignIn, &guest()), Ok(()));
    assert_eq!(
        check_access(ModalId::SignIn, &player()),
        Err(Refusal::GuestOnly)
    );
    assert_eq!(
        check_access(ModalId::Wallet, &guest()),
        Err(Refusal::LoginRequired)
    );
    assert_eq!(check_access(ModalId::Wallet, &player()), Ok(()));
    assert_eq!(
        check_access(ModalId::ForgotPass, &guest()),
        Err(Refusal::MissingState(ModalState::Authorization))
    );
    let auth = ModalContext {
        states: vec![ModalState::Authorization],
        ..guest()
    };
    assert_eq!(check_access(ModalId::ForgotPass, &auth), Ok(()));
    let p_auth = ModalContext {
        logged_in: true,
        states: vec![ModalState::Authorization],
        telegram: false,
    };
    assert_eq!(check_access(ModalId::ConfirmEmail, &p_auth), Ok(()));
    assert_eq!(
        check_access(ModalId::ConfirmEmail, &auth),
        Err(Refusal::LoginRequired)
    );
    assert_eq!(
        check_access(ModalId::Confirm, &player()),
        Err(Refusal::MissingState(ModalState::ProfileConfirmed))
    );
    let confirmed = ModalContext {
        logged_in: true,
        states: vec![ModalState::ProfileConfirmed],
        telegram: false,
    };
    assert_eq!(check_access(ModalId::Confirm, &confirmed), Ok(()));
    assert_eq!(
        check_access(ModalId::Confirm, &p_auth),
        Err(Refusal::MissingState(ModalState::ProfileConfirmed))
    );
}

#[test]
fn wallet_action_parse() {
    assert_eq!(WalletAction::parse("deposit"), Some(WalletAction::Deposit));
    assert_eq!(
        WalletAction::parse("withdraw"),
        Some(WalletAction::Withdraw)
    );
    for bad in ["", "Deposit", "withdrawal", "x", "deposit "] {
        assert_eq!(WalletAction::parse(bad), None, "{bad:?}");
    }
}

#[test]
fn host_open_close_and_blocking() {
    let mut h = ModalHost::new();
    let base = q(&[("x", "1"), ("modal", "sign-in"), ("bonusId", "9")]);
    let d = h.open(
        &OpenRequest::wallet(Some(WalletAction::Deposit)),
        &base,
        &player(),
    );
    assert_eq!(
        d,
        Decision::Open {
            id: ModalId::Wallet,
            query: q(&[("x", "1"), ("modal", "wallet"), ("wallet", "deposit")])
        }
    );
    assert_eq!(h.phase, ModalPhase::Opening(ModalId::Wallet));
    assert_eq!(h.wallet_action(), Some(WalletAction::Deposit));
    // same modal while opening: blocked, state unchanged
    assert_eq!(
        h.open(&OpenRequest::wallet(None), &base, &player()),
        Decision::Blocked
    );
    assert_eq!(h.wallet_action(), Some(WalletAction::Deposit));
    h.opened();
    assert_eq!(h.phase, ModalPhase::Open(ModalId::Wallet));
    // once open, it may be opened again (new tab)
    let d = h.open(
        &OpenRequest::wallet(Some(WalletAction::Withdraw)),
        &base,
        &player(),
    );
    assert!(matches!(
        d,
        Decision::Open {
            id: ModalId::Wallet,
            ..
        }
    ));
    assert_eq!(h.wallet_action(), Some(WalletAction::Withdraw));
    // another modal while one is opening is allowed and replaces it
    let d = h.open(
        &OpenRequest::new(ModalId::GlobalSearch),
        &q(&[("modal", "wallet"), ("wallet", "withdraw")]),
        &player(),
    );
    assert_eq!(
        d,
        Decision::Open {
            id: ModalId::GlobalSearch,
            query: q(&[("modal", "global-search")])
        }
    );
    assert_eq!(h.wallet_action(), None);
    // invalid wallet value is dropped (undefined)
    let mut h2 = ModalHost::new();
    let d = h2.open(
        &OpenRequest::new(ModalId::Wallet).with("wallet", "steal"),
        &[],
        &player(),
    );
    assert_eq!(
        d,
        Decision::Open {
            id: ModalId::Wallet,
            query: q(&[("modal", "wallet")])
        }
    );
    assert_eq!(h2.wallet_action(), None);
    // extra params of other modals are not accepted
    let d = h2.open(
        &OpenRequest::new(ModalId::SignUp).with("wallet", "deposit"),
        &[],
        &guest(),
    );
    assert_eq!(
        d,
        Decision::Open {
            id: ModalId::SignUp,
            query: q(&[("modal", "sign-up")])
        }
    );
    // close
    let closed = h.close(&q(&[
        ("a", "b"),
        ("modal", "global-search"),
        ("gameId", "3"),
    ]));
    assert_eq!(closed, q(&[("a", "b")]));
    assert_eq!(h.phase, ModalPhase::Closed);
    assert_eq!(h.current(), None);
    h.opened();
    assert_eq!(
        h.phase,
        ModalPhase::Closed,
        "opened() without opening does nothing"
    );
}

#[test]
fn host_refusals_keep_state() {
    let mut h = ModalHost::new();
    assert_eq!(
        h.open(&OpenRequest::new(ModalId::Wallet), &[], &guest()),
        Decision::Refused {
            reason: Refusal::LoginRequired
        }
    );
    assert_eq!(h.phase, ModalPhase::Closed);
    assert_eq!(
        h.open(&OpenRequest::new(ModalId::SignIn), &[], &player()),
        Decision::Refused {
            reason: Refusal::GuestOnly
        }
    );
    assert_eq!(
        h.open(&OpenRequest::new(ModalId::ResetPass), &[], &guest()),
        Decision::Refused {
            reason: Refusal::MissingState(ModalState::Authorization)
        }
    );
}

#[test]
fn telegram_wallet_substitution() {
    let tg = ModalContext {
        logged_in: true,
        telegram: true,
        states: vec![],
    };
    let mut h = ModalHost::new();
    let d = h.open(&OpenRequest::wallet(Some(WalletAction::Withdraw)), &[], &tg);
    assert_eq!(
        d,
        Decision::Open {
            id: ModalId::WalletTelegramApp,
            query: q(&[("modal", "tg-wallet"), ("wallet", "withdraw")])
        }
    );
    // blocked while the substituted modal is opening, whichever name is asked for
    assert_eq!(
        h.open(&OpenRequest::wallet(None), &[], &tg),
        Decision::Blocked
    );
    // outside the messenger, the wallet is the wallet
    let mut h = ModalHost::new();
    assert!(matches!(
        h.open(&OpenRequest::wallet(None), &[], &player()),
        Decision::Open {
            id: ModalId::Wallet,
            ..
        }
    ));
}

#[test]
fn reopen_from_location() {
    let mut h = ModalHost::new();
    let loc = Location::parse_url("/games?modal=wallet&wallet=deposit&sort=new");
    let d = h.from_location(&loc, &player());
    assert_eq!(
        d,
        Some(Decision::Open {
            id: ModalId::Wallet,
            query: q(&[("sort", "new"), ("modal", "wallet"), ("wallet", "deposit")])
        })
    );
    let mut h = ModalHost::new();
    assert_eq!(
        h.from_location(&Location::parse_url("/?modal=nope"), &player()),
        None
    );
    assert_eq!(
        h.from_location(&Location::parse_url("/?x=1"), &player()),
        None
    );
    let d = h.from_location(&Location::parse_url("/?modal=telegram-news"), &guest());
    assert_eq!(
        d,
        Some(Decision::Open {
            id: ModalId::TgNews,
            query: q(&[("modal", "tg-news")])
        })
    );
    let mut h = ModalHost::new();
    let tg = ModalContext {
        logged_in: true,
        telegram: true,
        states: vec![],
    };
    let d = h.from_location(&Location::parse_url("/?modal=wallet&wallet=oops"), &tg);
    assert_eq!(
        d,
        Some(Decision::Open {
            id: ModalId::WalletTelegramApp,
            query: q(&[("modal", "tg-wallet")])
        })
    );
    let mut h = ModalHost::new();
    let d = h.from_location(&Location::parse_url("/?modal=sign-in"), &player());
    assert_eq!(
        d,
        Some(Decision::Refused {
            reason: Refusal::GuestOnly
        })
    );
}

#[test]
fn strip_params() {
    let all = all_modal_params();
    assert!(all.contains(&MODAL_PARAM) && all.contains(&"wallet"));
    let query = q(&[
        ("modal", "a"),
        ("modal", "b"),
        ("wallet", "x"),
        ("page", "2"),
    ]);
    assert_eq!(strip_modal_params(&query), q(&[("page", "2")]));
}

#[derive(Debug, Clone)]
enum Op {
    Open(usize, Option<String>),
    Opened,
    Close,
    Reload,
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        (
            0..ModalId::ALL.len(),
            proptest::option::of("deposit|withdraw|[a-z]{0,4}")
        )
            .prop_map(|(i, v)| Op::Open(i, v)),
        Just(Op::Opened),
        Just(Op::Close),
        Just(Op::Reload),
    ]
}

proptest! {
    #[test]
    fn at_most_one_modal_param(ops in proptest::collection::vec(op(), 0..30), logged_in: bool, telegram: bool, dup: bool) {
        let ctx = ModalContext { logged_in, telegram, states: vec![ModalState::Authorization] };
        let mut host = ModalHost::new();
        let mut query = q(&[("page", "1")]);
        if dup {
            query.extend(q(&[("modal", "wallet"), ("modal", "sign-in"), ("wallet", "deposit")]));
        }
        for o in ops {
            match o {
                Op::Open(i, v) => {
                    let id = ModalId::ALL[i];
                    let mut req = OpenRequest::new(id);
                    if let Some(v) = v {
                        for k in id.extra_params() { req = req.with(k, &v); }
                    }
                    let before = host.phase;
                    match host.open(&req, &query, &ctx) {
                        Decision::Open { id, query: nq } => {
                            prop_assert_eq!(host.phase, ModalPhase::Opening(id));
                            prop_assert!(croupier_core::domain::modal::check_access(id, &ctx).is_ok());
                            query = nq;
                        }
                        Decision::Blocked => prop_assert_eq!(before, host.phase),
                        Decision::Refused { .. } => prop_assert_eq!(before, host.phase),
                    }
                }
                Op::Opened => host.opened(),
                Op::Close => query = host.close(&query),
                Op::Reload => {
                    let loc = Location { path: "/".into(), query: query.clone(), hash: None };
                    let mut fresh = ModalHost::new();
                    if let Some(Decision::Open { query: nq, .. }) = fresh.from_location(&loc, &ctx) {
                        query = nq;
                        host = fresh;
                    }
                }
            }
            let n = query.iter().filter(|(k, _)| k == MODAL_PARAM).count();
            if !(dup && host.phase == ModalPhase::Closed && n > 1) {
                prop_assert!(n <= 1, "{:?}", query);
            }
            prop_assert!(query.iter().any(|(k, v)| k == "page" && v == "1"));
            if host.current().is_some() {
                prop_assert_eq!(n, 1);
            }
        }
    }
}

#[test]
fn sport_page_modals_keep_the_address() {
    use croupier_core::domain::modal::modal_changes_address;
    assert!(!modal_changes_address("sport-slug"));
    assert!(!modal_changes_address("locale-sport-slug"));
    assert!(!modal_changes_address("sport/betting"));
    assert!(modal_changes_address("games"));
    assert!(modal_changes_address("locale-index"));
}
