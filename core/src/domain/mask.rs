//! Input masks (SPEC §3 "Input masks use # (digit), @ (letter), * (alphanumeric). Number masks
//! support locale, fraction digits and an unsigned option").
//!
//! Pattern masks lay what the player typed into a pattern such as `(##) #####-####` or
//! `###.###.###-##`; characters that do not fit a slot are skipped, literals are written by
//! the mask (a typed literal is taken as given), and the output stops after the last typed
//! character so that deleting works naturally. Carets are character indices.
//!
//! Number masks format amounts while they are typed, with the locale's decimal and grouping
//! separators, a fraction-digit limit and an optional sign. Everything is pure and total: no
//! input panics.

/// Digit slot.
pub const DIGIT: char = '#';
/// Letter slot (any script).
pub const LETTER: char = '@';
/// Letter-or-digit slot.
pub const ALPHANUMERIC: char = '*';
/// Escapes the next mask character so that `\#` is a literal `#`.
pub const ESCAPE: char = '\\';

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Slot {
    Token(char),
    Literal(char),
}

fn slots(mask: &str) -> Vec<Slot> {
    let mut out = Vec::new();
    let mut chars = mask.chars();
    while let Some(c) = chars.next() {
        match c {
            ESCAPE => {
                if let Some(next) = chars.next() {
                    out.push(Slot::Literal(next));
                }
            }
            DIGIT | LETTER | ALPHANUMERIC => out.push(Slot::Token(c)),
            c => out.push(Slot::Literal(c)),
        }
    }
    out
}

fn fits(token: char, c: char) -> bool {
    match token {
        DIGIT => c.is_ascii_digit(),
        LETTER => c.is_alphabetic(),
        ALPHANUMERIC => c.is_ascii_digit() || c.is_alphabetic(),
        _ => false,
    }
}

/// The result of masking: the text to show, the raw value (slot characters only) and where
/// the caret goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Masked {
    pub text: String,
    pub raw: String,
    pub caret: usize,
}

/// Applies `mask` to `input`, with the caret at character index `caret` of `input`.
/// The new caret sits after the same number of accepted characters (and after literals the
/// mask wrote right behind them, so typing continues in the next slot).
pub fn apply_with_caret(mask: &str, input: &str, caret: usize) -> Masked {
    let slots = slots(mask);
    let chars: Vec<char> = input.chars().collect();
    let mut text = String::new();
    let mut raw = String::new();
    let mut out_len = 0usize;
    let mut i = 0usize; // input index
    let mut accepted_before_caret = 0usize;
    let mut new_caret: Option<usize> = None;
    let mut accepted = 0usize;
    // How many accepted characters lie before the caret: count while laying out.
    for slot in &slots {
        if i >= chars.len() {
            break;
        }
        match *slot {
            Slot::Literal(l) => {
                text.push(l);
                out_len += 1;
                if chars.get(i) == Some(&l) {
                    i += 1;
                }
            }
            Slot::Token(t) => {
                // Skip input characters that do not fit this slot.
                while let Some(&c) = chars.get(i) {
                    if fits(t, c) {
                        break;
                    }
                    i += 1;
                }
                let Some(&c) = chars.get(i) else {
                    // Nothing more to place: drop literals written for this slot.
                    break;
                };
                text.push(c);
                raw.push(c);
                out_len += 1;
                accepted += 1;
                if i < caret {
                    accepted_before_caret = accepted;
                    new_caret = Some(out_len);
                }
                i += 1;
            }
        }
    }
    // Trailing literals written while no slot character followed are removed.
    let text = trim_trailing_literals(&slots, text, raw.chars().count());
    let text_len = text.chars().count();
    let caret = if caret == 0 || accepted_before_caret == 0 {
        // Before any accepted character: after the leading literals, if any were written.
        if caret == 0 {
            0
        } else {
            leading_literals(&slots).min(text_len)
        }
    } else {
        let mut c = new_caret.unwrap_or(text_len);
        // Step over literals that directly follow (e.g. typing "1" in "(1" -> after "(1").
        let text_chars: Vec<char> = text.chars().collect();
        let mut slot_index = slot_index_after(&slots, accepted_before_caret);
        while c < text_len {
            match slots.get(slot_index) {
                Some(Slot::Literal(l)) if text_chars.get(c) == Some(l) => {
                    c += 1;
                    slot_index += 1;
                }
                _ => break,
            }
        }
        c
    };
    Masked { text, raw, caret }
}

