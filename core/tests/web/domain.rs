//! Domain modules whose browser build differs from the native one, in Chrome and Firefox:
//! `case` maps with the JS engine instead of Rust's tables; `session` reads JWTs and
//! `realtime` encodes and decodes frames with the core's JSON, whose numbers and strings go
//! through the engine in the wasm build (json.rs). The native suites hold the full rules;
//! these pin that the browser build gives the same answers.

use croupier_core::domain::case::{lower, upper};
use croupier_core::domain::realtime::{
    backoff, protocol, push, Client, ConnState, Output, SocketCmd, SocketEvent, SubState,
    BACKOFF_MAX_MS, BACKOFF_MIN_MS,
};
use croupier_core::domain::session::{is_expired, token_exp};
use wasm_bindgen_test::*;

#[wasm_bindgen_test]
fn case_maps_beyond_ascii_like_std() {
    for (text, lo, up) in [
        ("ÉCOLE Доб", "école доб", "ÉCOLE ДОБ"),
        ("straße", "straße", "STRASSE"),
        ("İstanbul", "i̇stanbul", "İSTANBUL"),
        ("ΣΟΦΙΑ", "σοφια", "ΣΟΦΙΑ"),
        ("ǅ", "ǆ", "Ǆ"),
        ("", "", ""),
    ] {
        assert_eq!(lower(text), lo, "{text}");
        assert_eq!(upper(text), up, "{text}");
    }
}

fn b64url(s: &str) -> String {
    const T: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut out = String::new();
    for chunk in s.as_bytes().chunks(3) {
        let n = chunk.iter().fold(0u32, |a, &x| (a << 8) | u32::from(x)) << (8 * (3 - chunk.len()));
        for i in 0..=chunk.len() {
            out.push(T[((n >> (18 - 6 * i)) & 63) as usize] as char);
        }
    }
    out
}

fn jwt(claims: &str) -> String {
    format!("{}.{}.sig", b64url(r#"{"alg":"HS256"}"#), b64url(claims))
}

#[wasm_bindgen_test]
fn session_tokens_expire_ten_seconds_early() {
    let t = jwt(r#"{"sub":"7","exp":1700000000}"#);
    assert_eq!(token_exp(&t), Some(1_700_000_000));
    assert!(!is_expired(&t, 1_699_999_989_999));
    assert!(is_expired(&t, 1_699_999_990_000));
    // exp as a float, as some issuers write it; past 2^53 the engine's number still reads.
    assert_eq!(
        token_exp(&jwt(r#"{"exp":1700000000.0}"#)),
        Some(1_700_000_000)
    );
    assert_eq!(token_exp(&jwt(r#"{"exp":"soon"}"#)), None);
    assert_eq!(token_exp("a.b"), None);
    assert!(is_expired("garbage", 0));
}

#[wasm_bindgen_test]
fn realtime_frames_encode_and_decode() {
    assert_eq!(
        protocol::connect(1, Some("tok")),
        r#"{"id":1,"connect":{"token":"tok","name":"croupier"}}"#
    );
    assert_eq!(
        protocol::subscribe(2, "wallet:accounts#7"),
        r#"{"id":2,"subscribe":{"channel":"wallet:accounts#7"}}"#
    );
    assert_eq!(protocol::quote("a\"b\\c\né"), r#""a\"b\\c\né""#);
    assert_eq!(protocol::decode("{}\n{}").len(), 2, "two pings");
    assert!(protocol::decode("not json").len() <= 1);
    assert!(push::channels(Some(7))
        .iter()
        .any(|c| c == "wallet:accounts#7"));
    assert!(push::channels(None).iter().all(|c| !c.contains('#')));
    for step in 0..40 {
        for r in [0.0, 0.5, 0.999_999, f64::NAN] {
            let d = backoff::delay(step, r);
            assert!(
                (BACKOFF_MIN_MS..=BACKOFF_MAX_MS).contains(&d),
                "{step} {r} {d}"
            );
        }
    }
}

fn sends(out: &[Output]) -> Vec<String> {
    out.iter()
        .filter_map(|o| match o {
            Output::Socket(SocketCmd::Send(s)) => Some(s.clone()),
            _ => None,
        })
        .collect()
}

#[wasm_bindgen_test]
fn realtime_client_connects_subscribes_and_delivers_a_publication() {
    let mut c = Client::new();
    let out = c.connect(
        "ws://x/api/connection/websocket",
        Some(7),
        Some("tok".into()),
        vec!["wallet:accounts#7".into()],
        0,
    );
    assert!(matches!(&out[0], Output::Socket(SocketCmd::Open { .. })));
    let out = c.handle(SocketEvent::Opened, 0);
    assert_eq!(
        sends(&out),
        vec![r#"{"id":1,"connect":{"token":"tok","name":"croupier"}}"#]
    );
    let out = c.handle(
        SocketEvent::Message(r#"{"id":1,"connect":{"client":"abc","ping":25,"pong":true}}"#.into()),
        0,
    );
    assert_eq!(c.state(), ConnState::Connected);
    assert_eq!(
        sends(&out),
        vec![r#"{"id":2,"subscribe":{"channel":"wallet:accounts#7"}}"#]
    );
    c.handle(SocketEvent::Message(r#"{"id":2,"subscribe":{}}"#.into()), 0);
    assert_eq!(c.sub_state("wallet:accounts#7"), SubState::Subscribed);
    let out = c.handle(
        SocketEvent::Message(
            r#"{"push":{"channel":"wallet:accounts#7","pub":{"data":{"id":1,"balance":"12.50","big":9007199254740991}}}}"#
                .into(),
        ),
        0,
    );
    let data = out
        .iter()
        .find_map(|o| match o {
            Output::Publication { channel, data } if channel == "wallet:accounts#7" => Some(data),
            _ => None,
        })
        .expect("a publication");
    assert_eq!(data.get("balance").and_then(|b| b.as_str()), Some("12.50"));
    assert_eq!(
        data.get("big").and_then(|b| b.as_i64()),
        Some(9_007_199_254_740_991)
    );
    // A server ping is answered with a pong.
    let out = c.handle(SocketEvent::Message("{}".into()), 0);
    assert_eq!(sends(&out), vec!["{}".to_string()]);
}
