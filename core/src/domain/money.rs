//! Money: exact decimal amounts, currency display and sub-unit conversion (SPEC §3 Currency,
//! SPEC §9 "Currency sub-unit factor 1000 for BTC and ETH", "equivalent balance ... rounded to
//! 2 decimals and shown only for crypto accounts when an equivalent currency is set").
//!
//! Amounts are never binary floating point: [`Decimal`] is an `i128` mantissa with a decimal
//! scale (`value = mantissa / 10^scale`). Every operation is checked; overflow yields `None`
//! (or [`MoneyError::Overflow`]) instead of a panic.
//!
//! **Rounding** is *half away from zero* (commercial rounding: 1.005 -> 1.01, -1.005 -> -1.01)
//! everywhere in this module. It is what players expect on a receipt and what the server-side
//! formatting of the platforms we talk to does.

use std::cmp::Ordering;
use std::fmt;

use serde::{Deserialize, Serialize};

/// Largest number of fraction digits a [`Decimal`] may carry.
pub const MAX_SCALE: u32 = 36;
/// Significant digits always representable (the mantissa is an `i128`: up to
/// 170141183460469231731687303715884105727, so 38 digits always fit and most 39-digit
/// values do).
pub const MAX_DIGITS: usize = 38;

/// Why a text is not an amount.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoneyError {
    /// Nothing but whitespace.
    Empty,
    /// A character that is not a digit, a single leading sign or a single dot.
    InvalidCharacter,
    /// Scientific notation (`1e5`) is refused: amounts are written out.
    Exponent,
    /// No digit at all (`"-"`, `"."`).
    NoDigits,
    /// Outside the `i128` mantissa range or more than [`MAX_SCALE`] fraction digits.
    Overflow,
    /// A sub-unit factor of zero, or a conversion that is not exact.
    InvalidFactor,
}

impl MoneyError {
    /// Stable machine-readable code.
    pub fn as_str(&self) -> &'static str {
        match self {
            MoneyError::Empty => "EMPTY",
            MoneyError::InvalidCharacter => "INVALID_CHARACTER",
            MoneyError::Exponent => "EXPONENT",
            MoneyError::NoDigits => "NO_DIGITS",
            MoneyError::Overflow => "OVERFLOW",
            MoneyError::InvalidFactor => "INVALID_FACTOR",
        }
    }
}

impl fmt::Display for MoneyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            MoneyError::Empty => "amount is empty",
            MoneyError::InvalidCharacter => "amount contains an invalid character",
            MoneyError::Exponent => "amount uses an exponent, write it out",
            MoneyError::NoDigits => "amount has no digits",
            MoneyError::Overflow => "amount has too many digits",
            MoneyError::InvalidFactor => "sub-unit factor is invalid or the conversion is inexact",
        };
        f.write_str(text)
    }
}

impl std::error::Error for MoneyError {}

/// Exact fixed-point decimal: `mantissa / 10^scale`.
///
/// Equality and ordering are numeric (`1.5 == 1.50`). `Display` prints the canonical form with
/// the stored scale (`"1.50"` stays `"1.50"`); use [`Decimal::normalized`] to drop trailing
/// zeros.
#[derive(Clone, Copy, Debug, Default)]
pub struct Decimal {
    mantissa: i128,
    scale: u32,
}

fn pow10(exp: u32) -> Option<i128> {
    10i128.checked_pow(exp)
}

fn pow10_u128(exp: u32) -> Option<u128> {
    10u128.checked_pow(exp)
}

impl Decimal {
    /// Zero.
    pub const ZERO: Decimal = Decimal {
        mantissa: 0,
        scale: 0,
    };

    /// `mantissa / 10^scale`; `None` if the scale exceeds [`MAX_SCALE`].
    pub fn new(mantissa: i128, scale: u32) -> Option<Decimal> {
        (scale <= MAX_SCALE).then_some(Decimal { mantissa, scale })
    }

    /// A whole number.
    pub fn from_int(value: i64) -> Decimal {
        Decimal {
            mantissa: i128::from(value),
            scale: 0,
        }
    }

    /// The raw mantissa.
    pub fn mantissa(&self) -> i128 {
        self.mantissa
    }

    /// Number of fraction digits carried.
    pub fn scale(&self) -> u32 {
        self.scale
    }

