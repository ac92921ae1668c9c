//! The connection and subscription state machine (SPEC §4 Realtime, §8, §9).
//!
//! Pure: every input (a socket event, a timer, a request to connect) returns [`Output`]s, which
//! the app turns into effects (`SocketCmd` for the runtime's WebSocket, timers) and reactions
//! (publications, refetch after a reconnect, token refresh). Time and randomness are arguments.
//!
//! - Connection states: disconnected, connecting, connected. Subscription states:
//!   unsubscribed, subscribing, subscribed.
//! - Every command gets a reply within [`TIMEOUT_MS`](super::TIMEOUT_MS), the connection
//!   itself too; otherwise error 1 (timeout) and a reconnect.
//! - A server that does not ping within its announced interval plus
//!   [`PING_GRACE_MS`](super::PING_GRACE_MS) is given up on: reconnect.
//! - An unexpected close is error 2 (transport closed): reconnect after
//!   [`backoff::delay`](super::backoff::delay), unless the code says not to (3500-3999,
//!   4500-4999), which leaves the client disconnected.
//! - Connect error 109 (token expired): the socket closes and [`Output::NeedToken`] asks for a
//!   refreshed token; [`Client::resume`] reconnects with it.
//! - After every connect, once every channel answered its subscribe, [`Output::Recovered`]
//!   tells the app to refetch what may have changed before the channels were subscribed (the
//!   first connect: between the session's first loads and now) or while away (a reconnect).
//!
//! Timers carry the connection `epoch` they were set for; a timer of an older connection is
//! ignored, so no timer ever needs cancelling.

use crate::json::Json;

use super::backoff::{self, Jitter};
use super::protocol::{self, Incoming, ReplyError};
use super::{
    should_reconnect, DISCONNECT_INVALID_TOKEN, ERROR_ALREADY_SUBSCRIBED, ERROR_TIMEOUT,
    ERROR_TOKEN_EXPIRED, ERROR_TRANSPORT_CLOSED, PING_GRACE_MS, TIMEOUT_MS,
};

