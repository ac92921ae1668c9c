//! Messenger (Telegram) users: what the bot sync last sent, and who is blocked.
//! The player a Telegram user signs in as is `players.tg_user_id`.

use rusqlite::{params, Connection, OptionalExtension};

pub const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS tg_users (
    tg_user_id    INTEGER PRIMARY KEY,
    username      TEXT,
    language_code TEXT,
    photo_url     TEXT,
    name          TEXT,
    blocked       INTEGER NOT NULL DEFAULT 0,
    synced_at     INTEGER
);
CREATE UNIQUE INDEX IF NOT EXISTS players_tg_user ON players(tg_user_id);
";

/// The sync payload (SPEC §3): user_id, username, language_code, photo_url, name.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TgProfile {
    pub tg_user_id: i64,
    pub username: Option<String>,
    pub language_code: Option<String>,
    pub photo_url: Option<String>,
    pub name: Option<String>,
}

pub fn upsert(conn: &Connection, p: &TgProfile, now: i64) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO tg_users (tg_user_id, username, language_code, photo_url, name, synced_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)
         ON CONFLICT(tg_user_id) DO UPDATE SET username = excluded.username,
             language_code = excluded.language_code, photo_url = excluded.photo_url,
             name = excluded.name, synced_at = excluded.synced_at",
        params![
            p.tg_user_id,
            p.username,
            p.language_code,
            p.photo_url,
            p.name,
            now
        ],
    )?;
    Ok(())
}

pub fn get(conn: &Connection, tg_user_id: i64) -> rusqlite::Result<Option<TgProfile>> {
    conn.query_row(
        "SELECT tg_user_id, username, language_code, photo_url, name FROM tg_users
         WHERE tg_user_id = ?1",
        [tg_user_id],
        |r| {
            Ok(TgProfile {
                tg_user_id: r.get(0)?,
                username: r.get(1)?,
                language_code: r.get(2)?,
                photo_url: r.get(3)?,
                name: r.get(4)?,
            })
        },
    )
    .optional()
}

pub fn is_blocked(conn: &Connection, tg_user_id: i64) -> rusqlite::Result<bool> {
    conn.query_row(
        "SELECT EXISTS(SELECT 1 FROM tg_users WHERE tg_user_id = ?1 AND blocked = 1)",
        [tg_user_id],
        |r| r.get(0),
    )
}

pub fn set_blocked(conn: &Connection, tg_user_id: i64, blocked: bool) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO tg_users (tg_user_id, blocked) VALUES (?1, ?2)
         ON CONFLICT(tg_user_id) DO UPDATE SET blocked = excluded.blocked",
        params![tg_user_id, blocked],
    )?;
    Ok(())
}

/// The player signed in as this Telegram user, if any.
pub fn player_of(conn: &Connection, tg_user_id: i64) -> rusqlite::Result<Option<i64>> {
    conn.query_row(
        "SELECT id FROM players WHERE tg_user_id = ?1",
        [tg_user_id],
        |r| r.get(0),
    )
    .optional()
}

/// A player for a Telegram user seen for the first time. They have no e-mail or password:
/// the address is a reserved one that can receive nothing and the hash one no password
/// verifies against, so only the messenger signs them in.
pub fn insert_player(
    conn: &Connection,
    tg: &crate::telegram::TgUser,
    affiliate_tag: Option<&str>,
    now: i64,
) -> rusqlite::Result<i64> {
    let language = tg
        .language_code
        .as_deref()
        .and_then(|l| l.split('-').next())
        .unwrap_or("en")
        .to_ascii_lowercase();
    conn.execute(
        "INSERT INTO players (email, password_hash, first_name, last_name, language, locale,
                              tg_user_id, affiliate_tag, created_at)
         VALUES (?1, '!telegram', ?2, ?3, ?4, ?4, ?5, ?6, ?7)",
        params![
            format!("tg-{}@telegram.invalid", tg.id),
            tg.first_name,
            tg.last_name,
            language,
            tg.id,
            affiliate_tag,
            now
        ],
    )?;
    Ok(conn.last_insert_rowid())
}

pub fn link(conn: &Connection, player_id: i64, tg_user_id: i64) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE players SET tg_user_id = ?1 WHERE id = ?2",
        params![tg_user_id, player_id],
    )?;
    Ok(())
}

/// The currency a messenger player's first account is opened in: the base currency, else the
/// first enabled one.
pub fn first_currency(conn: &Connection) -> rusqlite::Result<Option<String>> {
    conn.query_row(
        "SELECT code FROM currencies WHERE is_enabled = 1
         ORDER BY is_base DESC, position, code LIMIT 1",
        [],
        |r| r.get(0),
    )
    .optional()
}

/// `(source, platform)` of the newest session of the player signed in as this Telegram user.
pub fn last_session(
    conn: &Connection,
    tg_user_id: i64,
) -> rusqlite::Result<Option<(Option<String>, Option<String>)>> {
    conn.query_row(
        "SELECT s.source, s.platform FROM sessions s JOIN players p ON p.id = s.player_id
         WHERE p.tg_user_id = ?1 ORDER BY s.id DESC LIMIT 1",
        [tg_user_id],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )
    .optional()
}