    /// Parses `[+-]?digits[.digits]`, surrounding whitespace ignored. `".5"` and `"5."` are
    /// accepted; exponents, grouping separators, `NaN`/`Infinity` and anything else are not.
    pub fn parse(text: &str) -> Result<Decimal, MoneyError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(MoneyError::Empty);
        }
        let bytes = text.as_bytes();
        let (negative, body) = match bytes.first() {
            Some(b'-') => (true, bytes.get(1..).unwrap_or(&[])),
            Some(b'+') => (false, bytes.get(1..).unwrap_or(&[])),
            _ => (false, bytes),
        };
        let mut mantissa: i128 = 0;
        let mut scale: u32 = 0;
        let mut seen_dot = false;
        let mut digits = 0usize;
        for &b in body {
            match b {
                b'0'..=b'9' => {
                    digits += 1;
                    // Accumulate with the sign so the whole i128 range (i128::MIN too) reads
                    // back: every value Display prints parses again.
                    let digit = i128::from(b - b'0');
                    mantissa = mantissa
                        .checked_mul(10)
                        .and_then(|m| {
                            if negative {
                                m.checked_sub(digit)
                            } else {
                                m.checked_add(digit)
                            }
                        })
                        .ok_or(MoneyError::Overflow)?;
                    if seen_dot {
                        scale += 1;
                        if scale > MAX_SCALE {
                            return Err(MoneyError::Overflow);
                        }
                    }
                }
                b'.' if !seen_dot => seen_dot = true,
                b'e' | b'E' => return Err(MoneyError::Exponent),
                _ => return Err(MoneyError::InvalidCharacter),
            }
        }
        if digits == 0 {
            return Err(MoneyError::NoDigits);
        }
        Ok(Decimal { mantissa, scale })
    }

    /// True when the value is zero.
    pub fn is_zero(&self) -> bool {
        self.mantissa == 0
    }

    /// True when the value is below zero.
    pub fn is_negative(&self) -> bool {
        self.mantissa < 0
    }

    /// Absolute value (`None` only for the unreachable `i128::MIN` mantissa).
    pub fn checked_abs(&self) -> Option<Decimal> {
        Some(Decimal {
            mantissa: self.mantissa.checked_abs()?,
            scale: self.scale,
        })
    }

    /// Negation.
    pub fn checked_neg(&self) -> Option<Decimal> {
        Some(Decimal {
            mantissa: self.mantissa.checked_neg()?,
            scale: self.scale,
        })
    }

    /// The same value with more fraction digits (exact). `None` on overflow or when `scale` is
    /// below the current scale (use [`Decimal::round_to`] to drop digits).
    pub fn upscale(&self, scale: u32) -> Option<Decimal> {
        if scale < self.scale || scale > MAX_SCALE {
            return None;
        }
        let factor = pow10(scale - self.scale)?;
        Some(Decimal {
            mantissa: self.mantissa.checked_mul(factor)?,
            scale,
        })
    }

    /// Rescales to exactly `scale` fraction digits, rounding half away from zero when digits
    /// are dropped. `None` on overflow.
    pub fn round_to(&self, scale: u32) -> Option<Decimal> {
        if scale >= self.scale {
            return self.upscale(scale);
        }
        let drop = self.scale - scale;
        let mantissa = match pow10(drop) {
            Some(divisor) => div_round_half_away(self.mantissa, divisor),
            None => 0, // more dropped digits than i128 can hold: the value rounds to zero
        };
        Some(Decimal { mantissa, scale })
    }

    /// Removes trailing fraction zeros (`1.500` -> `1.5`, `2.00` -> `2`).
    pub fn normalized(&self) -> Decimal {
        let mut d = *self;
        while d.scale > 0 && d.mantissa % 10 == 0 {
            d.mantissa /= 10;
            d.scale -= 1;
        }
        d
    }

    fn aligned(a: &Decimal, b: &Decimal) -> Option<(i128, i128, u32)> {
        let scale = a.scale.max(b.scale);
        Some((
            a.upscale(scale)?.mantissa,
            b.upscale(scale)?.mantissa,
            scale,
        ))
    }

    /// Exact sum.
    pub fn checked_add(&self, other: &Decimal) -> Option<Decimal> {
        let (a, b, scale) = Decimal::aligned(self, other)?;
        Some(Decimal {
            mantissa: a.checked_add(b)?,
            scale,
        })
    }

    /// Exact difference.
    pub fn checked_sub(&self, other: &Decimal) -> Option<Decimal> {
        let (a, b, scale) = Decimal::aligned(self, other)?;
        Some(Decimal {
            mantissa: a.checked_sub(b)?,
            scale,
        })
    }

    /// Exact product (scales add up; trailing zeros are trimmed if the scale would exceed
    /// [`MAX_SCALE`], otherwise `None`).
    pub fn checked_mul(&self, other: &Decimal) -> Option<Decimal> {
        let mut d = Decimal {
            mantissa: self.mantissa.checked_mul(other.mantissa)?,
            scale: self.scale.checked_add(other.scale)?,
        };
        while d.scale > MAX_SCALE && d.mantissa % 10 == 0 {
            d.mantissa /= 10;
            d.scale -= 1;
        }
        (d.scale <= MAX_SCALE).then_some(d)
    }

    /// Multiplies by `10^exp` exactly (shifts the decimal point). Negative `exp` divides.
    pub fn mul_pow10(&self, exp: i32) -> Option<Decimal> {
        if exp >= 0 {
            let e = exp.unsigned_abs();
            if e <= self.scale {
                return Some(Decimal {
                    mantissa: self.mantissa,
                    scale: self.scale - e,
                });
            }
            Some(Decimal {
                mantissa: self.mantissa.checked_mul(pow10(e - self.scale)?)?,
                scale: 0,
            })
        } else {
            // Shift the point left; drop trailing zeros of the mantissa if the scale would
            // exceed MAX_SCALE (exact), else the value is not representable.
            let mut scale = u64::from(self.scale) + u64::from(exp.unsigned_abs());
            let mut mantissa = self.mantissa;
            if mantissa == 0 {
                return Some(Decimal::ZERO);
            }
            while scale > u64::from(MAX_SCALE) && mantissa % 10 == 0 {
                mantissa /= 10;
                scale -= 1;
            }
            let scale = u32::try_from(scale).ok().filter(|s| *s <= MAX_SCALE)?;
            Some(Decimal { mantissa, scale })
        }
    }

    /// `self / other` rounded half away from zero to `scale` fraction digits. `None` when
    /// dividing by zero or on overflow.
    pub fn checked_div(&self, other: &Decimal, scale: u32) -> Option<Decimal> {
        if other.mantissa == 0 || scale > MAX_SCALE {
            return None;
        }
        let negative = (self.mantissa < 0) != (other.mantissa < 0);
        let num = self.mantissa.unsigned_abs();
        let den = other.mantissa.unsigned_abs();
        // result = num / den * 10^(other.scale - self.scale), wanted at `scale` digits:
        // R = num * 10^(scale + other.scale - self.scale) / den
        let exp = i64::from(scale) + i64::from(other.scale) - i64::from(self.scale);
        let magnitude = if exp >= 0 {
            long_div_round(num, den, u32::try_from(exp).ok()?)?
        } else {
            let den = pow10_u128(u32::try_from(-exp).ok()?).and_then(|f| den.checked_mul(f));
            match den {
                Some(den) => {
                    let q = num / den;
                    let r = num % den;
                    if r >= den - r {
                        q.checked_add(1)?
                    } else {
                        q
                    }
                }
                None => 0,
            }
        };
        let mantissa = i128::try_from(magnitude).ok()?;
        Some(Decimal {
            mantissa: if negative { -mantissa } else { mantissa },
            scale,
        })
    }

    /// `self / other` when it is exactly representable within [`MAX_SCALE`] digits.
    pub fn checked_div_exact(&self, other: &Decimal) -> Option<Decimal> {
        let q = self.checked_div(other, MAX_SCALE)?;
        // exact iff q * other == self
        let back = q.checked_mul(other)?;
        (back == *self).then(|| q.normalized())
    }

    /// Integer part and fraction digits (exactly `scale` of them) of the absolute value.
    fn parts(&self) -> (u128, String) {
        let abs = self.mantissa.unsigned_abs();
        match pow10_u128(self.scale) {
            Some(f) => {
                let int = abs / f;
                let frac = abs % f;
                let frac = if self.scale == 0 {
                    String::new()
                } else {
                    format!("{frac:0width$}", width = self.scale as usize)
                };
                (int, frac)
            }
            None => (0, String::new()),
        }
    }

    /// Formats with `,` thousands grouping and `.` decimal point, keeping the stored scale.
    pub fn to_grouped(&self) -> String {
        self.format_with(',', '.')
    }

    /// Formats with the given grouping and decimal separators, keeping the stored scale.
    pub fn format_with(&self, group: char, decimal: char) -> String {
        let (int, frac) = self.parts();
        let mut out = String::new();
        if self.mantissa < 0 {
            out.push('-');
        }
        out.push_str(&group_digits(&int.to_string(), group));
        if !frac.is_empty() {
            out.push(decimal);
            out.push_str(&frac);
        }
        out
    }
}

