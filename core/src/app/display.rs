//! How the shared nouns are shown (money, currency choices): used by several features' view
//! slices, so it lives with the parent, not in any one feature.

use serde::Serialize;

use super::wire::{currency_info, Account, Currency};
use crate::domain::money::{self, CurrencyInfo, DisplayMoney};

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct MoneyView {
    pub amount: String,
    pub code: String,
    pub symbol: String,
}

impl From<DisplayMoney> for MoneyView {
    fn from(m: DisplayMoney) -> Self {
        MoneyView {
            amount: m.amount,
            code: m.code,
            symbol: m.symbol,
        }
    }
}

/// An account's balance as the player reads it (mBTC for BTC, SPEC §9).
pub fn balance(currencies: &[Currency], account: &Account) -> MoneyView {
    amount(currencies, &account.balance, &account.currency)
}

/// A decimal amount in `code` as the player reads it (balances, bonuses).
pub fn amount(currencies: &[Currency], value: &str, code: &str) -> MoneyView {
    let info = match currencies
        .iter()
        .find(|c| c.code.eq_ignore_ascii_case(code))
    {
        Some(c) => currency_info(c),
        // Settings not loaded (or unknown code): show the plain amount with its code.
        None => CurrencyInfo {
            code: code.to_string(),
            crypto: false,
            symbol: String::new(),
            subunit_to_unit: 100,
            sub_currencies: vec![],
        },
    };
    money::display_balance(value, &info, true).into()
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct CurrencyOption {
    pub code: String,
    pub label: String,
    pub crypto: bool,
}

pub fn option(c: &Currency) -> CurrencyOption {
    let label = if c.symbol.is_empty() || c.symbol == c.code {
        c.code.clone()
    } else {
        format!("{} ({})", c.code, c.symbol)
    };
    CurrencyOption {
        code: c.code.clone(),
        label,
        crypto: c.is_crypto(),
    }
}
