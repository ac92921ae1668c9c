//! Wire shapes of the platform API shared by features (SPEC §3, §7; open points fixed in
//! docs/API.md).
//! Unknown fields are ignored and optional ones default, so a newer server never breaks us.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer};

use crate::json::whole;
use crate::json::Json;
pub use crate::json::{lenient, lenient_items};

#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Profile {
    #[serde(deserialize_with = "lenient")]
    pub id: i64,
    #[serde(deserialize_with = "lenient")]
    pub nickname: Option<String>,
    #[serde(deserialize_with = "lenient")]
    pub first_name: Option<String>,
    #[serde(deserialize_with = "lenient")]
    pub last_name: Option<String>,
    #[serde(deserialize_with = "lenient")]
    pub email: Option<String>,
    #[serde(deserialize_with = "lenient")]
    pub phone: Option<String>,
    #[serde(deserialize_with = "lenient")]
    pub language: Option<String>,
    /// Some platforms send it as a number.
    #[serde(deserialize_with = "text_or_number")]
    pub tg_user_id: Option<String>,
    #[serde(deserialize_with = "lenient")]
    pub country: Option<String>,
    #[serde(deserialize_with = "lenient")]
    pub locale: Option<String>,
    #[serde(deserialize_with = "lenient")]
    pub freshchat_restore_id: Option<String>,
    #[serde(deserialize_with = "lenient")]
    pub is_newly_registered: Option<bool>,
    /// The chosen avatar's picture (`avatar/set-avatar`).
    #[serde(deserialize_with = "lenient")]
    pub avatar: Option<String>,
    /// Known with the session itself, so `?modal=confirm` reopens after a reload (SPEC §2).
    #[serde(deserialize_with = "lenient")]
    pub email_confirmed: Option<bool>,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LoginResponse {
    pub access_token: String,
    pub profile: Profile,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RefreshResponse {
    pub access_token: String,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct Account {
    pub id: i64,
    pub currency: String,
    pub balance: String,
    #[serde(default, deserialize_with = "lenient")]
    pub status: i64,
}

impl Account {
    /// SPEC §3: status 1 means active.
    pub fn is_active(&self) -> bool {
        self.status == 1
    }
}

#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(default)]
pub struct Rate {
    #[serde(deserialize_with = "lenient")]
    pub rate: String,
}

#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct SubCurrency {
    #[serde(deserialize_with = "lenient")]
    pub code: String,
    #[serde(deserialize_with = "lenient")]
    pub subunit_to_unit: u64,
}

#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Currency {
    #[serde(deserialize_with = "lenient")]
    pub code: String,
    #[serde(rename = "type", deserialize_with = "lenient")]
    pub kind: String,
    #[serde(deserialize_with = "lenient")]
    pub symbol: String,
    #[serde(deserialize_with = "lenient")]
    pub rate: Option<Rate>,
    #[serde(deserialize_with = "lenient")]
    pub subunit_to_unit: u64,
    /// Items that are not objects are left out.
    #[serde(deserialize_with = "lenient_items")]
    pub sub_currencies: Vec<SubCurrency>,
    #[serde(deserialize_with = "lenient")]
    pub is_enabled: Option<bool>,
    #[serde(deserialize_with = "lenient")]
    pub is_base: Option<bool>,
}

impl Currency {
    pub fn is_crypto(&self) -> bool {
        self.kind.eq_ignore_ascii_case("crypto")
    }
}

#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Locale {
    #[serde(deserialize_with = "lenient")]
    pub code: String,
    #[serde(deserialize_with = "lenient")]
    pub name: Option<String>,
    #[serde(deserialize_with = "lenient")]
    pub is_default: bool,
}

