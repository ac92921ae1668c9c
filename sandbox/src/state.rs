//! Shared server state handed to every handler.

use std::collections::BTreeMap;
use std::ops::Deref;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU16, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use rusqlite::Connection;

use crate::config::Config;
use crate::password::HashCost;
use crate::realtime::Hub;

/// Distinct app-file paths counted for the control API (a built app has a few dozen).
pub const MAX_FILE_KEYS: usize = 1024;
/// Longest app-file path counted.
pub const MAX_FILE_PATH: usize = 256;

#[derive(Clone)]
pub struct AppState(Arc<Inner>);

pub struct Inner {
    db: Mutex<Connection>,
    pub jwt_secret: Vec<u8>,
    token_ttl: AtomicU64,
    pub hash_cost: HashCost,
    pub control: bool,
    pub control_cors: bool,
    pub static_dir: Option<PathBuf>,
    /// Extra origins of the page's CSP, and the served page's inline script hashes.
    pub csp_origins: Vec<String>,
    pub app_config: serde_json::Map<String, serde_json::Value>,
    pub page_hashes: crate::security::PageHashes,
    pub ws_ping_secs: u64,
    pub ws_max_subscriptions: usize,
    /// Absolute session lifetime, seconds.
    pub session_lifetime: u64,
    /// The outbox page is served (not in production mode).
    pub outbox: bool,
    /// Host names served besides the loopback ones; the port is known after binding.
    extra_hosts: Vec<String>,
    port: AtomicU16,
    pub limits: crate::limits::Limits,
    pub limiter: crate::limits::Limiter,
    /// Caps password hashes running at once (each costs ~19 MiB and ~35 ms of a core).
    pub hash_gate: tokio::sync::Semaphore,
    /// Hashes waiting for the gate; past `limits.hash_queue` callers are turned away.
    pub hash_waiting: AtomicUsize,
    /// Hashes computed or verified since start (tests: an unknown e-mail costs one too).
    pub hash_runs: AtomicU64,
    /// Verified against when the e-mail is unknown, so a login takes as long either way.
    pub dummy_hash: String,
    pub hub: Hub,
    /// "METHOD /path/{template}" -> count, for the control API.
    calls: Mutex<BTreeMap<String, u64>>,
    /// "/assets/index-HASH.js" -> requests that reached the server for that app file, so the
    /// e2e tests can tell a cached asset from a downloaded one.
    files: Mutex<BTreeMap<String, u64>>,
    /// Control API: while true, refresh answers wait (the e2e test of cross-tab contention).
    pub refresh_hold: tokio::sync::watch::Sender<bool>,
    /// Telegram mini-app init data: the bot token it is signed with and its maximum age.
    pub tg_bot_token: String,
    pub tg_max_age: u64,
    /// Control API: the build id `builds/latest.json` reports instead of the file's.
    pub build_id: Mutex<Option<String>>,
    /// Control API: games whose real bets the operator refuses (`game.bet.restricted`).
    pub restricted_games: Mutex<std::collections::BTreeSet<String>>,
    /// Control API: profile fields the registration scenario requires besides the usual four
    /// (`routes::profile::REGISTRATION_OFFERED`); empty = the default sign-up.
    pub registration_requires: Mutex<Vec<String>>,
    /// Uploaded documents, a folder per player: `documents/` beside the DB file, or a fresh
    /// temporary folder for an in-memory DB (tests).
    pub documents_dir: PathBuf,
    /// The documents folder is a throwaway one (in-memory DB): removed when the state goes.
    documents_temp: bool,
}

impl Drop for Inner {
    fn drop(&mut self) {
        self.remove_temp_documents();
    }
}

impl Deref for AppState {
    type Target = Inner;
    fn deref(&self) -> &Inner {
        &self.0
    }
}

