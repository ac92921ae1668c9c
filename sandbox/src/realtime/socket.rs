//! One WebSocket connection: reads command frames, writes replies, pushes and pings.

use std::time::Duration;

use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use rand::RngCore;
use serde_json::{json, Map, Value};
use tokio::sync::mpsc;

use super::channels;
use super::hub::{ConnInfo, Outgoing, Subscribed};
use super::protocol::{self, Command, Disconnect};
use crate::auth::{self, AuthPlayer, TokenError};
use crate::error::ApiError;
use crate::state::AppState;

/// A socket that never sends `connect` is closed as stale after this long.
const CONNECT_DEADLINE: Duration = Duration::from_secs(10);
/// Frames larger than this are refused; commands are tiny.
const MAX_FRAME: usize = 64 * 1024;
/// Sockets one session may hold open at once (a tab each).
pub const MAX_SOCKETS_PER_SESSION: usize = 8;

/// A plain GET (no upgrade headers) gets our JSON 400, not axum's plain-text rejection. A
/// browser page from another origin gets 403: only loopback pages (ours, a dev server) and
/// clients that send no Origin (native ones) may connect.
pub async fn handler(
    State(state): State<AppState>,
    headers: HeaderMap,
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Response {
    if let Some(origin) = headers.get(header::ORIGIN) {
        let allowed = crate::hosts::is_loopback_origin(origin.as_bytes())
            || origin
                .to_str()
                .ok()
                .and_then(|o| o.strip_prefix("http://"))
                .is_some_and(|host| state.host_allowed(host));
        if !allowed {
            return ApiError::new(
                StatusCode::FORBIDDEN,
                "forbidden",
                "Websocket connections from this origin are not allowed.",
            )
            .into_response();
        }
    }
    match ws {
        Ok(ws) => ws
            .max_message_size(MAX_FRAME)
            .on_upgrade(move |socket| run(state, socket)),
        Err(rejection) => ApiError::bad_request(rejection.body_text()).into_response(),
    }
}

struct Conn {
    key: u64,
    client_id: String,
    player: Option<AuthPlayer>,
    connected: bool,
    awaiting_pong: bool,
}

/// What handling one frame produced.
#[derive(Default)]
struct Step {
    replies: Vec<String>,
    disconnect: Option<Disconnect>,
}

async fn run(state: AppState, mut socket: WebSocket) {
    let (tx, mut rx) = mpsc::unbounded_channel();
    let key = state.hub.register(
        ConnInfo {
            player_id: None,
            session_id: None,
        },
        tx,
    );
    let mut conn = Conn {
        key,
        client_id: client_id(),
        player: None,
        connected: false,
        awaiting_pong: false,
    };
    let every = Duration::from_secs(state.ws_ping_secs.max(1));
    let mut ticker = tokio::time::interval_at(tokio::time::Instant::now() + every, every);
    // Its own timer: the ping ticker may be much slower than the connect deadline.
    let connect_deadline = tokio::time::sleep(CONNECT_DEADLINE);
    tokio::pin!(connect_deadline);

    let outcome: Option<Disconnect> = loop {
        tokio::select! {
            () = &mut connect_deadline, if !conn.connected => {
                break Some(protocol::DISCONNECT_STALE);
            }
            msg = socket.recv() => match msg {
                None => break None,
                // The peer closed: the library queued the echo of its close frame; flushing
                // sends it, so the peer sees its own code rather than 1006.
                Some(Ok(Message::Close(_))) => {
                    use futures_util::SinkExt;
                    let _ = socket.flush().await;
                    break None;
                }
                Some(Err(e)) => {
                    let text = e.to_string();
                    if text.contains("too long") || text.contains("Space limit") {
                        break Some(protocol::CLOSE_TOO_BIG);
                    }
                    // A text frame that is not UTF-8: say so (1007) rather than vanish.
                    if text.contains("UTF-8") || text.contains("utf-8") {
                        break Some(protocol::CLOSE_INVALID_DATA);
                    }
                    break None;
                }
                Some(Ok(Message::Text(text))) => {
                    let step = handle_frame(&state, &mut conn, text.as_str());
                    // Replies to one frame go out as one frame, newline-separated.
                    if !step.replies.is_empty()
                        && socket.send(Message::Text(step.replies.join("\n").into())).await.is_err()
                    {
                        break None;
                    }
                    if let Some(d) = step.disconnect {
                        break Some(d);
                    }
                }
                // The JSON protocol is text only.
                Some(Ok(Message::Binary(_))) => break Some(protocol::DISCONNECT_BAD_REQUEST),
                // WebSocket-level ping/pong is answered by the library.
                Some(Ok(_)) => {}
            },
            out = rx.recv() => match out {
                Some(Outgoing::Text(line)) => {
                    if socket.send(Message::Text(line.into())).await.is_err() {
                        break None;
                    }
                }
                Some(Outgoing::Close(d)) => break Some(d),
                None => break None,
            },
            _ = ticker.tick() => {
                if !conn.connected {
                    continue;
                }
                if conn.awaiting_pong {
                    break Some(protocol::DISCONNECT_NO_PONG);
                }
                if socket.send(Message::Text(protocol::PING.into())).await.is_err() {
                    break None;
                }
                conn.awaiting_pong = true;
            }
        }
    };
    state.hub.unregister(key);
    if let Some(d) = outcome {
        let frame = CloseFrame {
            code: d.code,
            reason: d.reason.into(),
        };
        let _ = socket.send(Message::Close(Some(frame))).await;
    }
}

fn handle_frame(state: &AppState, conn: &mut Conn, text: &str) -> Step {
    let mut step = Step::default();
    let Some(commands) = protocol::parse_frame(text) else {
        step.disconnect = Some(protocol::DISCONNECT_BAD_REQUEST);
        return step;
    };
    for command in commands {
        match command {
            Command::Pong => conn.awaiting_pong = false,
            Command::Call { id, method, params } => {
                if !conn.connected && method != "connect" {
                    step.disconnect = Some(protocol::DISCONNECT_BAD_REQUEST);
                    return step;
                }
                match call(state, conn, id, &method, &params) {
                    Ok(Some(reply)) if id > 0 => step.replies.push(reply),
                    Ok(_) => {}
                    Err(d) => {
                        step.disconnect = Some(d);
                        return step;
                    }
                }
            }
        }
    }
    step
}

/// `Ok(Some(line))` is the reply; `Err` closes the connection.
fn call(
    state: &AppState,
    conn: &mut Conn,
    id: u64,
    method: &str,
    params: &Map<String, Value>,
) -> Result<Option<String>, Disconnect> {
    let err = |code, msg: &str| Ok(Some(protocol::error_reply(id, code, msg)));
    match method {
        "connect" => {
            if conn.connected {
                return Err(protocol::DISCONNECT_BAD_REQUEST);
            }
            let token = params.get("token").and_then(Value::as_str).unwrap_or("");
            if !token.is_empty() {
                match auth::authenticate(state, token) {
                    Ok(p) => conn.player = Some(p),
                    Err(TokenError::Expired) => {
                        return err(protocol::ERROR_TOKEN_EXPIRED, "token expired")
                    }
                    Err(TokenError::Invalid) => return Err(protocol::DISCONNECT_INVALID_TOKEN),
                }
            }
            let info = ConnInfo {
                player_id: conn.player.map(|p| p.player_id),
                session_id: conn.player.map(|p| p.session_id),
            };
            if !state
                .hub
                .set_info_within(conn.key, info, MAX_SOCKETS_PER_SESSION)
            {
                return Err(protocol::DISCONNECT_CONNECTION_LIMIT);
            }
            conn.connected = true;
            Ok(Some(protocol::reply(
                id,
                "connect",
                json!({
                    "client": conn.client_id,
                    "version": concat!("croupier-sandbox ", env!("CARGO_PKG_VERSION")),
                    "ping": state.ws_ping_secs.max(1),
                    "pong": true,
                }),
            )))
        }
        "subscribe" => {
            let channel = params.get("channel").and_then(Value::as_str).unwrap_or("");
            if channel.is_empty() {
                return err(protocol::ERROR_BAD_REQUEST, "bad request");
            }
            if !channels::may_subscribe(channel, conn.player.map(|p| p.player_id)) {
                return err(protocol::ERROR_PERMISSION_DENIED, "permission denied");
            }
            match state
                .hub
                .subscribe(conn.key, channel, state.ws_max_subscriptions)
            {
                Subscribed::Yes => {}
                Subscribed::Already => {
                    return err(protocol::ERROR_ALREADY_SUBSCRIBED, "already subscribed")
                }
                Subscribed::OverLimit => {
                    return err(protocol::ERROR_LIMIT_EXCEEDED, "limit exceeded")
                }
            }
            Ok(Some(protocol::reply(id, "subscribe", json!({}))))
        }
        "unsubscribe" => {
            if let Some(channel) = params.get("channel").and_then(Value::as_str) {
                state.hub.unsubscribe(conn.key, channel);
            }
            Ok(Some(protocol::reply(id, "unsubscribe", json!({}))))
        }
        "refresh" => {
            let token = params.get("token").and_then(Value::as_str).unwrap_or("");
            match auth::authenticate(state, token) {
                Ok(p) if conn.player.is_none_or(|old| old.player_id == p.player_id) => {
                    // The socket becomes this session's here (a guest's `refresh` too): the
                    // per-session cap counts now, in one step with taking the place.
                    let info = ConnInfo {
                        player_id: Some(p.player_id),
                        session_id: Some(p.session_id),
                    };
                    if !state
                        .hub
                        .set_info_within(conn.key, info, MAX_SOCKETS_PER_SESSION)
                    {
                        return Err(protocol::DISCONNECT_CONNECTION_LIMIT);
                    }
                    conn.player = Some(p);
                    Ok(Some(protocol::reply(
                        id,
                        "refresh",
                        json!({ "client": conn.client_id, "version": env!("CARGO_PKG_VERSION"), "expires": false }),
                    )))
                }
                Err(TokenError::Expired) => err(protocol::ERROR_TOKEN_EXPIRED, "token expired"),
                _ => Err(protocol::DISCONNECT_INVALID_TOKEN),
            }
        }
        "ping" => Ok(Some(protocol::reply(id, "ping", json!({})))),
        // Asynchronous message to the server: nothing to answer.
        "send" => Ok(None),
        // Clients never publish on platform channels.
        "publish" => err(protocol::ERROR_PERMISSION_DENIED, "permission denied"),
        "rpc" => err(protocol::ERROR_METHOD_NOT_FOUND, "method not found"),
        "presence" | "presence_stats" | "history" | "sub_refresh" => {
            err(protocol::ERROR_NOT_AVAILABLE, "not available")
        }
        _ => err(protocol::ERROR_METHOD_NOT_FOUND, "method not found"),
    }
}

/// A random UUID v4 string, as Centrifuge gives each connection.
fn client_id() -> String {
    let mut b = [0u8; 16];
    rand::rng().fill_bytes(&mut b);
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    let h = crate::seed::to_hex(&b);
    format!(
        "{}-{}-{}-{}-{}",
        &h[0..8],
        &h[8..12],
        &h[12..16],
        &h[16..20],
        &h[20..32]
    )
}