/// Index of the slot right after the `n`-th token slot.
fn slot_index_after(slots: &[Slot], n: usize) -> usize {
    let mut seen = 0;
    for (i, s) in slots.iter().enumerate() {
        if matches!(s, Slot::Token(_)) {
            seen += 1;
            if seen == n {
                return i + 1;
            }
        }
    }
    slots.len()
}

fn leading_literals(slots: &[Slot]) -> usize {
    slots
        .iter()
        .take_while(|s| matches!(s, Slot::Literal(_)))
        .count()
}

/// Keeps the text up to the last token character (plus literals between tokens).
fn trim_trailing_literals(slots: &[Slot], text: String, tokens: usize) -> String {
    if tokens == 0 {
        return String::new();
    }
    let end = slot_index_after(slots, tokens);
    text.chars().take(end).collect()
}

/// Applies `mask` to `input` (see [`apply_with_caret`]).
pub fn apply(mask: &str, input: &str) -> String {
    apply_with_caret(mask, input, 0).text
}

/// The raw value of `input` under `mask`: only the characters that land in slots.
pub fn strip(mask: &str, input: &str) -> String {
    apply_with_caret(mask, input, 0).raw
}

/// Number of slots of a mask.
pub fn slot_count(mask: &str) -> usize {
    slots(mask)
        .iter()
        .filter(|s| matches!(s, Slot::Token(_)))
        .count()
}

/// Whether `input` fills every slot of `mask`.
pub fn is_complete(mask: &str, input: &str) -> bool {
    strip(mask, input).chars().count() == slot_count(mask)
}

/// Picks the first of `masks` with room for all of the input's characters (masks ordered
/// shortest first, e.g. `["(##) ####-####", "(##) #####-####"]`) and applies it.
pub fn apply_dynamic(masks: &[&str], input: &str) -> String {
    let Some(last) = masks.last() else {
        return input.to_string();
    };
    let chosen = masks
        .iter()
        .find(|m| {
            let needed = strip(last, input).chars().count();
            slot_count(m) >= needed
        })
        .unwrap_or(last);
    apply(chosen, input)
}

// ---------------------------------------------------------------------------------------------
// Number masks

/// Separators of a locale.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NumberSeparators {
    pub decimal: char,
    pub group: char,
}

/// No-break space used as grouping separator by several locales.
pub const NBSP: char = '\u{00A0}';

/// The separators of a locale tag (`en`, `pt-BR`, `ru`, ...; case and `_`/`-` insensitive).
/// English, Hindi and unknown locales use `.` and `,`; Portuguese (Brazil), Spanish, German,
/// Italian, Turkish, Indonesian, Dutch, Danish, Greek and Romanian use `,` and `.`; Russian,
/// Ukrainian, Kazakh, Uzbek, French, Finnish, Czech, Polish, Norwegian, Northern Sami,
/// Estonian and European Portuguese use `,` and a no-break space.
pub fn separators(locale: &str) -> NumberSeparators {
    let lower = locale.trim().to_ascii_lowercase().replace('_', "-");
    let lang = lower.split('-').next().unwrap_or("");
    let comma_dot = NumberSeparators {
        decimal: ',',
        group: '.',
    };
    let comma_space = NumberSeparators {
        decimal: ',',
        group: NBSP,
    };
    match (lang, lower.as_str()) {
        (_, "pt-br") => comma_dot,
        ("pt", _) => comma_space,
        ("es" | "de" | "it" | "tr" | "id" | "nl" | "da" | "el" | "ro", _) => comma_dot,
        ("ru" | "uk" | "kk" | "uz" | "fr" | "fi" | "cs" | "pl" | "nb" | "se" | "et", _) => {
            comma_space
        }
        _ => NumberSeparators {
            decimal: '.',
            group: ',',
        },
    }
}