impl AppState {
    /// Opens the DB, applies schema and seeds. Errors are messages for the operator.
    pub fn new(config: &Config) -> Result<AppState, String> {
        let conn = crate::db::open(&config.db)?;
        let legacy_secret = crate::seed::run(&conn, config.hash_cost)?;
        let jwt_secret = if config.db == ":memory:" {
            crate::secrets::random_secret()
        } else {
            let path = crate::secrets::secret_path(std::path::Path::new(&config.db));
            crate::secrets::load_or_create_secret(&path, || legacy_secret)?
        };
        let pruned =
            crate::db::sessions::prune(&conn, crate::db::now(), config.session_lifetime as i64)
                .map_err(|e| format!("pruning sessions: {e}"))?;
        if pruned > 0 {
            println!("sandbox: pruned {pruned} ended sessions");
        }
        let dummy_hash =
            crate::password::hash("not anyone's password, only timing", config.hash_cost)?;
        Ok(AppState(Arc::new(Inner {
            db: Mutex::new(conn),
            jwt_secret,
            token_ttl: AtomicU64::new(config.token_ttl),
            hash_cost: config.hash_cost,
            control: config.control,
            control_cors: config.control_cors,
            static_dir: config.static_dir.clone(),
            csp_origins: config.csp_origins.clone(),
            app_config: config.app_config.clone(),
            page_hashes: Default::default(),
            ws_ping_secs: config.ws_ping_secs,
            ws_max_subscriptions: config.ws_max_subscriptions,
            session_lifetime: config.session_lifetime,
            outbox: config.outbox && !config.production,
            extra_hosts: config.hosts.clone(),
            port: AtomicU16::new(config.port),
            limits: config.limits.clone(),
            limiter: crate::limits::Limiter::default(),
            hash_gate: tokio::sync::Semaphore::new(config.limits.hash_concurrency.max(1)),
            hash_waiting: AtomicUsize::new(0),
            hash_runs: AtomicU64::new(0),
            dummy_hash,
            hub: Hub::default(),
            calls: Mutex::new(BTreeMap::new()),
            files: Mutex::new(BTreeMap::new()),
            refresh_hold: tokio::sync::watch::Sender::new(false),
            build_id: Mutex::new(None),
            restricted_games: Mutex::new(Default::default()),
            registration_requires: Mutex::new(Vec::new()),
            tg_bot_token: config.tg_bot_token.clone(),
            tg_max_age: config.tg_max_age,
            documents_dir: documents_dir(&config.db),
            documents_temp: config.db == ":memory:",
        })))
    }
}

/// Where uploaded documents are kept for the DB at `db`.
fn documents_dir(db: &str) -> PathBuf {
    if db == ":memory:" {
        std::env::temp_dir().join(["croupier-documents-", &crate::secrets::random_token()].concat())
    } else {
        std::path::Path::new(db)
            .parent()
            .unwrap_or(std::path::Path::new("."))
            .join("documents")
    }
}

impl Inner {
    /// The connection. A panic elsewhere while holding the lock must not brick the server,
    /// so a poisoned lock is taken over (SQLite itself stays consistent via transactions).
    pub fn db(&self) -> MutexGuard<'_, Connection> {
        self.db.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The port actually bound (port 0 picks one), for the Host check.
    pub fn set_port(&self, port: u16) {
        self.port.store(port, Ordering::Relaxed);
    }

    /// Host header check (DNS rebinding): 127.0.0.1 and localhost with our port, and the
    /// configured names with or without it. Case-insensitive.
    pub fn host_allowed(&self, host: &str) -> bool {
        let host = host.trim().to_ascii_lowercase();
        let port = self.port.load(Ordering::Relaxed);
        let with_port = |name: &str| host == format!("{name}:{port}");
        ["127.0.0.1", "localhost"].iter().any(|n| with_port(n))
            || self.extra_hosts.iter().any(|n| host == *n || with_port(n))
    }

    pub fn token_ttl(&self) -> u64 {
        self.token_ttl.load(Ordering::Relaxed)
    }

    pub fn set_token_ttl(&self, secs: u64) {
        self.token_ttl.store(secs.max(1), Ordering::Relaxed);
    }

    pub fn count_call(&self, key: String) {
        let mut calls = self.calls.lock().unwrap_or_else(|p| p.into_inner());
        *calls.entry(key).or_insert(0) += 1;
    }

    pub fn calls(&self) -> BTreeMap<String, u64> {
        self.calls.lock().unwrap_or_else(|p| p.into_inner()).clone()
    }

    pub fn reset_calls(&self) {
        self.calls.lock().unwrap_or_else(|p| p.into_inner()).clear();
    }

    /// Counts a request for an app file. The table is bounded (any page can make up paths,
    /// issue 32): past [`MAX_FILE_KEYS`] paths, or for a path longer than [`MAX_FILE_PATH`],
    /// only paths already counted go on counting.
    pub fn count_file(&self, path: String) {
        let mut files = self.files.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(n) = files.get_mut(&path) {
            *n += 1;
        } else if files.len() < MAX_FILE_KEYS && path.len() <= MAX_FILE_PATH {
            files.insert(path, 1);
        }
    }

    pub fn files(&self) -> BTreeMap<String, u64> {
        self.files.lock().unwrap_or_else(|p| p.into_inner()).clone()
    }

    /// Waits while the control API holds refresh answers.
    pub async fn refresh_released(&self) {
        let mut rx = self.refresh_hold.subscribe();
        let _ = rx.wait_for(|held| !*held).await;
    }

    pub fn build_id(&self) -> Option<String> {
        self.build_id
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    /// Removes the documents folder if this sandbox made a throwaway one (in-memory DB).
    pub fn remove_temp_documents(&self) {
        if self.documents_temp {
            let _ = std::fs::remove_dir_all(&self.documents_dir);
        }
    }

    /// Where uploaded documents are kept (tests check the files' modes).
    pub fn documents_dir(&self) -> &std::path::Path {
        &self.documents_dir
    }

    pub fn reset_files(&self) {
        self.files.lock().unwrap_or_else(|p| p.into_inner()).clear();
    }
}
