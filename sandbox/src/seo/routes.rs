//! Which page an address is (the core's route table, core/src/domain/route.rs, as far as the
//! head needs it) and what its head and text say, from the localized content.

use std::collections::BTreeMap;

use super::text::{clip, paragraphs};
use super::Site;
use crate::db::pages;
use crate::state::AppState;

/// A description's length in characters (search results show about this much).
const DESCRIPTION_MAX: usize = 160;

/// Pages that need a signed-in player (the core's player routes: wallet, bonuses, profile and
/// the player's lists) or that only carry a one-time link: kept out of the index
/// (`noindex`, and disallowed in robots.txt).
pub const PRIVATE: [&str; 9] = [
    "/wallet",
    "/bonuses",
    "/profile",
    "/favorites",
    "/recently-played",
    "/auth/",
    "/verify/",
    "/password-reset/",
    "/redirect",
];

/// A page of `PRIVATE` (`rest` unprefixed).
pub fn is_private(rest: &str) -> bool {
    PRIVATE.iter().any(|p| match p.strip_suffix('/') {
        Some(dir) => rest.starts_with(p) || rest == dir,
        None => rest == *p || rest.starts_with(&format!("{p}/")),
    })
}

/// The head and text of one page in one locale.
pub struct Meta {
    pub locale: String,
    /// The address without its locale prefix (`/` or `/static/terms`).
    pub rest: String,
    pub title: String,
    pub description: String,
    /// The page's own heading and paragraphs, for readers without scripts.
    pub heading: String,
    pub paragraphs: Vec<String>,
    /// `article` for a content page, else `website`.
    pub og_type: &'static str,
    pub noindex: bool,
    pub brand: String,
    /// Links to the public sections in this locale: `(path, label)`.
    pub links: Vec<(String, String)>,
}

/// The page at `path` (as requested, maybe locale-prefixed).
pub fn describe(state: &AppState, site: &Site, path: &str) -> rusqlite::Result<Meta> {
    let segs: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    let (locale, segs) = match segs.split_first() {
        Some((first, rest)) if site.locales.iter().any(|l| l.eq_ignore_ascii_case(first)) => {
            (first.to_ascii_lowercase(), rest.to_vec())
        }
        _ => (site.default.clone(), segs),
    };
    let rest = format!("/{}", segs.join("/"));
    let texts = site.texts(state, &locale)?;
    let t = |k: &str| texts.get(k).cloned().unwrap_or_default();
    let brand = t("brand");
    let subtitle = t("home.subtitle");
    let links = sections(state, site, &locale, &texts)?;
    let mut meta = Meta {
        locale: locale.clone(),
        noindex: is_private(&rest),
        rest,
        title: brand.clone(),
        description: subtitle.clone(),
        heading: brand.clone(),
        paragraphs: vec![subtitle.clone()],
        og_type: "website",
        brand: brand.clone(),
        links,
    };
    let named = |meta: &mut Meta, route: &str| {
        let name = t(&format!("pages.{route}"));
        if !name.is_empty() {
            meta.title = format!("{name} — {brand}");
            meta.heading = name;
        }
    };
    let page = |slug: &str, kind: Option<&str>| {
        pages::find(&state.db(), &locale, &site.default, slug, kind)
    };
    let found = match segs.as_slice() {
        [] => {
            let title = t("home.title");
            meta.title = format!("{title} — {brand}");
            meta.heading = title;
            None
        }
        ["static", slug] => page(slug, Some("static"))?,
        ["bonus", slug] => page(slug, Some("bonus"))?,
        ["questions", slug] => page(slug, Some("question"))?,
        [slug @ ("support" | "referral" | "welcome-package")] => page(slug, Some("page"))?,
        ["questions"] => {
            named(&mut meta, "questions");
            let list = pages::list(&state.db(), &locale, &site.default, "question")?;
            meta.paragraphs = list.iter().map(|q| q.title.clone()).collect();
            meta.description = clip(&meta.paragraphs.join(" · "), DESCRIPTION_MAX);
            None
        }
        [first, ..] => {
            let route = match segs.as_slice() {
                ["games", "providers"] => "games-providers".to_string(),
                ["games", _, ..] => "games-id".to_string(),
                ["game", _] => "game-id".to_string(),
                ["sport", ..] => "sport-slug".to_string(),
                ["wallet", "history"] => "wallet-history".to_string(),
                ["profile", sub @ ..] if !sub.is_empty() => format!("profile-{}", sub.join("-")),
                [one] => one.to_string(),
                _ => String::new(),
            };
            named(&mut meta, &route);
            // `/{slug}`: any page of that slug (the core's `slug` route).
            if segs.len() == 1 && !texts.contains_key(&format!("pages.{first}")) {
                page(first, None)?
            } else {
                None
            }
        }
    };
    if let Some(p) = found {
        let text = paragraphs(&p.body);
        meta.title = format!("{} — {brand}", p.title);
        meta.description = clip(&text.join(" "), DESCRIPTION_MAX);
        meta.heading = p.title;
        meta.paragraphs = text;
        meta.og_type = "article";
    }
    if meta.description.is_empty() {
        meta.description = subtitle;
    }
    Ok(meta)
}

/// The public sections of the site in `locale`, linked from every page's text for readers and
/// crawlers without scripts.
fn sections(
    state: &AppState,
    site: &Site,
    locale: &str,
    texts: &BTreeMap<String, String>,
) -> rusqlite::Result<Vec<(String, String)>> {
    let t = |k: &str| {
        texts
            .get(&format!("pages.{k}"))
            .cloned()
            .unwrap_or_default()
    };
    let mut out: Vec<(String, String)> = [
        ("/", "index"),
        ("/games", "games"),
        ("/sport", "sport-slug"),
        ("/welcome-package", "welcome-package"),
        ("/questions", "questions"),
        ("/support", "support"),
        ("/referral", "referral"),
    ]
    .iter()
    .map(|(p, k)| (site.path(locale, p), t(k)))
    .collect();
    for kind in ["static", "bonus"] {
        for item in pages::list(&state.db(), locale, &site.default, kind)? {
            out.push((
                site.path(locale, &format!("/{kind}/{}", item.slug)),
                item.title,
            ));
        }
    }
    Ok(out)
}
