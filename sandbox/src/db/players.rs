//! Players and their profile.

use rusqlite::{params, Connection, OptionalExtension, Row};
use serde::Serialize;

#[derive(Clone, Debug)]
pub struct Player {
    pub id: i64,
    pub email: String,
    pub password_hash: String,
    pub nickname: Option<String>,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub phone: Option<String>,
    pub language: Option<String>,
    pub tg_user_id: Option<i64>,
    pub country: Option<String>,
    pub locale: Option<String>,
    pub freshchat_restore_id: Option<String>,
    /// Notification settings (SPEC §3 form fields receiveEmailPromo, receiveSmsPromo,
    /// receiveBonus).
    pub receive_email_promo: bool,
    pub receive_sms_promo: bool,
    pub receive_bonus: bool,
    /// The personal page's fields (SPEC §3 form fields).
    pub personal: Personal,
    /// The e-mail was confirmed (a code or the link of a confirmation mail).
    pub email_confirmed: bool,
    pub avatar_id: Option<String>,
}

/// birthdate (YYYY-MM-DD), city, address, postalCode, cpf_number.
#[derive(Clone, Debug, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Personal {
    pub birthdate: Option<String>,
    pub city: Option<String>,
    pub address: Option<String>,
    pub postal_code: Option<String>,
    #[serde(rename = "cpf_number")]
    pub cpf_number: Option<String>,
}

/// docs/API.md Profile; absent values serialize as null.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Profile {
    pub id: i64,
    pub nickname: Option<String>,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    /// `null` for a player signed up without one (messenger, phone).
    pub email: Option<String>,
    pub phone: Option<String>,
    pub language: Option<String>,
    pub tg_user_id: Option<i64>,
    pub country: Option<String>,
    pub locale: Option<String>,
    pub freshchat_restore_id: Option<String>,
    pub receive_email_promo: bool,
    pub receive_sms_promo: bool,
    pub receive_bonus: bool,
    #[serde(flatten)]
    pub personal: Personal,
    /// The e-mail was confirmed; false without an e-mail.
    pub email_confirmed: bool,
    /// The chosen avatar (`avatar/list` id) and its picture's address, or null.
    pub avatar_id: Option<String>,
    pub avatar: Option<String>,
    /// The player can sign in with a password (false for phone, social and messenger sign-ups
    /// until they set one): what the e-mail change asks for (docs/API.md).
    pub has_password: bool,
}

impl Player {
    /// Phone, social and messenger players are stored with a hash no password verifies
    /// against (`!phone`, `!social`, `!telegram`).
    pub fn has_password(&self) -> bool {
        !self.password_hash.starts_with('!')
    }

    pub fn profile(&self) -> Profile {
        Profile {
            id: self.id,
            nickname: self.nickname.clone(),
            first_name: self.first_name.clone(),
            last_name: self.last_name.clone(),
            // The reserved addresses of messenger and phone players receive nothing.
            email: Some(self.email.clone()).filter(|e| !e.ends_with(".invalid")),
            phone: self.phone.clone(),
            language: self.language.clone(),
            tg_user_id: self.tg_user_id,
            country: self.country.clone(),
            locale: self.locale.clone(),
            freshchat_restore_id: self.freshchat_restore_id.clone(),
            receive_email_promo: self.receive_email_promo,
            receive_sms_promo: self.receive_sms_promo,
            receive_bonus: self.receive_bonus,
            personal: self.personal.clone(),
            email_confirmed: self.email_confirmed && !self.email.ends_with(".invalid"),
            avatar_id: self.avatar_id.clone(),
            avatar: self.avatar_id.as_deref().map(super::verify::avatar_url),
            has_password: self.has_password(),
        }
    }
}

fn from_row(r: &Row) -> rusqlite::Result<Player> {
    Ok(Player {
        id: r.get("id")?,
        email: r.get("email")?,
        password_hash: r.get("password_hash")?,
        nickname: r.get("nickname")?,
        first_name: r.get("first_name")?,
        last_name: r.get("last_name")?,
        phone: r.get("phone")?,
        language: r.get("language")?,
        tg_user_id: r.get("tg_user_id")?,
        country: r.get("country")?,
        locale: r.get("locale")?,
        freshchat_restore_id: r.get("freshchat_restore_id")?,
        receive_email_promo: r.get::<_, i64>("receive_email_promo")? != 0,
        receive_sms_promo: r.get::<_, i64>("receive_sms_promo")? != 0,
        receive_bonus: r.get::<_, i64>("receive_bonus")? != 0,
        personal: Personal {
            birthdate: r.get("birthdate")?,
            city: r.get("city")?,
            address: r.get("address")?,
            postal_code: r.get("postal_code")?,
            cpf_number: r.get("cpf_number")?,
        },
        email_confirmed: r.get::<_, Option<i64>>("email_confirmed_at")?.is_some(),
        avatar_id: r.get("avatar_id")?,
    })
}

