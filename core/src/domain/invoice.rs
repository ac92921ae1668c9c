//! Invoices (SPEC §3, §4 "Invoice"): statuses, realtime events, alerts, asynchronous QR
//! invoices and the deposit analytics.
//!
//! # Decisions
//!
//! - Alert keys: `depositSuccess`, `depositError`, `withdrawalSuccess`, `withdrawalError`.
//! - The [`InvoiceTracker`] remembers the last status per invoice so a repeated push neither
//!   toasts twice nor fires the deposit analytics twice. It keeps the latest
//!   [`TRACKED_MAX`] invoices. A settled status is final: a "pending" update that comes
//!   after it (the create answer overtaken by the provider's push, or pushes out of order) is
//!   stale and changes nothing.
//! - A pending deposit with `publicData.qr` is an asynchronous invoice: its QR is shown and its
//!   id is to be stored (session storage `asyncInvoiceId`); when it settles the stored id is
//!   cleared.

use crate::domain::alert::Alert;
use crate::domain::analytics::{deposit_events, AnalyticsEvent};
use serde::{Deserialize, Serialize};

/// Realtime event of a deposit invoice.
pub const EVENT_DEPOSIT_UPDATED: &str = "invoice.deposit.updated";
/// Realtime event of a withdrawal invoice.
pub const EVENT_WITHDRAWAL_UPDATED: &str = "invoice.withdrawal.updated";
/// Session-storage key of the pending asynchronous invoice.
pub const ASYNC_INVOICE_KEY: &str = "asyncInvoiceId";
/// How many invoices the tracker remembers.
pub const TRACKED_MAX: usize = 64;

/// Invoice status.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum InvoiceStatus {
    Pending,
    Success,
    Error,
}

impl InvoiceStatus {
    /// 1 pending, 2 success, 3 error.
    pub fn from_code(code: u8) -> Option<InvoiceStatus> {
        match code {
            1 => Some(InvoiceStatus::Pending),
            2 => Some(InvoiceStatus::Success),
            3 => Some(InvoiceStatus::Error),
            _ => None,
        }
    }

    pub fn code(self) -> u8 {
        match self {
            InvoiceStatus::Pending => 1,
            InvoiceStatus::Success => 2,
            InvoiceStatus::Error => 3,
        }
    }
}

/// Deposit or withdrawal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum InvoiceKind {
    Deposit,
    Withdrawal,
}

impl InvoiceKind {
    /// From the realtime event name.
    pub fn from_event(name: &str) -> Option<InvoiceKind> {
        match name {
            EVENT_DEPOSIT_UPDATED => Some(InvoiceKind::Deposit),
            EVENT_WITHDRAWAL_UPDATED => Some(InvoiceKind::Withdrawal),
            _ => None,
        }
    }

    pub fn event_name(self) -> &'static str {
        match self {
            InvoiceKind::Deposit => EVENT_DEPOSIT_UPDATED,
            InvoiceKind::Withdrawal => EVENT_WITHDRAWAL_UPDATED,
        }
    }
}

/// `publicData`.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PublicData {
    #[serde(default)]
    pub qr: Option<String>,
}

/// An invoice (SPEC §3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Invoice {
    pub id: u64,
    pub status: u8,
    /// Decimal string.
    #[serde(default)]
    pub amount: String,
    #[serde(default)]
    pub currency: String,
    /// The deposit count (1 = first deposit).
    #[serde(default)]
    pub number: Option<u64>,
    #[serde(default)]
    pub public_data: Option<PublicData>,
}

impl Invoice {
    /// The QR of an asynchronous invoice (non-empty).
    pub fn qr(&self) -> Option<&str> {
        self.public_data
            .as_ref()?
            .qr
            .as_deref()
            .filter(|q| !q.is_empty())
    }
}

/// What to do for an invoice update.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct InvoiceOutcome {
    pub alert: Option<Alert>,
    pub analytics: Vec<AnalyticsEvent>,
    /// Show this QR (pending asynchronous deposit) and store the invoice id.
    pub show_qr: Option<String>,
    /// The asynchronous invoice settled: clear the stored id.
    pub clear_async: bool,
    /// Balances changed (success): reload accounts.
    pub reload_accounts: bool,
}

