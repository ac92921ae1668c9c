//! Realtime publications (Centrifuge websocket). Phase-1 stub: call sites are in place.

use serde_json::Value;

use crate::db::accounts::Account;
use crate::state::AppState;

/// `wallet:accounts#{playerId}` gets the account object on every change.
pub fn publish_account(state: &AppState, account: &Account) {
    let data = serde_json::to_value(account.view()).unwrap_or(Value::Null);
    publish(
        state,
        &format!("wallet:accounts#{}", account.player_id),
        data,
    );
}

pub fn publish(_state: &AppState, _channel: &str, _data: Value) {}

/// A closed session's sockets must stop receiving private data.
pub fn session_closed(_state: &AppState, _session_id: i64) {}
