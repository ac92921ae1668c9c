//! The phone parser and its metadata regex engine on arbitrary input: no panic, results within
//! SPEC §5 limits.
#![no_main]

use croupier_core::domain::phone;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    match phone::parse(&text) {
        Ok(n) => {
            assert!((2..=17).contains(&n.national_number.len()));
            assert!((1..=3).contains(&n.calling_code.len()));
            assert!(n.national_number.bytes().all(|b| b.is_ascii_digit()));
            assert!(n.ext.as_ref().is_none_or(|e| e.len() <= 20));
            let _ = n.is_valid();
            let _ = n.is_possible();
        }
        Err(e) => assert!(!e.as_str().is_empty()),
    }
    for country in ["BR", "AR", "RU", "GB", "US", "MX"] {
        let _ = phone::parse_with_country(&text, Some(country)).map(|n| n.is_valid());
    }
    let _ = phone::is_valid_rule_value(&text);
    let _ = phone::validate_length(&text, None);
    // The pattern engine itself: "pattern \x01 subject".
    if let Some((p, t)) = text.split_once('\u{1}') {
        if let Some(compiled) = phone::pattern::Pattern::new(p) {
            let _ = compiled.matches_entirely(t);
            let _ = compiled.match_prefix(t);
        }
    }
});
