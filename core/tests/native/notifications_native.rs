//! Notifications (issue 14; SPEC §4 Notifications, §9 popover 3, page size 20): the bell's
//! count and popover, the full list's pages, read / read-all / delete, live messages and
//! pushes, malformed pushes ignored, and the contact form.

use crate::support;

use croupier_core::app::effect::Method;
use croupier_core::app::features::notifications::{self, NotificationsUi};
use croupier_core::app::{
    update, view, AppUi, Boot, Config, Effect, Event, FormId, FormValue, Model, Req,
};
use croupier_core::domain::realtime::SocketEvent;
use croupier_core::domain::zone::Zone;
use serde_json::json;
use support::{http, respond, ui, NOW};

fn n(c: notifications::Call) -> Req {
    Req::Notifications(c)
}

fn msg(id: u64, state: u8, title: &str) -> serde_json::Value {
    json!({"id": id, "state": state, "readAt": null, "content": {"title": title, "body": "<b>x</b>"},
           "createdAt": "2026-11-25T10:00:00Z"})
}

fn page(items: Vec<serde_json::Value>, pages: u32, unread: u64) -> serde_json::Value {
    json!({"data": items, "meta": {"page": 1, "perPage": 20, "totalPages": pages,
           "totalRows": 30, "totalUnread": unread}})
}

fn player() -> Model {
    player_in(
        Zone::default(),
        vec![msg(9, 1, "Nine"), msg(8, 2, "Eight"), msg(7, 1, "Seven")],
    )
}

/// [`player`] on a device in `zone`, the popover's answer holding `latest`.
fn player_in(zone: Zone, latest: Vec<serde_json::Value>) -> Model {
    let (mut m, fx) = support::restored_in("/", zone);
    let asked: Vec<String> = http(&fx)
        .iter()
        .filter(|h| h.path.starts_with("/api/notification"))
        .map(|h| {
            format!(
                "{}?{}",
                h.path,
                h.query
                    .iter()
                    .map(|(k, v)| format!("{k}={v}"))
                    .collect::<Vec<_>>()
                    .join("&")
            )
        })
        .collect();
    assert_eq!(
        asked,
        [
            "/api/notification/messenger/messages?page=1&perPage=3",
            "/api/notification/pushes?page=1&perPage=1"
        ]
    );
    respond(
        &mut m,
        n(notifications::Call::Latest),
        200,
        page(latest, 2, 5),
    );
    respond(
        &mut m,
        n(notifications::Call::PushCount),
        200,
        page(vec![msg(1, 1, "P")], 3, 3),
    );
    m
}

fn push(m: &mut Model, channel: &str, data: serde_json::Value) -> Vec<Effect> {
    let frame = json!({"push": {"channel": channel, "pub": {"data": data}}});
    update(
        m,
        Event::Socket(SocketEvent::Message(frame.to_string())),
        NOW,
    )
}

#[test]
fn the_bell_counts_messages_and_pushes_and_the_popover_keeps_three() {
    let mut m = player();
    let v = view(&m).notifications;
    assert_eq!((v.unread, v.unread_messages, v.unread_pushes), (8, 5, 3));
    let ids: Vec<u64> = v.latest.iter().map(|x| x.id).collect();
    assert_eq!(ids, [9, 8, 7]);
    assert_eq!(
        v.latest[0].body, "<b>x</b>",
        "passed on as text for the view to show inert"
    );

    // A live message: counted, prepended, the oldest leaves the popover.
    push(&mut m, "messenger:notifications#7", msg(10, 1, "Ten"));
    let v = view(&m).notifications;
    assert_eq!(v.unread_messages, 6);
    assert_eq!(
        v.latest.iter().map(|x| x.id).collect::<Vec<_>>(),
        [10, 9, 8]
    );
    // The same one again changes nothing.
    push(&mut m, "messenger:notifications#7", msg(10, 1, "Ten"));
    assert_eq!(view(&m).notifications.unread_messages, 6);
    // A live push raises its own count.
    push(&mut m, "messenger:pushes#7", msg(55, 1, "Live"));
    assert_eq!(view(&m).notifications.unread_pushes, 4);
    // Malformed ones are ignored.
    push(&mut m, "messenger:notifications#7", json!({"state": 1}));
    push(&mut m, "messenger:pushes#7", json!({"id": "x"}));
    assert_eq!(view(&m).notifications.unread, 10);
}

#[test]
fn reading_and_deleting_update_at_once_and_take_the_servers_count() {
    let mut m = player();
    let fx = ui(
        &mut m,
        NotificationsUi::NotificationsRead { ids: vec![9, 8] },
    );
    let sent = http(&fx);
    assert_eq!(sent[0].path, "/api/notification/messenger/messages/read");
    assert_eq!(sent[0].body, Some(json!({"messageIds": [9, 8]})));
    let v = view(&m).notifications;
    assert_eq!(v.unread_messages, 4, "only 9 was unread");
    assert!(!v.latest[0].unread);
    respond(
        &mut m,
        n(notifications::Call::Read(vec![9, 8])),
        200,
        json!({"totalUnread": 3}),
    );
    assert_eq!(view(&m).notifications.unread_messages, 3);

    let fx = ui(
        &mut m,
        NotificationsUi::NotificationsDelete { ids: vec![7] },
    );
    assert_eq!(http(&fx)[0].method, Method::Delete);
    let v = view(&m).notifications;
    assert_eq!(v.latest.len(), 2);
    assert_eq!(v.unread_messages, 2);

    ui(&mut m, NotificationsUi::NotificationsReadAll);
    let v = view(&m).notifications;
    assert_eq!(v.unread_messages, 0);
    assert!(v.latest.iter().all(|x| !x.unread));
    // A failure reloads what the server holds.
    let fx = support::fail(&mut m, n(notifications::Call::ReadAll), "offline");
    assert!(http(&fx).iter().any(|h| h.path.ends_with("/messages")));
}

