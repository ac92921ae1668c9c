//! Messenger messages and pushes of docs/API.md (SPEC §3: id, state, readAt, content.title;
//! the sandbox adds content.body and createdAt), read by their serde derives: a message
//! without a whole id is left out, other odd fields read as empty.

use serde::Deserialize;

use crate::app::wire::{lenient, Paged};
use crate::json::Json;

#[derive(Clone, Debug, PartialEq)]
pub struct Note {
    pub id: u64,
    /// 1 unread, 2 read.
    pub state: u8,
    pub title: String,
    /// As the server sent it; the view shows it as text, never as markup.
    pub body: String,
    pub created_at: String,
}

/// A message as the API writes it.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct WireNote {
    id: u64,
    #[serde(default, deserialize_with = "lenient")]
    state: i64,
    #[serde(default, deserialize_with = "lenient")]
    content: Content,
    #[serde(default, deserialize_with = "lenient")]
    created_at: String,
}

#[derive(Default, Deserialize)]
#[serde(default)]
struct Content {
    #[serde(deserialize_with = "lenient")]
    title: String,
    #[serde(deserialize_with = "lenient")]
    body: String,
}

/// The inbox page's `meta` (`{data: [..], meta: {totalPages, totalUnread}}`); messages that
/// do not read are left out ([`Note::read`]).
#[derive(Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
struct Meta {
    #[serde(deserialize_with = "lenient")]
    total_pages: u32,
    #[serde(deserialize_with = "lenient")]
    total_unread: u64,
}

/// `{totalUnread}`.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Unread {
    total_unread: u64,
}

impl From<WireNote> for Note {
    fn from(n: WireNote) -> Note {
        Note {
            id: n.id,
            state: if n.state == 2 { 2 } else { 1 },
            title: n.content.title,
            body: n.content.body,
            created_at: n.created_at,
        }
    }
}

impl Note {
    pub fn unread(&self) -> bool {
        self.state != crate::domain::notification::STATE_READ
    }

    pub fn read(v: &Json) -> Option<Note> {
        WireNote::deserialize(v).ok().map(Note::from)
    }
}

/// (items, total pages, total unread); `None` unless the body has a `data` list.
pub fn page(body: &str) -> Option<(Vec<Note>, u32, u64)> {
    let page: Paged<Meta> = crate::json::from_str(body).ok()?;
    let items = page.data.iter().filter_map(Note::read).collect();
    Some((items, page.meta.total_pages, page.meta.total_unread))
}

pub fn unread(body: &str) -> Option<u64> {
    crate::json::from_str::<Unread>(body)
        .ok()
        .map(|u| u.total_unread)
}
