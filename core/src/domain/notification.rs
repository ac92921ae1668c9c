//! Notifications (SPEC §3, §4 "Notifications", §9): messenger messages and pushes, read /
//! read-all / new-message reducers, the popover cap of 3.
//!
//! # Decisions
//!
//! - `readAt` is the ISO-8601 UTC time of the `now_ms` argument.
//! - Reading decrements the unread count by the number of messages that were unread in the
//!   list (never below 0); the server's `totalUnread` answer, when it arrives, replaces it via
//!   [`Notifications::set_total_unread`].
//! - A "new" message whose id is already listed replaces it; the count changes only if its
//!   unread flag changed.

use crate::domain::locale::iso8601_from_ms;
use serde::{Deserialize, Serialize};

/// State 1: unread.
pub const STATE_UNREAD: u8 = 1;
/// State 2: read.
pub const STATE_READ: u8 = 2;
/// Items in the notification popover.
pub const POPOVER_ITEMS: usize = 3;
/// Push list page size.
pub const PUSH_PAGE_SIZE: u32 = 20;

/// `content`.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MessageContent {
    #[serde(default)]
    pub title: String,
}

/// A messenger message (SPEC §3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Message {
    pub id: u64,
    #[serde(default)]
    pub read_at: Option<String>,
    pub state: u8,
    #[serde(default)]
    pub content: MessageContent,
}

impl Message {
    pub fn is_unread(&self) -> bool {
        self.state != STATE_READ
    }
}

/// List meta of pushes (SPEC §3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PushMeta {
    pub page: u32,
    pub per_page: u32,
    pub total_pages: u32,
    pub total_rows: u64,
    pub total_unread: u64,
}

/// The popover state: latest messages (at most 3) and the unread count.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Notifications {
    pub items: Vec<Message>,
    pub total_unread: u64,
}

impl Notifications {
    /// From a loaded page and its `totalUnread`.
    pub fn loaded(mut items: Vec<Message>, total_unread: u64) -> Notifications {
        items.truncate(POPOVER_ITEMS);
        Notifications {
            items,
            total_unread,
        }
    }

    /// Marks `ids` read at `now_ms`: `readAt` set, state 2.
    pub fn read(&mut self, ids: &[u64], now_ms: u64) {
        let at = iso8601_from_ms(now_ms);
        let mut newly = 0u64;
        for m in self.items.iter_mut().filter(|m| ids.contains(&m.id)) {
            if m.is_unread() {
                newly = newly.saturating_add(1);
            }
            m.state = STATE_READ;
            if m.read_at.is_none() {
                m.read_at = Some(at.clone());
            }
        }
        self.total_unread = self.total_unread.saturating_sub(newly);
    }

    /// Read-all: every state 2, the count 0.
    pub fn read_all(&mut self, now_ms: u64) {
        let at = iso8601_from_ms(now_ms);
        for m in &mut self.items {
            m.state = STATE_READ;
            if m.read_at.is_none() {
                m.read_at = Some(at.clone());
            }
        }
        self.total_unread = 0;
    }

    /// A new message: unread +1 (if unread), prepended, list capped at 3.
    pub fn on_new(&mut self, msg: Message) {
        let was_unread = match self.items.iter().position(|m| m.id == msg.id) {
            Some(pos) => Some(self.items.remove(pos).is_unread()),
            None => None,
        };
        match (was_unread, msg.is_unread()) {
            (None | Some(false), true) => self.total_unread = self.total_unread.saturating_add(1),
            (Some(true), false) => self.total_unread = self.total_unread.saturating_sub(1),
            _ => {}
        }
        self.items.insert(0, msg);
        self.items.truncate(POPOVER_ITEMS);
    }

    /// Deleted messages leave the list (and the count, if unread).
    pub fn delete(&mut self, ids: &[u64]) {
        let unread = self
            .items
            .iter()
            .filter(|m| ids.contains(&m.id) && m.is_unread())
            .count();
        self.items.retain(|m| !ids.contains(&m.id));
        self.total_unread = self
            .total_unread
            .saturating_sub(u64::try_from(unread).unwrap_or(u64::MAX));
    }

    /// The server's authoritative count.
    pub fn set_total_unread(&mut self, total: u64) {
        self.total_unread = total;
    }
}
