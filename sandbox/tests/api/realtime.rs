//! The Centrifuge websocket, spoken by hand with a plain WebSocket client.

use crate::common;

use std::time::Duration;

use common::{start, start_with, Sandbox};
use croupier_sandbox::Config;
use futures_util::{SinkExt, StreamExt};
use reqwest::StatusCode;
use serde_json::{json, Value};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

async fn open(s: &Sandbox) -> Ws {
    let url = format!(
        "{}/api/connection/websocket",
        s.base.replace("http://", "ws://")
    );
    tokio_tungstenite::connect_async(url)
        .await
        .expect("websocket opens")
        .0
}

async fn send(ws: &mut Ws, lines: &[Value]) {
    let frame = lines
        .iter()
        .map(Value::to_string)
        .collect::<Vec<_>>()
        .join("\n");
    ws.send(Message::Text(frame.into())).await.unwrap();
}

/// Next message: Ok(lines of a text frame) or Err(close code, reason).
async fn next(ws: &mut Ws) -> Result<Vec<Value>, (u16, String)> {
    loop {
        let msg = tokio::time::timeout(Duration::from_secs(5), ws.next())
            .await
            .expect("a message within 5 s")
            .expect("socket still open")
            .expect("no socket error");
        match msg {
            Message::Text(t) => {
                return Ok(t
                    .as_str()
                    .split('\n')
                    .map(|l| serde_json::from_str(l).unwrap())
                    .collect())
            }
            Message::Close(Some(f)) => return Err((u16::from(f.code), f.reason.to_string())),
            Message::Close(None) => return Err((0, String::new())),
            _ => continue,
        }
    }
}

async fn connect(ws: &mut Ws, token: Option<&str>) -> Value {
    let params = match token {
        Some(t) => json!({ "token": t }),
        None => json!({}),
    };
    send(ws, &[json!({ "id": 1, "connect": params })]).await;
    let reply = next(ws).await.expect("connect reply");
    reply[0].clone()
}

#[tokio::test]
async fn multi_command_frame_is_answered_in_order() {
    let s = start().await;
    let (token, profile) = s.register("rt@example.com", "USD").await;
    let me = profile["id"].as_i64().unwrap();
    let mut ws = open(&s).await;
    send(
        &mut ws,
        &[
            json!({"id": 1, "connect": {"token": token, "name": "test"}}),
            json!({"id": 2, "subscribe": {"channel": format!("wallet:accounts#{me}")}}),
            json!({"id": 3, "subscribe": {"channel": "global:online"}}),
            json!({"id": 4, "subscribe": {"channel": "global:online"}}),
        ],
    )
    .await;
    let replies = next(&mut ws).await.unwrap();
    assert_eq!(replies.len(), 4, "{replies:?}");
    let connect = &replies[0];
    assert_eq!(connect["id"], 1);
    assert!(connect["connect"]["client"].as_str().unwrap().len() >= 32);
    assert!(connect["connect"]["version"].is_string());
    assert_eq!(connect["connect"]["ping"], 25);
    assert_eq!(connect["connect"]["pong"], true);
    assert_eq!(replies[1], json!({"id": 2, "subscribe": {}}));
    assert_eq!(replies[2], json!({"id": 3, "subscribe": {}}));
    assert_eq!(replies[3]["id"], 4);
    assert_eq!(replies[3]["error"]["code"], 105);

    send(
        &mut ws,
        &[json!({"id": 5, "unsubscribe": {"channel": "global:online"}})],
    )
    .await;
    assert_eq!(
        next(&mut ws).await.unwrap()[0],
        json!({"id": 5, "unsubscribe": {}})
    );
}

#[tokio::test]
async fn foreign_and_private_channels_are_permission_denied() {
    let s = start().await;
    let (token, profile) = s.register("perm@example.com", "USD").await;
    let me = profile["id"].as_i64().unwrap();

    let mut ws = open(&s).await;
    connect(&mut ws, Some(&token)).await;
    for (i, channel) in [
        format!("wallet:accounts#{}", me + 1),
        "wallet:accounts".to_string(),
        format!("unknown:namespace#{me}"),
    ]
    .iter()
    .enumerate()
    {
        let id = 10 + i as u64;
        send(
            &mut ws,
            &[json!({"id": id, "subscribe": {"channel": channel}})],
        )
        .await;
        let r = &next(&mut ws).await.unwrap()[0];
        assert_eq!(r["id"], id);
        assert_eq!(r["error"]["code"], 103, "{channel}");
        assert_eq!(r["error"]["message"], "permission denied");
    }

    // A guest may only have global:online.
    let mut guest = open(&s).await;
    let c = connect(&mut guest, None).await;
    assert!(c["connect"]["client"].is_string());
    send(
        &mut guest,
        &[
            json!({"id": 2, "subscribe": {"channel": format!("wallet:accounts#{me}")}}),
            json!({"id": 3, "subscribe": {"channel": "global:online"}}),
        ],
    )
    .await;
    let r = next(&mut guest).await.unwrap();
    assert_eq!(r[0]["error"]["code"], 103);
    assert_eq!(r[1], json!({"id": 3, "subscribe": {}}));
}

