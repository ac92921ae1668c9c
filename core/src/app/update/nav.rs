//! The address and the modal it names (SPEC §2 Modals: `?modal=<id>`).

use crate::app::effect::Effect;
use crate::app::model::{Model, SessionStatus};

pub const MODAL_PARAM: &str = "modal";
const GUEST_ONLY: &[&str] = &["sign-in", "sign-up", "reset-pass", "forgot-pass", "reset-email-send"];

/// Take a path with optional query (`/wallet?modal=sign-in`) as the current address.
pub fn set_address(model: &mut Model, url: &str) {
    let url = url.split('#').next().unwrap_or("");
    let (path, query) = url.split_once('?').unwrap_or((url, ""));
    model.path = if path.starts_with('/') { path.to_string() } else { format!("/{path}") };
    model.query = query
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|p| {
            let (k, v) = p.split_once('=').unwrap_or((p, ""));
            (decode(k), decode(v))
        })
        .collect();
    model.modal = model.query.iter().find(|(k, _)| k == MODAL_PARAM).map(|(_, v)| v.clone()).filter(|v| !v.is_empty());
}

pub fn open_modal(model: &mut Model, id: &str, fx: &mut Vec<Effect>) {
    if model.modal.as_deref() == Some(id) {
        return;
    }
    model.query.retain(|(k, _)| k != MODAL_PARAM);
    model.query.push((MODAL_PARAM.into(), id.into()));
    model.modal = Some(id.into());
    push(model, false, fx);
    check_modal_access(model, fx);
}

pub fn close_modal(model: &mut Model, fx: &mut Vec<Effect>) {
    if model.modal.take().is_some() {
        model.query.retain(|(k, _)| k != MODAL_PARAM);
        push(model, false, fx);
    }
}

/// Home (the localised one), optionally with a modal open.
pub fn go_home(model: &mut Model, modal: Option<&str>, fx: &mut Vec<Effect>) {
    model.path = "/".into();
    model.query.clear();
    model.modal = None;
    if let Some(m) = modal {
        model.query.push((MODAL_PARAM.into(), m.into()));
        model.modal = Some(m.into());
    }
    push(model, false, fx);
}

/// A guest-only modal is not shown to a player (and vice versa) — the address is cleaned.
pub fn check_modal_access(model: &mut Model, fx: &mut Vec<Effect>) {
    let Some(m) = model.modal.as_deref() else { return };
    let guest_only = GUEST_ONLY.contains(&m);
    let refused = match model.status {
        SessionStatus::Booting => false,
        SessionStatus::Player => guest_only,
        SessionStatus::Guest => !guest_only,
    };
    if refused {
        model.modal = None;
        model.query.retain(|(k, _)| k != MODAL_PARAM);
        push(model, true, fx);
    }
}

pub fn url(model: &Model) -> String {
    let mut url = model.path.clone();
    for (i, (k, v)) in model.query.iter().enumerate() {
        url.push(if i == 0 { '?' } else { '&' });
        url.push_str(&encode(k));
        url.push('=');
        url.push_str(&encode(v));
    }
    url
}

fn push(model: &Model, replace: bool, fx: &mut Vec<Effect>) {
    fx.push(Effect::PushUrl { url: url(model), replace });
}

fn encode(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

fn decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => {
                match u8::from_str_radix(s.get(i + 1..i + 3).unwrap_or(""), 16) {
                    Ok(v) => {
                        out.push(v);
                        i += 2;
                    }
                    Err(_) => out.push(b'%'),
                }
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}
