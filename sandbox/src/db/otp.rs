//! One-time codes sent by SMS (SPEC §7 otp/send, otp/verify, register/phone). One live code
//! per phone and scope: a guest's (sign-in or sign-up, scope 0) or a player's (confirming a
//! phone for the profile, scope = player id). A new send replaces the old code.

use rusqlite::{params, Connection, OptionalExtension};

pub const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS otp_codes (
    scope       INTEGER NOT NULL,
    phone       TEXT NOT NULL,
    code        TEXT NOT NULL,
    sent_at     INTEGER NOT NULL,
    expires_at  INTEGER NOT NULL,
    attempts    INTEGER NOT NULL DEFAULT 0,
    verified_at INTEGER,
    PRIMARY KEY (scope, phone)
);
";

/// How long a code works, in seconds.
pub const TTL_SECS: i64 = 300;
/// Seconds before the same phone may get another code (the control API may shorten it for
/// tests: settings key `otp_resend_secs`).
pub const RESEND_SECS: i64 = 60;
const RESEND_KEY: &str = "otp_resend_secs";

pub fn resend_secs(conn: &Connection) -> rusqlite::Result<i64> {
    Ok(super::get_setting(conn, RESEND_KEY)?
        .and_then(|v| v.parse().ok())
        .unwrap_or(RESEND_SECS))
}

pub fn set_resend_secs(conn: &Connection, secs: i64) -> rusqlite::Result<()> {
    super::set_setting(conn, RESEND_KEY, &secs.to_string())
}
/// Wrong codes before the code is burned and a new one must be asked for.
pub const MAX_ATTEMPTS: i64 = 3;
/// Digits in a code.
pub const LENGTH: usize = 6;
/// A guest's verified code stays good for finishing the sign-up this long after verifying.
pub const SIGN_UP_WINDOW_SECS: i64 = 900;

#[derive(Clone, Debug)]
pub struct Otp {
    pub code: String,
    pub sent_at: i64,
    pub expires_at: i64,
    pub attempts: i64,
    pub verified_at: Option<i64>,
}

pub fn get(conn: &Connection, scope: i64, phone: &str) -> rusqlite::Result<Option<Otp>> {
    conn.query_row(
        "SELECT code, sent_at, expires_at, attempts, verified_at FROM otp_codes
         WHERE scope = ?1 AND phone = ?2",
        params![scope, phone],
        |r| {
            Ok(Otp {
                code: r.get(0)?,
                sent_at: r.get(1)?,
                expires_at: r.get(2)?,
                attempts: r.get(3)?,
                verified_at: r.get(4)?,
            })
        },
    )
    .optional()
}

/// A fresh code replaces whatever was there (attempts and verification start over).
pub fn put(
    conn: &Connection,
    scope: i64,
    phone: &str,
    code: &str,
    now: i64,
) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO otp_codes (scope, phone, code, sent_at, expires_at) VALUES (?1, ?2, ?3, ?4, ?5)
         ON CONFLICT(scope, phone) DO UPDATE SET code = excluded.code, sent_at = excluded.sent_at,
             expires_at = excluded.expires_at, attempts = 0, verified_at = NULL",
        params![scope, phone, code, now, now + TTL_SECS],
    )?;
    Ok(())
}

/// One more wrong code; returns the count.
pub fn wrong(conn: &Connection, scope: i64, phone: &str) -> rusqlite::Result<i64> {
    conn.query_row(
        "UPDATE otp_codes SET attempts = attempts + 1 WHERE scope = ?1 AND phone = ?2
         RETURNING attempts",
        params![scope, phone],
        |r| r.get(0),
    )
}

pub fn verified(conn: &Connection, scope: i64, phone: &str, now: i64) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE otp_codes SET verified_at = ?3 WHERE scope = ?1 AND phone = ?2",
        params![scope, phone, now],
    )?;
    Ok(())
}

/// The code is used up (a sign-in, a sign-up, a confirmed phone).
pub fn remove(conn: &Connection, scope: i64, phone: &str) -> rusqlite::Result<()> {
    conn.execute(
        "DELETE FROM otp_codes WHERE scope = ?1 AND phone = ?2",
        params![scope, phone],
    )?;
    Ok(())
}

/// The key under which a player's owner code is kept (scope = the player's id): the code
/// that lets a player without a password move the e-mail (`otp/email/send`). It is no phone
/// (phones start with `+`), so `otp/verify` can never reach it.
pub const OWNER: &str = "owner";

/// A random code of [`LENGTH`] digits.
pub fn new_code() -> String {
    use rand::Rng;
    let n: u32 = rand::rng().random_range(0..1_000_000);
    format!("{n:06}")
}

/// `+` and the digits: the stored and compared form of a phone number.
pub fn normalize(phone: &str) -> String {
    let digits: String = phone.chars().filter(char::is_ascii_digit).collect();
    format!("+{digits}")
}
