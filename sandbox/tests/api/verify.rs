//! E-mail confirmation and avatars: POST /api/player/profile/email/verify/send and /confirm,
//! /profile/confirmations/email/resend, GET /api/player/avatar/list, POST /avatar/set-avatar.

use crate::common;

use common::{start, Sandbox};
use reqwest::StatusCode;
use serde_json::{json, Value};

async fn resend_after(s: &Sandbox, secs: i64) {
    let r = s
        .post("/api/_control/otp", None, json!({ "resendSecs": secs }))
        .await;
    assert_eq!(r.status, StatusCode::OK);
}

/// The newest mail to `to`: (its code, its link's token).
async fn mail(s: &Sandbox, to: &str) -> (String, String) {
    let outbox = s.get("/_outbox.json", None).await;
    let m = outbox
        .body
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["recipient"] == to)
        .unwrap_or_else(|| panic!("no mail to {to}: {}", outbox.body));
    assert_eq!(m["kind"], "email");
    let body = m["body"].as_str().unwrap();
    let at = body.find("the code ").unwrap() + "the code ".len();
    let code = body[at..at + 6].to_string();
    let link = m["link"].as_str().unwrap();
    let token = link.rsplit('/').next().unwrap().to_string();
    assert!(link.contains("/verify/"), "{link}");
    (code, token)
}

fn other(c: &str) -> String {
    let d = (c.as_bytes()[0] - b'0' + 1) % 10;
    format!("{d}{}", &c[1..])
}

async fn profile(s: &Sandbox, token: &str) -> Value {
    s.get("/api/player/profile", Some(token)).await.body
}

