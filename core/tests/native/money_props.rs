//! Property tests for money (SPEC §3 Currency, §9): exact round trips, no panics.
#![cfg(not(target_arch = "wasm32"))]

use croupier_core::domain::money::{
    display_balance, equivalent, from_sub_units, to_sub_units, CurrencyInfo, Decimal, SubCurrency,
    MAX_SCALE,
};
use proptest::prelude::*;

fn decimal() -> impl Strategy<Value = Decimal> {
    parts().prop_map(|(m, s)| Decimal::new(m, s).unwrap())
}

fn parts() -> impl Strategy<Value = (i128, u32)> {
    (-(10i128.pow(24))..10i128.pow(24), 0u32..=12)
}

/// The reference, independent of `Decimal`: `m * 10^-s` rounded half away from zero to
/// `digits` fraction digits, written out with exactly that many.
fn oracle_rounded(m: i128, s: u32, digits: u32) -> String {
    let (neg, a) = (m < 0, m.unsigned_abs());
    let scaled = if digits >= s {
        a * 10u128.pow(digits - s)
    } else {
        let div = 10u128.pow(s - digits);
        let (q, r) = (a / div, a % div);
        if r * 2 >= div {
            q + 1
        } else {
            q
        }
    };
    let unit = 10u128.pow(digits);
    let (int, frac) = (scaled / unit, scaled % unit);
    let sign = if neg && scaled != 0 { "-" } else { "" };
    if digits == 0 {
        format!("{sign}{int}")
    } else {
        format!("{sign}{int}.{frac:0width$}", width = digits as usize)
    }
}

fn currency(crypto: bool, factor: u64) -> CurrencyInfo {
    CurrencyInfo {
        code: "XXX".into(),
        crypto,
        symbol: "¤".into(),
        subunit_to_unit: factor,
        sub_currencies: vec![SubCurrency {
            code: "mXXX".into(),
            subunit_to_unit: 1000,
        }],
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn display_parses_back_equal(d in decimal()) {
        let text = d.to_string();
        let back = Decimal::parse(&text).unwrap();
        prop_assert_eq!(back, d);
        prop_assert_eq!(back.to_string(), text);
        // Grouped form without separators is the same number.
        prop_assert_eq!(Decimal::parse(&d.to_grouped().replace(',', "")).unwrap(), d);
    }

    #[test]
    fn sub_units_convert_exactly(d in decimal()) {
        let subs = to_sub_units(&d, 1000).unwrap();
        let back = from_sub_units(&subs.to_string(), 1000).unwrap();
        prop_assert_eq!(back, d);
        let subs = to_sub_units(&d, 100_000_000).unwrap();
        prop_assert_eq!(from_sub_units(&subs.to_string(), 100_000_000).unwrap(), d);
    }

    #[test]
    fn addition_and_subtraction_are_inverse(a in decimal(), b in decimal()) {
        let sum = a.checked_add(&b).unwrap();
        prop_assert_eq!(sum.checked_sub(&b).unwrap(), a);
        prop_assert_eq!(a.cmp(&b), a.checked_sub(&b).unwrap().cmp(&Decimal::ZERO));
    }

    #[test]
    fn rounding_stays_within_half_a_unit(d in decimal(), s in 0u32..12) {
        let r = d.round_to(s).unwrap();
        prop_assert_eq!(r.scale(), s);
        let diff = r.checked_sub(&d).unwrap().checked_abs().unwrap();
        let half = Decimal::new(5, s + 1).unwrap();
        prop_assert!(diff <= half);
    }

    #[test]
    fn displayed_fiat_is_the_rounded_balance((m, s) in parts(), digits in 0u32..=4) {
        let d = Decimal::new(m, s).unwrap();
        let factor = 10u64.pow(digits);
        let shown = display_balance(&d.to_string(), &currency(false, factor), true);
        let want = oracle_rounded(m, s, digits);
        prop_assert_eq!(Decimal::parse(&shown.amount.replace(',', "")).unwrap(), Decimal::parse(&want).unwrap());
        let frac = shown.amount.split('.').nth(1).map_or(0, str::len);
        prop_assert_eq!(frac as u32, digits);
    }

    #[test]
    fn displayed_crypto_sub_units_are_exact_to_precision((m, s) in parts()) {
        let d = Decimal::new(m, s).unwrap();
        let shown = display_balance(&d.to_string(), &currency(true, 100_000_000), true);
        prop_assert_eq!(shown.code.as_str(), "mXXX");
        // Shown in thousandths: the amount is the balance rounded to 8 digits, times 1000.
        let back = from_sub_units(&shown.amount.replace(',', ""), 1000).unwrap();
        prop_assert_eq!(back, Decimal::parse(&oracle_rounded(m, s, 8)).unwrap());
    }

    #[test]
    fn any_text_parses_within_the_max_scale_or_is_refused(s in any::<String>(), digits in "[-+]?[0-9]{0,45}(\\.[0-9]{0,45})?") {
        for text in [&s, &digits] {
            if let Ok(d) = Decimal::parse(text) {
                prop_assert!(d.scale() <= MAX_SCALE);
                let _ = d.round_to(2);
                let _ = d.checked_mul(&d);
                let _ = d.checked_div(&Decimal::from_int(3), 8);
                let _ = d.mul_pow10(40);
                let _ = d.mul_pow10(-40);
            }
            let _ = display_balance(text, &currency(true, 0), true);
            let _ = display_balance(text, &currency(false, u64::MAX), false);
            let _ = equivalent(text, text, "3");
            let _ = from_sub_units(text, 7);
        }
    }
}

/// Digits are written by hand (`money::decimal_digits`, no u128 formatter): zeros inside,
/// at the ends and in front of the fraction stay, and the widest mantissas read back.
#[test]
fn display_keeps_every_digit() {
    for text in [
        "0",
        "0.0",
        "0.05",
        "-0.000001",
        "10",
        "100.100",
        "-1234567890123456789.000123",
        "170141183460469231731687303715884105727",
        "-17014118346046923173168730371588410572.7",
    ] {
        assert_eq!(Decimal::parse(text).unwrap().to_string(), text, "{text}");
    }
    assert_eq!(
        Decimal::parse("1234567.5").unwrap().to_grouped(),
        "1,234,567.5"
    );
}
