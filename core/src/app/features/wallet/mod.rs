//! Wallet accounts (SPEC §3 Wallet account, §7 Wallet): load, add, switch, hide, and the
//! live balance on `wallet:accounts#{id}`; payments (`pay`) and the history page (`history`)
//! live here too, since both work on these accounts.

pub mod history;
pub mod pay;
pub mod view;

use crate::app::calls::{self, Answer, Auth, Endpoint, ResponseError, Route};
use crate::app::effect::{LogLevel, Method};
use crate::app::feature::{Cx, Feature, Hook, Msg, SessionChange, SliceSink};
use crate::app::forms::{self, FormState};
use crate::app::model::{Dirty, Model};
use crate::app::registry::{FormId, Req};
use crate::app::wire::Account;
use crate::domain::alert::Alert;
use crate::domain::realtime::push::Push;
use crate::domain::validation::Rule;
use crate::json::Json;
use serde::Serialize;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Wallet {
    pub accounts: Vec<Account>,
    pub loading: bool,
    /// An account push arrived while the list was loading: load it again after.
    stale: bool,
    /// Account operations in flight, to disable their buttons.
    pub busy: Vec<i64>,
    pub new_account: FormState,
    pub pay: pay::Pay,
    pub history: history::History,
}

#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum WalletUi {
    SwitchAccount {
        id: i64,
    },
    HideAccount {
        id: i64,
    },
    /// The wallet modal's account tabs (SPEC §2: `all`, `crypto`).
    WalletTab {
        tab: pay::AccountTab,
    },
    /// The account to pay into or out of.
    PayAccount {
        id: i64,
    },
    PayMethod {
        id: String,
    },
    PayInput {
        field: String,
        value: String,
    },
    PayBlur {
        field: String,
    },
    Pay,
    /// Back to the form after a result.
    PayAgain,
    RetryMethods,
    /// Ask before cancelling the pending QR deposit (the cancel-deposit modal).
    CancelDeposit,
    DeclineInvoice {
        id: u64,
    },
    HistoryFilter {
        filter: history::Filter,
    },
    HistoryPage {
        page: u32,
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
    /// The payment region the methods are asked for (SPEC §9 `paymentGeo`).
    PayCountry {
        country: String,
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
    Pay(pay::Call),
    History(history::Call),
}

impl Endpoint for Call {
    fn endpoint(&self) -> Route {
        let path = "/api/wallet/accounts";
        match self {
            Call::Pay(c) => return c.route(),
            Call::History(c) => return c.route(),
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

    fn slices<S: SliceSink>(model: &Model, dirty: Dirty, out: &mut S) {
        view::slices(model, dirty, out);
    }

    fn ui(&mut self, event: WalletUi, cx: &mut Cx) {
        // The amount in units is the same in either display unit (and the shared flag changes
        // only once the parent has the message).
        let amount_may_change = !matches!(event, WalletUi::SetCryptoUnits { .. });
        match event {
            WalletUi::SwitchAccount { id } => self.operate(id, Call::Switch(id), cx),
            // The active account cannot be hidden; the view offers no button for it either.
            WalletUi::HideAccount { id } => self.operate(id, Call::Hide(id), cx),
            WalletUi::WalletTab { tab } => self.pay.tab = tab,
            WalletUi::PayAccount { id } => self.pay.select_account(id, &self.accounts, cx),
            WalletUi::PayMethod { id } => self.pay.select_method(id),
            WalletUi::PayInput { field, value } => self.pay.input(field, value),
            WalletUi::PayBlur { field } => self.pay.blur(field),
            WalletUi::Pay => self.pay.pay(&self.accounts, cx),
            WalletUi::PayAgain => self.pay.again(),
            WalletUi::RetryMethods => {
                self.pay.forget_methods();
                self.pay.ensure_methods(&self.accounts, cx);
            }
            WalletUi::CancelDeposit => match self.pay.async_id {
                Some(_) => cx.open_modal("cancel-deposit"),
                None => cx.close_modal(),
            },
            WalletUi::DeclineInvoice { id } => self.pay.decline(id, cx),
            WalletUi::HistoryFilter { filter } => self.history.set_filter(filter, cx),
            WalletUi::HistoryPage { page } => self.history.set_page(page, cx),
            WalletUi::SetEquivalent { currency } => self.pay.set_equivalent(currency, cx),
            WalletUi::SetCryptoUnits { sub_units } => {
                self.pay.set_sub_units(sub_units, &self.accounts, cx)
            }
            WalletUi::PayCountry { country } => self.pay.set_country(country, &self.accounts, cx),
        }
        if amount_may_change {
            self.pay.share_amount(&self.accounts, cx);
        }
    }

    fn hook(&mut self, hook: &Hook, cx: &mut Cx) -> bool {
        match hook {
            Hook::Booted(prefs) => {
                self.pay.async_id = prefs.async_invoice_id;
                self.pay.equivalent = prefs.equivalent_currency.clone();
                self.pay.country = prefs.payment_geo.clone();
            }
            Hook::Session(SessionChange::Restoring) => {
                self.load(cx);
                self.pay.resume(cx);
            }
            Hook::Session(SessionChange::Started { .. }) => {
                self.history.address(cx);
                // The accounts may have come before the profile: the open modal's methods
                // wait for the player to be known.
                self.pay.ensure_methods(&self.accounts, cx);
                if self.loading || !self.accounts.is_empty() {
                    return true;
                }
                self.load(cx);
                self.pay.resume(cx);
            }
            Hook::Session(SessionChange::Ended) => {
                let pay = std::mem::take(&mut self.pay);
                *self = Wallet::default();
                self.pay = pay;
                self.pay.clear();
                cx.forms_changed();
            }
            Hook::Navigated { .. } => {
                self.pay.ensure_methods(&self.accounts, cx);
                self.history.address(cx);
            }
            Hook::Push(Push::Invoice { data, .. }) => match pay::wire::WireInvoice::read(data) {
                Some(inv) => {
                    self.history.pushed(&inv);
                    self.pay.settled(inv, cx);
                }
                None => {
                    cx.log(
                        LogLevel::Warn,
                        "realtime: invoice push dropped: not an invoice",
                    );
                    return false;
                }
            },
            Hook::Push(Push::Account(json)) => match read_account(json) {
                Some(account) => {
                    self.pushed(account, cx);
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
                self.pay.resume(cx);
                if self.history.shown {
                    self.history.load(cx);
                }
            }
            _ => return false,
        }
        true
    }

    fn answered(&mut self, call: Call, answer: Answer, cx: &mut Cx) {
        match call {
            Call::Pay(c) => self.pay.answered(c, answer, &self.accounts, cx),
            Call::History(c) => self.history.answered(c, answer, cx),
            Call::Accounts => {
                self.loading = false;
                match calls::read::<Vec<Account>>(answer) {
                    Ok(list) => {
                        self.accounts = list;
                        self.pay.ensure_methods(&self.accounts, cx);
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
