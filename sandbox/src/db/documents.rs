//! The player's verification documents (SPEC §7 Player `documents`) and the identity check the
//! Sumsub stand-in finishes (`services/sumsub/auth`). The files themselves are on disk under
//! the sandbox's documents folder; a row keeps the name it is stored under.

use rusqlite::{params, Connection, OptionalExtension};
use serde::Serialize;

pub const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS documents (
    id          INTEGER PRIMARY KEY,
    player_id   INTEGER NOT NULL REFERENCES players(id),
    kind        TEXT NOT NULL,
    file_name   TEXT NOT NULL,
    stored_as   TEXT NOT NULL,
    size        INTEGER NOT NULL,
    status      INTEGER NOT NULL,
    created_at  INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS identity_checks (
    token       TEXT PRIMARY KEY,
    player_id   INTEGER NOT NULL REFERENCES players(id),
    created_at  INTEGER NOT NULL,
    verified_at INTEGER
);
";

/// (files, bytes) the player keeps on disk now.
pub fn usage(conn: &Connection, player_id: i64) -> rusqlite::Result<(i64, i64)> {
    conn.query_row(
        "SELECT COUNT(*), COALESCE(SUM(size), 0) FROM documents WHERE player_id = ?1",
        [player_id],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )
}

/// The settings constants' `documentStatuses` (`constants.rs`).
pub const PENDING: i64 = 1;
pub const APPROVED: i64 = 2;
pub const DECLINED: i64 = 3;

/// What a player can upload (the form's choice).
pub const KINDS: [&str; 4] = ["identity", "address", "payment", "selfie"];

#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DocumentView {
    pub id: i64,
    #[serde(rename = "type")]
    pub kind: String,
    pub file_name: String,
    pub size: i64,
    pub status: i64,
    pub created_at: String,
}

pub struct NewDocument<'a> {
    pub player_id: i64,
    pub kind: &'a str,
    pub file_name: &'a str,
    pub stored_as: &'a str,
    pub size: i64,
}

fn view(r: &rusqlite::Row) -> rusqlite::Result<DocumentView> {
    Ok(DocumentView {
        id: r.get(0)?,
        kind: r.get(1)?,
        file_name: r.get(2)?,
        size: r.get(3)?,
        status: r.get(4)?,
        created_at: crate::dates::iso(r.get(5)?),
    })
}

const COLUMNS: &str = "id, kind, file_name, size, status, created_at";

/// A player's documents, newest first.
pub fn list(conn: &Connection, player_id: i64) -> rusqlite::Result<Vec<DocumentView>> {
    let mut st = conn.prepare(&format!(
        "SELECT {COLUMNS} FROM documents WHERE player_id = ?1 ORDER BY id DESC"
    ))?;
    let rows = st.query_map([player_id], view)?;
    rows.collect()
}

pub fn insert(conn: &Connection, d: &NewDocument, now: i64) -> rusqlite::Result<DocumentView> {
    conn.query_row(
        &format!(
            "INSERT INTO documents (player_id, kind, file_name, stored_as, size, status, created_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) RETURNING {COLUMNS}"
        ),
        params![
            d.player_id,
            d.kind,
            d.file_name,
            d.stored_as,
            d.size,
            PENDING,
            now
        ],
        view,
    )
}

/// The player's document: its status and the name it is stored under.
pub fn find(conn: &Connection, player_id: i64, id: i64) -> rusqlite::Result<Option<(i64, String)>> {
    conn.query_row(
        "SELECT status, stored_as FROM documents WHERE id = ?1 AND player_id = ?2",
        params![id, player_id],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )
    .optional()
}

pub fn delete(conn: &Connection, id: i64) -> rusqlite::Result<()> {
    conn.execute("DELETE FROM documents WHERE id = ?1", [id])?;
    Ok(())
}

/// Control API: a reviewer's decision. False when there is no such document.
pub fn set_status(conn: &Connection, id: i64, status: i64) -> rusqlite::Result<bool> {
    Ok(conn.execute(
        "UPDATE documents SET status = ?2 WHERE id = ?1",
        params![id, status],
    )? == 1)
}

/// A new identity-check token for the player (the stand-in page's address carries it).
pub fn start_check(
    conn: &Connection,
    token: &str,
    player_id: i64,
    now: i64,
) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO identity_checks (token, player_id, created_at) VALUES (?1, ?2, ?3)",
        params![token, player_id, now],
    )?;
    Ok(())
}

/// The check's player, while the token is an hour old at most.
pub fn check_player(conn: &Connection, token: &str, now: i64) -> rusqlite::Result<Option<i64>> {
    conn.query_row(
        "SELECT player_id FROM identity_checks WHERE token = ?1 AND created_at > ?2",
        params![token, now - 3600],
        |r| r.get(0),
    )
    .optional()
}

pub fn finish_check(conn: &Connection, token: &str, now: i64) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE identity_checks SET verified_at = ?2 WHERE token = ?1",
        params![token, now],
    )?;
    Ok(())
}

/// Whether the player passed the identity check.
pub fn verified(conn: &Connection, player_id: i64) -> rusqlite::Result<bool> {
    conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM identity_checks WHERE player_id = ?1 AND verified_at IS NOT NULL)",
        [player_id],
        |r| r.get(0),
    )
}
