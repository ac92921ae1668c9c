//! Invoices and deposit caps. Amounts are integer minor units of the invoice's currency;
//! a settlement moves the balance and the invoice status in one transaction.

use rusqlite::{params, Connection, OptionalExtension, Row};
use serde::Serialize;
use serde_json::{json, Value};

use crate::money;

pub const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS invoices (
    id              INTEGER PRIMARY KEY,
    player_id       INTEGER NOT NULL REFERENCES players(id),
    account_id      INTEGER NOT NULL REFERENCES accounts(id),
    type            INTEGER NOT NULL CHECK (type IN (1, 2)),
    status          INTEGER NOT NULL CHECK (status IN (1, 2, 3)),
    amount          INTEGER NOT NULL CHECK (amount > 0),
    currency        TEXT NOT NULL REFERENCES currencies(code),
    method          TEXT NOT NULL,
    number          INTEGER,
    qr              TEXT,
    address         TEXT,
    expires_at      INTEGER,
    idempotency_key TEXT,
    created_at      INTEGER NOT NULL,
    updated_at      INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS invoices_by_player ON invoices(player_id, id);
CREATE UNIQUE INDEX IF NOT EXISTS invoices_idempotent
    ON invoices(player_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
CREATE TABLE IF NOT EXISTS deposit_caps (
    player_id INTEGER NOT NULL REFERENCES players(id),
    currency  TEXT NOT NULL,
    amount    INTEGER NOT NULL,
    PRIMARY KEY (player_id, currency)
);
";

pub const DEPOSIT: i64 = 1;
pub const WITHDRAWAL: i64 = 2;
pub const PENDING: i64 = 1;
pub const SUCCESS: i64 = 2;
pub const ERROR: i64 = 3;

#[derive(Clone, Debug)]
pub struct Invoice {
    pub id: i64,
    pub player_id: i64,
    pub account_id: i64,
    pub kind: i64,
    pub status: i64,
    pub amount_minor: i64,
    pub currency: String,
    pub method: String,
    pub number: Option<i64>,
    pub qr: Option<String>,
    pub address: Option<String>,
    pub expires_at: Option<i64>,
    pub created_at: i64,
    pub updated_at: i64,
    pub subunit_to_unit: i64,
}

#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct InvoiceView {
    pub id: i64,
    #[serde(rename = "type")]
    pub kind: i64,
    pub status: i64,
    pub amount: String,
    pub currency: String,
    pub account_id: i64,
    pub payment_method: String,
    pub number: Option<i64>,
    pub public_data: Value,
    pub created_at: i64,
    pub updated_at: i64,
}

impl Invoice {
    pub fn view(&self) -> InvoiceView {
        let public_data = match &self.qr {
            Some(qr) => json!({ "qr": qr, "address": self.address, "expiresAt": self.expires_at }),
            None => json!({}),
        };
        InvoiceView {
            id: self.id,
            kind: self.kind,
            status: self.status,
            amount: money::format_minor(self.amount_minor, self.subunit_to_unit),
            currency: self.currency.clone(),
            account_id: self.account_id,
            payment_method: self.method.clone(),
            number: self.number,
            public_data,
            created_at: self.created_at,
            updated_at: self.updated_at,
        }
    }
}

const SELECT: &str = "SELECT i.id, i.player_id, i.account_id, i.type, i.status, i.amount,
        i.currency, i.method, i.number, i.qr, i.address, i.expires_at, i.created_at,
        i.updated_at, c.subunit_to_unit
    FROM invoices i JOIN currencies c ON c.code = i.currency";

fn from_row(r: &Row) -> rusqlite::Result<Invoice> {
    Ok(Invoice {
        id: r.get(0)?,
        player_id: r.get(1)?,
        account_id: r.get(2)?,
        kind: r.get(3)?,
        status: r.get(4)?,
        amount_minor: r.get(5)?,
        currency: r.get(6)?,
        method: r.get(7)?,
        number: r.get(8)?,
        qr: r.get(9)?,
        address: r.get(10)?,
        expires_at: r.get(11)?,
        created_at: r.get(12)?,
        updated_at: r.get(13)?,
        subunit_to_unit: r.get(14)?,
    })
}

/// A player's invoice; another player's id reads as absent.
pub fn get(conn: &Connection, player_id: i64, id: i64) -> rusqlite::Result<Option<Invoice>> {
    conn.query_row(
        &format!("{SELECT} WHERE i.player_id = ?1 AND i.id = ?2"),
        params![player_id, id],
        from_row,
    )
    .optional()
}

/// Any invoice (the settling task and the control API).
pub fn by_id(conn: &Connection, id: i64) -> rusqlite::Result<Option<Invoice>> {
    conn.query_row(&format!("{SELECT} WHERE i.id = ?1"), [id], from_row)
        .optional()
}

pub fn by_key(conn: &Connection, player_id: i64, key: &str) -> rusqlite::Result<Option<Invoice>> {
    conn.query_row(
        &format!("{SELECT} WHERE i.player_id = ?1 AND i.idempotency_key = ?2"),
        params![player_id, key],
        from_row,
    )
    .optional()
}

pub struct NewInvoice<'a> {
    pub player_id: i64,
    pub account_id: i64,
    pub kind: i64,
    pub amount_minor: i64,
    pub currency: &'a str,
    pub method: &'a str,
    pub qr: Option<String>,
    pub address: Option<String>,
    pub expires_at: Option<i64>,
    pub key: Option<&'a str>,
    pub now: i64,
}

