//! Realtime in the app (SPEC §4 Session, §7 Realtime): keep one socket connected as whoever
//! the visitor is, route its pushes to reducers, refetch after a reconnect.
//!
//! - [`sync`] runs after every update: a guest connects without a token (`global:online`
//!   only), a player with the session token and the SPEC §7 channels of their id. Login,
//!   logout and a lost session therefore reconnect by themselves, and a logout stops the
//!   player's subscriptions. (SPEC §4 also resets bonus state on logout: the client keeps
//!   none yet; when bonuses land, that reset belongs in `auth::clear_session`.)
//! - Pushes: an account updates (or joins) `model.accounts`; `game.bet.max.exceed` shows a
//!   toast with the maximum bet. Every other SPEC §7 push is logged only: quests, bets,
//!   spins, invoices, player bonuses, free spins, bonus codes, the loyalty account,
//!   notifications and the online count have no feature in the client yet. A push that does
//!   not fit the contract is logged and dropped.
//! - After a reconnect, [`refetch`] reloads what pushes would have told, so nothing published
//!   while away is lost.

use super::{log, refresh, toast_text, wallet};
use crate::app::api::Account;
use crate::app::effect::{Effect, LogLevel};
use crate::app::event::Event;
use crate::app::model::{Model, SessionStatus, ToastKind};
use crate::app::view::currency_info;
use crate::domain::money::{self, CurrencyInfo, Decimal};
use crate::domain::realtime::push::{self, Push};
use crate::domain::realtime::{self, is_unauthorized, Output, SocketEvent};
use crate::domain::session::is_expired;
use crate::json::Json;

/// Connect, reconnect or resume so the socket matches the session.
pub fn sync(model: &mut Model, now: u64, fx: &mut Vec<Effect>) {
    let desired = match model.status {
        SessionStatus::Booting => return,
        SessionStatus::Guest => None,
        SessionStatus::Player => match &model.profile {
            Some(p) => Some(p.id),
            None => return,
        },
    };
    let same = model.realtime.target() == Some(desired);
    if same && desired.is_some() && model.realtime.token() != model.token.as_deref() {
        model.realtime.set_token(model.token.clone());
    }
    // Same identity: nothing to do, unless a connect waits for a refreshed token.
    if same && !model.realtime.awaiting_token() {
        return;
    }
    if desired.is_some() {
        // Never connect with a token known to be expired: refresh first; sync runs again.
        match model.token.as_deref() {
            None => return,
            _ if model.refreshing => return,
            Some(t) if is_expired(t, now) => {
                refresh::start(model, fx);
                return;
            }
            Some(_) => {}
        }
    }
    if same {
        let out = model.realtime.resume(model.token.clone());
        apply(model, out, now, fx);
        return;
    }
    let url = format!(
        "{}{}",
        model.config.api_base.trim_end_matches('/'),
        realtime::PATH
    );
    let token = desired.and(model.token.clone());
    let out = model
        .realtime
        .connect(&url, desired, token, push::channels(desired), now);
    let who = desired.map_or("a guest".to_string(), |id| format!("player {id}"));
    log(
        fx,
        LogLevel::Info,
        &format!("realtime: connecting as {who}"),
    );
    apply(model, out, now, fx);
}

pub fn socket_event(model: &mut Model, event: SocketEvent, now: u64, fx: &mut Vec<Effect>) {
    let out = model.realtime.handle(event, now);
    apply(model, out, now, fx);
}

/// The accounts list answered: if pushes came in meanwhile, its snapshot may be older than
/// them, so ask once more.
pub fn accounts_loaded(model: &mut Model, now: u64, fx: &mut Vec<Effect>) {
    if model.accounts_stale && model.status == SessionStatus::Player {
        model.accounts_stale = false;
        wallet::load(model, now, fx);
    }
}

