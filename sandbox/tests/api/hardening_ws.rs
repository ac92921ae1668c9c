//! Issue 18, websocket hygiene: the connect deadline (10 s, 3502 stale), subscriptions per
//! socket (106), sockets per session (3504), no alias channel names (103), no foreign Origin
//! (403), oversize frames (1009) and a client's close answered with its own code.

use crate::common;

use std::time::{Duration, Instant};

use common::{start, start_with, Sandbox};
use croupier_sandbox::Config;
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

fn url(s: &Sandbox) -> String {
    format!(
        "{}/api/connection/websocket",
        s.base.replace("http://", "ws://")
    )
}

async fn open(s: &Sandbox) -> Ws {
    tokio_tungstenite::connect_async(url(s))
        .await
        .expect("websocket opens")
        .0
}

async fn send(ws: &mut Ws, line: Value) {
    ws.send(Message::Text(line.to_string().into()))
        .await
        .unwrap();
}

/// Next text frame's first line, or Err(close code).
async fn next(ws: &mut Ws, within: Duration) -> Result<Value, u16> {
    loop {
        let msg = tokio::time::timeout(within, ws.next())
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

async fn connect(ws: &mut Ws, token: &str) -> Result<Value, u16> {
    send(ws, json!({"id": 1, "connect": {"token": token}})).await;
    next(ws, Duration::from_secs(5)).await
}

#[tokio::test]
async fn a_socket_that_never_connects_is_closed_stale_after_10_s() {
    let s = start().await;
    let mut ws = open(&s).await;
    let started = Instant::now();
    assert_eq!(next(&mut ws, Duration::from_secs(15)).await, Err(3502));
    // Not a timing assertion on speed: it must not come early, and the 25 s ping interval
    // (the old trigger) must not be what closed it.
    let took = started.elapsed();
    assert!(took >= Duration::from_secs(9), "closed after {took:?}");
    assert!(took < Duration::from_secs(20), "closed after {took:?}");
}

#[tokio::test]
async fn subscriptions_per_socket_are_capped_with_106() {
    // Default 32 is above the 12 channels a player may hold; a cap of 3 shows the rule.
    let s = start_with(Config {
        ws_max_subscriptions: 3,
        ..Config::for_tests()
    })
    .await;
    let (token, profile) = s.register("subs@example.com", "USD").await;
    let me = profile["id"].as_i64().unwrap();
    let mut ws = open(&s).await;
    connect(&mut ws, &token).await.unwrap();
    let channels = [
        "global:online".to_string(),
        format!("wallet:accounts#{me}"),
        format!("game:bets#{me}"),
        format!("game:spins#{me}"),
    ];
    for (i, c) in channels.iter().enumerate() {
        send(&mut ws, json!({"id": 10 + i, "subscribe": {"channel": c}})).await;
        let r = next(&mut ws, Duration::from_secs(5)).await.unwrap();
        if i < 3 {
            assert!(r.get("error").is_none(), "{c}: {r}");
        } else {
            assert_eq!(r["error"]["code"], 106, "{c}: {r}");
            assert_eq!(r["error"]["message"], "limit exceeded");
        }
    }
    // Unsubscribing frees a place.
    send(
        &mut ws,
        json!({"id": 20, "unsubscribe": {"channel": "global:online"}}),
    )
    .await;
    next(&mut ws, Duration::from_secs(5)).await.unwrap();
    send(
        &mut ws,
        json!({"id": 21, "subscribe": {"channel": channels[3]}}),
    )
    .await;
    let r = next(&mut ws, Duration::from_secs(5)).await.unwrap();
    assert!(r.get("error").is_none(), "{r}");
}

#[tokio::test]
async fn sockets_per_session_are_capped_with_3504() {
    let s = start().await;
    let (token, _) = s.register("tabs@example.com", "USD").await;
    let mut open_ones = Vec::new();
    for _ in 0..8 {
        let mut ws = open(&s).await;
        let r = connect(&mut ws, &token).await.unwrap();
        assert!(r["connect"]["client"].is_string(), "{r}");
        open_ones.push(ws);
    }
    let mut ninth = open(&s).await;
    assert_eq!(connect(&mut ninth, &token).await, Err(3504));
    // Closing one makes room again.
    let mut first = open_ones.remove(0);
    first.close(None).await.unwrap();
    // The server frees the slot when it sees the close: retry until it has (no fixed pause).
    let mut freed = Err(0);
    for _ in 0..100 {
        let mut again = open(&s).await;
        freed = connect(&mut again, &token).await;
        if freed.is_ok() {
            break;
        }
        assert_eq!(freed, Err(3504), "only the cap may refuse it");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(freed.is_ok(), "{freed:?}");
}

#[tokio::test]
async fn alias_channel_names_are_permission_denied() {
    let s = start().await;
    let (token, profile) = s.register("alias@example.com", "USD").await;
    let me = profile["id"].as_i64().unwrap();
    let mut ws = open(&s).await;
    connect(&mut ws, &token).await.unwrap();
    for (i, c) in [
        format!("wallet:accounts#0{me}"),
        format!("wallet:accounts#+{me}"),
        format!("wallet:accounts# {me}"),
    ]
    .iter()
    .enumerate()
    {
        send(&mut ws, json!({"id": 20 + i, "subscribe": {"channel": c}})).await;
        let r = next(&mut ws, Duration::from_secs(5)).await.unwrap();
        assert_eq!(r["error"]["code"], 103, "{c}: {r}");
    }
    send(
        &mut ws,
        json!({"id": 30, "subscribe": {"channel": format!("wallet:accounts#{me}")}}),
    )
    .await;
    let r = next(&mut ws, Duration::from_secs(5)).await.unwrap();
    assert!(r.get("error").is_none(), "{r}");
}

#[tokio::test]
async fn foreign_origins_cannot_open_a_socket() {
    let s = start().await;
    let port = s.base.rsplit(':').next().unwrap().to_string();
    for (origin, ok) in [
        ("http://evil.example".to_string(), false),
        ("http://localhost5173".to_string(), false),
        (format!("http://127.0.0.1:{port}"), true),
        ("http://localhost:5173".to_string(), true),
    ] {
        let mut req = url(&s).into_client_request().unwrap();
        req.headers_mut().insert("Origin", origin.parse().unwrap());
        let res = tokio_tungstenite::connect_async(req).await;
        match res {
            Ok(_) => assert!(ok, "{origin} was let in"),
            Err(tokio_tungstenite::tungstenite::Error::Http(r)) => {
                assert!(!ok, "{origin} refused");
                assert_eq!(r.status().as_u16(), 403, "{origin}");
            }
            Err(e) => panic!("{origin}: {e}"),
        }
    }
}

#[tokio::test]
async fn an_oversize_frame_is_closed_with_1009() {
    let s = start().await;
    let mut ws = open(&s).await;
    let big = format!(
        "{{\"id\":1,\"connect\":{{\"data\":\"{}\"}}}}",
        "x".repeat(70_000)
    );
    ws.send(Message::Text(big.into())).await.unwrap();
    assert_eq!(next(&mut ws, Duration::from_secs(5)).await, Err(1009));
}

#[tokio::test]
async fn a_client_close_is_answered_with_its_code() {
    let s = start().await;
    let (token, _) = s.register("bye@example.com", "USD").await;
    let mut ws = open(&s).await;
    connect(&mut ws, &token).await.unwrap();
    ws.send(Message::Close(Some(CloseFrame {
        code: CloseCode::Normal,
        reason: "bye".into(),
    })))
    .await
    .unwrap();
    assert_eq!(next(&mut ws, Duration::from_secs(5)).await, Err(1000));
}
