//! Wallet accounts (SPEC §3 Wallet account, §7 Wallet): load, add, switch, hide, the live
//! balance on `wallet:accounts#{id}`, and how balances show on this device (the equivalent
//! fiat, crypto units). Every page's header needs them, so this feature is in the main
//! module; payments and the history page are the lazily loaded `payments` feature, which
//! reads the accounts from the parent (`Shared::accounts`, told by `Msg::Accounts`).

pub mod view;

use crate::app::calls::{self, Answer, Auth, Endpoint, ResponseError, Route};
use crate::app::effect::{LogLevel, Method};
use crate::app::feature::{Cx, Feature, Hook, Msg, SessionChange};
use crate::app::forms::{self, FormState};
use crate::app::registry::{FormId, Req};
use crate::app::stored::{Kept, Stored};
use crate::app::wire::Account;
use crate::domain::alert::Alert;
use crate::domain::payment_form::{self as units, EQUIVALENT_KEY};
use crate::domain::realtime::push::Push;
use crate::domain::validation::Rule;
use crate::json::Json;
use serde::Serialize;
use std::rc::Rc;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Wallet {
    pub accounts: Vec<Account>,
    pub loading: bool,
    /// An account push arrived while the list was loading: load it again after.
    stale: bool,
    /// Account operations in flight, to disable their buttons.
    pub busy: Vec<i64>,
    pub new_account: FormState,
    /// The equivalent fiat for crypto balances (localStorage), SPEC §9.
    pub equivalent: Option<String>,
}

#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum WalletUi {
    SwitchAccount {
        id: i64,
    },
    HideAccount {
        id: i64,
    },
    /// The equivalent fiat for crypto balances; `null` hides it.
    SetEquivalent {
        currency: Option<String>,
    },
    /// Crypto amounts in sub-units (mBTC) or units (BTC), on this device (SPEC §1).
    SetCryptoUnits {
        #[serde(rename = "subUnits")]
        sub_units: bool,
    },
}

/// A new account in `currency`.
#[derive(Serialize)]
pub struct CreateBody<'a> {
    pub currency: &'a str,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Call {
    Accounts,
    Create,
    Switch(i64),
    Hide(i64),
}

impl Endpoint for Call {
    fn endpoint(&self) -> Route {
        let path = "/api/wallet/accounts";
        match self {
            Call::Accounts => Route::get(path, Auth::Player),
            Call::Create => Route::write(Method::Post, path, Auth::Player),
            Call::Switch(id) => Route::item(Method::Put, path, id, "/switch", Auth::Player),
            Call::Hide(id) => Route::item(Method::Put, path, id, "/hide", Auth::Player),
        }
        // SPEC §7: wallet account calls send source and platform.
        .source()
    }
}

impl Feature for Wallet {
    type Ui = WalletUi;
    type Call = Call;
    type Tick = ();
    const STORED: &'static [Stored] = &[EQUIVALENT, CRYPTO_UNITS];

    fn ui(&mut self, event: WalletUi, cx: &mut Cx) {
        match event {
            WalletUi::SwitchAccount { id } => self.operate(id, Call::Switch(id), cx),
            // The active account cannot be hidden; the view offers no button for it either.
            WalletUi::HideAccount { id } => self.operate(id, Call::Hide(id), cx),
            WalletUi::SetEquivalent { currency } => self.set_equivalent(currency, cx),
            WalletUi::SetCryptoUnits { sub_units } => set_sub_units(sub_units, cx),
        }
    }

