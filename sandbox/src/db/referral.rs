//! Referral program and affiliate applications (issue 16; SPEC §1, §2 modals
//! referral-transfer and affiliate-program).
//!
//! Rules (the sandbox's own, SPEC does not fix them): each player has a referral code; a
//! player who registers with `refId` = that code counts as invited; one with a successful
//! deposit counts as qualified. A referrer earns 10.00 USD per qualified player, once per
//! referred player; a bare sign-up earns nothing (issue 32: it paid 1.00 USD per throwaway
//! account). Computed from the tables, so a deposit counts the moment it settles;
//! what was transferred is kept, and the rest is available. A transfer moves everything
//! available into the player's USD account (opened, inactive, when the player has none) in
//! one transaction.

use rusqlite::{params, Connection, OptionalExtension};
use serde::Serialize;

use crate::db::accounts;
use crate::money;

pub const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS referral_codes (
    player_id INTEGER PRIMARY KEY REFERENCES players(id),
    code      TEXT NOT NULL UNIQUE
);
CREATE TABLE IF NOT EXISTS referrals (
    referee_id  INTEGER PRIMARY KEY REFERENCES players(id),
    referrer_id INTEGER NOT NULL REFERENCES players(id),
    created_at  INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS referrals_by_referrer ON referrals(referrer_id);
CREATE TABLE IF NOT EXISTS referral_transfers (
    id         INTEGER PRIMARY KEY,
    player_id  INTEGER NOT NULL REFERENCES players(id),
    account_id INTEGER NOT NULL REFERENCES accounts(id),
    amount     INTEGER NOT NULL CHECK (amount > 0),
    created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS affiliate_applications (
    id            INTEGER PRIMARY KEY,
    name          TEXT NOT NULL,
    email         TEXT NOT NULL,
    website       TEXT NOT NULL,
    message       TEXT NOT NULL,
    affiliate_tag TEXT,
    player_id     INTEGER,
    created_at    INTEGER NOT NULL
);
";

/// Rewards are in this currency (minor units: cents).
pub const CURRENCY: &str = "USD";
const SUBUNITS: i64 = 100;
pub const PER_QUALIFIED: i64 = 1_000;

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Stats {
    pub code: String,
    pub invited: i64,
    pub qualified: i64,
    pub earned: String,
    pub available: String,
    pub currency: String,
}

/// The player's code, made on first use: `R` and the id in base 36 with a check letter, so
/// codes are short, unique and not guessable in sequence without the check.
pub fn code(conn: &Connection, player_id: i64) -> rusqlite::Result<String> {
    if let Some(c) = conn
        .query_row(
            "SELECT code FROM referral_codes WHERE player_id = ?1",
            [player_id],
            |r| r.get::<_, String>(0),
        )
        .optional()?
    {
        return Ok(c);
    }
    let mut n = player_id.unsigned_abs();
    let mut digits = Vec::new();
    while n > 0 || digits.is_empty() {
        digits.push(char::from_digit((n % 36) as u32, 36).unwrap_or('0'));
        n /= 36;
    }
    let check = (player_id.unsigned_abs().wrapping_mul(7919) % 26) as u8 + b'A';
    let code: String = std::iter::once('R')
        .chain(digits.into_iter().rev())
        .chain(std::iter::once(check as char))
        .collect::<String>()
        .to_ascii_uppercase();
    conn.execute(
        "INSERT INTO referral_codes (player_id, code) VALUES (?1, ?2)",
        params![player_id, code],
    )?;
    Ok(code)
}

/// Link a new player to the owner of `code` (unknown codes and self-referral are ignored).
pub fn link(conn: &Connection, referee_id: i64, code: &str, now: i64) -> rusqlite::Result<bool> {
    let referrer: Option<i64> = conn
        .query_row(
            "SELECT player_id FROM referral_codes WHERE code = ?1 COLLATE NOCASE",
            [code.trim()],
            |r| r.get(0),
        )
        .optional()?;
    match referrer {
        Some(r) if r != referee_id => {
            conn.execute(
                "INSERT OR IGNORE INTO referrals (referee_id, referrer_id, created_at)
                 VALUES (?1, ?2, ?3)",
                params![referee_id, r, now],
            )?;
            Ok(true)
        }
        _ => Ok(false),
    }
}

/// (invited, qualified, earned, transferred) in minor units.
fn figures(conn: &Connection, player_id: i64) -> rusqlite::Result<(i64, i64, i64, i64)> {
    let invited: i64 = conn.query_row(
        "SELECT COUNT(*) FROM referrals WHERE referrer_id = ?1",
        [player_id],
        |r| r.get(0),
    )?;
    let qualified: i64 = conn.query_row(
        "SELECT COUNT(*) FROM referrals f WHERE f.referrer_id = ?1 AND EXISTS (
             SELECT 1 FROM invoices i WHERE i.player_id = f.referee_id AND i.type = 1
             AND i.status = 2)",
        [player_id],
        |r| r.get(0),
    )?;
    let transferred: i64 = conn.query_row(
        "SELECT COALESCE(SUM(amount), 0) FROM referral_transfers WHERE player_id = ?1",
        [player_id],
        |r| r.get(0),
    )?;
    let earned = qualified * PER_QUALIFIED;
    Ok((invited, qualified, earned, transferred))
}

pub fn stats(conn: &Connection, player_id: i64) -> rusqlite::Result<Stats> {
    let code = code(conn, player_id)?;
    let (invited, qualified, earned, transferred) = figures(conn, player_id)?;
    Ok(Stats {
        code,
        invited,
        qualified,
        earned: money::format_minor(earned, SUBUNITS),
        available: money::format_minor((earned - transferred).max(0), SUBUNITS),
        currency: CURRENCY.into(),
    })
}

/// Move everything available into the USD account; the account that changed, or None when
/// there was nothing to move. Run inside a transaction.
pub fn transfer(
    conn: &Connection,
    player_id: i64,
    now: i64,
) -> rusqlite::Result<Option<accounts::Account>> {
    let (_, _, earned, transferred) = figures(conn, player_id)?;
    let amount = earned - transferred;
    if amount <= 0 {
        return Ok(None);
    }
    let account_id = match accounts::by_currency(conn, player_id, CURRENCY)? {
        Some(a) => {
            if a.is_hidden {
                accounts::set_hidden(conn, a.id, false)?;
            }
            a.id
        }
        None => accounts::create(conn, player_id, CURRENCY, accounts::INACTIVE, 0, now)?,
    };
    let Some(account) = accounts::get(conn, player_id, account_id)? else {
        return Ok(None);
    };
    accounts::set_balance(conn, account.id, account.balance_minor + amount)?;
    conn.execute(
        "INSERT INTO referral_transfers (player_id, account_id, amount, created_at)
         VALUES (?1, ?2, ?3, ?4)",
        params![player_id, account.id, amount, now],
    )?;
    accounts::get(conn, player_id, account_id)
}

pub struct Application<'a> {
    pub name: &'a str,
    pub email: &'a str,
    pub website: &'a str,
    pub message: &'a str,
    pub affiliate_tag: Option<&'a str>,
    pub player_id: Option<i64>,
    pub now: i64,
}

pub fn apply(conn: &Connection, a: &Application) -> rusqlite::Result<i64> {
    conn.execute(
        "INSERT INTO affiliate_applications
           (name, email, website, message, affiliate_tag, player_id, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![
            a.name,
            a.email,
            a.website,
            a.message,
            a.affiliate_tag,
            a.player_id,
            a.now
        ],
    )?;
    Ok(conn.last_insert_rowid())
}
