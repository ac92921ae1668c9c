//! The cross-tab refresh lock: localStorage `refreshSession` = `"{tab id}:{ms}"` (SPEC §9).
//! Which tab may take it is `domain::refresh::may_take`; this file only reads and writes.
//!
//! localStorage has no compare-and-swap, and another tab's write reaches this one a moment
//! later, so taking the lock is: check, write, wait `LOCK_SETTLE_MS`, read back. Two tabs that
//! wrote at once then both read the last writer's value, and only that tab goes on.

use std::cell::OnceCell;

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
    if holds(tab) {
        if let Some(s) = local() {
            let _ = s.remove_item(REFRESH_LOCK_KEY);
        }
    }
}

/// Take the lock: check, write, let it settle, read back.
pub async fn acquire(tab: &str) -> bool {
    if !try_take(tab, js_sys::Date::now() as u64) {
        return false;
    }
    gloo_timers::future::TimeoutFuture::new(LOCK_SETTLE_MS).await;
    holds(tab)
}
