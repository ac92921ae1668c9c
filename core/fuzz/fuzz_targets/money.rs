//! Amount parsing and display on arbitrary input: no panic; whatever parses prints back to an
//! equal value.
#![no_main]

use croupier_core::domain::money::{self, CurrencyInfo, Decimal, SubCurrency};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(d) = Decimal::parse(&text) {
        assert_eq!(Decimal::parse(&d.to_string()), Ok(d));
        let _ = d.round_to(2);
        let _ = d.checked_mul(&d);
        let _ = d.checked_div(&Decimal::from_int(7), 12);
        if let Some(subs) = money::to_sub_units(&d, 1000) {
            assert_eq!(money::from_sub_units(&subs.to_string(), 1000), Ok(d));
        }
    }
    let btc = CurrencyInfo {
        code: "BTC".into(),
        crypto: true,
        symbol: "B".into(),
        subunit_to_unit: 100_000_000,
        sub_currencies: vec![SubCurrency {
            code: "mBTC".into(),
            subunit_to_unit: 1000,
        }],
    };
    let _ = money::display_balance(&text, &btc, true);
    let _ = money::display_balance(
        &text,
        &CurrencyInfo {
            crypto: false,
            subunit_to_unit: 7,
            ..btc.clone()
        },
        false,
    );
    let _ = money::equivalent(&text, "60000", &text);
});
