//! The simulated provider's method catalogue (SPEC §3 payment method group): which methods a
//! currency and country get, their limits in minor units and the extra fields each needs.
//! The manual agent is listed last on purpose: ordering is the client's job (SPEC §9).

use serde_json::{json, Value};

use crate::money;

/// An extra field a method needs, with the rule the sandbox checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    Card,
    Cpf,
    Phone,
    Wallet,
    /// A UPI virtual payment address, `name@bank`.
    Upi,
    /// The six-digit code the payer's banking app shows (Blik).
    Blik,
}

impl Field {
    pub fn name(self) -> &'static str {
        match self {
            Field::Card => "card_number",
            Field::Cpf => "cpf_number",
            Field::Phone => "phone",
            Field::Wallet => "wallet_id",
            Field::Upi => "upi_id",
            Field::Blik => "blik_code",
        }
    }

    fn kind(self) -> &'static str {
        match self {
            Field::Card => "card",
            Field::Cpf => "cpf",
            Field::Phone => "phone",
            Field::Wallet => "cryptoAddress",
            Field::Upi | Field::Blik => "text",
        }
    }
}

pub struct Method {
    pub id: &'static str,
    pub label: &'static str,
    pub group: &'static str,
    pub currencies: &'static [&'static str],
    /// Empty: every country.
    pub countries: &'static [&'static str],
    /// Major-unit decimal strings, in the currency's own units for a one-currency method and
    /// in dollar-sized units (times the currency's `scale`) for a many-currency one.
    pub min: &'static str,
    pub max: &'static str,
    pub fields: &'static [Field],
    /// Settled by the payer outside the site: a QR and an address to pay to.
    pub is_async: bool,
}

/// The fiat currencies the card and the cash agent take.
const FIAT: &[&str] = &["USD", "EUR", "BRL"];
/// Every fiat currency the sandbox lists: the wide e-wallets (Skrill, Neteller) take them all.
const WIDE_FIAT: &[&str] = &[
    "USD", "EUR", "BRL", "INR", "PLN", "TRY", "UZS", "BDT", "PHP", "PKR",
];
const SEPA: &[&str] = &["DE", "ES", "IT", "PT", "IE", "AT", "BE", "FI", "EE"];
/// Open Banking: the euro area countries the sandbox lists (GB, its home, is excluded by SPEC
/// §5, so the sandbox offers it in euros only).
const EURO_AREA: &[&str] = &[
    "AT", "BE", "CY", "DE", "EE", "ES", "FI", "GR", "IE", "IT", "LT", "LV", "PT", "SK",
];

/// How many of a currency make the "dollar-sized" unit a many-currency method's limits are
/// written in, rounded to keep the limits round (10 USD ~ 1000 INR ~ 100 000 UZS). Currencies
/// not listed count 1.
const SCALE: &[(&str, i64)] = &[
    ("INR", 100),
    ("PLN", 4),
    ("TRY", 30),
    ("UZS", 10_000),
    ("BDT", 100),
    ("PHP", 50),
    ("PKR", 250),
];

fn scale(currency: &str) -> i64 {
    SCALE
        .iter()
        .find(|(c, _)| *c == currency)
        .map_or(1, |(_, s)| *s)
}

// One row of the table below; positional keeps the table readable.
#[allow(clippy::too_many_arguments)]
const fn m(
    id: &'static str,
    label: &'static str,
    group: &'static str,
    currencies: &'static [&'static str],
    countries: &'static [&'static str],
    limits: (&'static str, &'static str),
    fields: &'static [Field],
    is_async: bool,
) -> Method {
    Method {
        id,
        label,
        group,
        currencies,
        countries,
        min: limits.0,
        max: limits.1,
        fields,
        is_async,
    }
}

