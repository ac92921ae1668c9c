//! Performs HTTP effects with gloo-net (SPEC §7 intro, §9 Requests and timing).

use gloo_net::http::{Method as GlooMethod, RequestBuilder};
use std::fmt::Write;
use web_sys::RequestCredentials;

use crate::app::effect::{HttpRequest, Method};
use crate::app::event::HttpOutcome;
use crate::app::model::Config;

/// What requests need of the config: copied once at creation, not per request (the config
/// also holds the texts).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Base {
    pub api_base: String,
    pub origin: String,
    pub platform: String,
}

impl From<&Config> for Base {
    fn from(c: &Config) -> Base {
        Base {
            api_base: c.api_base.clone(),
            origin: c.source().to_string(),
            platform: c.platform.clone(),
        }
    }
}

pub const TIMEOUT_MS: u32 = 10_000;
pub const MAX_RESPONSE_BYTES: usize = 512 * 1024;
pub const SLOW_MS: f64 = 2_000.0;

/// A fresh trace id per request.
pub fn trace_id() -> String {
    let mut bytes = [0u8; 16];
    let crypto = web_sys::window().and_then(|w| w.crypto().ok());
    if crypto
        .and_then(|c| c.get_random_values_with_u8_array(&mut bytes).ok())
        .is_none()
    {
        for b in bytes.iter_mut() {
            *b = (js_sys::Math::random() * 256.0) as u8;
        }
    }
    let mut out = String::with_capacity(32);
    for b in bytes {
        // Writing to a `String` cannot fail.
        let _ = write!(out, "{b:02x}");
    }
    out
}

/// API base + path + query; arrays keep the bracket form (`status[]=1&status[]=2`).
pub fn url(config: &Base, http: &HttpRequest) -> String {
    format!(
        "{}{}{}",
        config.api_base.trim_end_matches('/'),
        http.path,
        crate::app::calls::query::encode_query(&http.query)
    )
}

/// The fetch request for `http`: URL, method, trace id, bearer, source/platform, no
/// credentials, JSON body. Separate from [`perform`] so browser tests can read it.
pub fn build(
    config: &Base,
    http: &HttpRequest,
    signal: Option<&web_sys::AbortSignal>,
) -> Result<gloo_net::http::Request, gloo_net::Error> {
    let method = match http.method {
        Method::Get => GlooMethod::GET,
        Method::Post => GlooMethod::POST,
        Method::Put => GlooMethod::PUT,
        Method::Delete => GlooMethod::DELETE,
    };
    let mut builder = RequestBuilder::new(&url(config, http))
        .method(method)
        .credentials(RequestCredentials::Omit)
        .header("Accept", "application/json")
        .header("X-Trace-Id", &trace_id())
        .abort_signal(signal);
    if let Some(token) = &http.bearer {
        builder = builder.header("Authorization", &format!("Bearer {token}"));
    }
    if http.source_platform {
        let source = if config.origin.is_empty() {
            origin()
        } else {
            config.origin.clone()
        };
        builder = builder
            .header("X-Source", &source)
            .header("X-Platform", &config.platform);
    }
    match &http.body {
        Some(body) => builder
            .header("Content-Type", "application/json")
            .body(crate::json::to_string(body).unwrap_or_default()),
        None => builder.build(),
    }
}

/// The header the service worker puts on an answer it served from its offline copy: when that
/// copy was kept, ms (app/scripts/sw.mjs).
pub const CACHED_AT_HEADER: &str = "x-croupier-cached-at";

pub async fn perform(config: &Base, http: &HttpRequest) -> HttpOutcome {
    perform_kept(config, http).await.0
}

/// [`perform`], and when the answer is the service worker's offline copy, when it was kept.
pub async fn perform_kept(config: &Base, http: &HttpRequest) -> (HttpOutcome, Option<u64>) {
    let mut kept = None;
    let started = js_sys::Date::now();
    let controller = web_sys::AbortController::new().ok();
    let signal = controller.as_ref().map(|c| c.signal());
    let request = build(config, http, signal.as_ref());
    let request = match request {
        Ok(r) => r,
        Err(e) => {
            return (
                HttpOutcome::Failed {
                    reason: e.to_string(),
                },
                None,
            )
        }
    };
    // The timeout aborts the fetch; dropping the guard after the response cancels it.
    let abort = controller.clone();
    let _guard = gloo_timers::callback::Timeout::new(TIMEOUT_MS, move || {
        if let Some(c) = abort {
            c.abort();
        }
    });
    let outcome = match request.send().await {
        Ok(resp) => {
            let status = resp.status();
            kept = resp
                .headers()
                .get(CACHED_AT_HEADER)
                .and_then(|v| v.trim().parse::<u64>().ok());
            let declared = resp
                .headers()
                .get("content-length")
                .and_then(|v| v.parse::<usize>().ok());
            if declared.is_some_and(|n| n > MAX_RESPONSE_BYTES) {
                HttpOutcome::Failed {
                    reason: format!("response over {MAX_RESPONSE_BYTES} bytes"),
                }
            } else {
                match resp.text().await {
                    Ok(body) if body.len() > MAX_RESPONSE_BYTES => HttpOutcome::Failed {
                        reason: format!("response over {MAX_RESPONSE_BYTES} bytes"),
                    },
                    Ok(body) => HttpOutcome::Response { status, body },
                    Err(e) => HttpOutcome::Failed {
                        reason: e.to_string(),
                    },
                }
            }
        }
        Err(e) => HttpOutcome::Failed {
            reason: e.to_string(),
        },
    };
    let took = js_sys::Date::now() - started;
    if took > SLOW_MS || matches!(outcome, HttpOutcome::Failed { .. }) {
        web_sys::console::warn_1(
            &format!(
                "{} {} answered in {} ms",
                http.method.as_str(),
                http.path,
                took as u64
            )
            .into(),
        );
    }
    (outcome, kept)
}

pub fn origin() -> String {
    web_sys::window()
        .and_then(|w| w.location().origin().ok())
        .unwrap_or_default()
}
