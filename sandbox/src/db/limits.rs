//! Responsible-gaming limits (SPEC §3 Limit, §4 Limits): bet, loss and deposit caps per period
//! and currency, self-exclusion and cooling-off for a period. Amounts are minor units.

use rusqlite::{params, Connection, OptionalExtension, Row};
use serde::Serialize;

use crate::money;

pub const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS player_limits (
    id         INTEGER PRIMARY KEY,
    player_id  INTEGER NOT NULL REFERENCES players(id),
    definition INTEGER NOT NULL CHECK (definition BETWEEN 1 AND 5),
    period     TEXT NOT NULL CHECK (period IN ('daily', 'weekly', 'monthly')),
    amount     INTEGER,
    currency   TEXT REFERENCES currencies(code),
    created_at INTEGER NOT NULL,
    ends_at    INTEGER
);
CREATE INDEX IF NOT EXISTS player_limits_by_player ON player_limits(player_id);
";

pub const BET: i64 = 1;
pub const LOSS: i64 = 2;
pub const DEPOSIT: i64 = 3;
pub const SELF_EXCLUSION: i64 = 4;
pub const COOLING_OFF: i64 = 5;

/// Whether a definition carries an amount and currency (bet, loss, deposit).
pub fn has_amount(definition: i64) -> bool {
    matches!(definition, BET | LOSS | DEPOSIT)
}

/// A period's length: the window an amount limit counts over (rolling), and how long a
/// self-exclusion or cooling-off lasts.
pub fn period_secs(period: &str) -> Option<i64> {
    match period {
        "daily" => Some(86_400),
        "weekly" => Some(7 * 86_400),
        "monthly" => Some(30 * 86_400),
        _ => None,
    }
}

#[derive(Clone, Debug)]
pub struct Limit {
    pub id: i64,
    pub definition: i64,
    pub period: String,
    pub amount_minor: Option<i64>,
    pub currency: Option<String>,
    pub subunit_to_unit: i64,
    pub created_at: i64,
    pub ends_at: Option<i64>,
}

#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LimitView {
    pub id: i64,
    pub definition: i64,
    pub period: String,
    pub amount: Option<String>,
    pub currency: Option<String>,
    pub created_at: i64,
    /// Unix seconds a self-exclusion or cooling-off ends; null for amount limits.
    pub active_until: Option<i64>,
}

impl Limit {
    pub fn view(&self) -> LimitView {
        LimitView {
            id: self.id,
            definition: self.definition,
            period: self.period.clone(),
            amount: self
                .amount_minor
                .map(|a| money::format_minor(a, self.subunit_to_unit)),
            currency: self.currency.clone(),
            created_at: self.created_at,
            active_until: self.ends_at,
        }
    }
}

const SELECT: &str = "SELECT l.id, l.definition, l.period, l.amount, l.currency,
        COALESCE(c.subunit_to_unit, 100), l.created_at, l.ends_at
    FROM player_limits l LEFT JOIN currencies c ON c.code = l.currency";

fn from_row(r: &Row) -> rusqlite::Result<Limit> {
    Ok(Limit {
        id: r.get(0)?,
        definition: r.get(1)?,
        period: r.get(2)?,
        amount_minor: r.get(3)?,
        currency: r.get(4)?,
        subunit_to_unit: r.get(5)?,
        created_at: r.get(6)?,
        ends_at: r.get(7)?,
    })
}

/// The player's limits in force at `now` (an ended self-exclusion or cooling-off is gone).
pub fn list(conn: &Connection, player_id: i64, now: i64) -> rusqlite::Result<Vec<Limit>> {
    let mut stmt = conn.prepare(&format!(
        "{SELECT} WHERE l.player_id = ?1 AND (l.ends_at IS NULL OR l.ends_at > ?2)
         ORDER BY l.definition, l.id"
    ))?;
    let rows = stmt.query_map(params![player_id, now], from_row)?;
    rows.collect()
}

pub fn get(
    conn: &Connection,
    player_id: i64,
    id: i64,
    now: i64,
) -> rusqlite::Result<Option<Limit>> {
    conn.query_row(
        &format!(
            "{SELECT} WHERE l.player_id = ?1 AND l.id = ?2 AND (l.ends_at IS NULL OR l.ends_at > ?3)"
        ),
        params![player_id, id, now],
        from_row,
    )
    .optional()
}

pub struct NewLimit<'a> {
    pub player_id: i64,
    pub definition: i64,
    pub period: &'a str,
    pub amount_minor: Option<i64>,
    pub currency: Option<&'a str>,
    pub now: i64,
    pub ends_at: Option<i64>,
}

pub fn create(conn: &Connection, n: &NewLimit) -> rusqlite::Result<i64> {
    conn.execute(
        "INSERT INTO player_limits (player_id, definition, period, amount, currency, created_at, ends_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![
            n.player_id,
            n.definition,
            n.period,
            n.amount_minor,
            n.currency,
            n.now,
            n.ends_at
        ],
    )?;
    Ok(conn.last_insert_rowid())
}

pub fn update(
    conn: &Connection,
    id: i64,
    period: &str,
    amount_minor: Option<i64>,
    ends_at: Option<i64>,
) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE player_limits SET period = ?2, amount = ?3, ends_at = ?4 WHERE id = ?1",
        params![id, period, amount_minor, ends_at],
    )?;
    Ok(())
}

pub fn delete(conn: &Connection, id: i64) -> rusqlite::Result<()> {
    conn.execute("DELETE FROM player_limits WHERE id = ?1", [id])?;
    Ok(())
}

/// The self-exclusion or cooling-off in force at `now` that ends last: (definition, ends at).
pub fn exclusion(
    conn: &Connection,
    player_id: i64,
    now: i64,
) -> rusqlite::Result<Option<(i64, i64)>> {
    conn.query_row(
        "SELECT definition, ends_at FROM player_limits
         WHERE player_id = ?1 AND definition IN (4, 5) AND ends_at > ?2
         ORDER BY ends_at DESC LIMIT 1",
        params![player_id, now],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )
    .optional()
}

/// The player's `definition` limits in `currency`: (period, amount in minor units).
pub fn amounts(
    conn: &Connection,
    player_id: i64,
    definition: i64,
    currency: &str,
) -> rusqlite::Result<Vec<(String, i64)>> {
    let mut stmt = conn.prepare(
        "SELECT period, amount FROM player_limits
         WHERE player_id = ?1 AND definition = ?2 AND currency = ?3 AND amount IS NOT NULL",
    )?;
    let rows = stmt.query_map(params![player_id, definition, currency], |r| {
        Ok((r.get(0)?, r.get(1)?))
    })?;
    rows.collect()
}
