//! Byte and character checks as plain loops: `bytes().all(..)` / `chars().any(..)` instantiate
//! their `try_fold` per closure; these loops exist once and call the check through a function
//! pointer (smaller in the wasm, docs/ARCHITECTURE.md "Size").

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
}
