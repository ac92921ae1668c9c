//! Notifications (SPEC §4 Notifications, §7 Notifications, §9 popover 3 and page size 20): the
//! header bell's unread count and its 3 newest messages, the full list of messages and pushes
//! with read, read-all and delete, new ones live on `messenger:notifications#{id}` and
//! `messenger:pushes#{id}`; and the contact form (`POST /api/notification/communications`).

pub mod view;
mod wire;

use crate::app::calls::{Answer, Auth, Endpoint, ResponseError, Route};
use crate::app::effect::{LogLevel, Method};
use crate::app::feature::{Cx, Feature, Hook, SessionChange};
use crate::app::forms::{self, FormState};
use crate::app::registry::{FormId, Req};
use crate::domain::notification::{POPOVER_ITEMS, PUSH_PAGE_SIZE, STATE_READ};
use crate::domain::realtime::push::Push;
use crate::domain::validation::Rule;
use serde::Serialize;

pub use wire::Note;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Notifications {
    /// The newest messages, at most 3 (the popover).
    pub latest: Vec<Note>,
    /// Unread messages (`totalUnread`).
    pub unread: u64,
    /// Unread pushes.
    pub push_unread: u64,
    pub inbox: Inbox,
    pub contact: FormState,
    /// The contact message went out: the page thanks the player.
    pub contact_sent: bool,
    /// Signed in: the contact form takes the account's e-mail instead of asking for one.
    player: bool,
}

/// The full list: one tab's page at a time.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Inbox {
    pub shown: bool,
    pub pushes: bool,
    pub items: Vec<Note>,
    pub page: u32,
    pub pages: u32,
    pub loading: bool,
    pub failed: bool,
}

#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum NotificationsUi {
    /// Show the full list on a tab and page (1-based).
    InboxShow {
        pushes: bool,
        page: u32,
    },
    InboxHide,
    NotificationsRead {
        ids: Vec<u64>,
    },
    NotificationsReadAll,
    NotificationsDelete {
        ids: Vec<u64>,
    },
    PushesRead {
        ids: Vec<u64>,
    },
    PushesReadAll,
    /// Write another contact message after one was sent.
    ContactAgain,
}

/// Messages marked read or deleted.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MessagesBody<'a> {
    pub message_ids: &'a [u64],
}

/// Pushes marked read.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PushesBody<'a> {
    pub push_ids: &'a [u64],
}

/// A message to support; a visitor gives an address, a player's is known.
#[derive(Serialize)]
pub struct ContactBody<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub email: Option<&'a str>,
    pub subject: &'a str,
    pub message: &'a str,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Call {
    /// The popover: page 1 of 3.
    Latest,
    /// The unread pushes' count (a page of one).
    PushCount,
    Page {
        pushes: bool,
        page: u32,
    },
    Read(Vec<u64>),
    ReadAll,
    Delete(Vec<u64>),
    PushRead(Vec<u64>),
    PushReadAll,
    Contact {
        player: bool,
    },
}

const MESSAGES: &str = "/api/notification/messenger/messages";
const PUSHES: &str = "/api/notification/pushes";

impl Endpoint for Call {
    fn endpoint(&self) -> Route {
        use Method::{Delete, Post};
        let page = |path: &str, page: u32, per: u32| Route::paged(path, Auth::Player, page, per);
        match self {
            Call::Latest => page(MESSAGES, 1, POPOVER_ITEMS as u32),
            Call::PushCount => page(PUSHES, 1, 1),
            Call::Page { pushes, page: p } => {
                page(if *pushes { PUSHES } else { MESSAGES }, *p, PUSH_PAGE_SIZE)
            }
            Call::Read(_) => Route::write(
                Post,
                "/api/notification/messenger/messages/read",
                Auth::Player,
            ),
            Call::ReadAll => Route::write(
                Post,
                "/api/notification/messenger/messages/read/all",
                Auth::Player,
            ),
            Call::Delete(_) => Route::write(Delete, MESSAGES, Auth::Player),
            Call::PushRead(_) => Route::write(Post, "/api/notification/pushes/read", Auth::Player),
            Call::PushReadAll => {
                Route::write(Post, "/api/notification/pushes/read/all", Auth::Player)
            }
            // A frontend form: the captcha (SPEC §7 action frontend_form) guards it.
            Call::Contact { player } => Route::write(
                Post,
                "/api/notification/communications",
                if *player { Auth::Player } else { Auth::Public },
            )
            .guarded(),
        }
    }
}

impl Feature for Notifications {
    type Ui = NotificationsUi;
    type Call = Call;
    type Tick = ();

