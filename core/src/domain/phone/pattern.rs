//! A tiny backtracking regular-expression engine for the subset of syntax that libphonenumber
//! metadata uses: literals, `\d`, classes `[..]` with ranges (and `^` negation), groups
//! `(..)` / `(?:..)`, alternation `|`, quantifiers `?` `*` `+` `{n}` `{n,}` `{n,m}` (greedy),
//! and the anchors `^` `$`. It follows JavaScript's backtracking priorities (left alternative
//! first, greedy repetition), so captures and prefix matches equal what libphonenumber-js gets
//! from `RegExp`, natively and in wasm alike, without a regex crate.
//!
//! Every match runs under a step budget; a pattern that would need more steps counts as not
//! matching (never reached by the metadata on inputs of phone-number length). Malformed
//! patterns compile to `None`. Nothing panics.

/// Work limit per match attempt.
const STEP_BUDGET: u32 = 200_000;
/// Deepest group nesting accepted by the parser.
const MAX_DEPTH: u32 = 32;

#[derive(Debug, Clone)]
enum Node {
    Char(char),
    Digit,
    Class {
        negated: bool,
        ranges: Vec<(char, char)>,
    },
    Group {
        capture: Option<usize>,
        alts: Vec<Vec<Node>>,
    },
    Repeat {
        node: Box<Node>,
        min: u32,
        max: Option<u32>,
    },
    Start,
    End,
}

/// A compiled pattern.
#[derive(Debug, Clone)]
pub struct Pattern {
    alts: Vec<Vec<Node>>,
    groups: usize,
}

/// Capture spans by group number (0 is the whole match).
pub type Captures = Vec<Option<(usize, usize)>>;

struct Parser<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
    groups: usize,
}

impl Parser<'_> {
    fn alternation(&mut self, depth: u32) -> Option<Vec<Vec<Node>>> {
        if depth > MAX_DEPTH {
            return None;
        }
        let mut alts = vec![Vec::new()];
        while let Some(&c) = self.chars.peek() {
            match c {
                ')' => break,
                '|' => {
                    self.chars.next();
                    alts.push(Vec::new());
                }
                _ => {
                    let atom = self.atom(depth)?;
                    let atom = self.quantified(atom)?;
                    alts.last_mut()?.push(atom);
                }
            }
        }
        Some(alts)
    }

    fn atom(&mut self, depth: u32) -> Option<Node> {
        let c = self.chars.next()?;
        Some(match c {
            '(' => {
                let capture = if self.chars.peek() == Some(&'?') {
                    self.chars.next();
                    if self.chars.next()? != ':' {
                        return None;
                    }
                    None
                } else {
                    self.groups += 1;
                    Some(self.groups)
                };
                let alts = self.alternation(depth + 1)?;
                if self.chars.next()? != ')' {
                    return None;
                }
                Node::Group { capture, alts }
            }
            '[' => self.class()?,
            '\\' => self.escape()?,
            '^' => Node::Start,
            '$' => Node::End,
            '.' | '*' | '+' | '?' | '{' | '}' | ']' => return None,
            c => Node::Char(c),
        })
    }

    fn escape(&mut self) -> Option<Node> {
        let c = self.chars.next()?;
        Some(match c {
            'd' => Node::Digit,
            c if c.is_ascii_alphanumeric() => return None,
            c => Node::Char(c),
        })
    }

    fn class(&mut self) -> Option<Node> {
        let mut negated = false;
        if self.chars.peek() == Some(&'^') {
            self.chars.next();
            negated = true;
        }
        let mut ranges = Vec::new();
        let mut first = true;
        loop {
            let c = self.chars.next()?;
            let lo = match c {
                ']' if !first => break,
                '\\' => match self.chars.next()? {
                    'd' => {
                        ranges.push(('0', '9'));
                        first = false;
                        continue;
                    }
                    e if e.is_ascii_alphanumeric() => return None,
                    e => e,
                },
                c => c,
            };
            first = false;
            if self.chars.peek() == Some(&'-') {
                let mut look = self.chars.clone();
                look.next();
                match look.peek() {
                    Some(&']') | None => ranges.push((lo, lo)),
                    Some(_) => {
                        self.chars.next();
                        let hi = match self.chars.next()? {
                            '\\' => self.chars.next()?,
                            h => h,
                        };
                        if hi < lo {
                            return None;
                        }
                        ranges.push((lo, hi));
                    }
                }
            } else {
                ranges.push((lo, lo));
            }
        }
        Some(Node::Class { negated, ranges })
    }

    fn quantified(&mut self, atom: Node) -> Option<Node> {
        let (min, max) = match self.chars.peek() {
            Some('?') => (0, Some(1)),
            Some('*') => (0, None),
            Some('+') => (1, None),
            Some('{') => {
                self.chars.next();
                let mut text = String::new();
                loop {
                    let c = self.chars.next()?;
                    if c == '}' {
                        break;
                    }
                    if text.len() > 12 {
                        return None;
                    }
                    text.push(c);
                }
                let (lo, hi) = match text.split_once(',') {
                    Some((lo, "")) => (lo.parse().ok()?, None),
                    Some((lo, hi)) => (lo.parse().ok()?, Some(hi.parse().ok()?)),
                    None => {
                        let n = text.parse().ok()?;
                        (n, Some(n))
                    }
                };
                if hi.is_some_and(|h| h < lo) || lo > 1000 {
                    return None;
                }
                if matches!(atom, Node::Start | Node::End) {
                    return None;
                }
                return Some(Node::Repeat {
                    node: Box::new(atom),
                    min: lo,
                    max: hi,
                });
            }
            _ => return Some(atom),
        };
        self.chars.next();
        if matches!(atom, Node::Start | Node::End) {
            return None;
        }
        if self.chars.peek() == Some(&'?') {
            return None; // lazy quantifiers are not part of the metadata syntax
        }
        Some(Node::Repeat {
            node: Box::new(atom),
            min,
            max,
        })
    }
}

