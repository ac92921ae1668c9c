//! Payment methods (SPEC §3, §4 "Deposit flow", §8, §9): method ids, manual-agent ordering and
//! the methods-load outcome.
//!
//! # Decisions
//!
//! - A method id is `{provider}.{deposit|withdrawal}.{name}`: the first `.deposit.` or
//!   `.withdrawal.` separates provider from name; provider and name must be non-empty (the name
//!   may contain dots).
//! - Manual-agent methods are those whose provider contains `agent` or `manual`
//!   (case-insensitive), e.g. `cashagent`, `manual_agent`. They sort first; the order is
//!   otherwise kept (stable).

use serde::{Deserialize, Serialize};

/// API error code: deposit limit reached.
pub const DEPOSIT_LIMIT_REACHED: u32 = 13100;
/// Local-storage key of the payment region.
pub const PAYMENT_GEO_KEY: &str = "paymentGeo";

/// Deposit or withdrawal method.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Direction {
    Deposit,
    Withdrawal,
}

impl Direction {
    pub fn as_str(self) -> &'static str {
        match self {
            Direction::Deposit => "deposit",
            Direction::Withdrawal => "withdrawal",
        }
    }
}

/// A parsed method id.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MethodId {
    pub provider: String,
    pub direction: Direction,
    pub name: String,
}

impl MethodId {
    /// Parses `provider.deposit|withdrawal.name`.
    pub fn parse(id: &str) -> Option<MethodId> {
        let candidates = [
            (".deposit.", Direction::Deposit),
            (".withdrawal.", Direction::Withdrawal),
        ];
        let mut first: Option<(usize, &str, Direction)> = None;
        for (sep, d) in candidates {
            if let Some(p) = id.find(sep) {
                if first.is_none_or(|(f, _, _)| p < f) {
                    first = Some((p, sep, d));
                }
            }
        }
        let (pos, sep, direction) = first?;
        let provider = id.get(..pos)?;
        let name = id.get(pos + sep.len()..)?;
        if provider.is_empty() || name.is_empty() {
            return None;
        }
        Some(MethodId {
            provider: provider.to_string(),
            direction,
            name: name.to_string(),
        })
    }

    pub fn to_id(&self) -> String {
        format!(
            "{}.{}.{}",
            self.provider,
            self.direction.as_str(),
            self.name
        )
    }

    /// A manual (cash) agent method.
    pub fn is_manual_agent(&self) -> bool {
        let p = self.provider.to_ascii_lowercase();
        p.contains("agent") || p.contains("manual")
    }
}

/// A payment method.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PaymentMethod {
    pub id: String,
    /// Display label.
    #[serde(default)]
    pub name: String,
}

impl PaymentMethod {
    pub fn method_id(&self) -> Option<MethodId> {
        MethodId::parse(&self.id)
    }

    pub fn is_manual_agent(&self) -> bool {
        self.method_id().is_some_and(|m| m.is_manual_agent())
    }
}

/// A payment method group.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PaymentMethodGroup {
    #[serde(default)]
    pub payment_methods: Vec<PaymentMethod>,
}

/// Manual-agent methods first, stable otherwise.
pub fn sort_methods(methods: &mut [PaymentMethod]) {
    methods.sort_by_key(|m| !m.is_manual_agent());
}

/// Flattens groups into one sorted list.
pub fn flatten_groups(groups: &[PaymentMethodGroup]) -> Vec<PaymentMethod> {
    let mut all = Vec::new();
    for g in groups {
        all.extend_from_slice(&g.payment_methods);
    }
    sort_methods(&mut all);
    all
}

/// Result of loading deposit or withdrawal methods.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MethodsOutcome {
    pub methods: Vec<PaymentMethod>,
    pub deposit_limit_reached: bool,
    pub reload_limits: bool,
}

/// `Ok(groups)` -> sorted list; `Err(code)` -> empty list, and for a deposit failing with
/// 13100 the deposit-limit flag plus a limits reload (SPEC §8).
pub fn on_methods_loaded(
    direction: Direction,
    result: Result<Vec<PaymentMethodGroup>, Option<u32>>,
) -> MethodsOutcome {
    match result {
        Ok(groups) => MethodsOutcome {
            methods: flatten_groups(&groups),
            ..MethodsOutcome::default()
        },
        Err(code) => {
            let limit = direction == Direction::Deposit && code == Some(DEPOSIT_LIMIT_REACHED);
            MethodsOutcome {
                methods: Vec::new(),
                deposit_limit_reached: limit,
                reload_limits: limit,
            }
        }
    }
}
