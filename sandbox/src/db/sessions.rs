//! Login sessions. A JWT names its session by a random public id (`sid`) and the session's
//! token generation (`gen`): a refresh bumps the generation, so the token it replaces stops
//! working. Closing the session kills all its tokens.

use rusqlite::{params, Connection, OptionalExtension};

pub struct NewSession<'a> {
    pub player_id: i64,
    pub fingerprint: Option<&'a str>,
    pub source: Option<&'a str>,
    pub platform: Option<&'a str>,
    pub now: i64,
}

/// An open session as the token check sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Open {
    pub id: i64,
    pub public_id: String,
    pub created_at: i64,
    pub generation: i64,
    pub rotated_at: Option<i64>,
}

/// Opens a session; returns its row id and its public id (128 random bits).
pub fn open(conn: &Connection, s: &NewSession) -> rusqlite::Result<(i64, String)> {
    let public_id = crate::secrets::random_token();
    conn.execute(
        "INSERT INTO sessions (player_id, created_at, fingerprint, source, platform, public_id)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![
            s.player_id,
            s.now,
            s.fingerprint,
            s.source,
            s.platform,
            public_id
        ],
    )?;
    Ok((conn.last_insert_rowid(), public_id))
}

/// The open session with this public id, if it belongs to the player.
pub fn find_open(
    conn: &Connection,
    public_id: &str,
    player_id: i64,
) -> rusqlite::Result<Option<Open>> {
    conn.query_row(
        "SELECT id, public_id, created_at, generation, rotated_at FROM sessions
         WHERE public_id = ?1 AND player_id = ?2 AND closed_at IS NULL",
        params![public_id, player_id],
        |r| {
            Ok(Open {
                id: r.get(0)?,
                public_id: r.get(1)?,
                created_at: r.get(2)?,
                generation: r.get(3)?,
                rotated_at: r.get(4)?,
            })
        },
    )
    .optional()
}

/// Moves the session to the next token generation, if it is still at `from`; returns the
/// generation now current (another refresh may have won the race).
pub fn rotate(conn: &Connection, id: i64, from: i64, now: i64) -> rusqlite::Result<i64> {
    conn.execute(
        "UPDATE sessions SET generation = generation + 1, rotated_at = ?3
         WHERE id = ?1 AND generation = ?2",
        params![id, from, now],
    )?;
    conn.query_row("SELECT generation FROM sessions WHERE id = ?1", [id], |r| {
        r.get(0)
    })
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

/// Deletes sessions that can never be used again: closed ones, those past the absolute
/// lifetime, and old ones from before public ids. Returns how many went.
pub fn prune(conn: &Connection, now: i64, lifetime_secs: i64) -> rusqlite::Result<usize> {
    conn.execute(
        "DELETE FROM sessions
         WHERE closed_at IS NOT NULL OR created_at <= ?1 OR public_id IS NULL",
        [now - lifetime_secs],
    )
}

pub fn count(conn: &Connection) -> rusqlite::Result<i64> {
    conn.query_row("SELECT COUNT(*) FROM sessions", [], |r| r.get(0))
}

/// The player's open sessions, newest first: (page of `{id, createdAt, source, platform,
/// current}`, total). `current` is the caller's session.
pub fn page_open(
    conn: &Connection,
    player_id: i64,
    current: i64,
    page: i64,
    per_page: i64,
) -> rusqlite::Result<(Vec<serde_json::Value>, i64)> {
    let total: i64 = conn.query_row(
        "SELECT COUNT(*) FROM sessions WHERE player_id = ?1 AND closed_at IS NULL",
        [player_id],
        |r| r.get(0),
    )?;
    let mut stmt = conn.prepare(
        "SELECT id, created_at, source, platform, COALESCE(rotated_at, created_at) FROM sessions
         WHERE player_id = ?1 AND closed_at IS NULL ORDER BY id DESC LIMIT ?2 OFFSET ?3",
    )?;
    let rows = stmt.query_map(
        params![player_id, per_page, (page - 1).max(0) * per_page],
        |r| {
            let id: i64 = r.get(0)?;
            Ok(serde_json::json!({
                "id": id,
                "createdAt": r.get::<_, i64>(1)?,
                "source": r.get::<_, Option<String>>(2)?,
                "platform": r.get::<_, Option<String>>(3)?,
                "lastActiveAt": r.get::<_, i64>(4)?,
                "current": id == current,
            }))
        },
    )?;
    Ok((rows.collect::<rusqlite::Result<_>>()?, total))
}

/// Whether `session_id` is an open session of the player.
pub fn is_open_of(conn: &Connection, player_id: i64, session_id: i64) -> rusqlite::Result<bool> {
    Ok(conn
        .query_row(
            "SELECT 1 FROM sessions WHERE id = ?1 AND player_id = ?2 AND closed_at IS NULL",
            params![session_id, player_id],
            |_| Ok(()),
        )
        .optional()?
        .is_some())
}

/// Closes every open session of the player but `keep`; returns their ids.
pub fn close_others(
    conn: &Connection,
    player_id: i64,
    keep: i64,
    now: i64,
) -> rusqlite::Result<Vec<i64>> {
    let mut stmt = conn.prepare(
        "SELECT id FROM sessions WHERE player_id = ?1 AND closed_at IS NULL AND id != ?2",
    )?;
    let ids = stmt
        .query_map(params![player_id, keep], |r| r.get(0))?
        .collect::<rusqlite::Result<Vec<i64>>>()?;
    for id in &ids {
        close(conn, *id, now)?;
    }
    Ok(ids)
}
