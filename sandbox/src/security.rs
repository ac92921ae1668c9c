//! Security headers, as an operator's host should send them (README "Deployment").
//!
//! Every response: `X-Content-Type-Options: nosniff`, a `Referrer-Policy` that sends only the
//! origin to other sites, and a `Permissions-Policy` turning off the device features the
//! product never uses. The app's page (index.html, at `/` and as the SPA fallback) also gets a
//! Content-Security-Policy with no `'unsafe-inline'` for scripts: the page's one inline script
//! (the prerender's variant picker) is allowed by its SHA-256, read from the served file, and
//! WebAssembly by `'wasm-unsafe-eval'`. Other origins (a platform API on another host, the
//! sportsbook provider, third-party services) are allowed only when configured
//! (`--csp-origin`); the messenger's WebApp script (https://telegram.org) is always allowed, as
//! the same page is the mini-app. `frame-ancestors` lets the messenger embed the mini-app and
//! nobody else.

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::SystemTime;

use axum::extract::Request;
use axum::http::{header, HeaderValue};
use axum::middleware::Next;
use axum::response::Response;
use base64::Engine;
use sha2::{Digest, Sha256};

use crate::state::AppState;

/// The messenger's WebApp script, loaded only when the page opens as the mini-app.
pub const MESSENGER_SCRIPT_ORIGIN: &str = "https://telegram.org";

/// Sites that may frame the app: itself and the messenger's web clients (the mini-app).
pub const FRAME_ANCESTORS: &str = "'self' https://web.telegram.org https://*.telegram.org";

pub const PERMISSIONS_POLICY: &str =
    "camera=(), microphone=(), geolocation=(), usb=(), serial=(), bluetooth=(), midi=(), magnetometer=(), gyroscope=(), accelerometer=()";

/// The headers every response carries.
pub async fn layer(req: Request, next: Next) -> Response {
    let mut res = next.run(req).await;
    let h = res.headers_mut();
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("strict-origin-when-cross-origin"),
    );
    h.insert(
        "permissions-policy",
        HeaderValue::from_static(PERMISSIONS_POLICY),
    );
    res
}

/// The Content-Security-Policy of the app's page, with `extra` origins allowed for scripts,
/// connections, frames and images, and `inline` script hashes (`sha256-…`).
pub fn policy(extra: &[String], inline: &[String]) -> String {
    let extra = extra.join(" ");
    let hashes: String = inline.iter().map(|h| format!(" '{h}'")).collect();
    let with = |base: &str| {
        if extra.is_empty() {
            base.to_string()
        } else {
            format!("{base} {extra}")
        }
    };
    [
        "default-src 'self'".to_string(),
        format!(
            "script-src {}{hashes} 'wasm-unsafe-eval'",
            with(&format!("'self' {MESSENGER_SCRIPT_ORIGIN}"))
        ),
        // React writes style attributes; scripts stay strict.
        "style-src 'self' 'unsafe-inline'".to_string(),
        format!("img-src {}", with("'self' data: blob:")),
        "font-src 'self' data:".to_string(),
        format!("connect-src {}", with("'self'")),
        format!("frame-src {}", with("'self'")),
        "worker-src 'self'".to_string(),
        "manifest-src 'self'".to_string(),
        "object-src 'none'".to_string(),
        "base-uri 'self'".to_string(),
        "form-action 'self'".to_string(),
        format!("frame-ancestors {FRAME_ANCESTORS}"),
    ]
    .join("; ")
}

/// Each third-party service of SPEC §7: its name in `thirdPartyScripts` and its public key.
pub const THIRD_PARTY: &[(&str, &str)] = &[
    ("tagManager", "tagManagerId"),
    ("webMetrics", "webMetricsId"),
    ("chat", "chatId"),
    ("sessionReplay", "sessionReplayOrgId"),
    ("fingerprint", "fingerprintKey"),
    ("pixel", "pixelId"),
    ("captcha", "captchaKey"),
];

/// The origins of the third-party scripts the page will load: a service with a key and an
/// absolute script address (`{key}` put in), by the client's rules
/// (`core/src/domain/third_party.rs`). A service without a key adds nothing, so the policy
/// allows exactly the configured providers.
pub fn config_origins(config: &serde_json::Map<String, serde_json::Value>) -> Vec<String> {
    fn text(v: Option<&serde_json::Value>) -> &str {
        v.and_then(|v| v.as_str()).unwrap_or("").trim()
    }
    let scripts = config.get("thirdPartyScripts");
    let mut out: Vec<String> = Vec::new();
    for (service, key_name) in THIRD_PARTY {
        let key = text(config.get(*key_name));
        let valid_key = !key.is_empty()
            && key.len() <= 128
            && key
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"-_.:/".contains(&b));
        if !valid_key {
            continue;
        }
        let script = text(scripts.and_then(|s| s.get(*service))).replace("{key}", key);
        if let Some(o) = script_origin(&script) {
            if !out.contains(&o) {
                out.push(o);
            }
        }
    }
    out
}

