//! Payments (SPEC §4 Invoice and Deposit flow, §7 Payments, §2 history tabs): the wallet
//! modal's deposits and withdrawals (`pay`), the invoices' pushes, and the history page's
//! transactions (`history`). A lazily loaded group of its own (issue 28): the accounts it pays
//! into or out of are the wallet feature's, read from the parent's `Shared::accounts`; what it
//! changes there (the deposit amount, a limit reached) goes through the parent's messages.

pub mod history;
pub mod pay;

use crate::app::calls::{Answer, Endpoint, Route};
use crate::app::effect::LogLevel;
use crate::app::feature::{Cx, Feature, Hook, SessionChange, Signal};
use crate::app::stored::{Kept, Stored};
use crate::domain::realtime::push::Push;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Payments {
    pub pay: pay::Pay,
    pub history: history::History,
    /// The pending invoice was looked up for this session (once per session start).
    resumed: bool,
}

#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum PaymentsUi {
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
    /// The payment region the methods are asked for (SPEC §9 `paymentGeo`).
    PayCountry {
        country: String,
    },
}

#[derive(Clone, Debug, PartialEq)]
pub enum Call {
    Pay(pay::Call),
    History(history::Call),
}

impl Endpoint for Call {
    fn endpoint(&self) -> Route {
        match self {
            Call::Pay(c) => c.route(),
            Call::History(c) => c.route(),
        }
    }
}

/// A QR deposit still pending in this tab (SPEC §9 `asyncInvoiceId`): looked up at the
/// session's start.
pub const ASYNC_INVOICE: Stored = Stored::session(crate::domain::invoice::ASYNC_INVOICE_KEY);
/// The payment region chosen on this device (`paymentGeo`).
pub const PAYMENT_GEO: Stored = Stored::local(crate::domain::payment::PAYMENT_GEO_KEY);

/// The pending QR deposit's invoice id this tab keeps, when it reads as one.
pub fn async_invoice(stored: &Kept) -> Option<u64> {
    stored.get(ASYNC_INVOICE)?.trim().parse().ok()
}

impl Feature for Payments {
    type Ui = PaymentsUi;
    type Call = Call;
    type Tick = ();
    // Read in the group's chunk (`Group::read`); the lib test checks the list.
    const INTENTS: &'static [&'static str] = &[
        "cancelDeposit",
        "declineInvoice",
        "historyFilter",
        "historyPage",
        "pay",
        "payAccount",
        "payAgain",
        "payBlur",
        "payCountry",
        "payInput",
        "payMethod",
        "retryMethods",
        "walletTab",
    ];
    const STORED: &'static [Stored] = &[ASYNC_INVOICE, PAYMENT_GEO];

    fn ui(&mut self, event: PaymentsUi, cx: &mut Cx) {
        // The wallet's accounts, as the parent has them.
        let accounts = cx.shared.accounts.clone();
        match event {
            PaymentsUi::WalletTab { tab } => self.pay.tab = tab,
            PaymentsUi::PayAccount { id } => self.pay.select_account(id, &accounts, cx),
            PaymentsUi::PayMethod { id } => self.pay.select_method(id),
            PaymentsUi::PayInput { field, value } => self.pay.input(field, value),
            PaymentsUi::PayBlur { field } => self.pay.blur(field),
            PaymentsUi::Pay => self.pay.pay(&accounts, cx),
            PaymentsUi::PayAgain => self.pay.again(),
            PaymentsUi::RetryMethods => {
                self.pay.forget_methods();
                self.pay.ensure_methods(&accounts, cx);
            }
            PaymentsUi::CancelDeposit => match self.pay.async_id {
                Some(_) => cx.open_modal("cancel-deposit"),
                None => cx.close_modal(),
            },
            PaymentsUi::DeclineInvoice { id } => self.pay.decline(id, cx),
            PaymentsUi::HistoryFilter { filter } => self.history.set_filter(filter, cx),
            PaymentsUi::HistoryPage { page } => self.history.set_page(page, cx),
            PaymentsUi::PayCountry { country } => self.pay.set_country(country, &accounts, cx),
        }
        self.pay.share_amount(&accounts, cx);
    }

    fn hook(&mut self, hook: &Hook, cx: &mut Cx) -> bool {
        let accounts = cx.shared.accounts.clone();
        match hook {
            Hook::Booted(boot) => {
                self.pay.async_id = async_invoice(&boot.stored);
                self.pay.country = boot.stored.get(PAYMENT_GEO).map(str::to_string);
            }
            Hook::Session(SessionChange::Restoring) => {
                self.resumed = true;
                self.pay.resume(cx);
            }
            Hook::Session(SessionChange::Started { .. }) => {
                self.history.address(cx);
                // The accounts may have come before the profile: the open modal's methods
                // wait for the player to be known.
                self.pay.ensure_methods(&accounts, cx);
                if !std::mem::replace(&mut self.resumed, true) {
                    self.pay.resume(cx);
                }
            }
            Hook::Session(SessionChange::Ended) => {
                self.pay.clear();
                self.history = history::History::default();
                self.resumed = false;
            }
            Hook::Navigated { .. } => {
                self.pay.ensure_methods(&accounts, cx);
                self.history.address(cx);
            }
            // The wallet's accounts arrived or changed: the open modal's methods are those of
            // the account's currency. The wallet's part changed with them, and the payment
            // slice reads it: a balance push on a page without the modal rebuilds nothing more.
            Hook::Signal(Signal::Accounts) => {
                self.pay.ensure_methods(&accounts, cx);
                return false;
            }
            // The amount typed stays the same value in the other unit.
            Hook::Signal(Signal::CryptoUnits) => self.pay.units_changed(&accounts, cx),
            Hook::Push(Push::Invoice { data, .. }) => match pay::wire::WireInvoice::read(data) {
                Some(mut inv) => {
                    self.pay.latest(&mut inv);
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
            // A missed push may have settled the pending invoice or changed the list.
            Hook::Refetch => {
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
            Call::Pay(c) => self.pay.answered(c, answer, cx),
            Call::History(c) => self.history.answered(c, answer, cx),
        }
    }
}
