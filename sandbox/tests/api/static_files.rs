//! Serving the built app: real files, SPA fallback to index.html, JSON 404 under /api.

use crate::common;

use common::start_with;
use croupier_sandbox::Config;
use reqwest::StatusCode;

#[tokio::test]
async fn serves_files_and_falls_back_to_index_for_client_routes() {
    let dir = std::env::temp_dir().join(format!("croupier-static-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("assets")).unwrap();
    std::fs::write(dir.join("index.html"), "<!doctype html><div id=app></div>").unwrap();
    std::fs::write(dir.join("assets/app.js"), "console.log(1)").unwrap();
    let s = start_with(Config {
        static_dir: Some(dir.clone()),
        ..Config::for_tests()
    })
    .await;

    for path in [
        "/",
        "/wallet",
        "/pt-br/games/slots/new",
        "/profile/settings/account",
    ] {
        let r = s.get(path, None).await;
        assert_eq!(r.status, StatusCode::OK, "{path}");
        assert!(r.content_type.starts_with("text/html"), "{path}");
        assert!(r.body.as_str().unwrap().contains("id=app"), "{path}");
    }
    let js = s.get("/assets/app.js", None).await;
    assert_eq!(js.status, StatusCode::OK);
    assert!(js.content_type.contains("javascript"));
    assert_eq!(
        s.get("/assets/missing.js", None).await.status,
        StatusCode::NOT_FOUND
    );

    let api = s.get("/api/unknown", None).await;
    assert_eq!(api.status, StatusCode::NOT_FOUND);
    assert_eq!(api.error_code(), "not_found");
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn websocket_path_without_upgrade_is_a_json_400() {
    let s = start_with(Config::for_tests()).await;
    let r = s.get("/api/connection/websocket", None).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(r.error_code(), "bad_request");
}

#[tokio::test]
async fn cors_allows_only_loopback_origins() {
    let s = start_with(Config::for_tests()).await;
    let preflight = |origin: &'static str| {
        s.client
            .request(
                reqwest::Method::OPTIONS,
                format!("{}/api/player/sessions", s.base),
            )
            .header("Origin", origin)
            .header("Access-Control-Request-Method", "POST")
            .header(
                "Access-Control-Request-Headers",
                "content-type,authorization",
            )
            .send()
    };
    let ok = preflight("http://localhost:5173").await.unwrap();
    assert_eq!(
        ok.headers()["access-control-allow-origin"],
        "http://localhost:5173"
    );
    let evil = preflight("https://evil.example").await.unwrap();
    assert!(evil.headers().get("access-control-allow-origin").is_none());
    let sneaky = preflight("http://localhost.evil.example").await.unwrap();
    assert!(sneaky
        .headers()
        .get("access-control-allow-origin")
        .is_none());
}

#[tokio::test]
async fn the_app_goes_out_gzipped_when_asked() {
    let dir = std::env::temp_dir().join(format!("croupier-gzip-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("assets")).unwrap();
    std::fs::write(dir.join("index.html"), "<!doctype html>".repeat(200)).unwrap();
    std::fs::write(dir.join("assets/app.js"), "console.log(1);".repeat(500)).unwrap();
    let s = common::start_with(croupier_sandbox::Config {
        static_dir: Some(dir.clone()),
        ..croupier_sandbox::Config::for_tests()
    })
    .await;
    for path in ["/assets/app.js", "/wallet"] {
        let res = reqwest::Client::new()
            .get(format!("{}{path}", s.base))
            .header("Accept-Encoding", "gzip")
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), reqwest::StatusCode::OK, "{path}");
        assert_eq!(
            res.headers()
                .get("content-encoding")
                .map(|v| v.to_str().unwrap()),
            Some("gzip"),
            "{path}"
        );
    }
    // API answers are compressed as a platform sends them, and only for a caller that
    // accepts it: without Accept-Encoding the same answer comes as plain JSON.
    let locales = format!("{}/api/settings/locales", s.base);
    let res = reqwest::Client::new()
        .get(&locales)
        .header("Accept-Encoding", "br")
        .send()
        .await
        .unwrap();
    assert_eq!(
        res.headers()
            .get("content-encoding")
            .map(|v| v.to_str().unwrap()),
        Some("br")
    );
    let res = reqwest::Client::new().get(&locales).send().await.unwrap();
    assert!(res.headers().get("content-encoding").is_none());
    let body: serde_json::Value = res.json().await.unwrap();
    assert!(body.is_array() || body.is_object(), "{body}");
    let _ = std::fs::remove_dir_all(dir);
}

/// A built app as build_product leaves it: hashed assets, index.html, builds/latest.json, and
/// precompressed .br/.gz beside them (here with marker contents to see which file was sent).
fn built_app(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("croupier-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("assets")).unwrap();
    std::fs::create_dir_all(dir.join("builds")).unwrap();
    let files = [
        ("index.html", "<!doctype html><div id=app></div>"),
        ("assets/index-B3x_Yz9q.js", "console.log(1)"),
        ("assets/index-Cq1_aZ3w.css", "body{margin:0}"),
        ("assets/croupier_core_bg-D8e2kLm0.wasm", "\0asm"),
        ("builds/latest.json", "{\"id\":\"x\"}"),
    ];
    for (path, body) in files {
        std::fs::write(dir.join(path), body).unwrap();
        std::fs::write(dir.join(format!("{path}.br")), format!("br:{path}")).unwrap();
        std::fs::write(dir.join(format!("{path}.gz")), format!("gz:{path}")).unwrap();
    }
    dir
}

struct Got {
    status: reqwest::StatusCode,
    cache: Option<String>,
    encoding: Option<String>,
    vary: Option<String>,
    body: Vec<u8>,
}

async fn fetch(base: &str, path: &str, accept: &str) -> Got {
    // No automatic decompression: the test reads the bytes as sent.
    let res = reqwest::Client::new()
        .get(format!("{base}{path}"))
        .header("Accept-Encoding", accept)
        .send()
        .await
        .unwrap();
    let header = |name: &str| {
        res.headers()
            .get(name)
            .map(|v| v.to_str().unwrap().to_string())
    };
    Got {
        status: res.status(),
        cache: header("cache-control"),
        encoding: header("content-encoding"),
        vary: header("vary"),
        body: res.bytes().await.unwrap().to_vec(),
    }
}

#[tokio::test]
async fn hashed_assets_are_immutable_and_the_shell_is_revalidated() {
    let dir = built_app("cache");
    let s = start_with(Config {
        static_dir: Some(dir.clone()),
        ..Config::for_tests()
    })
    .await;
    for path in [
        "/assets/index-B3x_Yz9q.js",
        "/assets/index-Cq1_aZ3w.css",
        "/assets/croupier_core_bg-D8e2kLm0.wasm",
    ] {
        let got = fetch(&s.base, path, "gzip, deflate, br").await;
        assert_eq!(got.status, StatusCode::OK, "{path}");
        assert_eq!(
            got.cache.as_deref(),
            Some("public, max-age=31536000, immutable"),
            "{path}"
        );
    }
    for path in [
        "/",
        "/index.html",
        "/wallet",
        "/pt-br/games/slots",
        "/builds/latest.json",
    ] {
        let got = fetch(&s.base, path, "gzip, br").await;
        assert_eq!(got.status, StatusCode::OK, "{path}");
        assert_eq!(got.cache.as_deref(), Some("no-cache"), "{path}");
    }
    // A missing hashed file is a plain 404, never cached for a year.
    let missing = fetch(&s.base, "/assets/index-00000000.js", "br").await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert_ne!(
        missing.cache.as_deref(),
        Some("public, max-age=31536000, immutable")
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[tokio::test]
async fn precompressed_files_are_sent_by_accept_encoding() {
    let dir = built_app("precompressed");
    let s = start_with(Config {
        static_dir: Some(dir.clone()),
        ..Config::for_tests()
    })
    .await;
    let wasm = "/assets/croupier_core_bg-D8e2kLm0.wasm";
    let br = fetch(&s.base, wasm, "gzip, deflate, br").await;
    assert_eq!(br.encoding.as_deref(), Some("br"));
    assert_eq!(br.body, b"br:assets/croupier_core_bg-D8e2kLm0.wasm");
    assert!(br
        .vary
        .unwrap_or_default()
        .to_lowercase()
        .contains("accept-encoding"));
    let gz = fetch(&s.base, wasm, "gzip").await;
    assert_eq!(gz.encoding.as_deref(), Some("gzip"));
    assert_eq!(gz.body, b"gz:assets/croupier_core_bg-D8e2kLm0.wasm");
    let plain = fetch(&s.base, wasm, "identity").await;
    assert_eq!(plain.encoding, None);
    assert_eq!(plain.body, b"\0asm");

    // The shell, at / and as the SPA fallback, has its head filled per page (seo.rs): brotli
    // on the fly, not the built file; still revalidated.
    for path in ["/", "/wallet"] {
        let got = fetch(&s.base, path, "br").await;
        assert_eq!(got.encoding.as_deref(), Some("br"), "{path}");
        assert_ne!(got.body, b"br:index.html", "{path}");
        assert_eq!(got.cache.as_deref(), Some("no-cache"), "{path}");
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[tokio::test]
async fn the_page_carries_a_strict_csp_and_every_answer_the_security_headers() {
    let dir = std::env::temp_dir().join(format!("croupier-csp-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("assets")).unwrap();
    let page = "<!doctype html><script type=module src=/assets/app.js></script><div id=root></div><script>pick()</script>";
    std::fs::write(dir.join("index.html"), page).unwrap();
    std::fs::write(dir.join("assets/app.js"), "console.log(1)").unwrap();
    let s = start_with(Config {
        static_dir: Some(dir.clone()),
        csp_origins: vec!["https://sportsbook.example".into()],
        ..Config::for_tests()
    })
    .await;
    let hash = croupier_sandbox::security::inline_script_hashes(page);
    assert_eq!(
        hash.len(),
        1,
        "the module script is external, the picker inline"
    );

    for path in ["/", "/wallet"] {
        let r = s
            .client
            .get(format!("{}{path}", s.base))
            .send()
            .await
            .unwrap();
        let csp = r.headers()["content-security-policy"]
            .to_str()
            .unwrap()
            .to_string();
        let script = csp
            .split("; ")
            .find(|d| d.starts_with("script-src"))
            .unwrap();
        assert_eq!(
            script,
            format!(
                "script-src 'self' https://telegram.org https://sportsbook.example '{}' 'wasm-unsafe-eval'",
                hash[0]
            )
        );
        assert!(
            csp.contains("frame-ancestors 'self' https://web.telegram.org"),
            "{csp}"
        );
        assert_eq!(r.headers()["x-content-type-options"], "nosniff");
    }
    // A new build (another inline script) is picked up without a restart.
    let rebuilt = page.replace("pick()", "pick(2)");
    std::fs::write(dir.join("index.html"), &rebuilt).unwrap();
    // A later modification time for sure (the sandbox compares it), not a pause that a
    // coarse file-system clock could swallow.
    std::fs::File::options()
        .write(true)
        .open(dir.join("index.html"))
        .unwrap()
        .set_modified(std::time::SystemTime::now() + std::time::Duration::from_secs(5))
        .unwrap();
    let r = s.client.get(format!("{}/", s.base)).send().await.unwrap();
    let csp = r.headers()["content-security-policy"]
        .to_str()
        .unwrap()
        .to_string();
    assert!(
        csp.contains(&croupier_sandbox::security::inline_script_hashes(&rebuilt)[0]),
        "{csp}"
    );

    // Other answers: the general headers, no page policy.
    for path in ["/assets/app.js", "/api/settings/locales", "/api/unknown"] {
        let r = s
            .client
            .get(format!("{}{path}", s.base))
            .send()
            .await
            .unwrap();
        assert_eq!(r.headers()["x-content-type-options"], "nosniff", "{path}");
        assert_eq!(
            r.headers()["referrer-policy"],
            "strict-origin-when-cross-origin",
            "{path}"
        );
        assert!(r.headers()["permissions-policy"]
            .to_str()
            .unwrap()
            .contains("camera=()"));
        assert!(
            r.headers().get("content-security-policy").is_none(),
            "{path}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn csp_origins_must_be_plain_origins() {
    let parse =
        |args: &[&str]| Config::from_env_and_args(|_| None, args.iter().map(|a| a.to_string()));
    let ok = parse(&["--csp-origin", "https://sb.example:8443/"]).unwrap();
    assert_eq!(ok.csp_origins, vec!["https://sb.example:8443".to_string()]);
    for bad in [
        "sb.example",
        "https://x.example; script-src *",
        "'unsafe-inline'",
        "https://a b",
    ] {
        assert!(parse(&["--csp-origin", bad]).is_err(), "{bad}");
    }
}

#[tokio::test]
async fn config_json_is_the_built_one_with_the_operators_keys_over_it() {
    let dir = std::env::temp_dir().join(format!("croupier-config-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("index.html"), "<!doctype html>").unwrap();
    std::fs::write(
        dir.join("config.json"),
        r#"{"apiBase":"","appMode":"sandbox","defaultLocale":"en"}"#,
    )
    .unwrap();
    let cfg = Config::from_env_and_args(
        |k| {
            (k == "SANDBOX_APP_CONFIG")
                .then(|| r#"{"apiBase":"https://api.example","appMode":"staging"}"#.into())
        },
        Vec::<String>::new(),
    )
    .unwrap();
    let s = start_with(Config {
        static_dir: Some(dir.clone()),
        app_config: cfg.app_config,
        ..Config::for_tests()
    })
    .await;
    let r = s.get("/config.json", None).await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(
        r.body,
        serde_json::json!({"apiBase": "https://api.example", "appMode": "staging", "defaultLocale": "en"})
    );
    // Without overrides the built file is served as it is.
    let plain = start_with(Config {
        static_dir: Some(dir.clone()),
        ..Config::for_tests()
    })
    .await;
    assert_eq!(plain.get("/config.json", None).await.body["apiBase"], "");
    assert!(Config::from_env_and_args(
        |k| (k == "SANDBOX_APP_CONFIG").then(|| "[1]".into()),
        Vec::<String>::new()
    )
    .is_err());
    let _ = std::fs::remove_dir_all(&dir);
}
