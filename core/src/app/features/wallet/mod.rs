//! Wallet accounts (SPEC §3 Wallet account, §7 Wallet): load, add, switch, hide, and the
//! live balance on `wallet:accounts#{id}`.

pub mod view;

use crate::app::calls::{self, Answer, Auth, Endpoint, ResponseError, Route};
use crate::app::effect::{LogLevel, Method};
use crate::app::feature::{Cx, Feature, Hook, SessionChange, SliceSink};
use crate::app::forms::{self, FormState};
use crate::app::model::{Dirty, Model};
use crate::app::registry::{FormId, Req};
use crate::app::wire::Account;
use crate::domain::alert::Alert;
use crate::domain::realtime::push::Push;
use crate::domain::validation::Rule;
use crate::json::{json, Json};

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Wallet {
    pub accounts: Vec<Account>,
    pub loading: bool,
    /// An account push arrived while the list was loading: load it again after.
    stale: bool,
    /// Account operations in flight, to disable their buttons.
    pub busy: Vec<i64>,
    pub new_account: FormState,
}

#[derive(Clone, Debug, PartialEq, serde::Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum WalletUi {
    SwitchAccount { id: i64 },
    HideAccount { id: i64 },
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
            Call::Switch(id) => {
                Route::write(Method::Put, format!("{path}/{id}/switch"), Auth::Player)
            }
            Call::Hide(id) => Route::write(Method::Put, format!("{path}/{id}/hide"), Auth::Player),
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
        match event {
            WalletUi::SwitchAccount { id } => self.operate(id, Call::Switch(id), cx),
            // The active account cannot be hidden; the view offers no button for it either.
            WalletUi::HideAccount { id } => self.operate(id, Call::Hide(id), cx),
        }
    }

    fn hook(&mut self, hook: &Hook, cx: &mut Cx) -> bool {
        match hook {
            Hook::Session(SessionChange::Restoring) => self.load(cx),
            Hook::Session(SessionChange::Started { .. }) => {
                if self.loading || !self.accounts.is_empty() {
                    return false;
                }
                self.load(cx);
            }
            Hook::Session(SessionChange::Ended) => {
                *self = Wallet::default();
                cx.forms_changed();
            }
            Hook::Push(Push::Account(json)) => match read_account(json) {
                Some(account) => self.pushed(account, cx),
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
                    Ok(list) => self.accounts = list,
                    Err(e) => {
                        cx.log(LogLevel::Warn, &format!("accounts: {e}"));
                        cx.alert(Alert::error("alerts.somethingWrong"));
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
                    self.new_account = FormState::default();
                    cx.forms_changed();
                    if !self.accounts.iter().any(|a| a.id == account.id) {
                        self.accounts.push(account);
                    }
                    cx.alert(Alert::success("alerts.accountAdded"));
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
                        cx.alert(Alert::success("alerts.accountSwitched"));
                    }
                    Err(e) => failed(e, cx),
                }
            }
            Call::Hide(id) => {
                self.busy.retain(|b| *b != id);
                match answer {
                    Ok(_) => {
                        self.accounts.retain(|a| a.id != id);
                        cx.alert(Alert::success("alerts.accountHidden"));
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
        cx.call(
            Req::Wallet(Call::Create),
            Some(json!({ "currency": currency })),
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
    cx.log(LogLevel::Warn, &format!("account: {e}"));
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
    crate::json::from_json(v.clone()).ok()
}
