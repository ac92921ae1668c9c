//! Issue 18, secrets at rest and in the log: the real binary on a file database. The data
//! directory is 0700, the database and the signing-secret file 0600, the secret is not in the
//! database, reset codes never reach the log, and the outbox page shows the reset e-mail (to
//! loopback only, not in production mode).

use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use serde_json::{json, Value};

struct Running {
    child: Child,
    base: String,
    stdout: BufReader<std::process::ChildStdout>,
    seen: String,
}

fn start(db: &Path, extra: &[&str]) -> Running {
    let mut child = Command::new(env!("CARGO_BIN_EXE_croupier-sandbox"))
        .args(["--port", "0", "--fast-hash", "--control", "--static", ""])
        .arg("--db")
        .arg(db)
        .args(extra)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the sandbox binary starts");
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut seen = String::new();
    let base = loop {
        let mut line = String::new();
        assert!(stdout.read_line(&mut line).unwrap() > 0, "exited: {seen}");
        seen.push_str(&line);
        if let Some(url) = line.trim().strip_prefix("sandbox listening on ") {
            break url.to_string();
        }
    };
    Running {
        child,
        base,
        stdout,
        seen,
    }
}

impl Running {
    /// Stops the server and returns everything it printed (stdout and stderr).
    fn stop(mut self) -> String {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let mut rest = String::new();
        let _ = self.stdout.read_to_string(&mut rest);
        let mut err = String::new();
        if let Some(mut e) = self.child.stderr.take() {
            let _ = e.read_to_string(&mut err);
        }
        format!("{}{rest}{err}", self.seen)
    }
}

