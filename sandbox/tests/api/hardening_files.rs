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
    let b = "xB";
    let mut body = format!(
        "--{b}\r\nContent-Disposition: form-data; name=\"type\"\r\n\r\nidentity\r\n\
         --{b}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"p.png\"\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(&[0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
    body.extend_from_slice(format!("\r\n--{b}--\r\n").as_bytes());
    let up = reqwest::Client::new()
        .post(format!("{base}/api/player/documents"))
        .bearer_auth(token)
        .header("content-type", format!("multipart/form-data; boundary={b}"))
        .body(body)
        .send()
        .await
        .unwrap();
    assert_eq!(up.status().as_u16(), 201);
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
    let out = Command::new(env!("CARGO_BIN_EXE_croupier-sandbox"))
        .args(["--port", "0", "--production", "--static", ""])
        .arg("--db")
        .arg(dir.join("t.db"))
        .output()
        .expect("the sandbox binary runs");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
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
