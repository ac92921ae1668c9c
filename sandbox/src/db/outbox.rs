//! The local outbox: e-mails and SMS the sandbox "sent" (reset links, codes), kept for the
//! loopback-only outbox page instead of being printed to the log.

use rusqlite::{params, Connection};
use serde::Serialize;

/// How many messages the outbox keeps; older ones are dropped.
pub const KEEP: i64 = 200;

#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Message {
    pub id: i64,
    pub created_at: i64,
    /// `email` or `sms`.
    pub kind: String,
    pub recipient: String,
    pub subject: String,
    pub body: String,
    pub link: Option<String>,
}

pub struct NewMessage<'a> {
    pub kind: &'a str,
    pub recipient: &'a str,
    pub subject: &'a str,
    pub body: &'a str,
    pub link: Option<&'a str>,
    pub now: i64,
}

pub fn push(conn: &Connection, m: &NewMessage) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO outbox (created_at, kind, recipient, subject, body, link)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![m.now, m.kind, m.recipient, m.subject, m.body, m.link],
    )?;
    conn.execute(
        "DELETE FROM outbox WHERE id <= (SELECT MAX(id) FROM outbox) - ?1",
        [KEEP],
    )?;
    Ok(())
}

/// Newest first.
pub fn list(conn: &Connection) -> rusqlite::Result<Vec<Message>> {
    let mut stmt = conn.prepare(
        "SELECT id, created_at, kind, recipient, subject, body, link FROM outbox
         ORDER BY id DESC",
    )?;
    let rows = stmt.query_map([], |r| {
        Ok(Message {
            id: r.get(0)?,
            created_at: r.get(1)?,
            kind: r.get(2)?,
            recipient: r.get(3)?,
            subject: r.get(4)?,
            body: r.get(5)?,
            link: r.get(6)?,
        })
    })?;
    rows.collect()
}
