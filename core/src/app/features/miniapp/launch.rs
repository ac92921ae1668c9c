//! The messenger mini-app's launch data (SPEC §3 "Messenger mini-app state": initData,
//! initDataRaw, platform, botUrl). The app reads it from the messenger's WebApp object and
//! the launch address and hands it to the core in its config; the core never parses the raw
//! init data (the server verifies it), it only forwards it.

use crate::json::Json;
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize};

/// The messenger's user, as the WebApp object describes it (`initDataUnsafe.user`): what the
/// sync call sends (SPEC §3 sync payload). The id is needed; blank or odd texts are none.
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct TgUser {
    #[serde(deserialize_with = "crate::json::whole_id")]
    pub id: i64,
    #[serde(default, deserialize_with = "nonblank")]
    pub username: Option<String>,
    #[serde(default, deserialize_with = "nonblank")]
    pub language_code: Option<String>,
    #[serde(default, deserialize_with = "nonblank")]
    pub photo_url: Option<String>,
    /// First and last name joined.
    #[serde(default, deserialize_with = "nonblank")]
    pub name: Option<String>,
}

/// The launch data as the host's config carries it (`initDataRaw`, `botUrl`, `stag`,
/// `startParam`, `user`): without init data it is refused (not in the mini-app); other blank
/// or odd texts are none, and a user without a whole id is none.
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct Launch {
    /// `Telegram.WebApp.initData`, exactly as received (the signed query string).
    #[serde(deserialize_with = "need_nonblank")]
    pub init_data_raw: String,
    /// The bot's address (`botURL` of the launch address): SPEC §7 `source` in the mini-app.
    #[serde(default, deserialize_with = "nonblank_or_empty")]
    pub bot_url: String,
    /// The affiliate tag (`stag` of the launch address), SPEC §7 tg_login `affiliate_tag`.
    #[serde(default, deserialize_with = "nonblank")]
    pub stag: Option<String>,
    /// `start_param` of the launch (`t.me/bot/app?startapp=…`): the referrer, tg_login `ref_id`.
    #[serde(default, deserialize_with = "nonblank")]
    pub start_param: Option<String>,
    #[serde(default, deserialize_with = "crate::json::lenient")]
    pub user: Option<TgUser>,
}

/// A text that is not blank, else none (also when of another type).
fn nonblank<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    let s: Option<String> = crate::json::lenient(d)?;
    Ok(s.filter(|s| !s.trim().is_empty()))
}

fn nonblank_or_empty<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    Ok(nonblank(d)?.unwrap_or_default())
}

fn need_nonblank<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    nonblank(d)?.ok_or_else(|| D::Error::custom("`initDataRaw`: expected a text"))
}

impl Launch {
    /// From the host's config; `None` without init data (not in the mini-app).
    pub fn read(v: &Json) -> Option<Launch> {
        Launch::deserialize(v).ok()
    }

    /// The tg_login body (SPEC §7): the raw init data, affiliate tag, referrer, fingerprint,
    /// and source/platform like the other sign-ins.
    pub fn login_body<'a>(&'a self, source: &'a str) -> LoginBody<'a> {
        LoginBody {
            tg_payload: &self.init_data_raw,
            affiliate_tag: self.stag.as_deref(),
            ref_id: self.start_param.as_deref(),
            source,
            platform: "tg",
        }
    }
}

impl TgUser {
    /// `PUT /api/tg-bot/users` (SPEC §3 sync payload).
    pub fn sync_body(&self) -> SyncBody<'_> {
        SyncBody {
            user_id: self.id,
            username: self.username.as_deref(),
            language_code: self.language_code.as_deref(),
            photo_url: self.photo_url.as_deref(),
            name: self.name.as_deref(),
        }
    }
}

/// `POST /api/auth/tg_login` (SPEC §7): snake_case on the wire; absent values are `null`.
#[derive(Debug, PartialEq, Serialize)]
pub struct LoginBody<'a> {
    pub tg_payload: &'a str,
    pub affiliate_tag: Option<&'a str>,
    pub ref_id: Option<&'a str>,
    pub source: &'a str,
    pub platform: &'a str,
}

/// `PUT /api/tg-bot/users`: the messenger user's profile; absent values are `null`.
#[derive(Debug, PartialEq, Serialize)]
pub struct SyncBody<'a> {
    pub user_id: i64,
    pub username: Option<&'a str>,
    pub language_code: Option<&'a str>,
    pub photo_url: Option<&'a str>,
    pub name: Option<&'a str>,
}

/// Linking the messenger user to a web session restored inside the mini-app.
#[derive(Serialize)]
pub struct ConnectBody<'a> {
    pub payload: &'a str,
}
