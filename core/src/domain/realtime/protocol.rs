//! Centrifuge client protocol v2, JSON flavour (docs/API.md "Realtime").
//!
//! Commands are `{"id": N, "<method>": {...}}`; several go in one frame separated by `\n`.
//! Replies echo the id with the result under the method name, or `error: {code, message}`.
//! `{}` is the server's ping and the client's pong. Pushes have no id:
//! `{"push": {"channel", "pub": {"data"}}}`, or `{"push": {"disconnect": {code, reason}}}`.

use crate::json::{lenient, Json, Map};
use serde::de::{DeserializeOwned, IgnoredAny};
use serde::{Deserialize, Deserializer};
use std::fmt::Write;

/// The client's answer to a server ping.
pub const PONG: &str = "{}";

/// An error a reply carries: `{code, message}`; an odd field reads as 0 or empty.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(default)]
pub struct ReplyError {
    #[serde(deserialize_with = "lenient")]
    pub code: u32,
    #[serde(deserialize_with = "lenient")]
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
            // An error that is not an object still fails the command.
            Some(err) => Err(ReplyError::deserialize(&err).unwrap_or_default()),
            None => Ok(result.unwrap_or(Json::Object(Map::new()))),
        };
        return Incoming::Reply { id, result };
    }
    match push {
        Some(push @ Json::Object(_)) => decode_push(&push, line),
        _ => Incoming::Malformed(excerpt(line)),
    }
}

/// `push`'s fields this client acts on: a publication's data, the server's disconnect and
/// unsubscribe, and their channel.
#[derive(Default, Deserialize)]
#[serde(default)]
struct Push {
    #[serde(deserialize_with = "lenient")]
    channel: String,
    /// `pub: {data}`; a `pub` that is not an object carries `null`.
    #[serde(rename = "pub", deserialize_with = "present_lenient")]
    publication: Option<Publication>,
    /// `disconnect: {code, reason}`, in whatever shape: the connection ends.
    #[serde(deserialize_with = "present_lenient")]
    disconnect: Option<Disconnect>,
    /// `unsubscribe: {...}`: only its presence matters.
    #[serde(deserialize_with = "present")]
    unsubscribe: bool,
}

#[derive(Default, Deserialize)]
#[serde(default)]
struct Publication {
    data: Json,
}

#[derive(Default, Deserialize)]
#[serde(default)]
struct Disconnect {
    #[serde(deserialize_with = "lenient")]
    code: u16,
    #[serde(deserialize_with = "lenient")]
    reason: String,
}

/// A field that is there, whatever its value (`null` included).
fn present<'de, D: Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
    IgnoredAny::deserialize(d)?;
    Ok(true)
}

/// A field that is there, read as `T`, or `T`'s default when of another shape.
fn present_lenient<'de, D: Deserializer<'de>, T: DeserializeOwned + Default>(
    d: D,
) -> Result<Option<T>, D::Error> {
    lenient(d).map(Some)
}

fn decode_push(push: &Json, line: &str) -> Incoming {
    let Ok(push) = Push::deserialize(push) else {
        return Incoming::Malformed(excerpt(line));
    };
    if let Some(d) = push.disconnect {
        return Incoming::Disconnect {
            code: d.code,
            reason: d.reason,
        };
    }
    if let Some(publication) = push.publication {
        if push.channel.is_empty() {
            return Incoming::Malformed(excerpt(line));
        }
        return Incoming::Publication {
            channel: push.channel,
            data: publication.data,
        };
    }
    if push.unsubscribe && !push.channel.is_empty() {
        return Incoming::Unsubscribed {
            channel: push.channel,
        };
    }
    Incoming::Ignored
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

/// What a successful connect reply tells the client: `{client, ping, pong}`; an odd field
/// reads as empty, 0 or false.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(default)]
pub struct Connected {
    #[serde(deserialize_with = "lenient")]
    pub client: String,
    /// Seconds between server pings (0: the server does not ping), at most an hour.
    #[serde(rename = "ping", deserialize_with = "ping_seconds")]
    pub ping_s: u32,
    /// Whether the server wants a pong for each ping.
    #[serde(deserialize_with = "lenient")]
    pub pong: bool,
}

fn ping_seconds<'de, D: Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    let s: u64 = lenient(d)?;
    Ok(s.min(3_600) as u32)
}

/// A connect reply's result; anything but an object reads as all defaults.
pub fn read_connected(result: &Json) -> Connected {
    Connected::deserialize(result).unwrap_or_default()
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
