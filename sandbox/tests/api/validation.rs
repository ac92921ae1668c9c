//! Bad input never gets past the server: 400 for malformed bodies, 422 with per-field
//! messages for rule violations, JSON 404/405 for unknown routes.

use crate::common;

use common::start;
use reqwest::StatusCode;
use serde_json::json;

#[tokio::test]
async fn register_reports_every_failing_field() {
    let s = start().await;
    let r = s
        .post(
            "/api/player/register",
            None,
            json!({"email": "not-an-email", "password": "short", "currency": "XXX",
                   "agreements": false, "nickname": "x!"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(r.error_code(), "validation_failed");
    assert_eq!(
        r.field_errors("email"),
        ["The email must be a valid email address."]
    );
    assert_eq!(
        r.field_errors("password"),
        ["The password must be at least 8 characters."]
    );
    assert_eq!(
        r.field_errors("currency"),
        ["The selected currency is invalid."]
    );
    assert_eq!(
        r.field_errors("agreements"),
        ["The agreements must be accepted."]
    );
    assert_eq!(r.field_errors("nickname").len(), 1);

    let r = s.post("/api/player/register", None, json!({})).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(r.field_errors("email"), ["The email field is required."]);
    assert_eq!(
        r.field_errors("password"),
        ["The password field is required."]
    );
    assert_eq!(
        r.field_errors("currency"),
        ["The currency field is required."]
    );
}

#[tokio::test]
async fn disabled_currency_cannot_be_registered() {
    let s = start().await;
    let r = s
        .post(
            "/api/player/register",
            None,
            json!({"email": "x@example.com", "password": "long-enough", "currency": "LTC", "agreements": true}),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        r.field_errors("currency"),
        ["The selected currency is invalid."]
    );
}

#[tokio::test]
async fn malformed_json_wrong_types_and_content_type_are_400_json() {
    let s = start().await;
    let url = format!("{}/api/player/sessions", s.base);
    let cases = [
        s.client
            .post(&url)
            .header("content-type", "application/json")
            .body("{\"email\":"),
        s.client
            .post(&url)
            .header("content-type", "application/json")
            .body("[1,2]"),
        s.client
            .post(&url)
            .header("content-type", "application/json")
            .body(r#"{"email": 5, "password": "x"}"#),
        s.client
            .post(&url)
            .header("content-type", "text/plain")
            .body("{}"),
        s.client.post(&url),
    ];
    for req in cases {
        let r = s.raw(req).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
        assert_eq!(r.error_code(), "bad_request");
        assert!(r.body.get("errors").is_none());
    }
}

#[tokio::test]
async fn profile_update_validates_and_applies_partial_changes() {
    let s = start().await;
    let (token, _) = s.register("pat@example.com", "USD").await;
    let t = Some(token.as_str());

    let bad = s
        .put(
            "/api/player/profile",
            t,
            Some(
                json!({"nickname": "no spaces allowed", "firstName": "A", "lastName": "B",
                        "phone": "12345", "country": "US", "locale": "xx", "language": 7}),
            ),
        )
        .await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(bad.error_code(), "validation_failed");
    assert_eq!(
        bad.field_errors("nickname"),
        ["The nickname may only contain letters, numbers, dashes and underscores."]
    );
    assert_eq!(
        bad.field_errors("firstName"),
        ["The first name must be at least 2 characters."]
    );
    assert_eq!(
        bad.field_errors("lastName"),
        ["The last name must be at least 2 characters."]
    );
    assert_eq!(bad.field_errors("phone").len(), 1);
    assert_eq!(
        bad.field_errors("country"),
        ["The selected country is invalid."]
    );
    assert_eq!(bad.field_errors("locale").len(), 1);
    assert_eq!(bad.field_errors("language").len(), 1);

    // Nothing was applied by the failed request.
    let me = s.get("/api/player/profile", t).await;
    assert_eq!(me.body["firstName"], serde_json::Value::Null);

    let ok = s
        .put(
            "/api/player/profile",
            t,
            Some(
                json!({"nickname": "Ace_of-Spades", "firstName": "Pat", "country": "BR",
                        "locale": "pt-br", "email": "ignored@example.com"}),
            ),
        )
        .await;
    assert_eq!(ok.status, StatusCode::OK, "{}", ok.body);
    assert_eq!(ok.body["nickname"], "Ace_of-Spades");
    assert_eq!(ok.body["firstName"], "Pat");
    assert_eq!(ok.body["country"], "BR");
    assert_eq!(ok.body["locale"], "pt-br");
    assert_eq!(ok.body["email"], "pat@example.com");

    // Partial: only lastName changes; null clears.
    let ok = s
        .put(
            "/api/player/profile",
            t,
            Some(json!({"lastName": "Smith", "country": null})),
        )
        .await;
    assert_eq!(ok.body["nickname"], "Ace_of-Spades");
    assert_eq!(ok.body["lastName"], "Smith");
    assert_eq!(ok.body["country"], serde_json::Value::Null);

    let r = s
        .put("/api/player/profile", t, Some(json!("not an object")))
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn unknown_api_paths_and_methods_are_json() {
    let s = start().await;
    let r = s.get("/api/does/not/exist", None).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    assert_eq!(r.error_code(), "not_found");
    let r = s.post("/api/nothing", None, json!({})).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    assert_eq!(r.error_code(), "not_found");
    let r = s.get("/api/player/register", None).await;
    assert_eq!(r.status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(r.error_code(), "method_not_allowed");
}

#[tokio::test]
async fn trace_id_is_echoed() {
    let s = start().await;
    let res = s
        .client
        .get(format!("{}/api/settings/locales", s.base))
        .header("X-Trace-Id", "abc-123")
        .send()
        .await
        .unwrap();
    assert_eq!(res.headers()["x-trace-id"], "abc-123");
}
