//! Player bonuses, free spins, bonus codes, deposit-bonus packages and cashback (SPEC §3, §4
//! "Bonus and free spin", "Bonus code"). Amounts are integer minor units of the bonus's
//! currency; statuses and results are SPEC §4's numbers.

use rusqlite::{params, Connection, OptionalExtension, Row};

pub const ISSUED: i64 = 1;
pub const ACTIVE: i64 = 2;
pub const FINISHED: i64 = 3;
pub const UNSPECIFIED: i64 = 1;
pub const PLAYED: i64 = 2;
pub const CANCELED: i64 = 3;
pub const EXPIRED: i64 = 4;

/// Bonus-code statuses: 2 applied (its bonus issued), 3 incorrect, 4 not available.
pub const CODE_APPLIED: i64 = 2;
pub const CODE_INCORRECT: i64 = 3;
pub const CODE_NOT_AVAILABLE: i64 = 4;

/// Cashback: this share (percent) of the net loss on bets settled in the account's currency.
pub const CASHBACK_PERCENT: i64 = 10;

pub const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS player_bonuses (
    id               INTEGER PRIMARY KEY,
    player_id        INTEGER NOT NULL REFERENCES players(id),
    package_id       INTEGER,
    name             TEXT NOT NULL,
    status           INTEGER NOT NULL,
    result           INTEGER NOT NULL,
    amount           INTEGER NOT NULL,
    currency         TEXT NOT NULL,
    wager_required   INTEGER NOT NULL,
    wagered          INTEGER NOT NULL DEFAULT 0,
    game_ids         TEXT NOT NULL DEFAULT '',
    max_bet          INTEGER,
    cancel_locked    INTEGER NOT NULL DEFAULT 0,
    issue_session_id TEXT,
    expires_at       INTEGER NOT NULL,
    created_at       INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS player_bonuses_by_player ON player_bonuses(player_id);
CREATE TABLE IF NOT EXISTS player_freespins (
    id         INTEGER PRIMARY KEY,
    player_id  INTEGER NOT NULL REFERENCES players(id),
    package_id INTEGER,
    name       TEXT NOT NULL,
    status     INTEGER NOT NULL,
    result     INTEGER NOT NULL,
    count      INTEGER NOT NULL,
    used       INTEGER NOT NULL DEFAULT 0,
    currency   TEXT NOT NULL,
    game_id    INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS bonus_code_catalog (
    code        TEXT PRIMARY KEY,
    available   INTEGER NOT NULL,
    kind        TEXT NOT NULL CHECK (kind IN ('bonus', 'freespin')),
    amount      TEXT NOT NULL,
    wager       INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS player_bonus_codes (
    id         INTEGER PRIMARY KEY,
    player_id  INTEGER NOT NULL REFERENCES players(id),
    code       TEXT NOT NULL,
    trigger    TEXT NOT NULL,
    status     INTEGER NOT NULL,
    created_at INTEGER NOT NULL
);
-- A code once applied stays used for its player whatever happens to the row above (which
-- the player may delete from their list): issue 32, a deleted row must not free the code.
CREATE TABLE IF NOT EXISTS redeemed_bonus_codes (
    player_id  INTEGER NOT NULL,
    code       TEXT NOT NULL,
    PRIMARY KEY (player_id, code)
);
INSERT OR IGNORE INTO redeemed_bonus_codes (player_id, code)
    SELECT player_id, code FROM player_bonus_codes WHERE status = 2;
CREATE TABLE IF NOT EXISTS deposit_bonus_packages (
    id          INTEGER PRIMARY KEY,
    name        TEXT NOT NULL,
    percent     INTEGER NOT NULL,
    wager       INTEGER NOT NULL,
    currency    TEXT NOT NULL,
    amount_from TEXT NOT NULL,
    max_amount  TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS deposit_bonus_choices (
    invoice_id INTEGER PRIMARY KEY,
    package_id INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS bonus_bets (
    id        INTEGER PRIMARY KEY,
    player_id INTEGER NOT NULL,
    currency  TEXT NOT NULL,
    amount    INTEGER NOT NULL,
    win       INTEGER NOT NULL,
    settled   INTEGER NOT NULL,
    at        INTEGER NOT NULL
);
";

#[derive(Clone, Debug)]
pub struct Bonus {
    pub id: i64,
    pub player_id: i64,
    pub package_id: Option<i64>,
    pub name: String,
    pub status: i64,
    pub result: i64,
    pub amount: i64,
    pub currency: String,
    pub wager_required: i64,
    pub wagered: i64,
    pub game_ids: Vec<i64>,
    pub max_bet: Option<i64>,
    pub cancel_locked: bool,
    pub issue_session_id: Option<String>,
    pub expires_at: i64,
    /// Unix seconds.
    pub created_at: i64,
}

#[derive(Clone, Debug)]
pub struct Freespin {
    pub id: i64,
    pub player_id: i64,
    pub package_id: Option<i64>,
    pub name: String,
    pub status: i64,
    pub result: i64,
    pub count: i64,
    pub used: i64,
    pub currency: String,
    pub game_id: i64,
    pub expires_at: i64,
    /// Unix seconds.
    pub created_at: i64,
}

#[derive(Clone, Debug)]
pub struct PlayerCode {
    pub id: i64,
    pub code: String,
    pub trigger: String,
    pub status: i64,
}

#[derive(Clone, Debug)]
pub struct DepositPackage {
    pub id: i64,
    pub name: String,
    pub percent: i64,
    pub wager: i64,
    pub currency: String,
    pub amount_from: String,
    pub max_amount: String,
}

const BONUS_COLS: &str = "id, player_id, package_id, name, status, result, amount, currency,
    wager_required, wagered, game_ids, max_bet, cancel_locked, issue_session_id, expires_at,
    created_at";

fn bonus_row(r: &Row) -> rusqlite::Result<Bonus> {
    let ids: String = r.get(10)?;
    Ok(Bonus {
        id: r.get(0)?,
        player_id: r.get(1)?,
        package_id: r.get(2)?,
        name: r.get(3)?,
        status: r.get(4)?,
        result: r.get(5)?,
        amount: r.get(6)?,
        currency: r.get(7)?,
        wager_required: r.get(8)?,
        wagered: r.get(9)?,
        game_ids: ids.split(',').filter_map(|s| s.parse().ok()).collect(),
        max_bet: r.get(11)?,
        cancel_locked: r.get(12)?,
        issue_session_id: r.get(13)?,
        expires_at: r.get(14)?,
        created_at: r.get(15)?,
    })
}

const SPIN_COLS: &str =
    "id, player_id, package_id, name, status, result, count, used, currency, game_id, expires_at,
    created_at";

fn spin_row(r: &Row) -> rusqlite::Result<Freespin> {
    Ok(Freespin {
        id: r.get(0)?,
        player_id: r.get(1)?,
        package_id: r.get(2)?,
        name: r.get(3)?,
        status: r.get(4)?,
        result: r.get(5)?,
        count: r.get(6)?,
        used: r.get(7)?,
        currency: r.get(8)?,
        game_id: r.get(9)?,
        expires_at: r.get(10)?,
        created_at: r.get(11)?,
    })
}

pub struct NewBonus<'a> {
    pub player_id: i64,
    pub package_id: Option<i64>,
    pub name: &'a str,
    pub amount: i64,
    pub currency: &'a str,
    pub wager_required: i64,
    pub game_ids: &'a [i64],
    pub max_bet: Option<i64>,
    pub cancel_locked: bool,
    pub expires_at: i64,
    pub now: i64,
}

pub fn issue_bonus(conn: &Connection, b: &NewBonus) -> rusqlite::Result<i64> {
    let ids: Vec<String> = b.game_ids.iter().map(i64::to_string).collect();
    conn.execute(
        "INSERT INTO player_bonuses (player_id, package_id, name, status, result, amount, currency,
            wager_required, game_ids, max_bet, cancel_locked, expires_at, created_at)
         VALUES (?1, ?2, ?3, 1, 1, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
        params![
            b.player_id,
            b.package_id,
            b.name,
            b.amount,
            b.currency,
            b.wager_required,
            ids.join(","),
            b.max_bet,
            b.cancel_locked,
            b.expires_at,
            b.now
        ],
    )?;
    Ok(conn.last_insert_rowid())
}

#[allow(clippy::too_many_arguments)]
pub fn issue_freespin(
    conn: &Connection,
    player_id: i64,
    package_id: Option<i64>,
    name: &str,
    count: i64,
    currency: &str,
    game_id: i64,
    expires_at: i64,
    now: i64,
) -> rusqlite::Result<i64> {
    conn.execute(
        "INSERT INTO player_freespins (player_id, package_id, name, status, result, count,
            currency, game_id, expires_at, created_at)
         VALUES (?1, ?2, ?3, 1, 1, ?4, ?5, ?6, ?7, ?8)",
        params![player_id, package_id, name, count, currency, game_id, expires_at, now],
    )?;
    Ok(conn.last_insert_rowid())
}

/// The player's bonuses with one of `statuses` in one of `currencies` (empty = any).
pub fn bonuses(
    conn: &Connection,
    player_id: i64,
    statuses: &[i64],
    currencies: &[String],
) -> rusqlite::Result<Vec<Bonus>> {
    let mut stmt = conn.prepare(&format!(
        "SELECT {BONUS_COLS} FROM player_bonuses WHERE player_id = ?1 ORDER BY id DESC"
    ))?;
    let rows = stmt.query_map([player_id], bonus_row)?;
    let all: Vec<Bonus> = rows.collect::<rusqlite::Result<_>>()?;
    Ok(all
        .into_iter()
        .filter(|b| statuses.is_empty() || statuses.contains(&b.status))
        .filter(|b| currencies.is_empty() || currencies.contains(&b.currency))
        .collect())
}

pub fn freespins(
    conn: &Connection,
    player_id: i64,
    statuses: &[i64],
    currencies: &[String],
) -> rusqlite::Result<Vec<Freespin>> {
    let mut stmt = conn.prepare(&format!(
        "SELECT {SPIN_COLS} FROM player_freespins WHERE player_id = ?1 ORDER BY id DESC"
    ))?;
    let rows = stmt.query_map([player_id], spin_row)?;
    let all: Vec<Freespin> = rows.collect::<rusqlite::Result<_>>()?;
    Ok(all
        .into_iter()
        .filter(|b| statuses.is_empty() || statuses.contains(&b.status))
        .filter(|b| currencies.is_empty() || currencies.contains(&b.currency))
        .collect())
}

pub fn bonus(conn: &Connection, id: i64) -> rusqlite::Result<Option<Bonus>> {
    conn.query_row(
        &format!("SELECT {BONUS_COLS} FROM player_bonuses WHERE id = ?1"),
        [id],
        bonus_row,
    )
    .optional()
}

pub fn freespin(conn: &Connection, id: i64) -> rusqlite::Result<Option<Freespin>> {
    conn.query_row(
        &format!("SELECT {SPIN_COLS} FROM player_freespins WHERE id = ?1"),
        [id],
        spin_row,
    )
    .optional()
}

/// The player's active bonus in `currency`, if any (one at a time per currency).
pub fn active_bonus(
    conn: &Connection,
    player_id: i64,
    currency: &str,
) -> rusqlite::Result<Option<Bonus>> {
    conn.query_row(
        &format!(
            "SELECT {BONUS_COLS} FROM player_bonuses
             WHERE player_id = ?1 AND currency = ?2 AND status = 2 ORDER BY id LIMIT 1"
        ),
        params![player_id, currency],
        bonus_row,
    )
    .optional()
}

pub fn set_bonus_state(
    conn: &Connection,
    id: i64,
    status: i64,
    result: i64,
) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE player_bonuses SET status = ?2, result = ?3 WHERE id = ?1",
        params![id, status, result],
    )?;
    Ok(())
}

pub fn set_wagered(conn: &Connection, id: i64, wagered: i64) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE player_bonuses SET wagered = ?2 WHERE id = ?1",
        params![id, wagered],
    )?;
    Ok(())
}

