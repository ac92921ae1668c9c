//! Content HTML -> a tree of allow-listed elements (issue 16 "Content"). The view renders the
//! tree as elements, never as markup, so the sanitiser is safe by construction: nothing that
//! is not listed here can reach the page.
//!
//! # Rules
//!
//! - Kept elements: `h2`-`h4` (`h1`, `h5`, `h6` become `h2`/`h4`: the page title is the one
//!   `h1`), `p`, `br`, `hr`, `ul`, `ol`, `li`, `a`, `img`, `strong` (`b`), `em` (`i`),
//!   `blockquote`, `table`, `thead`, `tbody`, `tr`, `th`, `td`.
//! - Dropped with everything inside: script-like and embedding elements (`script`, `style`,
//!   `iframe`, `object`, `embed`, `svg`, `math`, `template`, forms and their fields, …).
//!   Raw-text ones (`script`, `style`, `textarea`, `title`, `xmp`, `iframe`, `noembed`,
//!   `noframes`, `noscript`, `plaintext`) are skipped to their end tag without reading tags
//!   inside, as a browser would.
//! - Any other element is unwrapped: its content stays, the element goes.
//! - Attributes: only `href` on `a` (http, https, mailto, tel or a relative address; checked by
//!   [`check_navigation`] after entities are decoded) and `src`/`alt` on `img` (http, https or a
//!   root-relative path). Everything else, event handlers and `style` included, is dropped.
//! - Text is entity-decoded and handed over as text (React escapes it); comments, doctypes and
//!   CDATA are dropped. Nesting deeper than [`MAX_DEPTH`] is flattened into the deepest kept
//!   element, so a hostile page cannot make the view recurse without bound.

use serde::Serialize;

use crate::domain::route::{check_navigation, NavTarget};

/// Deepest element nesting kept.
pub const MAX_DEPTH: usize = 24;

/// One node of sanitised content: an element (`tag` set) or a text run (`tag` empty).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct ContentNode {
    /// An allow-listed element name, or "" for text.
    pub tag: String,
    /// The text of a text run.
    pub text: String,
    /// `a`: a checked address; `img`: a checked image address.
    pub href: Option<String>,
    /// `img`: its alternative text.
    pub alt: Option<String>,
    /// `a`: the address is another site (opened in a new tab, without an opener).
    pub external: bool,
    pub children: Vec<ContentNode>,
}

const KEPT: [&str; 21] = [
    "h2",
    "h3",
    "h4",
    "p",
    "br",
    "hr",
    "ul",
    "ol",
    "li",
    "a",
    "img",
    "strong",
    "em",
    "blockquote",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "caption",
];

/// Elements whose whole subtree goes.
const DROPPED: [&str; 26] = [
    "script",
    "style",
    "iframe",
    "frame",
    "frameset",
    "object",
    "embed",
    "applet",
    "svg",
    "math",
    "template",
    "form",
    "input",
    "button",
    "select",
    "option",
    "textarea",
    "title",
    "head",
    "noscript",
    "noembed",
    "noframes",
    "xmp",
    "plaintext",
    "video",
    "audio",
];

/// Elements whose content is raw text up to their end tag.
const RAW: [&str; 10] = [
    "script",
    "style",
    "textarea",
    "title",
    "xmp",
    "iframe",
    "noembed",
    "noframes",
    "noscript",
    "plaintext",
];

const VOID: [&str; 16] = [
    "br", "hr", "img", "input", "meta", "link", "area", "base", "col", "embed", "param", "source",
    "track", "wbr", "keygen", "frame",
];

fn canonical(tag: &str) -> &str {
    match tag {
        "h1" => "h2",
        "h5" | "h6" => "h4",
        "b" => "strong",
        "i" => "em",
        t => t,
    }
}

