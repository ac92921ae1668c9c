//! Content pages (issue 16 "Content"): localised pages by slug, each of one kind (`static`,
//! `bonus`, `question`, `page`), with a title and an HTML body. Seeded from
//! `sandbox/content/pages.json` on every start (like the texts), so corrected pages reach an
//! existing database. A locale without its own copy of a page answers the default locale's;
//! an alias locale (es-mx) is seeded with its source's copies, as it reads its texts.
//! The bodies are served as written: the client sanitises them (the seed holds a page of XSS
//! payloads, `xss-check`, to prove it).

use rusqlite::{params, Connection, OptionalExtension};
use serde::{Deserialize, Serialize};

pub const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS content_pages (
    locale   TEXT NOT NULL,
    slug     TEXT NOT NULL,
    kind     TEXT NOT NULL,
    title    TEXT NOT NULL,
    body     TEXT NOT NULL,
    position INTEGER NOT NULL,
    PRIMARY KEY (locale, slug)
);
";

/// The kinds a page may have.
pub const KINDS: [&str; 4] = ["static", "bonus", "question", "page"];

#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
pub struct Page {
    pub slug: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub title: String,
    pub body: String,
}

/// A list item: no body.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Item {
    pub slug: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub title: String,
}

/// `{locale: [Page]}` from the seed file; each `(alias, source)` of `aliases` without pages of
/// its own gets the source's, their site links moved to its prefix (`/es/..` -> `/es-mx/..`)
/// so a reader stays in their locale.
pub fn seed(conn: &Connection, json: &str, aliases: &[(&str, &str)]) -> Result<(), String> {
    let mut all: std::collections::BTreeMap<String, Vec<Page>> =
        serde_json::from_str(json).map_err(|e| format!("content/pages.json: {e}"))?;
    for (alias, source) in aliases {
        let (from, to) = (format!("href=\"/{source}/"), format!("href=\"/{alias}/"));
        let copies: Vec<Page> = all
            .get(*source)
            .into_iter()
            .flatten()
            .map(|p| Page {
                body: p.body.replace(&from, &to),
                ..p.clone()
            })
            .collect();
        all.entry(alias.to_string()).or_insert(copies);
    }
    let err = |e: rusqlite::Error| format!("seeding pages: {e}");
    for (locale, pages) in all {
        for (pos, p) in pages.iter().enumerate() {
            if !KINDS.contains(&p.kind.as_str()) {
                return Err(format!(
                    "content/pages.json: {} has kind {}",
                    p.slug, p.kind
                ));
            }
            conn.execute(
                "INSERT INTO content_pages (locale, slug, kind, title, body, position)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                 ON CONFLICT(locale, slug) DO UPDATE SET kind = excluded.kind,
                   title = excluded.title, body = excluded.body, position = excluded.position",
                params![locale, p.slug, p.kind, p.title, p.body, pos as i64],
            )
            .map_err(err)?;
        }
    }
    Ok(())
}

fn one(conn: &Connection, locale: &str, slug: &str) -> rusqlite::Result<Option<Page>> {
    conn.query_row(
        "SELECT slug, kind, title, body FROM content_pages WHERE locale = ?1 AND slug = ?2",
        params![locale, slug],
        |r| {
            Ok(Page {
                slug: r.get(0)?,
                kind: r.get(1)?,
                title: r.get(2)?,
                body: r.get(3)?,
            })
        },
    )
    .optional()
}

/// The page in `locale`, else in the default locale; `kind` (when given) must match.
pub fn find(
    conn: &Connection,
    locale: &str,
    default_locale: &str,
    slug: &str,
    kind: Option<&str>,
) -> rusqlite::Result<Option<Page>> {
    let page = match one(conn, locale, slug)? {
        Some(p) => Some(p),
        None => one(conn, default_locale, slug)?,
    };
    Ok(page.filter(|p| kind.is_none_or(|k| k == p.kind)))
}

/// Pages of `kind` in seed order: the locale's own titles over the default locale's.
pub fn list(
    conn: &Connection,
    locale: &str,
    default_locale: &str,
    kind: &str,
) -> rusqlite::Result<Vec<Item>> {
    let mut stmt = conn.prepare(
        "SELECT d.slug, d.kind, COALESCE(l.title, d.title)
         FROM content_pages d
         LEFT JOIN content_pages l ON l.locale = ?2 AND l.slug = d.slug
         WHERE d.locale = ?1 AND d.kind = ?3
         ORDER BY d.position",
    )?;
    let rows = stmt.query_map(params![default_locale, locale, kind], |r| {
        Ok(Item {
            slug: r.get(0)?,
            kind: r.get(1)?,
            title: r.get(2)?,
        })
    })?;
    rows.collect()
}
