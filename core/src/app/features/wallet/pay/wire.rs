//! Payment shapes of docs/API.md "Payments", read by hand from the dynamic JSON value: a
//! derived serde reader per type cost about 2-3 KB of wasm each (docs/ARCHITECTURE.md "Size"),
//! these few lines per type far less. Unknown fields are ignored, missing optional ones
//! default; a required field of the wrong type makes the whole value unreadable (`None`).

use crate::domain::invoice::{Invoice, PublicData};
use crate::json::Json;

use crate::app::wire::{int, items as list, loose_text as text};

fn opt_text(v: &Json, key: &str) -> Option<String> {
    Some(text(v, key)).filter(|s| !s.is_empty())
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct MethodGroup {
    pub name: String,
    pub payment_methods: Vec<Method>,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Method {
    pub id: String,
    pub name: String,
    pub min_amount: Option<String>,
    pub max_amount: Option<String>,
    pub fields: Vec<MethodField>,
    pub is_async: bool,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct MethodField {
    pub name: String,
    pub kind: String,
}

impl MethodGroup {
    /// `[{name, paymentMethods: [...]}]`; `None` unless it is a list.
    pub fn list(v: &Json) -> Option<Vec<MethodGroup>> {
        let groups = v.as_array()?;
        Some(groups.iter().filter_map(MethodGroup::read).collect())
    }

    fn read(v: &Json) -> Option<MethodGroup> {
        v.as_object()?;
        Some(MethodGroup {
            name: text(v, "name"),
            payment_methods: list(v, "paymentMethods")
                .iter()
                .filter_map(Method::read)
                .collect(),
        })
    }
}

impl Method {
    /// A method needs an id; the rest defaults.
    pub fn read(v: &Json) -> Option<Method> {
        let id = opt_text(v, "id")?;
        Some(Method {
            name: opt_text(v, "name").unwrap_or_else(|| id.clone()),
            id,
            min_amount: opt_text(v, "minAmount"),
            max_amount: opt_text(v, "maxAmount"),
            fields: list(v, "fields")
                .iter()
                .filter_map(|f| {
                    Some(MethodField {
                        name: opt_text(f, "name")?,
                        kind: text(f, "type"),
                    })
                })
                .collect(),
            is_async: v.get("isAsync").and_then(Json::as_bool).unwrap_or(false),
        })
    }
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct WirePublicData {
    pub qr: Option<String>,
    pub address: Option<String>,
    pub expires_at: Option<i64>,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct WireInvoice {
    pub id: u64,
    /// 1 deposit, 2 withdrawal.
    pub kind: u8,
    pub status: u8,
    pub amount: String,
    pub currency: String,
    pub payment_method: String,
    pub number: Option<u64>,
    pub public_data: Option<WirePublicData>,
    pub created_at: i64,
}

impl WireInvoice {
    /// An invoice needs a positive id and a status of 1-3.
    pub fn read(v: &Json) -> Option<WireInvoice> {
        let id = u64::try_from(int(v, "id")?).ok().filter(|id| *id > 0)?;
        let status = u8::try_from(int(v, "status")?)
            .ok()
            .filter(|s| (1..=3).contains(s))?;
        let public_data = v
            .get("publicData")
            .filter(|p| p.is_object())
            .map(|p| WirePublicData {
                qr: opt_text(p, "qr"),
                address: opt_text(p, "address"),
                expires_at: int(p, "expiresAt"),
            });
        Some(WireInvoice {
            id,
            kind: int(v, "type")
                .and_then(|k| u8::try_from(k).ok())
                .unwrap_or(1),
            status,
            amount: text(v, "amount"),
            currency: text(v, "currency"),
            payment_method: text(v, "paymentMethod"),
            number: int(v, "number").and_then(|n| u64::try_from(n).ok()),
            public_data,
            created_at: int(v, "createdAt").unwrap_or(0),
        })
    }

    pub fn is_deposit(&self) -> bool {
        self.kind != 2
    }

    pub fn qr(&self) -> Option<&str> {
        self.public_data
            .as_ref()?
            .qr
            .as_deref()
            .filter(|q| !q.is_empty())
    }

    /// The domain's invoice, for the status rules (SPEC §4).
    pub fn domain(&self) -> Invoice {
        Invoice {
            id: self.id,
            status: self.status,
            amount: self.amount.clone(),
            currency: self.currency.clone(),
            number: self.number,
            public_data: Some(PublicData {
                qr: self.qr().map(str::to_string),
            }),
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct InvoicePage {
    pub data: Vec<WireInvoice>,
    pub total_pages: u32,
    pub total_rows: u32,
}

impl InvoicePage {
    /// `{data: [Invoice], meta: {totalPages, totalRows}}`; unreadable rows are left out.
    pub fn read(v: &Json) -> Option<InvoicePage> {
        let data = v.get("data")?.as_array()?;
        let meta = v.get("meta").cloned().unwrap_or(Json::Null);
        let count = |k: &str| {
            int(&meta, k)
                .and_then(|n| u32::try_from(n).ok())
                .unwrap_or(0)
        };
        Some(InvoicePage {
            data: data.iter().filter_map(WireInvoice::read).collect(),
            total_pages: count("totalPages"),
            total_rows: count("totalRows"),
        })
    }
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Statistic {
    pub currency: String,
    pub deposit_count: u32,
    pub deposit_sum: String,
    pub withdrawal_count: u32,
    pub withdrawal_sum: String,
    pub pending_count: u32,
}

impl Statistic {
    pub fn list(v: &Json) -> Option<Vec<Statistic>> {
        let count = |s: &Json, k: &str| int(s, k).and_then(|n| u32::try_from(n).ok()).unwrap_or(0);
        Some(
            v.as_array()?
                .iter()
                .filter_map(|s| {
                    Some(Statistic {
                        currency: opt_text(s, "currency")?,
                        deposit_count: count(s, "depositCount"),
                        deposit_sum: text(s, "depositSum"),
                        withdrawal_count: count(s, "withdrawalCount"),
                        withdrawal_sum: text(s, "withdrawalSum"),
                        pending_count: count(s, "pendingCount"),
                    })
                })
                .collect(),
        )
    }
}

/// An answer's body as JSON, read with `read`; a body that does not fit is `Malformed`.
pub fn read_with<T>(
    answer: crate::app::calls::Answer,
    what: &str,
    read: impl Fn(&Json) -> Option<T>,
) -> Result<T, crate::app::calls::ResponseError> {
    let json = crate::app::calls::read_json(answer)?;
    read(&json).ok_or_else(|| {
        crate::app::calls::ResponseError::Malformed(format!("{what}: unexpected shape"))
    })
}