    fn hook(&mut self, hook: &Hook, cx: &mut Cx) -> bool {
        match hook {
            Hook::Booted(boot) => {
                self.equivalent = boot.stored.get(EQUIVALENT).map(str::to_string);
                cx.msg(Msg::Equivalent(self.equivalent.clone()));
            }
            Hook::Session(SessionChange::Restoring) => {
                self.load(cx);
            }
            Hook::Session(SessionChange::Started { .. }) => {
                if self.loading || !self.accounts.is_empty() {
                    return true;
                }
                self.load(cx);
            }
            Hook::Session(SessionChange::Ended) => {
                let equivalent = self.equivalent.take();
                *self = Wallet {
                    equivalent,
                    ..Wallet::default()
                };
                self.tell_accounts(cx);
                cx.forms_changed();
            }
            Hook::Push(Push::Account(json)) => match read_account(json) {
                Some(account) => {
                    self.pushed(account, cx);
                    self.tell_accounts(cx);
                    self.tell_active(cx);
                }
                None => {
                    cx.log(
                        LogLevel::Warn,
                        "realtime: account push dropped: not an account",
                    );
                    return false;
                }
            },
            // The accounts are what a missed push would have changed.
            Hook::Refetch => {
                if self.loading {
                    self.stale = true;
                } else {
                    self.load(cx);
                }
            }
            _ => return false,
        }
        true
    }

    fn answered(&mut self, call: Call, answer: Answer, cx: &mut Cx) {
        match call {
            Call::Accounts => {
                self.loading = false;
                match calls::read::<Vec<Account>>(answer) {
                    Ok(list) => {
                        self.accounts = list;
                        self.tell_accounts(cx);
                        self.tell_active(cx);
                    }
                    Err(e) => {
                        cx.log_err(LogLevel::Warn, "accounts", &e);
                        cx.error("alerts.somethingWrong");
                    }
                }
                // Pushes came in meanwhile: the snapshot may be older than them.
                if self.stale && cx.shared.is_player() {
                    self.stale = false;
                    self.load(cx);
                }
            }
            Call::Create => match calls::read::<Account>(answer) {
                Ok(account) => {
                    self.new_account.reset();
                    cx.forms_changed();
                    if !self.accounts.iter().any(|a| a.id == account.id) {
                        self.accounts.push(account);
                    }
                    self.tell_accounts(cx);
                    cx.success("alerts.accountAdded");
                    // The server may have changed other accounts too; stay in step with it.
                    self.load(cx);
                }
                Err(e) => forms::failed(&mut self.new_account, &rules(), e, cx),
            },
            Call::Switch(id) => {
                self.busy.retain(|b| *b != id);
                match calls::read::<Vec<Account>>(answer) {
                    Ok(list) => {
                        self.accounts = list;
                        self.tell_accounts(cx);
                        self.tell_active(cx);
                        cx.success("alerts.accountSwitched");
                    }
                    Err(e) => failed(e, cx),
                }
            }
            Call::Hide(id) => {
                self.busy.retain(|b| *b != id);
                match answer {
                    Ok(_) => {
                        self.accounts.retain(|a| a.id != id);
                        self.tell_accounts(cx);
                        cx.success("alerts.accountHidden");
                    }
                    Err(e) => failed(e, cx),
                }
            }
        }
    }

    fn form_rules(&self, _form: FormId) -> Vec<(String, Vec<Rule>)> {
        rules()
    }

    fn form(&mut self, form: FormId) -> Option<&mut FormState> {
        (form == FormId::NewAccount).then_some(&mut self.new_account)
    }

    fn form_state(&self, form: FormId) -> Option<&FormState> {
        (form == FormId::NewAccount).then_some(&self.new_account)
    }

    fn submit(&mut self, _form: FormId, cx: &mut Cx) {
        let currency = self.new_account.text("currency");
        cx.send(
            Req::Wallet(Call::Create),
            &CreateBody {
                currency: &currency,
            },
        );
    }
}

fn rules() -> Vec<(String, Vec<Rule>)> {
    vec![("currency".into(), vec![Rule::Required])]
}

impl Wallet {
    pub fn active(&self) -> Option<&Account> {
        self.accounts.iter().find(|a| a.is_active())
    }

