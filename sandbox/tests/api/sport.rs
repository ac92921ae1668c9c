//! Sportsbook: the start-game token, sport info / event info / search (SPEC §3, §7), and the
//! stand-in provider (script, feed, bets debited in one transaction and pushed).

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

fn start_body(account_id: Value) -> Value {
    json!({
        "gameKey": "sportsbook",
        "accountId": account_id,
        "lobbyUrl": "http://127.0.0.1/sport",
        "locale": "en-GB",
        "countryCode": "UA",
        "demoMode": false,
        "platform": 2,
        "provider": "sportsbook",
    })
}

/// A player with `balance` on the active USD account: (bearer, player id, account id).
async fn player(s: &Sandbox, email: &str, balance: &str) -> (String, i64, i64) {
    let (token, profile) = s.register(email, "USD").await;
    let id = profile["id"].as_i64().unwrap();
    let r = s
        .post(
            "/api/_control/balance",
            None,
            json!({ "playerId": id, "balance": balance }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    (token, id, r.body["id"].as_i64().unwrap())
}

async fn sport_token(s: &Sandbox, bearer: &str, account: i64) -> String {
    let r = s
        .post(
            "/api/game/sport/start",
            Some(bearer),
            start_body(json!(account)),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    r.body["token"].as_str().unwrap().to_string()
}

#[tokio::test]
async fn start_game_needs_a_session_and_valid_parameters() {
    let s = start().await;
    let r = s
        .post("/api/game/sport/start", None, start_body(json!(1)))
        .await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);

    let (bearer, _, account) = player(&s, "start@example.com", "10").await;
    let token = sport_token(&s, &bearer, account).await;
    assert!(token.len() >= 32);
    let again = sport_token(&s, &bearer, account).await;
    assert_ne!(token, again, "every start gives a fresh token");

    let mut bad = start_body(json!(account + 999));
    bad["platform"] = json!(3);
    bad["provider"] = json!("other");
    bad["countryCode"] = json!("");
    let r = s.post("/api/game/sport/start", Some(&bearer), bad).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    for field in ["accountId", "platform", "provider", "countryCode"] {
        assert_eq!(r.field_errors(field).len(), 1, "{field}: {}", r.body);
    }
}

#[tokio::test]
async fn sport_info_event_info_and_search_follow_the_spec_shapes() {
    let s = start().await;
    let info = s.get("/api/game/sport/info/66", None).await;
    assert_eq!(info.status, StatusCode::OK);
    let cats = info.body["Categories"].as_array().unwrap();
    let england = cats.iter().find(|c| c["Name"] == "England").unwrap();
    assert_eq!(england["CategoryId"], 1001);
    let champs = england["Championships"].as_array().unwrap();
    assert!(champs
        .iter()
        .any(|c| c["ChampionshipId"] == 2001 && c["Name"] == "Premier League"));

    let esports = s.get("/api/game/sport/info/145", None).await;
    assert!(esports.body["Categories"]
        .as_array()
        .unwrap()
        .iter()
        .any(|c| c["CategoryId"] == 1534 && c["Name"] == "Counter-Strike"));
    assert_eq!(
        s.get("/api/game/sport/info/999", None).await.status,
        StatusCode::NOT_FOUND
    );

    let ev = s.get("/api/game/sport/events/9001", None).await;
    assert_eq!(
        ev.body,
        json!({"id": 9001, "name": "Arsenal - Chelsea", "championship": {"id": 2001,
            "name": "Premier League", "category": {"id": 1001, "name": "England",
            "sport": {"id": 66, "name": "Soccer"}}}})
    );
    assert_eq!(
        s.get("/api/game/sport/events/1", None).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        s.get("/api/game/sport/events/abc", None).await.status,
        StatusCode::NOT_FOUND
    );

    let found = s.get("/api/game/sport/search?query=madrid", None).await;
    let names: Vec<&str> = found
        .body
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["name"].as_str().unwrap())
        .collect();
    assert!(names.contains(&"Real Madrid - Sevilla"), "{names:?}");
    assert!(names.contains(&"Atlético Madrid - Valencia"), "{names:?}");
    let short = s.get("/api/game/sport/search?query=a", None).await;
    assert_eq!(short.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(short.field_errors("query").len(), 1);
}

#[tokio::test]
async fn the_stand_in_widget_script_and_feed_are_served() {
    let s = start().await;
    let js = s
        .raw(s.client.get(format!("{}/sportsbook/sdk.js", s.base)))
        .await;
    assert_eq!(js.status, StatusCode::OK);
    assert!(js.content_type.starts_with("text/javascript"));
    let text = js.body.as_str().unwrap();
    for api in ["init:", "set:", "addSportsBook:", "addWidget:", "remove:"] {
        assert!(text.contains(api), "SDK surface has {api}");
    }
    assert!(
        !text.contains("https://"),
        "no external address in the widget"
    );
    // Sent gzipped, as a provider's CDN would.
    let res = s
        .client
        .get(format!("{}/sportsbook/sdk.js", s.base))
        .header("Accept-Encoding", "gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(res.headers()["content-encoding"], "gzip");

    let feed = s.get("/sportsbook/api/feed", None).await;
    let events = feed.body["events"].as_array().unwrap();
    assert!(events.len() >= 20);
    let live: Vec<&Value> = events.iter().filter(|e| e["live"] == true).collect();
    assert!(
        live.len() >= 7,
        "enough live events for the live-now carousel"
    );
    assert!(live
        .iter()
        .all(|e| e["score"].is_array() && e["minute"].is_number()));
    assert!(events
        .iter()
        .all(|e| e["odds"]["1"].is_string() && e["odds"]["2"].is_string()));
}

async fn ws_subscribe(s: &Sandbox, bearer: &str, channels: &[String]) -> Ws {
    let url = format!(
        "{}/api/connection/websocket",
        s.base.replace("http://", "ws://")
    );
    let mut ws = tokio_tungstenite::connect_async(url).await.unwrap().0;
    let mut lines = vec![json!({"id": 1, "connect": {"token": bearer}}).to_string()];
    for (i, c) in channels.iter().enumerate() {
        lines.push(json!({"id": i + 2, "subscribe": {"channel": c}}).to_string());
    }
    ws.send(Message::Text(lines.join("\n").into()))
        .await
        .unwrap();
    ws
}

/// The next publication's (channel, data), skipping command replies.
async fn next_push(ws: &mut Ws) -> (String, Value) {
    loop {
        let msg = tokio::time::timeout(Duration::from_secs(5), ws.next())
            .await
            .expect("a push within 5 s")
            .unwrap()
            .unwrap();
        let Message::Text(t) = msg else { continue };
        for line in t.as_str().split('\n') {
            let v: Value = serde_json::from_str(line).unwrap();
            if let Some(p) = v.get("push") {
                return (
                    p["channel"].as_str().unwrap().to_string(),
                    p["pub"]["data"].clone(),
                );
            }
        }
    }
}

#[tokio::test]
async fn a_bet_debits_the_active_account_and_is_pushed_and_listed() {
    let s = start().await;
    let (bearer, me, account) = player(&s, "bettor@example.com", "100").await;
    let token = sport_token(&s, &bearer, account).await;
    let who = s.get("/sportsbook/api/me", Some(&token)).await;
    assert_eq!(who.body["account"]["id"], account);
    assert_eq!(who.body["account"]["balance"], "100.00");

    let mut ws = ws_subscribe(
        &s,
        &bearer,
        &[format!("wallet:accounts#{me}"), format!("game:bets#{me}")],
    )
    .await;
    let r = s
        .post(
            "/sportsbook/api/bets",
            Some(&token),
            json!({"eventId": 9002, "outcome": "1", "stake": "12.50"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    assert_eq!(r.body["stake"], "12.50");
    assert_eq!(r.body["odds"], "1.50");
    assert_eq!(r.body["potentialWin"], "18.75");
    assert_eq!(r.body["eventName"], "Liverpool - Everton");

    let (ch, data) = next_push(&mut ws).await;
    assert_eq!(ch, format!("wallet:accounts#{me}"));
    assert_eq!(data["balance"], "87.50");
    let (ch, data) = next_push(&mut ws).await;
    assert_eq!(ch, format!("game:bets#{me}"));
    assert_eq!(data["event"], "bet.placebet");
    assert_eq!(data["data"]["id"], r.body["id"]);
    // Then the row of the platform's bets history, open, named after the event.
    let (ch, row) = next_push(&mut ws).await;
    assert_eq!(ch, format!("game:bets#{me}"));
    assert_eq!(row["gameName"], "Sportsbook: Liverpool - Everton");
    assert_eq!(row["amount"], "12.50");
    assert_eq!(row["isSettled"], false);

    let list = s.get("/sportsbook/api/bets", Some(&token)).await;
    assert_eq!(list.body.as_array().unwrap().len(), 1);
    let accounts = s.get("/api/wallet/accounts", Some(&bearer)).await;
    assert_eq!(accounts.body[0]["balance"], "87.50");
    // The platform lists it with the open bets, not the settled ones.
    let open = s.get("/api/game/bets?isSettled=false", Some(&bearer)).await;
    assert_eq!(
        open.body["data"].as_array().unwrap().len(),
        1,
        "{}",
        open.body
    );
    assert_eq!(open.body["data"][0], row);
    let settled = s.get("/api/game/bets", Some(&bearer)).await;
    assert_eq!(settled.body["data"].as_array().unwrap().len(), 0);
}

#[tokio::test]
async fn bad_bets_are_refused_without_touching_the_balance() {
    let s = start().await;
    let (bearer, _, account) = player(&s, "careful@example.com", "5").await;
    let token = sport_token(&s, &bearer, account).await;
    let bet = |body: Value| {
        let s = &s;
        let token = token.clone();
        async move { s.post("/sportsbook/api/bets", Some(&token), body).await }
    };
    let r = bet(json!({"eventId": 9002, "outcome": "1", "stake": "5.01"})).await;
    assert_eq!(r.error_code(), "insufficient_funds");
    assert_eq!(r.field_errors("stake").len(), 1);
    let r = bet(json!({"eventId": 9002, "outcome": "1", "stake": "-1"})).await;
    assert_eq!(r.field_errors("stake").len(), 1);
    let r = bet(json!({"eventId": 9002, "outcome": "1", "stake": "0"})).await;
    assert_eq!(r.field_errors("stake").len(), 1);
    let r = bet(json!({"eventId": 9010, "outcome": "X", "stake": "1"})).await;
    assert_eq!(r.field_errors("outcome").len(), 1, "basketball has no draw");
    let r = bet(json!({"eventId": 1, "outcome": "1", "stake": "1"})).await;
    assert_eq!(r.field_errors("eventId").len(), 1);
    let me = s.get("/sportsbook/api/me", Some(&token)).await;
    assert_eq!(me.body["account"]["balance"], "5.00");

    // Guest (blank token) and unknown tokens are refused as stale.
    let r = s
        .post(
            "/sportsbook/api/bets",
            None,
            json!({"eventId": 9002, "outcome": "1", "stake": "1"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
    assert_eq!(r.error_code(), "token_stale");
}

#[tokio::test]
async fn a_token_goes_stale_when_the_active_account_changes() {
    let s = start().await;
    let (bearer, _, usd) = player(&s, "switcher@example.com", "50").await;
    let token = sport_token(&s, &bearer, usd).await;
    let btc = s
        .post(
            "/api/wallet/accounts",
            Some(&bearer),
            json!({"currency": "BTC"}),
        )
        .await;
    let btc = btc.body["id"].as_i64().unwrap();
    s.put(
        &format!("/api/wallet/accounts/{btc}/switch"),
        Some(&bearer),
        None,
    )
    .await;
    let r = s
        .post(
            "/sportsbook/api/bets",
            Some(&token),
            json!({"eventId": 9002, "outcome": "1", "stake": "1"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
    assert_eq!(r.error_code(), "token_stale");
    let fresh = sport_token(&s, &bearer, btc).await;
    let me = s.get("/sportsbook/api/me", Some(&fresh)).await;
    assert_eq!(me.body["account"]["currency"], "BTC");
    let usd_after = s.get("/api/wallet/accounts", Some(&bearer)).await;
    assert_eq!(usd_after.body[0]["balance"], "50.00");
}
