//! The messenger mini-app's launch data (SPEC §3 "Messenger mini-app state": initData,
//! initDataRaw, platform, botUrl). The app reads it from the messenger's WebApp object and
//! the launch address and hands it to the core in its config; the core never parses the raw
//! init data (the server verifies it), it only forwards it.

use crate::app::wire::{int, text};
use crate::json::Json;
use serde::Serialize;

/// The messenger's user, as the WebApp object describes it (`initDataUnsafe.user`): what the
/// sync call sends (SPEC §3 sync payload).
#[derive(Clone, Debug, Default, PartialEq)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[cfg_attr(target_arch = "wasm32", serde(rename_all = "camelCase"))]
pub struct TgUser {
    pub id: i64,
    pub username: Option<String>,
    pub language_code: Option<String>,
    pub photo_url: Option<String>,
    /// First and last name joined.
    pub name: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[cfg_attr(target_arch = "wasm32", serde(rename_all = "camelCase"))]
pub struct Launch {
    /// `Telegram.WebApp.initData`, exactly as received (the signed query string).
    pub init_data_raw: String,
    /// The bot's address (`botURL` of the launch address): SPEC §7 `source` in the mini-app.
    pub bot_url: String,
    /// The affiliate tag (`stag` of the launch address), SPEC §7 tg_login `affiliate_tag`.
    pub stag: Option<String>,
    /// `start_param` of the launch (`t.me/bot/app?startapp=…`): the referrer, tg_login `ref_id`.
    pub start_param: Option<String>,
    pub user: Option<TgUser>,
}

impl Launch {
    /// From the host's config; `None` without init data (not in the mini-app).
    pub fn read(v: &Json) -> Option<Launch> {
        let raw = text(v, "initDataRaw").filter(|s| !s.trim().is_empty())?;
        let nonempty = |name: &str| text(v, name).filter(|s| !s.trim().is_empty());
        Some(Launch {
            init_data_raw: raw,
            bot_url: nonempty("botUrl").unwrap_or_default(),
            stag: nonempty("stag"),
            start_param: nonempty("startParam"),
            user: v.get("user").and_then(TgUser::read),
        })
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
    fn read(v: &Json) -> Option<TgUser> {
        let nonempty = |name: &str| text(v, name).filter(|s| !s.trim().is_empty());
        Some(TgUser {
            id: int(v, "id")?,
            username: nonempty("username"),
            language_code: nonempty("languageCode"),
            photo_url: nonempty("photoUrl"),
            name: nonempty("name"),
        })
    }

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
