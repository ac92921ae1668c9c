use super::*;

/// Differential fixtures: each row is `[input, default country, "OK", calling code, national
/// number, country, ext, "valid"|"invalid"]` or `[input, default country, "ERR", code]`, as
/// produced by libphonenumber-js 1.13.16 (`parsePhoneNumberWithError`, default metadata) on a
/// corpus of every country's example numbers, their mutations, formatting variants, error
/// shapes and random numbers (see gen_metadata.js for the metadata source).
const FIXTURES: &str = include_str!("fixtures.json");

#[test]
fn agrees_with_libphonenumber_js() {
    let rows: Vec<Vec<String>> = serde_json::from_str(FIXTURES).unwrap();
    assert!(rows.len() > 2000);
    let mut failures = Vec::new();
    for row in &rows {
        let text = &row[0];
        let dc = (!row[1].is_empty()).then_some(row[1].as_str());
        let got = match parse_with_country(text, dc) {
            Ok(n) => vec![
                "OK".to_string(),
                n.calling_code.clone(),
                n.national_number.clone(),
                n.country.clone().unwrap_or_default(),
                n.ext.clone().unwrap_or_default(),
                if n.is_valid() { "valid" } else { "invalid" }.to_string(),
            ],
            Err(e) => vec!["ERR".to_string(), e.as_str().to_string()],
        };
        if got[..] != row[2..] {
            failures.push(format!(
                "{text:?} ({dc:?}): expected {:?}, got {got:?}",
                &row[2..]
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} mismatches:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn error_codes_in_libphonenumber_order() {
    for (text, err) in [
        ("", PhoneError::NotANumber),
        ("abc", PhoneError::NotANumber),
        ("+", PhoneError::NotANumber),
        ("1", PhoneError::TooShort),
        ("+1", PhoneError::TooShort),
        ("+12", PhoneError::TooShort),
        ("+55", PhoneError::TooShort),
        ("+55 1", PhoneError::TooShort),
        ("+999 123456789", PhoneError::InvalidCountry),
        ("+0123", PhoneError::InvalidCountry),
        ("12345", PhoneError::InvalidCountry),
        ("+55 99999999999999999999", PhoneError::TooLong),
    ] {
        assert_eq!(parse(text).err(), Some(err), "{text:?}");
    }
    // Raw input over 250 characters is refused before anything else.
    let long = format!("+5511987654321{}", " ".repeat(237));
    assert_eq!(long.len(), 251);
    assert_eq!(parse(&long).err(), Some(PhoneError::TooLong));
    let ok = format!("+5511987654321{}", " ".repeat(236));
    assert!(parse(&ok).is_ok());
    assert_eq!(PhoneError::InvalidCountry.as_str(), "INVALID_COUNTRY");
    assert_eq!(
        parse_with_country("11987654321", Some("XX")).err(),
        Some(PhoneError::InvalidCountry)
    );
}

#[test]
fn national_number_bounds() {
    // 17 digits is the longest national number; 18 is too long.
    let n17 = format!("+49{}", "1".repeat(17));
    let n18 = format!("+49{}", "1".repeat(18));
    assert!(parse(&n17).is_ok());
    assert_eq!(parse(&n18).err(), Some(PhoneError::TooLong));
}

#[test]
fn validity_follows_real_numbering_plans() {
    for (text, valid) in [
        ("+55 11 98765-4321", true), // BR mobile
        ("+55 11 3456-7890", true),  // BR fixed
        ("+55 11 9876", false),      // BR too short for any plan
        ("+351 912 345 678", true),
        ("+351 512 345 678", false),
        ("+34 612 34 56 78", true),
        ("+34 112 34 56 78", false),
        ("+7 912 345-67-89", true),
        ("+7 701 123 4567", true), // KZ
        ("+49 1512 3456789", true),
        ("+91 98765 43210", true),
        ("+91 08765 43210", false),
        ("+380 50 123 4567", true),
        ("+380 10 123 4567", false),
        ("+90 532 123 45 67", true),
        ("+90 132 123 45 67", false),
        ("+998 90 123 45 67", true),
        ("+998 10 123 45 67", false),
        ("+52 55 1234 5678", true),
        ("+54 9 11 1234-5678", true),
        ("+1 416 555 0123", true),  // CA
        ("+1 202 555 0143", true),  // US
        ("+1 555 555 5555", false), // not an area code
        ("+44 7911 123456", true),
        ("+44 7911 12345", false),
    ] {
        assert_eq!(is_valid_number(text, None), valid, "{text}");
    }
    assert_eq!(
        parse("+7 701 123 4567").unwrap().country.as_deref(),
        Some("KZ")
    );
    assert_eq!(
        parse("+7 912 345 6789").unwrap().country.as_deref(),
        Some("RU")
    );
    assert_eq!(
        parse("+1 416 555 0123").unwrap().country.as_deref(),
        Some("CA")
    );
    assert_eq!(parse("+44 7911 123456").unwrap().e164(), "+447911123456");
}

#[test]
fn national_prefixes_and_extensions() {
    let n = parse_with_country("0 15 11 98765 4321", Some("BR")).unwrap();
    assert_eq!(n.national_number, "11987654321");
    let n = parse_with_country("011 15 2345 6789", Some("AR")).unwrap();
    assert_eq!(n.national_number, "91123456789");
    let n = parse("+1 202 555 0143 ext. 1234").unwrap();
    assert_eq!(n.ext.as_deref(), Some("1234"));
    // Ten digits after an ambiguous "x" are no extension, and "x" is no phone punctuation.
    assert_eq!(
        parse("+1 202 555 0143 x1234567890").err(),
        Some(PhoneError::NotANumber)
    );
    assert_eq!(
        parse(&format!("+1 202 555 0143 ext {}", "1".repeat(20)))
            .unwrap()
            .ext
            .map(|e| e.len()),
        Some(20)
    );
}

#[test]
fn the_validation_rule_prepends_a_plus() {
    assert!(is_valid_rule_value("5511987654321"));
    assert!(is_valid_rule_value("+5511987654321"));
    assert!(is_valid_rule_value(" 55 11 98765-4321 "));
    assert!(
        !is_valid_rule_value("11987654321"),
        "national form without calling code"
    );
    assert!(!is_valid_rule_value(""));
    assert!(!is_valid_rule_value("phone"));
}

#[test]
fn length_verdicts() {
    assert_eq!(validate_length("+55 11 98765-4321", None), None);
    assert_eq!(validate_length("+55 11 9876", None), Some("TOO_SHORT"));
    assert_eq!(
        validate_length("+55 11 98765-43210000", None),
        Some("TOO_LONG")
    );
    assert_eq!(validate_length("+351 91234567", None), Some("TOO_SHORT"));
    assert_eq!(validate_length("+999 1", None), Some("INVALID_COUNTRY"));
    assert_eq!(calling_code_of("br"), Some("55"));
    assert!(supported_countries().len() > 240);
    assert!(is_known_calling_code("998"));
}

/// The validity entry points take the whole text as the number (libphonenumber-js
/// `isValidPhoneNumber` / `validatePhoneNumberLength` run with `extract: false`; these are
/// that library's own test expectations plus the shapes of the reported defect). `parse`
/// keeps libphonenumber-js's lenient extraction (the differential fixtures above rely on it).
#[test]
fn validity_checks_refuse_text_around_the_number() {
    // libphonenumber-js isValidPhoneNumber.test.js
    assert!(is_valid_number("8 (800) 555 35 35", Some("RU")));
    assert!(!is_valid_number("8 (800) 555 35 35 0", Some("RU")));
    assert!(!is_valid_number("Call: 8 (800) 555 35 35", Some("RU")));
    assert!(is_valid_number("+7 (800) 555 35 35", None));
    assert!(!is_valid_number("+7 1 (800) 555 35 35", None));
    assert!(!is_valid_number(" +7 (800) 555 35 35", None));
    assert!(!is_valid_number(" ", None));
    // The reported shapes.
    assert!(!is_valid_number("Call: +7 800 555 35 35", None));
    assert!(!is_valid_number("+5511987654321abc", None));
    assert!(!is_valid_number("+5511987654321 (mobile)", None));
    assert!(!is_valid_number("+5511987654321;isub=1234", None));
    // Formatting between digits and extensions stay valid.
    assert!(is_valid_number("+55 (11) 98765-4321", None));
    assert!(is_valid_number("+55.11.98765.4321", None));
    assert!(is_valid_number("+1 202 555 0143 ext. 1234", None));
    assert!(is_valid_number("+1 202 555 0143 x12", None));
    assert!(is_valid_number("+1 202 555 0143;ext=12", None));
    // libphonenumber-js validatePhoneNumberLength.test.js
    assert_eq!(validate_length("+", None), Some("NOT_A_NUMBER"));
    assert_eq!(validate_length("abcde", None), Some("NOT_A_NUMBER"));
    assert_eq!(validate_length("123", None), Some("INVALID_COUNTRY"));
    assert_eq!(validate_length("2", Some("US")), Some("TOO_SHORT"));
    assert_eq!(validate_length("+1", Some("US")), Some("TOO_SHORT"));
    assert_eq!(validate_length("+12", Some("US")), Some("TOO_SHORT"));
    assert_eq!(validate_length("444 1 44", Some("TR")), Some("TOO_SHORT"));
    assert_eq!(validate_length("444 1 444", Some("TR")), None);
    assert_eq!(
        validate_length("444 1 4444", Some("TR")),
        Some("INVALID_LENGTH")
    );
    assert_eq!(
        validate_length("444 1 4444444444", Some("TR")),
        Some("TOO_LONG")
    );
    assert_eq!(
        validate_length("Call: +55 11 98765-4321", None),
        Some("NOT_A_NUMBER")
    );
    assert_eq!(
        validate_length("+55 11 98765-4321 abc", None),
        Some("NOT_A_NUMBER")
    );
    // parse stays lenient, as libphonenumber-js's parsePhoneNumberWithError.
    assert_eq!(
        parse("Call: +7 800 555 35 35").map(|n| n.e164()),
        Ok("+78005553535".to_string())
    );
    assert_eq!(
        parse("+5511987654321abc").map(|n| n.e164()),
        Ok("+5511987654321".to_string())
    );
}

#[test]
fn the_validation_rule_takes_only_the_number() {
    for text in [
        "+5511987654321abc",
        "+5511987654321 abc",
        "5511987654321abc",
        "Call: +7 800 555 35 35",
        "Tel +5511987654321",
        "abc+5511987654321",
        "tel:+5511987654321",
        "+5511987654321;isub=12",
        "++5511987654321",
        "+55 +11 98765 4321",
    ] {
        assert!(!is_valid_rule_value(text), "{text:?}");
    }
    for text in [
        "+7 800 555 35 35",
        "7 (800) 555-35-35",
        " +55 (11) 98765-4321 ",
        "+55.11.98765.4321",
        "+1 202 555 0143 ext. 1234",
        "\u{FF0B}5511987654321",
        // libphonenumber's number grammar lets formatting punctuation trail the digits; it is
        // formatting, not text, so the rule keeps that grammar.
        "+55 11 98765-4321.",
    ] {
        assert!(is_valid_rule_value(text), "{text:?}");
    }
}