#[test]
fn the_full_list_pages_by_20_per_tab() {
    let mut m = player();
    let fx = ui(
        &mut m,
        NotificationsUi::InboxShow {
            pushes: true,
            page: 2,
        },
    );
    let h = http(&fx)[0];
    assert_eq!(h.path, "/api/notification/pushes");
    assert_eq!(
        h.query,
        [
            ("page".to_string(), "2".to_string()),
            ("perPage".to_string(), "20".to_string())
        ]
    );
    assert!(view(&m).notifications.inbox.loading);
    respond(
        &mut m,
        n(notifications::Call::Page {
            pushes: true,
            page: 2,
        }),
        200,
        page(vec![msg(3, 1, "A"), msg(2, 2, "B")], 2, 1),
    );
    let v = view(&m).notifications;
    assert!(v.inbox.shown && v.inbox.pushes);
    assert_eq!(
        (v.inbox.page, v.inbox.pages, v.inbox.items.len()),
        (2, 2, 2)
    );
    assert_eq!(v.unread_pushes, 1);
    ui(&mut m, NotificationsUi::PushesRead { ids: vec![3] });
    assert_eq!(view(&m).notifications.unread_pushes, 0);
    assert!(!view(&m).notifications.inbox.items[0].unread);
    ui(&mut m, NotificationsUi::InboxHide);
    assert!(!view(&m).notifications.inbox.shown);
}

#[test]
fn the_contact_form_checks_then_sends() {
    let mut m = Model::new(Config::default());
    update(
        &mut m,
        Event::Booted {
            token: None,
            path: "/contact".into(),
            boot: Boot::default(),
        },
        NOW,
    );
    let input = |m: &mut Model, f: &str, v: &str| {
        ui(
            m,
            AppUi::FormInput {
                form: FormId::Contact,
                field: f.into(),
                value: FormValue::Text(v.into()),
            },
        )
    };
    input(&mut m, "email", "not-an-email");
    input(&mut m, "message", "short");
    let fx = ui(
        &mut m,
        AppUi::FormSubmit {
            form: FormId::Contact,
        },
    );
    assert!(http(&fx).is_empty());
    let f = &view(&m).forms[&FormId::Contact];
    for field in ["email", "subject", "message"] {
        assert!(f.errors.contains_key(field), "{field}");
    }
    input(&mut m, "email", "guest@example.com");
    input(&mut m, "subject", "Hello");
    input(&mut m, "message", "A question about limits.");
    let fx = ui(
        &mut m,
        AppUi::FormSubmit {
            form: FormId::Contact,
        },
    );
    let h = http(&fx)[0];
    assert_eq!(h.path, "/api/notification/communications");
    assert!(h.bearer.is_none());
    // The captcha guards it (SPEC §7 captcha action frontend_form).
    assert_eq!(h.guarded, croupier_core::app::Guard::Form);
    assert_eq!(
        h.body,
        Some(
            json!({"email": "guest@example.com", "subject": "Hello", "message": "A question about limits."})
        )
    );
    respond(
        &mut m,
        n(notifications::Call::Contact { player: false }),
        201,
        json!({"id": 1}),
    );
    let v = view(&m);
    assert!(v.notifications.contact_sent);
    assert_eq!(v.forms[&FormId::Contact].values.len(), 0);
}

#[test]
fn the_view_events_are_read_from_their_derived_type() {
    use croupier_core::app::UiEvent;
    assert_eq!(
        UiEvent::from_view(json!({"type": "notificationsRead", "ids": [1, 2]})),
        Ok(NotificationsUi::NotificationsRead { ids: vec![1, 2] }.into())
    );
    assert!(UiEvent::from_view(json!({"type": "notificationsRead", "ids": ["1"]})).is_err());
    assert!(UiEvent::from_view(json!({"type": "notificationsRead", "ids": [-1]})).is_err());
    assert!(UiEvent::from_view(json!({"type": "notificationsRead", "ids": 1})).is_err());
    assert!(UiEvent::from_view(json!({"type": "notificationsDelete"}))
        .unwrap_err()
        .contains("ids"));
    assert!(UiEvent::from_view(json!({"type": "inboxShow", "page": 1}))
        .unwrap_err()
        .contains("pushes"));
}

#[test]
fn message_times_are_shown_in_the_devices_zone() {
    // 2026-11-25T10:00:00Z in UTC (no zone measured).
    let v = view(&player()).notifications;
    assert_eq!(v.latest[0].created_at, "2026-11-25T10:00:00Z");
    assert_eq!(v.latest[0].created_text, "25.11.26, 10:00");
    // On a device in Berlin: winter UTC+1, summer UTC+2; unreadable text shows nothing.
    let mut summer = msg(5, 1, "Summer");
    summer["createdAt"] = json!("2026-07-15T23:30:00Z");
    let mut bad = msg(4, 1, "Bad");
    bad["createdAt"] = json!("15/07/2026");
    let m = player_in(support::berlin(), vec![msg(6, 1, "Winter"), summer, bad]);
    let texts: Vec<String> = view(&m)
        .notifications
        .latest
        .iter()
        .map(|n| n.created_text.clone())
        .collect();
    assert_eq!(texts, ["25.11.26, 11:00", "16.07.26, 01:30", ""]);
}