/// The catalogue: every provider family SPEC §3 names, each with the currencies and countries
/// it fits (docs/API.md "Payments" has the table). Cards come first (the client keeps the
/// order but for the manual agent, SPEC §9). One row a line: the table reads as a table.
#[rustfmt::skip]
pub const METHODS: &[Method] = &[
    // Deposits.
    m("card.deposit.visa", "Visa / Mastercard", "Cards", FIAT, &[], ("10", "5000"), &[Field::Card], false),
    m("humo.deposit.humo", "Humo", "Cards", &["UZS"], &["UZ"], ("10000", "50000000"), &[Field::Card], false),
    m("uzcard.deposit.uzcard", "Uzcard", "Cards", &["UZS"], &["UZ"], ("10000", "50000000"), &[Field::Card], false),
    m("pix.deposit.pix", "PIX", "Bank transfer", &["BRL"], &["BR"], ("5", "10000"), &[Field::Cpf], false),
    m("upi.deposit.upi", "UPI", "Bank transfer", &["INR"], &["IN"], ("100", "200000"), &[Field::Upi], false),
    m("sepa.deposit.sepa", "SEPA", "Bank transfer", &["EUR"], SEPA, ("20", "20000"), &[], false),
    m("openbanking.deposit.openbanking", "Open Banking", "Bank transfer", &["EUR"], EURO_AREA, ("10", "20000"), &[], false),
    m("sofort.deposit.sofort", "Sofort", "Bank transfer", &["EUR"], &["DE", "AT"], ("10", "5000"), &[], false),
    m("multibanco.deposit.multibanco", "Multibanco", "Bank transfer", &["EUR"], &["PT"], ("10", "5000"), &[], false),
    m("blik.deposit.blik", "BLIK", "Bank transfer", &["PLN"], &["PL"], ("20", "20000"), &[Field::Blik], false),
    m("skrill.deposit.skrill", "Skrill", "E-wallets", WIDE_FIAT, &[], ("10", "3000"), &[], false),
    m("neteller.deposit.neteller", "Neteller", "E-wallets", WIDE_FIAT, &[], ("10", "3000"), &[], false),
    m("papara.deposit.papara", "Papara", "E-wallets", &["TRY"], &["TR"], ("100", "100000"), &[], false),
    m("bkash.deposit.bkash", "bKash", "Mobile money", &["BDT"], &["BD"], ("500", "100000"), &[Field::Phone], false),
    m("nagad.deposit.nagad", "Nagad", "Mobile money", &["BDT"], &["BD"], ("500", "100000"), &[Field::Phone], false),
    m("gcash.deposit.gcash", "GCash", "Mobile money", &["PHP"], &["PH"], ("100", "100000"), &[Field::Phone], false),
    m("paymaya.deposit.paymaya", "PayMaya", "Mobile money", &["PHP"], &["PH"], ("100", "100000"), &[Field::Phone], false),
    m("easypaisa.deposit.easypaisa", "Easypaisa", "Mobile money", &["PKR"], &["PK"], ("500", "500000"), &[Field::Phone], false),
    m("jazzcash.deposit.jazzcash", "JazzCash", "Mobile money", &["PKR"], &["PK"], ("500", "500000"), &[Field::Phone], false),
    m("nayapay.deposit.nayapay", "NayaPay", "Mobile money", &["PKR"], &["PK"], ("500", "500000"), &[Field::Phone], false),
    m("mobileoperator.deposit.mobile", "Mobile operator", "Mobile", &["USD", "EUR"], &[], ("1", "500"), &[Field::Phone], false),
    m("directwallet.deposit.btc", "Bitcoin (BTC)", "Crypto", &["BTC"], &[], ("0.0001", "2"), &[], true),
    m("directwallet.deposit.eth", "Ethereum (ETH)", "Crypto", &["ETH"], &[], ("0.001", "50"), &[], true),
    m("directwallet.deposit.usdt", "Tether (USDT)", "Crypto", &["USDT"], &[], ("5", "100000"), &[], true),
    m("directwallet.deposit.ton", "Toncoin (TON)", "Crypto", &["TON"], &[], ("1", "20000"), &[], true),
    m("binancepay.deposit.binance", "Binance Pay", "Crypto", &["USDT", "BTC"], &[], ("1", "100000"), &[], false),
    m("cashagent.deposit.agent", "Cash agent", "Manual", FIAT, &[], ("5", "1000"), &[], false),
    // Withdrawals.
    m("card.withdrawal.visa", "Visa / Mastercard", "Cards", FIAT, &[], ("20", "5000"), &[Field::Card], false),
    m("humo.withdrawal.humo", "Humo", "Cards", &["UZS"], &["UZ"], ("50000", "50000000"), &[Field::Card], false),
    m("uzcard.withdrawal.uzcard", "Uzcard", "Cards", &["UZS"], &["UZ"], ("50000", "50000000"), &[Field::Card], false),
    m("pix.withdrawal.pix", "PIX", "Bank transfer", &["BRL"], &["BR"], ("10", "10000"), &[Field::Cpf], false),
    m("upi.withdrawal.upi", "UPI", "Bank transfer", &["INR"], &["IN"], ("500", "200000"), &[Field::Upi], false),
    m("skrill.withdrawal.skrill", "Skrill", "E-wallets", WIDE_FIAT, &[], ("10", "3000"), &[], false),
    m("neteller.withdrawal.neteller", "Neteller", "E-wallets", WIDE_FIAT, &[], ("10", "3000"), &[], false),
    m("papara.withdrawal.papara", "Papara", "E-wallets", &["TRY"], &["TR"], ("200", "100000"), &[Field::Phone], false),
    m("bkash.withdrawal.bkash", "bKash", "Mobile money", &["BDT"], &["BD"], ("1000", "100000"), &[Field::Phone], false),
    m("nagad.withdrawal.nagad", "Nagad", "Mobile money", &["BDT"], &["BD"], ("1000", "100000"), &[Field::Phone], false),
    m("gcash.withdrawal.gcash", "GCash", "Mobile money", &["PHP"], &["PH"], ("200", "100000"), &[Field::Phone], false),
    m("paymaya.withdrawal.paymaya", "PayMaya", "Mobile money", &["PHP"], &["PH"], ("200", "100000"), &[Field::Phone], false),
    m("easypaisa.withdrawal.easypaisa", "Easypaisa", "Mobile money", &["PKR"], &["PK"], ("1000", "500000"), &[Field::Phone], false),
    m("jazzcash.withdrawal.jazzcash", "JazzCash", "Mobile money", &["PKR"], &["PK"], ("1000", "500000"), &[Field::Phone], false),
    m("nayapay.withdrawal.nayapay", "NayaPay", "Mobile money", &["PKR"], &["PK"], ("1000", "500000"), &[Field::Phone], false),
    m("directwallet.withdrawal.btc", "Bitcoin (BTC)", "Crypto", &["BTC"], &[], ("0.0005", "2"), &[Field::Wallet], false),
    m("directwallet.withdrawal.eth", "Ethereum (ETH)", "Crypto", &["ETH"], &[], ("0.005", "50"), &[Field::Wallet], false),
    m("directwallet.withdrawal.usdt", "Tether (USDT)", "Crypto", &["USDT"], &[], ("10", "100000"), &[Field::Wallet], false),
    m("directwallet.withdrawal.ton", "Toncoin (TON)", "Crypto", &["TON"], &[], ("2", "20000"), &[Field::Wallet], false),
    m("cashagent.withdrawal.agent", "Cash agent", "Manual", FIAT, &[], ("10", "1000"), &[], false),
];