/// Parse content HTML into sanitised nodes.
pub fn parse(html: &str) -> Vec<ContentNode> {
    let mut b = Builder::default();
    let mut rest = html;
    while !rest.is_empty() {
        let Some(lt) = rest.find('<') else {
            b.text(rest);
            break;
        };
        let (before, from_lt) = rest.split_at(lt);
        b.text(before);
        rest = b.markup(from_lt);
    }
    b.finish()
}

#[derive(Default)]
struct Builder {
    /// Finished top-level nodes.
    top: Vec<ContentNode>,
    /// Open kept elements (the last is where content goes).
    open: Vec<ContentNode>,
    /// Open dropped elements by name: while any is open, nothing is kept.
    dropped: Vec<String>,
}

impl Builder {
    fn push(&mut self, node: ContentNode) {
        match self.open.last_mut() {
            Some(parent) => parent.children.push(node),
            None => self.top.push(node),
        }
    }

    fn text(&mut self, raw: &str) {
        if raw.is_empty() || !self.dropped.is_empty() {
            return;
        }
        let text = decode(raw);
        let target = match self.open.last_mut() {
            Some(parent) => &mut parent.children,
            None => &mut self.top,
        };
        if let Some(last) = target.last_mut().filter(|n| n.tag.is_empty()) {
            last.text.push_str(&text);
        } else {
            target.push(ContentNode {
                text,
                ..ContentNode::default()
            });
        }
    }

