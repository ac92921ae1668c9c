//! Centrifuge client protocol v2, JSON flavour: field names and codes exactly as
//! centrifugal/protocol's client.proto and centrifuge-js expect them.
//!
//! A frame holds one or more newline-separated JSON objects. Commands carry an `id` and one
//! method field (`connect`, `subscribe`, ...); replies echo the `id` with a result under the
//! same method name, or `error: {code, message}`. `{}` is the server's ping and the
//! client's pong. Pushes have no `id`: `{"push":{"channel", "pub":{"data"}}}`.

use serde_json::{json, Map, Value};

/// Error codes for replies (client.proto / centrifuge errors.go).
pub const ERROR_PERMISSION_DENIED: u32 = 103;
pub const ERROR_METHOD_NOT_FOUND: u32 = 104;
pub const ERROR_ALREADY_SUBSCRIBED: u32 = 105;
pub const ERROR_LIMIT_EXCEEDED: u32 = 106;
pub const ERROR_BAD_REQUEST: u32 = 107;
pub const ERROR_NOT_AVAILABLE: u32 = 108;
pub const ERROR_TOKEN_EXPIRED: u32 = 109;

/// A disconnect, sent as the WebSocket close code and reason. Codes 3500-3999 tell the
/// client not to reconnect.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Disconnect {
    pub code: u16,
    pub reason: &'static str,
}

pub const DISCONNECT_SHUTDOWN: Disconnect = Disconnect {
    code: 3001,
    reason: "shutdown",
};
pub const DISCONNECT_NO_PONG: Disconnect = Disconnect {
    code: 3012,
    reason: "no pong",
};
pub const DISCONNECT_INVALID_TOKEN: Disconnect = Disconnect {
    code: 3500,
    reason: "invalid token",
};
pub const DISCONNECT_BAD_REQUEST: Disconnect = Disconnect {
    code: 3501,
    reason: "bad request",
};
pub const DISCONNECT_STALE: Disconnect = Disconnect {
    code: 3502,
    reason: "stale",
};
pub const DISCONNECT_CONNECTION_LIMIT: Disconnect = Disconnect {
    code: 3504,
    reason: "connection limit",
};
/// RFC 6455 "invalid frame payload data": a text frame that is not UTF-8.
pub const CLOSE_INVALID_DATA: Disconnect = Disconnect {
    code: 1007,
    reason: "invalid UTF-8",
};
/// RFC 6455 "message too big": a frame over the size limit (what Centrifuge's transport sends).
pub const CLOSE_TOO_BIG: Disconnect = Disconnect {
    code: 1009,
    reason: "message too big",
};

/// One parsed command line.
#[derive(Debug, PartialEq)]
pub enum Command {
    /// `{}`: the client's answer to our ping.
    Pong,
    Call {
        /// 0 for commands that expect no reply (`send`).
        id: u64,
        method: String,
        params: Map<String, Value>,
    },
}

const METHODS: &[&str] = &[
    "connect",
    "subscribe",
    "unsubscribe",
    "publish",
    "presence",
    "presence_stats",
    "history",
    "ping",
    "send",
    "rpc",
    "refresh",
    "sub_refresh",
];

/// Splits a frame into commands. `None` means the frame is malformed and the connection
/// must be closed with `bad request` (as Centrifuge does).
pub fn parse_frame(text: &str) -> Option<Vec<Command>> {
    text.split('\n')
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(parse_command)
        .collect()
}

fn parse_command(line: &str) -> Option<Command> {
    let Value::Object(mut obj) = serde_json::from_str::<Value>(line).ok()? else {
        return None;
    };
    if obj.is_empty() {
        return Some(Command::Pong);
    }
    let id = match obj.remove("id") {
        None => 0,
        Some(v) => v.as_u64()?,
    };
    let method = METHODS.iter().find(|m| obj.contains_key(**m))?;
    let params = match obj.remove(*method)? {
        Value::Object(p) => p,
        Value::Null => Map::new(),
        _ => return None,
    };
    Some(Command::Call {
        id,
        method: method.to_string(),
        params,
    })
}

pub fn reply(id: u64, method: &str, result: Value) -> String {
    let mut obj = Map::new();
    obj.insert("id".into(), json!(id));
    obj.insert(method.into(), result);
    Value::Object(obj).to_string()
}

pub fn error_reply(id: u64, code: u32, message: &str) -> String {
    json!({ "id": id, "error": { "code": code, "message": message } }).to_string()
}

pub fn publication(channel: &str, data: &Value) -> String {
    json!({ "push": { "channel": channel, "pub": { "data": data } } }).to_string()
}

/// The server ping (and what a client sends back as pong).
pub const PING: &str = "{}";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_a_batch_in_order() {
        let cmds = parse_frame(
            "{\"id\":1,\"connect\":{\"token\":\"t\"}}\n{\"id\":2,\"subscribe\":{\"channel\":\"c\"}}\n{}\n",
        )
        .unwrap();
        assert_eq!(cmds.len(), 3);
        assert!(matches!(&cmds[0], Command::Call { id: 1, method, params }
            if method == "connect" && params["token"] == "t"));
        assert!(matches!(&cmds[1], Command::Call { id: 2, method, .. } if method == "subscribe"));
        assert_eq!(cmds[2], Command::Pong);
    }

    #[test]
    fn rejects_garbage() {
        assert!(parse_frame("not json").is_none());
        assert!(parse_frame("[1]").is_none());
        assert!(parse_frame("{\"id\":1,\"nope\":{}}").is_none());
        assert!(parse_frame("{\"id\":\"x\",\"connect\":{}}").is_none());
        assert!(parse_frame("{\"id\":1,\"connect\":5}").is_none());
    }

    #[test]
    fn builds_replies() {
        assert_eq!(
            reply(3, "subscribe", json!({})),
            r#"{"id":3,"subscribe":{}}"#
        );
        assert_eq!(
            error_reply(4, ERROR_PERMISSION_DENIED, "permission denied"),
            r#"{"error":{"code":103,"message":"permission denied"},"id":4}"#
        );
        assert_eq!(
            publication("global:online", &json!({"n": 1})),
            r#"{"push":{"channel":"global:online","pub":{"data":{"n":1}}}}"#
        );
    }
}
