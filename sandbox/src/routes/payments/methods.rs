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
}

impl Field {
    pub fn name(self) -> &'static str {
        match self {
            Field::Card => "card_number",
            Field::Cpf => "cpf_number",
            Field::Phone => "phone",
            Field::Wallet => "wallet_id",
        }
    }

    fn kind(self) -> &'static str {
        match self {
            Field::Card => "card",
            Field::Cpf => "cpf",
            Field::Phone => "phone",
            Field::Wallet => "cryptoAddress",
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
    /// Major-unit decimal strings.
    pub min: &'static str,
    pub max: &'static str,
    pub fields: &'static [Field],
    /// Settled by the payer outside the site: a QR and an address to pay to.
    pub is_async: bool,
}

const FIAT: &[&str] = &["USD", "EUR", "BRL"];
const SEPA: &[&str] = &["DE", "ES", "IT", "PT", "IE", "AT", "BE", "FI", "EE"];

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

pub const METHODS: &[Method] = &[
    m(
        "card.deposit.visa",
        "Visa / Mastercard",
        "Cards",
        FIAT,
        &[],
        ("10", "5000"),
        &[Field::Card],
        false,
    ),
    m(
        "pix.deposit.pix",
        "PIX",
        "Bank transfer",
        &["BRL"],
        &["BR"],
        ("5", "10000"),
        &[Field::Cpf],
        false,
    ),
    m(
        "sepa.deposit.sepa",
        "SEPA",
        "Bank transfer",
        &["EUR"],
        SEPA,
        ("20", "20000"),
        &[],
        false,
    ),
    m(
        "skrill.deposit.skrill",
        "Skrill",
        "E-wallets",
        &["USD", "EUR"],
        &[],
        ("10", "3000"),
        &[],
        false,
    ),
    m(
        "mobileoperator.deposit.mobile",
        "Mobile operator",
        "Mobile",
        &["USD", "EUR"],
        &[],
        ("1", "500"),
        &[Field::Phone],
        false,
    ),
    m(
        "directwallet.deposit.btc",
        "Bitcoin (BTC)",
        "Crypto",
        &["BTC"],
        &[],
        ("0.0001", "2"),
        &[],
        true,
    ),
    m(
        "directwallet.deposit.eth",
        "Ethereum (ETH)",
        "Crypto",
        &["ETH"],
        &[],
        ("0.001", "50"),
        &[],
        true,
    ),
    m(
        "directwallet.deposit.usdt",
        "Tether (USDT)",
        "Crypto",
        &["USDT"],
        &[],
        ("5", "100000"),
        &[],
        true,
    ),
    m(
        "binancepay.deposit.binance",
        "Binance Pay",
        "Crypto",
        &["USDT", "BTC"],
        &[],
        ("1", "100000"),
        &[],
        false,
    ),
    m(
        "cashagent.deposit.agent",
        "Cash agent",
        "Manual",
        FIAT,
        &[],
        ("5", "1000"),
        &[],
        false,
    ),
    m(
        "card.withdrawal.visa",
        "Visa / Mastercard",
        "Cards",
        FIAT,
        &[],
        ("20", "5000"),
        &[Field::Card],
        false,
    ),
    m(
        "pix.withdrawal.pix",
        "PIX",
        "Bank transfer",
        &["BRL"],
        &["BR"],
        ("10", "10000"),
        &[Field::Cpf],
        false,
    ),
    m(
        "skrill.withdrawal.skrill",
        "Skrill",
        "E-wallets",
        &["USD", "EUR"],
        &[],
        ("10", "3000"),
        &[],
        false,
    ),
    m(
        "directwallet.withdrawal.btc",
        "Bitcoin (BTC)",
        "Crypto",
        &["BTC"],
        &[],
        ("0.0005", "2"),
        &[Field::Wallet],
        false,
    ),
    m(
        "directwallet.withdrawal.eth",
        "Ethereum (ETH)",
        "Crypto",
        &["ETH"],
        &[],
        ("0.005", "50"),
        &[Field::Wallet],
        false,
    ),
    m(
        "directwallet.withdrawal.usdt",
        "Tether (USDT)",
        "Crypto",
        &["USDT"],
        &[],
        ("10", "100000"),
        &[Field::Wallet],
        false,
    ),
    m(
        "cashagent.withdrawal.agent",
        "Cash agent",
        "Manual",
        FIAT,
        &[],
        ("10", "1000"),
        &[],
        false,
    ),
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

    /// Limits in minor units of a currency with `unit` minor units per unit.
    pub fn limits(&self, unit: i64) -> (i64, i64) {
        let p = |s: &str| {
            let places = money::decimals(unit);
            let (i, f) = s.split_once('.').unwrap_or((s, ""));
            let f = format!("{f:0<places$}");
            format!("{i}.{}", &f[..places.min(f.len())])
        };
        let min = money::parse_minor(&p(self.min), unit).unwrap_or(1);
        let max = money::parse_minor(&p(self.max), unit).unwrap_or(i64::MAX);
        (min, max)
    }

    fn view(&self, unit: i64) -> Value {
        let (min, max) = self.limits(unit);
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
            Some((_, list)) => list.push(method.view(unit)),
            None => out.push((method.group, vec![method.view(unit)])),
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
    };
    (!ok).then_some(match field {
        Field::Card => "The card number is invalid.",
        Field::Cpf => "The CPF number is invalid.",
        Field::Phone => "The phone number is invalid.",
        Field::Wallet => "The wallet address is invalid.",
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

/// BTC: bech32 `bc1` or base58 `1`/`3`; ETH: `0x` + 40 hex; USDT (TRC-20): `T` + 33 base58.
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
        _ => false,
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
    }

    #[test]
    fn limits_in_minor_units() {
        let btc = find("directwallet.deposit.btc").map(|m| m.limits(100_000_000));
        assert_eq!(btc, Some((10_000, 200_000_000)));
        let card = find("card.deposit.visa").map(|m| m.limits(100));
        assert_eq!(card, Some((1_000, 500_000)));
    }
}
