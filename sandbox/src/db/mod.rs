//! SQLite storage: opening, schema, and the small key-value `settings` table.
//! One connection behind a mutex is plenty for a local sandbox and keeps `:memory:` simple.

pub mod accounts;
pub mod bonuses;
pub mod catalog;
pub mod content;
pub mod documents;
pub mod games;
pub mod limits;
pub mod notifications;
pub mod otp;
pub mod outbox;
pub mod pages;
pub mod payments;
pub mod players;
pub mod referral;
pub mod resets;
pub mod retention;
pub mod sessions;
pub mod social;
pub mod sport;
pub mod telegram;
pub mod verify;

use std::path::Path;
use std::time::{SystemTime, UNIX_EPOCH};

use rusqlite::{params, Connection, OptionalExtension};

/// Bump when the schema changes; `migrate` refuses a DB from a newer sandbox.
const SCHEMA_VERSION: i64 = 1;

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS settings (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS currencies (
    code            TEXT PRIMARY KEY,
    type            TEXT NOT NULL CHECK (type IN ('fiat', 'crypto')),
    symbol          TEXT NOT NULL,
    rate            TEXT NOT NULL,
    subunit_to_unit INTEGER NOT NULL,
    is_enabled      INTEGER NOT NULL,
    is_base         INTEGER NOT NULL,
    is_visible      INTEGER NOT NULL,
    position        INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS sub_currencies (
    code            TEXT PRIMARY KEY,
    currency        TEXT NOT NULL REFERENCES currencies(code),
    subunit_to_unit INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS locales (
    code       TEXT PRIMARY KEY,
    name       TEXT NOT NULL,
    is_default INTEGER NOT NULL,
    position   INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS countries (
    code   TEXT PRIMARY KEY,
    name   TEXT NOT NULL,
    locale TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS players (
    id                   INTEGER PRIMARY KEY,
    email                TEXT NOT NULL UNIQUE COLLATE NOCASE,
    password_hash        TEXT NOT NULL,
    nickname             TEXT,
    first_name           TEXT,
    last_name            TEXT,
    phone                TEXT,
    language             TEXT,
    tg_user_id           INTEGER,
    country              TEXT,
    locale               TEXT,
    freshchat_restore_id TEXT,
    affiliate_tag        TEXT,
    created_at           INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS sessions (
    id          INTEGER PRIMARY KEY,
    player_id   INTEGER NOT NULL REFERENCES players(id),
    created_at  INTEGER NOT NULL,
    closed_at   INTEGER,
    fingerprint TEXT,
    source      TEXT,
    platform    TEXT,
    public_id   TEXT,
    generation  INTEGER NOT NULL DEFAULT 0,
    rotated_at  INTEGER
);
CREATE TABLE IF NOT EXISTS accounts (
    id         INTEGER PRIMARY KEY,
    player_id  INTEGER NOT NULL REFERENCES players(id),
    currency   TEXT NOT NULL REFERENCES currencies(code),
    balance    INTEGER NOT NULL DEFAULT 0,
    status     INTEGER NOT NULL,
    is_hidden  INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS accounts_by_player ON accounts(player_id);
CREATE TABLE IF NOT EXISTS content (
    locale TEXT NOT NULL,
    grp    TEXT NOT NULL,
    key    TEXT NOT NULL,
    text   TEXT NOT NULL,
    PRIMARY KEY (locale, grp, key)
);
CREATE TABLE IF NOT EXISTS password_resets (
    code       TEXT PRIMARY KEY,
    player_id  INTEGER NOT NULL REFERENCES players(id),
    expires_at INTEGER NOT NULL,
    used_at    INTEGER
);
CREATE TABLE IF NOT EXISTS outbox (
    id         INTEGER PRIMARY KEY,
    created_at INTEGER NOT NULL,
    kind       TEXT NOT NULL CHECK (kind IN ('email', 'sms')),
    recipient  TEXT NOT NULL,
    subject    TEXT NOT NULL,
    body       TEXT NOT NULL,
    link       TEXT
);
";

/// Columns added after the first schema, for databases made by an older sandbox.
const ADDED_COLUMNS: &[(&str, &str, &str)] = &[
    ("sessions", "public_id", "TEXT"),
    ("sessions", "generation", "INTEGER NOT NULL DEFAULT 0"),
    ("sessions", "rotated_at", "INTEGER"),
    (
        "players",
        "receive_email_promo",
        "INTEGER NOT NULL DEFAULT 0",
    ),
    ("players", "receive_sms_promo", "INTEGER NOT NULL DEFAULT 0"),
    ("players", "receive_bonus", "INTEGER NOT NULL DEFAULT 1"),
    ("players", "birthdate", "TEXT"),
    ("players", "city", "TEXT"),
    ("players", "address", "TEXT"),
    ("players", "postal_code", "TEXT"),
    ("players", "cpf_number", "TEXT"),
    ("game_bets", "label", "TEXT"),
    ("players", "email_confirmed_at", "INTEGER"),
    ("players", "avatar_id", "TEXT"),
    // Game tokens belong to the session that launched them (issue 32).
    ("game_launches", "session_id", "INTEGER"),
    ("sport_tokens", "session_id", "INTEGER"),
    // A loosened limit waits 24 h (issue 30): when, and to what (amount null: removal).
    ("player_limits", "pending_at", "INTEGER"),
    ("player_limits", "pending_period", "TEXT"),
    ("player_limits", "pending_amount", "INTEGER"),
];

/// Indexes on those columns (created after the columns exist).
const INDEXES: &str = "
CREATE UNIQUE INDEX IF NOT EXISTS sessions_public_id ON sessions(public_id);
CREATE INDEX IF NOT EXISTS sessions_by_player ON sessions(player_id);
";

/// Opens (creating the parent directory 0700 and the file 0600) and applies the schema.
pub fn open(path: &str) -> Result<Connection, String> {
    let conn = if path == ":memory:" {
        Connection::open_in_memory()
    } else {
        if let Some(parent) = Path::new(path).parent() {
            crate::secrets::create_private_dir(parent)?;
        }
        crate::secrets::private_db_file(Path::new(path))?;
        Connection::open(path)
    }
    .map_err(|e| format!("cannot open database {path}: {e}"))?;
    migrate(&conn).map_err(|e| format!("database {path}: {e}"))?;
    Ok(conn)
}

fn migrate(conn: &Connection) -> Result<(), String> {
    let err = |e: rusqlite::Error| e.to_string();
    conn.execute_batch("PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;")
        .map_err(err)?;
    // WAL lets a second reader (e.g. sqlite3 in a shell) look while the sandbox runs.
    // The pragma returns a row, so it is queried rather than executed.
    let _: String = conn
        .query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))
        .map_err(err)?;
    conn.execute_batch(SCHEMA).map_err(err)?;
    conn.execute_batch(payments::SCHEMA).map_err(err)?;
    conn.execute_batch(limits::SCHEMA).map_err(err)?;
    conn.execute_batch(notifications::SCHEMA).map_err(err)?;
    conn.execute_batch(bonuses::SCHEMA).map_err(err)?;
    conn.execute_batch(retention::SCHEMA).map_err(err)?;
    conn.execute_batch(sport::SCHEMA).map_err(err)?;
    conn.execute_batch(telegram::SCHEMA).map_err(err)?;
    conn.execute_batch(games::SCHEMA).map_err(err)?;
    conn.execute_batch(otp::SCHEMA).map_err(err)?;
    conn.execute_batch(social::SCHEMA).map_err(err)?;
    conn.execute_batch(pages::SCHEMA).map_err(err)?;
    conn.execute_batch(referral::SCHEMA).map_err(err)?;
    conn.execute_batch(verify::SCHEMA).map_err(err)?;
    conn.execute_batch(documents::SCHEMA).map_err(err)?;
    // After every table exists: a column may belong to a feature's table.
    for (table, column, decl) in ADDED_COLUMNS {
        if !has_column(conn, table, column).map_err(err)? {
            conn.execute_batch(&format!("ALTER TABLE {table} ADD COLUMN {column} {decl}"))
                .map_err(err)?;
        }
    }
    conn.execute_batch(INDEXES).map_err(err)?;
    // Nicknames are unique (case-insensitive). The handlers check first; the index backs them
    // up, unless an older database already holds duplicates.
    if let Err(e) = conn.execute_batch(
        "CREATE UNIQUE INDEX IF NOT EXISTS players_nickname ON players(nickname COLLATE NOCASE)",
    ) {
        eprintln!("sandbox: nicknames are not unique in this database yet: {e}");
    }
    // A phone signs one player in, so it belongs to one player (issue 32: a second holder
    // was picked by sign-in). An older database may hold one number twice: the player who
    // signed up with it keeps it, the others confirm a number again.
    conn.execute_batch(
        "UPDATE players SET phone = NULL WHERE phone IN (
             SELECT phone FROM players WHERE phone IS NOT NULL GROUP BY phone HAVING COUNT(*) > 1)
           AND email != 'phone-' || substr(phone, 2) || '@phone.invalid';
         UPDATE players SET phone = NULL WHERE phone IN (
             SELECT phone FROM players WHERE phone IS NOT NULL GROUP BY phone HAVING COUNT(*) > 1);
         CREATE UNIQUE INDEX IF NOT EXISTS players_phone ON players(phone)
             WHERE phone IS NOT NULL;",
    )
    .map_err(err)?;
    match get_setting(conn, "schema_version").map_err(err)? {
        None => set_setting(conn, "schema_version", &SCHEMA_VERSION.to_string()).map_err(err)?,
        Some(v) if v.parse::<i64>().unwrap_or(i64::MAX) > SCHEMA_VERSION => {
            return Err(format!(
                "schema version {v} is newer than this sandbox ({SCHEMA_VERSION})"
            ))
        }
        Some(_) => {}
    }
    Ok(())
}

fn has_column(conn: &Connection, table: &str, column: &str) -> rusqlite::Result<bool> {
    let mut stmt = conn.prepare(&format!("PRAGMA table_info({table})"))?;
    let names = stmt.query_map([], |r| r.get::<_, String>(1))?;
    for name in names {
        if name? == column {
            return Ok(true);
        }
    }
    Ok(false)
}

pub fn get_setting(conn: &Connection, key: &str) -> rusqlite::Result<Option<String>> {
    conn.query_row("SELECT value FROM settings WHERE key = ?1", [key], |r| {
        r.get(0)
    })
    .optional()
}

pub fn set_setting(conn: &Connection, key: &str, value: &str) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO settings (key, value) VALUES (?1, ?2)
         ON CONFLICT(key) DO UPDATE SET value = excluded.value",
        params![key, value],
    )?;
    Ok(())
}

/// Unix seconds.
pub fn now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

/// A migrated in-memory database where session 1 of player 1 is open, with foreign keys off:
/// for unit tests of the rows that hang on a session (game and sportsbook tokens).
#[cfg(test)]
pub(crate) fn with_open_session() -> Connection {
    let conn = open(":memory:").unwrap();
    conn.execute_batch(
        "PRAGMA foreign_keys = OFF;
         INSERT INTO sessions (id, player_id, created_at) VALUES (1, 1, 0);",
    )
    .unwrap();
    conn
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_older_database_gets_the_added_columns_of_feature_tables() {
        let conn = Connection::open_in_memory().unwrap();
        // game_bets as an older sandbox made it, before `label`.
        conn.execute_batch(
            "CREATE TABLE game_bets (id INTEGER PRIMARY KEY, player_id INTEGER NOT NULL,
               game_id INTEGER NOT NULL, currency TEXT NOT NULL, amount INTEGER NOT NULL,
               win INTEGER NOT NULL, is_settled INTEGER NOT NULL, created_at INTEGER NOT NULL)",
        )
        .unwrap();
        migrate(&conn).unwrap();
        for (table, column, _) in ADDED_COLUMNS {
            assert!(
                has_column(&conn, table, column).unwrap(),
                "{table}.{column}"
            );
        }
        // A second start finds everything in place.
        migrate(&conn).unwrap();
    }
}