struct Matcher<'a> {
    input: &'a [char],
    steps: std::cell::Cell<u32>,
}

type Cont<'k> = &'k mut dyn FnMut(usize, &mut Captures) -> bool;

impl Matcher<'_> {
    fn tick(&self) -> bool {
        let s = self.steps.get().saturating_add(1);
        self.steps.set(s);
        s <= STEP_BUDGET
    }

    fn seq(&self, seq: &[Node], pos: usize, caps: &mut Captures, k: Cont) -> bool {
        if !self.tick() {
            return false;
        }
        match seq.split_first() {
            None => k(pos, caps),
            Some((first, rest)) => self.node(first, pos, caps, &mut |p, c| self.seq(rest, p, c, k)),
        }
    }

    fn single(&self, node: &Node, c: char) -> bool {
        match node {
            Node::Char(x) => *x == c,
            Node::Digit => c.is_ascii_digit(),
            Node::Class { negated, ranges } => {
                ranges.iter().any(|(lo, hi)| *lo <= c && c <= *hi) != *negated
            }
            _ => false,
        }
    }

    fn node(&self, node: &Node, pos: usize, caps: &mut Captures, k: Cont) -> bool {
        if !self.tick() {
            return false;
        }
        match node {
            Node::Char(_) | Node::Digit | Node::Class { .. } => match self.input.get(pos) {
                Some(&c) if self.single(node, c) => k(pos + 1, caps),
                _ => false,
            },
            Node::Start => pos == 0 && k(pos, caps),
            Node::End => pos == self.input.len() && k(pos, caps),
            Node::Group { capture, alts } => {
                for alt in alts {
                    let matched =
                        self.seq(alt, pos, caps, &mut |p, c: &mut Captures| match capture {
                            Some(i) => {
                                let saved = c.get(*i).copied().flatten();
                                if let Some(slot) = c.get_mut(*i) {
                                    *slot = Some((pos, p));
                                }
                                if k(p, c) {
                                    return true;
                                }
                                if let Some(slot) = c.get_mut(*i) {
                                    *slot = saved;
                                }
                                false
                            }
                            None => k(p, c),
                        });
                    if matched {
                        return true;
                    }
                }
                false
            }
            Node::Repeat { node, min, max } => self.repeat(node, *min, *max, 0, pos, caps, k),
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn repeat(
        &self,
        node: &Node,
        min: u32,
        max: Option<u32>,
        count: u32,
        pos: usize,
        caps: &mut Captures,
        k: Cont,
    ) -> bool {
        if !self.tick() {
            return false;
        }
        if max.is_none_or(|m| count < m) {
            let more = self.node(node, pos, caps, &mut |p, c| {
                // An iteration that consumed nothing cannot help (JS rejects it too).
                if p == pos && count >= min {
                    return false;
                }
                self.repeat(node, min, max, count.saturating_add(1), p, c, k)
            });
            if more {
                return true;
            }
        }
        count >= min && k(pos, caps)
    }
}

impl Pattern {
    /// Compiles `source`; `None` if it uses syntax outside the supported subset.
    pub fn new(source: &str) -> Option<Pattern> {
        let mut parser = Parser {
            chars: source.chars().peekable(),
            groups: 0,
        };
        let alts = parser.alternation(0)?;
        if parser.chars.next().is_some() {
            return None; // unbalanced ')'
        }
        Some(Pattern {
            alts,
            groups: parser.groups,
        })
    }

    fn run(&self, text: &str, anchored_end: bool) -> Option<(usize, Captures)> {
        let input = super::chars_of(text);
        let m = Matcher {
            input: &input,
            steps: std::cell::Cell::new(0),
        };
        let root = Node::Group {
            capture: None,
            alts: self.alts.clone(),
        };
        let mut caps: Captures = vec![None; self.groups + 1];
        let mut out: Option<(usize, Captures)> = None;
        let len = input.len();
        m.node(&root, 0, &mut caps, &mut |p, c| {
            if anchored_end && p != len {
                return false;
            }
            let mut won = c.clone();
            if let Some(slot) = won.get_mut(0) {
                *slot = Some((0, p));
            }
            out = Some((p, won));
            true
        });
        out
    }

    /// JavaScript `new RegExp('^(?:' + p + ')$').test(text)`.
    pub fn matches_entirely(&self, text: &str) -> bool {
        self.run(text, true).is_some()
    }

    /// JavaScript `new RegExp('^(?:' + p + ')').exec(text)`: the match at the start, with the
    /// captured spans (character indices).
    pub fn match_prefix(&self, text: &str) -> Option<Captures> {
        self.run(text, false).map(|(_, caps)| caps)
    }
}

/// `^(?:pattern)$` on `text`; a malformed pattern never matches.
pub fn matches_entirely(pattern: &str, text: &str) -> bool {
    Pattern::new(pattern).is_some_and(|p| p.matches_entirely(text))
}

/// Whether `pattern` matches at the start of `text` (JavaScript `text.search(p) === 0`).
pub fn matches_at_start(pattern: &str, text: &str) -> bool {
    Pattern::new(pattern).is_some_and(|p| p.match_prefix(text).is_some())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_matches() {
        for (p, t, ok) in [
            ("\\d{3}", "123", true),
            ("\\d{3}", "1234", false),
            ("[2-9]\\d{9}|3\\d{6}", "2025550143", true),
            ("[2-9]\\d{9}|3\\d{6}", "3123456", true),
            ("[2-9]\\d{9}|3\\d{6}", "1025550143", false),
            ("(?:1[245]|2[1-35])\\d{2,3}", "1299", true),
            ("(?:1[245]|2[1-35])\\d{2,3}", "12999", true),
            ("(?:1[245]|2[1-35])\\d{2,3}", "129999", false),
            ("a?b+c*", "bbb", true),
            ("a?b+c*", "abcc", true),
            ("a?b+c*", "ac", false),
            ("[^0]\\d", "10", true),
            ("[^0]\\d", "01", false),
            ("[0-9-]+", "1-2", true),
            ("(a|ab)(c|bcd)(d*)", "abcd", true),
            ("x{2,}", "xxxx", true),
            ("x{2,}", "x", false),
            ("", "", true),
            ("(?:)*x", "x", true),
        ] {
            assert_eq!(matches_entirely(p, t), ok, "{p} on {t}");
        }
    }

    #[test]
    fn prefix_captures_follow_js_priorities() {
        // BR national prefix for parsing.
        let p =
            Pattern::new("(?:0|90)(?:(1[245]|2[1-35]|31|4[13]|[56]5|99)(\\d{10,11}))?").unwrap();
        let caps = p.match_prefix("015 11987654321").unwrap();
        assert_eq!(caps[0], Some((0, 1)), "space breaks the optional group");
        let caps = p.match_prefix("01511987654321").unwrap();
        assert_eq!(caps[0], Some((0, 14)));
        assert_eq!(caps[1], Some((1, 3)));
        assert_eq!(caps[2], Some((3, 14)));
        // JS: /^(?:(a|ab)(c|bcd)(d*))/.exec("abcd") -> ["abcd", "a", "bcd", ""]
        let p = Pattern::new("(a|ab)(c|bcd)(d*)").unwrap();
        let caps = p.match_prefix("abcd").unwrap();
        assert_eq!(caps[1], Some((0, 1)));
        assert_eq!(caps[2], Some((1, 4)));
        assert_eq!(caps[3], Some((4, 4)));
        // $ inside a prefix pattern
        let p = Pattern::new("([2-9]\\d{6})$|1").unwrap();
        assert_eq!(p.match_prefix("2345678").unwrap()[1], Some((0, 7)));
        assert_eq!(p.match_prefix("12345678").unwrap()[1], None);
        assert!(p.match_prefix("02345678").is_none());
    }

    #[test]
    fn malformed_patterns_do_not_compile() {
        for p in [
            "(", ")", "[a", "a{2", "a{3,2}", "*a", "a**", "\\w", "(?=a)", "a+?", "^*", "[b-a]",
        ] {
            assert!(Pattern::new(p).is_none(), "{p}");
        }
    }

    #[test]
    fn budget_stops_catastrophic_patterns() {
        let text = "a".repeat(40) + "b";
        assert!(!matches_entirely("(a*)*c", &text));
        assert!(!matches_entirely("(?:a|a)*c", &text));
    }
}