// A failed assertion must not leave a server running (a test's panic skips `stop`).
impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Waits up to `secs` for the process to end; `None` if it still runs.
fn exited_within(child: &mut Child, secs: u64) -> Option<std::process::ExitStatus> {
    let until = std::time::Instant::now() + std::time::Duration::from_secs(secs);
    while std::time::Instant::now() < until {
        if let Some(status) = child.try_wait().unwrap() {
            return Some(status);
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    None
}

/// Uploads `png` as the player's identity document; the answer's status.
async fn upload_png(base: &str, token: &str, png: &[u8]) -> u16 {
    let (body, content_type) = crate::common::document_upload(png);
    reqwest::Client::new()
        .post(format!("{base}/api/player/documents"))
        .bearer_auth(token)
        .header("content-type", content_type)
        .body(body)
        .send()
        .await
        .unwrap()
        .status()
        .as_u16()
}

const PNG: &[u8] = &[0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0];

#[cfg(unix)]
fn mode(p: &Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(p).unwrap().permissions().mode() & 0o777
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("croupier-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

async fn post(base: &str, path: &str, body: Value) -> (u16, Value) {
    let res = reqwest::Client::new()
        .post(format!("{base}{path}"))
        .json(&body)
        .send()
        .await
        .unwrap();
    let status = res.status().as_u16();
    (status, res.json().await.unwrap_or(Value::Null))
}

#[cfg(unix)]
#[tokio::test]
async fn data_files_are_private_and_secrets_stay_out_of_db_and_log() {
    let dir = temp_dir("modes");
    let db = dir.join("data/sandbox.db");
    let server = start(&db, &["--outbox"]);
    let base = server.base.clone();

    let (status, _) = post(
        &base,
        "/api/player/register",
        json!({"email": "modes@example.com", "password": "secret-pass", "currency": "USD",
               "agreements": true}),
    )
    .await;
    assert_eq!(status, 201);
    let (status, _) = post(
        &base,
        "/api/player/sessions",
        json!({"email": "modes@example.com", "password": "wrong-pass"}),
    )
    .await;
    assert_eq!(status, 422);
    let (status, _) = post(
        &base,
        "/api/player/passwords/reset",
        json!({"email": "modes@example.com"}),
    )
    .await;
    assert_eq!(status, 204);
    let code: Value = reqwest::get(format!(
        "{base}/api/_control/password-reset?email=modes@example.com"
    ))
    .await
    .unwrap()
    .json()
    .await
    .unwrap();
    let code = code["code"].as_str().unwrap().to_string();
    assert_eq!(code.len(), 32);

    // The outbox page has the e-mail with its link.
    let page = reqwest::get(format!("{base}/_outbox"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(page.contains("modes@example.com"), "{page}");
    assert!(
        page.contains(&format!("{base}/password-reset/{code}")),
        "link in {page}"
    );

    // An identity document: its folders 0700 and the file 0600, like the database (issue 32).
    let (_, session) = post(
        &base,
        "/api/player/sessions",
        json!({"email": "modes@example.com", "password": "secret-pass"}),
    )
    .await;
    let token = session["accessToken"].as_str().unwrap();
    assert_eq!(upload_png(&base, token, PNG).await, 201);
    let docs = dir.join("data/documents");
    assert_eq!(mode(&docs), 0o700, "documents folder");
    let player_dir = std::fs::read_dir(&docs)
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    assert_eq!(mode(&player_dir), 0o700, "a player's documents folder");
    let file = std::fs::read_dir(&player_dir)
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    assert_eq!(mode(&file), 0o600, "a document");

    // A slot launch token is a bearer: the log shows the route, never the token.
    let play = reqwest::Client::new()
        .post(format!("{base}/api/game/games/book-of-dead/play"))
        .bearer_auth(token)
        .json(&json!({}))
        .send()
        .await
        .unwrap()
        .json::<Value>()
        .await
        .unwrap();
    let slot = play["url"]
        .as_str()
        .unwrap()
        .trim_start_matches("/slot/")
        .to_string();
    let state = reqwest::get(format!("{base}/api/game/slot/{slot}"))
        .await
        .unwrap();
    assert_eq!(state.status().as_u16(), 200);

    assert_eq!(mode(&dir.join("data")), 0o700, "data directory");
    assert_eq!(mode(&db), 0o600, "database");
    for companion in ["sandbox.db-wal", "sandbox.db-shm"] {
        let p = dir.join("data").join(companion);
        if p.exists() {
            assert_eq!(mode(&p), 0o600, "{companion}");
        }
    }
    let secret_file = dir.join("data/sandbox.db.secret");
    assert_eq!(mode(&secret_file), 0o600, "secret file");
    let secret = std::fs::read_to_string(&secret_file).unwrap();
    assert_eq!(secret.trim().len(), 64);

    let log = server.stop();
    assert!(!log.contains(&code), "a reset code reached the log:\n{log}");
    assert!(!log.contains(&slot), "a game token reached the log:\n{log}");
    assert!(
        log.contains("/api/game/slot/{token}"),
        "the route is logged"
    );
    assert!(log.contains("outbox"), "the log says where the e-mail went");
    assert!(
        log.contains("failed login for modes@example.com from 127.0.0.1"),
        "failed logins name the client:\n{log}"
    );
    let mut bytes = Vec::new();
    for f in ["sandbox.db", "sandbox.db-wal"] {
        if let Ok(b) = std::fs::read(dir.join("data").join(f)) {
            bytes.extend(b);
        }
    }
    let hay = String::from_utf8_lossy(&bytes);
    assert!(
        !hay.contains(secret.trim()),
        "the signing secret is in the DB"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn production_mode_has_no_outbox() {
    let dir = temp_dir("prod");
    let db = dir.join("p.db");
    let server = start(
        &db,
        &["--production", "--outbox", "--tg-bot-token", "1:REAL"],
    );
    let res = reqwest::get(format!("{}/_outbox", server.base))
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 404);
    let log = server.stop();
    assert!(!log.contains("/_outbox"), "{log}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn the_outbox_is_served_only_when_asked_for() {
    let dir = temp_dir("no-outbox");
    let server = start(&dir.join("n.db"), &[]);
    let res = reqwest::get(format!("{}/_outbox.json", server.base))
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 404, "no --outbox, no outbox");
    server.stop();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn production_without_a_bot_token_does_not_start() {
    let dir = temp_dir("prod-token");
    // Spawned, not `output()`: a sandbox that wrongly starts would serve forever.
    let mut child = Command::new(env!("CARGO_BIN_EXE_croupier-sandbox"))
        .args(["--port", "0", "--production", "--static", ""])
        .arg("--db")
        .arg(dir.join("t.db"))
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the sandbox binary runs");
    let Some(status) = exited_within(&mut child, 20) else {
        let _ = child.kill();
        let _ = child.wait();
        panic!("started in production mode without a bot token");
    };
    assert!(!status.success());
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert!(err.contains("--tg-bot-token"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_throwaway_sandbox_removes_its_documents_folder() {
    let state = croupier_sandbox::AppState::new(&croupier_sandbox::Config::for_tests()).unwrap();
    let docs = state.documents_dir().to_path_buf();
    std::fs::create_dir_all(docs.join("1")).unwrap();
    std::fs::write(docs.join("1/x.png"), b"x").unwrap();
    drop(state);
    assert!(!docs.exists(), "{} left behind", docs.display());
}

/// The real binary on an in-memory database, stopped as `scripts/run.sh` stops it (SIGTERM):
/// its throwaway documents folder goes with it (the state's Drop never runs there; the
/// shutdown path removes it).
#[cfg(unix)]
#[tokio::test]
async fn a_sandbox_stopped_by_sigterm_removes_its_throwaway_documents() {
    let mut server = start(Path::new(":memory:"), &[]);
    let base = server.base.clone();
    let email = format!("sigterm{}@example.com", std::process::id());
    let (status, reg) = post(
        &base,
        "/api/player/register",
        json!({"email": email, "password": "secret-pass", "currency": "USD",
               "agreements": true}),
    )
    .await;
    assert_eq!(status, 201, "{reg}");
    let token = reg["accessToken"].as_str().unwrap();
    // A marker in the file finds this sandbox's folder among others' in the temp dir.
    let marker = format!("marker-{}-{}", std::process::id(), base.len());
    let png = [PNG, marker.as_bytes()].concat();
    assert_eq!(upload_png(&base, token, &png).await, 201);
    let holds_marker = |dir: &Path| {
        std::fs::read_dir(dir)
            .into_iter()
            .flatten()
            .flatten()
            .any(|player| {
                std::fs::read_dir(player.path())
                    .into_iter()
                    .flatten()
                    .flatten()
                    .any(|f| std::fs::read(f.path()).is_ok_and(|b| b.ends_with(marker.as_bytes())))
            })
    };
    let folder = std::fs::read_dir(std::env::temp_dir())
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("croupier-documents-"))
        })
        .find(|p| holds_marker(p))
        .expect("the upload is in a throwaway documents folder");

    let term = Command::new("kill")
        .args(["-TERM", &server.child.id().to_string()])
        .status()
        .unwrap();
    assert!(term.success());
    let status = exited_within(&mut server.child, 20).expect("SIGTERM stops the sandbox");
    assert!(status.success(), "{status}");
    assert!(!folder.exists(), "{} left behind", folder.display());
}
