//! Deposits and withdrawals (SPEC §3 payment method group, §4 Invoice and Deposit flow, §7
//! Payments, §8 13100, §9 ordering, sub-units, analytics, `asyncInvoiceId`).
//!
//! The flow: the wallet modal open on `deposit` or `withdraw` loads the methods of the chosen
//! account's currency; the player picks one, types the amount (mBTC for BTC and ETH) and its
//! extra fields; `pay` checks them all locally (nothing is sent while one fails), then posts
//! the invoice with an idempotency key kept until the server has answered, so a second click
//! or a retry after a lost answer never makes a second invoice. The invoice is then pending;
//! its pushes on `payment:invoices#{id}` settle it (alerts, the deposit-success/error modals,
//! the analytics event by deposit number). A QR invoice's id stays in sessionStorage until it
//! settles, and is looked up again after a reload or a dropped socket.

pub mod view;
pub mod wire;

use litemap::LiteMap;

use crate::app::calls::{Answer, Auth, ResponseError, Route};
use crate::app::effect::{Effect, LogLevel, Method as HttpMethod};
use crate::app::feature::{Cx, Msg, Shared, Signal};
use crate::app::registry::Req;
use crate::app::wire::{currency_info, Account};
use crate::domain::alert::Alert;
use crate::domain::invoice::{InvoiceKind, InvoiceStatus, InvoiceTracker, ASYNC_INVOICE_KEY};
use crate::domain::modal::{WalletAction, MODAL_PARAM, WALLET_TAB_PARAM};
use crate::domain::payment::{Direction, MethodId, DEPOSIT_LIMIT_REACHED, PAYMENT_GEO_KEY};
use crate::domain::payment_form::{self as rules, FieldKind, InputUnit};
use crate::json::Json;
use serde::Serialize;
use std::collections::BTreeMap;

use super::Call as PaymentsCall;
use wire::{InvoicePage, Method, MethodGroup, WireInvoice};

