//! The session refresh shared across tabs (SPEC §4 Session, §9): one tab refreshes, the others
//! wait for its result.
//!
//! - The lock is the localStorage item [`REFRESH_LOCK_KEY`] holding `"{tab id}:{ms}"`. A lock
//!   older than [`LOCK_STALE_MS`] (its tab died mid-refresh) counts as free.
//! - A tab that finds the lock held waits: up to [`REFRESH_WAIT_POLLS`] polls,
//!   [`REFRESH_POLL_MS`] apart, reading the stored `access_token`. A token that differs from
//!   its own and is not expired ends the wait; no stored token means the other tab's refresh
//!   failed and the session is over; after the last poll the tab refreshes itself.
//!
//! The decisions are here and in `app::update::refresh`; the runtime (`runtime/lock.rs`) only
//! reads and writes storage.

use super::session::is_expired;
pub use super::session::{REFRESH_LOCK_KEY, REFRESH_POLL_MS, REFRESH_WAIT_POLLS};

/// A lock this old is abandoned (its tab closed or froze during the refresh).
pub const LOCK_STALE_MS: u64 = 10_000;
/// How long a tab lets a just-written lock settle before reading it back: two tabs that
/// wrote at once both see the last writer then.
pub const LOCK_SETTLE_MS: u32 = 60;

/// Where a tab's refresh stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RefreshPhase {
    #[default]
    Idle,
    /// Asking for the cross-tab lock.
    Locking,
    /// This tab's refresh call is in flight.
    Requesting,
    /// Another tab holds the lock; `polls` reads of the stored token so far.
    Waiting { polls: u32 },
}

/// What the runtime reports back.
#[derive(Clone, Debug, PartialEq)]
pub enum RefreshEvent {
    /// The lock was taken (`acquired`) or is another tab's; `stored_token` is the token in
    /// storage at that moment.
    Lock {
        acquired: bool,
        stored_token: Option<String>,
    },
    /// Time for the next read of the stored token.
    Poll,
    /// The stored token, as read now.
    StoredToken(Option<String>),
}

/// What the runtime does for the refresh.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LockCmd {
    /// Take the lock if free (or stale, or ours), let it settle, read it back; answer with
    /// `RefreshEvent::Lock`.
    Acquire,
    /// Remove the lock if it is ours.
    Release,
    /// Answer with `RefreshEvent::StoredToken`.
    ReadToken,
}

/// The stored lock value for `tab` at `now_ms`.
pub fn lock_value(tab: &str, now_ms: u64) -> String {
    format!("{tab}:{now_ms}")
}

/// Owner and time of a stored lock value; `None` when unreadable.
pub fn parse_lock(value: &str) -> Option<(&str, u64)> {
    let (tab, at) = value.rsplit_once(':')?;
    if tab.is_empty() {
        return None;
    }
    Some((tab, at.trim().parse().ok()?))
}

/// May `tab` take the lock at `now_ms`, given what storage holds? Free, unreadable, stale or
/// already ours: yes. Held by another tab within [`LOCK_STALE_MS`]: no. A lock stamped in the
/// future (another tab's clock) counts as fresh until it is stale by that stamp.
pub fn may_take(stored: Option<&str>, tab: &str, now_ms: u64) -> bool {
    let Some((owner, at)) = stored.and_then(parse_lock) else {
        return true;
    };
    owner == tab || now_ms.saturating_sub(at) >= LOCK_STALE_MS
}

/// Is `stored` the fruit of another tab's refresh: present, different from `current`, and
/// not expired at `now_ms`?
pub fn is_fresh_other(stored: Option<&str>, current: Option<&str>, now_ms: u64) -> bool {
    match stored {
        Some(t) if !t.is_empty() => Some(t) != current && !is_expired(t, now_ms),
        _ => false,
    }
}

/// What a waiting tab does after reading the stored token on poll number `polls` (1-based).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WaitStep {
    /// Use this token: the other tab refreshed.
    Adopt(String),
    /// No token any more: the other tab's refresh failed (or it signed out).
    SessionEnded,
    /// Read again after [`REFRESH_POLL_MS`].
    PollAgain,
    /// Waited long enough: refresh here.
    RefreshSelf,
}

pub fn after_poll(
    stored: Option<&str>,
    current: Option<&str>,
    polls: u32,
    now_ms: u64,
) -> WaitStep {
    match stored {
        None | Some("") => WaitStep::SessionEnded,
        Some(t) if is_fresh_other(Some(t), current, now_ms) => WaitStep::Adopt(t.to_string()),
        _ if polls >= REFRESH_WAIT_POLLS => WaitStep::RefreshSelf,
        _ => WaitStep::PollAgain,
    }
}