/// Inserts a pending invoice. A withdrawal reserves its amount from the balance in the same
/// transaction (`Ok(None)` when the balance is short).
pub fn create(conn: &Connection, n: &NewInvoice) -> rusqlite::Result<Option<i64>> {
    let tx = conn.unchecked_transaction()?;
    if n.kind == WITHDRAWAL {
        let changed = tx.execute(
            "UPDATE accounts SET balance = balance - ?2 WHERE id = ?1 AND balance >= ?2",
            params![n.account_id, n.amount_minor],
        )?;
        if changed == 0 {
            return Ok(None);
        }
    }
    tx.execute(
        "INSERT INTO invoices (player_id, account_id, type, status, amount, currency, method,
             qr, address, expires_at, idempotency_key, created_at, updated_at)
         VALUES (?1, ?2, ?3, 1, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?11)",
        params![
            n.player_id,
            n.account_id,
            n.kind,
            n.amount_minor,
            n.currency,
            n.method,
            n.qr,
            n.address,
            n.expires_at,
            n.key,
            n.now
        ],
    )?;
    let id = tx.last_insert_rowid();
    tx.commit()?;
    Ok(Some(id))
}

/// Moves a pending invoice to `status` (2 or 3) with its money, atomically: a deposit
/// success credits the account and takes the next deposit number; a withdrawal error gives
/// the reserved amount back. `false` when the invoice was no longer pending.
pub fn settle(conn: &Connection, id: i64, status: i64, now: i64) -> rusqlite::Result<bool> {
    let tx = conn.unchecked_transaction()?;
    let Some(inv) = by_id(&tx, id)? else {
        return Ok(false);
    };
    if inv.status != PENDING {
        return Ok(false);
    }
    let mut number: Option<i64> = None;
    match (inv.kind, status) {
        (DEPOSIT, SUCCESS) => {
            tx.execute(
                "UPDATE accounts SET balance = balance + ?2 WHERE id = ?1",
                params![inv.account_id, inv.amount_minor],
            )?;
            let done: i64 = tx.query_row(
                "SELECT COUNT(*) FROM invoices WHERE player_id = ?1 AND type = 1 AND status = 2",
                [inv.player_id],
                |r| r.get(0),
            )?;
            number = Some(done + 1);
        }
        (WITHDRAWAL, ERROR) => {
            tx.execute(
                "UPDATE accounts SET balance = balance + ?2 WHERE id = ?1",
                params![inv.account_id, inv.amount_minor],
            )?;
        }
        _ => {}
    }
    tx.execute(
        "UPDATE invoices SET status = ?2, number = COALESCE(?3, number), updated_at = ?4
         WHERE id = ?1 AND status = 1",
        params![id, status, number, now],
    )?;
    tx.commit()?;
    Ok(true)
}

/// Filters of `GET /api/payment/invoices`.
#[derive(Debug, Default)]
pub struct Filter {
    pub kind: Option<i64>,
    pub statuses: Vec<i64>,
    pub date_from: Option<i64>,
    pub date_to: Option<i64>,
    pub page: i64,
    pub per_page: i64,
}

