//! Social sign-in (the sandbox plays the provider), linked social accounts, and one-time
//! auto-login tokens.

use rusqlite::{params, Connection, OptionalExtension};

pub const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS social_codes (
    code         TEXT PRIMARY KEY,
    connection   TEXT NOT NULL,
    email        TEXT NOT NULL,
    name         TEXT,
    redirect_uri TEXT NOT NULL,
    created_at   INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS social_links (
    player_id  INTEGER NOT NULL REFERENCES players(id),
    connection TEXT NOT NULL,
    subject    TEXT NOT NULL,
    email      TEXT NOT NULL,
    linked_at  INTEGER NOT NULL,
    PRIMARY KEY (connection, subject)
);
CREATE TABLE IF NOT EXISTS autologin_tokens (
    token      TEXT PRIMARY KEY,
    player_id  INTEGER NOT NULL REFERENCES players(id),
    expires_at INTEGER NOT NULL
);
";

/// The providers the stand-in plays.
pub const CONNECTIONS: [&str; 2] = ["google", "facebook"];
/// A provider's code works once, for five minutes.
pub const CODE_TTL_SECS: i64 = 300;
/// An auto-login token works once, for ten minutes.
pub const AUTOLOGIN_TTL_SECS: i64 = 600;

#[derive(Clone, Debug)]
pub struct Grant {
    pub connection: String,
    pub email: String,
    pub name: Option<String>,
    pub redirect_uri: String,
}

impl Grant {
    /// The provider's stable id of the person: the stand-in's is the e-mail it was given.
    pub fn subject(&self) -> String {
        self.email.trim().to_lowercase()
    }
}

pub fn put_code(conn: &Connection, code: &str, g: &Grant, now: i64) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO social_codes (code, connection, email, name, redirect_uri, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![code, g.connection, g.email, g.name, g.redirect_uri, now],
    )?;
    Ok(())
}

/// The grant of a live code, used up by reading it.
pub fn take_code(conn: &Connection, code: &str, now: i64) -> rusqlite::Result<Option<Grant>> {
    let g = conn
        .query_row(
            "DELETE FROM social_codes WHERE code = ?1 AND created_at > ?2
             RETURNING connection, email, name, redirect_uri",
            params![code, now - CODE_TTL_SECS],
            |r| {
                Ok(Grant {
                    connection: r.get(0)?,
                    email: r.get(1)?,
                    name: r.get(2)?,
                    redirect_uri: r.get(3)?,
                })
            },
        )
        .optional()?;
    conn.execute(
        "DELETE FROM social_codes WHERE created_at <= ?1",
        [now - CODE_TTL_SECS],
    )?;
    Ok(g)
}

pub fn linked_player(
    conn: &Connection,
    connection: &str,
    subject: &str,
) -> rusqlite::Result<Option<i64>> {
    conn.query_row(
        "SELECT player_id FROM social_links WHERE connection = ?1 AND subject = ?2",
        params![connection, subject],
        |r| r.get(0),
    )
    .optional()
}

pub fn link(conn: &Connection, player_id: i64, g: &Grant, now: i64) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO social_links (player_id, connection, subject, email, linked_at)
         VALUES (?1, ?2, ?3, ?4, ?5)",
        params![player_id, g.connection, g.subject(), g.email, now],
    )?;
    Ok(())
}

pub fn unlink(conn: &Connection, player_id: i64, connection: &str) -> rusqlite::Result<bool> {
    Ok(conn.execute(
        "DELETE FROM social_links WHERE player_id = ?1 AND connection = ?2",
        params![player_id, connection],
    )? > 0)
}

/// `(connection, email, linked_at)` of the player's links, by connection.
pub fn links(conn: &Connection, player_id: i64) -> rusqlite::Result<Vec<(String, String, i64)>> {
    let mut stmt = conn.prepare(
        "SELECT connection, email, linked_at FROM social_links WHERE player_id = ?1
         ORDER BY connection",
    )?;
    let rows = stmt.query_map([player_id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?;
    rows.collect()
}

pub fn put_autologin(
    conn: &Connection,
    token: &str,
    player_id: i64,
    now: i64,
) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO autologin_tokens (token, player_id, expires_at) VALUES (?1, ?2, ?3)",
        params![token, player_id, now + AUTOLOGIN_TTL_SECS],
    )?;
    Ok(())
}

/// The player of a live token, used up by reading it.
pub fn take_autologin(conn: &Connection, token: &str, now: i64) -> rusqlite::Result<Option<i64>> {
    let p = conn
        .query_row(
            "DELETE FROM autologin_tokens WHERE token = ?1 AND expires_at > ?2
             RETURNING player_id",
            params![token, now],
            |r| r.get(0),
        )
        .optional()?;
    conn.execute("DELETE FROM autologin_tokens WHERE expires_at <= ?1", [now])?;
    Ok(p)
}
