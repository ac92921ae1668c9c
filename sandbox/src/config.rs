//! Command-line and environment configuration.

use std::path::PathBuf;

use crate::password::HashCost;

/// Everything the server needs to start. Build it with [`Config::from_env_and_args`] in the
/// binary, or [`Config::for_tests`] in integration tests.
#[derive(Clone, Debug)]
pub struct Config {
    /// TCP port on 127.0.0.1; 0 picks a free one.
    pub port: u16,
    /// SQLite file path, or `:memory:`.
    pub db: String,
    /// Directory with the built app (SPA); `None` serves no static files.
    pub static_dir: Option<PathBuf>,
    /// Lifetime of access tokens in seconds.
    pub token_ttl: u64,
    /// Mount the test-control API under /api/_control.
    pub control: bool,
    /// Let loopback pages on other ports call the control API too (CORS): the core's browser
    /// tests only. Without it the control API, like the outbox, has no CORS at all.
    pub control_cors: bool,
    /// Argon2 cost; tests use the cheap one so debug builds stay fast.
    pub hash_cost: HashCost,
    /// Seconds between the websocket server's `{}` pings (Centrifuge default 25).
    pub ws_ping_secs: u64,
    /// Extra Host names served besides 127.0.0.1 and localhost (each with the port).
    pub hosts: Vec<String>,
    /// Production mode: no local outbox page (reset links and codes are not shown anywhere),
    /// and a real messenger bot token is required.
    pub production: bool,
    /// Serve the local outbox (`/_outbox`): every player's reset links and codes, for a
    /// developer signing in locally. Off unless asked for (`scripts/run.sh` asks).
    pub outbox: bool,
    /// Absolute session lifetime in seconds: no refresh after this, however often it slid.
    pub session_lifetime: u64,
    /// Brute-force limits (attempts per window, per account and per client).
    pub limits: crate::limits::Limits,
    /// Channels one websocket may subscribe to (106 "limit exceeded" beyond).
    pub ws_max_subscriptions: usize,
    /// The messenger bot's token: the key Telegram mini-app init data is verified with.
    pub tg_bot_token: String,
    /// Oldest accepted init data `auth_date`, seconds; 0 = no expiry check.
    pub tg_max_age: u64,
    /// Origins the app's page may load scripts, frames and images from and connect to,
    /// besides its own (the platform API, the sportsbook provider, third-party services).
    pub csp_origins: Vec<String>,
    /// Keys laid over the built app's `config.json` when it is served (the operator's
    /// runtime configuration, README "Deployment").
    pub app_config: serde_json::Map<String, serde_json::Value>,
}

pub const USAGE: &str = "\
croupier-sandbox: local platform server for the Croupier client

