//! Phone sign-up and sign-in with a one-time code, and confirming a phone for the profile:
//! POST /api/player/otp/send, /otp/verify, /register/phone.

use crate::common;

use common::{start, Sandbox};
use reqwest::StatusCode;
use serde_json::{json, Value};

async fn code(s: &Sandbox, phone: &str, player: Option<i64>) -> String {
    let q = player.map_or(String::new(), |p| format!("&playerId={p}"));
    let r = s
        .get(
            &format!("/api/_control/otp?phone={}{q}", phone.replace('+', "%2B")),
            None,
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    r.body["code"].as_str().unwrap().to_string()
}

async fn resend_after(s: &Sandbox, secs: i64) {
    let r = s
        .post("/api/_control/otp", None, json!({ "resendSecs": secs }))
        .await;
    assert_eq!(r.status, StatusCode::OK);
}

fn wrong(c: &str) -> String {
    let d = (c.as_bytes()[0] - b'0' + 1) % 10;
    format!("{d}{}", &c[1..])
}

#[tokio::test]
async fn sign_up_then_sign_in_by_phone() {
    let s = start().await;
    let phone = "+351 912 345 678";
    let r = s
        .post("/api/player/otp/send", None, json!({ "phone": phone }))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.body["phone"], "+351912345678");
    assert_eq!(r.body["resendIn"], 60);
    assert_eq!(r.body["length"], 6);

    // Too early for another code: 429 with the seconds left.
    let again = s
        .post("/api/player/otp/send", None, json!({ "phone": phone }))
        .await;
    assert_eq!(again.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(again.body["retryAfter"].as_u64().unwrap() > 50);

    // The SMS is in the outbox, never in the log.
    let outbox = s.get("/_outbox.json", None).await;
    let sms = &outbox.body[0];
    assert_eq!(sms["kind"], "sms");
    assert_eq!(sms["recipient"], "+351912345678");
    let c = code(&s, phone, None).await;
    assert!(sms["body"].as_str().unwrap().contains(&c));

    // Registration before the code is verified is refused.
    let reg = json!({
        "phone": phone, "code": c, "currency": "EUR", "agreements": true,
        "fingerprint": "fp-1", "affiliateTag": "aff-7",
    });
    let early = s
        .post("/api/player/register/phone", None, reg.clone())
        .await;
    assert_eq!(early.error_code(), "otp_expired");

    let v = s
        .post(
            "/api/player/otp/verify",
            None,
            json!({ "phone": phone, "code": c }),
        )
        .await;
    assert_eq!(v.status, StatusCode::OK, "{}", v.body);
    assert_eq!(
        v.body,
        json!({ "registered": false, "phone": "+351912345678" })
    );

    let r = s
        .post("/api/player/register/phone", None, reg.clone())
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    assert_eq!(r.body["profile"]["phone"], "+351912345678");
    assert_eq!(r.body["profile"]["email"], Value::Null, "no e-mail shown");
    assert_eq!(r.body["profile"]["isNewlyRegistered"], true);
    let token = r.body["accessToken"].as_str().unwrap().to_string();
    let accounts = s.get("/api/wallet/accounts", Some(&token)).await;
    assert_eq!(accounts.body[0]["currency"], "EUR");
    // The code is used up.
    let twice = s.post("/api/player/register/phone", None, reg).await;
    assert_eq!(twice.error_code(), "otp_expired");

    // Signing in: a new code (resend allowed at once here), verified, gives a session.
    resend_after(&s, 0).await;
    s.post(
        "/api/player/otp/send",
        None,
        json!({ "phone": "+351912345678" }),
    )
    .await;
    let c = code(&s, phone, None).await;
    let v = s
        .post(
            "/api/player/otp/verify",
            None,
            json!({ "phone": phone, "code": c, "fingerprint": "fp-2" }),
        )
        .await;
    assert_eq!(v.status, StatusCode::OK, "{}", v.body);
    assert_eq!(v.body["profile"]["phone"], "+351912345678");
    assert_eq!(v.body["profile"]["isNewlyRegistered"], false);
    let t2 = v.body["accessToken"].as_str().unwrap();
    assert_eq!(
        s.get("/api/player/profile", Some(t2)).await.status,
        StatusCode::OK
    );
}

#[tokio::test]
async fn three_wrong_codes_burn_the_code() {
    let s = start().await;
    let phone = "+5511987654321";
    s.post("/api/player/otp/send", None, json!({ "phone": phone }))
        .await;
    let c = code(&s, phone, None).await;
    let bad = wrong(&c);
    let r = s
        .post(
            "/api/player/otp/verify",
            None,
            json!({ "phone": phone, "code": bad }),
        )
        .await;
    assert_eq!(r.error_code(), "otp_invalid");
    assert_eq!(
        r.field_errors("code"),
        ["The code is incorrect: 2 attempts left."]
    );
    let r = s
        .post(
            "/api/player/otp/verify",
            None,
            json!({ "phone": phone, "code": bad }),
        )
        .await;
    assert_eq!(
        r.field_errors("code"),
        ["The code is incorrect: 1 attempt left."]
    );
    let r = s
        .post(
            "/api/player/otp/verify",
            None,
            json!({ "phone": phone, "code": bad }),
        )
        .await;
    assert_eq!(r.error_code(), "otp_expired");
    // Even the right code no longer works.
    let r = s
        .post(
            "/api/player/otp/verify",
            None,
            json!({ "phone": phone, "code": c }),
        )
        .await;
    assert_eq!(r.error_code(), "otp_expired");
}

#[tokio::test]
async fn bad_input_and_limits() {
    let s = start().await;
    let r = s
        .post("/api/player/otp/send", None, json!({ "phone": "12345" }))
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        r.field_errors("phone"),
        ["The phone must be a valid phone number."]
    );
    let r = s.post("/api/player/otp/send", None, json!({})).await;
    assert_eq!(r.field_errors("phone"), ["The phone field is required."]);
    let r = s
        .post(
            "/api/player/otp/verify",
            None,
            json!({ "phone": "+4915112345678" }),
        )
        .await;
    assert_eq!(r.field_errors("code"), ["The code field is required."]);
    // Without any code sent.
    let r = s
        .post(
            "/api/player/otp/verify",
            None,
            json!({ "phone": "+4915112345678", "code": "123456" }),
        )
        .await;
    assert_eq!(r.error_code(), "otp_expired");
    // Five codes per phone per window, then 429.
    resend_after(&s, 0).await;
    for _ in 0..5 {
        let r = s
            .post(
                "/api/player/otp/send",
                None,
                json!({ "phone": "+4915112345678" }),
            )
            .await;
        assert_eq!(r.status, StatusCode::OK);
    }
    let r = s
        .post(
            "/api/player/otp/send",
            None,
            json!({ "phone": "+4915112345678" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(r.error_code(), "too_many_attempts");
    // A bad bearer is refused rather than treated as a guest.
    let r = s
        .post(
            "/api/player/otp/send",
            Some("nope"),
            json!({ "phone": "+4915112340000" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn a_player_confirms_a_phone_for_the_profile() {
    let s = start().await;
    let (token, profile) = s.register("ph@example.com", "USD").await;
    let id = profile["id"].as_i64().unwrap();
    let phone = "+447700900123";
    let r = s
        .post(
            "/api/player/otp/send",
            Some(&token),
            json!({ "phone": phone }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let c = code(&s, phone, Some(id)).await;
    let r = s
        .post(
            "/api/player/otp/verify",
            Some(&token),
            json!({ "phone": phone, "code": c, "currentPassword": "secret-pass" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.body["phone"], phone);
    assert_eq!(r.body["email"], "ph@example.com");

    // Another player cannot take it.
    let (t2, _) = s.register("ph2@example.com", "USD").await;
    let r = s
        .post("/api/player/otp/send", Some(&t2), json!({ "phone": phone }))
        .await;
    assert_eq!(r.error_code(), "phone_taken");
    // And a guest signing in with it reaches the first player.
    s.post("/api/player/otp/send", None, json!({ "phone": phone }))
        .await;
    let c = code(&s, phone, None).await;
    let r = s
        .post(
            "/api/player/otp/verify",
            None,
            json!({ "phone": phone, "code": c }),
        )
        .await;
    assert_eq!(r.body["profile"]["id"], id);
}
