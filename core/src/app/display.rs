//! How the shared nouns are shown (money, currency choices): used by several features' view
//! slices, so it lives with the parent, not in any one feature.

use serde::Serialize;

use super::feature::Shared;
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

/// An account's balance as the player reads it (mBTC or BTC as they chose, SPEC §1, §9).
pub fn balance(shared: &Shared, account: &Account) -> MoneyView {
    amount(shared, &account.balance, &account.currency)
}

/// A decimal amount in `code` as the player reads it (balances, bonuses): crypto in the
/// sub-unit or the unit the player chose (`Shared::crypto_sub_units`).
pub fn amount(shared: &Shared, value: &str, code: &str) -> MoneyView {
    amount_in(shared.currencies(), value, code, shared.crypto_sub_units())
}

/// The balance in the equivalent currency (SPEC §9): 2 decimals, only for a crypto account
/// when an equivalent currency is set and both rates are known.
pub fn equivalent(shared: &Shared, account: &Account, code: Option<&str>) -> Option<MoneyView> {
    let from = shared.currency(&account.currency)?;
    if !money::show_equivalent(from.is_crypto(), code) {
        return None;
    }
    let to = shared.currency(code?)?;
    let amount = money::equivalent_display(
        &account.balance,
        &from.rate.as_ref()?.rate,
        &to.rate.as_ref()?.rate,
    )?;
    Some(MoneyView {
        amount,
        code: to.code.clone(),
        symbol: to.symbol.clone(),
    })
}

/// `value` in `code` as the settings' currencies show it (crypto in the unit the player chose:
/// `sub_units`); an unknown code shows the plain amount with its code.
pub fn amount_in(currencies: &[Currency], value: &str, code: &str, sub_units: bool) -> MoneyView {
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
    money::display_balance(value, &info, sub_units).into()
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
