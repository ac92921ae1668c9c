//! The realtime client (SPEC §7 Realtime, §8, §9 Realtime client): the Centrifuge client
//! protocol as JSON over a WebSocket at [`PATH`].
//!
//! Pure: [`protocol`] encodes commands and decodes frames, [`client`] is the connection and
//! subscription state machine (it returns outputs, the app turns them into effects; the
//! runtime's `socket.rs` owns the real WebSocket), [`backoff`] computes reconnect delays from
//! randomness passed in, [`push`] routes publications by channel and event name.

pub mod backoff;
pub mod client;
pub mod protocol;
pub mod push;

pub use client::{Client, ConnState, Output, SocketCmd, SocketEvent, SubState, Timer};

/// Where the websocket lives, under the API origin.
pub const PATH: &str = "/api/connection/websocket";
/// SPEC §9: default timeout of a command (connect, subscribe), ms.
pub const TIMEOUT_MS: u32 = 5_000;
/// SPEC §9: reconnect backoff bounds, ms.
pub const BACKOFF_MIN_MS: u32 = 500;
pub const BACKOFF_MAX_MS: u32 = 20_000;
/// SPEC §9: how long past the announced ping interval a silent server is tolerated, ms.
pub const PING_GRACE_MS: u32 = 10_000;
/// Ping interval assumed until the connect reply says otherwise (Centrifuge default), s.
pub const DEFAULT_PING_S: u32 = 25;

/// Client-side error codes (centrifuge-js numbering; SPEC §8 "timeout 1, transport closed 2").
pub const ERROR_TIMEOUT: u32 = 1;
pub const ERROR_TRANSPORT_CLOSED: u32 = 2;
/// Server error code of a connect with an expired token: refresh it, then reconnect.
pub const ERROR_TOKEN_EXPIRED: u32 = 109;
/// Server error code of a subscription that already exists (counts as subscribed).
pub const ERROR_ALREADY_SUBSCRIBED: u32 = 105;
/// Disconnect codes: invalid token, bad request (both mean "do not reconnect").
pub const DISCONNECT_INVALID_TOKEN: u16 = 3500;
pub const DISCONNECT_BAD_REQUEST: u16 = 3501;

/// Centrifuge convention: close codes 3500-3999 and 4500-4999 mean "do not reconnect";
/// everything else (network loss 1006, server shutdown 3001, no pong 3012, ...) reconnects.
pub fn should_reconnect(code: u16) -> bool {
    !(3500..4000).contains(&code) && !(4500..5000).contains(&code)
}

/// Unauthorized disconnects: the session behind the token is gone (SPEC §8 "unauthorized
/// causes disconnect").
pub fn is_unauthorized(code: u16) -> bool {
    code == DISCONNECT_INVALID_TOKEN
}