#[tokio::test]
async fn server_pings_and_expects_pong() {
    let s = start_with(Config {
        // Not 1 s: the test's own pong must not race a 1 s window on a busy machine.
        ws_ping_secs: 2,
        ..Config::for_tests()
    })
    .await;
    let mut ws = open(&s).await;
    let c = connect(&mut ws, None).await;
    assert_eq!(c["connect"]["ping"], 2);

    // Answer two pings: the connection stays.
    for _ in 0..2 {
        assert_eq!(next(&mut ws).await.unwrap(), [json!({})]);
        send(&mut ws, &[json!({})]).await;
    }
    // Ignore the next one: closed with "no pong".
    assert_eq!(next(&mut ws).await.unwrap(), [json!({})]);
    assert_eq!(next(&mut ws).await, Err((3012, "no pong".to_string())));
}

#[tokio::test]
async fn account_changes_and_control_publications_are_pushed() {
    let s = start().await;
    let (token, profile) = s.register("push@example.com", "USD").await;
    let me = profile["id"].as_i64().unwrap();
    let channel = format!("wallet:accounts#{me}");
    let mut ws = open(&s).await;
    connect(&mut ws, Some(&token)).await;
    send(
        &mut ws,
        &[
            json!({"id": 2, "subscribe": {"channel": channel}}),
            json!({"id": 3, "subscribe": {"channel": "global:online"}}),
        ],
    )
    .await;
    next(&mut ws).await.unwrap();

    // Opening an account publishes it.
    let created = s
        .post(
            "/api/wallet/accounts",
            Some(&token),
            json!({"currency": "EUR"}),
        )
        .await;
    let push = &next(&mut ws).await.unwrap()[0];
    assert_eq!(push["push"]["channel"], channel.as_str());
    assert_eq!(push["push"]["pub"]["data"], created.body);
    assert!(push.get("id").is_none());

    // Control: set a balance -> account pushed with the new balance.
    let r = s
        .post(
            "/api/_control/balance",
            None,
            json!({"playerId": me, "balance": "42.5"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.body["balance"], "42.50");
    let push = &next(&mut ws).await.unwrap()[0];
    assert_eq!(push["push"]["pub"]["data"]["balance"], "42.50");
    assert_eq!(push["push"]["pub"]["data"]["currency"], "USD");

    // Control: arbitrary publication.
    let r = s
        .post(
            "/api/_control/publish",
            None,
            json!({"channel": "global:online", "data": {"online": 7}}),
        )
        .await;
    assert_eq!(r.body["delivered"], 1);
    let push = &next(&mut ws).await.unwrap()[0];
    assert_eq!(
        *push,
        json!({"push": {"channel": "global:online", "pub": {"data": {"online": 7}}}})
    );
}

#[tokio::test]
async fn bad_and_expired_tokens_and_garbage_frames() {
    let s = start_with(Config {
        token_ttl: 1,
        ..Config::for_tests()
    })
    .await;
    let (token, _) = s.register("tok@example.com", "USD").await;

    let mut ws = open(&s).await;
    send(
        &mut ws,
        &[json!({"id": 1, "connect": {"token": "not.a.jwt"}})],
    )
    .await;
    assert_eq!(
        next(&mut ws).await,
        Err((3500, "invalid token".to_string()))
    );

    tokio::time::sleep(Duration::from_millis(2100)).await;
    let mut ws = open(&s).await;
    let r = connect(&mut ws, Some(&token)).await;
    assert_eq!(r["id"], 1);
    assert_eq!(r["error"]["code"], 109);
    assert_eq!(r["error"]["message"], "token expired");

    let mut ws = open(&s).await;
    ws.send(Message::Text("this is not json".into()))
        .await
        .unwrap();
    assert_eq!(next(&mut ws).await, Err((3501, "bad request".to_string())));

    // Commands before connect are a protocol error too.
    let mut ws = open(&s).await;
    send(
        &mut ws,
        &[json!({"id": 1, "subscribe": {"channel": "global:online"}})],
    )
    .await;
    assert_eq!(next(&mut ws).await.unwrap_err().0, 3501);
}

#[tokio::test]
async fn logout_and_drop_sockets_disconnect() {
    let s = start().await;
    let (token, _) = s.register("bye@example.com", "USD").await;
    let mut ws = open(&s).await;
    connect(&mut ws, Some(&token)).await;
    let mut guest = open(&s).await;
    connect(&mut guest, None).await;

    let r = s
        .post("/api/player/sessions/logout", Some(&token), json!({}))
        .await;
    assert_eq!(r.status, StatusCode::NO_CONTENT);
    assert_eq!(
        next(&mut ws).await,
        Err((3500, "invalid token".to_string()))
    );

    let r = s.post("/api/_control/drop-sockets", None, json!({})).await;
    assert_eq!(r.body["dropped"], 1);
    let (code, _) = next(&mut guest).await.unwrap_err();
    assert_eq!(code, u16::from(CloseCode::from(3001)));
}