pub fn by_id(conn: &Connection, id: i64) -> rusqlite::Result<Option<Player>> {
    conn.query_row("SELECT * FROM players WHERE id = ?1", [id], from_row)
        .optional()
}

/// Case-insensitive (the column is COLLATE NOCASE).
pub fn by_email(conn: &Connection, email: &str) -> rusqlite::Result<Option<Player>> {
    conn.query_row("SELECT * FROM players WHERE email = ?1", [email], from_row)
        .optional()
}

/// The player whose confirmed phone this is (`+` and digits, as stored by the phone flows).
pub fn by_phone(conn: &Connection, phone: &str) -> rusqlite::Result<Option<Player>> {
    conn.query_row(
        "SELECT * FROM players WHERE phone = ?1 ORDER BY id LIMIT 1",
        [phone],
        from_row,
    )
    .optional()
}

pub struct NewPlayer<'a> {
    pub email: &'a str,
    pub password_hash: &'a str,
    pub nickname: Option<&'a str>,
    pub locale: &'a str,
    pub language: &'a str,
    pub affiliate_tag: Option<&'a str>,
    pub now: i64,
}

/// `Ok(None)` when the e-mail is already taken (the UNIQUE constraint is the arbiter, so two
/// racing sign-ups cannot both win).
pub fn insert(conn: &Connection, p: &NewPlayer) -> rusqlite::Result<Option<i64>> {
    let res = conn.execute(
        "INSERT INTO players (email, password_hash, nickname, locale, language, affiliate_tag,
                              created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![
            p.email,
            p.password_hash,
            p.nickname,
            p.locale,
            p.language,
            p.affiliate_tag,
            p.now
        ],
    );
    match res {
        Ok(_) => Ok(Some(conn.last_insert_rowid())),
        Err(rusqlite::Error::SqliteFailure(e, _))
            if e.code == rusqlite::ErrorCode::ConstraintViolation =>
        {
            Ok(None)
        }
        Err(e) => Err(e),
    }
}

/// Editable profile columns. The column name comes from this fixed list, never from input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    Nickname,
    FirstName,
    LastName,
    Phone,
    Language,
    Country,
    Locale,
    FreshchatRestoreId,
    Birthdate,
    City,
    Address,
    PostalCode,
    Cpf,
}

impl Field {
    fn column(self) -> &'static str {
        match self {
            Field::Nickname => "nickname",
            Field::FirstName => "first_name",
            Field::LastName => "last_name",
            Field::Phone => "phone",
            Field::Language => "language",
            Field::Country => "country",
            Field::Locale => "locale",
            Field::FreshchatRestoreId => "freshchat_restore_id",
            Field::Birthdate => "birthdate",
            Field::City => "city",
            Field::Address => "address",
            Field::PostalCode => "postal_code",
            Field::Cpf => "cpf_number",
        }
    }
}

pub fn update_field(
    conn: &Connection,
    id: i64,
    field: Field,
    value: Option<&str>,
) -> rusqlite::Result<()> {
    let sql = format!("UPDATE players SET {} = ?1 WHERE id = ?2", field.column());
    conn.execute(&sql, params![value, id])?;
    Ok(())
}

/// One of the notification settings, by its column.
pub fn set_flag(conn: &Connection, id: i64, column: &str, on: bool) -> rusqlite::Result<()> {
    let column = match column {
        "receive_email_promo" | "receive_sms_promo" | "receive_bonus" => column,
        _ => return Ok(()),
    };
    conn.execute(
        &format!("UPDATE players SET {column} = ?1 WHERE id = ?2"),
        params![i64::from(on), id],
    )?;
    Ok(())
}

pub fn set_password_hash(conn: &Connection, id: i64, hash: &str) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE players SET password_hash = ?1 WHERE id = ?2",
        params![hash, id],
    )?;
    Ok(())
}

/// True when another player (not `except`) already has this nickname, ignoring case.
pub fn nickname_taken(
    conn: &Connection,
    nickname: &str,
    except: Option<i64>,
) -> rusqlite::Result<bool> {
    conn.query_row(
        "SELECT EXISTS(SELECT 1 FROM players WHERE nickname = ?1 COLLATE NOCASE AND id <> ?2)",
        params![nickname, except.unwrap_or(-1)],
        |r| r.get(0),
    )
}
