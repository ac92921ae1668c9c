//! The `accounts` slice: the player's wallet accounts and the currencies they can add.

use serde::Serialize;

use crate::app::display::{balance, equivalent, option, CurrencyOption, MoneyView};
use crate::app::feature::Shared;
use crate::app::model::Config;

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct AccountView {
    pub id: i64,
    pub currency: String,
    pub crypto: bool,
    pub balance: MoneyView,
    /// The balance in the equivalent currency (crypto accounts, when one is chosen, SPEC §9).
    pub equivalent: Option<MoneyView>,
    pub active: bool,
    /// A switch or hide is in flight.
    pub busy: bool,
    pub can_hide: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct AccountsView {
    pub loading: bool,
    pub items: Vec<AccountView>,
    /// Currencies the player can still open an account in.
    pub addable: Vec<CurrencyOption>,
    /// Crypto amounts show in sub-units (mBTC) rather than units (BTC): the player's choice.
    pub sub_units: bool,
}

pub fn slice(wallet: &super::Wallet, shared: &Shared, _config: &Config) -> AccountsView {
    let currencies = shared.currencies();
    let items = wallet
        .accounts
        .iter()
        .map(|a| AccountView {
            id: a.id,
            currency: a.currency.clone(),
            crypto: shared.currency(&a.currency).is_some_and(|c| c.is_crypto()),
            balance: balance(shared, a),
            equivalent: equivalent(shared, a, wallet.equivalent.as_deref()),
            active: a.is_active(),
            busy: wallet.busy.contains(&a.id),
            can_hide: !a.is_active(),
        })
        .collect();
    let addable = currencies
        .iter()
        .filter_map(|c| {
            let addable = c.is_enabled != Some(false)
                && !wallet
                    .accounts
                    .iter()
                    .any(|a| a.currency.eq_ignore_ascii_case(&c.code));
            addable.then(|| option(c))
        })
        .collect();
    AccountsView {
        loading: wallet.loading,
        items,
        addable,
        sub_units: shared.crypto_sub_units(),
    }
}
