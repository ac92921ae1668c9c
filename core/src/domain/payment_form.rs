//! The deposit and withdrawal form's rules (SPEC §3, §5, §9): the unit the amount is typed in
//! (mBTC for BTC and ETH), its decimals, the method's min/max, the balance, and the extra
//! fields (card, crypto address `wallet_id`, CPF, phone). Exact decimals throughout.
//!
//! # Decisions
//!
//! - The amount is typed in the milli sub-currency when the currency has one (factor 1000,
//!   SPEC §9), else in units; it may carry at most the digits one minor unit needs in that
//!   unit (BTC 10^8 typed in mBTC: 5 decimals; USD: 2).
//! - Card: 12 to 19 digits (spaces and dashes allowed) passing the Luhn check.
//! - Crypto address per currency: BTC bech32 `bc1…` or base58 `1…`/`3…`; ETH `0x` + 40 hex;
//!   USDT (TRC-20) `T` + 33 base58 characters; any other currency: 20 to 100 characters of
//!   letters and digits.

use crate::domain::cpf;

/// localStorage key of the equivalent currency (SPEC §9 names no key).
pub const EQUIVALENT_KEY: &str = "equivalentCurrency";
/// localStorage key of the crypto display unit (SPEC §1 "may be shown in sub-units"; SPEC §9
/// names no key): [`UNITS`] or [`SUB_UNITS`].
pub const CRYPTO_UNITS_KEY: &str = "cryptoUnits";
pub const UNITS: &str = "units";
pub const SUB_UNITS: &str = "subUnits";

/// Whether crypto amounts show in sub-units for the stored choice: yes unless `units` was
/// chosen (the product showed mBTC before the choice existed).
pub fn sub_units_chosen(stored: Option<&str>) -> bool {
    stored.map(str::trim) != Some(UNITS)
}
use crate::domain::money::{factor_digits, CurrencyInfo, Decimal, MILLI_FACTOR};

/// The unit an amount is typed in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputUnit {
    /// `"USD"`, `"mBTC"`.
    pub code: String,
    /// How many of it make one currency unit (1, or 1000 for a milli unit).
    pub per_unit: u64,
    /// Decimals allowed when typing.
    pub places: u32,
}

pub fn input_unit(info: &CurrencyInfo) -> InputUnit {
    input_unit_as(info, true)
}

/// The unit typed in when the player shows crypto in sub-units (`sub_units`) or in units:
/// the amount is typed in the unit the balance is shown in.
pub fn input_unit_as(info: &CurrencyInfo, sub_units: bool) -> InputUnit {
    let digits = info.minor_digits();
    match info
        .milli_sub_currency()
        .filter(|_| info.crypto && sub_units)
    {
        Some(sub) => InputUnit {
            code: sub.code.clone(),
            per_unit: MILLI_FACTOR,
            places: digits.saturating_sub(factor_digits(MILLI_FACTOR)),
        },
        None => InputUnit {
            code: info.code.clone(),
            per_unit: 1,
            places: digits,
        },
    }
}

impl InputUnit {
    /// Units -> this unit, written plainly (`0.0001` BTC -> `"0.1"` mBTC).
    pub fn from_units(&self, units: &str) -> Option<String> {
        let v = Decimal::parse(units).ok()?;
        let exp = i32::try_from(factor_digits(self.per_unit)).ok()?;
        Some(v.mul_pow10(exp)?.normalized().to_string())
    }

    /// Typed text in this unit -> units (`"1.5"` mBTC -> `0.0015` BTC).
    pub fn to_units(&self, typed: &Decimal) -> Option<Decimal> {
        let exp = i32::try_from(factor_digits(self.per_unit)).ok()?;
        typed.mul_pow10(-exp).map(|d| d.normalized())
    }
}

/// Why an amount is refused; each names the content key of its message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AmountError {
    Required,
    NotANumber,
    /// More decimals than the unit allows (the allowed count).
    TooManyDecimals(u32),
    /// Below the method's minimum (in the typed unit).
    BelowMin(String),
    /// Above the method's maximum (in the typed unit).
    AboveMax(String),
    /// A withdrawal above the balance.
    AboveBalance,
}

impl AmountError {
    pub fn key(&self) -> &'static str {
        match self {
            AmountError::Required => "fields-settings.validations.required",
            AmountError::NotANumber => "global-components.wallet.amountNotNumber",
            AmountError::TooManyDecimals(_) => "global-components.wallet.amountDecimals",
            AmountError::BelowMin(_) => "global-components.wallet.amountMin",
            AmountError::AboveMax(_) => "global-components.wallet.amountMax",
            AmountError::AboveBalance => "global-components.wallet.amountBalance",
        }
    }

    /// The placeholder value of the message (`{param}`), if any.
    pub fn param(&self) -> Option<String> {
        match self {
            AmountError::TooManyDecimals(n) => Some(n.to_string()),
            AmountError::BelowMin(v) | AmountError::AboveMax(v) => Some(v.clone()),
            _ => None,
        }
    }
}

