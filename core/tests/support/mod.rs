//! Helpers shared by the native flow tests.
#![allow(dead_code)] // each test file uses its own subset

/// The fixed "now" of the flow tests (ms since the epoch).
pub const NOW: u64 = 1_700_000_000_000;

/// Unpadded base64url, as JWT segments are written.
pub fn b64(s: &str) -> String {
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

/// A JWT of player 7 whose exp is `secs` after NOW; `tag` stands for the signature.
pub fn token(secs: i64, tag: &str) -> String {
    let exp = (NOW / 1000) as i64 + secs;
    format!(
        "{}.{}.{tag}",
        b64(r#"{"alg":"HS256"}"#),
        b64(&format!(r#"{{"sub":"7","exp":{exp}}}"#))
    )
}

use croupier_core::app::{update, Effect, Event, HttpOutcome, HttpRequest, Model, Req, UiEvent};

/// A view event, at NOW.
pub fn ui(m: &mut Model, e: UiEvent) -> Vec<Effect> {
    update(m, Event::Ui(e), NOW)
}

/// The server answers `req` with `status` and a JSON body, at NOW.
pub fn respond(m: &mut Model, req: Req, status: u16, body: serde_json::Value) -> Vec<Effect> {
    update(
        m,
        Event::Http {
            req,
            outcome: HttpOutcome::Response {
                status,
                body: body.to_string(),
            },
        },
        NOW,
    )
}

/// The HTTP requests among some effects, in order.
pub fn http(fx: &[Effect]) -> Vec<&HttpRequest> {
    fx.iter()
        .filter_map(|e| match e {
            Effect::Http(h) => Some(h),
            _ => None,
        })
        .collect()
}

/// serde_json's `json!`, as the core's own `Json` value (what effects, views and pushes hold).
#[macro_export]
macro_rules! j {
    ($($t:tt)+) => {
        croupier_core::json::parse(&serde_json::json!($($t)+).to_string()).unwrap()
    };
}

/// A serde_json value as the core's `Json`.
pub fn core_json(v: &serde_json::Value) -> croupier_core::json::Json {
    croupier_core::json::parse(&v.to_string()).unwrap()
}