fn apply(model: &mut Model, outputs: Vec<Output>, now: u64, fx: &mut Vec<Effect>) {
    for output in outputs {
        match output {
            Output::Socket(cmd) => fx.push(Effect::Socket(cmd)),
            Output::Timer { ms, timer } => fx.push(Effect::Timer {
                ms,
                event: Box::new(Event::Socket(SocketEvent::Timer(timer))),
            }),
            Output::Connected { client, reconnect } => {
                let again = if reconnect { "reconnected" } else { "connected" };
                log(fx, LogLevel::Info, &format!("realtime: {again} (client {client})"));
            }
            Output::Recovered => refetch(model, now, fx),
            Output::Publication { channel, data } => on_push(model, &channel, data, fx),
            Output::Reconnecting {
                delay_ms,
                attempt,
                error,
                detail,
            } => log(
                fx,
                LogLevel::Info,
                &format!("realtime: reconnect in {delay_ms} ms (attempt {attempt}, error {error}: {detail})"),
            ),
            Output::Disconnected { code, reason } => {
                log(fx, LogLevel::Warn, &format!("realtime: disconnected {code} {reason}"));
                // Unauthorized: an authenticated call settles whether the session still
                // holds (a 401 ends it and the socket reconnects as a guest).
                if is_unauthorized(code) && model.status == SessionStatus::Player {
                    reload_accounts(model, now, fx);
                }
            }
            Output::NeedToken => refresh::start(model, fx),
            Output::Error { code, message } => {
                log(fx, LogLevel::Warn, &format!("realtime: error {code}: {message}"))
            }
        }
    }
}

/// The refetch hook after a reconnect: what is reloaded because its pushes may have been
/// missed. Only the accounts exist today. Add here, as their features land: player bonuses
/// and free spins (the debounced list refresh), invoices, the notifications unread count,
/// quests and the loyalty account.
fn refetch(model: &mut Model, now: u64, fx: &mut Vec<Effect>) {
    if model.status == SessionStatus::Player {
        reload_accounts(model, now, fx);
    }
}

fn reload_accounts(model: &mut Model, now: u64, fx: &mut Vec<Effect>) {
    if model.accounts_loading {
        model.accounts_stale = true;
    } else {
        wallet::load(model, now, fx);
    }
}

fn on_push(model: &mut Model, channel: &str, data: Json, fx: &mut Vec<Effect>) {
    match push::route(channel, data) {
        Push::Account(json) => match read_account(&json) {
            Some(account) => account_pushed(model, account),
            None => log(
                fx,
                LogLevel::Warn,
                &format!("realtime: account push on {channel} dropped: not an account"),
            ),
        },
        Push::MaxBetExceeded { amount, currency } => {
            if Decimal::parse(&amount).is_err() {
                log(
                    fx,
                    LogLevel::Warn,
                    &format!("realtime: max bet push dropped: amount \"{amount}\""),
                );
            } else {
                max_bet_exceeded(model, &amount, &currency);
            }
        }
        Push::LogOnly { what, data } => log(
            fx,
            LogLevel::Info,
            &format!(
                "realtime: {what} push on {channel} (no feature yet): {}",
                crate::json::to_string(&data).unwrap_or_default()
            ),
        ),
        Push::Malformed { channel, reason } => log(
            fx,
            LogLevel::Warn,
            &format!("realtime: push on {channel} dropped: {reason}"),
        ),
    }
}

/// The Account object of docs/API.md, read by hand: a serde deserializer for JSON values
/// would cost the wasm more than these four fields.
fn read_account(v: &Json) -> Option<Account> {
    Some(Account {
        id: v.get("id")?.as_i64()?,
        currency: v.get("currency")?.as_str()?.to_string(),
        balance: v.get("balance")?.as_str()?.to_string(),
        status: match v.get("status") {
            None | Some(Json::Null) => 0,
            Some(s) => s.as_i64()?,
        },
    })
}

/// `wallet:accounts`: the pushed account replaces ours, or joins the list in id order.
fn account_pushed(model: &mut Model, account: Account) {
    if model.status != SessionStatus::Player {
        return;
    }
    if model.accounts_loading {
        model.accounts_stale = true;
    }
    match model.accounts.iter_mut().find(|a| a.id == account.id) {
        Some(a) => *a = account,
        None => {
            let at = model.accounts.partition_point(|a| a.id < account.id);
            model.accounts.insert(at, account);
        }
    }
}

/// SPEC §8 "Game max bet exceeded": an alert with the max bet as amount and currency.
fn max_bet_exceeded(model: &mut Model, amount: &str, currency: &str) {
    let info = match model.currency(currency) {
        Some(c) => currency_info(c),
        None => CurrencyInfo {
            code: currency.to_ascii_uppercase(),
            subunit_to_unit: 100,
            ..CurrencyInfo::default()
        },
    };
    let shown = money::display_balance(amount, &info, true);
    let title = model.text("alerts.maxBetExceeded");
    let description = model
        .text("alerts.maxBetExceededDescription")
        .replace("{amount}", &shown.amount)
        .replace("{currency}", &shown.code);
    toast_text(model, ToastKind::Error, title, Some(description));
}
