//! Toast alerts (SPEC §2 "Notifications are toasts", §9 "Alerts and UI").
//!
//! An [`Alert`] names a text of the localised `alerts` content group by `key`. The
//! [`AlertQueue`] is a pure throttled queue: at most one toast starts per
//! [`ALERT_THROTTLE_MS`]; each stays [`ALERT_DURATION_MS`] (or
//! [`ALERT_DURATION_WITH_DESCRIPTION_MS`] when it has a description). Time is always an argument.

use serde::{Deserialize, Serialize};

use litemap::LiteMap;

/// Minimum gap between two toasts starting.
pub const ALERT_THROTTLE_MS: u64 = 400;
/// How long a toast stays.
pub const ALERT_DURATION_MS: u64 = 3000;
/// How long a toast with a description stays.
pub const ALERT_DURATION_WITH_DESCRIPTION_MS: u64 = 5000;
/// Queue bound: older pending alerts are dropped beyond it (never grows without limit).
pub const ALERT_QUEUE_MAX: usize = 20;

/// Tone of a toast.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum AlertKind {
    Success,
    Error,
    Warning,
    Info,
}

/// One toast: a content key plus optional description and placeholder values.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Alert {
    /// Key in the `alerts` content group, e.g. `bonusCodeIncorrect`.
    pub key: String,
    pub kind: AlertKind,
    /// A second line (content key or text); makes the toast last longer.
    pub description: Option<String>,
    /// Values for placeholders such as `{amount}`.
    #[serde(default)]
    pub params: LiteMap<String, String>,
}

impl Alert {
    pub fn new(key: &str, kind: AlertKind) -> Alert {
        Alert {
            key: key.to_string(),
            kind,
            description: None,
            params: LiteMap::new(),
        }
    }

    pub fn success(key: &str) -> Alert {
        Alert::new(key, AlertKind::Success)
    }

    pub fn error(key: &str) -> Alert {
        Alert::new(key, AlertKind::Error)
    }

    pub fn warning(key: &str) -> Alert {
        Alert::new(key, AlertKind::Warning)
    }

    pub fn info(key: &str) -> Alert {
        Alert::new(key, AlertKind::Info)
    }

    pub fn with_description(mut self, description: &str) -> Alert {
        self.description = Some(description.to_string());
        self
    }

    pub fn with_param(mut self, key: &str, value: &str) -> Alert {
        self.params.insert(key.to_string(), value.to_string());
        self
    }

    /// How long the toast stays (3000 ms, or 5000 ms with a non-empty description).
    pub fn duration_ms(&self) -> u64 {
        match &self.description {
            Some(d) if !d.is_empty() => ALERT_DURATION_WITH_DESCRIPTION_MS,
            _ => ALERT_DURATION_MS,
        }
    }
}

/// A toast on screen.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ShownAlert {
    /// Sequence number, unique per queue (the view's key).
    pub id: u64,
    pub alert: Alert,
    pub shown_at_ms: u64,
    pub hide_at_ms: u64,
}

/// Throttled toast queue.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AlertQueue {
    // A `Vec` (a short queue; `VecDeque`'s ring code costs more wasm).
    pending: Vec<Alert>,
    visible: Vec<ShownAlert>,
    last_shown_ms: Option<u64>,
    next_id: u64,
}

impl AlertQueue {
    pub fn new() -> AlertQueue {
        AlertQueue::default()
    }

    /// Queues an alert and runs [`AlertQueue::tick`]; returns the toast started now, if any.
    pub fn push(&mut self, alert: Alert, now_ms: u64) -> Option<ShownAlert> {
        if self.pending.len() >= ALERT_QUEUE_MAX {
            self.pending.remove(0);
        }
        self.pending.push(alert);
        self.tick(now_ms)
    }

    /// Removes expired toasts and starts the next pending one if the throttle allows.
    pub fn tick(&mut self, now_ms: u64) -> Option<ShownAlert> {
        self.visible.retain(|s| s.hide_at_ms > now_ms);
        let allowed = match self.last_shown_ms {
            None => true,
            Some(last) => now_ms.saturating_sub(last) >= ALERT_THROTTLE_MS || now_ms < last,
        };
        if !allowed {
            return None;
        }
        if self.pending.is_empty() {
            return None;
        }
        let alert = self.pending.remove(0);
        let shown = ShownAlert {
            id: self.next_id,
            hide_at_ms: now_ms.saturating_add(alert.duration_ms()),
            alert,
            shown_at_ms: now_ms,
        };
        self.next_id = self.next_id.wrapping_add(1);
        self.last_shown_ms = Some(now_ms);
        self.visible.push(shown.clone());
        Some(shown)
    }

    /// When [`AlertQueue::tick`] should run next (the next start or hide), if ever.
    pub fn next_wake_ms(&self) -> Option<u64> {
        let start = if self.pending.is_empty() {
            None
        } else {
            Some(
                self.last_shown_ms
                    .map_or(0, |l| l.saturating_add(ALERT_THROTTLE_MS)),
            )
        };
        let mut hide: Option<u64> = None;
        for s in &self.visible {
            hide = Some(hide.map_or(s.hide_at_ms, |h| h.min(s.hide_at_ms)));
        }
        match (start, hide) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// Toasts on screen.
    pub fn visible(&self) -> &[ShownAlert] {
        &self.visible
    }

    /// Alerts waiting for the throttle.
    pub fn pending_len(&self) -> usize {
        self.pending.len()
    }

    /// Closes one toast (the user dismissed it).
    pub fn dismiss(&mut self, id: u64) {
        self.visible.retain(|s| s.id != id);
    }

    /// Route change: hides every open toast (pending ones still show later).
    pub fn hide_all(&mut self) {
        self.visible.clear();
    }
}