/// A number mask.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NumberMask {
    pub separators: NumberSeparators,
    /// Most fraction digits; 0 makes a whole-number input.
    pub fraction_digits: u32,
    /// Refuse a minus sign.
    pub unsigned: bool,
}

impl NumberMask {
    /// A mask for a locale.
    pub fn new(locale: &str, fraction_digits: u32, unsigned: bool) -> NumberMask {
        NumberMask {
            separators: separators(locale),
            fraction_digits,
            unsigned,
        }
    }
}

/// Longest integer part kept (beyond it typing is ignored), so the value stays a [`Decimal`](
/// crate::domain::money::Decimal).
pub const MAX_INTEGER_DIGITS: usize = 24;

struct NumberParts {
    negative: bool,
    int: String,
    frac: Option<String>,
}

fn number_parts(input: &str, mask: &NumberMask) -> NumberParts {
    let sep = mask.separators;
    let mut negative = false;
    let mut int = String::new();
    let mut frac: Option<String> = None;
    let mut seen_digit = false;
    for c in input.chars() {
        if c == '-' && !mask.unsigned && !seen_digit && frac.is_none() {
            negative = !negative;
            continue;
        }
        if c == sep.decimal && frac.is_none() {
            // A whole-number mask drops everything from the decimal mark on: the digits after
            // it are a fraction the field cannot hold, not more integer digits.
            frac = Some(String::new());
            continue;
        }
        let Some(d) = c.to_digit(10).filter(|_| c.is_ascii_digit()) else {
            continue; // grouping separators, spaces, letters, a second decimal mark...
        };
        seen_digit = true;
        let d = char::from_digit(d, 10).unwrap_or('0');
        match frac.as_mut() {
            Some(f) => {
                if f.len() < mask.fraction_digits as usize {
                    f.push(d);
                }
            }
            None => {
                if int.len() < MAX_INTEGER_DIGITS {
                    int.push(d);
                }
            }
        }
    }
    let trimmed = int.trim_start_matches('0');
    let int = if trimmed.is_empty() && (!int.is_empty() || frac.is_some()) {
        "0".to_string()
    } else {
        trimmed.to_string()
    };
    let frac = frac.filter(|_| mask.fraction_digits > 0);
    NumberParts {
        negative,
        int,
        frac,
    }
}

/// Formats what the player typed: digits grouped, at most `fraction_digits` after the decimal
/// separator (a just-typed separator is kept so typing can go on), a leading `-` unless
/// unsigned, leading zeros dropped. `"1234567,891"` in pt-BR with 2 digits ->
/// `"1.234.567,89"`.
pub fn format_number_input(input: &str, mask: &NumberMask) -> String {
    let p = number_parts(input, mask);
    let mut out = String::new();
    if p.negative {
        out.push('-');
    }
    out.push_str(&crate::domain::money::group_digits(
        &p.int,
        mask.separators.group,
    ));
    if let Some(f) = p.frac {
        out.push(mask.separators.decimal);
        out.push_str(&f);
    }
    out
}

/// The canonical value of a masked number (`"-1234.5"`, `.` decimal point, no grouping), or
/// `None` when it holds no digit.
pub fn parse_number_input(input: &str, mask: &NumberMask) -> Option<String> {
    let p = number_parts(input, mask);
    if p.int.is_empty() {
        return None;
    }
    let mut out = String::new();
    let zero = p.int == "0"
        && p.frac
            .as_deref()
            .is_none_or(|f| f.bytes().all(|b| b == b'0'));
    if p.negative && !zero {
        out.push('-');
    }
    out.push_str(&p.int);
    if let Some(f) = p.frac.filter(|f| !f.is_empty()) {
        out.push('.');
        out.push_str(&f);
    }
    Some(out)
}

