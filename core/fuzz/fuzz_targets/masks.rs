//! Pattern and number masks on arbitrary masks, input and carets: no panic, and masking is
//! idempotent and keeps the raw value.
#![no_main]

use croupier_core::domain::mask;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let caret = data.first().copied().unwrap_or(0) as usize;
    let text = String::from_utf8_lossy(data.get(1..).unwrap_or(&[]));
    let (m, input) = text
        .split_once('\u{1}')
        .unwrap_or(("(##) #####-####", &text));
    let out = mask::apply_with_caret(m, input, caret);
    assert!(out.caret <= out.text.chars().count());
    assert_eq!(mask::apply(m, &out.text), out.text);
    assert_eq!(mask::strip(m, &out.text), out.raw);
    let _ = mask::is_complete(m, input);
    let _ = mask::apply_dynamic(&[m, "###-###"], input);
    for locale in ["en", "pt-BR", "ru", "es", "de"] {
        for frac in [0, 2, 8] {
            let nm = mask::NumberMask::new(locale, frac, caret % 2 == 0);
            let shown = mask::format_number_input(input, &nm);
            assert_eq!(mask::format_number_input(&shown, &nm), shown);
            assert_eq!(
                mask::parse_number_input(&shown, &nm),
                mask::parse_number_input(input, &nm)
            );
            let _ = mask::format_number_value(input, &nm);
        }
    }
});
