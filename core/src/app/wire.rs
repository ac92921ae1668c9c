//! Wire shapes of the platform API shared by features (SPEC §3, §7; open points fixed in
//! docs/API.md).
//! Unknown fields are ignored and optional ones default, so a newer server never breaks us.

use serde::Serialize;

use crate::json::whole;
use crate::json::Json;
use crate::vecs::{keep, map};

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Profile {
    pub id: i64,
    pub nickname: Option<String>,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub language: Option<String>,
    pub tg_user_id: Option<String>,
    pub country: Option<String>,
    pub locale: Option<String>,
    pub freshchat_restore_id: Option<String>,
    pub is_newly_registered: Option<bool>,
    /// The chosen avatar's picture (`avatar/set-avatar`).
    pub avatar: Option<String>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct LoginResponse {
    pub access_token: String,
    pub profile: Profile,
}

#[derive(Clone, Debug, PartialEq)]
pub struct RefreshResponse {
    pub access_token: String,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Account {
    pub id: i64,
    pub currency: String,
    pub balance: String,
    pub status: i64,
}

impl Account {
    /// SPEC §3: status 1 means active.
    pub fn is_active(&self) -> bool {
        self.status == 1
    }
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Rate {
    pub rate: String,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct SubCurrency {
    pub code: String,
    pub subunit_to_unit: u64,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Currency {
    pub code: String,
    pub kind: String,
    pub symbol: String,
    pub rate: Option<Rate>,
    pub subunit_to_unit: u64,
    pub sub_currencies: Vec<SubCurrency>,
    pub is_enabled: Option<bool>,
    pub is_base: Option<bool>,
}

impl Currency {
    pub fn is_crypto(&self) -> bool {
        self.kind.eq_ignore_ascii_case("crypto")
    }
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Locale {
    pub code: String,
    pub name: Option<String>,
    pub is_default: bool,
}

/// The one error shape of the API: `{code, message, errors?}`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ApiError {
    pub code: String,
    pub message: String,
    pub errors: litemap::LiteMap<String, Vec<String>>,
    /// On a 429: seconds to wait, the body's copy of the `Retry-After` header (docs/API.md).
    pub retry_after: Option<f64>,
}

/// Registration body (SPEC §7 Auth). Fingerprints and affiliate tag are sent when known.
#[derive(Clone, Debug, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct RegisterBody {
    pub email: String,
    pub password: String,
    pub currency: String,
    pub agreements: bool,
    pub locale: String,
    pub source: String,
    pub platform: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub affiliate_tag: Option<String>,
}

#[derive(Clone, Debug, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct LoginBody {
    pub email: String,
    pub password: String,
}

/// What the money rules need of a currency.
pub fn currency_info(c: &Currency) -> crate::domain::money::CurrencyInfo {
    crate::domain::money::CurrencyInfo {
        code: c.code.clone(),
        crypto: c.is_crypto(),
        symbol: c.symbol.clone(),
        subunit_to_unit: c.subunit_to_unit,
        sub_currencies: map(&c.sub_currencies, |s| crate::domain::money::SubCurrency {
            code: s.code.clone(),
            subunit_to_unit: s.subunit_to_unit,
        }),
    }
}

/// A wire shape read by hand from the dynamic value: only the fields the core uses; unknown
/// fields are ignored and optional ones default (a wrong type on an optional field counts as
/// absent), so a newer server never breaks us. Derived serde readers cost 1-6 KB of wasm per
/// type (docs/ARCHITECTURE.md "Boundary").
pub trait Wire: Sized {
    fn read(v: &Json) -> Result<Self, String>;
}

impl<T: Wire> Wire for Vec<T> {
    fn read(v: &Json) -> Result<Self, String> {
        let items = v.as_array().ok_or("expected an array")?;
        let mut out = Vec::new();
        for (i, item) in items.iter().enumerate() {
            out.push(T::read(item).map_err(|e| format!("[{i}]: {e}"))?);
        }
        Ok(out)
    }
}

impl Wire for Json {
    fn read(v: &Json) -> Result<Self, String> {
        Ok(v.clone())
    }
}

fn object(v: &Json) -> Result<&crate::json::Map<String, Json>, String> {
    v.as_object()
        .ok_or_else(|| "expected an object".to_string())
}

/// An optional string field.
pub fn text(v: &Json, name: &str) -> Option<String> {
    v.get(name).and_then(Json::as_str).map(str::to_owned)
}

/// A required string field.
pub fn need_text(v: &Json, name: &str) -> Result<String, String> {
    text(v, name).ok_or_else(|| format!("`{name}`: expected a string"))
}

/// An optional whole-number field.
pub fn int(v: &Json, name: &str) -> Option<i64> {
    v.get(name).and_then(whole)
}

/// A whole non-negative number field (ids).
pub fn uint(v: &Json, name: &str) -> Option<u64> {
    int(v, name).and_then(|n| u64::try_from(n).ok())
}

/// A string field, or empty when missing or not a string.
pub fn str_of(v: &Json, name: &str) -> String {
    text(v, name).unwrap_or_default()
}

/// A field as text whether it came as a string or a number (ids and amounts that some
/// platforms send as numbers), or empty.
pub fn loose_text(v: &Json, name: &str) -> String {
    match v.get(name) {
        Some(Json::String(s)) => s.clone(),
        Some(Json::Number(n)) => crate::json::number_text(n),
        _ => String::new(),
    }
}

/// An array field's items, or none.
pub fn items<'a>(v: &'a Json, name: &str) -> &'a [Json] {
    v.get(name)
        .and_then(Json::as_array)
        .map(Vec::as_slice)
        .unwrap_or_default()
}

/// A string field that may arrive as a number (`tgUserId`).
fn text_or_number(v: &Json, name: &str) -> Option<String> {
    match v.get(name)? {
        Json::String(s) => Some(s.clone()),
        n => whole(n).map(|i| i.to_string()),
    }
}

impl Wire for Profile {
    fn read(v: &Json) -> Result<Self, String> {
        object(v)?;
        Ok(Profile {
            id: int(v, "id").unwrap_or_default(),
            nickname: text(v, "nickname"),
            first_name: text(v, "firstName"),
            last_name: text(v, "lastName"),
            email: text(v, "email"),
            phone: text(v, "phone"),
            language: text(v, "language"),
            tg_user_id: text_or_number(v, "tgUserId"),
            country: text(v, "country"),
            locale: text(v, "locale"),
            freshchat_restore_id: text(v, "freshchatRestoreId"),
            is_newly_registered: v.get("isNewlyRegistered").and_then(Json::as_bool),
            avatar: text(v, "avatar"),
        })
    }
}

impl Wire for LoginResponse {
    fn read(v: &Json) -> Result<Self, String> {
        Ok(LoginResponse {
            access_token: need_text(v, "accessToken")?,
            profile: Profile::read(v.get("profile").unwrap_or(&Json::Null))
                .map_err(|e| format!("`profile`: {e}"))?,
        })
    }
}

impl Wire for RefreshResponse {
    fn read(v: &Json) -> Result<Self, String> {
        Ok(RefreshResponse {
            access_token: need_text(v, "accessToken")?,
        })
    }
}

impl Wire for Account {
    fn read(v: &Json) -> Result<Self, String> {
        Ok(Account {
            id: int(v, "id").ok_or("`id`: expected a whole number")?,
            currency: need_text(v, "currency")?,
            balance: need_text(v, "balance")?,
            status: int(v, "status").unwrap_or(0),
        })
    }
}

impl Wire for Currency {
    fn read(v: &Json) -> Result<Self, String> {
        object(v)?;
        let subunit = |v: &Json| int(v, "subunitToUnit").and_then(|n| u64::try_from(n).ok());
        Ok(Currency {
            code: text(v, "code").unwrap_or_default(),
            kind: text(v, "type").unwrap_or_default(),
            symbol: text(v, "symbol").unwrap_or_default(),
            rate: v.get("rate").filter(|r| r.is_object()).map(|r| Rate {
                rate: text(r, "rate").unwrap_or_default(),
            }),
            subunit_to_unit: subunit(v).unwrap_or_default(),
            sub_currencies: v
                .get("subCurrencies")
                .and_then(Json::as_array)
                .map(|subs| {
                    keep(subs, |s| {
                        s.is_object().then(|| SubCurrency {
                            code: text(s, "code").unwrap_or_default(),
                            subunit_to_unit: subunit(s).unwrap_or_default(),
                        })
                    })
                })
                .unwrap_or_default(),
            is_enabled: v.get("isEnabled").and_then(Json::as_bool),
            is_base: v.get("isBase").and_then(Json::as_bool),
        })
    }
}

impl Wire for Locale {
    fn read(v: &Json) -> Result<Self, String> {
        object(v)?;
        Ok(Locale {
            code: text(v, "code").unwrap_or_default(),
            name: text(v, "name"),
            is_default: v.get("isDefault").and_then(Json::as_bool).unwrap_or(false),
        })
    }
}

impl Wire for ApiError {
    fn read(v: &Json) -> Result<Self, String> {
        object(v)?;
        let mut errors = litemap::LiteMap::new();
        if let Some(fields) = v.get("errors").and_then(Json::as_object) {
            for (field, msgs) in fields {
                let msgs = msgs.as_array().map_or(&[][..], Vec::as_slice);
                errors.insert(field.clone(), keep(msgs, |m| m.as_str().map(str::to_owned)));
            }
        }
        Ok(ApiError {
            code: text(v, "code").unwrap_or_default(),
            message: text(v, "message").unwrap_or_default(),
            errors,
            retry_after: v.get("retryAfter").and_then(Json::as_f64),
        })
    }
}

/// An object of strings (content texts, the config's texts); other values are skipped.
pub fn string_map(v: &Json) -> litemap::LiteMap<String, String> {
    let mut out = litemap::LiteMap::new();
    if let Some(m) = v.as_object() {
        for (k, t) in m {
            if let Some(t) = t.as_str() {
                out.insert(k.clone(), t.to_owned());
            }
        }
    }
    out
}
