//! Byte and character checks as plain loops: `bytes().all(..)` / `chars().any(..)` instantiate
//! their `try_fold` per closure; these loops exist once and call the check through a function
//! pointer (smaller in the wasm, docs/ARCHITECTURE.md "Size").

/// Where `needle` first is in `hay` (`str::find` with a text pattern), by a byte loop: std's
/// two-way searcher is ~2.4 KB of wasm, for a few short needles (the size budget). A match
/// of whole UTF-8 text always starts on a character boundary.
pub fn find(hay: &str, needle: &str) -> Option<usize> {
    let (hay, needle) = (hay.as_bytes(), needle.as_bytes());
    let last = hay.len().checked_sub(needle.len())?;
    for i in 0..=last {
        if hay.get(i..i + needle.len()) == Some(needle) {
            return Some(i);
        }
    }
    None
}

/// Whether `needle` is in `hay` (`str::contains` with a text pattern).
pub fn contains(hay: &str, needle: &str) -> bool {
    find(hay, needle).is_some()
}

/// `hay` with every `from` (not empty) replaced by `to`, left to right (`str::replace`).
pub fn replace(hay: &str, from: &str, to: &str) -> String {
    let mut out = String::new();
    let mut rest = hay;
    while let Some(i) = find(rest, from).filter(|_| !from.is_empty()) {
        out.push_str(rest.get(..i).unwrap_or_default());
        out.push_str(to);
        rest = rest.get(i + from.len()..).unwrap_or_default();
    }
    out.push_str(rest);
    out
}

/// `hay` without any number of `prefix`es in front (`str::trim_start_matches` with text).
pub fn trim_prefix<'a>(mut hay: &'a str, prefix: &str) -> &'a str {
    while let Some(rest) = hay.strip_prefix(prefix).filter(|_| !prefix.is_empty()) {
        hay = rest;
    }
    hay
}

/// Whether `c` is one of the ASCII characters of `set`, or the byte `b` is in `s`: as bytes,
/// since `str::contains(char)` keeps a text searcher for a non-ASCII char (~1.3 KB of wasm).
pub fn one_of(set: &str, c: char) -> bool {
    u8::try_from(c).is_ok_and(|b| b.is_ascii() && set.as_bytes().contains(&b))
}

/// Whether the ASCII byte `b` is in `s` (`s.contains(b as char)`).
pub fn has_byte(s: &str, b: u8) -> bool {
    s.as_bytes().contains(&b)
}

/// Where the ASCII byte `b` last is in `s` (`s.rfind(b as char)`), by a byte loop: std's
/// reverse char search is its own ~650 bytes of wasm.
pub fn rfind_byte(s: &str, b: u8) -> Option<usize> {
    let bytes = s.as_bytes();
    let mut i = bytes.len();
    while i > 0 {
        i -= 1;
        if bytes.get(i) == Some(&b) {
            return Some(i);
        }
    }
    None
}

/// `s` split around the last ASCII byte `b` (`s.rsplit_once(b as char)`).
pub fn rsplit_once_byte(s: &str, b: u8) -> Option<(&str, &str)> {
    let i = rfind_byte(s, b)?;
    Some((s.get(..i)?, s.get(i + 1..)?))
}

/// `s` without any number of ASCII bytes `b` at its end (`s.trim_end_matches(b as char)`).
pub fn trim_end_byte(s: &str, b: u8) -> &str {
    let mut end = s.len();
    while end > 0 && s.as_bytes().get(end - 1) == Some(&b) {
        end -= 1;
    }
    s.get(..end).unwrap_or(s)
}

/// Decimal text as an unsigned `T`: what `str::parse::<T>` takes (an optional `+`, ASCII
/// digits, in `T`'s range), through u64's parser for every unsigned type instead of one
/// parser per type (the size budget).
pub fn unsigned<T: TryFrom<u64>>(s: &str) -> Option<T> {
    T::try_from(parse_u64(s)?).ok()
}

/// Decimal text as a signed `T`: what `str::parse::<T>` takes, through i64's parser.
pub fn signed<T: TryFrom<i64>>(s: &str) -> Option<T> {
    T::try_from(parse_i64(s)?).ok()
}

#[inline(never)]
fn parse_u64(s: &str) -> Option<u64> {
    s.parse().ok()
}

#[inline(never)]
fn parse_i64(s: &str) -> Option<i64> {
    s.parse().ok()
}

/// Whether every byte of `s` passes `ok` (true for an empty `s`).
pub fn all_bytes(s: &str, ok: fn(u8) -> bool) -> bool {
    for b in s.bytes() {
        if !ok(b) {
            return false;
        }
    }
    true
}

