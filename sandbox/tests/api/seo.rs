//! Pages that search engines and link previews read (issue 30): the head the server fills
//! into index.html per route and locale, the page's text without scripts, sitemap.xml and
//! robots.txt.

use crate::common;

use common::{start_with, Sandbox};
use croupier_sandbox::Config;
use reqwest::StatusCode;

/// A built index.html in miniature: its own title, a tag another feature adds (the manifest
/// link), the prerender's template and inline script.
const INDEX: &str = "<!doctype html>\n<html lang=\"en\">\n  <head>\n    <meta charset=\"UTF-8\" />\n    \
<link rel=\"manifest\" href=\"/manifest.webmanifest\" />\n    <title>Built title</title>\n  </head>\n  <body>\n    \
<div id=\"root\"></div><template id=\"early-desktop\"><h1>Hero</h1></template><script>pick()</script>\n  </body>\n</html>\n";

struct Site {
    s: Sandbox,
    dir: std::path::PathBuf,
    db: std::path::PathBuf,
}

impl Drop for Site {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

async fn site(name: &str) -> Site {
    let dir = std::env::temp_dir().join(format!("croupier-seo-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("app")).unwrap();
    std::fs::write(dir.join("app/index.html"), INDEX).unwrap();
    let db = dir.join("sandbox.db");
    let s = start_with(Config {
        static_dir: Some(dir.join("app")),
        db: db.to_string_lossy().into_owned(),
        ..Config::for_tests()
    })
    .await;
    Site { s, dir, db }
}

async fn html(s: &Sandbox, path: &str) -> String {
    let r = s.get(path, None).await;
    assert_eq!(r.status, StatusCode::OK, "{path}");
    assert!(r.content_type.starts_with("text/html"), "{path}");
    r.body.as_str().unwrap().to_string()
}

/// The value of the first `attr="..."` of the tag that contains `marker`.
fn attr(html: &str, marker: &str, attr: &str) -> String {
    let at = html
        .find(marker)
        .unwrap_or_else(|| panic!("{marker} in {html}"));
    let start = html[..at].rfind('<').unwrap();
    let tag = &html[start..start + html[start..].find('>').unwrap()];
    let key = format!("{attr}=\"");
    let v = &tag[tag.find(&key).unwrap_or_else(|| panic!("{attr} in {tag}")) + key.len()..];
    v[..v.find('"').unwrap()].to_string()
}

fn title(html: &str) -> &str {
    let start = html.find("<title>").expect("a title") + 7;
    &html[start..start + html[start..].find("</title>").unwrap()]
}

fn head(html: &str) -> &str {
    &html[..html.find("</head>").expect("a head")]
}

#[tokio::test]
async fn every_page_has_its_localized_head_canonical_and_alternates() {
    let site = site("head").await;
    let (s, origin) = (&site.s, site.s.base.clone());

    let home = html(s, "/").await;
    assert_eq!(title(&home), "Your table is ready — Croupier");
    assert_eq!(
        home.matches("<title>").count(),
        1,
        "the built title gives way"
    );
    assert!(
        home.contains("<link rel=\"manifest\" href=\"/manifest.webmanifest\" />"),
        "other head tags kept"
    );
    assert!(
        home.contains("<script>pick()</script>")
            && home.contains("<template id=\"early-desktop\">")
    );
    assert_eq!(
        attr(&home, "name=\"description\"", "content"),
        "Thousands of games, live sport and fast payouts in fiat and crypto."
    );
    assert_eq!(
        attr(&home, "rel=\"canonical\"", "href"),
        format!("{origin}/")
    );
    for (lang, href) in [
        ("en", "/"),
        ("pt-br", "/pt-br"),
        ("es", "/es"),
        ("es-mx", "/es-mx"),
        ("ru", "/ru"),
        ("x-default", "/"),
    ] {
        assert_eq!(
            attr(&home, &format!("hreflang=\"{lang}\""), "href"),
            format!("{origin}{href}"),
            "{lang}"
        );
    }
    assert_eq!(
        attr(&home, "property=\"og:url\"", "content"),
        format!("{origin}/")
    );
    assert_eq!(attr(&home, "property=\"og:locale\"", "content"), "en");
    assert_eq!(attr(&home, "name=\"twitter:card\"", "content"), "summary");
    assert!(!head(&home).contains("noindex"));

    // A content page in a prefixed locale: its own title, a description from its text, the
    // locale's URL as canonical, its text readable without scripts.
    let terms = html(s, "/pt-br/static/terms").await;
    assert!(terms.starts_with("<!doctype html>\n<html lang=\"pt-br\">"));
    let t = title(&terms);
    assert!(t.ends_with(" — Croupier") && !t.starts_with("Terms"), "{t}");
    let page_title = t.trim_end_matches(" — Croupier");
    assert_eq!(
        attr(&terms, "rel=\"canonical\"", "href"),
        format!("{origin}/pt-br/static/terms")
    );
    assert_eq!(
        attr(&terms, "hreflang=\"en\"", "href"),
        format!("{origin}/static/terms")
    );
    assert_eq!(
        attr(&terms, "hreflang=\"x-default\"", "href"),
        format!("{origin}/static/terms")
    );
    assert_eq!(attr(&terms, "property=\"og:locale\"", "content"), "pt_BR");
    assert_eq!(attr(&terms, "property=\"og:type\"", "content"), "article");
    let description = attr(&terms, "name=\"description\"", "content");
    assert!(
        description.len() > 40 && description.chars().count() <= 161,
        "{description}"
    );
    let text = &terms[terms.find("<noscript>").unwrap()..terms.find("</noscript>").unwrap()];
    assert!(text.contains(&format!("<h1>{page_title}</h1>")), "{text}");
    assert!(
        text.contains("Croupier Gaming N.V."),
        "the page's body text: {text}"
    );
    assert!(
        text.contains("href=\"/pt-br/questions\""),
        "links stay in the locale: {text}"
    );

    // The questions list: its items in the text; a section: its name from the content.
    let questions = html(s, "/questions").await;
    assert_eq!(title(&questions), "Questions and answers — Croupier");
    assert!(
        questions.contains("<p>How do I make a deposit?"),
        "{}",
        &questions[questions.find("<noscript>").unwrap()..]
    );
    assert!(!title(&html(s, "/ru/support").await).starts_with("Croupier"));
    assert_eq!(title(&html(s, "/games").await), "Games — Croupier");

    // The player's pages are kept out of the index.
    let wallet = html(s, "/es/wallet").await;
    assert_eq!(attr(&wallet, "name=\"robots\"", "content"), "noindex");
    assert_eq!(attr(&wallet, "property=\"og:locale\"", "content"), "es");

    // The origin is the request's: a proxy ending TLS says so.
    let r = s
        .raw(
            s.client
                .get(format!("{origin}/support"))
                .header("X-Forwarded-Proto", "https"),
        )
        .await;
    let body = r.body.as_str().unwrap();
    let https = origin.replacen("http://", "https://", 1);
    assert_eq!(
        attr(body, "rel=\"canonical\"", "href"),
        format!("{https}/support")
    );
}

#[tokio::test]
async fn a_content_title_with_markup_or_quotes_cannot_break_out() {
    let site = site("escape").await;
    let conn = rusqlite::Connection::open(&site.db).unwrap();
    let evil = "Bonus \"</title><script>alert(1)</script>' <b>x</b>";
    conn.execute(
        "UPDATE content_pages SET title = ?1, body = ?2 WHERE slug = 'welcome-offer'",
        (evil, "<p>a</noscript><script>alert(2)</script>\"b</p>"),
    )
    .unwrap();
    drop(conn);
    let page = html(&site.s, "/bonus/welcome-offer").await;
    assert!(!page.contains("<script>alert"), "{page}");
    assert!(!page.contains("<b>x</b>"));
    assert_eq!(page.matches("</title>").count(), 1);
    assert_eq!(page.matches("</noscript>").count(), 1);
    let escaped =
        "Bonus &quot;&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;&#39; &lt;b&gt;x&lt;/b&gt;";
    assert_eq!(title(&page), format!("{escaped} — Croupier"));
    assert_eq!(
        attr(&page, "property=\"og:title\"", "content"),
        format!("{escaped} — Croupier")
    );
    assert!(
        page.contains("<p>a&quot;b</p>"),
        "the body's text, its markup dropped"
    );
}

#[tokio::test]
async fn a_page_answers_304_to_its_etag() {
    let site = site("etag").await;
    let s = &site.s;
    let first = s
        .client
        .get(format!("{}/static/terms", s.base))
        .send()
        .await
        .unwrap();
    assert_eq!(first.headers()["cache-control"], "no-cache");
    let etag = first.headers()["etag"].to_str().unwrap().to_string();
    let again = s
        .client
        .get(format!("{}/static/terms", s.base))
        .header("If-None-Match", &etag)
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
    let other = s
        .client
        .get(format!("{}/static/privacy", s.base))
        .header("If-None-Match", &etag)
        .send()
        .await
        .unwrap();
    assert_eq!(
        other.status(),
        StatusCode::OK,
        "another page is another answer"
    );
}

#[tokio::test]
async fn sitemap_lists_every_public_page_in_every_locale_with_alternates() {
    let site = site("sitemap").await;
    let (s, origin) = (&site.s, site.s.base.clone());
    let r = s
        .client
        .get(format!("{origin}/sitemap.xml"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    assert!(r.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("application/xml"));
    let xml = r.text().await.unwrap();
    assert!(xml.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>"));
    let locs: Vec<&str> = xml
        .split("<loc>")
        .skip(1)
        .map(|l| &l[..l.find("</loc>").unwrap()])
        .collect();
    for path in [
        "/",
        "/pt-br",
        "/static/terms",
        "/ru/static/privacy",
        "/es-mx/bonus/welcome-offer",
        "/questions",
        "/es/questions/how-to-deposit",
        "/support",
        "/welcome-package",
        "/about",
    ] {
        assert!(
            locs.contains(&format!("{origin}{path}").as_str()),
            "{path} in the sitemap"
        );
    }
    assert!(!locs
        .iter()
        .any(|l| l.contains("/wallet") || l.contains("/profile")));
    // Each locale of each page, each with every alternate.
    assert_eq!(locs.len() % 5, 0);
    let one = &xml[xml
        .find(&format!("<loc>{origin}/ru/support</loc>"))
        .unwrap()..];
    let one = &one[..one.find("</url>").unwrap()];
    assert_eq!(
        one.matches("<xhtml:link rel=\"alternate\"").count(),
        6,
        "{one}"
    );
    assert!(one.contains(&format!("hreflang=\"x-default\" href=\"{origin}/support\"")));
    assert!(one.contains(&format!(
        "hreflang=\"pt-br\" href=\"{origin}/pt-br/support\""
    )));
}

#[tokio::test]
async fn robots_keeps_the_players_pages_out_and_names_the_sitemap() {
    let site = site("robots").await;
    let s = &site.s;
    let r = s
        .client
        .get(format!("{}/robots.txt", s.base))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    assert!(r.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/plain"));
    let txt = r.text().await.unwrap();
    let lines: Vec<&str> = txt.lines().collect();
    assert_eq!(lines[0], "User-agent: *");
    for p in [
        "/wallet",
        "/profile",
        "/bonuses",
        "/favorites",
        "/pt-br/wallet",
        "/ru/profile",
    ] {
        assert!(
            lines.contains(&format!("Disallow: {p}").as_str()),
            "{p}: {txt}"
        );
    }
    assert!(!txt.contains("Disallow: /static") && !txt.contains("Disallow: /questions"));
    assert!(lines.contains(&format!("Sitemap: {}/sitemap.xml", s.base).as_str()));
}