/// Inserts `sep` every three digits from the right of a run of ASCII digits.
pub fn group_digits(digits: &str, sep: char) -> String {
    let len = digits.chars().count();
    let mut out = String::with_capacity(len + len / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (len - i).is_multiple_of(3) {
            out.push(sep);
        }
        out.push(c);
    }
    out
}

/// `value / divisor` rounded half away from zero; `divisor > 0`.
fn div_round_half_away(value: i128, divisor: i128) -> i128 {
    let q = value / divisor;
    let r = (value % divisor).unsigned_abs();
    let d = divisor.unsigned_abs();
    if r >= d - r {
        if value < 0 {
            q - 1
        } else {
            q + 1
        }
    } else {
        q
    }
}

/// `round(num * 10^exp / den)` half away from zero by long division; `None` on overflow.
fn long_div_round(num: u128, den: u128, exp: u32) -> Option<u128> {
    let mut q = num / den;
    let mut r = num % den;
    for _ in 0..exp {
        let r10 = r.checked_mul(10)?;
        q = q.checked_mul(10)?.checked_add(r10 / den)?;
        r = r10 % den;
    }
    if r >= den - r {
        q = q.checked_add(1)?;
    }
    Some(q)
}

impl PartialEq for Decimal {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Decimal {}

impl PartialOrd for Decimal {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Decimal {
    fn cmp(&self, other: &Self) -> Ordering {
        if let Some((a, b, _)) = Decimal::aligned(self, other) {
            return a.cmp(&b);
        }
        // Alignment overflowed: compare normalized forms digit-wise via signs and integer parts.
        let (sa, sb) = (self.mantissa.signum(), other.mantissa.signum());
        if sa != sb {
            return sa.cmp(&sb);
        }
        let (a, b) = (self.normalized(), other.normalized());
        if let Some((x, y, _)) = Decimal::aligned(&a, &b) {
            return x.cmp(&y);
        }
        // Still too wide: the one with the larger integer part (or more precise fraction) wins.
        let (ia, fa) = a.parts();
        let (ib, fb) = b.parts();
        let ord = ia.cmp(&ib).then_with(|| fa.cmp(&fb));
        if sa < 0 {
            ord.reverse()
        } else {
            ord
        }
    }
}

impl fmt::Display for Decimal {
    /// Canonical text: optional `-`, integer digits, `.` and exactly `scale` fraction digits.
    /// Never uses floating point; [`Decimal::parse`] reads it back to an equal value.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (int, frac) = self.parts();
        if self.mantissa < 0 {
            f.write_str("-")?;
        }
        write!(f, "{int}")?;
        if !frac.is_empty() {
            f.write_str(".")?;
            f.write_str(&frac)?;
        }
        Ok(())
    }
}

impl std::str::FromStr for Decimal {
    type Err = MoneyError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Decimal::parse(s)
    }
}