    /// Read the markup at the start of `s` (which starts with `<`); returns what follows.
    fn markup<'a>(&mut self, s: &'a str) -> &'a str {
        let body = s.get(1..).unwrap_or_default();
        if let Some(c) = body.strip_prefix("!--") {
            return c
                .find("-->")
                .and_then(|i| c.get(i + 3..))
                .unwrap_or_default();
        }
        if body.starts_with('!') || body.starts_with('?') {
            return body
                .find('>')
                .and_then(|i| body.get(i + 1..))
                .unwrap_or_default();
        }
        let closing = body.starts_with('/');
        let name_from = if closing {
            body.get(1..).unwrap_or_default()
        } else {
            body
        };
        let name_len = name_from
            .find(|c: char| !c.is_ascii_alphanumeric())
            .unwrap_or(name_from.len());
        if name_len == 0 || !name_from.starts_with(|c: char| c.is_ascii_alphabetic()) {
            // Not a tag (`a < b`, `</ x>`): a browser shows the `<` as text.
            if closing {
                // `</ ...>` is a bogus comment.
                return body
                    .find('>')
                    .and_then(|i| body.get(i + 1..))
                    .unwrap_or_default();
            }
            self.text("<");
            return body;
        }
        let name = name_from
            .get(..name_len)
            .unwrap_or_default()
            .to_ascii_lowercase();
        let after_name = name_from.get(name_len..).unwrap_or_default();
        let (attrs, self_closing, rest) = attributes(after_name);
        if closing {
            self.close(&name);
            return rest;
        }
        if RAW.contains(&name.as_str()) {
            // Skip to the matching end tag (case-insensitive), reading nothing inside.
            let lower = rest.to_ascii_lowercase();
            let end = format!("</{name}");
            return match lower.find(&end) {
                Some(i) => {
                    let tail = rest.get(i..).unwrap_or_default();
                    tail.find('>')
                        .and_then(|j| tail.get(j + 1..))
                        .unwrap_or_default()
                }
                None => "",
            };
        }
        self.open_tag(&name, &attrs, self_closing);
        rest
    }

    fn open_tag(&mut self, name: &str, attrs: &[(String, String)], self_closing: bool) {
        let void = VOID.contains(&name);
        if DROPPED.contains(&name) || !self.dropped.is_empty() {
            // Inside a dropped subtree every element is tracked, so its end tags pair up.
            if !void && !self_closing {
                self.dropped.push(name.to_string());
            }
            return;
        }
        let tag = canonical(name);
        if !KEPT.contains(&tag) {
            return;
        }
        let mut node = ContentNode {
            tag: tag.to_string(),
            ..ContentNode::default()
        };
        let attr = |k: &str| attrs.iter().find(|(n, _)| n == k).map(|(_, v)| decode(v));
        match tag {
            "a" => {
                if let Some(Ok(target)) = attr("href").map(|h| check_navigation(&h, true)) {
                    node.external =
                        matches!(target, NavTarget::External(_)) && !target_is_contact(&target);
                    node.href = Some(match target {
                        NavTarget::Internal(t) | NavTarget::External(t) => t,
                    });
                }
            }
            "img" => {
                let src = attr("src").filter(|s| image_allowed(s));
                if src.is_none() {
                    return;
                }
                node.href = src;
                node.alt = Some(attr("alt").unwrap_or_default());
            }
            _ => {}
        }
        self.implied_end(tag);
        if void || self_closing || self.open.len() >= MAX_DEPTH {
            if !void && !self_closing {
                // Too deep: its content joins the deepest element; its end tag then finds
                // no open element of its name, or closes an outer one.
                return;
            }
            self.push(node);
        } else {
            self.open.push(node);
        }
    }

    /// Close what a browser closes before `tag` opens: an open `li` before the next `li` of
    /// its list, cells and rows before the next, a paragraph before a block.
    fn implied_end(&mut self, tag: &str) {
        let (closes, within): (&[&str], &[&str]) = match tag {
            "li" => (&["li"], &["ul", "ol"]),
            "td" | "th" => (&["td", "th"], &["tr", "table"]),
            "tr" => (&["tr", "td", "th"], &["table", "thead", "tbody"]),
            "p" | "ul" | "ol" | "table" | "h2" | "h3" | "h4" | "blockquote" | "hr" => {
                (&["p"], &["li", "td", "th", "blockquote"])
            }
            _ => return,
        };
        let mut found = None;
        for (i, n) in self.open.iter().rev().enumerate() {
            if within.contains(&n.tag.as_str()) {
                break;
            }
            if closes.contains(&n.tag.as_str()) {
                found = Some(i);
            }
        }
        if let Some(from_top) = found {
            for _ in 0..=from_top {
                self.pop();
            }
        }
    }

    fn close(&mut self, name: &str) {
        if let Some(i) = self.dropped.iter().rposition(|d| d == name) {
            self.dropped.truncate(i);
            return;
        }
        // Any other end tag ends a dropped subtree left open (`<div><svg onload=x></div>`),
        // as a browser's end tag closes what is open inside its element. Safe either way:
        // what follows is sanitised like everything else.
        self.dropped.clear();
        let tag = canonical(name);
        let Some(i) = self.open.iter().rposition(|n| n.tag == tag) else {
            return;
        };
        while self.open.len() > i {
            self.pop();
        }
    }

    fn pop(&mut self) {
        if let Some(node) = self.open.pop() {
            self.push(node);
        }
    }

    fn finish(mut self) -> Vec<ContentNode> {
        while !self.open.is_empty() {
            self.pop();
        }
        self.top
    }
}

fn target_is_contact(t: &NavTarget) -> bool {
    let NavTarget::External(s) = t else {
        return false;
    };
    let lower = s.to_ascii_lowercase();
    lower.starts_with("mailto:") || lower.starts_with("tel:")
}

/// Images load from http(s) or from the site's own root; nothing that runs or reads locally.
fn image_allowed(src: &str) -> bool {
    let s = src.trim();
    if s.chars().any(|c| c.is_control() || c.is_whitespace()) {
        return false;
    }
    let lower = s.to_ascii_lowercase();
    lower.starts_with("https://")
        || lower.starts_with("http://")
        || (s.starts_with('/') && !s.starts_with("//") && !s.starts_with("/\\"))
}

