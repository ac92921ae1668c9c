//! The cross-tab refresh lock: localStorage `refreshSession` = `"{tab id}:{ms}"` (SPEC §9).
//! Which tab may take it is `domain::refresh::may_take`; this file only reads and writes.
//!
//! Where the browser has the Web Locks API (Chrome, Firefox, Safari), a lock of the same name
//! is what excludes the other tabs: it is atomic across tabs, where localStorage writes reach
//! other tabs a moment later (two tabs on a busy machine both took a localStorage-only lock
//! in CI). The localStorage value is still written for SPEC §9 and for the stale check.
//! Without Web Locks, taking the lock is: check, write, wait `LOCK_SETTLE_MS`, read back.

use std::cell::OnceCell;

use wasm_bindgen::prelude::*;

use crate::domain::refresh::{lock_value, may_take, parse_lock, LOCK_SETTLE_MS, REFRESH_LOCK_KEY};

use super::storage::local;

thread_local! {
    static TAB_ID: OnceCell<String> = const { OnceCell::new() };
}

/// This tab's id (random, for the lifetime of the page).
pub fn tab_id() -> String {
    TAB_ID.with(|id| {
        id.get_or_init(|| super::http::trace_id()[..12].to_string())
            .clone()
    })
}

/// The lock's stored value.
pub fn read() -> Option<String> {
    local()?.get_item(REFRESH_LOCK_KEY).ok().flatten()
}

/// Write the lock for `tab` if it may take it now; false when another tab holds it. Without
/// storage (private mode) every tab is alone and may refresh.
pub fn try_take(tab: &str, now_ms: u64) -> bool {
    let Some(storage) = local() else { return true };
    let stored = storage.get_item(REFRESH_LOCK_KEY).ok().flatten();
    if !may_take(stored.as_deref(), tab, now_ms) {
        return false;
    }
    storage
        .set_item(REFRESH_LOCK_KEY, &lock_value(tab, now_ms))
        .is_ok()
}

/// Does storage say `tab` holds the lock?
pub fn holds(tab: &str) -> bool {
    match local() {
        None => true,
        Some(_) => read()
            .as_deref()
            .and_then(parse_lock)
            .is_some_and(|(owner, _)| owner == tab),
    }
}

/// Remove the lock if it is `tab`'s (never another tab's).
pub fn release(tab: &str) {
    web_lock_release();
    if holds(tab) {
        if let Some(s) = local() {
            let _ = s.remove_item(REFRESH_LOCK_KEY);
        }
    }
}

#[wasm_bindgen(inline_js = r#"
let held = null;
export function web_lock_take(name) {
  const locks = globalThis.navigator && globalThis.navigator.locks;
  if (!locks) return Promise.resolve(null);
  return new Promise((granted) => {
    locks
      .request(name, { ifAvailable: true }, (lock) => {
        if (!lock) { granted(false); return undefined; }
        granted(true);
        return new Promise((release) => { held = release; });
      })
      .catch(() => granted(null));
  });
}
export function web_lock_release() {
  if (held) { held(); held = null; }
}
"#)]
extern "C" {
    /// Resolves true (taken, held until released), false (another tab holds it) or null (no
    /// Web Locks here).
    fn web_lock_take(name: &str) -> js_sys::Promise;
    fn web_lock_release();
}

/// Take the lock: the Web Lock when there is one, else check, write, let it settle, read back.
pub async fn acquire(tab: &str) -> bool {
    let web = wasm_bindgen_futures::JsFuture::from(web_lock_take(REFRESH_LOCK_KEY)).await;
    if let Ok(taken) = web {
        if let Some(taken) = taken.as_bool() {
            if taken {
                if let Some(s) = local() {
                    let _ = s.set_item(
                        REFRESH_LOCK_KEY,
                        &lock_value(tab, js_sys::Date::now() as u64),
                    );
                }
            }
            return taken;
        }
    }
    if !try_take(tab, js_sys::Date::now() as u64) {
        return false;
    }
    gloo_timers::future::TimeoutFuture::new(LOCK_SETTLE_MS).await;
    holds(tab)
}
