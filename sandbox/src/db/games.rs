//! What players do with games: favourites, plays, recent searches, launch sessions, spins and
//! bets. The catalogue itself is generated (`routes::games::catalogue`); rows refer to its
//! game ids.

use rusqlite::{params, Connection, OptionalExtension};

pub const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS game_favorites (
    player_id  INTEGER NOT NULL REFERENCES players(id),
    game_id    INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (player_id, game_id)
);
CREATE TABLE IF NOT EXISTS game_plays (
    player_id INTEGER NOT NULL REFERENCES players(id),
    game_id   INTEGER NOT NULL,
    played_at INTEGER NOT NULL,
    seq       INTEGER NOT NULL,
    PRIMARY KEY (player_id, game_id)
);
CREATE TABLE IF NOT EXISTS game_searches (
    id         INTEGER PRIMARY KEY,
    player_id  INTEGER NOT NULL REFERENCES players(id),
    query      TEXT NOT NULL,
    created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS game_launches (
    token      TEXT PRIMARY KEY,
    player_id  INTEGER,
    game_id    INTEGER NOT NULL,
    demo       INTEGER NOT NULL,
    account_id INTEGER,
    demo_balance INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS game_spins (
    id         INTEGER PRIMARY KEY,
    player_id  INTEGER NOT NULL REFERENCES players(id),
    game_id    INTEGER NOT NULL,
    currency   TEXT NOT NULL,
    bet        INTEGER NOT NULL,
    win        INTEGER NOT NULL,
    created_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS game_spins_by_player ON game_spins(player_id, id);
CREATE TABLE IF NOT EXISTS game_bets (
    id         INTEGER PRIMARY KEY,
    player_id  INTEGER NOT NULL REFERENCES players(id),
    game_id    INTEGER NOT NULL,
    currency   TEXT NOT NULL,
    amount     INTEGER NOT NULL,
    win        INTEGER NOT NULL,
    is_settled INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    label      TEXT
);
CREATE INDEX IF NOT EXISTS game_bets_by_player ON game_bets(player_id, id);
CREATE TABLE IF NOT EXISTS game_info (
    player_id  INTEGER PRIMARY KEY REFERENCES players(id),
    currency   TEXT,
    updates    INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
);
";

/// What the game side knows of a player (`player/init`): the active currency it was last
/// told and how often it was told.
#[derive(Debug, PartialEq)]
pub struct GameInfo {
    pub currency: Option<String>,
    pub updates: i64,
    pub updated_at: i64,
}

/// Records the player's active currency on the game side (idempotent per call: each call is
/// one update).
pub fn init_player(
    conn: &Connection,
    player_id: i64,
    currency: Option<&str>,
    now: i64,
) -> rusqlite::Result<GameInfo> {
    conn.query_row(
        "INSERT INTO game_info (player_id, currency, updates, updated_at) VALUES (?1, ?2, 1, ?3)
         ON CONFLICT(player_id) DO UPDATE SET currency = ?2, updates = updates + 1,
             updated_at = ?3
         RETURNING currency, updates, updated_at",
        params![player_id, currency, now],
        |r| {
            Ok(GameInfo {
                currency: r.get(0)?,
                updates: r.get(1)?,
                updated_at: r.get(2)?,
            })
        },
    )
}

/// Recent searches kept per player.
pub const RECENT_MAX: usize = 10;

pub fn favorites(conn: &Connection, player_id: i64) -> rusqlite::Result<Vec<i64>> {
    let mut stmt = conn.prepare(
        "SELECT game_id FROM game_favorites WHERE player_id = ?1 ORDER BY created_at DESC, rowid DESC",
    )?;
    let rows = stmt.query_map([player_id], |r| r.get(0))?;
    rows.collect()
}

pub fn set_favorite(
    conn: &Connection,
    player_id: i64,
    game_id: i64,
    on: bool,
) -> rusqlite::Result<()> {
    if on {
        conn.execute(
            "INSERT OR IGNORE INTO game_favorites (player_id, game_id, created_at) VALUES (?1, ?2, ?3)",
            params![player_id, game_id, super::now()],
        )?;
    } else {
        conn.execute(
            "DELETE FROM game_favorites WHERE player_id = ?1 AND game_id = ?2",
            params![player_id, game_id],
        )?;
    }
    Ok(())
}

/// Played games, newest first.
pub fn played(conn: &Connection, player_id: i64) -> rusqlite::Result<Vec<i64>> {
    let mut stmt = conn.prepare(
        "SELECT game_id FROM game_plays WHERE player_id = ?1 ORDER BY seq DESC LIMIT 50",
    )?;
    let rows = stmt.query_map([player_id], |r| r.get(0))?;
    rows.collect()
}

pub fn mark_played(conn: &Connection, player_id: i64, game_id: i64) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO game_plays (player_id, game_id, played_at, seq)
         VALUES (?1, ?2, ?3, (SELECT COALESCE(MAX(seq), 0) + 1 FROM game_plays))
         ON CONFLICT(player_id, game_id) DO UPDATE SET played_at = excluded.played_at, seq = excluded.seq",
        params![player_id, game_id, super::now()],
    )?;
    Ok(())
}

pub fn recent(conn: &Connection, player_id: i64) -> rusqlite::Result<Vec<String>> {
    let mut stmt = conn.prepare(
        "SELECT query FROM game_searches WHERE player_id = ?1 ORDER BY id DESC LIMIT ?2",
    )?;
    let rows = stmt.query_map(params![player_id, RECENT_MAX as i64], |r| r.get(0))?;
    rows.collect()
}

/// Newest first, one row per query (case-insensitive).
pub fn add_recent(conn: &Connection, player_id: i64, query: &str) -> rusqlite::Result<()> {
    conn.execute(
        "DELETE FROM game_searches WHERE player_id = ?1 AND lower(query) = lower(?2)",
        params![player_id, query],
    )?;
    conn.execute(
        "INSERT INTO game_searches (player_id, query, created_at) VALUES (?1, ?2, ?3)",
        params![player_id, query, super::now()],
    )?;
    conn.execute(
        "DELETE FROM game_searches WHERE player_id = ?1 AND id NOT IN
           (SELECT id FROM game_searches WHERE player_id = ?1 ORDER BY id DESC LIMIT ?2)",
        params![player_id, RECENT_MAX as i64],
    )?;
    Ok(())
}

pub fn clear_recent(conn: &Connection, player_id: i64) -> rusqlite::Result<()> {
    conn.execute(
        "DELETE FROM game_searches WHERE player_id = ?1",
        [player_id],
    )?;
    Ok(())
}

pub struct Launch {
    pub player_id: Option<i64>,
    pub game_id: i64,
    pub demo: bool,
    pub account_id: Option<i64>,
    pub demo_balance: i64,
}

/// A real-money launch plays this long after it is opened (a new launch after that).
pub const LAUNCH_TTL_SECS: i64 = 3600;

pub fn create_launch(
    conn: &Connection,
    token: &str,
    l: &Launch,
    session_id: Option<i64>,
) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO game_launches
             (token, player_id, game_id, demo, account_id, demo_balance, created_at, session_id)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        params![
            token,
            l.player_id,
            l.game_id,
            l.demo,
            l.account_id,
            l.demo_balance,
            super::now(),
            session_id
        ],
    )?;
    Ok(())
}

