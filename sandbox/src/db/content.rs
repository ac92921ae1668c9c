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

#[cfg(test)]
mod tests {
    use super::*;

    fn groups(pairs: &[(&str, &str, &str)]) -> Groups {
        let mut out = Groups::new();
        for (g, k, t) in pairs {
            out.entry((*g).to_string())
                .or_default()
                .insert((*k).to_string(), (*t).to_string());
        }
        out
    }

    /// Every seeded locale is complete (sandbox/tests/api/content.rs), so the key-by-key fallback
    /// for a partly translated locale is checked here on a database of its own.
    #[test]
    fn a_partial_locale_falls_back_to_the_default_key_by_key() {
        let conn = crate::db::open(":memory:").unwrap();
        conn.execute("DELETE FROM content", []).unwrap();
        upsert(
            &conn,
            "en",
            &groups(&[
                ("layout", "signIn", "Sign in"),
                ("layout", "home.subtitle", "Thousands of games"),
                ("modals", "sign-in.title", "Sign in"),
            ]),
        )
        .unwrap();
        upsert(&conn, "xx", &groups(&[("layout", "signIn", "Entrar")])).unwrap();
        let got = texts(&conn, "xx", "en", &["layout", "modals", "alerts"]).unwrap();
        assert_eq!(
            got,
            groups(&[
                ("layout", "signIn", "Entrar"),
                ("layout", "home.subtitle", "Thousands of games"),
                ("modals", "sign-in.title", "Sign in"),
            ])
            .into_iter()
            .chain([("alerts".to_string(), BTreeMap::new())])
            .collect::<Groups>()
        );
        // Only the requested groups.
        let got = texts(&conn, "xx", "en", &["modals"]).unwrap();
        assert_eq!(got.keys().collect::<Vec<_>>(), ["modals"]);
    }
}