/// A sub-currency of a currency (SPEC §3: code and subunitToUnit; 1000 marks the milli-unit).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct SubCurrency {
    pub code: String,
    /// How many of this sub-unit make one unit of the parent currency (1000 for mBTC).
    pub subunit_to_unit: u64,
}

/// What the core knows about a currency (SPEC §3 Currency).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct CurrencyInfo {
    pub code: String,
    pub crypto: bool,
    pub symbol: String,
    /// Minor units per unit: 100 for EUR (2 digits), 100000000 for BTC (8 digits).
    pub subunit_to_unit: u64,
    pub sub_currencies: Vec<SubCurrency>,
}

/// The milli-unit factor of SPEC §9 (BTC, ETH).
pub const MILLI_FACTOR: u64 = 1000;

impl CurrencyInfo {
    /// Fraction digits of the currency: the number of decimal digits needed to write one
    /// minor unit (100 -> 2, 1 -> 0, 100000000 -> 8, 5 -> 1). A zero factor means 2.
    pub fn minor_digits(&self) -> u32 {
        factor_digits(self.subunit_to_unit)
    }

    /// The milli-unit sub-currency (factor 1000), if the currency has one.
    pub fn milli_sub_currency(&self) -> Option<&SubCurrency> {
        self.sub_currencies
            .iter()
            .find(|s| s.subunit_to_unit == MILLI_FACTOR)
    }
}

