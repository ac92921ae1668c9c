//! /api/notification: messages and pushes paged with their unread counts, read, read-all,
//! delete, live publication of new ones, and the contact form.

use crate::common;

use common::start;
use reqwest::{Method, StatusCode};
use serde_json::json;

#[tokio::test]
async fn messages_are_paged_read_and_deleted() {
    let s = start().await;
    let (t, profile) = s.register("inbox@example.com", "USD").await;
    let me = profile["id"].as_i64().unwrap();
    for i in 0..23 {
        let r = s
            .post(
                "/api/_control/notify",
                None,
                json!({ "playerId": me, "title": format!("Message {i}"), "body": "<b>hi</b>" }),
            )
            .await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    }
    let p1 = s
        .get(
            "/api/notification/messenger/messages?page=1&perPage=20",
            Some(&t),
        )
        .await;
    assert_eq!(p1.status, StatusCode::OK);
    let data = p1.body["data"].as_array().unwrap();
    assert_eq!(data.len(), 20);
    assert_eq!(data[0]["content"]["title"], "Message 22", "newest first");
    assert_eq!(data[0]["state"], 1);
    assert_eq!(data[0]["readAt"], json!(null));
    assert_eq!(
        p1.body["meta"],
        json!({"page": 1, "perPage": 20, "totalPages": 2, "totalRows": 23, "totalUnread": 23})
    );
    let first = data[0]["id"].as_i64().unwrap();
    let second = data[1]["id"].as_i64().unwrap();
    let r = s
        .post(
            "/api/notification/messenger/messages/read",
            Some(&t),
            json!({ "messageIds": [first] }),
        )
        .await;
    assert_eq!(r.body, json!({"totalUnread": 22}));
    let r = s
        .call(
            Method::DELETE,
            "/api/notification/messenger/messages",
            Some(&t),
            Some(json!({ "messageIds": [second] })),
        )
        .await;
    assert_eq!(r.body, json!({"totalUnread": 21}));
    let p1 = s
        .get("/api/notification/messenger/messages?perPage=2", Some(&t))
        .await;
    assert_eq!(p1.body["data"][0]["state"], 2);
    assert!(p1.body["data"][0]["readAt"]
        .as_str()
        .unwrap()
        .ends_with('Z'));
    assert_eq!(p1.body["meta"]["totalRows"], 22);
    let r = s
        .post(
            "/api/notification/messenger/messages/read/all",
            Some(&t),
            json!({}),
        )
        .await;
    assert_eq!(r.body, json!({"totalUnread": 0}));

    // Another player's ids change nothing; bad input is named.
    let (t2, _) = s.register("inbox2@example.com", "USD").await;
    let r = s
        .post(
            "/api/notification/messenger/messages/read",
            Some(&t2),
            json!({ "messageIds": [] }),
        )
        .await;
    assert_eq!(r.field_errors("messageIds").len(), 1);
    let r = s
        .get("/api/notification/messenger/messages?page=0", Some(&t2))
        .await;
    assert_eq!(r.field_errors("page").len(), 1);
    assert_eq!(
        s.get("/api/notification/messenger/messages", None)
            .await
            .status,
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test]
async fn pushes_are_paged_and_read() {
    let s = start().await;
    let (t, profile) = s.register("pushes@example.com", "USD").await;
    let me = profile["id"].as_i64().unwrap();
    for i in 0..3 {
        s.post(
            "/api/_control/notify",
            None,
            json!({ "playerId": me, "kind": "push", "title": format!("Push {i}") }),
        )
        .await;
    }
    let r = s.get("/api/notification/pushes", Some(&t)).await;
    assert_eq!(r.body["meta"]["perPage"], 20);
    assert_eq!(r.body["meta"]["totalUnread"], 3);
    let id = r.body["data"][0]["id"].as_i64().unwrap();
    let r = s
        .post(
            "/api/notification/pushes/read",
            Some(&t),
            json!({ "pushIds": [id] }),
        )
        .await;
    assert_eq!(r.body, json!({"totalUnread": 2}));
    let r = s
        .post("/api/notification/pushes/read/all", Some(&t), json!({}))
        .await;
    assert_eq!(r.body, json!({"totalUnread": 0}));
}

#[tokio::test]
async fn the_contact_form_files_a_message() {
    let s = start().await;
    let r = s
        .post(
            "/api/notification/communications",
            None,
            json!({ "subject": "", "message": "short" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    for f in ["email", "subject", "message"] {
        assert_eq!(r.field_errors(f).len(), 1, "{f}");
    }
    let r = s
        .post(
            "/api/notification/communications",
            None,
            json!({ "email": "guest@example.com", "subject": "Hello", "message": "A question about limits." }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    // A player's e-mail is taken from the account.
    let (t, _) = s.register("writer@example.com", "USD").await;
    let r = s
        .post(
            "/api/notification/communications",
            Some(&t),
            json!({ "subject": "Withdrawal", "message": "When will it arrive, please?" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let list = s.get("/api/_control/communications", None).await;
    assert_eq!(list.body[0]["email"], "writer@example.com");
    assert_eq!(list.body[1]["email"], "guest@example.com");
}
