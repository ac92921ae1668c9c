//! Localised text content (SPEC §7 "Localised text content is queried per locale for the
//! groups alerts, fields-settings, global-components, layout and modals").
//!
//! Texts are rows `(locale, grp, key, text)`; a locale answers its own rows over the default
//! locale's, so a partly translated locale still has every key.

use std::collections::BTreeMap;

use rusqlite::{params, Connection};

/// The content groups of SPEC §7, in the order they are answered.
pub const GROUPS: [&str; 5] = [
    "alerts",
    "fields-settings",
    "global-components",
    "layout",
    "modals",
];

/// `group -> key -> text`.
pub type Groups = BTreeMap<String, BTreeMap<String, String>>;

/// Inserts or replaces the texts of `locale` (seed data is the sandbox's own, refreshed on
/// every start so that new keys and corrected texts reach an existing database).
pub fn upsert(conn: &Connection, locale: &str, groups: &Groups) -> rusqlite::Result<()> {
    let mut stmt = conn.prepare(
        "INSERT INTO content (locale, grp, key, text) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT(locale, grp, key) DO UPDATE SET text = excluded.text",
    )?;
    for (grp, texts) in groups {
        for (key, text) in texts {
            stmt.execute(params![locale, grp, key, text])?;
        }
    }
    Ok(())
}

fn rows(conn: &Connection, locale: &str, groups: &[&str]) -> rusqlite::Result<Groups> {
    let mut stmt =
        conn.prepare("SELECT grp, key, text FROM content WHERE locale = ?1 ORDER BY grp, key")?;
    let mut out = Groups::new();
    let found = stmt.query_map([locale], |r| {
        Ok((
            r.get::<_, String>(0)?,
            r.get::<_, String>(1)?,
            r.get::<_, String>(2)?,
        ))
    })?;
    for row in found {
        let (grp, key, text) = row?;
        if groups.contains(&grp.as_str()) {
            out.entry(grp).or_default().insert(key, text);
        }
    }
    Ok(out)
}

/// The texts of `groups` in `locale`, every key the default locale has filled in from it.
/// Each requested group is present (possibly empty).
pub fn texts(
    conn: &Connection,
    locale: &str,
    default_locale: &str,
    groups: &[&str],
) -> rusqlite::Result<Groups> {
    let mut out = rows(conn, default_locale, groups)?;
    if locale != default_locale {
        for (grp, texts) in rows(conn, locale, groups)? {
            out.entry(grp).or_default().extend(texts);
        }
    }
    for g in groups {
        out.entry((*g).to_string()).or_default();
    }
    Ok(out)
}