    fn ui(&mut self, event: NotificationsUi, cx: &mut Cx) {
        if !cx.shared.is_player() && !matches!(event, NotificationsUi::ContactAgain) {
            return;
        }
        match event {
            NotificationsUi::InboxShow { pushes, page } => {
                let page = page.max(1);
                self.inbox.shown = true;
                if self.inbox.pushes != pushes {
                    self.inbox.items.clear();
                    self.inbox.pages = 0;
                }
                self.inbox.pushes = pushes;
                self.inbox.page = page;
                self.inbox.loading = true;
                self.inbox.failed = false;
                cx.call(Req::Notifications(Call::Page { pushes, page }), None);
            }
            NotificationsUi::InboxHide => self.inbox = Inbox::default(),
            NotificationsUi::NotificationsRead { ids } => {
                let newly = self.mark(&ids, false);
                self.unread = self.unread.saturating_sub(newly);
                let body = crate::json::body(&MessagesBody { message_ids: &ids });
                cx.call(Req::Notifications(Call::Read(ids)), Some(body));
            }
            NotificationsUi::NotificationsReadAll => {
                self.mark_all(false);
                self.unread = 0;
                cx.call(Req::Notifications(Call::ReadAll), None);
            }
            NotificationsUi::NotificationsDelete { ids } => {
                let unread = self
                    .latest
                    .iter()
                    .chain(self.inbox_of(false))
                    .filter(|n| ids.contains(&n.id) && n.unread())
                    .map(|n| n.id)
                    .fold(Vec::new(), |mut seen, id| {
                        if !seen.contains(&id) {
                            seen.push(id);
                        }
                        seen
                    })
                    .len();
                self.unread = self.unread.saturating_sub(unread as u64);
                self.latest.retain(|n| !ids.contains(&n.id));
                if !self.inbox.pushes {
                    self.inbox.items.retain(|n| !ids.contains(&n.id));
                }
                let body = crate::json::body(&MessagesBody { message_ids: &ids });
                cx.call(Req::Notifications(Call::Delete(ids)), Some(body));
            }
            NotificationsUi::PushesRead { ids } => {
                let newly = self.mark(&ids, true);
                self.push_unread = self.push_unread.saturating_sub(newly);
                let body = crate::json::body(&PushesBody { push_ids: &ids });
                cx.call(Req::Notifications(Call::PushRead(ids)), Some(body));
            }
            NotificationsUi::PushesReadAll => {
                self.mark_all(true);
                self.push_unread = 0;
                cx.call(Req::Notifications(Call::PushReadAll), None);
            }
            NotificationsUi::ContactAgain => self.contact_sent = false,
        }
    }

    fn hook(&mut self, hook: &Hook, cx: &mut Cx) -> bool {
        match hook {
            Hook::Session(SessionChange::Started { .. }) => {
                self.player = true;
                cx.forms_changed();
                self.load(cx);
            }
            Hook::Refetch => {
                if self.player {
                    self.load(cx);
                }
            }
            Hook::Session(SessionChange::Ended) => {
                // What a guest was typing to support stays; the rest was the player's.
                let contact = std::mem::take(&mut self.contact);
                *self = Notifications::default();
                self.contact = contact;
                cx.forms_changed();
            }
            Hook::Push(Push::Message(data)) => {
                let Some(note) = Note::read(data) else {
                    cx.log(
                        LogLevel::Warn,
                        "realtime: message push dropped: not a message",
                    );
                    return false;
                };
                self.on_new(note, false);
            }
            Hook::Push(Push::PushNote(data)) => {
                let Some(note) = Note::read(data) else {
                    cx.log(LogLevel::Warn, "realtime: push dropped: not a push");
                    return false;
                };
                self.on_new(note, true);
            }
            _ => return false,
        }
        true
    }

    fn answered(&mut self, call: Call, answer: Answer, cx: &mut Cx) {
        match call {
            Call::Latest => match answer.map(|b| wire::page(&b)) {
                Ok(Some((mut items, _, unread))) => {
                    items.truncate(POPOVER_ITEMS);
                    self.latest = items;
                    self.unread = unread;
                }
                Ok(None) => cx.log(LogLevel::Warn, "notifications: not a page"),
                Err(e) => cx.log_err(LogLevel::Warn, "notifications", &e),
            },
            Call::PushCount => match answer.map(|b| wire::page(&b)) {
                Ok(Some((_, _, unread))) => self.push_unread = unread,
                Ok(None) => cx.log(LogLevel::Warn, "pushes: not a page"),
                Err(e) => cx.log_err(LogLevel::Warn, "pushes", &e),
            },
            Call::Page { pushes, page } => {
                if pushes != self.inbox.pushes || page != self.inbox.page {
                    return;
                }
                self.inbox.loading = false;
                match answer.map(|b| wire::page(&b)) {
                    Ok(Some((items, pages, unread))) => {
                        self.inbox.items = items;
                        self.inbox.pages = pages;
                        self.inbox.failed = false;
                        if pushes {
                            self.push_unread = unread;
                        } else {
                            self.unread = unread;
                        }
                    }
                    Ok(None) => self.page_failed(cx, "inbox: not a page"),
                    Err(e) => {
                        cx.log_err(LogLevel::Warn, "inbox", &e);
                        self.inbox.failed = true;
                    }
                }
            }
            // The server's count is the truth once it answers.
            Call::Read(_) | Call::ReadAll | Call::Delete(_) => match answer {
                Ok(b) => {
                    if let Some(n) = wire::unread(&b) {
                        self.unread = n;
                    }
                }
                Err(e) => self.write_failed(e, cx),
            },
            Call::PushRead(_) | Call::PushReadAll => match answer {
                Ok(b) => {
                    if let Some(n) = wire::unread(&b) {
                        self.push_unread = n;
                    }
                }
                Err(e) => self.write_failed(e, cx),
            },
            Call::Contact { .. } => match answer {
                Ok(_) => {
                    self.contact.reset();
                    self.contact_sent = true;
                    cx.forms_changed();
                    cx.success("alerts.contactSent");
                }
                Err(e) => {
                    let rules = contact_rules(self.player);
                    forms::failed(&mut self.contact, &rules, e, cx);
                }
            },
        }
    }

