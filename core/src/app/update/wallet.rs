//! Wallet accounts: load, add, switch, hide (SPEC §3 Wallet account, §7 Wallet).

use super::calls::{self, ResponseError};
use super::{log, toast};
use crate::app::api::Account;
use crate::app::effect::{Effect, LogLevel, Method, Req};
use crate::app::event::FormId;
use crate::app::model::{Model, ToastKind};

pub fn load(model: &mut Model, now: u64, fx: &mut Vec<Effect>) {
    model.accounts_loading = true;
    calls::authed(
        model,
        now,
        Req::Accounts,
        Method::Get,
        "/api/wallet/accounts",
        None,
        fx,
    );
}

pub fn loaded(model: &mut Model, result: Result<String, ResponseError>, fx: &mut Vec<Effect>) {
    model.accounts_loading = false;
    match result.and_then(|b| calls::json::<Vec<Account>>(&b)) {
        Ok(list) => model.accounts = list,
        Err(e) => {
            log(fx, LogLevel::Warn, &format!("accounts: {e}"));
            toast(model, ToastKind::Error, "alerts.somethingWrong", None);
        }
    }
}

pub fn create(model: &mut Model, currency: &str, now: u64, fx: &mut Vec<Effect>) {
    calls::authed(
        model,
        now,
        Req::CreateAccount,
        Method::Post,
        "/api/wallet/accounts",
        Some(crate::json_object! { "currency": currency }),
        fx,
    );
}

pub fn created(
    model: &mut Model,
    result: Result<String, ResponseError>,
    now: u64,
    fx: &mut Vec<Effect>,
) {
    match result.and_then(|b| calls::json::<Account>(&b)) {
        Ok(account) => {
            model.forms.remove(&FormId::NewAccount);
            if !model.accounts.iter().any(|a| a.id == account.id) {
                model.accounts.push(account);
            }
            toast(model, ToastKind::Success, "alerts.accountAdded", None);
            // The server may have changed other accounts too; stay in step with it.
            load(model, now, fx);
        }
        Err(e) => super::auth::form_failed(model, FormId::NewAccount, e, fx),
    }
}

pub fn switch(model: &mut Model, id: i64, now: u64, fx: &mut Vec<Effect>) {
    let known = model.accounts.iter().any(|a| a.id == id && !a.is_active());
    if !known || !model.busy_accounts.insert(id) {
        return;
    }
    let path = format!("/api/wallet/accounts/{id}/switch");
    calls::authed(
        model,
        now,
        Req::SwitchAccount(id),
        Method::Put,
        &path,
        None,
        fx,
    );
}

pub fn switched(
    model: &mut Model,
    id: i64,
    result: Result<String, ResponseError>,
    fx: &mut Vec<Effect>,
) {
    model.busy_accounts.remove(&id);
    match result.and_then(|b| calls::json::<Vec<Account>>(&b)) {
        Ok(list) => {
            model.accounts = list;
            toast(model, ToastKind::Success, "alerts.accountSwitched", None);
        }
        Err(e) => account_failed(model, e, fx),
    }
}

pub fn hide(model: &mut Model, id: i64, now: u64, fx: &mut Vec<Effect>) {
    // The active account cannot be hidden; the view offers no button for it either.
    let hideable = model.accounts.iter().any(|a| a.id == id && !a.is_active());
    if !hideable || !model.busy_accounts.insert(id) {
        return;
    }
    let path = format!("/api/wallet/accounts/{id}/hide");
    calls::authed(
        model,
        now,
        Req::HideAccount(id),
        Method::Put,
        &path,
        None,
        fx,
    );
}

pub fn hidden(
    model: &mut Model,
    id: i64,
    result: Result<String, ResponseError>,
    fx: &mut Vec<Effect>,
) {
    model.busy_accounts.remove(&id);
    match result {
        Ok(_) => {
            model.accounts.retain(|a| a.id != id);
            toast(model, ToastKind::Success, "alerts.accountHidden", None);
        }
        Err(e) => account_failed(model, e, fx),
    }
}

fn account_failed(model: &mut Model, e: ResponseError, fx: &mut Vec<Effect>) {
    log(fx, LogLevel::Warn, &format!("account: {e}"));
    let id = model.next_toast_id;
    toast(model, ToastKind::Error, "alerts.somethingWrong", None);
    // The server's own sentence says more than our generic title.
    if let (ResponseError::Status { error, .. }, Some(t)) =
        (&e, model.toasts.iter_mut().find(|t| t.id == id))
    {
        if !error.message.is_empty() {
            t.description = Some(error.message.clone());
        }
    }
}