pub fn set_spin_state(
    conn: &Connection,
    id: i64,
    status: i64,
    result: i64,
    used: i64,
) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE player_freespins SET status = ?2, result = ?3, used = ?4 WHERE id = ?1",
        params![id, status, result, used],
    )?;
    Ok(())
}

/// `(available, kind, amount, wager)` of a catalogue code.
pub fn catalog_code(
    conn: &Connection,
    code: &str,
) -> rusqlite::Result<Option<(bool, String, String, i64)>> {
    conn.query_row(
        "SELECT available, kind, amount, wager FROM bonus_code_catalog WHERE code = ?1",
        [code],
        |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
    )
    .optional()
}

pub fn add_catalog_code(
    conn: &Connection,
    code: &str,
    available: bool,
    kind: &str,
    amount: &str,
    wager: i64,
) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT OR REPLACE INTO bonus_code_catalog (code, available, kind, amount, wager)
         VALUES (?1, ?2, ?3, ?4, ?5)",
        params![code, available, kind, amount, wager],
    )?;
    Ok(())
}

fn code_row(r: &Row) -> rusqlite::Result<PlayerCode> {
    Ok(PlayerCode {
        id: r.get(0)?,
        code: r.get(2)?,
        trigger: r.get(3)?,
        status: r.get(4)?,
    })
}

