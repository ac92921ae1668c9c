//! Serving the built app: real files, SPA fallback to index.html, JSON 404 under /api.

mod common;

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
    // API answers are left alone.
    let res = reqwest::Client::new()
        .get(format!("{}/api/settings/locales", s.base))
        .header("Accept-Encoding", "gzip")
        .send()
        .await
        .unwrap();
    assert!(res.headers().get("content-encoding").is_none());
    let _ = std::fs::remove_dir_all(dir);
}
