//! Issue 32, the local surface: the outbox and the control API answer no other origin, made-up
//! paths do not grow the call and file tables, contact messages, affiliate applications and
//! uploads are bounded, a provider's long name is cut to the profile's rule, a newline in a
//! return address is a JSON 400, and the websocket counts a guest's `refresh` against the
//! per-session cap and closes a non-UTF-8 text frame with 1007.

use crate::common;

use std::time::Duration;

use common::{start, start_with, Sandbox};
use croupier_sandbox::{Config, Limits};
use futures_util::{SinkExt, StreamExt};
use reqwest::StatusCode;
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

fn with(limits: Limits) -> Config {
    Config {
        limits,
        ..Config::for_tests()
    }
}

#[tokio::test]
async fn the_outbox_and_the_control_api_have_no_cors() {
    let s = start().await;
    let origin = "http://localhost:5173";
    for path in ["/_outbox.json", "/_outbox", "/api/_control/stats"] {
        let get = s
            .client
            .get(format!("{}{path}", s.base))
            .header("Origin", origin)
            .send()
            .await
            .unwrap();
        assert_eq!(
            get.status(),
            StatusCode::OK,
            "{path} still serves this machine"
        );
        assert!(
            get.headers().get("access-control-allow-origin").is_none(),
            "{path} readable by {origin}"
        );
        let preflight = s
            .client
            .request(reqwest::Method::OPTIONS, format!("{}{path}", s.base))
            .header("Origin", origin)
            .header("Access-Control-Request-Method", "GET")
            .send()
            .await
            .unwrap();
        assert!(preflight
            .headers()
            .get("access-control-allow-origin")
            .is_none());
    }
    // The platform API keeps its loopback CORS (a dev server on another port).
    let api = s
        .client
        .get(format!("{}/api/settings/currencies", s.base))
        .header("Origin", origin)
        .send()
        .await
        .unwrap();
    assert_eq!(api.headers()["access-control-allow-origin"], origin);
}

#[tokio::test]
async fn made_up_paths_do_not_grow_the_counters() {
    let s = start().await;
    s.client
        .delete(format!("{}/api/_control/calls", s.base))
        .send()
        .await
        .unwrap();
    let long = "x".repeat(300);
    // The long paths come first, while the table still has room: only the length rule can
    // keep them out (after 1024 short ones the count bound alone would).
    let paths = (0..20)
        .map(|i| format!("/img-{i}-{long}.png"))
        .chain((0..1100).map(|i| format!("/i{i}.png")))
        .chain((0..50).map(|i| format!("/api/nothing/{i}")));
    for path in paths {
        s.client
            .get(format!("{}{path}", s.base))
            .send()
            .await
            .unwrap();
    }
    let calls = s.get("/api/_control/calls", None).await.body;
    let keys = calls.as_object().map_or(0, |m| m.len());
    assert!(keys <= 2, "unknown API paths share one key: {calls}");
    let files = s.get("/api/_control/files", None).await.body;
    let n = files.as_object().map_or(0, |m| m.len());
    assert!(n <= 1024, "{n} file paths kept");
    assert!(
        files
            .as_object()
            .is_some_and(|m| m.keys().all(|k| k.len() <= 256)),
        "long paths are not kept"
    );
}

#[tokio::test]
async fn contact_messages_and_affiliate_applications_are_limited() {
    let s = start_with(with(Limits {
        message_per_client: 3,
        ..Limits::default()
    }))
    .await;
    let contact =
        json!({"email": "c@example.com", "subject": "Hi", "message": "Hello there, team."});
    let apply = json!({"name": "Ana Lima", "email": "ana@example.com",
                       "website": "https://ana.example"});
    for (path, body) in [
        ("/api/notification/communications", &contact),
        ("/api/affiliate/applications", &apply),
    ] {
        let r = s.post(path, None, body.clone()).await;
        assert_eq!(r.status, StatusCode::CREATED, "{path}: {}", r.body);
    }
    s.post("/api/notification/communications", None, contact.clone())
        .await;
    let res = s
        .client
        .post(format!("{}/api/affiliate/applications", s.base))
        .json(&apply)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(res.headers().get("retry-after").is_some());
}

const PNG: &[u8] = &[0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0];

async fn upload(s: &Sandbox, token: &str) -> (StatusCode, Value) {
    upload_padded(s, token, 0).await
}

/// A PNG of `PNG.len() + pad` bytes.
async fn upload_padded(s: &Sandbox, token: &str, pad: usize) -> (StatusCode, Value) {
    let mut png = PNG.to_vec();
    png.resize(PNG.len() + pad, 0);
    let (body, content_type) = common::document_upload(&png);
    let res = s
        .client
        .post(format!("{}/api/player/documents", s.base))
        .bearer_auth(token)
        .header("content-type", content_type)
        .body(body)
        .send()
        .await
        .unwrap();
    let status = res.status();
    (status, res.json().await.unwrap_or(Value::Null))
}

#[tokio::test]
async fn uploads_are_limited_per_player_and_by_quota() {
    let s = start_with(with(Limits {
        upload_per_player: 3,
        ..Limits::default()
    }))
    .await;
    let (t, _) = s.register("uploads@example.com", "USD").await;
    for _ in 0..3 {
        assert_eq!(upload(&s, &t).await.0, StatusCode::CREATED);
    }
    let (status, body) = upload(&s, &t).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert!(body["retryAfter"].as_u64().unwrap() >= 1);

    // The quota: at most 20 documents kept, whatever the pace.
    let s = start_with(with(Limits {
        upload_per_player: 1000,
        ..Limits::default()
    }))
    .await;
    let (t, _) = s.register("quota@example.com", "USD").await;
    for _ in 0..20 {
        assert_eq!(upload(&s, &t).await.0, StatusCode::CREATED);
    }
    let (status, body) = upload(&s, &t).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(body["code"], "documents_quota");

    // And at most 40 MB: four files of 10 MB fill it, a fifth small one is refused.
    let (t, _) = s.register("quota-mb@example.com", "USD").await;
    for _ in 0..4 {
        let (status, body) = upload_padded(&s, &t, 10 * 1024 * 1024 - PNG.len()).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
    }
    let (status, body) = upload(&s, &t).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(body["code"], "documents_quota");
}