/// Whether every character of `s` passes `ok` (true for an empty `s`).
pub fn all_chars(s: &str, ok: fn(char) -> bool) -> bool {
    for c in s.chars() {
        if !ok(c) {
            return false;
        }
    }
    true
}

/// Whether some character of `s` passes `hit` (false for an empty `s`).
pub fn any_char(s: &str, hit: fn(char) -> bool) -> bool {
    for c in s.chars() {
        if hit(c) {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_text_passes_all_and_hits_nothing() {
        assert!(all_bytes("", |_| false));
        assert!(all_chars("", |_| false));
        assert!(!any_char("", |_| true));
        assert!(all_bytes("2026", |b| b.is_ascii_digit()));
        assert!(!all_bytes("20x6", |b| b.is_ascii_digit()));
        assert!(all_chars("ñandú", char::is_alphabetic));
        assert!(any_char("a1", |c| c.is_ascii_digit()));
        assert!(!any_char("ab", |c| c.is_ascii_digit()));
    }

    /// `unsigned`/`signed` take and refuse what `str::parse` does for each type.
    #[test]
    fn numbers_read_as_str_parse_does() {
        let texts = [
            "",
            "+",
            "-",
            "0",
            "-0",
            "+0",
            "007",
            "255",
            "256",
            "-1",
            "+7",
            " 7",
            "7 ",
            "1_0",
            "65535",
            "65536",
            "4294967295",
            "4294967296",
            "2147483647",
            "2147483648",
            "-2147483648",
            "-2147483649",
            "18446744073709551615",
            "18446744073709551616",
            "9223372036854775807",
            "9223372036854775808",
            "-9223372036854775808",
            "1e3",
            "0x10",
            "١٢",
            "+-1",
        ];
        for t in texts {
            assert_eq!(unsigned::<u8>(t), t.parse::<u8>().ok(), "{t:?}");
            assert_eq!(unsigned::<u16>(t), t.parse::<u16>().ok(), "{t:?}");
            assert_eq!(unsigned::<u32>(t), t.parse::<u32>().ok(), "{t:?}");
            assert_eq!(unsigned::<usize>(t), t.parse::<usize>().ok(), "{t:?}");
            assert_eq!(unsigned::<u64>(t), t.parse::<u64>().ok(), "{t:?}");
            assert_eq!(signed::<i32>(t), t.parse::<i32>().ok(), "{t:?}");
            assert_eq!(signed::<i64>(t), t.parse::<i64>().ok(), "{t:?}");
        }
    }

    /// The text searches give what std's do.
    #[test]
    fn text_searches_are_stds() {
        let hays = [
            "",
            "a",
            "abc",
            "aaa",
            "abab",
            "--x--",
            "é://é",
            "{k}{k}x{k",
            "locale-locale-x",
        ];
        let needles = [
            "", "a", "aa", "ab", "--", "://", "{k}", "é", "x", "locale-", "zz",
        ];
        for h in hays {
            for n in needles {
                assert_eq!(find(h, n), h.find(n), "{h:?} {n:?}");
                assert_eq!(contains(h, n), h.contains(n), "{h:?} {n:?}");
                assert_eq!(trim_prefix(h, n), h.trim_start_matches(n), "{h:?} {n:?}");
                if !n.is_empty() {
                    assert_eq!(replace(h, n, "<>"), h.replace(n, "<>"), "{h:?} {n:?}");
                }
            }
            for b in [b'@', b':', b'%', b'a', b'-'] {
                assert_eq!(has_byte(h, b), h.contains(char::from(b)), "{h:?} {b}");
            }
        }
        for c in [
            'g',
            'i',
            'y',
            'x',
            '+',
            '.',
            'é',
            '\u{e9}',
            '\u{1F600}',
            '\0',
        ] {
            assert_eq!(one_of("gimsuyd", c), "gimsuyd".contains(c), "{c:?}");
            assert_eq!(one_of("+-.", c), "+-.".contains(c), "{c:?}");
        }
    }

    /// The reverse byte searches give what std's char searches do.
    #[test]
    fn reverse_searches_are_stds() {
        for s in [
            "", "/", "a/b/", "//x//", "a@b@c", "é:é:", "x:", ":x", "a.b.c", "abc",
        ] {
            for b in [b'/', b'@', b':', b'.'] {
                let c = char::from(b);
                assert_eq!(rfind_byte(s, b), s.rfind(c), "{s:?} {c}");
                assert_eq!(rsplit_once_byte(s, b), s.rsplit_once(c), "{s:?} {c}");
                assert_eq!(trim_end_byte(s, b), s.trim_end_matches(c), "{s:?} {c}");
            }
        }
    }
}
