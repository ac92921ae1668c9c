//! The `regex` / `not_regex` rules' engine.
//!
//! In the browser the pattern runs in the JavaScript engine (`js_sys::RegExp`), so server
//! patterns keep their JavaScript semantics and the wasm carries no regex engine. Natively
//! (tests, tools) `regex-lite` stands in; it lacks look-around and back-references, which then
//! count as an invalid pattern.
//!
//! Patterns may be written bare (`^[a-z]+$`) or with delimiters and flags in the Laravel/JS
//! literal style (`/^[a-z]+$/i`). Flags `i`, `m`, `s` and `u` are honoured; `g` and `y` are
//! dropped (they would make `test` stateful).

/// Longest text handed to a pattern; longer text fails the `regex` rule and passes
/// `not_regex` as if it had not matched (no field of the product is that long).
pub const MAX_SUBJECT_LEN: usize = 10_000;

/// Splits `/body/flags` into body and flags; a bare pattern has no flags.
pub fn split_literal(pattern: &str) -> (&str, String) {
    if let Some(rest) = pattern.strip_prefix('/') {
        if let Some(end) = rest.rfind('/') {
            let flags = rest.get(end + 1..).unwrap_or("");
            if flags.chars().all(|c| "gimsuyd".contains(c)) {
                let body = rest.get(..end).unwrap_or("");
                let mut kept = String::new();
                for c in flags.chars() {
                    if "imsu".contains(c) {
                        kept.push(c);
                    }
                }
                return (body, kept);
            }
        }
    }
    (pattern, String::new())
}

/// Whether `pattern` matches somewhere in `text` (JavaScript `RegExp.prototype.test`).
/// `None` when the pattern (or its flags) is invalid.
pub fn test(pattern: &str, text: &str) -> Option<bool> {
    let (body, flags) = split_literal(pattern);
    engine::test(body, &flags, text)
}

#[cfg(target_arch = "wasm32")]
mod engine {
    use wasm_bindgen::JsCast;

    pub fn test(body: &str, flags: &str, text: &str) -> Option<bool> {
        // `RegExp::new` throws (and traps) on a bad pattern; construct through Reflect, which
        // returns the exception as an error instead.
        let probe = js_sys::RegExp::new("", "");
        let ctor = probe.constructor();
        let args = js_sys::Array::of2(&body.into(), &flags.into());
        let re = js_sys::Reflect::construct(&ctor, &args).ok()?;
        let re = re.dyn_into::<js_sys::RegExp>().ok()?;
        Some(re.test(text))
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod engine {
    pub fn test(body: &str, flags: &str, text: &str) -> Option<bool> {
        let mut builder = regex_lite::RegexBuilder::new(body);
        builder
            .case_insensitive(flags.contains('i'))
            .multi_line(flags.contains('m'))
            .dot_matches_new_line(flags.contains('s'))
            .size_limit(1 << 20);
        let re = builder.build().ok()?;
        Some(re.is_match(text))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literal_and_bare_patterns() {
        assert_eq!(split_literal("/^a+$/i"), ("^a+$", "i".to_string()));
        assert_eq!(split_literal("/^a+$/gi"), ("^a+$", "i".to_string()));
        assert_eq!(split_literal("^a+$"), ("^a+$", String::new()));
        assert_eq!(split_literal("/a/b/"), ("a/b", String::new()));
        assert_eq!(split_literal("/abc/xyz"), ("/abc/xyz", String::new()));
        assert_eq!(test("/^abc$/i", "ABC"), Some(true));
        assert_eq!(test("^abc$", "ABC"), Some(false));
        assert_eq!(test("b", "abc"), Some(true));
        assert_eq!(test("(", "abc"), None);
    }
}
