//! Reference data: currencies, locales, countries.

use rusqlite::{params, Connection, OptionalExtension, Row};
use serde::Serialize;

#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SubCurrency {
    pub code: String,
    pub subunit_to_unit: i64,
}

#[derive(Clone, Debug, Serialize)]
pub struct Rate {
    pub rate: String,
}

/// Serialized exactly as docs/API.md's Currency.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Currency {
    pub code: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub symbol: String,
    pub rate: Rate,
    pub subunit_to_unit: i64,
    pub sub_currencies: Vec<SubCurrency>,
    pub is_enabled: bool,
    pub is_base: bool,
}

fn currency_from_row(r: &Row) -> rusqlite::Result<Currency> {
    Ok(Currency {
        code: r.get("code")?,
        kind: r.get("type")?,
        symbol: r.get("symbol")?,
        rate: Rate {
            rate: r.get("rate")?,
        },
        subunit_to_unit: r.get("subunit_to_unit")?,
        sub_currencies: Vec::new(),
        is_enabled: r.get("is_enabled")?,
        is_base: r.get("is_base")?,
    })
}

pub fn currencies(conn: &Connection, only_visible: bool) -> rusqlite::Result<Vec<Currency>> {
    let mut stmt = conn.prepare(
        "SELECT * FROM currencies WHERE (?1 = 0 OR is_visible = 1) ORDER BY position, code",
    )?;
    let mut list = stmt
        .query_map([only_visible], currency_from_row)?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    let mut subs = conn.prepare(
        "SELECT code, subunit_to_unit FROM sub_currencies WHERE currency = ?1 ORDER BY code",
    )?;
    for c in &mut list {
        c.sub_currencies = subs
            .query_map([&c.code], |r| {
                Ok(SubCurrency {
                    code: r.get(0)?,
                    subunit_to_unit: r.get(1)?,
                })
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?;
    }
    Ok(list)
}

pub fn currency(conn: &Connection, code: &str) -> rusqlite::Result<Option<Currency>> {
    conn.query_row(
        "SELECT * FROM currencies WHERE code = ?1",
        [code],
        currency_from_row,
    )
    .optional()
}

/// A currency a player may open an account in.
pub fn enabled_currency(conn: &Connection, code: &str) -> rusqlite::Result<Option<Currency>> {
    Ok(currency(conn, code)?.filter(|c| c.is_enabled))
}

#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Locale {
    pub code: String,
    pub name: String,
    pub is_default: bool,
}

pub fn locales(conn: &Connection) -> rusqlite::Result<Vec<Locale>> {
    let mut stmt =
        conn.prepare("SELECT code, name, is_default FROM locales ORDER BY position, code")?;
    let rows = stmt.query_map([], |r| {
        Ok(Locale {
            code: r.get(0)?,
            name: r.get(1)?,
            is_default: r.get(2)?,
        })
    })?;
    rows.collect()
}

pub fn locale_exists(conn: &Connection, code: &str) -> rusqlite::Result<bool> {
    conn.query_row(
        "SELECT EXISTS(SELECT 1 FROM locales WHERE code = ?1)",
        [code],
        |r| r.get(0),
    )
}

#[derive(Clone, Debug, Serialize)]
pub struct Country {
    pub code: String,
    pub name: String,
    pub locale: String,
}

pub fn countries(conn: &Connection) -> rusqlite::Result<Vec<Country>> {
    let mut stmt = conn.prepare("SELECT code, name, locale FROM countries ORDER BY name")?;
    let rows = stmt.query_map([], |r| {
        Ok(Country {
            code: r.get(0)?,
            name: r.get(1)?,
            locale: r.get(2)?,
        })
    })?;
    rows.collect()
}

pub fn country_exists(conn: &Connection, code: &str) -> rusqlite::Result<bool> {
    conn.query_row(
        "SELECT EXISTS(SELECT 1 FROM countries WHERE code = ?1)",
        params![code],
        |r| r.get(0),
    )
}