/// Attributes after the tag name, up to `>`: (lowercased name, raw value), whether it ends in
/// `/>`, and the text after the tag.
fn attributes(mut s: &str) -> (Vec<(String, String)>, bool, &str) {
    let mut out: Vec<(String, String)> = Vec::new();
    loop {
        s = s.trim_start_matches(|c: char| c.is_ascii_whitespace());
        if let Some(r) = s.strip_prefix("/>") {
            return (out, true, r);
        }
        if let Some(r) = s.strip_prefix('>') {
            return (out, false, r);
        }
        if let Some(r) = s.strip_prefix('/') {
            s = r;
            continue;
        }
        let Some(c) = s.chars().next() else {
            return (out, false, "");
        };
        let name_len = s
            .find(|c: char| c.is_ascii_whitespace() || c == '=' || c == '>' || c == '/')
            .unwrap_or(s.len())
            .max(c.len_utf8());
        let name = s.get(..name_len).unwrap_or_default().to_ascii_lowercase();
        s = s.get(name_len..).unwrap_or_default().trim_start();
        let mut value = String::new();
        if let Some(v) = s.strip_prefix('=') {
            let v = v.trim_start();
            match v.chars().next().filter(|q| *q == '"' || *q == '\'') {
                Some(q) => {
                    let inner = v.get(1..).unwrap_or_default();
                    let end = inner.find(q).unwrap_or(inner.len());
                    value = inner.get(..end).unwrap_or_default().to_string();
                    s = inner.get(end + 1..).unwrap_or_default();
                }
                None => {
                    let end = v
                        .find(|c: char| c.is_ascii_whitespace() || c == '>')
                        .unwrap_or(v.len());
                    value = v.get(..end).unwrap_or_default().to_string();
                    s = v.get(end..).unwrap_or_default();
                }
            }
        }
        if !out.iter().any(|(n, _)| *n == name) {
            // The first of a repeated attribute wins, as in browsers.
            out.push((name, value));
        }
    }
}

/// Decode character references: the named ones content uses and every numeric one (invalid
/// or NUL code points become U+FFFD).
pub fn decode(s: &str) -> String {
    if !s.contains('&') {
        return s.to_string();
    }
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find('&') {
        out.push_str(rest.get(..i).unwrap_or_default());
        let tail = rest.get(i + 1..).unwrap_or_default();
        let end = tail
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '#'))
            .unwrap_or(tail.len());
        let name = tail.get(..end).unwrap_or_default();
        let decoded = if let Some(num) = name.strip_prefix('#') {
            let code = match num.strip_prefix(['x', 'X']) {
                Some(hex) => u32::from_str_radix(hex, 16).ok(),
                None => num.parse::<u32>().ok(),
            };
            (!num.is_empty()).then(|| {
                code.filter(|c| *c != 0)
                    .and_then(char::from_u32)
                    .unwrap_or('\u{FFFD}')
            })
        } else {
            named(name)
        };
        match decoded {
            Some(c) => {
                out.push(c);
                let after = tail.get(end..).unwrap_or_default();
                rest = after.strip_prefix(';').unwrap_or(after);
            }
            None => {
                out.push('&');
                rest = tail;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The named references the sanitiser decodes, and their characters.
const NAMED: &[(&str, char)] = &[
    ("amp", '&'),
    ("AMP", '&'),
    ("lt", '<'),
    ("LT", '<'),
    ("gt", '>'),
    ("GT", '>'),
    ("quot", '"'),
    ("QUOT", '"'),
    ("apos", '\''),
    ("nbsp", '\u{A0}'),
    ("colon", ':'),
    ("Tab", '\t'),
    ("NewLine", '\n'),
    ("copy", '©'),
    ("reg", '®'),
    ("trade", '™'),
    ("euro", '€'),
    ("pound", '£'),
    ("mdash", '—'),
    ("ndash", '–'),
    ("hellip", '…'),
    ("laquo", '«'),
    ("raquo", '»'),
    ("middot", '·'),
];

fn named(name: &str) -> Option<char> {
    for (n, c) in NAMED {
        if *n == name {
            return Some(*c);
        }
    }
    None
}