impl Method {
    pub fn direction(&self) -> &'static str {
        if self.id.contains(".deposit.") {
            "deposit"
        } else {
            "withdrawal"
        }
    }

    pub fn offered(&self, direction: &str, currency: &str, country: Option<&str>) -> bool {
        self.direction() == direction
            && self.currencies.contains(&currency)
            && (self.countries.is_empty() || country.is_some_and(|c| self.countries.contains(&c)))
    }

    /// Limits in minor units of `currency`, which has `unit` minor units per unit. A
    /// many-currency method's limits are scaled to the currency (`SCALE`).
    pub fn limits(&self, currency: &str, unit: i64) -> (i64, i64) {
        let times = if self.currencies.len() > 1 {
            scale(currency)
        } else {
            1
        };
        let p = |s: &str| {
            let places = money::decimals(unit);
            let (i, f) = s.split_once('.').unwrap_or((s, ""));
            let f = format!("{f:0<places$}");
            format!("{i}.{}", &f[..places.min(f.len())])
        };
        let minor = |s: &str| money::parse_minor(&p(s), unit).and_then(|v| v.checked_mul(times));
        let min = minor(self.min).unwrap_or(1);
        let max = minor(self.max).unwrap_or(i64::MAX);
        (min, max)
    }

    fn view(&self, currency: &str, unit: i64) -> Value {
        let (min, max) = self.limits(currency, unit);
        let fields: Vec<Value> = self
            .fields
            .iter()
            .map(|f| json!({ "name": f.name(), "type": f.kind(), "isRequired": true }))
            .collect();
        json!({
            "id": self.id,
            "name": self.label,
            "minAmount": money::format_minor(min, unit),
            "maxAmount": money::format_minor(max, unit),
            "fields": fields,
            "isAsync": self.is_async,
        })
    }
}