/// Decimal digits needed to write `1 / factor`: smallest `d` with `10^d >= factor`.
pub fn factor_digits(factor: u64) -> u32 {
    if factor == 0 {
        return 2;
    }
    let mut d = 0u32;
    let mut p: u64 = 1;
    while p < factor {
        match p.checked_mul(10) {
            Some(n) => p = n,
            None => return d + 1,
        }
        d += 1;
    }
    d
}

/// An amount ready for the view.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DisplayMoney {
    /// Grouped amount text, e.g. `"1,250.00"` or `"12.34567"`.
    pub amount: String,
    /// Code of the unit the amount is in (`"EUR"`, `"mBTC"`).
    pub code: String,
    /// Symbol to show (`"€"`; the sub-currency code for sub-units, e.g. `"mBTC"`).
    pub symbol: String,
}

/// Fraction digits shown at least for crypto amounts (`1 BTC` -> `"1.00"`).
pub const CRYPTO_MIN_FRACTION: u32 = 2;

/// Formats a balance for display (SPEC §3, §9).
///
/// * Fiat: rounded (half away from zero) to the currency's minor digits, grouped: `"1,250.00"`.
/// * Crypto: rounded to the currency's precision, trailing zeros trimmed down to
///   [`CRYPTO_MIN_FRACTION`] digits: `0.5 BTC` -> `"0.50"`, `0.01234567` -> `"0.01234567"`.
///   With `prefer_sub_units` and a milli sub-currency (factor 1000), the amount is shown in it
///   with 3 fewer digits of precision: `0.01234567 BTC` -> `"12.34567"` `mBTC`.
/// * A balance that does not parse (or overflows) is shown as zero in the same shape
///   (`"0.00"`), never a panic or an error string: the balance comes from the server and the
///   header must render.
pub fn display_balance(
    balance: &str,
    currency: &CurrencyInfo,
    prefer_sub_units: bool,
) -> DisplayMoney {
    let value = Decimal::parse(balance).unwrap_or(Decimal::ZERO);
    let digits = currency.minor_digits();
    if currency.crypto {
        if prefer_sub_units {
            if let Some(sub) = currency.milli_sub_currency() {
                let shown_digits = digits.saturating_sub(3);
                let amount = value
                    .mul_pow10(3)
                    .and_then(|v| format_crypto(&v, shown_digits))
                    .unwrap_or_else(|| {
                        zero_text(CRYPTO_MIN_FRACTION.min(shown_digits.max(CRYPTO_MIN_FRACTION)))
                    });
                return DisplayMoney {
                    amount,
                    code: sub.code.clone(),
                    symbol: sub.code.clone(),
                };
            }
        }
        let amount =
            format_crypto(&value, digits).unwrap_or_else(|| zero_text(CRYPTO_MIN_FRACTION));
        return DisplayMoney {
            amount,
            code: currency.code.clone(),
            symbol: currency.symbol.clone(),
        };
    }
    let amount = value
        .round_to(digits)
        .map(|d| d.to_grouped())
        .unwrap_or_else(|| zero_text(digits));
    DisplayMoney {
        amount,
        code: currency.code.clone(),
        symbol: currency.symbol.clone(),
    }
}

fn zero_text(digits: u32) -> String {
    Decimal::ZERO
        .upscale(digits.min(MAX_SCALE))
        .map(|d| d.to_string())
        .unwrap_or_else(|| "0".to_string())
}

/// Crypto amount text: rounded to `max_digits`, trailing zeros trimmed down to
/// [`CRYPTO_MIN_FRACTION`] (or `max_digits` if that is smaller), grouped.
pub fn format_crypto(value: &Decimal, max_digits: u32) -> Option<String> {
    let rounded = value.round_to(max_digits)?;
    let min = CRYPTO_MIN_FRACTION.min(max_digits);
    let mut d = rounded.normalized();
    if d.scale < min {
        d = d.upscale(min)?;
    }
    // "-0.00" never shows.
    if d.is_zero() {
        d = Decimal::ZERO.upscale(min)?;
    }
    Some(d.to_grouped())
}