/// Whether the player can take a pending invoice back: a withdrawal can be declined, and a QR
/// deposit (waiting for the payer's transfer) cancelled; a card or wallet deposit is in the
/// provider's hands.
pub fn can_decline(kind: InvoiceKind, status: InvoiceStatus, has_qr: bool) -> bool {
    status == InvoiceStatus::Pending && (kind == InvoiceKind::Withdrawal || has_qr)
}

/// The alert for a settled invoice.
pub fn invoice_alert(kind: InvoiceKind, status: InvoiceStatus) -> Option<Alert> {
    match (kind, status) {
        (_, InvoiceStatus::Pending) => None,
        (InvoiceKind::Deposit, InvoiceStatus::Success) => Some(Alert::success("depositSuccess")),
        (InvoiceKind::Deposit, InvoiceStatus::Error) => Some(Alert::error("depositError")),
        (InvoiceKind::Withdrawal, InvoiceStatus::Success) => {
            Some(Alert::success("withdrawalSuccess"))
        }
        (InvoiceKind::Withdrawal, InvoiceStatus::Error) => Some(Alert::error("withdrawalError")),
    }
}

/// Outcome of an invoice in a status, ignoring history.
pub fn outcome(
    kind: InvoiceKind,
    invoice: &Invoice,
    async_invoice_id: Option<u64>,
) -> InvoiceOutcome {
    let Some(status) = InvoiceStatus::from_code(invoice.status) else {
        return InvoiceOutcome::default();
    };
    let mut out = InvoiceOutcome {
        alert: invoice_alert(kind, status),
        ..InvoiceOutcome::default()
    };
    match status {
        InvoiceStatus::Pending => {
            if kind == InvoiceKind::Deposit {
                out.show_qr = invoice.qr().map(str::to_string);
            }
        }
        InvoiceStatus::Success | InvoiceStatus::Error => {
            out.clear_async = async_invoice_id == Some(invoice.id);
            if status == InvoiceStatus::Success {
                out.reload_accounts = true;
                if kind == InvoiceKind::Deposit {
                    out.analytics = deposit_events(invoice.number.unwrap_or(0));
                }
            }
        }
    }
    out
}

/// Remembers invoice statuses so repeated pushes are quiet.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct InvoiceTracker {
    // A `Vec` (a short list; `VecDeque`'s ring code was ~1.6 KB of wasm for it).
    seen: Vec<(u64, u8)>,
}

impl InvoiceTracker {
    pub fn new() -> InvoiceTracker {
        InvoiceTracker::default()
    }

    /// Handles a realtime event (`invoice.deposit.updated` / `invoice.withdrawal.updated`).
    /// Unknown event names and repeated statuses give an empty outcome.
    pub fn on_event(
        &mut self,
        event: &str,
        invoice: &Invoice,
        async_invoice_id: Option<u64>,
    ) -> InvoiceOutcome {
        match InvoiceKind::from_event(event) {
            Some(kind) => self.apply(kind, invoice, async_invoice_id),
            None => InvoiceOutcome::default(),
        }
    }

    /// The settled status (success or error) already seen for the invoice, if any.
    pub fn settled(&self, id: u64) -> Option<InvoiceStatus> {
        self.seen
            .iter()
            .find(|(seen, _)| *seen == id)
            .and_then(|(_, s)| InvoiceStatus::from_code(*s))
            .filter(|s| *s != InvoiceStatus::Pending)
    }

    /// Handles an invoice update of a known kind.
    pub fn apply(
        &mut self,
        kind: InvoiceKind,
        invoice: &Invoice,
        async_invoice_id: Option<u64>,
    ) -> InvoiceOutcome {
        let mut pos = None;
        for (i, (id, _)) in self.seen.iter().enumerate() {
            if *id == invoice.id {
                pos = Some(i);
                break;
            }
        }
        if let Some(p) = pos {
            let was = self.seen.get(p).map(|(_, s)| *s);
            let stale = invoice.status == InvoiceStatus::Pending.code()
                && was.is_some_and(|s| s != InvoiceStatus::Pending.code());
            if was == Some(invoice.status) || stale {
                return InvoiceOutcome::default();
            }
            self.seen.remove(p);
        }
        if self.seen.len() >= TRACKED_MAX {
            self.seen.remove(0);
        }
        self.seen.push((invoice.id, invoice.status));
        outcome(kind, invoice, async_invoice_id)
    }
}
