//! The registry of live connections and their subscriptions; fan-out of publications.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

use serde_json::Value;
use tokio::sync::mpsc;

use super::protocol;

/// What a connection's socket task is told to do.
#[derive(Debug)]
pub enum Outgoing {
    /// A ready JSON line (push or reply).
    Text(String),
    /// Close the socket with a Centrifuge disconnect code and reason.
    Close(protocol::Disconnect),
}

/// What a subscribe did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Subscribed {
    Yes,
    Already,
    OverLimit,
}

/// Identity of one connection, as the hub sees it.
#[derive(Debug, Clone)]
pub struct ConnInfo {
    pub player_id: Option<i64>,
    pub session_id: Option<i64>,
}

struct Entry {
    info: ConnInfo,
    channels: HashSet<String>,
    tx: mpsc::UnboundedSender<Outgoing>,
}

#[derive(Default)]
pub struct Hub {
    next_id: AtomicU64,
    conns: Mutex<HashMap<u64, Entry>>,
}

impl Hub {
    fn conns(&self) -> std::sync::MutexGuard<'_, HashMap<u64, Entry>> {
        self.conns.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Sets who the connection is unless its session already has `max` other connections:
    /// checked and set under one lock, so parallel sockets cannot all slip under the cap.
    pub fn set_info_within(&self, key: u64, info: ConnInfo, max: usize) -> bool {
        let mut conns = self.conns();
        if let Some(sid) = info.session_id {
            let others = conns
                .iter()
                .filter(|(k, e)| **k != key && e.info.session_id == Some(sid))
                .count();
            if others >= max {
                return false;
            }
        }
        if let Some(e) = conns.get_mut(&key) {
            e.info = info;
        }
        true
    }

    /// Registers a freshly opened socket (identity unknown until `connect`); returns its key.
    pub fn register(&self, info: ConnInfo, tx: mpsc::UnboundedSender<Outgoing>) -> u64 {
        let key = self.next_id.fetch_add(1, Ordering::Relaxed);
        self.conns().insert(
            key,
            Entry {
                info,
                channels: HashSet::new(),
                tx,
            },
        );
        key
    }

    pub fn unregister(&self, key: u64) {
        self.conns().remove(&key);
    }

    /// Adds a subscription unless the connection already has it or holds `max` channels.
    pub fn subscribe(&self, key: u64, channel: &str, max: usize) -> Subscribed {
        let mut conns = self.conns();
        let Some(e) = conns.get_mut(&key) else {
            return Subscribed::Already;
        };
        if e.channels.contains(channel) {
            Subscribed::Already
        } else if e.channels.len() >= max {
            Subscribed::OverLimit
        } else {
            e.channels.insert(channel.to_string());
            Subscribed::Yes
        }
    }

    pub fn unsubscribe(&self, key: u64, channel: &str) {
        if let Some(e) = self.conns().get_mut(&key) {
            e.channels.remove(channel);
        }
    }

    /// Sends `{"push":{"channel","pub":{"data"}}}` to every subscriber; returns how many.
    pub fn publish(&self, channel: &str, data: &Value) -> usize {
        let line = protocol::publication(channel, data);
        let conns = self.conns();
        let mut delivered = 0;
        for entry in conns.values() {
            if entry.channels.contains(channel)
                && entry.tx.send(Outgoing::Text(line.clone())).is_ok()
            {
                delivered += 1;
            }
        }
        delivered
    }

    /// Disconnects matching connections; returns how many.
    pub fn close_where(
        &self,
        pred: impl Fn(&ConnInfo) -> bool,
        disconnect: protocol::Disconnect,
    ) -> usize {
        let conns = self.conns();
        conns
            .values()
            .filter(|e| pred(&e.info))
            .filter(|e| e.tx.send(Outgoing::Close(disconnect)).is_ok())
            .count()
    }

    pub fn connection_count(&self) -> usize {
        self.conns().len()
    }
}
