//! Messenger messages and push notifications (SPEC §3, §4 Notifications) and the contact
//! form's messages. State 1 unread, 2 read.

use rusqlite::{params, Connection, Row};
use serde_json::{json, Value};

use crate::dates::iso;

pub const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS messages (
    id         INTEGER PRIMARY KEY,
    player_id  INTEGER NOT NULL REFERENCES players(id),
    title      TEXT NOT NULL,
    body       TEXT NOT NULL,
    state      INTEGER NOT NULL DEFAULT 1,
    read_at    INTEGER,
    created_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS messages_by_player ON messages(player_id);
CREATE TABLE IF NOT EXISTS pushes (
    id         INTEGER PRIMARY KEY,
    player_id  INTEGER NOT NULL REFERENCES players(id),
    title      TEXT NOT NULL,
    body       TEXT NOT NULL,
    state      INTEGER NOT NULL DEFAULT 1,
    created_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS pushes_by_player ON pushes(player_id);
CREATE TABLE IF NOT EXISTS communications (
    id         INTEGER PRIMARY KEY,
    player_id  INTEGER REFERENCES players(id),
    email      TEXT NOT NULL,
    subject    TEXT NOT NULL,
    message    TEXT NOT NULL,
    created_at INTEGER NOT NULL
);
";

/// Which table: messenger messages or pushes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Message,
    Push,
}

impl Kind {
    fn table(self) -> &'static str {
        match self {
            Kind::Message => "messages",
            Kind::Push => "pushes",
        }
    }
}

fn view(kind: Kind, r: &Row) -> rusqlite::Result<Value> {
    let id: i64 = r.get(0)?;
    let title: String = r.get(1)?;
    let body: String = r.get(2)?;
    let state: i64 = r.get(3)?;
    let created: i64 = r.get(4)?;
    let mut v = json!({
        "id": id,
        "state": state,
        "content": { "title": title, "body": body },
        "createdAt": iso(created),
    });
    if kind == Kind::Message {
        let read_at: Option<i64> = r.get(5)?;
        v["readAt"] = json!(read_at.map(iso));
    }
    Ok(v)
}

fn columns(kind: Kind) -> &'static str {
    match kind {
        Kind::Message => "id, title, body, state, created_at, read_at",
        Kind::Push => "id, title, body, state, created_at",
    }
}

/// Newest first: (page of items, total rows).
pub fn page(
    conn: &Connection,
    kind: Kind,
    player_id: i64,
    page: i64,
    per_page: i64,
) -> rusqlite::Result<(Vec<Value>, i64)> {
    let table = kind.table();
    let total: i64 = conn.query_row(
        &format!("SELECT COUNT(*) FROM {table} WHERE player_id = ?1"),
        [player_id],
        |r| r.get(0),
    )?;
    let mut stmt = conn.prepare(&format!(
        "SELECT {} FROM {table} WHERE player_id = ?1 ORDER BY id DESC LIMIT ?2 OFFSET ?3",
        columns(kind)
    ))?;
    let rows = stmt.query_map(
        params![player_id, per_page, (page - 1).max(0) * per_page],
        |r| view(kind, r),
    )?;
    Ok((rows.collect::<rusqlite::Result<_>>()?, total))
}

pub fn unread(conn: &Connection, kind: Kind, player_id: i64) -> rusqlite::Result<i64> {
    conn.query_row(
        &format!(
            "SELECT COUNT(*) FROM {} WHERE player_id = ?1 AND state = 1",
            kind.table()
        ),
        [player_id],
        |r| r.get(0),
    )
}

/// Marks the player's `ids` (all when `None`) read.
pub fn read(
    conn: &Connection,
    kind: Kind,
    player_id: i64,
    ids: Option<&[i64]>,
    now: i64,
) -> rusqlite::Result<()> {
    let set = match kind {
        Kind::Message => "state = 2, read_at = COALESCE(read_at, ?2)",
        Kind::Push => "state = 2",
    };
    let table = kind.table();
    match ids {
        None => {
            conn.execute(
                &format!("UPDATE {table} SET {set} WHERE player_id = ?1 AND (?2 IS NOT NULL)"),
                params![player_id, now],
            )?;
        }
        Some(ids) => {
            for id in ids {
                conn.execute(
                    &format!("UPDATE {table} SET {set} WHERE player_id = ?1 AND id = ?3 AND (?2 IS NOT NULL)"),
                    params![player_id, now, id],
                )?;
            }
        }
    }
    Ok(())
}

pub fn delete(conn: &Connection, player_id: i64, ids: &[i64]) -> rusqlite::Result<()> {
    for id in ids {
        conn.execute(
            "DELETE FROM messages WHERE player_id = ?1 AND id = ?2",
            params![player_id, id],
        )?;
    }
    Ok(())
}

/// A new unread message or push; returns it as the list shows it.
pub fn create(
    conn: &Connection,
    kind: Kind,
    player_id: i64,
    title: &str,
    body: &str,
    now: i64,
) -> rusqlite::Result<Value> {
    conn.execute(
        &format!(
            "INSERT INTO {} (player_id, title, body, state, created_at) VALUES (?1, ?2, ?3, 1, ?4)",
            kind.table()
        ),
        params![player_id, title, body, now],
    )?;
    let id = conn.last_insert_rowid();
    conn.query_row(
        &format!(
            "SELECT {} FROM {} WHERE id = ?1",
            columns(kind),
            kind.table()
        ),
        [id],
        |r| view(kind, r),
    )
}

pub fn communicate(
    conn: &Connection,
    player_id: Option<i64>,
    email: &str,
    subject: &str,
    message: &str,
    now: i64,
) -> rusqlite::Result<i64> {
    conn.execute(
        "INSERT INTO communications (player_id, email, subject, message, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5)",
        params![player_id, email, subject, message, now],
    )?;
    Ok(conn.last_insert_rowid())
}

/// The newest contact messages (control API).
pub fn communications(conn: &Connection) -> rusqlite::Result<Vec<Value>> {
    let mut stmt = conn.prepare(
        "SELECT id, player_id, email, subject, message FROM communications ORDER BY id DESC LIMIT 50",
    )?;
    let rows = stmt.query_map([], |r| {
        Ok(json!({
            "id": r.get::<_, i64>(0)?,
            "playerId": r.get::<_, Option<i64>>(1)?,
            "email": r.get::<_, String>(2)?,
            "subject": r.get::<_, String>(3)?,
            "message": r.get::<_, String>(4)?,
        }))
    })?;
    rows.collect()
}
