//! Fills the served index.html for one page: its head tags and, for readers without scripts,
//! its text. Everything else of the file is kept as built (other tags of the head, the
//! prerendered templates, the scripts whose hashes the CSP lists).

use super::routes::Meta;
use super::text::escape;
use super::Site;

/// `index.html` with the page's `<html lang>`, title, description, Open Graph and Twitter
/// tags, canonical and hreflang alternates, and a `<noscript>` holding its text.
pub fn fill(html: &str, meta: &Meta, site: &Site) -> String {
    let mut out = set_lang(html, &meta.locale);
    // The built title and any description give way to the page's.
    for (open, close) in [("<title", "</title>"), ("<meta name=\"description\"", ">")] {
        if let Some(start) = out.find(open) {
            if let Some(len) = out[start..].find(close) {
                out.replace_range(start..start + len + close.len(), "");
            }
        }
    }
    let tags = head_tags(meta, site);
    match out.find("</head>") {
        Some(i) => out.insert_str(i, &tags),
        None => out.insert_str(0, &tags),
    }
    let text = noscript(meta);
    match out
        .find("<body")
        .and_then(|b| out[b..].find('>').map(|e| b + e + 1))
    {
        Some(i) => out.insert_str(i, &text),
        None => out.push_str(&text),
    }
    out
}

fn set_lang(html: &str, locale: &str) -> String {
    let Some(start) = html.find("<html") else {
        return html.to_string();
    };
    let end = start + html[start..].find('>').unwrap_or(5);
    let tag = &html[start..end];
    let lang = format!("lang=\"{}\"", escape(locale));
    let new = match tag.find("lang=\"") {
        Some(i) => {
            let vend = tag[i + 6..].find('"').map_or(tag.len(), |j| i + 6 + j + 1);
            format!("{}{lang}{}", &tag[..i], &tag[vend..])
        }
        None => format!("<html {lang}{}", &tag[5..]),
    };
    format!("{}{new}{}", &html[..start], &html[end..])
}

/// `pt-br` -> `pt_BR`, as Open Graph writes a locale.
fn og_locale(code: &str) -> String {
    match code.split_once('-') {
        Some((l, r)) => format!("{l}_{}", r.to_ascii_uppercase()),
        None => code.to_string(),
    }
}

fn head_tags(meta: &Meta, site: &Site) -> String {
    let (title, description) = (escape(&meta.title), escape(&meta.description));
    let url = escape(&site.url(&meta.locale, &meta.rest));
    let mut t = format!(
        "<title>{title}</title>\n    <meta name=\"description\" content=\"{description}\" />\n    \
         <link rel=\"canonical\" href=\"{url}\" />\n"
    );
    for l in &site.locales {
        t += &format!(
            "    <link rel=\"alternate\" hreflang=\"{}\" href=\"{}\" />\n",
            escape(l),
            escape(&site.url(l, &meta.rest))
        );
    }
    t += &format!(
        "    <link rel=\"alternate\" hreflang=\"x-default\" href=\"{}\" />\n",
        escape(&site.url(&site.default, &meta.rest))
    );
    let og = [
        ("og:type", meta.og_type.to_string()),
        ("og:site_name", meta.brand.clone()),
        ("og:title", meta.title.clone()),
        ("og:description", meta.description.clone()),
        ("og:url", site.url(&meta.locale, &meta.rest)),
        ("og:locale", og_locale(&meta.locale)),
    ];
    for (k, v) in og {
        t += &format!("    <meta property=\"{k}\" content=\"{}\" />\n", escape(&v));
    }
    for l in site.locales.iter().filter(|l| **l != meta.locale) {
        t += &format!(
            "    <meta property=\"og:locale:alternate\" content=\"{}\" />\n",
            escape(&og_locale(l))
        );
    }
    t += &format!(
        "    <meta name=\"twitter:card\" content=\"summary\" />\n    \
         <meta name=\"twitter:title\" content=\"{title}\" />\n    \
         <meta name=\"twitter:description\" content=\"{description}\" />\n"
    );
    if meta.noindex {
        t += "    <meta name=\"robots\" content=\"noindex\" />\n";
    }
    t + "  "
}

/// The page's text for readers without scripts (a browser with scripts never shows it, so the
/// app's first paint is as before).
fn noscript(meta: &Meta) -> String {
    let mut t = String::from("\n    <noscript><main class=\"seo-text\">");
    t += &format!("<h1>{}</h1>", escape(&meta.heading));
    for p in &meta.paragraphs {
        t += &format!("<p>{}</p>", escape(p));
    }
    t += "<nav><ul>";
    for (href, label) in &meta.links {
        if !label.is_empty() {
            t += &format!(
                "<li><a href=\"{}\">{}</a></li>",
                escape(href),
                escape(label)
            );
        }
    }
    t + "</ul></nav></main></noscript>"
}