/// Converts an amount typed in sub-units (e.g. mBTC) back to units exactly:
/// `from_sub_units("12.34567", 1000)` = `0.01234567`. The text must be a plain decimal
/// ([`Decimal::parse`]); a zero factor, or a factor that is not a power of ten and does not
/// divide exactly, is [`MoneyError::InvalidFactor`].
pub fn from_sub_units(amount: &str, subunit_to_unit: u64) -> Result<Decimal, MoneyError> {
    let value = Decimal::parse(amount)?;
    if subunit_to_unit == 0 {
        return Err(MoneyError::InvalidFactor);
    }
    if let Some(exp) = power_of_ten(subunit_to_unit) {
        let exp = i32::try_from(exp).map_err(|_| MoneyError::Overflow)?;
        return value
            .mul_pow10(-exp)
            .map(|d| d.normalized())
            .ok_or(MoneyError::Overflow);
    }
    let factor = Decimal::new(i128::from(subunit_to_unit), 0).ok_or(MoneyError::Overflow)?;
    value
        .checked_div_exact(&factor)
        .ok_or(MoneyError::InvalidFactor)
}

/// Converts units to sub-units exactly (`0.01234567` BTC, 1000 -> `12.34567`).
pub fn to_sub_units(units: &Decimal, subunit_to_unit: u64) -> Option<Decimal> {
    let factor = Decimal::new(i128::from(subunit_to_unit), 0)?;
    units.checked_mul(&factor).map(|d| d.normalized())
}

fn power_of_ten(mut n: u64) -> Option<u32> {
    if n == 0 {
        return None;
    }
    let mut e = 0;
    while n.is_multiple_of(10) {
        n /= 10;
        e += 1;
    }
    (n == 1).then_some(e)
}

/// The balance expressed in another currency, rounded to 2 decimals (SPEC §9), as plain text
/// without grouping (`"1234.57"`); see [`equivalent_display`] for the grouped form.
///
/// Rates are the currencies' `rate.rate` against the platform's base currency (one unit of the
/// currency is worth `rate` base units), so `equivalent = balance * rate_from / rate_to`.
/// `None` when any input does not parse, `rate_to` is zero, or on overflow.
pub fn equivalent(balance: &str, rate_from: &str, rate_to: &str) -> Option<String> {
    equivalent_decimal(balance, rate_from, rate_to).map(|d| d.to_string())
}

/// [`equivalent`] with thousands grouping (`"1,234.57"`).
pub fn equivalent_display(balance: &str, rate_from: &str, rate_to: &str) -> Option<String> {
    equivalent_decimal(balance, rate_from, rate_to).map(|d| d.to_grouped())
}

fn equivalent_decimal(balance: &str, rate_from: &str, rate_to: &str) -> Option<Decimal> {
    let balance = Decimal::parse(balance).ok()?;
    let from = Decimal::parse(rate_from).ok()?;
    let to = Decimal::parse(rate_to).ok()?;
    let base = balance.checked_mul(&from)?;
    let d = base.checked_div(&to, 2)?;
    if d.is_zero() {
        return Decimal::ZERO.upscale(2);
    }
    Some(d)
}

