//! The local outbox page, `/_outbox`: the e-mails and SMS the sandbox "sent" (password reset
//! links and codes), the way developers use a mail catcher. Served only to loopback clients,
//! only without `--production`; `/_outbox.json` is the same list for scripts.

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};

use crate::db::outbox::{self, Message};
use crate::error::{ApiError, ApiResult};
use crate::seo::text::escape;
use crate::state::AppState;

pub const PATH: &str = "/_outbox";

pub fn router() -> Router<AppState> {
    Router::new()
        .route(PATH, get(page))
        .route("/_outbox.json", get(list))
}

fn loopback_only(peer: &SocketAddr) -> ApiResult<()> {
    if peer.ip().is_loopback() {
        Ok(())
    } else {
        Err(ApiError::not_found())
    }
}

async fn list(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
) -> ApiResult<Json<Vec<Message>>> {
    loopback_only(&peer)?;
    Ok(Json(outbox::list(&state.db())?))
}

async fn page(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
) -> ApiResult<Response> {
    loopback_only(&peer)?;
    let messages = outbox::list(&state.db())?;
    Ok((
        StatusCode::OK,
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, "no-store"),
            (
                header::CONTENT_SECURITY_POLICY,
                "default-src 'none'; style-src 'unsafe-inline'",
            ),
        ],
        render(&messages),
    )
        .into_response())
}

fn render(messages: &[Message]) -> String {
    let mut items = String::new();
    for m in messages {
        let when = utc(m.created_at);
        let link = m
            .link
            .as_deref()
            .map(|l| {
                let l = escape(l);
                format!("<p><a href=\"{l}\">{l}</a></p>")
            })
            .unwrap_or_default();
        items.push_str(&format!(
            "<li><article><h2>{subject}</h2>\
             <p class=\"meta\">{kind} to <strong>{to}</strong>, \
             <time datetime=\"{when}\">{when}</time></p>\
             <p>{body}</p>{link}</article></li>",
            subject = escape(&m.subject),
            kind = if m.kind == "sms" { "SMS" } else { "E-mail" },
            to = escape(&m.recipient),
            body = escape(&m.body),
        ));
    }
    let list = if items.is_empty() {
        "<p>Nothing has been sent yet. Ask for a password reset and it appears here.</p>"
            .to_string()
    } else {
        format!("<ol>{items}</ol>")
    };
    format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>Sandbox outbox</title><style>\
         body{{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;\
         color:#111;background:#fff}}ol{{list-style:none;padding:0}}\
         article{{border:1px solid #767676;border-radius:8px;padding:0 1rem;margin:1rem 0}}\
         .meta{{color:#444;overflow-wrap:anywhere}}a{{color:#0645ad;word-break:break-all}}</style></head><body>\
         <main><h1>Sandbox outbox</h1>\
         <p>E-mails and text messages this local sandbox would have sent, newest first. \
         Only this machine can see this page. <a href=\"{PATH}\">Refresh</a></p>\
         {list}</main></body></html>"
    )
}

/// Unix seconds as `2026-11-24 13:05:09Z`.
fn utc(unix: i64) -> String {
    crate::dates::utc_seconds(unix)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utc_times() {
        assert_eq!(utc(0), "1970-01-01 00:00:00Z");
        assert_eq!(utc(951_782_400), "2000-02-29 00:00:00Z");
        assert_eq!(utc(1_795_526_828), "2026-11-24 13:27:08Z");
    }

    #[test]
    fn escapes_what_it_shows() {
        let m = Message {
            id: 1,
            created_at: 0,
            kind: "email".into(),
            recipient: "<b>@x.io".into(),
            subject: "s".into(),
            body: "a & b".into(),
            link: Some("http://h/\"x".into()),
        };
        let html = render(&[m]);
        assert!(html.contains("&lt;b&gt;@x.io"));
        assert!(html.contains("a &amp; b"));
        assert!(html.contains("http://h/&quot;x"));
        assert!(!html.contains("<b>@"));
    }
}
