//! `/sitemap.xml` (every public page in every locale, each with its alternates) and
//! `/robots.txt` (the player's pages kept out, the sitemap named).

use super::routes::PRIVATE;
use super::text::escape;
use super::Site;
use crate::db::pages;
use crate::state::AppState;

/// Every public address, unprefixed: the sections, then the content pages.
fn public_paths(state: &AppState, site: &Site) -> rusqlite::Result<Vec<String>> {
    let mut out: Vec<String> = [
        "/",
        "/games",
        "/games/providers",
        "/sport",
        "/welcome-package",
        "/questions",
        "/support",
        "/referral",
        "/contact",
    ]
    .iter()
    .map(|p| p.to_string())
    .collect();
    let db = state.db();
    for (kind, prefix) in [
        ("static", "/static/"),
        ("bonus", "/bonus/"),
        ("question", "/questions/"),
    ] {
        for item in pages::list(&db, &site.default, &site.default, kind)? {
            out.push(format!("{prefix}{}", item.slug));
        }
    }
    // Pages of kind `page` without a section of their own are read at `/{slug}`.
    for item in pages::list(&db, &site.default, &site.default, "page")? {
        let path = format!("/{}", item.slug);
        if !out.contains(&path) {
            out.push(path);
        }
    }
    Ok(out)
}

pub fn sitemap(state: &AppState, site: &Site) -> rusqlite::Result<String> {
    let mut x = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" \
         xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n",
    );
    for rest in public_paths(state, site)? {
        for locale in &site.locales {
            x += &format!(
                "  <url>\n    <loc>{}</loc>\n",
                escape(&site.url(locale, &rest))
            );
            for l in &site.locales {
                x += &format!(
                    "    <xhtml:link rel=\"alternate\" hreflang=\"{}\" href=\"{}\"/>\n",
                    escape(l),
                    escape(&site.url(l, &rest))
                );
            }
            x += &format!(
                "    <xhtml:link rel=\"alternate\" hreflang=\"x-default\" href=\"{}\"/>\n  </url>\n",
                escape(&site.url(&site.default, &rest))
            );
        }
    }
    Ok(x + "</urlset>\n")
}

pub fn robots(site: &Site) -> String {
    let mut r = String::from("User-agent: *\n");
    for locale in &site.locales {
        for p in PRIVATE {
            r += &format!("Disallow: {}\n", site.path(locale, p));
        }
    }
    r + &format!("Allow: /\n\nSitemap: {}/sitemap.xml\n", site.origin)
}
