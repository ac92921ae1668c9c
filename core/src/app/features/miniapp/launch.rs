//! The messenger mini-app's launch data (SPEC §3 "Messenger mini-app state": initData,
//! initDataRaw, platform, botUrl). The app reads it from the messenger's WebApp object and
//! the launch address and hands it to the core in its config; the core never parses the raw
//! init data (the server verifies it), it only forwards it.

use crate::app::wire::{int, text};
use crate::json::{Body, Json};

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
    pub fn login_body(&self, source: &str) -> Json {
        Body::new()
            .str("tg_payload", &self.init_data_raw)
            .opt("affiliate_tag", self.stag.as_deref())
            .opt("ref_id", self.start_param.as_deref())
            .str("source", source)
            .str("platform", "tg")
            .done()
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
    pub fn sync_body(&self) -> Json {
        Body::new()
            .int("user_id", self.id)
            .opt("username", self.username.as_deref())
            .opt("language_code", self.language_code.as_deref())
            .opt("photo_url", self.photo_url.as_deref())
            .opt("name", self.name.as_deref())
            .done()
    }
}
