//! Property tests for money (SPEC §3 Currency, §9): exact round trips, no panics.
#![cfg(not(target_arch = "wasm32"))]

use croupier_core::domain::money::{
    display_balance, equivalent, from_sub_units, to_sub_units, CurrencyInfo, Decimal, SubCurrency,
    MAX_SCALE,
};
use proptest::prelude::*;

fn decimal() -> impl Strategy<Value = Decimal> {
    (-(10i128.pow(24))..10i128.pow(24), 0u32..=12).prop_map(|(m, s)| Decimal::new(m, s).unwrap())
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
    fn displayed_fiat_is_the_rounded_balance(d in decimal(), digits in 0u32..=4) {
        let factor = 10u64.pow(digits);
        let shown = display_balance(&d.to_string(), &currency(false, factor), true);
        let back = Decimal::parse(&shown.amount.replace(',', "")).unwrap();
        prop_assert_eq!(back, d.round_to(digits).unwrap());
        let frac = shown.amount.split('.').nth(1).map_or(0, str::len);
        prop_assert_eq!(frac as u32, digits);
    }

    #[test]
    fn displayed_crypto_sub_units_are_exact_to_precision(d in decimal()) {
        let shown = display_balance(&d.to_string(), &currency(true, 100_000_000), true);
        prop_assert_eq!(shown.code.as_str(), "mXXX");
        let back = from_sub_units(&shown.amount.replace(',', ""), 1000).unwrap();
        prop_assert_eq!(back, d.round_to(8).unwrap());
    }

    #[test]
    fn parsing_never_panics(s in any::<String>(), digits in "[-+]?[0-9]{0,45}(\\.[0-9]{0,45})?") {
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