#[tokio::test]
async fn registration_mails_a_link_that_confirms_without_a_session() {
    let s = start().await;
    let (token, p) = s.register("link@example.com", "USD").await;
    assert_eq!(p["emailConfirmed"], false);
    assert_eq!(p["avatar"], Value::Null);
    let (_, link) = mail(&s, "link@example.com").await;

    // Code-only: the mail's link works in any browser.
    let ok = s
        .post(
            "/api/player/profile/email/verify/confirm",
            None,
            json!({ "code": link }),
        )
        .await;
    assert_eq!(ok.status, StatusCode::OK, "{}", ok.body);
    assert_eq!(
        ok.body,
        json!({ "email": "link@example.com", "emailConfirmed": true })
    );
    assert_eq!(profile(&s, &token).await["emailConfirmed"], true);

    // The link again: used, said as such; an unknown one is not valid.
    let again = s
        .post(
            "/api/player/profile/email/verify/confirm",
            None,
            json!({ "code": link }),
        )
        .await;
    assert_eq!(again.error_code(), "code_used");
    let unknown = s
        .post(
            "/api/player/profile/email/verify/confirm",
            None,
            json!({ "code": "not-a-token" }),
        )
        .await;
    assert_eq!(unknown.error_code(), "code_invalid");
    assert_eq!(
        unknown.field_errors("code"),
        ["This confirmation link is not valid."]
    );
    // Nothing to resend once confirmed.
    let r = s
        .post(
            "/api/player/profile/confirmations/email/resend",
            Some(&token),
            json!({}),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
}

#[tokio::test]
async fn a_player_gives_a_new_address_and_confirms_it_with_the_code() {
    let s = start().await;
    resend_after(&s, 0).await;
    let (token, _) = s.register("old@example.com", "USD").await;
    s.register("taken@example.com", "USD").await;

    let bad = s
        .post(
            "/api/player/profile/email/verify/send",
            Some(&token),
            json!({ "email": "nope" }),
        )
        .await;
    assert_eq!(
        bad.field_errors("email"),
        ["The email must be a valid email address."]
    );
    let taken = s
        .post(
            "/api/player/profile/email/verify/send",
            Some(&token),
            json!({ "email": "TAKEN@example.com", "currentPassword": "secret-pass" }),
        )
        .await;
    assert_eq!(taken.error_code(), "email_taken");

    let sent = s
        .post(
            "/api/player/profile/email/verify/send",
            Some(&token),
            json!({ "email": "new@example.com", "currentPassword": "secret-pass" }),
        )
        .await;
    assert_eq!(sent.status, StatusCode::OK, "{}", sent.body);
    assert_eq!(sent.body["email"], "new@example.com");
    assert_eq!(sent.body["length"], 6);
    // Not changed until confirmed.
    assert_eq!(profile(&s, &token).await["email"], "old@example.com");

    let (code, _) = mail(&s, "new@example.com").await;
    let wrong = s
        .post(
            "/api/player/profile/email/verify/confirm",
            Some(&token),
            json!({ "code": other(&code) }),
        )
        .await;
    assert_eq!(wrong.error_code(), "code_invalid");
    assert_eq!(
        wrong.field_errors("code"),
        ["The code is incorrect: 2 attempts left."]
    );
    let ok = s
        .post(
            "/api/player/profile/email/verify/confirm",
            Some(&token),
            json!({ "code": code }),
        )
        .await;
    assert_eq!(ok.status, StatusCode::OK, "{}", ok.body);
    let p = profile(&s, &token).await;
    assert_eq!(p["email"], "new@example.com");
    assert_eq!(p["emailConfirmed"], true);
    // The new address signs in.
    assert_eq!(
        s.login("new@example.com", "secret-pass").await.status,
        StatusCode::OK
    );
}

#[tokio::test]
async fn sends_wait_between_mails_and_three_wrong_codes_burn_it() {
    let s = start().await;
    resend_after(&s, 60).await;
    let (token, _) = s.register("wait@example.com", "USD").await;
    // The registration's mail counts: a resend now is too early.
    let early = s
        .post(
            "/api/player/profile/confirmations/email/resend",
            Some(&token),
            json!({}),
        )
        .await;
    assert_eq!(early.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(early.body["retryAfter"].as_u64().unwrap() > 50);

    resend_after(&s, 0).await;
    let r = s
        .post(
            "/api/player/profile/confirmations/email/resend",
            Some(&token),
            json!({}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.body["email"], "wait@example.com");
    let (code, _) = mail(&s, "wait@example.com").await;
    let mut last = None;
    for _ in 0..3 {
        last = Some(
            s.post(
                "/api/player/profile/email/verify/confirm",
                Some(&token),
                json!({ "code": other(&code) }),
            )
            .await,
        );
    }
    assert_eq!(last.unwrap().error_code(), "code_expired");
    let burned = s
        .post(
            "/api/player/profile/email/verify/confirm",
            Some(&token),
            json!({ "code": code }),
        )
        .await;
    assert_eq!(burned.error_code(), "code_expired");

    // Five mails a window (the registration's is not counted).
    for _ in 0..4 {
        s.post(
            "/api/player/profile/confirmations/email/resend",
            Some(&token),
            json!({}),
        )
        .await;
    }
    let over = s
        .post(
            "/api/player/profile/confirmations/email/resend",
            Some(&token),
            json!({}),
        )
        .await;
    assert_eq!(over.status, StatusCode::TOO_MANY_REQUESTS);
}

#[tokio::test]
async fn avatars_are_listed_set_and_served() {
    let s = start().await;
    let (token, _) = s.register("face@example.com", "USD").await;
    let list = s.get("/api/player/avatar/list", Some(&token)).await;
    assert_eq!(list.status, StatusCode::OK);
    let items = list.body.as_array().unwrap();
    assert!(items.len() >= 4);
    assert_eq!(items[0], json!({ "id": "ace", "url": "/avatars/ace.svg" }));
    assert_eq!(
        s.get("/api/player/avatar/list", None).await.status,
        StatusCode::UNAUTHORIZED
    );

    let unknown = s
        .post(
            "/api/player/avatar/set-avatar",
            Some(&token),
            json!({ "avatarId": "dragon" }),
        )
        .await;
    assert_eq!(unknown.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        unknown.field_errors("avatarId"),
        ["There is no avatar with this id: choose one from the list."]
    );
    let missing = s
        .post("/api/player/avatar/set-avatar", Some(&token), json!({}))
        .await;
    assert_eq!(missing.status, StatusCode::UNPROCESSABLE_ENTITY);

    let set = s
        .post(
            "/api/player/avatar/set-avatar",
            Some(&token),
            json!({ "avatarId": "crown" }),
        )
        .await;
    assert_eq!(set.status, StatusCode::OK, "{}", set.body);
    assert_eq!(set.body["avatarId"], "crown");
    let p = profile(&s, &token).await;
    assert_eq!(p["avatar"], "/avatars/crown.svg");

    let pic = s.get("/avatars/crown.svg", None).await;
    assert_eq!(pic.status, StatusCode::OK);
    assert_eq!(pic.content_type, "image/svg+xml");
    assert_eq!(
        s.get("/avatars/dragon.svg", None).await.status,
        StatusCode::NOT_FOUND
    );
}