pub fn find(id: &str) -> Option<&'static Method> {
    METHODS.iter().find(|m| m.id == id)
}

/// Groups in first-seen order: `[{name, paymentMethods: [...]}]`.
pub fn groups(direction: &str, currency: &str, country: Option<&str>, unit: i64) -> Vec<Value> {
    let mut out: Vec<(&str, Vec<Value>)> = Vec::new();
    for method in METHODS
        .iter()
        .filter(|m| m.offered(direction, currency, country))
    {
        match out.iter_mut().find(|(g, _)| *g == method.group) {
            Some((_, list)) => list.push(method.view(currency, unit)),
            None => out.push((method.group, vec![method.view(currency, unit)])),
        }
    }
    out.into_iter()
        .map(|(name, list)| json!({ "name": name, "paymentMethods": list }))
        .collect()
}

/// The sandbox's own checks of the extra fields (the client checks first, SPEC §5).
pub fn field_problem(field: Field, value: &str, currency: &str) -> Option<&'static str> {
    let v = value.trim();
    if v.is_empty() {
        return Some("This field is required.");
    }
    let ok = match field {
        Field::Card => luhn(v),
        Field::Cpf => cpf(v),
        Field::Phone => crate::validation::is_phone(v),
        Field::Wallet => wallet(v, currency),
        Field::Upi => upi(v),
        Field::Blik => v.len() == 6 && v.bytes().all(|b| b.is_ascii_digit()),
    };
    (!ok).then_some(match field {
        Field::Card => "The card number is invalid.",
        Field::Cpf => "The CPF number is invalid.",
        Field::Phone => "The phone number is invalid.",
        Field::Wallet => "The wallet address is invalid.",
        Field::Upi => "The UPI ID is invalid.",
        Field::Blik => "The BLIK code is six digits.",
    })
}

fn luhn(v: &str) -> bool {
    let digits: Vec<u32> = v
        .chars()
        .filter(|c| *c != ' ')
        .map(|c| c.to_digit(10))
        .collect::<Option<Vec<_>>>()
        .unwrap_or_default();
    if !(12..=19).contains(&digits.len()) {
        return false;
    }
    let sum: u32 = digits
        .iter()
        .rev()
        .enumerate()
        .map(|(i, d)| {
            if i % 2 == 1 {
                let x = d * 2;
                if x > 9 {
                    x - 9
                } else {
                    x
                }
            } else {
                *d
            }
        })
        .sum();
    sum.is_multiple_of(10)
}

