//! The simulated payment provider. Deterministic by amount, so tests can pick an outcome:
//!
//! - the amount's last two minor-unit digits are `13` (e.g. "25.13", "0.00010013"): declined;
//! - they are `77` (e.g. "25.77"): stays pending until declined or settled by the control API;
//! - otherwise it succeeds `payment_settle_ms` milliseconds after creation (a `settings` row,
//!   default 1500, set by `POST /api/_control/payments`).
//!
//! Asynchronous (QR) deposits wait for the payer: only the control API settles them
//! (`POST /api/_control/invoices/{id}/settle`), like a wallet transfer arriving.

use std::time::Duration;

use serde_json::json;
use sha2::{Digest, Sha256};

use crate::db::payments::{self as store, Invoice};
use crate::db::{self, accounts};
use crate::realtime;
use crate::state::AppState;

pub const ASYNC_TTL_SECS: i64 = 15 * 60;
pub const SETTLE_MS_KEY: &str = "payment_settle_ms";
const DEFAULT_SETTLE_MS: u64 = 1500;

/// What the provider will do with an invoice of this amount.
pub fn outcome(amount_minor: i64) -> Option<i64> {
    match amount_minor % 100 {
        13 => Some(store::ERROR),
        77 => None,
        _ => Some(store::SUCCESS),
    }
}

pub fn settle_ms(state: &AppState) -> u64 {
    db::get_setting(&state.db(), SETTLE_MS_KEY)
        .ok()
        .flatten()
        .and_then(|v| v.parse().ok())
        .unwrap_or(DEFAULT_SETTLE_MS)
}

/// Starts the settling timer of a new invoice (not for QR deposits or `77` amounts).
pub fn schedule(state: &AppState, invoice: &Invoice) {
    if invoice.qr.is_some() {
        return;
    }
    let Some(status) = outcome(invoice.amount_minor) else {
        return;
    };
    let state = state.clone();
    let id = invoice.id;
    let delay = settle_ms(&state);
    tokio::spawn(async move {
        tokio::time::sleep(Duration::from_millis(delay)).await;
        settle_and_publish(&state, id, status);
    });
}

/// Settles a pending invoice and pushes the account and the invoice. `None` when it was not
/// pending (declined meanwhile, or settled already).
pub fn settle_and_publish(state: &AppState, id: i64, status: i64) -> Option<Invoice> {
    let invoice = {
        let conn = state.db();
        match store::settle(&conn, id, status, db::now()) {
            Ok(true) => store::by_id(&conn, id).ok().flatten()?,
            Ok(false) => return None,
            Err(e) => {
                eprintln!("sandbox: settling invoice {id} failed: {e}");
                return None;
            }
        }
    };
    publish_account(state, invoice.player_id, invoice.account_id);
    publish_invoice(state, &invoice);
    if invoice.kind == store::DEPOSIT && status == store::SUCCESS {
        super::super::bonuses::on_deposit(
            state,
            invoice.id,
            invoice.player_id,
            invoice.amount_minor,
        );
    }
    Some(invoice)
}

pub fn publish_account(state: &AppState, player_id: i64, account_id: i64) {
    let account = accounts::get(&state.db(), player_id, account_id)
        .ok()
        .flatten();
    if let Some(account) = account {
        realtime::publish_account(state, &account);
    }
}

/// `payment:invoices#{playerId}` gets `{event: invoice.deposit|withdrawal.updated, data}`.
pub fn publish_invoice(state: &AppState, invoice: &Invoice) {
    let event = if invoice.kind == store::DEPOSIT {
        "invoice.deposit.updated"
    } else {
        "invoice.withdrawal.updated"
    };
    let data = json!({ "event": event, "data": invoice.view() });
    realtime::publish(
        state,
        &format!("payment:invoices#{}", invoice.player_id),
        data,
    );
}

/// A stable made-up deposit address per account, shaped like the currency's addresses.
pub fn address(currency: &str, account_id: i64) -> String {
    let hash = Sha256::digest(format!("croupier-sandbox-{currency}-{account_id}"));
    let hex: String = hash.iter().map(|b| format!("{b:02x}")).collect();
    match currency {
        "BTC" => format!("bc1q{}", &hex[..38]),
        "ETH" => format!("0x{}", &hex[..40]),
        // User-friendly form: "UQ" (non-bounceable) + 46 URL-safe base64 characters.
        "TON" => format!(
            "UQ{}",
            spelled(
                &hash,
                b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_",
                46
            )
        ),
        // TRC-20 style: 'T' + 33 base58 characters.
        _ => format!(
            "T{}",
            spelled(
                &hash,
                b"123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz",
                33
            )
        ),
    }
}

/// The text the QR encodes: a payment URI the payer's wallet understands.
pub fn qr_text(currency: &str, address: &str, amount: &str) -> String {
    if currency == "TON" {
        // TON's transfer link takes the amount in nanotons.
        let nano = crate::money::parse_minor(amount, 1_000_000_000).unwrap_or(0);
        return format!("ton://transfer/{address}?amount={nano}");
    }
    let scheme = match currency {
        "BTC" => "bitcoin",
        "ETH" => "ethereum",
        _ => "tron",
    };
    format!("{scheme}:{address}?amount={amount}")
}

/// `len` characters of `alphabet` picked by the hash's bytes (repeated when it is short).
fn spelled(hash: &[u8], alphabet: &[u8], len: usize) -> String {
    hash.iter()
        .chain(hash.iter())
        .take(len)
        .map(|b| alphabet[usize::from(*b) % alphabet.len()] as char)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outcome_by_amount() {
        assert_eq!(outcome(2513), Some(store::ERROR));
        assert_eq!(outcome(2577), None);
        assert_eq!(outcome(2500), Some(store::SUCCESS));
        assert_eq!(outcome(10_013), Some(store::ERROR));
    }

    #[test]
    fn ton_addresses_and_links() {
        let a = address("TON", 7);
        assert_eq!(a.len(), 48);
        assert!(a.starts_with("UQ"));
        assert_eq!(
            qr_text("TON", &a, "1.5"),
            format!("ton://transfer/{a}?amount=1500000000")
        );
    }
}
