//! Wire shapes of the platform API shared by features (SPEC §3, §7; open points fixed in
//! docs/API.md).
//! Unknown fields are ignored and optional ones default, so a newer server never breaks us.

use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase", default)]
pub struct Profile {
    pub id: i64,
    pub nickname: Option<String>,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub language: Option<String>,
    #[serde(deserialize_with = "string_or_number")]
    pub tg_user_id: Option<String>,
    pub country: Option<String>,
    pub locale: Option<String>,
    pub freshchat_restore_id: Option<String>,
    pub is_newly_registered: Option<bool>,
}

#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct LoginResponse {
    pub access_token: String,
    pub profile: Profile,
}

#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct RefreshResponse {
    pub access_token: String,
}

#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Account {
    pub id: i64,
    pub currency: String,
    pub balance: String,
    #[serde(default, deserialize_with = "null_as_zero")]
    pub status: i64,
}

impl Account {
    /// SPEC §3: status 1 means active.
    pub fn is_active(&self) -> bool {
        self.status == 1
    }
}

#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase", default)]
pub struct Rate {
    pub rate: String,
}

#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase", default)]
pub struct SubCurrency {
    pub code: String,
    pub subunit_to_unit: u64,
}

#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase", default)]
pub struct Currency {
    pub code: String,
    #[serde(rename = "type")]
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

#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase", default)]
pub struct Locale {
    pub code: String,
    pub name: Option<String>,
    pub is_default: bool,
}

/// The one error shape of the API: `{code, message, errors?}`.
#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(default)]
pub struct ApiError {
    pub code: String,
    pub message: String,
    #[serde(deserialize_with = "crate::json::map_only")]
    pub errors: litemap::LiteMap<String, Vec<String>>,
    /// On a 429: seconds to wait, the body's copy of the `Retry-After` header (docs/API.md).
    #[serde(rename = "retryAfter")]
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

fn string_or_number<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    Ok(match Option::<crate::json::Json>::deserialize(d)? {
        Some(crate::json::Json::String(s)) => Some(s),
        Some(crate::json::Json::Number(n)) => n.as_i64().map(|i| i.to_string()),
        _ => None,
    })
}

fn null_as_zero<'de, D: serde::Deserializer<'de>>(d: D) -> Result<i64, D::Error> {
    Ok(Option::<i64>::deserialize(d)?.unwrap_or(0))
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
