//! Centrifuge client protocol v2, JSON flavour (docs/API.md "Realtime").
//!
//! Commands are `{"id": N, "<method>": {...}}`; several go in one frame separated by `\n`.
//! Replies echo the id with the result under the method name, or `error: {code, message}`.
//! `{}` is the server's ping and the client's pong. Pushes have no id:
//! `{"push": {"channel", "pub": {"data"}}}`, or `{"push": {"disconnect": {code, reason}}}`.

use crate::json::{Json, Map};
use std::fmt::Write;

/// The client's answer to a server ping.
pub const PONG: &str = "{}";

/// An error a reply carries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplyError {
    pub code: u32,
    pub message: String,
}

/// One line of a frame from the server.
#[derive(Clone, Debug, PartialEq)]
pub enum Incoming {
    /// `{}`: answer with [`PONG`] when the connect reply asked for pongs.
    Ping,
    /// The answer to command `id`: its result object, or the server's error.
    Reply {
        id: u32,
        result: Result<Json, ReplyError>,
    },
    /// A publication on a channel.
    Publication { channel: String, data: Json },
    /// The server unsubscribed us from a channel.
    Unsubscribed { channel: String },
    /// The server ends the connection (JSON form of a close code).
    Disconnect { code: u16, reason: String },
    /// A push we do not act on (join, leave, message, ...).
    Ignored,
    /// A line that is not protocol JSON; logged and dropped, never fatal.
    Malformed(String),
}

/// Splits a frame on newlines and reads each line. Empty lines are skipped.
pub fn decode(frame: &str) -> Vec<Incoming> {
    frame
        .split('\n')
        .filter_map(|l| {
            let l = l.trim();
            (!l.is_empty()).then(|| decode_line(l))
        })
        .collect()
}

fn decode_line(line: &str) -> Incoming {
    let Ok(Json::Object(obj)) = crate::json::parse(line) else {
        return Incoming::Malformed(excerpt(line));
    };
    if obj.is_empty() {
        return Incoming::Ping;
    }
    // One pass that takes the values apart (no map removals: smaller wasm).
    let (mut id, mut error, mut push, mut result) = (None, None, None, None);
    for (key, value) in obj {
        match key.as_str() {
            "id" => id = Some(value),
            "error" => error = Some(value),
            "push" => push = Some(value),
            // A reply's result sits under the method's name, which does not matter to us.
            _ => result = Some(value),
        }
    }
    if let Some(id) = id {
        let Some(id) = id.as_u64().and_then(|i| u32::try_from(i).ok()) else {
            return Incoming::Malformed(excerpt(line));
        };
        let result = match error {
            Some(err) => Err(ReplyError {
                code: err
                    .get("code")
                    .and_then(Json::as_u64)
                    .and_then(|c| u32::try_from(c).ok())
                    .unwrap_or(0),
                message: text(err.get("message")),
            }),
            None => Ok(result.unwrap_or(Json::Object(Map::new()))),
        };
        return Incoming::Reply { id, result };
    }
    match push {
        Some(Json::Object(push)) => decode_push(push, line),
        _ => Incoming::Malformed(excerpt(line)),
    }
}

fn decode_push(push: Map<String, Json>, line: &str) -> Incoming {
    let (mut channel, mut publication, mut disconnect, mut unsubscribe) =
        (String::new(), None, None, false);
    for (key, value) in push {
        match key.as_str() {
            "channel" => channel = text(Some(&value)),
            "pub" => publication = Some(value),
            "disconnect" => disconnect = Some(value),
            "unsubscribe" => unsubscribe = true,
            _ => {}
        }
    }
    if let Some(d) = disconnect {
        let code = d
            .get("code")
            .and_then(Json::as_u64)
            .and_then(|c| u16::try_from(c).ok())
            .unwrap_or(0);
        return Incoming::Disconnect {
            code,
            reason: text(d.get("reason")),
        };
    }
    if let Some(publication) = publication {
        if channel.is_empty() {
            return Incoming::Malformed(excerpt(line));
        }
        let data = match publication {
            Json::Object(p) => p
                .into_iter()
                .find(|(k, _)| k == "data")
                .map_or(Json::Null, |(_, v)| v),
            _ => Json::Null,
        };
        return Incoming::Publication { channel, data };
    }
    if unsubscribe && !channel.is_empty() {
        return Incoming::Unsubscribed { channel };
    }
    Incoming::Ignored
}

/// A string field's text, or empty.
fn text(v: Option<&Json>) -> String {
    v.and_then(Json::as_str).unwrap_or("").to_string()
}

/// The first characters of a bad line, for the log.
fn excerpt(line: &str) -> String {
    let mut out = String::new();
    for c in line.chars().take(120) {
        out.push(c);
    }
    out
}

/// `connect`, with the session token for a player (none for a guest).
pub fn connect(id: u32, token: Option<&str>) -> String {
    match token.filter(|t| !t.is_empty()) {
        Some(t) => format!(
            r#"{{"id":{id},"connect":{{"token":{},"name":"croupier"}}}}"#,
            quote(t)
        ),
        None => format!(r#"{{"id":{id},"connect":{{"name":"croupier"}}}}"#),
    }
}

pub fn subscribe(id: u32, channel: &str) -> String {
    format!(
        r#"{{"id":{id},"subscribe":{{"channel":{}}}}}"#,
        quote(channel)
    )
}

pub fn unsubscribe(id: u32, channel: &str) -> String {
    format!(
        r#"{{"id":{id},"unsubscribe":{{"channel":{}}}}}"#,
        quote(channel)
    )
}

/// Several commands in one frame.
pub fn frame(lines: &[String]) -> String {
    lines.join("\n")
}

/// A JSON string literal (commands are written by hand: no JSON printer in the wasm).
pub fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                // Writing to a `String` cannot fail.
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// What a successful connect reply tells the client.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Connected {
    pub client: String,
    /// Seconds between server pings (0: the server does not ping).
    pub ping_s: u32,
    /// Whether the server wants a pong for each ping.
    pub pong: bool,
}

pub fn read_connected(result: &Json) -> Connected {
    Connected {
        client: result
            .get("client")
            .and_then(Json::as_str)
            .unwrap_or("")
            .to_string(),
        ping_s: result
            .get("ping")
            .and_then(Json::as_u64)
            .map_or(0, |p| p.min(3_600) as u32),
        pong: result.get("pong").and_then(Json::as_bool).unwrap_or(false),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quote_escapes_control_characters_as_lower_case_hex() {
        assert_eq!(quote("a\"b\\c\n\r\t"), r#""a\"b\\c\n\r\t""#);
        assert_eq!(
            quote("\u{0}\u{1}\u{a}\u{1f} \u{7f}é"),
            "\"\\u0000\\u0001\\n\\u001f \u{7f}é\""
        );
        assert_eq!(quote("\u{1b}\u{10}"), "\"\\u001b\\u0010\"");
    }
}
