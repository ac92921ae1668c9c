//! Byte and character checks as plain loops: `bytes().all(..)` / `chars().any(..)` instantiate
//! their `try_fold` per closure; these loops exist once and call the check through a function
//! pointer (smaller in the wasm, docs/ARCHITECTURE.md "Size").

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
}
