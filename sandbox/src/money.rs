//! Amounts are stored as integer minor units and sent as decimal strings (docs/API.md), so no
//! float ever touches a balance.

/// Number of decimal places for a power-of-ten `subunit_to_unit` (100 -> 2, 10^8 -> 8).
pub fn decimals(subunit_to_unit: i64) -> usize {
    let mut n = 0;
    let mut s = subunit_to_unit.max(1);
    while s >= 10 {
        s /= 10;
        n += 1;
    }
    n
}

/// 125000 minor units at 100 per unit -> "1250.00".
pub fn format_minor(minor: i64, subunit_to_unit: i64) -> String {
    let places = decimals(subunit_to_unit);
    let sign = if minor < 0 { "-" } else { "" };
    let abs = minor.unsigned_abs();
    let unit = subunit_to_unit.max(1).unsigned_abs();
    if places == 0 {
        return format!("{sign}{abs}");
    }
    format!("{sign}{}.{:0places$}", abs / unit, abs % unit)
}

/// "1250.5" at 100 per unit -> 125050. Rejects signs, exponents, more decimals than the
/// currency has, and values that overflow.
pub fn parse_minor(text: &str, subunit_to_unit: i64) -> Option<i64> {
    let text = text.trim();
    let places = decimals(subunit_to_unit);
    let (int_part, frac_part) = match text.split_once('.') {
        Some((i, f)) => (i, f),
        None => (text, ""),
    };
    let all_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if int_part.is_empty() || !all_digits(int_part) || !all_digits(frac_part) {
        return None;
    }
    if frac_part.len() > places {
        return None;
    }
    let whole: i64 = int_part.parse().ok()?;
    let frac: i64 = if frac_part.is_empty() {
        0
    } else {
        format!("{frac_part:0<places$}").parse().ok()?
    };
    whole.checked_mul(subunit_to_unit)?.checked_add(frac)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_at_currency_precision() {
        assert_eq!(format_minor(125_000, 100), "1250.00");
        assert_eq!(format_minor(0, 100), "0.00");
        assert_eq!(format_minor(1_234_567, 100_000_000), "0.01234567");
        assert_eq!(format_minor(-5, 100), "-0.05");
        assert_eq!(format_minor(7, 1), "7");
        assert_eq!(format_minor(1_000_000, 1_000_000), "1.000000");
    }

    #[test]
    fn parses_decimal_strings() {
        assert_eq!(parse_minor("1250.00", 100), Some(125_000));
        assert_eq!(parse_minor("1250.5", 100), Some(125_050));
        assert_eq!(parse_minor("12", 100), Some(1200));
        assert_eq!(parse_minor("0.01234567", 100_000_000), Some(1_234_567));
        assert_eq!(parse_minor("0.001", 100), None);
        assert_eq!(parse_minor("-1", 100), None);
        assert_eq!(parse_minor("1e3", 100), None);
        assert_eq!(parse_minor(".5", 100), None);
        assert_eq!(parse_minor("", 100), None);
        assert_eq!(parse_minor("99999999999999999999", 100), None);
    }
}
