//! Phone numbers (SPEC §5 "Phone limits"). Provisional: full metadata-based validation lands
//! next; this keeps the API the validation rule calls.

/// Validity of a phone number written with a leading plus and its digits.
pub fn is_valid_rule_value(text: &str) -> bool {
    let t = text.trim();
    let rest = t.strip_prefix('+').unwrap_or(t);
    let digits = rest.bytes().filter(u8::is_ascii_digit).count();
    rest.bytes()
        .all(|b| b.is_ascii_digit() || b" -().".contains(&b))
        && (8..=15).contains(&digits)
        && !rest.starts_with("999")
}
