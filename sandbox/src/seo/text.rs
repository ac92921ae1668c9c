//! Text for the HTML the server writes: escaping, and a page body's plain text.

/// Escapes `s` for HTML text and double-quoted attributes.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// Elements whose content is no text a reader sees.
const HIDDEN: [&str; 4] = ["script", "style", "template", "noscript"];
/// Elements that end a paragraph.
const BLOCKS: [&str; 12] = [
    "p", "div", "li", "h1", "h2", "h3", "h4", "h5", "h6", "br", "tr", "section",
];

/// The paragraphs a reader sees in an operator's HTML body, as plain (unescaped) text: tags
/// dropped, the content of script/style-like elements dropped, the common entities read.
/// Never HTML: the caller escapes it, so no markup of the body reaches the page.
pub fn paragraphs(html: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut hidden: Option<String> = None;
    let mut rest = html;
    while let Some(lt) = rest.find('<') {
        if hidden.is_none() {
            cur.push_str(&rest[..lt]);
        }
        let after = &rest[lt + 1..];
        let end = after.find('>').unwrap_or(after.len());
        let tag = &after[..end];
        rest = after.get(end + 1..).unwrap_or("");
        let closing = tag.starts_with('/');
        let name: String = tag
            .trim_start_matches('/')
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect::<String>()
            .to_ascii_lowercase();
        match &hidden {
            Some(h) if closing && *h == name => hidden = None,
            Some(_) => {}
            None if !closing && HIDDEN.contains(&name.as_str()) && !tag.ends_with('/') => {
                hidden = Some(name)
            }
            None if BLOCKS.contains(&name.as_str()) => flush(&mut cur, &mut out),
            None => {}
        }
    }
    if hidden.is_none() {
        cur.push_str(rest);
    }
    flush(&mut cur, &mut out);
    out
}

fn flush(cur: &mut String, out: &mut Vec<String>) {
    let text = entities(&cur.split_whitespace().collect::<Vec<_>>().join(" "));
    if !text.is_empty() {
        out.push(text);
    }
    cur.clear();
}

fn entities(s: &str) -> String {
    s.replace("&nbsp;", " ")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

/// At most `max` characters of `s`, cut at a word and marked with an ellipsis.
pub fn clip(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        return s.to_string();
    }
    let cut: String = s.chars().take(max).collect();
    // The cut ends a word when the next character is a space; else it drops the cut word.
    let at_word_end = s.chars().nth(max).is_some_and(char::is_whitespace);
    let word = match cut.rfind(' ') {
        Some(i) if !at_word_end => &cut[..i],
        _ => cut.as_str(),
    };
    format!("{}…", word.trim_end_matches([',', '.', ';', ':']))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_of_a_body_never_survives() {
        let body = "<h2>1. Who</h2><p>We &amp; you</p><div><script>alert(1)</script></div>\
                    <p>a<img src=x onerror=alert(1)>b</p><style>p{}</style><noscript><b>x</b></noscript>";
        assert_eq!(paragraphs(body), ["1. Who", "We & you", "ab"]);
        let escaped = escape("</noscript><script>\"'&");
        assert_eq!(escaped, "&lt;/noscript&gt;&lt;script&gt;&quot;&#39;&amp;");
    }

    #[test]
    fn broken_markup_is_no_panic() {
        for s in ["<", "<p", "a<script>b", "<<>>", "</", "é<é>é"] {
            let _ = paragraphs(s);
        }
        assert_eq!(paragraphs("a<script>b"), ["a"]);
    }

    #[test]
    fn clip_cuts_at_a_word() {
        assert_eq!(clip("one two three", 9), "one two…");
        assert_eq!(clip("short", 9), "short");
        assert_eq!(clip("Привет мир дом", 10), "Привет мир…");
    }
}