/// A live launch: play money always; real money only while the session that launched it is
/// open and for [`LAUNCH_TTL_SECS`] (logout, a closed session or a password change end it).
pub fn launch(conn: &Connection, token: &str) -> rusqlite::Result<Option<Launch>> {
    conn.query_row(
        "SELECT player_id, game_id, demo, account_id, demo_balance FROM game_launches l
         WHERE token = ?1 AND (demo = 1 OR (created_at > ?2 AND EXISTS (
             SELECT 1 FROM sessions s WHERE s.id = l.session_id AND s.closed_at IS NULL)))",
        params![token, super::now() - LAUNCH_TTL_SECS],
        |r| {
            Ok(Launch {
                player_id: r.get(0)?,
                game_id: r.get(1)?,
                demo: r.get(2)?,
                account_id: r.get(3)?,
                demo_balance: r.get(4)?,
            })
        },
    )
    .optional()
}

/// Ends the player's real-money game tokens, slot and sportsbook (a password change).
pub fn end_tokens(conn: &Connection, player_id: i64) -> rusqlite::Result<()> {
    conn.execute(
        "DELETE FROM game_launches WHERE player_id = ?1 AND demo = 0",
        [player_id],
    )?;
    conn.execute("DELETE FROM sport_tokens WHERE player_id = ?1", [player_id])?;
    Ok(())
}

pub fn set_demo_balance(conn: &Connection, token: &str, balance: i64) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE game_launches SET demo_balance = ?2 WHERE token = ?1",
        params![token, balance],
    )?;
    Ok(())
}

pub struct Spin {
    pub id: i64,
    pub game_id: i64,
    pub currency: String,
    pub bet: i64,
    pub win: i64,
    pub created_at: i64,
    /// Bets only.
    pub is_settled: bool,
    /// Bets only: what the bet was on when it is not a catalogue game (a sportsbook bet's
    /// event); the history shows it as the game's name.
    pub label: Option<String>,
}

