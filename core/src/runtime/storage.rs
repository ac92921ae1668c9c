//! Where the session lives in the browser: the `access_token` cookie (kept 365 days, SPEC §9)
//! and a localStorage marker other tabs listen to (SPEC §4 "Across tabs").

use wasm_bindgen::JsCast;

use crate::app::stored::{Kept, Place, Stored};
use crate::domain::session::{TOKEN_KEY, TOKEN_STORAGE_DAYS};

/// localStorage key whose changes tell other tabs we signed in or out.
pub const PEER_KEY: &str = "croupier.session";

fn html_document() -> Option<web_sys::HtmlDocument> {
    web_sys::window()?
        .document()?
        .dyn_into::<web_sys::HtmlDocument>()
        .ok()
}

pub fn read_token() -> Option<String> {
    raw_cookie(TOKEN_KEY).filter(|v| !v.is_empty())
}

/// The first cookie named `name`, as stored.
fn raw_cookie(name: &str) -> Option<String> {
    let cookies = html_document()?.cookie().ok()?;
    for c in cookies.split(';') {
        if let Some((k, v)) = c.trim().split_once('=') {
            if k == name {
                return Some(v.to_string());
            }
        }
    }
    None
}

pub fn store_token(token: &str) {
    // A JWT is URL-safe base64 and dots: nothing in it needs cookie escaping.
    let max_age = u64::from(TOKEN_STORAGE_DAYS) * 86_400;
    set_cookie(&format!(
        "{TOKEN_KEY}={token}; Max-Age={max_age}; Path=/; SameSite=Lax"
    ));
}

pub fn clear_token() {
    set_cookie(&format!("{TOKEN_KEY}=; Max-Age=0; Path=/; SameSite=Lax"));
}

/// A cookie's value, percent-decoded; None when absent or empty.
pub fn read_cookie(name: &str) -> Option<String> {
    raw_cookie(name)
        .map(|v| crate::domain::route::percent_decode(&v, false))
        .filter(|v| !v.is_empty())
}

/// Write a first-party cookie (value percent-encoded, so `;` or `=` in it stay data).
pub fn store_cookie(name: &str, value: &str, max_age: u64) {
    set_cookie(&cookie_line(name, value, max_age));
}

/// The `document.cookie` line [`store_cookie`] writes.
pub fn cookie_line(name: &str, value: &str, max_age: u64) -> String {
    format!(
        "{name}={}; Max-Age={max_age}; Path=/; SameSite=Lax",
        crate::domain::route::percent_encode(value)
    )
}

fn set_cookie(value: &str) {
    if let Some(doc) = html_document() {
        let _ = doc.set_cookie(value);
    }
}

pub fn local() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// Record the session change for other tabs; the timestamp makes every write a change.
pub fn signal_peers(logged_in: bool, now_ms: f64) {
    if let Some(s) = local() {
        let _ = s.set_item(
            PEER_KEY,
            // Whole milliseconds: enough to make every write a change.
            &format!(
                "{}:{}",
                if logged_in { "login" } else { "logout" },
                now_ms as u64
            ),
        );
    }
}

/// Read a peer signal from a storage event's new value.
pub fn parse_peer_signal(value: &str) -> Option<bool> {
    match value.split(':').next()? {
        "login" => Some(true),
        "logout" => Some(false),
        _ => None,
    }
}

/// What the device holds under each declared key (app/stored.rs), whoever declared it.
pub fn read_declared(declared: impl Iterator<Item = Stored>) -> Kept {
    let mut kept = Kept::default();
    for stored in declared {
        let value = match stored.place {
            Place::Local => local_get(stored.key),
            Place::Session => session_get(stored.key),
            Place::Cookie => read_cookie(stored.key),
        };
        if let Some(value) = value {
            kept.insert(stored, value);
        }
    }
    kept
}

pub fn local_get(key: &str) -> Option<String> {
    local()?.get_item(key).ok().flatten()
}

pub fn local_set(key: &str, value: Option<&str>) {
    if let Some(s) = local() {
        let _ = match value {
            Some(v) => s.set_item(key, v),
            None => s.remove_item(key),
        };
    }
}

fn session() -> Option<web_sys::Storage> {
    web_sys::window()?.session_storage().ok().flatten()
}

pub fn session_get(key: &str) -> Option<String> {
    session()?.get_item(key).ok().flatten()
}

pub fn session_set(key: &str, value: Option<&str>) {
    if let Some(s) = session() {
        let _ = match value {
            Some(v) => s.set_item(key, v),
            None => s.remove_item(key),
        };
    }
}
