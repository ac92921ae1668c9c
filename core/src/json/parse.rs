//! JSON text -> `Json`: strict RFC 8259 grammar, nesting capped so hostile input cannot
//! exhaust the stack; errors name the byte offset.

use super::value::{Json, Map, Number};

/// Deeper nesting than any API payload; keeps recursion bounded.
const MAX_DEPTH: u32 = 128;

pub fn parse(text: &str) -> Result<Json, String> {
    let mut p = Parser {
        s: text.as_bytes(),
        i: 0,
        depth: 0,
    };
    let v = p.value()?;
    p.ws();
    if p.i != p.s.len() {
        return Err(p.fail());
    }
    Ok(v)
}

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
    depth: u32,
}

impl Parser<'_> {
    fn fail(&self) -> String {
        if self.i >= self.s.len() {
            "invalid JSON: unexpected end".into()
        } else {
            format!("invalid JSON at byte {}", self.i)
        }
    }

    fn ws(&mut self) {
        while matches!(self.s.get(self.i), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.i += 1;
        }
    }

    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }

    fn eat(&mut self, b: u8) -> bool {
        let hit = self.peek() == Some(b);
        self.i += usize::from(hit);
        hit
    }

    fn word(&mut self, w: &str, v: Json) -> Result<Json, String> {
        if self.s[self.i..].starts_with(w.as_bytes()) {
            self.i += w.len();
            Ok(v)
        } else {
            Err(self.fail())
        }
    }

    fn value(&mut self) -> Result<Json, String> {
        self.ws();
        match self.peek() {
            Some(b'n') => self.word("null", Json::Null),
            Some(b't') => self.word("true", Json::Bool(true)),
            Some(b'f') => self.word("false", Json::Bool(false)),
            Some(b'"') => self.string().map(Json::String),
            Some(b'[' | b'{') => {
                if self.depth >= MAX_DEPTH {
                    return Err("invalid JSON: nested too deeply".into());
                }
                self.depth += 1;
                let v = if self.peek() == Some(b'[') {
                    self.array()
                } else {
                    self.object()
                };
                self.depth -= 1;
                v
            }
            Some(b'-' | b'0'..=b'9') => self.number(),
            _ => Err(self.fail()),
        }
    }

    fn array(&mut self) -> Result<Json, String> {
        self.i += 1;
        let mut items = Vec::new();
        self.ws();
        if self.eat(b']') {
            return Ok(Json::Array(items));
        }
        loop {
            items.push(self.value()?);
            self.ws();
            if self.eat(b']') {
                return Ok(Json::Array(items));
            }
            if !self.eat(b',') {
                return Err(self.fail());
            }
        }
    }

    fn object(&mut self) -> Result<Json, String> {
        self.i += 1;
        let mut map = Map::new();
        self.ws();
        if self.eat(b'}') {
            return Ok(Json::Object(map));
        }
        loop {
            self.ws();
            if self.peek() != Some(b'"') {
                return Err(self.fail());
            }
            let key = self.string()?;
            self.ws();
            if !self.eat(b':') {
                return Err(self.fail());
            }
            let value = self.value()?;
            map.insert(key, value);
            self.ws();
            if self.eat(b'}') {
                return Ok(Json::Object(map));
            }
            if !self.eat(b',') {
                return Err(self.fail());
            }
        }
    }

    fn digits(&mut self) -> usize {
        let start = self.i;
        while matches!(self.peek(), Some(b'0'..=b'9')) {
            self.i += 1;
        }
        self.i - start
    }

    fn number(&mut self) -> Result<Json, String> {
        let start = self.i;
        let negative = self.eat(b'-');
        let int_start = self.i;
        let int_len = self.digits();
        if int_len == 0 || (int_len > 1 && self.s[int_start] == b'0') {
            return Err(self.fail());
        }
        let mut integer = true;
        if self.eat(b'.') {
            integer = false;
            if self.digits() == 0 {
                return Err(self.fail());
            }
        }
        if matches!(self.peek(), Some(b'e' | b'E')) {
            integer = false;
            self.i += 1;
            if !self.eat(b'+') {
                self.eat(b'-');
            }
            if self.digits() == 0 {
                return Err(self.fail());
            }
        }
        // The grammar above admits ASCII only, so this slice is valid UTF-8.
        let text = std::str::from_utf8(&self.s[start..self.i]).unwrap_or("0");
        if integer {
            let magnitude = text.trim_start_matches('-').parse::<u64>().ok();
            match (negative, magnitude) {
                (false, Some(n)) => return Ok(Json::Number(Number::U(n))),
                (true, Some(0)) => return Ok(Json::Number(Number::U(0))),
                (true, Some(n)) if n <= 1 << 63 => {
                    return Ok(Json::Number(Number::I((n as i64).wrapping_neg())))
                }
                _ => {}
            }
        }
        Ok(Json::Number(Number::F(float(text))))
    }

    fn hex4(&mut self) -> Result<u32, String> {
        let mut n = 0;
        for _ in 0..4 {
            let d = match self.peek() {
                Some(c @ b'0'..=b'9') => c - b'0',
                Some(c @ b'a'..=b'f') => c - b'a' + 10,
                Some(c @ b'A'..=b'F') => c - b'A' + 10,
                _ => return Err(self.fail()),
            };
            n = n * 16 + u32::from(d);
            self.i += 1;
        }
        Ok(n)
    }

    fn string(&mut self) -> Result<String, String> {
        self.i += 1;
        let mut out = Vec::new();
        loop {
            match self.peek() {
                None => return Err(self.fail()),
                Some(b'"') => {
                    self.i += 1;
                    // Input was &str and escapes write whole chars: always valid UTF-8.
                    return String::from_utf8(out).map_err(|_| self.fail());
                }
                Some(b'\\') => {
                    self.i += 1;
                    let c = match self.peek() {
                        Some(b'"') => '"',
                        Some(b'\\') => '\\',
                        Some(b'/') => '/',
                        Some(b'b') => '\u{8}',
                        Some(b'f') => '\u{c}',
                        Some(b'n') => '\n',
                        Some(b'r') => '\r',
                        Some(b't') => '\t',
                        Some(b'u') => {
                            self.i += 1;
                            let c = self.unicode()?;
                            let mut buf = [0; 4];
                            out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                            continue;
                        }
                        _ => return Err(self.fail()),
                    };
                    self.i += 1;
                    let mut buf = [0; 4];
                    out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                }
                Some(c) if c < 0x20 => return Err(self.fail()),
                Some(c) => {
                    out.push(c);
                    self.i += 1;
                }
            }
        }
    }

    /// After `\u`: one code point; a surrogate pair joins, a lone surrogate becomes U+FFFD
    /// (`JSON.parse` keeps it, but a Rust string cannot hold it).
    fn unicode(&mut self) -> Result<char, String> {
        let hi = self.hex4()?;
        if (0xD800..0xDC00).contains(&hi) && self.s[self.i..].starts_with(b"\\u") {
            let save = self.i;
            self.i += 2;
            let lo = self.hex4()?;
            if (0xDC00..0xE000).contains(&lo) {
                let c = 0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00);
                return Ok(char::from_u32(c).unwrap_or('\u{FFFD}'));
            }
            self.i = save;
        }
        Ok(char::from_u32(hi).unwrap_or('\u{FFFD}'))
    }
}

/// Decimal text -> f64. In the browser the engine parses it (no float parser in the wasm).
fn float(text: &str) -> f64 {
    #[cfg(target_arch = "wasm32")]
    {
        js_sys::parse_float(text)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        text.parse().unwrap_or(f64::NAN)
    }
}
