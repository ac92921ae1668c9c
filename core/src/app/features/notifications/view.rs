//! The `notifications` slice: the bell's count, the popover's newest 3, the full list's page,
//! and whether the contact message went out. Titles and bodies go out as the server sent
//! them; the view renders them as text only.

use serde::Serialize;

use super::Note;
use crate::app::feature::Shared;
use crate::app::model::Config;
use crate::domain::locale::DateFormat;
use crate::domain::zone::Zone;

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct NoteView {
    pub id: u64,
    pub title: String,
    /// Server text that may hold markup: shown as text, never injected.
    pub body: String,
    pub unread: bool,
    /// ISO-8601.
    pub created_at: String,
    /// As the player reads it (SPEC §9 date-time `DD.MM.YY, HH:mm`, the device's zone); empty
    /// when the server's text is unreadable.
    pub created_text: String,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct InboxView {
    pub shown: bool,
    pub pushes: bool,
    pub items: Vec<NoteView>,
    pub page: u32,
    pub pages: u32,
    pub loading: bool,
    pub failed: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct NotificationsView {
    /// Unread messages and pushes together: the bell's badge.
    pub unread: u64,
    pub unread_messages: u64,
    pub unread_pushes: u64,
    /// The popover: the 3 newest messages.
    pub latest: Vec<NoteView>,
    pub inbox: InboxView,
    pub contact_sent: bool,
}

fn note(n: &Note, zone: &Zone) -> NoteView {
    NoteView {
        id: n.id,
        title: n.title.clone(),
        body: n.body.clone(),
        unread: n.unread(),
        created_at: n.created_at.clone(),
        created_text: zone.format_iso(&n.created_at, DateFormat::DateTime),
    }
}

pub fn slice(f: &super::Notifications, shared: &Shared, _config: &Config) -> NotificationsView {
    let i = &f.inbox;
    NotificationsView {
        unread: f.unread.saturating_add(f.push_unread),
        unread_messages: f.unread,
        unread_pushes: f.push_unread,
        latest: f.latest.iter().map(|n| note(n, shared.zone())).collect(),
        inbox: InboxView {
            shown: i.shown,
            pushes: i.pushes,
            items: i.items.iter().map(|n| note(n, shared.zone())).collect(),
            page: i.page,
            pages: i.pages,
            loading: i.loading,
            failed: i.failed,
        },
        contact_sent: f.contact_sent,
    }
}
