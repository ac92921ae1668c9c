//! What search engines and link previews read (issue 30): the head of every page the app's
//! index.html is served for, filled per request from the route and the localized content the
//! sandbox already holds (title, description, Open Graph, Twitter card, canonical, hreflang
//! alternates), the page's text for readers without scripts, `/sitemap.xml` and `/robots.txt`.
//! Why the server and not files per route written at build time: docs/ARCHITECTURE.md "Pages
//! that search engines read".

mod head;
mod routes;
mod sitemap;
pub(crate) mod text;

use axum::http::{header, HeaderMap, HeaderValue};
use axum::response::{IntoResponse, Response};

use crate::db::{catalog, content};
use crate::state::AppState;

pub use head::fill;
pub use routes::describe;

/// The site as one request sees it: the origin it was asked on and the locales.
pub struct Site {
    /// `https://host[:port]`, from the request (Host, X-Forwarded-Proto): never a literal.
    pub origin: String,
    /// Every locale code, the default first.
    pub locales: Vec<String>,
    pub default: String,
}

impl Site {
    pub fn new(state: &AppState, headers: &HeaderMap) -> rusqlite::Result<Site> {
        let list = catalog::locales(&state.db())?;
        let default = list
            .iter()
            .find(|l| l.is_default)
            .map_or("en".to_string(), |l| l.code.clone());
        let mut locales = vec![default.clone()];
        locales.extend(list.into_iter().map(|l| l.code).filter(|c| *c != default));
        Ok(Site {
            origin: origin(headers),
            locales,
            default,
        })
    }

    /// The path of `rest` (unprefixed, `/` or `/x/y`) in `locale`.
    pub fn path(&self, locale: &str, rest: &str) -> String {
        match (locale == self.default, rest) {
            (true, _) => rest.to_string(),
            (false, "/") => format!("/{locale}"),
            (false, _) => format!("/{locale}{rest}"),
        }
    }

    pub fn url(&self, locale: &str, rest: &str) -> String {
        format!("{}{}", self.origin, self.path(locale, rest))
    }

    /// The `layout` texts of `locale`.
    pub fn texts(
        &self,
        state: &AppState,
        locale: &str,
    ) -> rusqlite::Result<std::collections::BTreeMap<String, String>> {
        let mut groups = content::texts(&state.db(), locale, &self.default, &["layout"])?;
        Ok(groups.remove("layout").unwrap_or_default())
    }
}

/// The origin the request was made to. The Host was checked against the served names
/// (hosts.rs); a proxy that ends TLS says so with `X-Forwarded-Proto: https`.
fn origin(headers: &HeaderMap) -> String {
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .filter(|h| {
            !h.is_empty()
                && h.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b".-:[]".contains(&b))
        })
        .unwrap_or("localhost");
    let https = headers
        .get("x-forwarded-proto")
        .and_then(|h| h.to_str().ok())
        .is_some_and(|p| p.trim().eq_ignore_ascii_case("https"));
    format!("{}://{host}", if https { "https" } else { "http" })
}

/// `/sitemap.xml` or `/robots.txt`, when `path` is one of them.
pub fn special(state: &AppState, path: &str, headers: &HeaderMap) -> Option<Response> {
    if path != "/sitemap.xml" && path != "/robots.txt" {
        return None;
    }
    let site = match Site::new(state, headers) {
        Ok(s) => s,
        Err(e) => return Some(crate::error::ApiError::from(e).into_response()),
    };
    let (kind, body) = if path == "/sitemap.xml" {
        match sitemap::sitemap(state, &site) {
            Ok(xml) => ("application/xml; charset=utf-8", xml),
            Err(e) => return Some(crate::error::ApiError::from(e).into_response()),
        }
    } else {
        ("text/plain; charset=utf-8", sitemap::robots(&site))
    };
    Some(
        (
            [
                (header::CONTENT_TYPE, HeaderValue::from_static(kind)),
                (
                    header::CACHE_CONTROL,
                    HeaderValue::from_static(crate::static_files::NO_CACHE),
                ),
            ],
            body,
        )
            .into_response(),
    )
}
