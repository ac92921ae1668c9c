//! Wallet accounts. Balances are integer minor units; `status` 1 active, 2 inactive.

use rusqlite::{params, Connection, OptionalExtension, Row};
use serde::Serialize;

use crate::money;

pub const ACTIVE: i64 = 1;
pub const INACTIVE: i64 = 2;

#[derive(Clone, Debug)]
pub struct Account {
    pub id: i64,
    pub player_id: i64,
    pub currency: String,
    pub balance_minor: i64,
    pub subunit_to_unit: i64,
    pub status: i64,
    pub is_hidden: bool,
}

/// docs/API.md Account.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct AccountView {
    pub id: i64,
    pub currency: String,
    pub balance: String,
    pub status: i64,
}

impl Account {
    pub fn view(&self) -> AccountView {
        AccountView {
            id: self.id,
            currency: self.currency.clone(),
            balance: money::format_minor(self.balance_minor, self.subunit_to_unit),
            status: self.status,
        }
    }
}

const SELECT: &str = "SELECT a.id, a.player_id, a.currency, a.balance, a.status, a.is_hidden,
                             c.subunit_to_unit
                      FROM accounts a JOIN currencies c ON c.code = a.currency";

fn from_row(r: &Row) -> rusqlite::Result<Account> {
    Ok(Account {
        id: r.get(0)?,
        player_id: r.get(1)?,
        currency: r.get(2)?,
        balance_minor: r.get(3)?,
        status: r.get(4)?,
        is_hidden: r.get(5)?,
        subunit_to_unit: r.get(6)?,
    })
}

/// Visible accounts, ordered by id.
pub fn list(conn: &Connection, player_id: i64) -> rusqlite::Result<Vec<Account>> {
    let mut stmt = conn.prepare(&format!(
        "{SELECT} WHERE a.player_id = ?1 AND a.is_hidden = 0 ORDER BY a.id"
    ))?;
    let rows = stmt.query_map([player_id], from_row)?;
    rows.collect()
}

/// Any account of the player, hidden or not.
pub fn get(conn: &Connection, player_id: i64, id: i64) -> rusqlite::Result<Option<Account>> {
    conn.query_row(
        &format!("{SELECT} WHERE a.player_id = ?1 AND a.id = ?2"),
        params![player_id, id],
        from_row,
    )
    .optional()
}

pub fn by_currency(
    conn: &Connection,
    player_id: i64,
    currency: &str,
) -> rusqlite::Result<Option<Account>> {
    conn.query_row(
        &format!("{SELECT} WHERE a.player_id = ?1 AND a.currency = ?2 ORDER BY a.id LIMIT 1"),
        params![player_id, currency],
        from_row,
    )
    .optional()
}

pub fn create(
    conn: &Connection,
    player_id: i64,
    currency: &str,
    status: i64,
    balance_minor: i64,
    now: i64,
) -> rusqlite::Result<i64> {
    conn.execute(
        "INSERT INTO accounts (player_id, currency, balance, status, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5)",
        params![player_id, currency, balance_minor, status, now],
    )?;
    Ok(conn.last_insert_rowid())
}

pub fn set_hidden(conn: &Connection, id: i64, hidden: bool) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE accounts SET is_hidden = ?2 WHERE id = ?1",
        params![id, hidden],
    )?;
    Ok(())
}

/// Makes `id` the only active account of the player, atomically.
pub fn switch_active(conn: &Connection, player_id: i64, id: i64) -> rusqlite::Result<()> {
    let tx = conn.unchecked_transaction()?;
    tx.execute(
        "UPDATE accounts SET status = ?2 WHERE player_id = ?1 AND id <> ?3",
        params![player_id, INACTIVE, id],
    )?;
    tx.execute(
        "UPDATE accounts SET status = ?2 WHERE player_id = ?1 AND id = ?3",
        params![player_id, ACTIVE, id],
    )?;
    tx.commit()
}

pub fn active(conn: &Connection, player_id: i64) -> rusqlite::Result<Option<Account>> {
    conn.query_row(
        &format!("{SELECT} WHERE a.player_id = ?1 AND a.status = 1 LIMIT 1"),
        [player_id],
        from_row,
    )
    .optional()
}

pub fn set_balance(conn: &Connection, id: i64, balance_minor: i64) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE accounts SET balance = ?2 WHERE id = ?1",
        params![id, balance_minor],
    )?;
    Ok(())
}