Options (each also settable by the environment variable in brackets):
  --port N            TCP port on 127.0.0.1, 0 = any free one [SANDBOX_PORT] (default 8080)
  --db PATH           SQLite file, or :memory: [SANDBOX_DB] (default data/sandbox.db)
  --static DIR        built app to serve, SPA fallback to index.html [SANDBOX_STATIC]
                      (default app/dist when it exists)
  --token-ttl SECS    access token lifetime [SANDBOX_TOKEN_TTL] (default 3600)
  --control           mount the test-control API /api/_control/* [SANDBOX_CONTROL=1]
  --control-cors      let pages on other local ports call the control API (the core's
                      browser tests) [SANDBOX_CONTROL_CORS=1]
  --outbox            serve the local outbox /_outbox: every player's reset e-mails and SMS
                      codes, for signing in locally [SANDBOX_OUTBOX=1] (off by default;
                      never in --production)
  --ws-ping SECS      websocket ping interval [SANDBOX_WS_PING] (default 25)
  --fast-hash         cheap argon2 parameters, for tests only [SANDBOX_FAST_HASH=1]
  --test-limits       lift the brute-force limits per client address (a test suite signs
                      up hundreds of players from 127.0.0.1); per account and per player
                      they stay [SANDBOX_TEST_LIMITS=1] (refused with --production)
  --host NAME         also serve this Host name (repeatable; 127.0.0.1 and localhost always)
                      [SANDBOX_HOSTS, comma-separated]
  --session-lifetime SECS  absolute session lifetime [SANDBOX_SESSION_LIFETIME]
                      (default 2592000 = 30 days)
  --tg-bot-token T    Telegram bot token that mini-app init data is signed with
                      [SANDBOX_TG_BOT_TOKEN] (default: the public test token
                      7000000001:CroupierSandboxTestBot-not-a-real-token, development only;
                      required with --production)
  --tg-max-age SECS   oldest accepted init data auth_date, 0 = no check
                      [SANDBOX_TG_MAX_AGE] (default 86400 = 1 day)
  --production        no local outbox page for reset e-mails and codes, and a real
                      --tg-bot-token required [SANDBOX_PRODUCTION=1]
  --csp-origin ORIGIN allow this origin in the page's Content-Security-Policy (repeatable:
                      platform API, sportsbook, third-party services) [SANDBOX_CSP_ORIGINS,
                      comma-separated]
  (env only)          SANDBOX_APP_CONFIG='{\"apiBase\": \"...\"}': keys laid over the app's
                      config.json when it is served
  -h, --help          show this help
";

/// 30 days, the refresh window players had before it became absolute.
pub const DEFAULT_SESSION_LIFETIME: u64 = 30 * 24 * 3600;

impl Default for Config {
    fn default() -> Self {
        Config {
            port: 8080,
            db: "data/sandbox.db".into(),
            static_dir: None,
            token_ttl: 3600,
            control: false,
            control_cors: false,
            hash_cost: HashCost::Default,
            ws_ping_secs: 25,
            hosts: Vec::new(),
            production: false,
            outbox: false,
            session_lifetime: DEFAULT_SESSION_LIFETIME,
            limits: crate::limits::Limits::default(),
            ws_max_subscriptions: 32,
            tg_bot_token: crate::telegram::TEST_BOT_TOKEN.into(),
            tg_max_age: crate::telegram::DEFAULT_MAX_AGE,
            csp_origins: Vec::new(),
            app_config: Default::default(),
        }
    }
}

impl Config {
    /// In-memory DB, free port, control API on, cheap hashing, the test suites' limits.
    pub fn for_tests() -> Self {
        Config {
            port: 0,
            db: ":memory:".into(),
            static_dir: None,
            token_ttl: 3600,
            control: true,
            control_cors: false,
            hash_cost: HashCost::Fast,
            ws_ping_secs: 25,
            hosts: Vec::new(),
            production: false,
            outbox: true,
            session_lifetime: DEFAULT_SESSION_LIFETIME,
            limits: crate::limits::Limits::for_test_suites(),
            ws_max_subscriptions: 32,
            tg_bot_token: crate::telegram::TEST_BOT_TOKEN.into(),
            tg_max_age: crate::telegram::DEFAULT_MAX_AGE,
            csp_origins: Vec::new(),
            app_config: Default::default(),
        }
    }

    /// Environment first, then command-line flags on top. `Err` carries a message for the
    /// user (or the usage text for `--help`).
    pub fn from_env_and_args(
        env: impl Fn(&str) -> Option<String>,
        args: impl IntoIterator<Item = String>,
    ) -> Result<Config, String> {
        let mut cfg = Config::default();
        let mut tg_token_given = false;
        let mut static_dir: Option<String> = env("SANDBOX_STATIC");
        if let Some(v) = env("SANDBOX_PORT") {
            cfg.port = parse_num(&v, "SANDBOX_PORT")?;
        }
        if let Some(v) = env("SANDBOX_DB") {
            cfg.db = v;
        }
        if let Some(v) = env("SANDBOX_TOKEN_TTL") {
            cfg.token_ttl = parse_num(&v, "SANDBOX_TOKEN_TTL")?;
        }
        if let Some(v) = env("SANDBOX_WS_PING") {
            cfg.ws_ping_secs = parse_num(&v, "SANDBOX_WS_PING")?;
        }
        if let Some(v) = env("SANDBOX_SESSION_LIFETIME") {
            cfg.session_lifetime = parse_num(&v, "SANDBOX_SESSION_LIFETIME")?;
        }
        if let Some(v) = env("SANDBOX_HOSTS") {
            cfg.hosts.extend(
                v.split(',')
                    .map(str::trim)
                    .filter(|h| !h.is_empty())
                    .map(str::to_ascii_lowercase),
            );
        }
        if let Some(v) = env("SANDBOX_TG_BOT_TOKEN") {
            cfg.tg_bot_token = v;
            tg_token_given = true;
        }
        if let Some(v) = env("SANDBOX_TG_MAX_AGE") {
            cfg.tg_max_age = parse_num(&v, "SANDBOX_TG_MAX_AGE")?;
        }
        if let Some(v) = env("SANDBOX_CSP_ORIGINS") {
            for o in v.split(',').map(str::trim).filter(|o| !o.is_empty()) {
                cfg.csp_origins.push(csp_origin(o)?);
            }
        }
        if let Some(v) = env("SANDBOX_APP_CONFIG") {
            match serde_json::from_str(&v) {
                Ok(serde_json::Value::Object(map)) => cfg.app_config = map,
                _ => return Err("SANDBOX_APP_CONFIG must be a JSON object".into()),
            }
        }
        cfg.production = env("SANDBOX_PRODUCTION").is_some_and(|v| is_yes(&v));
        cfg.control = env("SANDBOX_CONTROL").is_some_and(|v| is_yes(&v));
        cfg.outbox = env("SANDBOX_OUTBOX").is_some_and(|v| is_yes(&v));
        cfg.control_cors = env("SANDBOX_CONTROL_CORS").is_some_and(|v| is_yes(&v));
        if env("SANDBOX_FAST_HASH").is_some_and(|v| is_yes(&v)) {
            cfg.hash_cost = HashCost::Fast;
        }
        let mut test_limits = env("SANDBOX_TEST_LIMITS").is_some_and(|v| is_yes(&v));

        let mut args = args.into_iter();
        while let Some(arg) = args.next() {
            // Accept both `--flag value` and `--flag=value`.
            let (flag, inline) = match arg.split_once('=') {
                Some((f, v)) if f.starts_with("--") => (f.to_string(), Some(v.to_string())),
                _ => (arg.clone(), None),
            };
            let mut value = |name: &str| -> Result<String, String> {
                inline
                    .clone()
                    .or_else(|| args.next())
                    .ok_or_else(|| format!("{name} needs a value\n\n{USAGE}"))
            };
            match flag.as_str() {
                "--port" => cfg.port = parse_num(&value("--port")?, "--port")?,
                "--db" => cfg.db = value("--db")?,
                "--static" => static_dir = Some(value("--static")?),
                "--token-ttl" => cfg.token_ttl = parse_num(&value("--token-ttl")?, "--token-ttl")?,
                "--ws-ping" => cfg.ws_ping_secs = parse_num(&value("--ws-ping")?, "--ws-ping")?,
                "--control" => cfg.control = true,
                "--outbox" => cfg.outbox = true,
                "--control-cors" => cfg.control_cors = true,
                "--production" => cfg.production = true,
                "--host" => cfg.hosts.push(value("--host")?.trim().to_ascii_lowercase()),
                "--session-lifetime" => {
                    cfg.session_lifetime =
                        parse_num(&value("--session-lifetime")?, "--session-lifetime")?
                }
                "--tg-bot-token" => {
                    cfg.tg_bot_token = value("--tg-bot-token")?;
                    tg_token_given = true;
                }
                "--tg-max-age" => {
                    cfg.tg_max_age = parse_num(&value("--tg-max-age")?, "--tg-max-age")?
                }
                "--fast-hash" => cfg.hash_cost = HashCost::Fast,
                "--test-limits" => test_limits = true,
                "--csp-origin" => cfg.csp_origins.push(csp_origin(&value("--csp-origin")?)?),
                "-h" | "--help" => return Err(USAGE.to_string()),
                other => return Err(format!("unknown argument {other}\n\n{USAGE}")),
            }
        }

        cfg.static_dir = match static_dir {
            Some(dir) if dir.is_empty() => None,
            Some(dir) => Some(PathBuf::from(dir)),
            None => default_static_dir(),
        };
        if cfg.token_ttl == 0 {
            return Err("--token-ttl must be at least 1 second".into());
        }
        if cfg.session_lifetime == 0 {
            return Err("--session-lifetime must be at least 1 second".into());
        }
        if cfg.tg_bot_token.trim().is_empty() {
            return Err("--tg-bot-token must not be empty".into());
        }
        if cfg.ws_ping_secs == 0 {
            return Err("--ws-ping must be at least 1 second".into());
        }
        // The published test token would let anyone sign mini-app data (issue 32).
        if cfg.tg_bot_token == crate::telegram::TEST_BOT_TOKEN {
            if cfg.production {
                return Err(
                    "--production needs --tg-bot-token (the messenger bot's real token)".into(),
                );
            }
            if !tg_token_given {
                eprintln!(
                    "sandbox: warning: no --tg-bot-token; Telegram sign-in trusts the public \
                     test token (development only)"
                );
            }
        }
        if test_limits {
            if cfg.production {
                return Err("--test-limits is for test suites, never with --production".into());
            }
            cfg.limits = crate::limits::Limits::for_test_suites();
        }
        if cfg.production && cfg.outbox {
            eprintln!("sandbox: --outbox is ignored with --production");
            cfg.outbox = false;
        }
        Ok(cfg)
    }
}

/// `app/dist` relative to the working directory, else relative to the workspace root (so
/// `cargo run -p croupier-sandbox` works from anywhere inside the repo).
fn default_static_dir() -> Option<PathBuf> {
    let cwd = PathBuf::from("app/dist");
    if cwd.join("index.html").is_file() {
        return Some(cwd);
    }
    let ws = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../app/dist");
    ws.join("index.html").is_file().then_some(ws)
}

/// An origin for the CSP: `https://host[:port]` or `wss://…`, nothing that could end the
/// directive or add a keyword.
fn csp_origin(v: &str) -> Result<String, String> {
    let ok = ["https://", "http://", "wss://", "ws://"]
        .iter()
        .any(|s| v.starts_with(s))
        && v.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b".-:/*_".contains(&b));
    if ok {
        Ok(v.trim_end_matches('/').to_string())
    } else {
        Err(format!(
            "--csp-origin: not an origin (https://host[:port]): {v}"
        ))
    }
}

fn parse_num<T: std::str::FromStr>(v: &str, name: &str) -> Result<T, String> {
    v.trim()
        .parse()
        .map_err(|_| format!("{name}: not a valid number: {v}"))
}

fn is_yes(v: &str) -> bool {
    matches!(
        v.trim().to_ascii_lowercase().as_str(),
        "1" | "true" | "yes" | "on"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Config, String> {
        Config::from_env_and_args(|_| None, args.iter().map(|s| s.to_string()))
    }

    #[test]
    fn flags_override_defaults() {
        let c = parse(&[
            "--port",
            "0",
            "--db=:memory:",
            "--token-ttl",
            "5",
            "--control",
        ])
        .unwrap();
        assert_eq!(c.port, 0);
        assert_eq!(c.db, ":memory:");
        assert_eq!(c.token_ttl, 5);
        assert!(c.control);
    }

    #[test]
    fn bad_values_are_reported() {
        assert!(parse(&["--port", "x"]).is_err());
        assert!(parse(&["--port"]).is_err());
        assert!(parse(&["--bogus"]).is_err());
        assert!(parse(&["--token-ttl", "0"]).is_err());
    }

    #[test]
    fn telegram_settings() {
        let c = parse(&[]).unwrap();
        assert_eq!(c.tg_bot_token, crate::telegram::TEST_BOT_TOKEN);
        assert_eq!(c.tg_max_age, 86_400);
        let c = parse(&["--tg-bot-token", "1:X", "--tg-max-age=0"]).unwrap();
        assert_eq!((c.tg_bot_token.as_str(), c.tg_max_age), ("1:X", 0));
        let c = Config::from_env_and_args(
            |k| (k == "SANDBOX_TG_MAX_AGE").then(|| "60".into()),
            Vec::new(),
        )
        .unwrap();
        assert_eq!(c.tg_max_age, 60);
        assert!(parse(&["--tg-bot-token", " "]).is_err());
        assert!(parse(&["--tg-max-age", "-1"]).is_err());
    }

    #[test]
    fn test_limits_lift_the_per_client_limits_only() {
        let prod = parse(&[]).unwrap().limits;
        assert_eq!(prod.register_per_client, 20);
        let c = parse(&["--test-limits"]).unwrap().limits;
        assert!(c.register_per_client >= 10_000 && c.login_per_client >= 10_000);
        assert!(c.message_per_client >= 10_000 && c.reset_per_client >= 10_000);
        // What one test exercises stays as in production.
        assert_eq!(c.login_per_account, prod.login_per_account);
        assert_eq!(c.code_per_player, prod.code_per_player);
        assert_eq!(c.lookup_per_address, prod.lookup_per_address);
        let env = Config::from_env_and_args(
            |k| (k == "SANDBOX_TEST_LIMITS").then(|| "1".into()),
            Vec::new(),
        )
        .unwrap();
        assert_eq!(env.limits.register_per_client, c.register_per_client);
        assert!(parse(&["--test-limits", "--production", "--tg-bot-token", "1:REAL"]).is_err());
    }

    #[test]
    fn production_needs_a_real_bot_token_and_has_no_outbox() {
        let err = parse(&["--production"]).unwrap_err();
        assert!(err.contains("--tg-bot-token"), "{err}");
        let test_token = crate::telegram::TEST_BOT_TOKEN;
        assert!(parse(&["--production", "--tg-bot-token", test_token]).is_err());
        let c = parse(&["--production", "--tg-bot-token", "1:REAL", "--outbox"]).unwrap();
        assert!(c.production && !c.outbox);
        // Development keeps working with the test token (a warning on stderr).
        assert_eq!(parse(&[]).unwrap().tg_bot_token, test_token);
    }

    #[test]
    fn outbox_is_off_unless_asked_for() {
        assert!(!parse(&[]).unwrap().outbox);
        assert!(parse(&["--outbox"]).unwrap().outbox);
        let c =
            Config::from_env_and_args(|k| (k == "SANDBOX_OUTBOX").then(|| "1".into()), Vec::new())
                .unwrap();
        assert!(c.outbox);
    }

    #[test]
    fn env_is_read() {
        let c = Config::from_env_and_args(
            |k| match k {
                "SANDBOX_PORT" => Some("9000".into()),
                "SANDBOX_CONTROL" => Some("1".into()),
                _ => None,
            },
            Vec::new(),
        )
        .unwrap();
        assert_eq!(c.port, 9000);
        assert!(c.control);
    }
}