/// The one error shape of the API: `{code, message, errors?}`.
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ApiError {
    #[serde(deserialize_with = "lenient")]
    pub code: String,
    #[serde(deserialize_with = "lenient")]
    pub message: String,
    /// Messages by field; a field whose messages are not a list of strings has none.
    #[serde(deserialize_with = "lenient_lists")]
    pub errors: litemap::LiteMap<String, Vec<String>>,
    /// On a 429: seconds to wait, the body's copy of the `Retry-After` header (docs/API.md).
    #[serde(deserialize_with = "lenient")]
    pub retry_after: Option<f64>,
}

/// A paged list answer, `{data: [..], meta: M}`: the rows stay JSON for the feature's own
/// reader (unreadable rows are left out there), a missing or odd `meta` is its default.
#[derive(Deserialize)]
#[serde(bound(deserialize = "M: DeserializeOwned + Default"))]
pub struct Paged<M> {
    pub data: Vec<Json>,
    #[serde(default, deserialize_with = "lenient")]
    pub meta: M,
}

/// An object of lists of strings ([`lenient`] for each list).
fn lenient_lists<'de, D: Deserializer<'de>>(
    d: D,
) -> Result<litemap::LiteMap<String, Vec<String>>, D::Error> {
    let fields: litemap::LiteMap<String, Json> = lenient(d)?;
    Ok(fields
        .into_iter()
        .map(|(k, v)| (k, lenient_items(v).unwrap_or_default()))
        .collect())
}

/// A field as text whether it came as a string or a number (ids and amounts that some
/// platforms send as numbers), or empty.
pub fn loose<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    Ok(match Json::deserialize(d)? {
        Json::String(s) => s,
        Json::Number(n) => n.to_string(),
        _ => String::new(),
    })
}

/// [`loose`], `None` when empty.
pub fn loose_some<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    Ok(Some(loose(d)?).filter(|s| !s.is_empty()))
}

/// A text that may arrive as a whole number (`tgUserId`).
fn text_or_number<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    Ok(match Json::deserialize(d)? {
        Json::String(s) => Some(s),
        n => whole(&n).map(|i| i.to_string()),
    })
}

/// What the money rules need of a currency.
pub fn currency_info(c: &Currency) -> crate::domain::money::CurrencyInfo {
    crate::domain::money::CurrencyInfo {
        code: c.code.clone(),
        crypto: c.is_crypto(),
        symbol: c.symbol.clone(),
        subunit_to_unit: c.subunit_to_unit,
        sub_currencies: c
            .sub_currencies
            .iter()
            .map(|s| crate::domain::money::SubCurrency {
                code: s.code.clone(),
                subunit_to_unit: s.subunit_to_unit,
            })
            .collect(),
    }
}

/// A wire shape read from the dynamic value: only the fields the core uses; unknown fields are
/// ignored and optional ones default (a wrong type on an optional field counts as absent), so
/// a newer server never breaks us. The shapes here are derived ([`derived!`]).
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

/// The shapes above are read by their derives.
macro_rules! derived {
    ($($t:ty),*) => {
        $(impl Wire for $t {
            fn read(v: &Json) -> Result<Self, String> {
                Self::deserialize(v).map_err(|e| e.to_string())
            }
        })*
    };
}

derived!(
    Profile,
    LoginResponse,
    RefreshResponse,
    Account,
    Currency,
    Locale,
    ApiError
);

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

/// A country of `GET /api/settings/countries`: the code is needed; without a name it is
/// named by its code.
#[derive(Deserialize)]
struct Country {
    code: String,
    #[serde(default, deserialize_with = "lenient")]
    name: Option<String>,
}

/// `GET /api/settings/countries` -> `[{code, name}]`: the countries a player may choose, without
/// SPEC §5's excluded ones (the personal page, a sign-up's country field, the payment region).
/// Anything but a list is none.
pub fn countries(v: &Json) -> Vec<(String, String)> {
    let list: Vec<Country> = lenient_items(v).unwrap_or_default();
    list.into_iter()
        .filter_map(|c| {
            let code = c.code.to_ascii_uppercase();
            let name = c.name.unwrap_or_else(|| code.clone());
            (!crate::domain::geo::is_excluded(&code)).then_some((code, name))
        })
        .collect()
}