pub fn add_spin(conn: &Connection, player_id: i64, s: &Spin) -> rusqlite::Result<i64> {
    conn.execute(
        "INSERT INTO game_spins (player_id, game_id, currency, bet, win, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![player_id, s.game_id, s.currency, s.bet, s.win, s.created_at],
    )?;
    Ok(conn.last_insert_rowid())
}

pub fn add_bet(conn: &Connection, player_id: i64, s: &Spin) -> rusqlite::Result<i64> {
    conn.execute(
        "INSERT INTO game_bets (player_id, game_id, currency, amount, win, is_settled, created_at, label) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        params![player_id, s.game_id, s.currency, s.bet, s.win, s.is_settled, s.created_at, s.label],
    )?;
    Ok(conn.last_insert_rowid())
}

/// A page of spins (newest first) and the total.
pub fn spins(
    conn: &Connection,
    player_id: i64,
    page: i64,
    per_page: i64,
) -> rusqlite::Result<(Vec<Spin>, i64)> {
    let total = conn.query_row(
        "SELECT COUNT(*) FROM game_spins WHERE player_id = ?1",
        [player_id],
        |r| r.get(0),
    )?;
    let mut stmt = conn.prepare(
        "SELECT id, game_id, currency, bet, win, created_at FROM game_spins WHERE player_id = ?1
         ORDER BY id DESC LIMIT ?2 OFFSET ?3",
    )?;
    let rows = stmt.query_map(params![player_id, per_page, (page - 1) * per_page], |r| {
        Ok(Spin {
            id: r.get(0)?,
            game_id: r.get(1)?,
            currency: r.get(2)?,
            bet: r.get(3)?,
            win: r.get(4)?,
            created_at: r.get(5)?,
            is_settled: true,
            label: None,
        })
    })?;
    Ok((rows.collect::<rusqlite::Result<_>>()?, total))
}

pub fn bets(
    conn: &Connection,
    player_id: i64,
    settled: bool,
    page: i64,
    per_page: i64,
) -> rusqlite::Result<(Vec<Spin>, i64)> {
    let total = conn.query_row(
        "SELECT COUNT(*) FROM game_bets WHERE player_id = ?1 AND is_settled = ?2",
        params![player_id, settled],
        |r| r.get(0),
    )?;
    let mut stmt = conn.prepare(
        "SELECT id, game_id, currency, amount, win, created_at, is_settled, label FROM game_bets
         WHERE player_id = ?1 AND is_settled = ?2 ORDER BY id DESC LIMIT ?3 OFFSET ?4",
    )?;
    let rows = stmt.query_map(
        params![player_id, settled, per_page, (page - 1) * per_page],
        |r| {
            Ok(Spin {
                id: r.get(0)?,
                game_id: r.get(1)?,
                currency: r.get(2)?,
                bet: r.get(3)?,
                win: r.get(4)?,
                created_at: r.get(5)?,
                is_settled: r.get(6)?,
                label: r.get(7)?,
            })
        },
    )?;
    Ok((rows.collect::<rusqlite::Result<_>>()?, total))
}

/// The latest big wins of everyone: (nickname, game id, currency, win).
pub fn winners(conn: &Connection) -> rusqlite::Result<Vec<(String, i64, String, i64)>> {
    let mut stmt = conn.prepare(
        "SELECT COALESCE(p.nickname, p.first_name, 'Player'), s.game_id, s.currency, s.win
         FROM game_spins s JOIN players p ON p.id = s.player_id
         WHERE s.win > s.bet ORDER BY s.id DESC LIMIT 20",
    )?;
    let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))?;
    rows.collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 32: a real-money launch plays [`LAUNCH_TTL_SECS`]; a demo one is play money and
    /// has no end.
    #[test]
    fn a_real_money_launch_ends_after_its_life() {
        let conn = crate::db::with_open_session();
        let launch_of = |demo: bool| Launch {
            player_id: Some(1),
            game_id: 7,
            demo,
            account_id: Some(1),
            demo_balance: 0,
        };
        create_launch(&conn, "real", &launch_of(false), Some(1)).unwrap();
        create_launch(&conn, "demo", &launch_of(true), None).unwrap();
        let age = |secs: i64| {
            conn.execute(
                "UPDATE game_launches SET created_at = ?1",
                [crate::db::now() - secs],
            )
            .unwrap();
            (
                launch(&conn, "real").unwrap().is_some(),
                launch(&conn, "demo").unwrap().is_some(),
            )
        };
        assert_eq!(age(LAUNCH_TTL_SECS - 60), (true, true));
        assert_eq!(age(LAUNCH_TTL_SECS + 1), (false, true));
        assert_eq!(LAUNCH_TTL_SECS, 3600, "docs/API.md says an hour");
    }
}
