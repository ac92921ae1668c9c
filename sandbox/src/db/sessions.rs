//! Login sessions. A JWT names its session (`sid`); closing the session kills its tokens.

use rusqlite::{params, Connection, OptionalExtension};

pub struct NewSession<'a> {
    pub player_id: i64,
    pub fingerprint: Option<&'a str>,
    pub source: Option<&'a str>,
    pub platform: Option<&'a str>,
    pub now: i64,
}

pub fn open(conn: &Connection, s: &NewSession) -> rusqlite::Result<i64> {
    conn.execute(
        "INSERT INTO sessions (player_id, created_at, fingerprint, source, platform)
         VALUES (?1, ?2, ?3, ?4, ?5)",
        params![s.player_id, s.now, s.fingerprint, s.source, s.platform],
    )?;
    Ok(conn.last_insert_rowid())
}

/// True when the session exists, belongs to the player and is not closed.
pub fn is_open(conn: &Connection, session_id: i64, player_id: i64) -> rusqlite::Result<bool> {
    let closed: Option<Option<i64>> = conn
        .query_row(
            "SELECT closed_at FROM sessions WHERE id = ?1 AND player_id = ?2",
            params![session_id, player_id],
            |r| r.get(0),
        )
        .optional()?;
    Ok(matches!(closed, Some(None)))
}

pub fn close(conn: &Connection, session_id: i64, now: i64) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE sessions SET closed_at = ?2 WHERE id = ?1 AND closed_at IS NULL",
        params![session_id, now],
    )?;
    Ok(())
}

pub fn close_all_for_player(conn: &Connection, player_id: i64, now: i64) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE sessions SET closed_at = ?2 WHERE player_id = ?1 AND closed_at IS NULL",
        params![player_id, now],
    )?;
    Ok(())
}