/// How many token refreshes in a row a connect may ask for before the client gives up.
const MAX_TOKEN_REFRESHES: u32 = 2;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConnState {
    Disconnected,
    Connecting,
    Connected,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SubState {
    Unsubscribed,
    Subscribing,
    Subscribed,
}

/// What the runtime reports about the socket, and the client's own timers coming back.
#[derive(Clone, Debug, PartialEq)]
pub enum SocketEvent {
    Opened,
    /// A text frame (one or more newline-separated JSON objects).
    Message(String),
    /// The socket closed (close code and reason; 1006 when the browser gives none).
    Closed {
        code: u16,
        reason: String,
    },
    Timer(Timer),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Timer {
    /// The connection must be established (socket open + connect reply) by now.
    Connect { epoch: u32 },
    /// Command `id` must have its reply by now.
    Reply { epoch: u32, id: u32 },
    /// Time to open a new socket after a backoff.
    Reconnect { epoch: u32 },
    /// Has the server pinged recently enough?
    PingCheck { epoch: u32 },
}

/// What the runtime does with the WebSocket. Opening a socket replaces any previous one, whose
/// events are no longer reported.
#[derive(Clone, Debug, PartialEq)]
pub enum SocketCmd {
    Open { url: String },
    Send(String),
    Close,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Output {
    Socket(SocketCmd),
    /// Feed `SocketEvent::Timer(timer)` back after `ms`.
    Timer {
        ms: u32,
        timer: Timer,
    },
    Connected {
        client: String,
        /// Not the first connection for this identity: something may have been missed.
        reconnect: bool,
    },
    /// After a connect (the first too) every channel answered: refetch what pushes would
    /// have told.
    Recovered,
    Publication {
        channel: String,
        data: Json,
    },
    /// The connection was lost (`error` 1 timeout or 2 transport closed); a new attempt
    /// starts after `delay_ms`.
    Reconnecting {
        delay_ms: u32,
        attempt: u32,
        error: u32,
        detail: String,
    },
    /// Disconnected for good (until the next `connect`): the code said not to reconnect.
    Disconnected {
        code: u16,
        reason: String,
    },
    /// The server says the token expired: refresh it, then call [`Client::resume`].
    NeedToken,
    /// Something worth a log line (a server error reply, a malformed line, ...).
    Error {
        code: u32,
        message: String,
    },
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Pending {
    Connect,
    Subscribe(String),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Client {
    state: ConnState,
    /// Channels in subscribe order, with their state (a few: a Vec, not a map, keeps the
    /// wasm small).
    subs: Vec<(String, SubState)>,
    /// Whom the connection is for: `Some(None)` a guest, `Some(Some(id))` a player; `None`
    /// before the first connect and after `disconnect`.
    target: Option<Option<i64>>,
    token: Option<String>,
    url: String,
    epoch: u32,
    next_id: u32,
    /// Commands awaiting their reply.
    pending: Vec<(u32, Pending)>,
    /// Reconnect attempts since the last successful connect (the backoff step).
    attempts: u32,
    /// A socket is open or opening.
    transport: bool,
    ping_ms: u32,
    pong: bool,
    last_ping_ms: u64,
    /// Successful connects for this target.
    connections: u32,
    awaiting_token: bool,
    token_refreshes: u32,
    recovering: bool,
    jitter: Jitter,
}

impl Default for Client {
    fn default() -> Self {
        Client::new()
    }
}

impl Client {
    pub fn new() -> Client {
        Client {
            state: ConnState::Disconnected,
            subs: Vec::new(),
            target: None,
            token: None,
            url: String::new(),
            epoch: 0,
            next_id: 0,
            pending: Vec::new(),
            attempts: 0,
            transport: false,
            ping_ms: 0,
            pong: false,
            last_ping_ms: 0,
            connections: 0,
            awaiting_token: false,
            token_refreshes: 0,
            recovering: false,
            jitter: Jitter::default(),
        }
    }

    pub fn state(&self) -> ConnState {
        self.state
    }

    pub fn sub_state(&self, channel: &str) -> SubState {
        self.subs
            .iter()
            .find(|(c, _)| c == channel)
            .map_or(SubState::Unsubscribed, |(_, s)| *s)
    }

    pub fn channels(&self) -> impl Iterator<Item = (&str, SubState)> {
        self.subs.iter().map(|(c, s)| (c.as_str(), *s))
    }

    /// `Some(None)` guest, `Some(Some(player id))`, `None` when not asked to connect.
    pub fn target(&self) -> Option<Option<i64>> {
        self.target
    }

    pub fn awaiting_token(&self) -> bool {
        self.awaiting_token
    }

    /// Reconnect attempts since the last successful connect.
    pub fn attempts(&self) -> u32 {
        self.attempts
    }

    /// Connect for `target` (a player id, or `None` for a guest) and subscribe to `channels`.
    /// Any current socket is closed first; its subscriptions end with it.
    pub fn connect(
        &mut self,
        url: &str,
        target: Option<i64>,
        token: Option<String>,
        channels: Vec<String>,
        now: u64,
    ) -> Vec<Output> {
        let mut out = Vec::new();
        self.close_transport(&mut out);
        self.target = Some(target);
        self.token = token;
        self.url = url.to_string();
        self.subs = Vec::with_capacity(channels.len());
        for c in channels {
            if !self.subs.iter().any(|(known, _)| *known == c) {
                self.subs.push((c, SubState::Subscribing));
            }
        }
        self.attempts = 0;
        self.connections = 0;
        self.awaiting_token = false;
        self.token_refreshes = 0;
        self.recovering = false;
        let _ = now;
        self.open(&mut out);
        out
    }

    /// The token the next (re)connect sends.
    pub fn token(&self) -> Option<&str> {
        self.token.as_deref()
    }

    /// A refreshed session token: the live connection keeps going, the next reconnect sends
    /// this one.
    pub fn set_token(&mut self, token: Option<String>) {
        self.token = token;
    }

    /// After [`Output::NeedToken`]: reconnect with the refreshed token.
    pub fn resume(&mut self, token: Option<String>) -> Vec<Output> {
        let mut out = Vec::new();
        if self.awaiting_token && self.state == ConnState::Connecting {
            self.awaiting_token = false;
            self.token = token;
            self.open(&mut out);
        }
        out
    }

    /// Close and stay closed (every subscription ends).
    pub fn disconnect(&mut self) -> Vec<Output> {
        let mut out = Vec::new();
        self.close_transport(&mut out);
        self.epoch = self.epoch.wrapping_add(1);
        self.state = ConnState::Disconnected;
        self.target = None;
        self.awaiting_token = false;
        self.set_all(SubState::Unsubscribed);
        out
    }

    pub fn handle(&mut self, event: SocketEvent, now: u64) -> Vec<Output> {
        let mut out = Vec::new();
        match event {
            SocketEvent::Opened => {
                if self.transport && self.state == ConnState::Connecting {
                    let id = self.next_id();
                    self.pending.push((id, Pending::Connect));
                    let line = protocol::connect(id, self.token.as_deref());
                    out.push(Output::Socket(SocketCmd::Send(line)));
                }
            }
            SocketEvent::Message(text) => {
                let epoch = self.epoch;
                let mut sends = Vec::new();
                for incoming in protocol::decode(&text) {
                    self.incoming(incoming, now, &mut sends, &mut out);
                    if !self.transport || self.epoch != epoch {
                        break;
                    }
                }
                if !sends.is_empty() && self.transport && self.epoch == epoch {
                    // Replies to one frame go back as one frame, newline-separated.
                    out.push(Output::Socket(SocketCmd::Send(protocol::frame(&sends))));
                }
            }
            SocketEvent::Closed { code, reason } => {
                if self.transport {
                    self.transport = false;
                    self.closed(code, &reason, now, &mut out);
                }
            }
            SocketEvent::Timer(t) => self.timer(t, now, &mut out),
        }
        out
    }

    fn incoming(
        &mut self,
        incoming: Incoming,
        now: u64,
        sends: &mut Vec<String>,
        out: &mut Vec<Output>,
    ) {
        match incoming {
            Incoming::Ping => {
                if self.state == ConnState::Connected {
                    self.last_ping_ms = now;
                    if self.pong {
                        sends.push(protocol::PONG.to_string());
                    }
                }
            }
            Incoming::Reply { id, result } => match self.take_pending(id) {
                Some(Pending::Connect) => self.connect_reply(result, now, sends, out),
                Some(Pending::Subscribe(channel)) => self.subscribe_reply(&channel, result, out),
                // A late reply to a command of an older connection.
                None => {}
            },
            Incoming::Publication { channel, data } => {
                if self.sub_state(&channel) != SubState::Unsubscribed {
                    out.push(Output::Publication { channel, data });
                }
            }
            Incoming::Unsubscribed { channel } => {
                self.set_sub(&channel, SubState::Unsubscribed);
                out.push(Output::Error {
                    code: 0,
                    message: format!("server unsubscribed {channel}"),
                });
            }
            Incoming::Disconnect { code, reason } => {
                self.close_transport(out);
                self.closed(code, &reason, now, out);
            }
            Incoming::Ignored => {}
            Incoming::Malformed(line) => out.push(Output::Error {
                code: 0,
                message: format!("malformed frame line dropped: {line}"),
            }),
        }
    }

    fn connect_reply(
        &mut self,
        result: Result<Json, ReplyError>,
        now: u64,
        sends: &mut Vec<String>,
        out: &mut Vec<Output>,
    ) {
        match result {
            Ok(reply) => {
                let info = protocol::read_connected(&reply);
                self.state = ConnState::Connected;
                self.attempts = 0;
                self.token_refreshes = 0;
                self.ping_ms = info.ping_s.saturating_mul(1000);
                self.pong = info.pong;
                self.last_ping_ms = now;
                let reconnect = self.connections > 0;
                self.connections = self.connections.saturating_add(1);
                // Every connect, the first too: what was published before the channels were
                // subscribed (after the session's first loads) is not replayed either.
                self.recovering = true;
                out.push(Output::Connected {
                    client: info.client,
                    reconnect,
                });
                if self.ping_ms > 0 {
                    out.push(Output::Timer {
                        ms: self.ping_ms.saturating_add(PING_GRACE_MS),
                        timer: Timer::PingCheck { epoch: self.epoch },
                    });
                }
                for i in 0..self.subs.len() {
                    let id = self.next_id();
                    let Some(sub) = self.subs.get_mut(i) else {
                        continue;
                    };
                    let channel = sub.0.clone();
                    sub.1 = SubState::Subscribing;
                    sends.push(protocol::subscribe(id, &channel));
                    self.pending.push((id, Pending::Subscribe(channel)));
                    out.push(Output::Timer {
                        ms: TIMEOUT_MS,
                        timer: Timer::Reply {
                            epoch: self.epoch,
                            id,
                        },
                    });
                }
                self.check_recovered(out);
            }
            Err(e) if e.code == ERROR_TOKEN_EXPIRED => {
                self.close_transport(out);
                self.token_refreshes += 1;
                if self.token_refreshes > MAX_TOKEN_REFRESHES {
                    self.give_up(DISCONNECT_INVALID_TOKEN, "token keeps expiring", out);
                } else {
                    self.awaiting_token = true;
                    out.push(Output::NeedToken);
                }
            }
            Err(e) => {
                out.push(Output::Error {
                    code: e.code,
                    message: format!("connect: {}", e.message),
                });
                self.restart(
                    ERROR_TRANSPORT_CLOSED,
                    format!("connect error {}", e.code),
                    now,
                    out,
                );
            }
        }
    }

    fn subscribe_reply(
        &mut self,
        channel: &str,
        result: Result<Json, ReplyError>,
        out: &mut Vec<Output>,
    ) {
        let state = match result {
            Ok(_) => SubState::Subscribed,
            Err(e) if e.code == ERROR_ALREADY_SUBSCRIBED => SubState::Subscribed,
            Err(e) => {
                out.push(Output::Error {
                    code: e.code,
                    message: format!("subscribe {channel}: {}", e.message),
                });
                SubState::Unsubscribed
            }
        };
        self.set_sub(channel, state);
        self.check_recovered(out);
    }

    fn check_recovered(&mut self, out: &mut Vec<Output>) {
        let waiting = self
            .pending
            .iter()
            .any(|(_, p)| matches!(p, Pending::Subscribe(_)));
        if self.recovering && !waiting {
            self.recovering = false;
            out.push(Output::Recovered);
        }
    }

    fn timer(&mut self, timer: Timer, now: u64, out: &mut Vec<Output>) {
        match timer {
            Timer::Connect { epoch } => {
                if epoch == self.epoch && self.transport && self.state == ConnState::Connecting {
                    self.restart(ERROR_TIMEOUT, "connect timeout".into(), now, out);
                }
            }
            Timer::Reply { epoch, id } => {
                if epoch == self.epoch && self.pending.iter().any(|(p, _)| *p == id) {
                    self.restart(ERROR_TIMEOUT, format!("no reply to command {id}"), now, out);
                }
            }
            Timer::Reconnect { epoch } => {
                if epoch == self.epoch
                    && self.state == ConnState::Connecting
                    && !self.transport
                    && !self.awaiting_token
                {
                    self.open(out);
                }
            }
            Timer::PingCheck { epoch } => {
                if epoch != self.epoch || self.state != ConnState::Connected || self.ping_ms == 0 {
                    return;
                }
                let deadline = self
                    .last_ping_ms
                    .saturating_add(u64::from(self.ping_ms))
                    .saturating_add(u64::from(PING_GRACE_MS));
                if now >= deadline {
                    self.restart(ERROR_TIMEOUT, "no ping from the server".into(), now, out);
                } else {
                    out.push(Output::Timer {
                        ms: u32::try_from(deadline - now).unwrap_or(u32::MAX),
                        timer: Timer::PingCheck { epoch },
                    });
                }
            }
        }
    }

    /// The transport is gone (closed by the server or the network, or a disconnect push).
    fn closed(&mut self, code: u16, reason: &str, now: u64, out: &mut Vec<Output>) {
        self.pending.clear();
        if self.state == ConnState::Disconnected || self.awaiting_token {
            return;
        }
        if should_reconnect(code) {
            self.schedule_reconnect(
                ERROR_TRANSPORT_CLOSED,
                format!("transport closed: {code} {reason}"),
                now,
                out,
            );
        } else {
            self.give_up(code, reason, out);
        }
    }

    /// Drop the current socket and try again after a backoff.
    fn restart(&mut self, error: u32, detail: String, now: u64, out: &mut Vec<Output>) {
        self.close_transport(out);
        self.schedule_reconnect(error, detail, now, out);
    }

    fn schedule_reconnect(&mut self, error: u32, detail: String, now: u64, out: &mut Vec<Output>) {
        self.state = ConnState::Connecting;
        for (_, s) in self.subs.iter_mut() {
            if *s == SubState::Subscribed {
                *s = SubState::Subscribing;
            }
        }
        let delay_ms = backoff::delay(self.attempts, self.jitter.next(now));
        self.attempts = self.attempts.saturating_add(1);
        out.push(Output::Timer {
            ms: delay_ms,
            timer: Timer::Reconnect { epoch: self.epoch },
        });
        out.push(Output::Reconnecting {
            delay_ms,
            attempt: self.attempts,
            error,
            detail,
        });
    }

    fn give_up(&mut self, code: u16, reason: &str, out: &mut Vec<Output>) {
        self.state = ConnState::Disconnected;
        self.awaiting_token = false;
        self.set_all(SubState::Unsubscribed);
        out.push(Output::Disconnected {
            code,
            reason: reason.to_string(),
        });
    }

    fn open(&mut self, out: &mut Vec<Output>) {
        self.epoch = self.epoch.wrapping_add(1);
        self.state = ConnState::Connecting;
        self.transport = true;
        self.pending.clear();
        out.push(Output::Socket(SocketCmd::Open {
            url: self.url.clone(),
        }));
        out.push(Output::Timer {
            ms: TIMEOUT_MS,
            timer: Timer::Connect { epoch: self.epoch },
        });
    }

    fn close_transport(&mut self, out: &mut Vec<Output>) {
        if self.transport {
            self.transport = false;
            out.push(Output::Socket(SocketCmd::Close));
        }
        self.pending.clear();
    }

    fn set_all(&mut self, state: SubState) {
        for (_, s) in self.subs.iter_mut() {
            *s = state;
        }
    }

    fn set_sub(&mut self, channel: &str, state: SubState) {
        if let Some((_, s)) = self.subs.iter_mut().find(|(c, _)| c == channel) {
            *s = state;
        }
    }

    fn take_pending(&mut self, id: u32) -> Option<Pending> {
        let i = self.pending.iter().position(|(p, _)| *p == id)?;
        Some(self.pending.swap_remove(i).1)
    }

    fn next_id(&mut self) -> u32 {
        self.next_id = self.next_id.wrapping_add(1).max(1);
        self.next_id
    }
}
