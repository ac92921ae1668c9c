//! The `accounts` slice: the player's wallet accounts and the currencies they can add.

use serde::Serialize;

use crate::app::display::{balance, option, CurrencyOption, MoneyView};
use crate::app::feature::SliceSink;
use crate::app::model::{Dirty, Model};
use crate::app::registry::Part;

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct AccountView {
    pub id: i64,
    pub currency: String,
    pub balance: MoneyView,
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
}

pub const READS: &[Part] = &[Part::Wallet, Part::Settings];

pub fn slices<S: SliceSink>(model: &Model, dirty: Dirty, out: &mut S) {
    if dirty.touches(READS, false) {
        out.put("accounts", &slice(model));
    }
}

pub fn slice(model: &Model) -> AccountsView {
    let wallet = &model.f.wallet;
    let currencies = &model.shared.currencies;
    let items = wallet
        .accounts
        .iter()
        .map(|a| AccountView {
            id: a.id,
            currency: a.currency.clone(),
            balance: balance(currencies, a),
            active: a.is_active(),
            busy: wallet.busy.contains(&a.id),
            can_hide: !a.is_active(),
        })
        .collect();
    let addable = currencies
        .iter()
        .filter(|c| c.is_enabled != Some(false))
        .filter(|c| {
            !wallet
                .accounts
                .iter()
                .any(|a| a.currency.eq_ignore_ascii_case(&c.code))
        })
        .map(option)
        .collect();
    AccountsView {
        loading: wallet.loading,
        items,
        addable,
    }
}