    /// The parent shares the accounts (payments pays into and out of them).
    fn tell_accounts(&self, cx: &mut Cx) {
        if *cx.shared.accounts != self.accounts {
            cx.msg(Msg::Accounts(Rc::new(self.accounts.clone())));
        }
    }

    /// The equivalent fiat for crypto balances, stored on this device (SPEC §9).
    fn set_equivalent(&mut self, code: Option<String>, cx: &mut Cx) {
        let code = code.filter(|c| !c.trim().is_empty());
        cx.effect(crate::app::effect::Effect::StoreLocal {
            key: EQUIVALENT_KEY.to_string(),
            value: code.clone(),
        });
        cx.msg(Msg::Equivalent(code.clone()));
        self.equivalent = code;
    }

    /// The parent shares the active currency (bonuses and others reload on a switch).
    fn tell_active(&self, cx: &mut Cx) {
        let code = self.active().map(|a| a.currency.clone());
        if code != cx.shared.active_currency {
            cx.msg(Msg::ActiveCurrency(code));
        }
    }

    fn load(&mut self, cx: &mut Cx) {
        self.loading = true;
        cx.call(Req::Wallet(Call::Accounts), None);
    }

    /// Switch or hide: only a known inactive account, one operation at a time each.
    fn operate(&mut self, id: i64, call: Call, cx: &mut Cx) {
        let known = self.accounts.iter().any(|a| a.id == id && !a.is_active());
        if !known || self.busy.contains(&id) {
            return;
        }
        self.busy.push(id);
        cx.call(Req::Wallet(call), None);
    }

    /// `wallet:accounts`: the pushed account replaces ours, or joins the list in id order.
    fn pushed(&mut self, account: Account, cx: &Cx) {
        if !cx.shared.is_player() {
            return;
        }
        if self.loading {
            self.stale = true;
        }
        match self.accounts.iter_mut().find(|a| a.id == account.id) {
            Some(a) => *a = account,
            None => {
                let at = self.accounts.partition_point(|a| a.id < account.id);
                self.accounts.insert(at, account);
            }
        }
    }
}

/// The equivalent currency chosen on this device (SPEC §9).
pub const EQUIVALENT: Stored = Stored::local(EQUIVALENT_KEY);
/// Crypto amounts in `units` or `subUnits` (SPEC §1; unset shows sub-units).
pub const CRYPTO_UNITS: Stored = Stored::local(units::CRYPTO_UNITS_KEY);

/// Whether crypto amounts show in sub-units, as this device keeps the choice: the parent
/// shares it from boot (`Shared::crypto_sub_units`).
pub fn sub_units_kept(stored: &Kept) -> bool {
    units::sub_units_chosen(stored.get(CRYPTO_UNITS))
}

/// Crypto amounts in sub-units or units, stored on this device (SPEC §1); the parent shares
/// the choice, and payments rewrites a typed amount in the new unit (`Signal::CryptoUnits`).
fn set_sub_units(on: bool, cx: &mut Cx) {
    cx.effect(crate::app::effect::Effect::StoreLocal {
        key: units::CRYPTO_UNITS_KEY.to_string(),
        value: Some(if on { units::SUB_UNITS } else { units::UNITS }.to_string()),
    });
    if on != cx.shared.crypto_sub_units {
        cx.msg(Msg::CryptoSubUnits(on));
    }
}

/// A switch or hide failed: the server's own sentence says more than our generic title.
fn failed(e: ResponseError, cx: &mut Cx) {
    cx.log_err(LogLevel::Warn, "account", &e);
    let mut alert = Alert::error("alerts.somethingWrong");
    if let ResponseError::Status { error, .. } = &e {
        if !error.message.is_empty() {
            alert = alert.with_description(&error.message);
        }
    }
    cx.alert(alert);
}

/// The Account object of docs/API.md, from a push.
fn read_account(v: &Json) -> Option<Account> {
    crate::app::wire::Wire::read(v).ok()
}
