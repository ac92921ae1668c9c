//! E-mail confirmation codes and the avatar list (SPEC §7 Player: profile/email/verify/send,
//! verify/confirm, confirmations/email/resend, avatar/list, avatar/set-avatar).
//!
//! A confirmation mail carries a six-digit code (typed into the confirm-email modal by the
//! signed-in player) and a link token (`/verify/{token}`, which confirms from any browser). One
//! open code per player: a new mail replaces the open one. Used rows stay, so a used link says
//! so instead of "unknown".

use rusqlite::{params, Connection, OptionalExtension};

pub const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS email_codes (
    token      TEXT PRIMARY KEY,
    player_id  INTEGER NOT NULL REFERENCES players(id),
    email      TEXT NOT NULL,
    code       TEXT NOT NULL,
    sent_at    INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    attempts   INTEGER NOT NULL DEFAULT 0,
    used_at    INTEGER
);
CREATE INDEX IF NOT EXISTS email_codes_by_player ON email_codes(player_id);
CREATE TABLE IF NOT EXISTS avatars (
    id       TEXT PRIMARY KEY,
    position INTEGER NOT NULL
);
INSERT OR IGNORE INTO avatars (id, position) VALUES
    ('ace', 1), ('chip', 2), ('clover', 3), ('crown', 4), ('dice', 5), ('star', 6);
";

/// How long a code and its link work.
pub const TTL_SECS: i64 = 1800;
/// Wrong codes before the code is burned.
pub const MAX_ATTEMPTS: i64 = 3;

#[derive(Clone, Debug)]
pub struct EmailCode {
    pub token: String,
    pub player_id: i64,
    pub email: String,
    pub code: String,
    pub sent_at: i64,
    pub expires_at: i64,
    pub attempts: i64,
    pub used_at: Option<i64>,
}

const COLUMNS: &str =
    "token, player_id, email, code, sent_at, expires_at, attempts, used_at FROM email_codes";

fn row(r: &rusqlite::Row) -> rusqlite::Result<EmailCode> {
    Ok(EmailCode {
        token: r.get(0)?,
        player_id: r.get(1)?,
        email: r.get(2)?,
        code: r.get(3)?,
        sent_at: r.get(4)?,
        expires_at: r.get(5)?,
        attempts: r.get(6)?,
        used_at: r.get(7)?,
    })
}

/// The player's open (unused) code, if any.
pub fn open(conn: &Connection, player_id: i64) -> rusqlite::Result<Option<EmailCode>> {
    conn.query_row(
        &format!("SELECT {COLUMNS} WHERE player_id = ?1 AND used_at IS NULL"),
        [player_id],
        row,
    )
    .optional()
}

pub fn by_token(conn: &Connection, token: &str) -> rusqlite::Result<Option<EmailCode>> {
    conn.query_row(&format!("SELECT {COLUMNS} WHERE token = ?1"), [token], row)
        .optional()
}

/// A new code for `email` replaces the player's open one.
pub fn put(
    conn: &Connection,
    player_id: i64,
    email: &str,
    code: &str,
    token: &str,
    now: i64,
) -> rusqlite::Result<()> {
    conn.execute(
        "DELETE FROM email_codes WHERE player_id = ?1 AND used_at IS NULL",
        [player_id],
    )?;
    conn.execute(
        "INSERT INTO email_codes (token, player_id, email, code, sent_at, expires_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![token, player_id, email, code, now, now + TTL_SECS],
    )?;
    Ok(())
}

/// One more wrong code; returns the count.
pub fn wrong(conn: &Connection, token: &str) -> rusqlite::Result<i64> {
    conn.query_row(
        "UPDATE email_codes SET attempts = attempts + 1 WHERE token = ?1 RETURNING attempts",
        [token],
        |r| r.get(0),
    )
}

/// The code confirmed its address: the player's e-mail is that address, confirmed.
pub fn confirm(conn: &Connection, c: &EmailCode, now: i64) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE email_codes SET used_at = ?2 WHERE token = ?1",
        params![c.token, now],
    )?;
    conn.execute(
        "UPDATE players SET email = ?2, email_confirmed_at = ?3 WHERE id = ?1",
        params![c.player_id, c.email, now],
    )?;
    Ok(())
}

/// Marks a player's current e-mail confirmed (seeded players, a provider's checked e-mail).
pub fn mark_confirmed(conn: &Connection, player_id: i64, now: i64) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE players SET email_confirmed_at = ?2 WHERE id = ?1",
        params![player_id, now],
    )?;
    Ok(())
}

/// Avatar ids in display order.
pub fn avatars(conn: &Connection) -> rusqlite::Result<Vec<String>> {
    let mut stmt = conn.prepare("SELECT id FROM avatars ORDER BY position, id")?;
    let rows = stmt.query_map([], |r| r.get(0))?;
    rows.collect()
}

pub fn avatar_exists(conn: &Connection, id: &str) -> rusqlite::Result<bool> {
    conn.query_row(
        "SELECT EXISTS(SELECT 1 FROM avatars WHERE id = ?1)",
        [id],
        |r| r.get(0),
    )
}

pub fn set_avatar(conn: &Connection, player_id: i64, id: &str) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE players SET avatar_id = ?2 WHERE id = ?1",
        params![player_id, id],
    )?;
    Ok(())
}

/// Where an avatar's picture is served (`/avatars/{id}.svg`).
pub fn avatar_url(id: &str) -> String {
    format!("/avatars/{id}.svg")
}