/// `scheme://host[:port]` of an `https://` or `http://` address with nothing odd in it.
fn script_origin(url: &str) -> Option<String> {
    let rest = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"))?;
    let host = rest.split(['/', '?', '#']).next().unwrap_or("");
    let ok = !host.is_empty()
        && host
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b".-:[]".contains(&b));
    let scheme = url.get(..url.len() - rest.len())?;
    ok.then(|| format!("{scheme}{host}"))
}

/// `sha256-…` of every inline `<script>` (one without `src`) in an HTML page.
pub fn inline_script_hashes(html: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = html;
    while let Some(start) = rest.find("<script") {
        let after = &rest[start..];
        let Some(open_end) = after.find('>') else {
            break;
        };
        let tag = &after[..open_end];
        let body_start = open_end + 1;
        let Some(close) = after[body_start..].find("</script>") else {
            break;
        };
        if !tag.contains(" src=") {
            let body = &after[body_start..body_start + close];
            let digest = Sha256::digest(body.as_bytes());
            out.push(format!(
                "sha256-{}",
                base64::engine::general_purpose::STANDARD.encode(digest)
            ));
        }
        rest = &after[body_start + close..];
    }
    out
}

/// The inline script hashes of the served index.html, read again when the file changes (a
/// new build while the sandbox runs).
#[derive(Default)]
pub struct PageHashes(Mutex<Option<Seen>>);

/// The file read last, its modification time, and its hashes.
type Seen = (PathBuf, Option<SystemTime>, Vec<String>);

impl PageHashes {
    pub fn of(&self, index: &Path) -> Vec<String> {
        let modified = std::fs::metadata(index).and_then(|m| m.modified()).ok();
        let mut cache = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((path, at, hashes)) = cache.as_ref() {
            if path == index && *at == modified {
                return hashes.clone();
            }
        }
        let hashes = std::fs::read_to_string(index)
            .map(|html| inline_script_hashes(&html))
            .unwrap_or_default();
        *cache = Some((index.to_path_buf(), modified, hashes.clone()));
        hashes
    }
}

/// Adds the page's CSP to an HTML answer of the app.
pub fn with_page_policy(state: &AppState, dir: &Path, res: &mut Response) {
    let html = res
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|t| t.starts_with("text/html"));
    if !html {
        return;
    }
    let hashes = state.page_hashes.of(&dir.join("index.html"));
    let mut origins = state.csp_origins.clone();
    for o in config_origins(&crate::static_files::served_config(state)) {
        if !origins.contains(&o) {
            origins.push(o);
        }
    }
    if let Ok(v) = HeaderValue::from_str(&policy(&origins, &hashes)) {
        res.headers_mut().insert(header::CONTENT_SECURITY_POLICY, v);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inline_scripts_are_hashed_and_external_ones_skipped() {
        let html = r#"<head><script type="module" crossorigin src="/assets/i.js"></script></head>
<body><div id="root"></div><script>alert(1)</script><script>x()</script></body>"#;
        let hashes = inline_script_hashes(html);
        assert_eq!(hashes.len(), 2);
        // echo -n 'alert(1)' | openssl dgst -sha256 -binary | base64
        assert_eq!(
            hashes[0],
            "sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI="
        );
    }

    #[test]
    fn only_keyed_third_party_scripts_add_their_origin() {
        let config: serde_json::Value = serde_json::json!({
            "tagManagerId": "GTM-1",
            "pixelId": "",
            "chatId": "chat-1",
            "captchaKey": "bad key<",
            "fingerprintKey": "fp",
            "thirdPartyScripts": {
                "tagManager": "https://www.googletagmanager.com/gtm.js?id={key}",
                "pixel": "https://pixel.example/p.js",
                "chat": "https://wchat.freshchat.com/js/widget.js",
                "captcha": "https://www.google.com/recaptcha/api.js",
                "fingerprint": "/third-party/fingerprint.js"
            }
        });
        let origins = config_origins(config.as_object().unwrap());
        assert_eq!(
            origins,
            vec![
                "https://www.googletagmanager.com".to_string(),
                "https://wchat.freshchat.com".to_string()
            ]
        );
        let local = serde_json::json!({
            "pixelId": "7",
            "thirdPartyScripts": { "pixel": "http://localhost:8123/third-party/pixel.js" }
        });
        assert_eq!(
            config_origins(local.as_object().unwrap()),
            vec!["http://localhost:8123".to_string()]
        );
        assert!(config_origins(&serde_json::Map::new()).is_empty());
    }

    #[test]
    fn the_policy_never_allows_inline_scripts_and_adds_only_configured_origins() {
        let p = policy(&[], &["sha256-abc".into()]);
        let script = p.split("; ").find(|d| d.starts_with("script-src")).unwrap();
        assert_eq!(
            script,
            "script-src 'self' https://telegram.org 'sha256-abc' 'wasm-unsafe-eval'"
        );
        assert!(!script.contains("unsafe-inline"));
        assert!(p.contains("frame-ancestors 'self' https://web.telegram.org"));
        assert!(p.contains("object-src 'none'"));
        let p = policy(&["https://sb.example".into()], &[]);
        assert!(p.contains(
            "script-src 'self' https://telegram.org https://sb.example 'wasm-unsafe-eval'"
        ));
        assert!(p.contains("connect-src 'self' https://sb.example"));
    }
}
