//! Croupier sandbox: a local platform server speaking SPEC §7 (see docs/API.md) on SQLite.
//!
//! `app(state)` builds the router; `bind` + `Server::run` start it (tests use port 0 and an
//! in-memory DB); `serve` is what the binary runs.

mod auth;
pub mod config;
mod constants;
mod dates;
mod db;
mod error;
mod hosts;
mod jwt;
mod limits;
mod money;
mod password;
mod realtime;
mod request_log;
mod routes;
mod secrets;
pub mod security;
mod seed;
pub(crate) mod seo;
mod state;
mod static_files;
pub mod telegram;
mod validation;

use std::io::Write;
use std::net::{Ipv4Addr, SocketAddr};

use axum::handler::Handler;
use axum::http::{header, HeaderValue, Method};
use axum::http::{Extensions, HeaderMap, StatusCode, Version};
use axum::middleware::from_fn_with_state;
use axum::Router;
use tokio::net::TcpListener;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::predicate::{DefaultPredicate, Predicate};
use tower_http::compression::CompressionLayer;
use tower_http::cors::{AllowOrigin, CorsLayer};

pub use config::Config;
pub use limits::Limits;
pub use password::HashCost;
pub use state::AppState;

pub fn app(state: AppState) -> Router {
    // CORS covers the platform API only. The outbox (every player's reset links and codes)
    // and the control API are merged after it, so no page on another origin, not even a
    // loopback one, may read them (issue 32); they answer same-origin and non-browser callers.
    // The core's browser tests call the control API from another local port: only for them
    // (`--control-cors`, scripts/with-sandbox.sh) does it share the API's CORS.
    let mut api = routes::api_router();
    if state.control && state.control_cors {
        api = api.merge(routes::control::router());
    }
    // The 405 answer is set before the layer so a preflight (OPTIONS) still meets CORS; the
    // routes merged below get theirs, without CORS, from the second call.
    api = api
        .method_not_allowed_fallback(error::method_not_allowed)
        .layer(local_cors());
    if state.control && !state.control_cors {
        api = api.merge(routes::control::router());
    }
    if state.outbox {
        api = api.merge(routes::outbox::router());
    }
    api.method_not_allowed_fallback(error::method_not_allowed)
        // The platform's answers go out compressed too (brotli or gzip, as the browser
        // accepts), as a production platform sends them: the content texts alone are ~40 KiB
        // of JSON on every first visit. Never a 101: the realtime socket's upgrade has no body.
        .layer(
            CompressionLayer::new().compress_when(DefaultPredicate::new().and(
                |status: StatusCode, _: Version, _: &HeaderMap, _: &Extensions| {
                    status != StatusCode::SWITCHING_PROTOCOLS
                },
            )),
        )
        // The built app goes out gzipped, as any real host would send it.
        .fallback(static_files::fallback.layer(CompressionLayer::new()))
        .layer(axum::middleware::from_fn(security::layer))
        .layer(from_fn_with_state(state.clone(), request_log::layer))
        .layer(from_fn_with_state(state.clone(), hosts::layer))
        .layer(CatchPanicLayer::custom(error::panic_response))
        .with_state(state)
}

/// Lets a dev server on another local port (e.g. Vite on :5173) call the API directly.
/// Only loopback origins: the sandbox is a local tool and must not be usable from web pages.
fn local_cors() -> CorsLayer {
    CorsLayer::new()
        .allow_origin(AllowOrigin::predicate(|origin: &HeaderValue, _| {
            hosts::is_loopback_origin(origin.as_bytes())
        }))
        .allow_methods([
            Method::GET,
            Method::POST,
            Method::PUT,
            Method::DELETE,
            Method::OPTIONS,
        ])
        .allow_headers([
            header::AUTHORIZATION,
            header::CONTENT_TYPE,
            header::HeaderName::from_static("x-trace-id"),
            header::HeaderName::from_static("x-source"),
            header::HeaderName::from_static("x-platform"),
        ])
        .expose_headers([header::HeaderName::from_static("x-trace-id")])
}

