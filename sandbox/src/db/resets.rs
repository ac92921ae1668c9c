//! One-time password reset codes.

use rusqlite::{params, Connection, OptionalExtension};

/// How long a reset code stays usable.
pub const RESET_TTL_SECS: i64 = 3600;

pub fn create(conn: &Connection, code: &str, player_id: i64, now: i64) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO password_resets (code, player_id, expires_at) VALUES (?1, ?2, ?3)",
        params![code, player_id, now + RESET_TTL_SECS],
    )?;
    Ok(())
}

/// The player id of an unused, unexpired code.
pub fn find_valid(conn: &Connection, code: &str, now: i64) -> rusqlite::Result<Option<i64>> {
    conn.query_row(
        "SELECT player_id FROM password_resets
         WHERE code = ?1 AND used_at IS NULL AND expires_at > ?2",
        params![code, now],
        |r| r.get(0),
    )
    .optional()
}

/// Marks every open code of the player used, so an older e-mail cannot be replayed.
pub fn consume_all(conn: &Connection, player_id: i64, now: i64) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE password_resets SET used_at = ?2 WHERE player_id = ?1 AND used_at IS NULL",
        params![player_id, now],
    )?;
    Ok(())
}

/// The newest usable code of a player (control API: tests can't read the "e-mail").
pub fn latest_valid(
    conn: &Connection,
    player_id: i64,
    now: i64,
) -> rusqlite::Result<Option<String>> {
    conn.query_row(
        "SELECT code FROM password_resets
         WHERE player_id = ?1 AND used_at IS NULL AND expires_at > ?2
         ORDER BY expires_at DESC, rowid DESC LIMIT 1",
        params![player_id, now],
        |r| r.get(0),
    )
    .optional()
}

/// Deletes used and expired codes: they can never be used again.
pub fn prune(conn: &Connection, now: i64) -> rusqlite::Result<usize> {
    conn.execute(
        "DELETE FROM password_resets WHERE used_at IS NOT NULL OR expires_at <= ?1",
        [now],
    )
}