#[tokio::test]
async fn a_providers_long_name_is_cut_to_the_profile_rule() {
    let s = start().await;
    let host = s.base.trim_start_matches("http://");
    let redirect = format!("http://{host}/auth/social/google/callback");
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let q = form_urlencoded::Serializer::new(String::new())
        .extend_pairs([
            ("redirect_uri", redirect.as_str()),
            ("state", "st"),
            ("email", "long@gmail.example"),
            ("name", &"N".repeat(6000)),
            ("decision", "allow"),
        ])
        .finish();
    let res = client
        .get(format!("{}/api/player/social/google/consent?{q}", s.base))
        .send()
        .await
        .unwrap();
    let at = res.headers()["location"].to_str().unwrap().to_string();
    let code = at
        .split(['?', '&'])
        .find_map(|p| p.strip_prefix("code="))
        .unwrap()
        .to_string();
    let r = s
        .post(
            &format!("/api/player/sessions/social?code={code}&state=st"),
            None,
            json!({ "connection": "google", "redirectUri": redirect }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(
        r.body["profile"]["firstName"]
            .as_str()
            .unwrap()
            .chars()
            .count(),
        50
    );
}

#[tokio::test]
async fn a_newline_in_a_return_address_is_a_json_400() {
    let s = start().await;
    let host = s.base.trim_start_matches("http://");
    let enc = |v: &str| form_urlencoded::byte_serialize(v.as_bytes()).collect::<String>();
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let bad = format!("http://{host}/x\n/auth/social/google/callback");
    for path in [
        format!("/api/player/social/google/authorize?state=s&redirect_uri={}", enc(&bad)),
        format!(
            "/api/player/social/google/consent?state=s&decision=allow&email=a%40b.co&redirect_uri={}",
            enc(&bad)
        ),
    ] {
        let r = s.raw(client.get(format!("{}{path}", s.base))).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{path}: {:?}", r.body);
        r.error_code();
    }
    let (token, _) = s.register("kyc-nl@example.com", "USD").await;
    let auth = s
        .post("/api/player/services/sumsub/auth", Some(&token), json!({}))
        .await;
    let url = auth.body["url"].as_str().unwrap().to_string();
    let back = format!("http://{host}/profile\nX-Evil: 1");
    let r = s
        .raw(client.get(format!("{url}&back={}&decision=finish", enc(&back))))
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{:?}", r.body);
    r.error_code();
}

type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn open(s: &Sandbox) -> Ws {
    let url = format!(
        "{}/api/connection/websocket",
        s.base.replace("http://", "ws://")
    );
    tokio_tungstenite::connect_async(url).await.unwrap().0
}

/// Next reply's first line, or Err(close code).
async fn next(ws: &mut Ws) -> Result<Value, u16> {
    loop {
        let msg = tokio::time::timeout(Duration::from_secs(5), ws.next())
            .await
            .expect("a message in time")
            .expect("socket still open")
            .expect("a proper close, not an abrupt one");
        match msg {
            Message::Text(t) => {
                let first = t.as_str().split('\n').next().unwrap_or("");
                return Ok(serde_json::from_str(first).unwrap());
            }
            Message::Close(Some(f)) => return Err(u16::from(f.code)),
            Message::Close(None) => return Err(0),
            _ => continue,
        }
    }
}

async fn command(ws: &mut Ws, line: Value) -> Result<Value, u16> {
    ws.send(Message::Text(line.to_string().into()))
        .await
        .unwrap();
    next(ws).await
}

#[tokio::test]
async fn a_guest_socket_refreshing_into_a_full_session_is_refused() {
    let s = start().await;
    let (token, _) = s.register("guest-tabs@example.com", "USD").await;
    let mut held = Vec::new();
    for _ in 0..8 {
        let mut ws = open(&s).await;
        command(&mut ws, json!({"id": 1, "connect": {"token": token}}))
            .await
            .unwrap();
        held.push(ws);
    }
    let mut guest = open(&s).await;
    let hello = command(&mut guest, json!({"id": 1, "connect": {}})).await;
    assert!(hello.is_ok(), "a guest connects: {hello:?}");
    let refresh = command(&mut guest, json!({"id": 2, "refresh": {"token": token}})).await;
    assert_eq!(refresh, Err(3504), "the ninth socket of the session");
}

#[tokio::test]
async fn a_text_frame_that_is_not_utf8_closes_with_1007() {
    let s = start().await;
    let mut ws = open(&s).await;
    // A raw text frame: FIN + text opcode, masked (a client must mask), 2 bytes 0xC3 0x28.
    let frame = tokio_tungstenite::tungstenite::protocol::frame::Frame::message(
        vec![0xC3, 0x28],
        tokio_tungstenite::tungstenite::protocol::frame::coding::OpCode::Data(
            tokio_tungstenite::tungstenite::protocol::frame::coding::Data::Text,
        ),
        true,
    );
    ws.send(Message::Frame(frame)).await.unwrap();
    assert_eq!(next(&mut ws).await, Err(1007));
}