/// One page, newest first, and the total row count.
pub fn list(
    conn: &Connection,
    player_id: i64,
    f: &Filter,
) -> rusqlite::Result<(Vec<Invoice>, i64)> {
    let mut cond = String::from("i.player_id = ?1");
    if let Some(k) = f.kind {
        cond.push_str(&format!(" AND i.type = {k}"));
    }
    if !f.statuses.is_empty() {
        let list: Vec<String> = f.statuses.iter().map(|s| s.to_string()).collect();
        cond.push_str(&format!(" AND i.status IN ({})", list.join(",")));
    }
    if let Some(from) = f.date_from {
        cond.push_str(&format!(" AND i.created_at >= {from}"));
    }
    if let Some(to) = f.date_to {
        cond.push_str(&format!(" AND i.created_at <= {to}"));
    }
    let total: i64 = conn.query_row(
        &format!("SELECT COUNT(*) FROM invoices i WHERE {cond}"),
        [player_id],
        |r| r.get(0),
    )?;
    let mut stmt = conn.prepare(&format!(
        "{SELECT} WHERE {cond} ORDER BY i.id DESC LIMIT ?2 OFFSET ?3"
    ))?;
    let offset = (f.page - 1).max(0) * f.per_page;
    let rows = stmt.query_map(params![player_id, f.per_page, offset], from_row)?;
    Ok((rows.collect::<rusqlite::Result<Vec<_>>>()?, total))
}

/// Pending or successful deposits in a currency since `since` (minor units): what a cap
/// counts.
pub fn deposited_since(
    conn: &Connection,
    player_id: i64,
    currency: &str,
    since: i64,
) -> rusqlite::Result<i64> {
    conn.query_row(
        "SELECT COALESCE(SUM(amount), 0) FROM invoices
         WHERE player_id = ?1 AND currency = ?2 AND type = 1 AND status IN (1, 2)
           AND created_at >= ?3",
        params![player_id, currency, since],
        |r| r.get(0),
    )
}

pub fn cap(conn: &Connection, player_id: i64, currency: &str) -> rusqlite::Result<Option<i64>> {
    conn.query_row(
        "SELECT amount FROM deposit_caps WHERE player_id = ?1 AND currency = ?2",
        params![player_id, currency],
        |r| r.get(0),
    )
    .optional()
}

pub fn set_cap(
    conn: &Connection,
    player_id: i64,
    currency: &str,
    amount: Option<i64>,
) -> rusqlite::Result<()> {
    match amount {
        Some(a) => conn.execute(
            "INSERT INTO deposit_caps (player_id, currency, amount) VALUES (?1, ?2, ?3)
             ON CONFLICT(player_id, currency) DO UPDATE SET amount = excluded.amount",
            params![player_id, currency, a],
        )?,
        None => conn.execute(
            "DELETE FROM deposit_caps WHERE player_id = ?1 AND currency = ?2",
            params![player_id, currency],
        )?,
    };
    Ok(())
}

/// Per currency and type: count and sum of successful invoices, plus pending count.
pub fn statistics(conn: &Connection, player_id: i64) -> rusqlite::Result<Vec<Value>> {
    let mut stmt = conn.prepare(
        "SELECT i.currency, c.subunit_to_unit,
                SUM(CASE WHEN i.type = 1 AND i.status = 2 THEN 1 ELSE 0 END),
                SUM(CASE WHEN i.type = 1 AND i.status = 2 THEN i.amount ELSE 0 END),
                SUM(CASE WHEN i.type = 2 AND i.status = 2 THEN 1 ELSE 0 END),
                SUM(CASE WHEN i.type = 2 AND i.status = 2 THEN i.amount ELSE 0 END),
                SUM(CASE WHEN i.status = 1 THEN 1 ELSE 0 END)
         FROM invoices i JOIN currencies c ON c.code = i.currency
         WHERE i.player_id = ?1 GROUP BY i.currency ORDER BY i.currency",
    )?;
    let rows = stmt.query_map([player_id], |r| {
        let unit: i64 = r.get(1)?;
        Ok(json!({
            "currency": r.get::<_, String>(0)?,
            "depositCount": r.get::<_, i64>(2)?,
            "depositSum": money::format_minor(r.get(3)?, unit),
            "withdrawalCount": r.get::<_, i64>(4)?,
            "withdrawalSum": money::format_minor(r.get(5)?, unit),
            "pendingCount": r.get::<_, i64>(6)?,
        }))
    })?;
    rows.collect()
}
