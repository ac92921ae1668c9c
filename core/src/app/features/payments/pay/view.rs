//! The `payment` slice (the wallet modal's deposit and withdrawal, and the deposit-status,
//! success, error and cancel-deposit modals) and the `history` slice (`/wallet/history`).

use litemap::LiteMap;
use serde::Serialize;

use super::super::history::Filter;
use super::super::Payments;
use super::{open_direction_of, AccountTab, MethodsState, Stage, AMOUNT};
use crate::app::display::{self, MoneyView};
use crate::app::feature::Shared;
use crate::app::model::Config;
use crate::app::wire::Currency;
use crate::domain::invoice::{can_decline, InvoiceKind, InvoiceStatus};
use crate::domain::locale::{iso8601_from_ms, DateFormat};
use crate::domain::payment::{Direction, MethodId};
use crate::domain::payment_form::FieldKind;
use crate::domain::route::RouteName;
use crate::domain::validation::fill;
use crate::domain::zone::Zone;

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct PayAccountView {
    pub id: i64,
    pub currency: String,
    pub balance: MoneyView,
    pub crypto: bool,
    pub selected: bool,
    /// The balance in the equivalent fiat, 2 decimals (crypto accounts only, SPEC §9).
    pub equivalent: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct MethodView {
    pub id: String,
    pub name: String,
    pub manual: bool,
    /// Limits in the unit the amount is typed in (mBTC for BTC).
    pub min: Option<String>,
    pub max: Option<String>,
    pub selected: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct MethodGroupView {
    pub name: String,
    pub methods: Vec<MethodView>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct FieldView {
    pub name: String,
    /// `card`, `cpf`, `phone`, `cryptoAddress`, `text`: the input to show.
    pub kind: String,
    pub label: String,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct InvoiceView {
    pub id: u64,
    pub deposit: bool,
    pub status: u8,
    pub amount: MoneyView,
    pub method: String,
    pub qr: Option<String>,
    pub address: Option<String>,
    /// Unix seconds.
    pub expires_at: Option<i64>,
    pub created_at: i64,
    /// `created_at` as the player reads it (SPEC §9 date-time `DD.MM.YY, HH:mm`, the device's
    /// zone) and as ISO-8601 in UTC (the `<time>` element's machine-readable value).
    pub created_text: String,
    pub created_iso: String,
    /// The player can decline (a withdrawal) or cancel (a QR deposit) it now.
    pub can_decline: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct PaymentView {
    /// `deposit` or `withdraw` while the wallet modal is open.
    pub direction: Option<String>,
    pub tab: AccountTab,
    pub accounts: Vec<PayAccountView>,
    pub account_id: Option<i64>,
    /// The unit amounts are typed in (`USD`, `mBTC`).
    pub unit: String,
    pub methods_state: MethodsState,
    pub groups: Vec<MethodGroupView>,
    pub method: Option<String>,
    pub is_async: bool,
    pub fields: Vec<FieldView>,
    #[serde(serialize_with = "crate::json::map_as_object")]
    #[cfg_attr(target_arch = "wasm32", tsify(type = "Record<string, string>"))]
    pub values: LiteMap<String, String>,
    /// Messages of the fields that show one.
    #[serde(serialize_with = "crate::json::map_as_object")]
    #[cfg_attr(target_arch = "wasm32", tsify(type = "Record<string, string>"))]
    pub errors: LiteMap<String, String>,
    pub stage: Stage,
    pub message: Option<String>,
    pub deposit_limit: bool,
    pub invoice: Option<InvoiceView>,
    pub async_id: Option<u64>,
    /// Fired analytics events, oldest first (the core's sink).
    pub analytics: Vec<String>,
    pub equivalent: Option<String>,
    /// Crypto amounts in sub-units (mBTC), not units (BTC): the player's choice (SPEC §1).
    pub sub_units: bool,
    /// The payment region the methods are asked for (`paymentGeo`, else the profile's).
    pub country: Option<String>,
    /// Countries to choose the payment region from: `[code, name]`.
    pub countries: Vec<[String; 2]>,
    /// Fiat currencies to choose the equivalent from.
    pub fiats: Vec<String>,
    pub declining: Vec<u64>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct StatView {
    pub currency: String,
    pub deposit_count: u32,
    pub deposits: MoneyView,
    pub withdrawal_count: u32,
    pub withdrawals: MoneyView,
    pub pending_count: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct HistoryView {
    pub loading: bool,
    pub loaded: bool,
    pub filter: Filter,
    pub page: u32,
    pub total_pages: u32,
    pub total_rows: u32,
    pub items: Vec<InvoiceView>,
    pub stats: Vec<StatView>,
    pub declining: Vec<u64>,
}

fn invoice_view(
    currencies: &[Currency],
    sub_units: bool,
    zone: &Zone,
    i: &super::wire::WireInvoice,
) -> InvoiceView {
    let data = i.public_data.clone().unwrap_or_default();
    let qr = data.qr.filter(|q| !q.is_empty());
    let kind = if i.is_deposit() {
        InvoiceKind::Deposit
    } else {
        InvoiceKind::Withdrawal
    };
    InvoiceView {
        id: i.id,
        deposit: i.is_deposit(),
        status: i.status,
        amount: display::amount_in(currencies, &i.amount, &i.currency, sub_units),
        method: i.payment_method.clone(),
        can_decline: InvoiceStatus::from_code(i.status)
            .is_some_and(|s| can_decline(kind, s, qr.is_some())),
        qr,
        address: data.address,
        expires_at: data.expires_at,
        created_at: i.created_at,
        created_text: zone.format(i.created_at, DateFormat::DateTime),
        created_iso: iso8601_from_ms(u64::try_from(i.created_at.saturating_mul(1000)).unwrap_or(0)),
    }
}

/// Where the slices are seen: the wallet pages, a modal. Only there are they rebuilt (a
/// balance push on another page stays two slices). The registry asks this first (`seen`) and
/// notes what it read with the slice's reads, so arriving there (the page or the query
/// changed) sends them fresh.
fn wallet_page(shared: &Shared) -> bool {
    matches!(
        shared.route_name(),
        Some(RouteName::Wallet | RouteName::WalletHistory)
    )
}

/// Whether the payment slice is seen: a modal is open or a wallet page shows.
pub fn payment_seen(shared: &Shared, _config: &Config) -> bool {
    shared
        .query_value(crate::domain::modal::MODAL_PARAM)
        .is_some()
        | wallet_page(shared)
}

/// Whether the history slice is seen (the wallet pages).
pub fn history_seen(shared: &Shared, _config: &Config) -> bool {
    wallet_page(shared)
}

/// The accounts are the wallet's as the parent shares them (`Shared::accounts`).
pub fn payment(payments: &Payments, shared: &Shared, _config: &Config) -> PaymentView {
    let pay = &payments.pay;
    let currencies = shared.currencies();
    let text = |key: &str| shared.text(key);
    let direction = open_direction_of(shared.location());
    let account = pay.account(shared.accounts());
    let sub_units = shared.crypto_sub_units();
    let accounts = shared
        .accounts()
        .iter()
        .filter_map(|a| {
            let crypto = shared.currency(&a.currency).is_some_and(|c| c.is_crypto());
            let equivalent = display::equivalent(shared, a, shared.equivalent()).map(|m| m.amount);
            (pay.tab == AccountTab::All || crypto).then(|| PayAccountView {
                id: a.id,
                currency: a.currency.clone(),
                balance: display::amount_in(currencies, &a.balance, &a.currency, sub_units),
                crypto,
                selected: account.is_some_and(|s| s.id == a.id),
                equivalent,
            })
        })
        .collect();
    let unit = account.map(|a| pay.unit(a, shared));
    let in_unit = |v: &Option<String>| {
        v.as_deref()
            .and_then(|s| unit.as_ref().and_then(|u| u.from_units(s)))
    };
    let groups = pay
        .groups
        .iter()
        .map(|(name, list)| MethodGroupView {
            name: name.clone(),
            methods: list
                .iter()
                .map(|m| MethodView {
                    id: m.id.clone(),
                    name: m.name.clone(),
                    manual: MethodId::parse(&m.id).is_some_and(|id| id.is_manual_agent()),
                    min: in_unit(&m.min_amount),
                    max: in_unit(&m.max_amount),
                    selected: pay.selected.as_deref() == Some(m.id.as_str()),
                })
                .collect(),
        })
        .collect();
    let method = pay.method();
    let fields = method
        .map(|m| {
            m.fields
                .iter()
                .map(|f| {
                    let kind = match FieldKind::parse(&f.kind, &f.name) {
                        FieldKind::Card => "card",
                        FieldKind::Cpf => "cpf",
                        FieldKind::Phone => "phone",
                        FieldKind::CryptoAddress => "cryptoAddress",
                        FieldKind::Text => "text",
                    };
                    FieldView {
                        name: f.name.clone(),
                        kind: kind.into(),
                        label: text(&format!("global-components.wallet.field.{}", f.name)),
                    }
                })
                .collect()
        })
        .unwrap_or_default();
    let mut errors = LiteMap::new();
    if let (Some(dir), Some(a), Some(u)) = (direction, account, &unit) {
        for (field, p) in pay.problems(dir, a, u).iter() {
            if !pay.shown.contains_key(field.as_str()) {
                continue;
            }
            let msg = if p.key.is_empty() {
                p.param.clone().unwrap_or_default()
            } else {
                let mut params = LiteMap::new();
                if let Some(v) = &p.param {
                    for k in ["param", "min", "max"] {
                        params.insert(k.to_string(), v.clone());
                    }
                }
                params.insert("unit".into(), u.code.clone());
                fill(&text(p.key), &params)
            };
            errors.insert(field.clone(), msg);
        }
    }
    let _ = AMOUNT;
    PaymentView {
        direction: direction.map(|d| match d {
            Direction::Deposit => "deposit".to_string(),
            Direction::Withdrawal => "withdraw".to_string(),
        }),
        tab: pay.tab,
        accounts,
        account_id: account.map(|a| a.id),
        unit: unit.map(|u| u.code).unwrap_or_default(),
        methods_state: pay.methods_state,
        groups,
        method: pay.selected.clone(),
        is_async: method.is_some_and(|m| m.is_async),
        fields,
        values: pay.values.clone(),
        errors,
        stage: pay.stage,
        message: pay.message.clone(),
        deposit_limit: pay.deposit_limit,
        invoice: pay
            .invoice
            .as_ref()
            .map(|i| invoice_view(currencies, sub_units, shared.zone(), i)),
        async_id: pay.async_id,
        analytics: pay.analytics.iter().map(|e| e.to_string()).collect(),
        equivalent: shared.equivalent().map(str::to_string),
        sub_units,
        country: pay.country_for_shared(shared),
        countries: pay
            .countries
            .iter()
            .map(|(code, name)| [code.clone(), name.clone()])
            .collect(),
        fiats: currencies
            .iter()
            .filter(|c| !c.is_crypto() && c.is_enabled != Some(false))
            .map(|c| c.code.clone())
            .collect(),
        declining: pay.declining.clone(),
    }
}

pub fn history(payments: &Payments, shared: &Shared, _config: &Config) -> HistoryView {
    let h = &payments.history;
    let currencies = shared.currencies();
    let sub_units = shared.crypto_sub_units();
    HistoryView {
        loading: h.loading,
        loaded: h.loaded,
        filter: h.filter.clone(),
        page: h.page.max(1),
        total_pages: h.total_pages,
        total_rows: h.total_rows,
        items: h
            .items
            .iter()
            .map(|i| invoice_view(currencies, sub_units, shared.zone(), i))
            .collect(),
        stats: h
            .stats
            .iter()
            .map(|s| StatView {
                currency: s.currency.clone(),
                deposit_count: s.deposit_count,
                deposits: display::amount_in(currencies, &s.deposit_sum, &s.currency, sub_units),
                withdrawal_count: s.withdrawal_count,
                withdrawals: display::amount_in(
                    currencies,
                    &s.withdrawal_sum,
                    &s.currency,
                    sub_units,
                ),
                pending_count: s.pending_count,
            })
            .collect(),
        declining: payments.pay.declining.clone(),
    }
}