/// A bound, not yet running server.
pub struct Server {
    listener: TcpListener,
    state: AppState,
    addr: SocketAddr,
}

/// Opens the DB, seeds it, and binds 127.0.0.1:port (never another interface).
pub async fn bind(config: &Config) -> Result<Server, String> {
    let cfg = config.clone();
    let state = tokio::task::spawn_blocking(move || AppState::new(&cfg))
        .await
        .map_err(|e| format!("startup task failed: {e}"))??;
    let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, config.port))
        .await
        .map_err(|e| format!("cannot listen on 127.0.0.1:{}: {e}", config.port))?;
    let addr = listener
        .local_addr()
        .map_err(|e| format!("cannot read bound address: {e}"))?;
    state.set_port(addr.port());
    Ok(Server {
        listener,
        state,
        addr,
    })
}

impl Server {
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    pub fn state(&self) -> &AppState {
        &self.state
    }

    /// Serves until the process ends.
    pub async fn run(self) -> std::io::Result<()> {
        tokio::spawn(prune_sessions(self.state.clone()));
        let service = app(self.state).into_make_service_with_connect_info::<SocketAddr>();
        axum::serve(self.listener, service).await
    }

    /// Serves until Ctrl-C / SIGTERM. Open websockets would hold a graceful shutdown
    /// forever, so they are told "shutdown" (3001) first, and stragglers get 5 s.
    pub async fn run_until_signal(self) -> std::io::Result<()> {
        let state = self.state.clone();
        let self_state = self.state.clone();
        let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
        tokio::spawn(prune_sessions(self.state.clone()));
        let service = app(self.state).into_make_service_with_connect_info::<SocketAddr>();
        let serve = axum::serve(self.listener, service).with_graceful_shutdown(async move {
            shutdown_signal().await;
            state
                .hub
                .close_where(|_| true, realtime::protocol::DISCONNECT_SHUTDOWN);
            let _ = stop_tx.send(());
        });
        let deadline = async {
            if stop_rx.await.is_ok() {
                tokio::time::sleep(std::time::Duration::from_secs(5)).await;
            } else {
                std::future::pending::<()>().await;
            }
        };
        let cleanup = self_state;
        let res = tokio::select! {
            res = serve => res,
            _ = deadline => Ok(()),
        };
        // Tasks still hold the state, so its Drop would not run before the process ends.
        cleanup.remove_temp_documents();
        res
    }
}

/// Hourly: sessions that ended or outlived the absolute lifetime, and dead reset codes, go.
async fn prune_sessions(state: AppState) {
    let mut every = tokio::time::interval(std::time::Duration::from_secs(3600));
    loop {
        every.tick().await;
        let now = db::now();
        let conn = state.db();
        let pruned = db::sessions::prune(&conn, now, state.session_lifetime as i64)
            .and_then(|n| Ok(n + db::resets::prune(&conn, now)?));
        if let Err(e) = pruned {
            eprintln!("sandbox: pruning failed: {e}");
        }
    }
}

/// What the binary does: start, announce, serve.
pub async fn serve(config: Config) -> Result<(), String> {
    let server = bind(&config).await?;
    if let Some(line) = seed::demo_summary(&server.state) {
        println!("{line}");
    }
    if config.control {
        println!("sandbox: test-control API enabled at /api/_control/*");
    }
    if !config.production {
        println!(
            "sandbox: reset e-mails and codes go to the local outbox: http://localhost:{}{}",
            server.addr().port(),
            routes::outbox::PATH
        );
    }
    match &config.static_dir {
        Some(dir) => println!("sandbox: serving app from {}", dir.display()),
        None => println!("sandbox: no app build found; serving the API only"),
    }
    // Tests parse this exact line; keep it last and flushed.
    println!("sandbox listening on http://{}", server.addr());
    let _ = std::io::stdout().flush();
    server
        .run_until_signal()
        .await
        .map_err(|e| format!("server error: {e}"))
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {},
        _ = term => {},
    }
}
