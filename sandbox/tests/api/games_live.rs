//! What a real slot spin publishes (issue 29): the spin and bet rows on `game:spins#{id}` /
//! `game:bets#{id}`, `bet.placebet` (the bet analytics event, SPEC §4), and the
//! `game.bet.restricted` push when the operator restricts the game (control API).

use crate::common;

use std::time::Duration;

use common::{start, Sandbox};
use futures_util::{SinkExt, StreamExt};
use reqwest::StatusCode;
use serde_json::{json, Value};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// Every line of the next text frame.
async fn next_lines(ws: &mut Ws) -> Vec<Value> {
    loop {
        let msg = tokio::time::timeout(Duration::from_secs(5), ws.next())
            .await
            .expect("a frame within 5 s")
            .unwrap()
            .unwrap();
        if let Message::Text(t) = msg {
            return t
                .as_str()
                .split('\n')
                .map(|l| serde_json::from_str(l).unwrap())
                .collect();
        }
    }
}

/// Connected and subscribed to the player's game channels (every reply read).
async fn subscribed(s: &Sandbox, bearer: &str, me: i64) -> Ws {
    let url = format!(
        "{}/api/connection/websocket",
        s.base.replace("http://", "ws://")
    );
    let mut ws = tokio_tungstenite::connect_async(url).await.unwrap().0;
    let lines = [
        json!({"id": 1, "connect": {"token": bearer}}),
        json!({"id": 2, "subscribe": {"channel": format!("game:spins#{me}")}}),
        json!({"id": 3, "subscribe": {"channel": format!("game:bets#{me}")}}),
    ]
    .map(|l| l.to_string())
    .join("\n");
    ws.send(Message::Text(lines.into())).await.unwrap();
    let mut replies = 0;
    while replies < 3 {
        replies += next_lines(&mut ws)
            .await
            .iter()
            .filter(|l| l.get("id").is_some())
            .count();
    }
    ws
}

/// The publications, (channel, data), until `n` arrived.
async fn pushes(ws: &mut Ws, n: usize) -> Vec<(String, Value)> {
    let mut out = Vec::new();
    while out.len() < n {
        for line in next_lines(ws).await {
            if let Some(p) = line.get("push") {
                out.push((
                    p["channel"].as_str().unwrap().to_string(),
                    p["pub"]["data"].clone(),
                ));
            }
        }
    }
    out
}

async fn launch(s: &Sandbox, bearer: &str) -> String {
    let r = s
        .post("/api/game/games/book-of-dead/play", Some(bearer), json!({}))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let slot = r.body["url"].as_str().unwrap().trim_start_matches("/slot/");
    format!("/api/game/slot/{slot}/spin")
}

#[tokio::test]
async fn a_real_spin_publishes_its_rows_and_bet_placebet() {
    let s = start().await;
    let (bearer, profile) = s.register("live-spin@example.com", "USD").await;
    let me = profile["id"].as_i64().unwrap();
    s.post(
        "/api/_control/balance",
        None,
        json!({"playerId": me, "balance": "50"}),
    )
    .await;
    let spin = launch(&s, &bearer).await;
    let mut ws = subscribed(&s, &bearer, me).await;
    let r = s.post(&spin, None, json!({"bet": "2.00"})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let got = pushes(&mut ws, 3).await;
    let (spins, bets) = (format!("game:spins#{me}"), format!("game:bets#{me}"));
    let on = |ch: &str| -> Vec<&Value> {
        got.iter()
            .filter(|(c, _)| c == ch)
            .map(|(_, d)| d)
            .collect()
    };
    let spin_rows = on(&spins);
    assert_eq!(spin_rows.len(), 1, "{got:?}");
    assert_eq!(spin_rows[0]["gameIdentity"], "book-of-dead");
    assert_eq!(spin_rows[0]["bet"], "2.00");
    assert_eq!(spin_rows[0]["win"], r.body["win"]);
    let on_bets = on(&bets);
    let row = on_bets
        .iter()
        .find(|d| d.get("event").is_none())
        .expect("the bet row");
    assert_eq!(row["amount"], "2.00");
    assert_eq!(row["isSettled"], true);
    // The bet analytics event, with the same bet, as a sportsbook stake sends it.
    let placed = on_bets
        .iter()
        .find(|d| d["event"] == "bet.placebet")
        .expect("bet.placebet");
    assert_eq!(placed["data"], **row);
    // The rows are what the history lists.
    let listed = s.get("/api/game/bets?isSettled=true", Some(&bearer)).await;
    assert_eq!(listed.body["data"][0]["id"], row["id"]);
}

#[tokio::test]
async fn a_restricted_game_refuses_the_bet_with_the_push_and_moves_nothing() {
    let s = start().await;
    let (bearer, profile) = s.register("live-restricted@example.com", "USD").await;
    let me = profile["id"].as_i64().unwrap();
    s.post(
        "/api/_control/balance",
        None,
        json!({"playerId": me, "balance": "50"}),
    )
    .await;
    let spin = launch(&s, &bearer).await;
    let mut ws = subscribed(&s, &bearer, me).await;
    let r = s
        .post(
            "/api/_control/restrict-bets",
            None,
            json!({"game": "book-of-dead", "restricted": true}),
        )
        .await;
    assert_eq!(r.body["restricted"], json!(["book-of-dead"]));
    let refused = s.post(&spin, None, json!({"bet": "2.00"})).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(refused.error_code(), "bet_restricted");
    let got = pushes(&mut ws, 1).await;
    assert_eq!(got[0].0, format!("game:bets#{me}"));
    assert_eq!(got[0].1["event"], "game.bet.restricted");
    assert_eq!(got[0].1["data"]["gameIdentity"], "book-of-dead");
    let accounts = s.get("/api/wallet/accounts", Some(&bearer)).await;
    assert_eq!(accounts.body[0]["balance"], "50.00");
    let spins = s.get("/api/game/spins", Some(&bearer)).await;
    assert_eq!(spins.body["meta"]["totalRows"], 0);
    // Lifted: the next spin plays.
    s.post(
        "/api/_control/restrict-bets",
        None,
        json!({"game": "book-of-dead", "restricted": false}),
    )
    .await;
    let ok = s.post(&spin, None, json!({"bet": "2.00"})).await;
    assert_eq!(ok.status, StatusCode::OK, "{}", ok.body);
}
