//! Responsible-gaming limits (SPEC §3 Limit, §4 Limits): bet, loss and deposit caps per period
//! and currency, self-exclusion and cooling-off for a period. Amounts are minor units.
//!
//! A loosened amount limit (raised, a shorter period, removed) waits 24 h as a pending change
//! (`pending_*` columns) while the old one is enforced; it is applied by whoever reads the
//! player's limits after `pending_at`.

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
    pub pending: Option<Pending>,
}

/// A loosening waiting for its 24 h: the new period and amount, or a removal.
#[derive(Clone, Debug, PartialEq)]
pub struct Pending {
    /// `None`: the limit is removed when it applies.
    pub change: Option<(String, i64)>,
    pub applies_at: i64,
}

/// The pending change as the limits answer carries it (a sandbox extension of SPEC §3 Limit,
/// docs/API.md): null period and amount mean the limit is removed at `appliesAt`.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PendingView {
    pub period: Option<String>,
    pub amount: Option<String>,
    pub applies_at: i64,
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
    pub pending: Option<PendingView>,
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
            pending: self.pending.as_ref().map(|p| PendingView {
                period: p.change.as_ref().map(|(period, _)| period.clone()),
                amount: p
                    .change
                    .as_ref()
                    .map(|(_, a)| money::format_minor(*a, self.subunit_to_unit)),
                applies_at: p.applies_at,
            }),
        }
    }
}

const SELECT: &str = "SELECT l.id, l.definition, l.period, l.amount, l.currency,
        COALESCE(c.subunit_to_unit, 100), l.created_at, l.ends_at,
        l.pending_at, l.pending_period, l.pending_amount
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
        pending: match r.get::<_, Option<i64>>(8)? {
            None => None,
            Some(applies_at) => Some(Pending {
                change: match (r.get::<_, Option<String>>(9)?, r.get::<_, Option<i64>>(10)?) {
                    (Some(p), Some(a)) => Some((p, a)),
                    _ => None,
                },
                applies_at,
            }),
        },
    })
}

/// Applies the player's pending changes that are due at `now`: removals delete the limit,
/// the others take their new period and amount.
pub fn apply_due(conn: &Connection, player_id: i64, now: i64) -> rusqlite::Result<()> {
    conn.execute(
        "DELETE FROM player_limits WHERE player_id = ?1 AND pending_at <= ?2
           AND pending_amount IS NULL",
        params![player_id, now],
    )?;
    conn.execute(
        "UPDATE player_limits SET period = pending_period, amount = pending_amount,
             pending_at = NULL, pending_period = NULL, pending_amount = NULL
         WHERE player_id = ?1 AND pending_at <= ?2",
        params![player_id, now],
    )?;
    Ok(())
}

/// Stores (or with `None` clears) a limit's pending change.
pub fn set_pending(conn: &Connection, id: i64, pending: Option<&Pending>) -> rusqlite::Result<()> {
    let (at, period, amount) = match pending {
        None => (None, None, None),
        Some(p) => (
            Some(p.applies_at),
            p.change.as_ref().map(|(period, _)| period.as_str()),
            p.change.as_ref().map(|(_, a)| *a),
        ),
    };
    conn.execute(
        "UPDATE player_limits SET pending_at = ?2, pending_period = ?3, pending_amount = ?4
         WHERE id = ?1",
        params![id, at, period, amount],
    )?;
    Ok(())
}

/// Test control: brings the player's pending changes `secs` closer, as if that time passed.
pub fn advance_pending(conn: &Connection, player_id: i64, secs: i64) -> rusqlite::Result<usize> {
    conn.execute(
        "UPDATE player_limits SET pending_at = pending_at - ?2
         WHERE player_id = ?1 AND pending_at IS NOT NULL",
        params![player_id, secs],
    )
}

/// The player's limits in force at `now` (an ended self-exclusion or cooling-off is gone).
pub fn list(conn: &Connection, player_id: i64, now: i64) -> rusqlite::Result<Vec<Limit>> {
    apply_due(conn, player_id, now)?;
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
    apply_due(conn, player_id, now)?;
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
        "UPDATE player_limits SET period = ?2, amount = ?3, ends_at = ?4,
             pending_at = NULL, pending_period = NULL, pending_amount = NULL
         WHERE id = ?1",
        params![id, period, amount_minor, ends_at],
    )?;
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

/// The player's `definition` limits in `currency` in force now (a pending loosening is not):
/// (period, amount in minor units).
pub fn amounts(
    conn: &Connection,
    player_id: i64,
    definition: i64,
    currency: &str,
) -> rusqlite::Result<Vec<(String, i64)>> {
    apply_due(conn, player_id, crate::db::now())?;
    let mut stmt = conn.prepare(
        "SELECT period, amount FROM player_limits
         WHERE player_id = ?1 AND definition = ?2 AND currency = ?3 AND amount IS NOT NULL",
    )?;
    let rows = stmt.query_map(params![player_id, definition, currency], |r| {
        Ok((r.get(0)?, r.get(1)?))
    })?;
    rows.collect()
}
