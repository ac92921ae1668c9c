//! Social sign-in through the stand-in provider's consent page (a real redirect round trip),
//! linking and unlinking, and one-time auto-login tokens.

use crate::common;

use common::{start, Sandbox};
use reqwest::StatusCode;
use serde_json::json;

/// The consent page answered `decision`: where the provider sends the browser back.
async fn consent(s: &Sandbox, connection: &str, email: &str, decision: &str) -> String {
    let host = s.base.trim_start_matches("http://");
    let redirect = format!("http://{host}/auth/social/{connection}/callback");
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let q = |pairs: &[(&str, &str)]| {
        form_urlencoded::Serializer::new(String::new())
            .extend_pairs(pairs)
            .finish()
    };
    let page = client
        .get(format!(
            "{}/api/player/social/{connection}/authorize?{}",
            s.base,
            q(&[("redirect_uri", redirect.as_str()), ("state", "st-1")])
        ))
        .send()
        .await
        .unwrap();
    assert_eq!(page.status(), StatusCode::OK);
    let html = page.text().await.unwrap();
    assert!(html.contains("action=\"/api/player/social/"), "{html}");
    let res = client
        .get(format!(
            "{}/api/player/social/{connection}/consent?{}",
            s.base,
            q(&[
                ("redirect_uri", redirect.as_str()),
                ("state", "st-1"),
                ("email", email),
                ("name", "Ana"),
                ("decision", decision),
            ])
        ))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    res.headers()["location"].to_str().unwrap().to_string()
}

fn code_of(location: &str) -> String {
    let q = location.split_once('?').unwrap().1;
    assert!(q.contains("state=st-1"), "{q}");
    q.split('&')
        .find_map(|p| p.strip_prefix("code="))
        .unwrap()
        .to_string()
}

fn redirect_of(s: &Sandbox, connection: &str) -> String {
    format!(
        "http://{}/auth/social/{connection}/callback",
        s.base.trim_start_matches("http://")
    )
}

#[tokio::test]
async fn a_new_social_player_signs_up_then_signs_in_again() {
    let s = start().await;
    let at = consent(&s, "google", "ana@gmail.example", "allow").await;
    assert!(at.starts_with(&redirect_of(&s, "google")), "{at}");
    let code = code_of(&at);
    let body = json!({ "connection": "google", "redirectUri": redirect_of(&s, "google"), "fingerprint": "fp" });
    let r = s
        .post(
            &format!("/api/player/sessions/social?code={code}&state=st-1"),
            None,
            body.clone(),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.body["profile"]["isNewlyRegistered"], true);
    assert_eq!(r.body["profile"]["email"], "ana@gmail.example");
    assert_eq!(r.body["profile"]["firstName"], "Ana");
    let token = r.body["accessToken"].as_str().unwrap().to_string();
    let links = s.get("/api/player/social-connections", Some(&token)).await;
    assert_eq!(links.body[0]["socialType"], "google");
    // A code works once.
    let again = s
        .post(
            &format!("/api/player/sessions/social?code={code}&state=st-1"),
            None,
            body.clone(),
        )
        .await;
    assert_eq!(again.error_code(), "social_code_invalid");
    // The next round trip signs the same player in.
    let code = code_of(&consent(&s, "google", "ANA@gmail.example", "allow").await);
    let r = s
        .post(
            &format!("/api/player/sessions/social?code={code}&state=st-1"),
            None,
            body,
        )
        .await;
    assert_eq!(r.body["profile"]["isNewlyRegistered"], false);
    // The only way in cannot be unlinked.
    let r = s
        .post(
            "/api/player/social-connections/unlink",
            Some(&token),
            json!({"socialType": "google"}),
        )
        .await;
    assert_eq!(r.error_code(), "last_sign_in_method");
}

#[tokio::test]
async fn deny_bad_return_addresses_and_a_code_for_another_address() {
    let s = start().await;
    let at = consent(&s, "facebook", "x@fb.example", "deny").await;
    assert!(at.contains("error=access_denied"), "{at}");
    let r = s
        .get("/api/player/social/google/authorize?redirect_uri=http%3A%2F%2Fevil.example%2Fauth%2Fsocial%2Fgoogle%2Fcallback&state=a", None)
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    let r = s
        .get("/api/player/social/myspace/authorize?state=a", None)
        .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    let code = code_of(&consent(&s, "google", "y@g.example", "allow").await);
    let r = s
        .post(
            &format!("/api/player/sessions/social?code={code}"),
            None,
            json!({ "connection": "facebook", "redirectUri": redirect_of(&s, "google") }),
        )
        .await;
    assert_eq!(r.error_code(), "social_code_invalid");
}

#[tokio::test]
async fn an_email_player_links_and_unlinks_a_provider() {
    let s = start().await;
    let (token, _) = s.register("link@example.com", "USD").await;
    // Signing in with a provider whose e-mail has an account is refused: link it instead.
    let code = code_of(&consent(&s, "google", "link@example.com", "allow").await);
    let r = s
        .post(
            &format!("/api/player/sessions/social?code={code}"),
            None,
            json!({ "connection": "google", "redirectUri": redirect_of(&s, "google") }),
        )
        .await;
    assert_eq!(r.error_code(), "social_email_taken");
    let code = code_of(&consent(&s, "google", "link@example.com", "allow").await);
    let r = s
        .post(
            &format!("/api/player/social-connections/google?code={code}&state=st-1"),
            Some(&token),
            json!({ "redirectUri": redirect_of(&s, "google") }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.body[0]["email"], "link@example.com");
    // Now the provider signs this player in.
    let code = code_of(&consent(&s, "google", "link@example.com", "allow").await);
    let r = s
        .post(
            &format!("/api/player/sessions/social?code={code}"),
            None,
            json!({ "connection": "google", "redirectUri": redirect_of(&s, "google") }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK);
    let r = s
        .post(
            "/api/player/social-connections/unlink",
            Some(&token),
            json!({"socialType": "google"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.body, json!([]));
    let r = s
        .post(
            "/api/player/social-connections/unlink",
            Some(&token),
            json!({"socialType": "google"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn an_autologin_token_signs_in_once() {
    let s = start().await;
    s.register("auto@example.com", "USD").await;
    let t = s
        .post(
            "/api/_control/autologin",
            None,
            json!({"email": "auto@example.com"}),
        )
        .await;
    let token = t.body["token"].as_str().unwrap();
    assert!(t.body["url"]
        .as_str()
        .unwrap()
        .starts_with("/auth/autologin?token="));
    let body = json!({ "token": token, "fingerprint": "fp-a" });
    let r = s
        .post("/api/player/sessions/token", None, body.clone())
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.body["profile"]["email"], "auto@example.com");
    let r = s.post("/api/player/sessions/token", None, body).await;
    assert_eq!(r.error_code(), "autologin_invalid");
    let r = s.post("/api/player/sessions/token", None, json!({})).await;
    assert_eq!(r.field_errors("token"), ["The token field is required."]);
}