/// The amount field of the payment form.
pub const AMOUNT: &str = "amount";

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum Stage {
    #[default]
    Form,
    Submitting,
    Pending,
    Success,
    Error,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum MethodsState {
    #[default]
    Idle,
    Loading,
    Ready,
    /// Any failure but 13100: an empty list with a retry (SPEC §8).
    Failed,
    /// 13100: deposit limit reached (SPEC §8).
    LimitReached,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum AccountTab {
    #[default]
    All,
    Crypto,
}

/// A deposit or withdrawal (SPEC §7 payments): the method's fields by name, trimmed; the
/// region and the chosen deposit bonus only when there are.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CreateBody<'a> {
    pub account_id: i64,
    pub amount: String,
    pub payment_method: &'a str,
    pub fields: BTreeMap<String, String>,
    pub idempotency_key: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub country: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bonus_id: Option<u64>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Call {
    Methods {
        dir: Direction,
        currency: String,
        country: Option<String>,
    },
    Create {
        dir: Direction,
    },
    Decline(u64),
    /// Where a pending invoice stands after a reload or a dropped socket.
    Resume(u64),
    /// The countries to choose the payment region from (SPEC §7 settings).
    Countries,
}

impl Call {
    pub fn route(&self) -> Route {
        match self {
            Call::Methods {
                dir,
                currency,
                country,
            } => {
                let mut r = Route::owned(
                    HttpMethod::Get,
                    format!("/api/payment/methods/{}", dir.as_str()),
                    Auth::Player,
                )
                .query(&[("currency", currency)]);
                if let Some(c) = country {
                    r = r.query(&[("country", c)]);
                }
                // SPEC §7: payment methods send source and platform.
                r.source()
            }
            Call::Create { dir } => Route::owned(
                HttpMethod::Post,
                format!("/api/payment/invoices/{}", dir.as_str()),
                Auth::Player,
            ),
            Call::Decline(id) => Route::item(
                HttpMethod::Put,
                "/api/payment/invoices",
                id,
                "/decline",
                Auth::Player,
            ),
            Call::Resume(_) => Route::get("/api/payment/invoices", Auth::Player)
                .query(&[("type", "deposit"), ("perPage", "100")]),
            Call::Countries => Route::get("/api/settings/countries", Auth::Public),
        }
    }
}

/// A field's problem: a content key and its `{param}`.
#[derive(Clone, Debug, PartialEq)]
pub struct Problem {
    pub key: &'static str,
    pub param: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Pay {
    pub tab: AccountTab,
    /// The account paid into or out of; the active one until the player picks another.
    pub account_id: Option<i64>,
    pub groups: Vec<(String, Vec<Method>)>,
    pub methods_state: MethodsState,
    loaded: Option<(Direction, String, Option<String>)>,
    pub selected: Option<String>,
    pub values: LiteMap<String, String>,
    /// Fields whose message shows (blurred, or a pay was tried).
    pub shown: LiteMap<String, ()>,
    /// The server's messages per field, until the field changes.
    pub server_errors: LiteMap<String, String>,
    /// Form-level message (provider or network error); the form stays filled.
    pub message: Option<String>,
    pub stage: Stage,
    pub invoice: Option<WireInvoice>,
    /// The idempotency key of the attempt the server has not answered yet.
    pending_key: Option<String>,
    seq: u32,
    pub deposit_limit: bool,
    tracker: InvoiceTracker,
    /// The pending QR invoice (sessionStorage `asyncInvoiceId`).
    pub async_id: Option<u64>,
    /// Fired analytics events, oldest first: the core's sink (SPEC §4).
    pub analytics: Vec<&'static str>,
    /// The payment region (localStorage `paymentGeo`).
    pub country: Option<String>,
    /// Countries to choose the payment region from: code, name (asked once, when the
    /// wallet modal first opens).
    pub countries: Vec<(String, String)>,
    countries_asked: bool,
    pub declining: Vec<u64>,
}

fn req(call: Call) -> Req {
    Req::Payments(PaymentsCall::Pay(call))
}

/// The wallet modal's direction while it is open (`?modal=wallet&wallet=…`).
pub fn open_direction(cx: &Cx) -> Option<Direction> {
    open_direction_of(&cx.shared.location)
}

/// `withdraw` is a withdrawal; any other value (or none) the deposit (SPEC §2).
pub fn open_direction_of(loc: &crate::domain::route::Location) -> Option<Direction> {
    // The messenger's wallet (`tg-wallet`) is the same wallet in the mini-app's frame.
    if !matches!(loc.query_value(MODAL_PARAM), Some("wallet" | "tg-wallet")) {
        return None;
    }
    Some(
        match loc
            .query_value(WALLET_TAB_PARAM)
            .and_then(WalletAction::parse)
        {
            Some(WalletAction::Withdraw) => Direction::Withdrawal,
            _ => Direction::Deposit,
        },
    )
}

/// Groups with manual-agent methods first (SPEC §9): inside each group, and the groups that
/// hold one ahead of the others; the server's order otherwise.
pub fn order(groups: Vec<MethodGroup>) -> Vec<(String, Vec<Method>)> {
    let manual = |m: &Method| MethodId::parse(&m.id).is_some_and(|id| id.is_manual_agent());
    // Stable partitions, not sorts: two sort instantiations cost more wasm than the lists
    // are long.
    let (mut first, mut rest): (Vec<_>, Vec<_>) = (Vec::new(), Vec::new());
    for g in groups {
        let mut list = Vec::new();
        let mut others = Vec::new();
        for m in g.payment_methods {
            if manual(&m) {
                list.push(m);
            } else {
                others.push(m);
            }
        }
        let has_manual = !list.is_empty();
        list.append(&mut others);
        if list.is_empty() {
            continue;
        }
        if has_manual {
            first.push((g.name, list));
        } else {
            rest.push((g.name, list));
        }
    }
    first.append(&mut rest);
    first
}

impl Pay {
    /// The country for methods and invoices: `paymentGeo` when stored, else the profile's
    /// (issue 10: "country from `paymentGeo` or the profile").
    fn country_for(&self, cx: &Cx) -> Option<String> {
        self.country_for_shared(cx.shared)
    }

    pub fn country_for_shared(&self, shared: &Shared) -> Option<String> {
        self.country
            .clone()
            .or_else(|| shared.country().map(str::to_string))
    }

    pub fn account<'a>(&self, accounts: &'a [Account]) -> Option<&'a Account> {
        self.account_id
            .and_then(|id| accounts.iter().find(|a| a.id == id))
            .or_else(|| accounts.iter().find(|a| a.is_active()))
    }

    pub fn method(&self) -> Option<&Method> {
        let id = self.selected.as_deref()?;
        for (_, list) in &self.groups {
            for m in list {
                if m.id == id {
                    return Some(m);
                }
            }
        }
        None
    }

    /// The unit the amount is typed in: the one the player shows crypto in (SPEC §1, §9).
    pub fn unit(&self, account: &Account, shared: &Shared) -> InputUnit {
        unit_as(account, shared, shared.crypto_sub_units())
    }

    /// The typed deposit amount in the currency's units, while it is a number.
    pub fn deposit_units(&self, accounts: &[Account], cx: &Cx) -> Option<String> {
        let account = self.account(accounts)?;
        let unit = self.unit(account, cx.shared);
        let typed = self.values.get(AMOUNT)?;
        rules::check_amount(typed, &unit, None, None, None)
            .ok()
            .map(|d| d.normalized().to_string())
    }

    /// The deposit form's amount for the bonuses feature (SPEC §7 `amount`): told when it
    /// changed, while the deposit form is open (a closed modal keeps its values).
    pub fn share_amount(&self, accounts: &[Account], cx: &mut Cx) {
        if open_direction(cx) != Some(Direction::Deposit) {
            return;
        }
        let amount = self.deposit_units(accounts, cx);
        if amount != cx.shared.deposit_amount {
            cx.msg(Msg::DepositAmount(amount));
        }
    }

    /// The player chose to show crypto in sub-units or units (the wallet stored it and the
    /// parent has the new `crypto_sub_units`): the typed amount is rewritten in the new unit
    /// (the same value, so the limits and bonuses hold).
    pub fn units_changed(&mut self, accounts: &[Account], cx: &mut Cx) {
        let on = cx.shared.crypto_sub_units;
        let Some(account) = self.account(accounts) else {
            return;
        };
        let (from, to) = (
            unit_as(account, cx.shared, !on),
            unit_as(account, cx.shared, on),
        );
        if from == to {
            return;
        }
        let converted = self
            .values
            .get(AMOUNT)
            .and_then(|typed| crate::domain::money::Decimal::parse(typed.trim()).ok())
            .and_then(|d| from.to_units(&d))
            .and_then(|units| to.from_units(&units.to_string()));
        if let Some(v) = converted {
            self.values.insert(AMOUNT.to_string(), v);
        }
    }

    /// The payment region chosen in the wallet modal: stored (`paymentGeo`) and the methods
    /// asked again for it.
    pub fn set_country(&mut self, code: String, accounts: &[Account], cx: &mut Cx) {
        let code = code.trim().to_ascii_uppercase();
        let known = self.countries.iter().any(|(c, _)| *c == code);
        if !known || self.stage == Stage::Submitting {
            return;
        }
        cx.effect(Effect::StoreLocal {
            key: PAYMENT_GEO_KEY.to_string(),
            value: Some(code.clone()),
        });
        self.country = Some(code);
        self.ensure_methods(accounts, cx);
    }

    /// Every field's problem for the current values (shown or not).
    pub fn problems(
        &self,
        dir: Direction,
        account: &Account,
        unit: &InputUnit,
    ) -> LiteMap<String, Problem> {
        let mut out = LiteMap::new();
        let Some(method) = self.method() else {
            return out;
        };
        let balance = (dir == Direction::Withdrawal).then_some(account.balance.as_str());
        let typed = self.values.get(AMOUNT).map(String::as_str).unwrap_or("");
        if let Err(e) = rules::check_amount(
            typed,
            unit,
            method.min_amount.as_deref(),
            method.max_amount.as_deref(),
            balance,
        ) {
            out.insert(
                AMOUNT.to_string(),
                Problem {
                    key: e.key(),
                    param: e.param(),
                },
            );
        }
        let phone_ok = |v: &str| crate::domain::phone::is_valid_rule_value(v);
        for f in &method.fields {
            let value = self.values.get(&f.name).map(String::as_str).unwrap_or("");
            let kind = FieldKind::parse(&f.kind, &f.name);
            if let Some(key) = rules::check_field(kind, value, &account.currency, &phone_ok) {
                out.insert(f.name.clone(), Problem { key, param: None });
            }
        }
        for (field, msg) in self.server_errors.iter() {
            out.insert(
                field.clone(),
                Problem {
                    key: "",
                    param: Some(msg.clone()),
                },
            );
        }
        out
    }

    fn reset_form(&mut self) {
        self.values.clear();
        self.shown.clear();
        self.server_errors.clear();
        self.message = None;
        self.pending_key = None;
        self.stage = Stage::Form;
        self.invoice = None;
    }

    /// The next `ensure_methods` loads again (retry after a failure).
    pub fn forget_methods(&mut self) {
        self.loaded = None;
    }

    /// Loads the methods the open modal needs, unless they are loaded or loading.
    pub fn ensure_methods(&mut self, accounts: &[Account], cx: &mut Cx) {
        let Some(dir) = open_direction(cx) else {
            return;
        };
        if !cx.shared.is_player() {
            return;
        }
        if !self.countries_asked {
            self.countries_asked = true;
            cx.call(req(Call::Countries), None);
        }
        let Some(account) = self.account(accounts) else {
            return;
        };
        let key = (dir, account.currency.clone(), self.country_for(cx));
        if self.loaded.as_ref() == Some(&key) {
            return;
        }
        self.loaded = Some(key.clone());
        self.methods_state = MethodsState::Loading;
        self.groups.clear();
        self.selected = None;
        if self.stage == Stage::Form {
            self.reset_form();
        }
        cx.call(
            req(Call::Methods {
                dir: key.0,
                currency: key.1,
                country: key.2,
            }),
            None,
        );
    }

    pub fn select_account(&mut self, id: i64, accounts: &[Account], cx: &mut Cx) {
        if accounts.iter().any(|a| a.id == id) && self.account_id != Some(id) {
            self.account_id = Some(id);
            self.reset_form();
            self.ensure_methods(accounts, cx);
        }
    }

    pub fn select_method(&mut self, id: String) {
        let known = self
            .groups
            .iter()
            .any(|(_, list)| list.iter().any(|m| m.id == id));
        if known && self.stage != Stage::Submitting {
            self.selected = Some(id);
            self.shown.clear();
            self.server_errors.clear();
            self.message = None;
        }
    }

    pub fn input(&mut self, field: String, value: String) {
        // Typing while a request is out would make the sent and shown values differ.
        if self.stage == Stage::Submitting {
            return;
        }
        self.server_errors.remove(&field);
        self.message = None;
        self.values.insert(field, value);
    }

    pub fn blur(&mut self, field: String) {
        self.shown.insert(field, ());
    }

    /// Pays: checks everything locally, then posts once per attempt.
    pub fn pay(&mut self, accounts: &[Account], cx: &mut Cx) {
        if matches!(self.stage, Stage::Submitting | Stage::Pending) {
            return;
        }
        let (Some(dir), Some(account)) = (open_direction(cx), self.account(accounts)) else {
            return;
        };
        let Some(method) = self.method().cloned() else {
            self.message = Some(cx.text("global-components.wallet.chooseMethod"));
            return;
        };
        let unit = self.unit(account, cx.shared);
        let problems = self.problems(dir, account, &unit);
        if !problems.is_empty() {
            for (field, _) in problems.iter() {
                self.shown.insert(field.clone(), ());
            }
            self.shown.insert(AMOUNT.to_string(), ());
            return;
        }
        let typed = self.values.get(AMOUNT).map(String::as_str).unwrap_or("");
        let Ok(amount) = rules::check_amount(typed, &unit, None, None, None) else {
            return;
        };
        let key = match &self.pending_key {
            Some(k) => k.clone(),
            None => {
                self.seq = self.seq.wrapping_add(1);
                format!(
                    "{}-{}-{}",
                    cx.shared.player_id.unwrap_or(0),
                    cx.now,
                    self.seq
                )
            }
        };
        self.pending_key = Some(key.clone());
        let fields = method
            .fields
            .iter()
            .map(|f| {
                let v = self.values.get(&f.name).map_or("", String::as_str);
                (f.name.clone(), v.trim().to_string())
            })
            .collect();
        let body = crate::json::body(&CreateBody {
            account_id: account.id,
            amount: amount.to_string(),
            payment_method: &method.id,
            fields,
            idempotency_key: &key,
            country: self.country_for(cx),
            // The deposit bonus chosen in the package-bonus modal (the bonuses feature).
            bonus_id: cx
                .shared
                .deposit_bonus
                .filter(|_| dir == Direction::Deposit),
        });
        self.stage = Stage::Submitting;
        self.message = None;
        cx.call(req(Call::Create { dir }), Some(body));
    }

    pub fn answered(&mut self, call: Call, answer: Answer, cx: &mut Cx) {
        match call {
            Call::Methods {
                dir,
                currency,
                country,
            } => {
                if self.loaded.as_ref() != Some(&(dir, currency, country)) {
                    return;
                }
                match wire::read_with(answer, "methods", MethodGroup::list) {
                    Ok(groups) => {
                        self.groups = order(groups);
                        self.methods_state = MethodsState::Ready;
                        if dir == Direction::Deposit {
                            self.deposit_limit = false;
                        }
                        // One method: nothing to choose.
                        let mut all: Vec<&Method> = Vec::new();
                        for (_, l) in &self.groups {
                            for m in l {
                                all.push(m);
                            }
                        }
                        if let [only] = all.as_slice() {
                            self.selected = Some(only.id.clone());
                        }
                    }
                    Err(e) => self.methods_failed(dir, &e, cx),
                }
            }
            Call::Create { dir } => self.created(dir, answer, cx),
            Call::Countries => match crate::app::calls::read_json(answer) {
                Ok(list @ Json::Array(_)) => self.countries = crate::app::wire::countries(&list),
                // The region choice stays hidden; the methods go by the stored or profile's.
                Ok(_) => cx.log(LogLevel::Warn, "countries: not a list"),
                Err(e) => {
                    self.countries_asked = false;
                    cx.log_err(LogLevel::Warn, "countries", &e);
                }
            },
            Call::Decline(id) => {
                self.declining.retain(|d| *d != id);
                match wire::read_with(answer, "invoice", WireInvoice::read) {
                    Ok(inv) => {
                        let kind = kind_of(&inv);
                        // The decline's own push must not toast an error after this.
                        let _ = self.tracker.apply(kind, &inv.domain(), self.async_id);
                        if self.async_id == Some(inv.id) {
                            self.clear_async(cx);
                        }
                        if self.invoice.as_ref().is_some_and(|i| i.id == inv.id) {
                            self.reset_form();
                        }
                        cx.success("alerts.invoiceDeclined");
                    }
                    Err(e) => {
                        cx.log_err(LogLevel::Warn, "decline", &e);
                        cx.error("alerts.somethingWrong");
                    }
                }
            }
            Call::Resume(id) => match wire::read_with(answer, "invoices", InvoicePage::read) {
                Ok(page) => match page.data.into_iter().find(|i| i.id == id) {
                    Some(inv) => {
                        if self.invoice.is_none() && inv.status == InvoiceStatus::Pending.code() {
                            self.invoice = Some(inv.clone());
                            self.stage = Stage::Pending;
                        }
                        self.settled(inv, cx);
                    }
                    None => self.clear_async(cx),
                },
                Err(e) => cx.log_err(LogLevel::Warn, "invoice resume", &e),
            },
        }
    }

    fn methods_failed(&mut self, dir: Direction, e: &ResponseError, cx: &mut Cx) {
        self.groups.clear();
        self.selected = None;
        if dir == Direction::Deposit && is_limit(e) {
            self.limit_reached(cx);
            // The server's sentence may say more (until when a self-exclusion runs).
            if let ResponseError::Status { error, .. } = e {
                self.message = Some(error.message.clone()).filter(|m| !m.is_empty());
            }
        } else {
            cx.log_err(LogLevel::Warn, "payment methods", &e);
            self.methods_state = MethodsState::Failed;
        }
    }

    /// SPEC §8: 13100 empties the methods and sets the deposit-limit flag.
    fn limit_reached(&mut self, cx: &mut Cx) {
        self.groups.clear();
        self.selected = None;
        self.deposit_limit = true;
        self.methods_state = MethodsState::LimitReached;
        cx.log(LogLevel::Info, "deposit limit reached (13100)");
        // SPEC §8: the limits are reloaded.
        cx.msg(Msg::Signal(Signal::LimitReached));
    }

    fn created(&mut self, dir: Direction, answer: Answer, cx: &mut Cx) {
        match wire::read_with(answer, "invoice", WireInvoice::read) {
            Ok(inv) => {
                self.pending_key = None;
                self.shown.clear();
                self.stage = Stage::Pending;
                self.invoice = Some(inv.clone());
                if inv.is_deposit() && inv.qr().is_some() {
                    self.async_id = Some(inv.id);
                    cx.effect(Effect::StoreSession {
                        key: ASYNC_INVOICE_KEY.to_string(),
                        value: Some(inv.id.to_string()),
                    });
                } else if dir == Direction::Deposit {
                    cx.open_modal("deposit-status");
                }
                // A push may have settled it before this answer came.
                self.settled(inv, cx);
            }
            Err(ResponseError::Status { status, error }) => {
                self.stage = Stage::Form;
                if error.code == DEPOSIT_LIMIT_REACHED.to_string() {
                    self.pending_key = None;
                    self.limit_reached(cx);
                    self.message = Some(if error.message.is_empty() {
                        cx.text("global-components.wallet.limitReached")
                    } else {
                        error.message
                    });
                    return;
                }
                if status == 422 {
                    // Refused: nothing was created, the next attempt is a new one.
                    self.pending_key = None;
                }
                for (field, msgs) in error.errors {
                    if let Some(first) = msgs.into_iter().next() {
                        self.shown.insert(field.clone(), ());
                        self.server_errors.insert(field, first);
                    }
                }
                if self.server_errors.is_empty() {
                    self.message = Some(if error.message.is_empty() {
                        cx.text("alerts.somethingWrong")
                    } else {
                        error.message
                    });
                }
            }
            Err(e) => {
                // The key stays: a retry asks for the same invoice if this one was made.
                self.stage = Stage::Form;
                cx.log_err(LogLevel::Warn, "invoice", &e);
                self.message = Some(cx.text(match e {
                    ResponseError::Network(_) => "alerts.network",
                    _ => "alerts.somethingWrong",
                }));
            }
        }
    }

    /// The provider's push may overtake the create answer (or a "pending" push come late):
    /// the settled status already seen stands.
    pub fn latest(&self, inv: &mut WireInvoice) {
        if let Some(s) = self.tracker.settled(inv.id) {
            inv.status = s.code();
        }
    }

    /// An invoice update (push, resume, or the create answer): alerts, analytics, the QR id,
    /// and the flow's stage when it is the invoice on screen.
    pub fn settled(&mut self, mut inv: WireInvoice, cx: &mut Cx) {
        self.latest(&mut inv);
        let kind = kind_of(&inv);
        let out = self.tracker.apply(kind, &inv.domain(), self.async_id);
        if let Some(a) = out.alert {
            let mut alert = Alert::new(&format!("alerts.{}", a.key), a.kind);
            alert = alert.with_param("amount", &inv.amount);
            alert = alert.with_param("currency", &inv.currency);
            cx.alert(alert);
        }
        // To the third-party sinks: the numbered event; the fan-out adds deposit itself.
        if let Some(&e) = out.analytics.first() {
            cx.msg(Msg::Analytics(e));
        }
        for e in out.analytics {
            self.analytics.push(e.as_str());
        }
        if out.clear_async {
            self.clear_async(cx);
        }
        let ours = self.invoice.as_ref().is_some_and(|i| i.id == inv.id);
        let status = InvoiceStatus::from_code(inv.status);
        if ours {
            if let Some(s) = status.filter(|s| *s != InvoiceStatus::Pending) {
                self.stage = if s == InvoiceStatus::Success {
                    Stage::Success
                } else {
                    Stage::Error
                };
                if kind == InvoiceKind::Deposit {
                    let modal = if s == InvoiceStatus::Success {
                        "deposit-success"
                    } else {
                        "deposit-error"
                    };
                    cx.open_modal(modal);
                }
            }
            self.invoice = Some(inv);
        }
    }

    fn clear_async(&mut self, cx: &mut Cx) {
        self.async_id = None;
        cx.effect(Effect::StoreSession {
            key: ASYNC_INVOICE_KEY.to_string(),
            value: None,
        });
    }

    /// Looks the pending invoice up again (after a reload, or a socket that was away).
    pub fn resume(&mut self, cx: &mut Cx) {
        let pending = self
            .invoice
            .as_ref()
            .filter(|i| i.status == InvoiceStatus::Pending.code())
            .map(|i| i.id);
        if let Some(id) = pending.or(self.async_id) {
            cx.call(req(Call::Resume(id)), None);
        }
    }

    pub fn decline(&mut self, id: u64, cx: &mut Cx) {
        if !self.declining.contains(&id) {
            self.declining.push(id);
            cx.call(req(Call::Decline(id)), None);
        }
    }

    /// Back to the form after a result (the amount typed is gone: it was paid).
    pub fn again(&mut self) {
        if matches!(self.stage, Stage::Success | Stage::Error) {
            self.reset_form();
        }
    }

    /// Session over: nothing of the player's stays (the analytics sink stays: it was sent).
    pub fn clear(&mut self) {
        let analytics = std::mem::take(&mut self.analytics);
        let country = self.country.take();
        let countries = std::mem::take(&mut self.countries);
        let countries_asked = !countries.is_empty();
        *self = Pay {
            analytics,
            country,
            countries,
            countries_asked,
            ..Pay::default()
        };
    }
}

fn kind_of(inv: &WireInvoice) -> InvoiceKind {
    if inv.is_deposit() {
        InvoiceKind::Deposit
    } else {
        InvoiceKind::Withdrawal
    }
}

fn is_limit(e: &ResponseError) -> bool {
    matches!(e, ResponseError::Status { error, .. } if error.code == DEPOSIT_LIMIT_REACHED.to_string())
}

fn unit_as(account: &Account, shared: &Shared, sub_units: bool) -> InputUnit {
    match shared
        .currencies()
        .iter()
        .find(|c| c.code.eq_ignore_ascii_case(&account.currency))
    {
        Some(c) => rules::input_unit_as(&currency_info(c), sub_units),
        None => InputUnit {
            code: account.currency.clone(),
            per_unit: 1,
            places: 2,
        },
    }
}