pub fn add_player_code(
    conn: &Connection,
    player_id: i64,
    code: &str,
    trigger: &str,
    status: i64,
    now: i64,
) -> rusqlite::Result<PlayerCode> {
    conn.execute(
        "INSERT INTO player_bonus_codes (player_id, code, trigger, status, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5)",
        params![player_id, code, trigger, status, now],
    )?;
    Ok(PlayerCode {
        id: conn.last_insert_rowid(),
        code: code.to_string(),
        trigger: trigger.to_string(),
        status,
    })
}

/// Applied codes of the player (the ones still standing), newest first.
pub fn player_codes(
    conn: &Connection,
    player_id: i64,
    trigger: Option<&str>,
) -> rusqlite::Result<Vec<PlayerCode>> {
    let mut stmt = conn.prepare(
        "SELECT id, player_id, code, trigger, status FROM player_bonus_codes
         WHERE player_id = ?1 AND status = 2 AND (?2 IS NULL OR trigger = ?2) ORDER BY id DESC",
    )?;
    let rows = stmt.query_map(params![player_id, trigger], code_row)?;
    rows.collect()
}

/// Marks `code` redeemed by the player; `false` when it already was (then nothing is issued).
pub fn redeem_code(conn: &Connection, player_id: i64, code: &str) -> rusqlite::Result<bool> {
    let n = conn.execute(
        "INSERT OR IGNORE INTO redeemed_bonus_codes (player_id, code) VALUES (?1, ?2)",
        params![player_id, code],
    )?;
    Ok(n > 0)
}