/// SPEC §9: the equivalent balance is shown only for crypto accounts when an equivalent
/// currency is set (a blank code counts as not set).
pub fn show_equivalent(crypto: bool, equivalent_currency: Option<&str>) -> bool {
    crypto && equivalent_currency.is_some_and(|c| !c.trim().is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> Decimal {
        Decimal::parse(s).unwrap()
    }

    #[test]
    fn parse_accepts_plain_decimals() {
        for (text, shown) in [
            ("10", "10"),
            ("10.5", "10.5"),
            ("-0.001", "-0.001"),
            ("+3", "3"),
            (" 7.25 ", "7.25"),
            (".5", "0.5"),
            ("5.", "5"),
            ("0007", "7"),
            ("-0", "0"),
        ] {
            assert_eq!(d(text).to_string(), shown, "{text}");
        }
    }

    #[test]
    fn parse_rejects_junk() {
        for (text, err) in [
            ("", MoneyError::Empty),
            ("   ", MoneyError::Empty),
            ("1e5", MoneyError::Exponent),
            ("1E5", MoneyError::Exponent),
            ("abc", MoneyError::InvalidCharacter),
            ("1,000", MoneyError::InvalidCharacter),
            ("1.2.3", MoneyError::InvalidCharacter),
            ("--1", MoneyError::InvalidCharacter),
            ("NaN", MoneyError::InvalidCharacter),
            ("-", MoneyError::NoDigits),
            (".", MoneyError::NoDigits),
            ("1 000", MoneyError::InvalidCharacter),
            ("١٢", MoneyError::InvalidCharacter),
            (
                "1234567890123456789012345678901234567890",
                MoneyError::Overflow,
            ),
            (
                "170141183460469231731687303715884105728",
                MoneyError::Overflow,
            ),
            (
                "0.0000000000000000000000000000000000001",
                MoneyError::Overflow,
            ),
        ] {
            assert_eq!(Decimal::parse(text), Err(err), "{text:?}");
        }
        // The whole i128 range reads back; leading zeros do not count.
        assert!(Decimal::parse("00012345678901234567890123456789012345678").is_ok());
        for m in [i128::MAX, i128::MIN] {
            let d = Decimal::new(m, 5).unwrap();
            assert_eq!(Decimal::parse(&d.to_string()).unwrap().mantissa(), m);
        }
    }

    #[test]
    fn equality_is_numeric() {
        assert_eq!(d("1.5"), d("1.50"));
        assert!(d("1.49") < d("1.5"));
        assert!(d("-2") < d("-1.999"));
        assert_eq!(d("0"), d("-0.000"));
    }

    #[test]
    fn rounding_is_half_away_from_zero() {
        for (v, s, out) in [
            ("1.005", 2, "1.01"),
            ("1.004", 2, "1.00"),
            ("-1.005", 2, "-1.01"),
            ("2.5", 0, "3"),
            ("-2.5", 0, "-3"),
            ("0.994999", 2, "0.99"),
            ("9.995", 2, "10.00"),
            ("1", 3, "1.000"),
        ] {
            assert_eq!(d(v).round_to(s).unwrap().to_string(), out, "{v} @ {s}");
        }
    }

    #[test]
    fn arithmetic_is_checked() {
        assert_eq!(d("0.1").checked_add(&d("0.2")).unwrap().to_string(), "0.3");
        assert_eq!(
            d("1").checked_sub(&d("0.001")).unwrap().to_string(),
            "0.999"
        );
        assert_eq!(
            d("1.5").checked_mul(&d("2.25")).unwrap().to_string(),
            "3.375"
        );
        let big = d("99999999999999999999999999999999999999");
        assert!(big.checked_add(&d("1")).is_some());
        assert!(big.checked_add(&big).is_none());
        assert!(big.checked_mul(&big).is_none());
        assert!(big.upscale(10).is_none());
        assert_eq!(
            d("1").checked_div(&d("3"), 4).unwrap().to_string(),
            "0.3333"
        );
        assert_eq!(d("2").checked_div(&d("3"), 2).unwrap().to_string(), "0.67");
        assert_eq!(
            d("-2").checked_div(&d("3"), 2).unwrap().to_string(),
            "-0.67"
        );
        assert!(d("1").checked_div(&d("0"), 2).is_none());
        assert_eq!(d("12.5").mul_pow10(-3).unwrap().to_string(), "0.0125");
        assert_eq!(d("0.0125").mul_pow10(3).unwrap().to_string(), "12.5");
        assert_eq!(d("1.5").mul_pow10(3).unwrap().to_string(), "1500");
    }

    fn eur() -> CurrencyInfo {
        CurrencyInfo {
            code: "EUR".into(),
            crypto: false,
            symbol: "€".into(),
            subunit_to_unit: 100,
            sub_currencies: vec![],
        }
    }

    fn btc() -> CurrencyInfo {
        CurrencyInfo {
            code: "BTC".into(),
            crypto: true,
            symbol: "₿".into(),
            subunit_to_unit: 100_000_000,
            sub_currencies: vec![SubCurrency {
                code: "mBTC".into(),
                subunit_to_unit: 1000,
            }],
        }
    }

    #[test]
    fn fiat_display_uses_minor_digits_and_grouping() {
        for (bal, out) in [
            ("1250", "1,250.00"),
            ("1250.005", "1,250.01"),
            ("0", "0.00"),
            ("-1234567.891", "-1,234,567.89"),
            ("999.999", "1,000.00"),
            ("junk", "0.00"),
            ("", "0.00"),
        ] {
            let m = display_balance(bal, &eur(), true);
            assert_eq!(m.amount, out, "{bal}");
            assert_eq!(m.code, "EUR");
            assert_eq!(m.symbol, "€");
        }
        let jpy = CurrencyInfo {
            code: "JPY".into(),
            subunit_to_unit: 1,
            ..eur()
        };
        assert_eq!(display_balance("1234.5", &jpy, false).amount, "1,235");
        let kwd = CurrencyInfo {
            subunit_to_unit: 1000,
            ..eur()
        };
        assert_eq!(display_balance("1.5", &kwd, false).amount, "1.500");
    }

    #[test]
    fn crypto_display_in_sub_units() {
        let m = display_balance("0.01234567", &btc(), true);
        assert_eq!(
            m,
            DisplayMoney {
                amount: "12.34567".into(),
                code: "mBTC".into(),
                symbol: "mBTC".into()
            }
        );
        assert_eq!(display_balance("1", &btc(), true).amount, "1,000.00");
        assert_eq!(display_balance("0", &btc(), true).amount, "0.00");
        assert_eq!(display_balance("bad", &btc(), true).amount, "0.00");
        // precision beyond the currency is rounded (8 digits BTC -> 5 digits mBTC)
        assert_eq!(
            display_balance("0.000000015", &btc(), true).amount,
            "0.00002"
        );
        // whole units when sub-units are not preferred
        let m = display_balance("0.01234567", &btc(), false);
        assert_eq!(m.amount, "0.01234567");
        assert_eq!(m.code, "BTC");
        assert_eq!(display_balance("2.5", &btc(), false).amount, "2.50");
        assert_eq!(
            display_balance("12345.1", &btc(), false).amount,
            "12,345.10"
        );
        // a crypto currency without a milli sub-currency stays in units
        let usdt = CurrencyInfo {
            code: "USDT".into(),
            crypto: true,
            symbol: "₮".into(),
            subunit_to_unit: 1_000_000,
            sub_currencies: vec![],
        };
        assert_eq!(display_balance("10.5", &usdt, true).amount, "10.50");
        assert_eq!(display_balance("10.5", &usdt, true).code, "USDT");
    }

    #[test]
    fn minor_digits_from_factor() {
        for (f, digits) in [
            (1, 0),
            (10, 1),
            (100, 2),
            (1000, 3),
            (100_000_000, 8),
            (5, 1),
            (0, 2),
        ] {
            assert_eq!(factor_digits(f), digits, "{f}");
        }
        assert_eq!(factor_digits(u64::MAX), 20);
    }

    #[test]
    fn sub_units_round_trip_exactly() {
        assert_eq!(from_sub_units("12.34567", 1000).unwrap(), d("0.01234567"));
        assert_eq!(
            from_sub_units("12.34567", 1000).unwrap().to_string(),
            "0.01234567"
        );
        assert_eq!(from_sub_units("1", 1000).unwrap().to_string(), "0.001");
        assert_eq!(from_sub_units("10", 4).unwrap().to_string(), "2.5");
        assert_eq!(from_sub_units("1", 3), Err(MoneyError::InvalidFactor));
        assert_eq!(from_sub_units("1", 0), Err(MoneyError::InvalidFactor));
        assert_eq!(from_sub_units("x", 1000), Err(MoneyError::InvalidCharacter));
        assert_eq!(
            to_sub_units(&d("0.01234567"), 1000).unwrap().to_string(),
            "12.34567"
        );
    }

    #[test]
    fn equivalent_rounds_to_two_decimals() {
        // 0.5 BTC at 60000 base per BTC, shown in a currency at 1 base per unit.
        assert_eq!(equivalent("0.5", "60000", "1").as_deref(), Some("30000.00"));
        assert_eq!(
            equivalent_display("0.5", "60000", "1").as_deref(),
            Some("30,000.00")
        );
        assert_eq!(equivalent("1", "1", "3").as_deref(), Some("0.33"));
        assert_eq!(equivalent("0.00001", "1", "3").as_deref(), Some("0.00"));
        assert_eq!(equivalent("1", "1", "0"), None);
        assert_eq!(equivalent("x", "1", "1"), None);
    }

    #[test]
    fn equivalent_shown_only_for_crypto_with_currency() {
        assert!(show_equivalent(true, Some("USD")));
        assert!(!show_equivalent(true, None));
        assert!(!show_equivalent(true, Some(" ")));
        assert!(!show_equivalent(false, Some("USD")));
    }
}
