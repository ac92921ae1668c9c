//! Telegram Mini App init data, verified as Telegram documents it
//! (core.telegram.org/bots/webapps#validating-data-received-via-the-mini-app):
//! `secret = HMAC_SHA256(key = "WebAppData", msg = bot_token)`, then
//! `hash = hex(HMAC_SHA256(key = secret, msg = data_check_string))` where the data-check-string
//! is every received field but `hash`, URL-decoded, sorted by key and written `key=value`,
//! joined by `\n`. The comparison is constant time (`Mac::verify_slice`).

use hmac::{Hmac, Mac};
use sha2::Sha256;

type HmacSha256 = Hmac<Sha256>;

/// The bot token the sandbox uses unless `--tg-bot-token` / `SANDBOX_TG_BOT_TOKEN` says
/// otherwise. Public on purpose: the launch-environment emulator signs its init data with it.
/// Never a real bot's token.
pub const TEST_BOT_TOKEN: &str = "7000000001:CroupierSandboxTestBot-not-a-real-token";

/// One day, Telegram's and the common libraries' default freshness window.
pub const DEFAULT_MAX_AGE: u64 = 86_400;

/// Why init data was refused (all are a 401 for the caller).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InitError {
    /// Not a query string, or a key given twice.
    Malformed,
    MissingHash,
    MissingAuthDate,
    /// `auth_date` is not a whole number of seconds.
    BadAuthDate,
    /// Older than the configured maximum age (or from the future beyond a minute of skew).
    Expired,
    /// The hash does not match the data under this bot token.
    BadSignature,
    /// Signed but without a `user` object with a numeric id.
    NoUser,
}

impl InitError {
    pub fn message(&self) -> &'static str {
        match self {
            InitError::Malformed => "The init data is not a valid query string.",
            InitError::MissingHash => "The init data has no hash.",
            InitError::MissingAuthDate => "The init data has no auth_date.",
            InitError::BadAuthDate => "The init data's auth_date is not a number.",
            InitError::Expired => "The init data has expired.",
            InitError::BadSignature => "The init data's signature is invalid.",
            InitError::NoUser => "The init data carries no user.",
        }
    }
}

/// The `user` object of the init data (the fields the sandbox keeps).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TgUser {
    pub id: i64,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub username: Option<String>,
    pub language_code: Option<String>,
    pub photo_url: Option<String>,
}

/// Verified init data.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InitData {
    pub auth_date: i64,
    pub user: Option<TgUser>,
    pub start_param: Option<String>,
}

/// Checks signature and freshness. `max_age` 0 = no expiry check. `now` in Unix seconds.
pub fn verify(raw: &str, bot_token: &str, max_age: u64, now: i64) -> Result<InitData, InitError> {
    let raw = raw.strip_prefix('?').unwrap_or(raw);
    let mut pairs: Vec<(String, String)> = form_urlencoded::parse(raw.as_bytes())
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect();
    // A bare word (`test&foo=bar=baz`) has no '=' at all: not init data.
    if raw.is_empty() || raw.split('&').any(|p| !p.contains('=')) {
        return Err(InitError::Malformed);
    }
    pairs.sort_by(|a, b| a.0.cmp(&b.0));
    if pairs.windows(2).any(|w| w[0].0 == w[1].0) {
        return Err(InitError::Malformed);
    }
    let hash_at = pairs
        .iter()
        .position(|(k, v)| k == "hash" && !v.is_empty())
        .ok_or(InitError::MissingHash)?;
    let (_, hash) = pairs.remove(hash_at);
    let auth_date = pairs
        .iter()
        .find(|(k, v)| k == "auth_date" && !v.is_empty())
        .ok_or(InitError::MissingAuthDate)?
        .1
        .parse::<i64>()
        .map_err(|_| InitError::BadAuthDate)?;

    let expected = decode_hex(&hash).ok_or(InitError::BadSignature)?;
    let check_string = pairs
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join("\n");
    let mut mac =
        HmacSha256::new_from_slice(&secret_key(bot_token)).map_err(|_| InitError::BadSignature)?;
    mac.update(check_string.as_bytes());
    mac.verify_slice(&expected)
        .map_err(|_| InitError::BadSignature)?;

    // Checked after the signature, so an attacker learns nothing from the order.
    if max_age > 0 {
        let age = now.saturating_sub(auth_date);
        if age > max_age as i64 || age < -60 {
            return Err(InitError::Expired);
        }
    }
    let field = |name: &str| {
        pairs
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.clone())
    };
    Ok(InitData {
        auth_date,
        user: field("user").as_deref().and_then(read_user),
        start_param: field("start_param"),
    })
}

/// `HMAC_SHA256(key = "WebAppData", msg = bot_token)`.
fn secret_key(bot_token: &str) -> Vec<u8> {
    let mut mac = HmacSha256::new_from_slice(b"WebAppData").expect("HMAC takes any key length");
    mac.update(bot_token.as_bytes());
    mac.finalize().into_bytes().to_vec()
}

/// Signs `fields` (already decoded) as Telegram would: returns the raw init data with `hash`
/// appended. The emulator and the tests use it with the test bot token.
pub fn sign(fields: &[(&str, &str)], bot_token: &str) -> String {
    let mut sorted: Vec<(&str, &str)> = fields.to_vec();
    sorted.sort_by(|a, b| a.0.cmp(b.0));
    let check_string = sorted
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join("\n");
    let mut mac =
        HmacSha256::new_from_slice(&secret_key(bot_token)).expect("HMAC takes any key length");
    mac.update(check_string.as_bytes());
    let hash: String = mac
        .finalize()
        .into_bytes()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let mut out = form_urlencoded::Serializer::new(String::new());
    for (k, v) in fields {
        out.append_pair(k, v);
    }
    out.append_pair("hash", &hash);
    out.finish()
}

fn decode_hex(s: &str) -> Option<Vec<u8>> {
    if s.len() != 64 || !s.is_ascii() {
        return None;
    }
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(s.get(i..i + 2)?, 16).ok())
        .collect()
}

/// The `user` JSON; `id` may come as a number or (some clients) a numeric string.
fn read_user(json: &str) -> Option<TgUser> {
    let v: serde_json::Value = serde_json::from_str(json).ok()?;
    let id = match &v["id"] {
        serde_json::Value::Number(n) => n.as_i64()?,
        serde_json::Value::String(s) => s.trim().parse().ok()?,
        _ => return None,
    };
    let text = |name: &str| {
        v[name]
            .as_str()
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_string)
    };
    Some(TgUser {
        id,
        first_name: text("first_name"),
        last_name: text("last_name"),
        username: text("username"),
        language_code: text("language_code"),
        photo_url: text("photo_url"),
    })
}
