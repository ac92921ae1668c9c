//! Realtime updates over the Centrifuge client protocol (JSON over WebSocket at
//! /api/connection/websocket), so both Croupier's client and the official `centrifuge` npm
//! client work against the sandbox.

pub mod channels;
pub mod hub;
pub mod protocol;
pub mod socket;

use serde_json::Value;

use crate::db::accounts::Account;
use crate::state::AppState;

pub use hub::Hub;

/// `wallet:accounts#{playerId}` gets the account object on every change.
pub fn publish_account(state: &AppState, account: &Account) {
    let data = serde_json::to_value(account.view()).unwrap_or(Value::Null);
    publish(
        state,
        &format!("{}#{}", channels::WALLET_ACCOUNTS, account.player_id),
        data,
    );
}

/// Returns how many connections received it.
pub fn publish(state: &AppState, channel: &str, data: Value) -> usize {
    state.hub.publish(channel, &data)
}

/// A closed session's sockets must stop receiving private data.
pub fn session_closed(state: &AppState, session_id: i64) {
    state.hub.close_where(
        |c| c.session_id == Some(session_id),
        protocol::DISCONNECT_INVALID_TOKEN,
    );
}

/// All sessions of a player were closed (password reset).
pub fn player_sessions_closed(state: &AppState, player_id: i64) {
    state.hub.close_where(
        |c| c.player_id == Some(player_id),
        protocol::DISCONNECT_INVALID_TOKEN,
    );
}