    fn form_rules(&self, _form: FormId) -> Vec<(String, Vec<Rule>)> {
        contact_rules(self.player)
    }

    fn form(&mut self, form: FormId) -> Option<&mut FormState> {
        (form == FormId::Contact).then_some(&mut self.contact)
    }

    fn form_state(&self, form: FormId) -> Option<&FormState> {
        (form == FormId::Contact).then_some(&self.contact)
    }

    fn submit(&mut self, _form: FormId, cx: &mut Cx) {
        let player = self.player;
        let email = self.contact.text("email");
        let (subject, message) = (self.contact.text("subject"), self.contact.text("message"));
        let body = ContactBody {
            email: (!player).then_some(email.as_str()),
            subject: &subject,
            message: &message,
        };
        cx.send(Req::Notifications(Call::Contact { player }), &body);
    }
}

fn contact_rules(player: bool) -> Vec<(String, Vec<Rule>)> {
    let mut rules = Vec::new();
    if !player {
        rules.push(("email".into(), vec![Rule::Required, Rule::Email]));
    }
    rules.push(("subject".into(), vec![Rule::Required, Rule::Max(200)]));
    rules.push((
        "message".into(),
        vec![Rule::Required, Rule::Min(10), Rule::Max(5000)],
    ));
    rules
}

impl Notifications {
    fn load(&mut self, cx: &mut Cx) {
        cx.call(Req::Notifications(Call::Latest), None);
        cx.call(Req::Notifications(Call::PushCount), None);
        if self.inbox.shown {
            let (pushes, page) = (self.inbox.pushes, self.inbox.page.max(1));
            self.inbox.loading = true;
            cx.call(Req::Notifications(Call::Page { pushes, page }), None);
        }
    }

    fn inbox_of(&self, pushes: bool) -> impl Iterator<Item = &Note> {
        self.inbox
            .items
            .iter()
            .filter(move |_| self.inbox.pushes == pushes)
    }

    /// Marks `ids` read where they are listed; returns how many distinct ones were unread.
    fn mark(&mut self, ids: &[u64], pushes: bool) -> u64 {
        let mut newly: Vec<u64> = Vec::new();
        let inbox = self.inbox.pushes == pushes;
        let lists = [
            (!pushes).then_some(&mut self.latest),
            inbox.then_some(&mut self.inbox.items),
        ];
        for list in lists.into_iter().flatten() {
            for n in list.iter_mut().filter(|n| ids.contains(&n.id)) {
                if n.unread() && !newly.contains(&n.id) {
                    newly.push(n.id);
                }
                n.state = STATE_READ;
            }
        }
        newly.len() as u64
    }

    fn mark_all(&mut self, pushes: bool) {
        if !pushes {
            for n in &mut self.latest {
                n.state = STATE_READ;
            }
        }
        if self.inbox.pushes == pushes {
            for n in &mut self.inbox.items {
                n.state = STATE_READ;
            }
        }
    }

    /// SPEC §4: a new one raises the count and is prepended; the popover keeps 3.
    fn on_new(&mut self, note: Note, pushes: bool) {
        let known = if pushes {
            self.inbox_of(true).any(|n| n.id == note.id)
        } else {
            self.latest
                .iter()
                .chain(self.inbox_of(false))
                .any(|n| n.id == note.id)
        };
        if !known && note.unread() {
            if pushes {
                self.push_unread += 1;
            } else {
                self.unread += 1;
            }
        }
        if !pushes {
            self.latest.retain(|n| n.id != note.id);
            self.latest.insert(0, note.clone());
            self.latest.truncate(POPOVER_ITEMS);
        }
        if self.inbox.shown && self.inbox.pushes == pushes && self.inbox.page == 1 {
            self.inbox.items.retain(|n| n.id != note.id);
            self.inbox.items.insert(0, note);
            self.inbox.items.truncate(PUSH_PAGE_SIZE as usize);
        }
    }

    fn page_failed(&mut self, cx: &mut Cx, why: &str) {
        cx.log(LogLevel::Warn, why);
        self.inbox.failed = true;
    }

    /// A read or delete failed: the list is reloaded so nothing shows a state the server
    /// does not hold.
    fn write_failed(&mut self, e: ResponseError, cx: &mut Cx) {
        cx.log_err(LogLevel::Warn, "notifications", &e);
        cx.error("alerts.somethingWrong");
        self.load(cx);
    }
}