/// Checks a typed amount against the unit, the method's limits (units, decimal strings) and,
/// for a withdrawal, the balance (units). `Ok` is the amount in currency units.
pub fn check_amount(
    typed: &str,
    unit: &InputUnit,
    min: Option<&str>,
    max: Option<&str>,
    balance: Option<&str>,
) -> Result<Decimal, AmountError> {
    let text = typed.trim();
    if text.is_empty() {
        return Err(AmountError::Required);
    }
    let plain = text.bytes().all(|b| b.is_ascii_digit() || b == b'.');
    let value = match Decimal::parse(text) {
        Ok(v) if plain && !v.is_negative() && !v.is_zero() => v,
        _ => return Err(AmountError::NotANumber),
    };
    if value.normalized().scale() > unit.places {
        return Err(AmountError::TooManyDecimals(unit.places));
    }
    let units = unit.to_units(&value).ok_or(AmountError::NotANumber)?;
    let bound = |s: Option<&str>| s.and_then(|s| Decimal::parse(s).ok());
    if let Some(lo) = bound(min) {
        if units < lo {
            let shown = unit.from_units(&lo.to_string()).unwrap_or_default();
            return Err(AmountError::BelowMin(shown));
        }
    }
    if let Some(hi) = bound(max) {
        if units > hi {
            let shown = unit.from_units(&hi.to_string()).unwrap_or_default();
            return Err(AmountError::AboveMax(shown));
        }
    }
    if let Some(b) = bound(balance) {
        if units > b {
            return Err(AmountError::AboveBalance);
        }
    }
    Ok(units)
}

/// The extra fields a method may ask for (docs/API.md field types).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldKind {
    Card,
    Cpf,
    Phone,
    CryptoAddress,
    Text,
}

impl FieldKind {
    pub fn parse(kind: &str, name: &str) -> FieldKind {
        match (kind, name) {
            ("card", _) | (_, "card_number") => FieldKind::Card,
            ("cpf", _) | (_, "cpf_number") => FieldKind::Cpf,
            ("phone", _) | (_, "phone") => FieldKind::Phone,
            ("cryptoAddress", _) | (_, "wallet_id") => FieldKind::CryptoAddress,
            _ => FieldKind::Text,
        }
    }

    /// The content key of the message for a value that fails the kind's rule.
    pub fn invalid_key(self) -> &'static str {
        match self {
            FieldKind::Card => "global-components.wallet.cardInvalid",
            FieldKind::Cpf => "fields-settings.validations.cpf_number",
            FieldKind::Phone => "fields-settings.validations.phone",
            FieldKind::CryptoAddress => "global-components.wallet.addressInvalid",
            FieldKind::Text => "fields-settings.validations.required",
        }
    }
}

/// `None` when the value passes; else the content key of the message. Every field a method
/// lists is required. `phone_ok` judges phone numbers (the numbering plans live elsewhere).
pub fn check_field(
    kind: FieldKind,
    value: &str,
    currency: &str,
    phone_ok: &dyn Fn(&str) -> bool,
) -> Option<&'static str> {
    let v = value.trim();
    if v.is_empty() {
        return Some("fields-settings.validations.required");
    }
    let ok = match kind {
        FieldKind::Card => is_card(v),
        FieldKind::Cpf => cpf::is_valid(v),
        FieldKind::Phone => v.starts_with('+') && phone_ok(v),
        FieldKind::CryptoAddress => is_crypto_address(v, currency),
        FieldKind::Text => true,
    };
    (!ok).then(|| kind.invalid_key())
}

/// 12-19 digits with spaces or dashes between, Luhn-valid.
pub fn is_card(v: &str) -> bool {
    let mut digits: Vec<u32> = Vec::new();
    for c in v.chars() {
        match c {
            '0'..='9' => digits.push(c.to_digit(10).unwrap_or(0)),
            ' ' | '-' => {}
            _ => return false,
        }
    }
    if !(12..=19).contains(&digits.len()) {
        return false;
    }
    let mut sum = 0u32;
    for (i, d) in digits.iter().rev().enumerate() {
        sum += if i % 2 == 1 {
            let x = d * 2;
            if x > 9 {
                x - 9
            } else {
                x
            }
        } else {
            *d
        };
    }
    sum.is_multiple_of(10)
}

fn is_base58(s: &str) -> bool {
    s.chars()
        .all(|c| c.is_ascii_alphanumeric() && !matches!(c, '0' | 'O' | 'I' | 'l'))
}

pub fn is_crypto_address(v: &str, currency: &str) -> bool {
    let len = v.len();
    match currency.to_ascii_uppercase().as_str() {
        "BTC" => match v.strip_prefix("bc1") {
            Some(rest) => {
                (11..=71).contains(&rest.len())
                    && rest
                        .chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
            }
            None => {
                (v.starts_with('1') || v.starts_with('3'))
                    && (26..=35).contains(&len)
                    && is_base58(v)
            }
        },
        "ETH" => v
            .strip_prefix("0x")
            .is_some_and(|h| h.len() == 40 && h.chars().all(|c| c.is_ascii_hexdigit())),
        "USDT" => len == 34 && v.starts_with('T') && is_base58(v),
        // TON: the user-friendly form (48 characters of URL-safe base64) or the raw
        // workchain:hex form (`0:` or `-1:` and 64 hex digits).
        "TON" => match v.strip_prefix("0:").or_else(|| v.strip_prefix("-1:")) {
            Some(hex) => hex.len() == 64 && hex.chars().all(|c| c.is_ascii_hexdigit()),
            None => {
                len == 48
                    && v.chars()
                        .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
            }
        },
        _ => (20..=100).contains(&len) && v.chars().all(|c| c.is_ascii_alphanumeric()),
    }
}
