//! The `session` slice: who the visitor is, and the header's balance.

use serde::Serialize;

use crate::app::feature::{SessionStatus, SliceSink};
use crate::app::model::{Dirty, Model};
use crate::app::registry::Part;
use crate::app::wire::{currency_info, Account, Currency};
use crate::domain::money::{self, CurrencyInfo, DisplayMoney};
use crate::domain::names::{self, NameSource};

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct SessionView {
    /// `booting` until we know whether a stored session holds.
    pub status: SessionStatus,
    pub nickname: Option<String>,
    pub balance: Option<MoneyView>,
}

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

/// What the slice reads.
pub const READS: &[Part] = &[Part::Session, Part::Wallet, Part::Settings];

pub fn slices<S: SliceSink>(model: &Model, dirty: Dirty, out: &mut S) {
    if dirty.touches(READS, false) {
        out.put("session", &slice(model));
    }
}

pub fn slice(model: &Model) -> SessionView {
    let nickname = model.f.session.profile.as_ref().map(|p| {
        names::display_nickname(&NameSource {
            nickname: p.nickname.as_deref(),
            first_name: p.first_name.as_deref(),
            tg_user_id: p.tg_user_id.as_deref(),
            email: p.email.as_deref(),
        })
    });
    let balance = model
        .f
        .wallet
        .active()
        .map(|a| balance(&model.shared.currencies, a));
    SessionView {
        status: model.shared.status,
        nickname,
        balance,
    }
}

/// An account's balance as the player reads it (mBTC for BTC, SPEC §9).
pub fn balance(currencies: &[Currency], account: &Account) -> MoneyView {
    let info = match currencies
        .iter()
        .find(|c| c.code.eq_ignore_ascii_case(&account.currency))
    {
        Some(c) => currency_info(c),
        // Settings not loaded (or unknown code): show the plain amount with its code.
        None => CurrencyInfo {
            code: account.currency.clone(),
            crypto: false,
            symbol: String::new(),
            subunit_to_unit: 100,
            sub_currencies: vec![],
        },
    };
    money::display_balance(&account.balance, &info, true).into()
}