pub fn delete_player_code(conn: &Connection, player_id: i64, id: i64) -> rusqlite::Result<bool> {
    let n = conn.execute(
        "DELETE FROM player_bonus_codes WHERE player_id = ?1 AND id = ?2",
        params![player_id, id],
    )?;
    Ok(n > 0)
}

fn package_row(r: &Row) -> rusqlite::Result<DepositPackage> {
    Ok(DepositPackage {
        id: r.get(0)?,
        name: r.get(1)?,
        percent: r.get(2)?,
        wager: r.get(3)?,
        currency: r.get(4)?,
        amount_from: r.get(5)?,
        max_amount: r.get(6)?,
    })
}

/// Deposit-bonus packages offered in `currency` (all of them when `None`).
pub fn deposit_packages(
    conn: &Connection,
    currency: Option<&str>,
) -> rusqlite::Result<Vec<DepositPackage>> {
    let mut stmt = conn.prepare(
        "SELECT id, name, percent, wager, currency, amount_from, max_amount
         FROM deposit_bonus_packages WHERE (?1 IS NULL OR currency = ?1) ORDER BY id",
    )?;
    let rows = stmt.query_map([currency], package_row)?;
    rows.collect()
}

pub fn deposit_package(conn: &Connection, id: i64) -> rusqlite::Result<Option<DepositPackage>> {
    conn.query_row(
        "SELECT id, name, percent, wager, currency, amount_from, max_amount
         FROM deposit_bonus_packages WHERE id = ?1",
        [id],
        package_row,
    )
    .optional()
}