fn cpf(v: &str) -> bool {
    let d: Vec<u32> = v.chars().filter_map(|c| c.to_digit(10)).collect();
    if d.len() != 11
        || v.chars()
            .any(|c| !c.is_ascii_digit() && c != '.' && c != '-')
    {
        return false;
    }
    if d.iter().all(|x| *x == d[0]) {
        return false;
    }
    let check = |n: usize| {
        let s: u32 = (0..n).map(|i| d[i] * (n as u32 + 1 - i as u32)).sum();
        let r = (s * 10) % 11;
        if r == 10 {
            0
        } else {
            r
        }
    };
    check(9) == d[9] && check(10) == d[10]
}

/// A UPI virtual payment address: `handle@provider`, the handle 2-256 of letters, digits,
/// `.`, `-` and `_`, the provider 2-64 letters.
fn upi(v: &str) -> bool {
    let Some((handle, bank)) = v.split_once('@') else {
        return false;
    };
    (2..=256).contains(&handle.len())
        && handle
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || ".-_".contains(c))
        && (2..=64).contains(&bank.len())
        && bank.chars().all(|c| c.is_ascii_alphabetic())
}

/// BTC: bech32 `bc1` or base58 `1`/`3`; ETH: `0x` + 40 hex; USDT (TRC-20): `T` + 33 base58;
/// TON: the user-friendly form (48 characters of URL-safe base64) or the raw `0:` / `-1:` and
/// 64 hex.
fn wallet(v: &str, currency: &str) -> bool {
    let base58 = |s: &str| {
        s.chars()
            .all(|c| c.is_ascii_alphanumeric() && !"0OIl".contains(c))
    };
    match currency {
        "BTC" => {
            (v.starts_with("bc1")
                && (14..=74).contains(&v.len())
                && v[3..]
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit()))
                || ((v.starts_with('1') || v.starts_with('3'))
                    && (26..=35).contains(&v.len())
                    && base58(v))
        }
        "ETH" => {
            v.len() == 42 && v.starts_with("0x") && v[2..].chars().all(|c| c.is_ascii_hexdigit())
        }
        "USDT" => v.len() == 34 && v.starts_with('T') && base58(v),
        "TON" => ton_address(v),
        _ => false,
    }
}

fn ton_address(v: &str) -> bool {
    let raw = v.strip_prefix("0:").or_else(|| v.strip_prefix("-1:"));
    match raw {
        Some(hex) => hex.len() == 64 && hex.chars().all(|c| c.is_ascii_hexdigit()),
        None => {
            v.len() == 48
                && v.chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn field_rules() {
        assert!(luhn("4111 1111 1111 1111"));
        assert!(!luhn("4111 1111 1111 1112"));
        assert!(cpf("529.982.247-25"));
        assert!(!cpf("111.111.111-11"));
        assert!(!cpf("529.982.247-26"));
        assert!(wallet("bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", "BTC"));
        assert!(wallet("0x52908400098527886E0F7030069857D2E4169EE7", "ETH"));
        assert!(!wallet("0x5290", "ETH"));
        assert!(wallet("TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL", "USDT"));
        assert!(wallet(
            "EQDtFpEwcFAEcRe5mLVh2N6C0x-_hJEM7W61_JLnSF74p4q2",
            "TON"
        ));
        assert!(!wallet("EQDtFpEwcFAEcRe5mLVh2N6C0x", "TON"));
        assert!(upi("player.one@okaxis"));
        assert!(!upi("player.one"));
        assert!(!upi("a@1"));
    }

    #[test]
    fn limits_in_minor_units() {
        let btc = find("directwallet.deposit.btc").map(|m| m.limits("BTC", 100_000_000));
        assert_eq!(btc, Some((10_000, 200_000_000)));
        let card = find("card.deposit.visa").map(|m| m.limits("USD", 100));
        assert_eq!(card, Some((1_000, 500_000)));
        // A many-currency method scales to the currency; a one-currency one does not.
        let skrill = find("skrill.deposit.skrill").map(|m| m.limits("UZS", 100));
        assert_eq!(skrill, Some((10_000_000, 3_000_000_000)));
        let upi = find("upi.deposit.upi").map(|m| m.limits("INR", 100));
        assert_eq!(upi, Some((10_000, 20_000_000)));
    }
}
