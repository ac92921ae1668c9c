//! Messenger messages and pushes of docs/API.md (SPEC §3: id, state, readAt, content.title;
//! the sandbox adds content.body and createdAt), read by hand from the dynamic JSON value.

use crate::json::whole;
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

impl Note {
    pub fn unread(&self) -> bool {
        self.state != crate::domain::notification::STATE_READ
    }

    pub fn read(v: &Json) -> Option<Note> {
        let id = whole(v.get("id")?).and_then(|n| u64::try_from(n).ok())?;
        let state = v.get("state").and_then(whole).unwrap_or(1);
        let content = v.get("content");
        let text = |from: Option<&Json>, key: &str| {
            from.and_then(|c| c.get(key))
                .and_then(Json::as_str)
                .unwrap_or_default()
                .to_string()
        };
        Some(Note {
            id,
            state: if state == 2 { 2 } else { 1 },
            title: text(content, "title"),
            body: text(content, "body"),
            created_at: text(Some(v), "createdAt"),
        })
    }
}

/// `{data: [..], meta: {totalPages, totalUnread}}`: (items, total pages, total unread).
pub fn page(body: &str) -> Option<(Vec<Note>, u32, u64)> {
    let v = crate::json::parse(body).ok()?;
    let items = crate::vecs::keep(v.get("data")?.as_array()?, Note::read);
    let meta = v.get("meta");
    let num = |k: &str| meta.and_then(|m| m.get(k)).and_then(whole).unwrap_or(0);
    Some((
        items,
        u32::try_from(num("totalPages")).unwrap_or(0),
        u64::try_from(num("totalUnread")).unwrap_or(0),
    ))
}

/// `{totalUnread}`.
pub fn unread(body: &str) -> Option<u64> {
    let v = crate::json::parse(body).ok()?;
    whole(v.get("totalUnread")?).and_then(|n| u64::try_from(n).ok())
}