#[allow(clippy::too_many_arguments)]
pub fn add_deposit_package(
    conn: &Connection,
    id: i64,
    name: &str,
    percent: i64,
    wager: i64,
    currency: &str,
    amount_from: &str,
    max_amount: &str,
) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT OR IGNORE INTO deposit_bonus_packages
            (id, name, percent, wager, currency, amount_from, max_amount)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![id, name, percent, wager, currency, amount_from, max_amount],
    )?;
    Ok(())
}

pub fn choose_deposit_bonus(
    conn: &Connection,
    invoice_id: i64,
    package_id: i64,
) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT OR REPLACE INTO deposit_bonus_choices (invoice_id, package_id) VALUES (?1, ?2)",
        params![invoice_id, package_id],
    )?;
    Ok(())
}

/// The package chosen with an invoice, taken once (a settlement issues it once).
pub fn take_deposit_choice(conn: &Connection, invoice_id: i64) -> rusqlite::Result<Option<i64>> {
    let id = conn
        .query_row(
            "SELECT package_id FROM deposit_bonus_choices WHERE invoice_id = ?1",
            [invoice_id],
            |r| r.get(0),
        )
        .optional()?;
    conn.execute(
        "DELETE FROM deposit_bonus_choices WHERE invoice_id = ?1",
        [invoice_id],
    )?;
    Ok(id)
}

pub fn record_bet(
    conn: &Connection,
    player_id: i64,
    currency: &str,
    amount: i64,
    win: i64,
    settled: bool,
    now: i64,
) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO bonus_bets (player_id, currency, amount, win, settled, at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![player_id, currency, amount, win, settled, now],
    )?;
    Ok(())
}

pub fn unsettled_bets(conn: &Connection, player_id: i64, currency: &str) -> rusqlite::Result<i64> {
    conn.query_row(
        "SELECT COUNT(*) FROM bonus_bets WHERE player_id = ?1 AND currency = ?2 AND settled = 0",
        params![player_id, currency],
        |r| r.get(0),
    )
}

pub fn settle_bets(conn: &Connection, player_id: i64) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE bonus_bets SET settled = 1 WHERE player_id = ?1",
        [player_id],
    )?;
    Ok(())
}

/// Net loss (stakes minus wins, never below 0) on settled bets in `currency` since `from`.
pub fn net_loss(
    conn: &Connection,
    player_id: i64,
    currency: &str,
    from: i64,
) -> rusqlite::Result<i64> {
    let (stakes, wins): (i64, i64) = conn.query_row(
        "SELECT COALESCE(SUM(amount), 0), COALESCE(SUM(win), 0) FROM bonus_bets
         WHERE player_id = ?1 AND currency = ?2 AND settled = 1 AND at >= ?3",
        params![player_id, currency, from],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )?;
    Ok((stakes - wins).max(0))
}

/// Issued or active bonuses and free spins whose time is up (the caller finishes them).
pub fn due_to_expire(
    conn: &Connection,
    player_id: i64,
    now: i64,
) -> rusqlite::Result<(Vec<i64>, Vec<i64>)> {
    let ids = |sql: &str| -> rusqlite::Result<Vec<i64>> {
        let mut stmt = conn.prepare(sql)?;
        let rows = stmt.query_map(params![player_id, now], |r| r.get(0))?;
        rows.collect()
    };
    Ok((
        ids("SELECT id FROM player_bonuses WHERE player_id = ?1 AND status < 3 AND expires_at <= ?2")?,
        ids("SELECT id FROM player_freespins WHERE player_id = ?1 AND status < 3 AND expires_at <= ?2")?,
    ))
}