/// Formats a canonical value (`"1234.5"`) for display in the mask, with exactly
/// `fraction_digits` digits (rounded half away from zero). `None` if it is not a number.
pub fn format_number_value(value: &str, mask: &NumberMask) -> Option<String> {
    let d = crate::domain::money::Decimal::parse(value).ok()?;
    let d = if mask.unsigned { d.checked_abs()? } else { d };
    let rounded = d.round_to(mask.fraction_digits.min(crate::domain::money::MAX_SCALE))?;
    let text = rounded.format_with(mask.separators.group, mask.separators.decimal);
    Some(if rounded.is_zero() {
        text.trim_start_matches('-').to_string()
    } else {
        text
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pattern_masks() {
        for (mask, input, out, raw) in [
            (
                "(##) #####-####",
                "11987654321",
                "(11) 98765-4321",
                "11987654321",
            ),
            ("(##) #####-####", "119", "(11) 9", "119"),
            ("(##) #####-####", "11", "(11", "11"),
            ("(##) #####-####", "1", "(1", "1"),
            ("(##) #####-####", "", "", ""),
            (
                "(##) #####-####",
                "(11) 98765-4321",
                "(11) 98765-4321",
                "11987654321",
            ),
            (
                "(##) #####-####",
                "(11) 98765-43219999",
                "(11) 98765-4321",
                "11987654321",
            ),
            ("(##) #####-####", "ab11cd9", "(11) 9", "119"),
            (
                "###.###.###-##",
                "12345678909",
                "123.456.789-09",
                "12345678909",
            ),
            ("###.###.###-##", "123.456", "123.456", "123456"),
            ("@@-####", "ab1234", "ab-1234", "ab1234"),
            ("@@-####", "1234", "", ""),
            ("@@-####", "Жж99", "Жж-99", "Жж99"),
            ("****-****", "a1b2c3d4", "a1b2-c3d4", "a1b2c3d4"),
            ("****-****", "a1-_!b2", "a1b2", "a1b2"),
            ("\\#####", "123", "#123", "123"),
            (
                "+7 (###) ###-##-##",
                "9123456789",
                "+7 (912) 345-67-89",
                "9123456789",
            ),
            ("+7 (###) ###-##-##", "+7 (912", "+7 (912", "912"),
            ("", "abc", "", ""),
        ] {
            let m = apply_with_caret(mask, input, 0);
            assert_eq!(m.text, out, "{mask} <- {input}");
            assert_eq!(m.raw, raw, "{mask} <- {input}");
            assert_eq!(strip(mask, input), raw);
        }
        assert!(is_complete("###.###.###-##", "123.456.789-09"));
        assert!(!is_complete("###.###.###-##", "123.456.789-0"));
    }

    #[test]
    fn caret_follows_typed_characters() {
        // Typed "1" at the end of "(1" -> caret after "1".
        let m = apply_with_caret("(##) #####-####", "1", 1);
        assert_eq!((m.text.as_str(), m.caret), ("(1", 2));
        // Second digit completes the area code: the caret steps over ") ".
        let m = apply_with_caret("(##) #####-####", "(11", 3);
        assert_eq!((m.text.as_str(), m.caret), ("(11", 3));
        let m = apply_with_caret("(##) #####-####", "(11) 9", 6);
        assert_eq!((m.text.as_str(), m.caret), ("(11) 9", 6));
        // Editing in the middle: caret after the 3rd accepted character.
        let m = apply_with_caret("###.###.###-##", "1234567", 3);
        assert_eq!((m.text.as_str(), m.caret), ("123.456.7", 4));
        let m = apply_with_caret("###.###.###-##", "1234567", 0);
        assert_eq!(m.caret, 0);
        // Caret beyond the input is clamped.
        let m = apply_with_caret("###", "12", 99);
        assert_eq!((m.text.as_str(), m.caret), ("12", 2));
    }

    #[test]
    fn dynamic_masks() {
        let masks = ["(##) ####-####", "(##) #####-####"];
        assert_eq!(apply_dynamic(&masks, "1134567890"), "(11) 3456-7890");
        assert_eq!(apply_dynamic(&masks, "11987654321"), "(11) 98765-4321");
        assert_eq!(apply_dynamic(&[], "x"), "x");
    }

    #[test]
    fn locale_separators() {
        assert_eq!(separators("en").decimal, '.');
        assert_eq!(separators("en-US").group, ',');
        assert_eq!(
            separators("pt-BR"),
            NumberSeparators {
                decimal: ',',
                group: '.'
            }
        );
        assert_eq!(
            separators("pt_br"),
            NumberSeparators {
                decimal: ',',
                group: '.'
            }
        );
        assert_eq!(
            separators("pt"),
            NumberSeparators {
                decimal: ',',
                group: NBSP
            }
        );
        assert_eq!(
            separators("ru"),
            NumberSeparators {
                decimal: ',',
                group: NBSP
            }
        );
        assert_eq!(
            separators("es"),
            NumberSeparators {
                decimal: ',',
                group: '.'
            }
        );
        assert_eq!(
            separators("es-MX"),
            NumberSeparators {
                decimal: ',',
                group: '.'
            }
        );
        assert_eq!(
            separators("de"),
            NumberSeparators {
                decimal: ',',
                group: '.'
            }
        );
        assert_eq!(
            separators("xx"),
            NumberSeparators {
                decimal: '.',
                group: ','
            }
        );
    }

    #[test]
    fn number_masks_format_while_typing() {
        let br = NumberMask::new("pt-BR", 2, true);
        let en = NumberMask::new("en", 2, false);
        let ru = NumberMask::new("ru", 0, true);
        for (mask, input, out, value) in [
            (&br, "1234567,891", "1.234.567,89", Some("1234567.89")),
            (&br, "1234,", "1.234,", Some("1234")),
            (&br, "-12", "12", Some("12")),
            (&br, "1.234.567,8", "1.234.567,8", Some("1234567.8")),
            (&br, "00012", "12", Some("12")),
            (&br, ",5", "0,5", Some("0.5")),
            (&br, "abc", "", None),
            (&br, "", "", None),
            (&en, "-1234.5", "-1,234.5", Some("-1234.5")),
            (&en, "1,234.56", "1,234.56", Some("1234.56")),
            (&en, "1.2.3", "1.23", Some("1.23")),
            (&en, "-0", "-0", Some("0")),
            (&en, "-0.00", "-0.00", Some("0.00")),
            (&en, "12-3", "123", Some("123")),
            (&ru, "1234567,89", "1\u{a0}234\u{a0}567", Some("1234567")),
            (&ru, "1 000", "1\u{a0}000", Some("1000")),
        ] {
            assert_eq!(format_number_input(input, mask), out, "{input}");
            assert_eq!(parse_number_input(input, mask).as_deref(), value, "{input}");
        }
        let huge = "9".repeat(100);
        assert_eq!(
            parse_number_input(&huge, &en).unwrap().len(),
            MAX_INTEGER_DIGITS
        );
    }

    #[test]
    fn number_values_for_display() {
        let de = NumberMask::new("de", 2, false);
        assert_eq!(
            format_number_value("1234.5", &de).as_deref(),
            Some("1.234,50")
        );
        assert_eq!(
            format_number_value("-1234.555", &de).as_deref(),
            Some("-1.234,56")
        );
        assert_eq!(format_number_value("-0.001", &de).as_deref(), Some("0,00"));
        let unsigned = NumberMask::new("en", 0, true);
        assert_eq!(
            format_number_value("-1234.5", &unsigned).as_deref(),
            Some("1,235")
        );
        assert_eq!(format_number_value("x", &unsigned), None);
    }
}
