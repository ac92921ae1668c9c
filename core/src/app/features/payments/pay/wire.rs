//! Payment shapes of docs/API.md "Payments", read by their serde derives. Unknown fields are
//! ignored, missing or odd optional ones default; a required field that is missing or wrong
//! makes the whole value unreadable (`None`), and a list leaves such items out.

use serde::Deserialize;

use crate::app::wire::{lenient, loose, loose_some, Paged};
use crate::domain::invoice::{Invoice, PublicData};
use crate::json::Json;

/// The items of a list that read as `T` (`None` unless it is a list).
fn each<T>(v: &Json, read: impl Fn(&Json) -> Option<T>) -> Option<Vec<T>> {
    let items: Vec<Json> = Vec::deserialize(v).ok()?;
    Some(items.iter().filter_map(read).collect())
}

#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct MethodGroup {
    #[serde(deserialize_with = "loose")]
    pub name: String,
    /// Methods that do not read are left out ([`Method::read`]).
    #[serde(deserialize_with = "methods")]
    pub payment_methods: Vec<Method>,
}

fn methods<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<Method>, D::Error> {
    let items: Vec<Json> = lenient(d)?;
    Ok(items.iter().filter_map(Method::read).collect())
}

#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Method {
    #[serde(deserialize_with = "loose")]
    pub id: String,
    #[serde(deserialize_with = "loose")]
    pub name: String,
    #[serde(deserialize_with = "loose_some")]
    pub min_amount: Option<String>,
    #[serde(deserialize_with = "loose_some")]
    pub max_amount: Option<String>,
    /// Fields without a name are left out.
    #[serde(deserialize_with = "fields")]
    pub fields: Vec<MethodField>,
    #[serde(deserialize_with = "lenient")]
    pub is_async: bool,
}

fn fields<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<MethodField>, D::Error> {
    let items: Vec<Json> = lenient(d)?;
    Ok(items
        .iter()
        .filter_map(|f| MethodField::deserialize(f).ok())
        .filter(|f| !f.name.is_empty())
        .collect())
}

#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(default)]
pub struct MethodField {
    #[serde(deserialize_with = "loose")]
    pub name: String,
    #[serde(rename = "type", deserialize_with = "loose")]
    pub kind: String,
}

impl MethodGroup {
    /// `[{name, paymentMethods: [...]}]`; `None` unless it is a list.
    pub fn list(v: &Json) -> Option<Vec<MethodGroup>> {
        each(v, |g| {
            g.is_object()
                .then(|| MethodGroup::deserialize(g).ok())
                .flatten()
        })
    }
}

impl Method {
    /// A method needs an id; its name defaults to it.
    pub fn read(v: &Json) -> Option<Method> {
        let mut m = Method::deserialize(v).ok().filter(|m| !m.id.is_empty())?;
        if m.name.is_empty() {
            m.name = m.id.clone();
        }
        Some(m)
    }
}

#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct WirePublicData {
    #[serde(deserialize_with = "loose_some")]
    pub qr: Option<String>,
    #[serde(deserialize_with = "loose_some")]
    pub address: Option<String>,
    #[serde(deserialize_with = "lenient")]
    pub expires_at: Option<i64>,
}

#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WireInvoice {
    pub id: u64,
    /// 1 deposit, 2 withdrawal.
    #[serde(rename = "type", default = "deposit", deserialize_with = "kind")]
    pub kind: u8,
    pub status: u8,
    #[serde(default, deserialize_with = "loose")]
    pub amount: String,
    #[serde(default, deserialize_with = "loose")]
    pub currency: String,
    #[serde(default, deserialize_with = "loose")]
    pub payment_method: String,
    #[serde(default, deserialize_with = "lenient")]
    pub number: Option<u64>,
    #[serde(default, deserialize_with = "lenient")]
    pub public_data: Option<WirePublicData>,
    #[serde(default, deserialize_with = "lenient")]
    pub created_at: i64,
}

fn deposit() -> u8 {
    1
}

/// The invoice type; odd values are deposits.
fn kind<'de, D: serde::Deserializer<'de>>(d: D) -> Result<u8, D::Error> {
    Ok(lenient::<D, Option<u8>>(d)?.unwrap_or(1))
}

impl WireInvoice {
    /// An invoice needs a positive id and a status of 1-3.
    pub fn read(v: &Json) -> Option<WireInvoice> {
        WireInvoice::deserialize(v)
            .ok()
            .filter(|i| i.id > 0 && (1..=3).contains(&i.status))
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

/// The history page's `meta` (`{data: [Invoice], meta: {totalPages, totalRows}}`).
#[derive(Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
struct Meta {
    #[serde(deserialize_with = "lenient")]
    total_pages: u32,
    #[serde(deserialize_with = "lenient")]
    total_rows: u32,
}

impl InvoicePage {
    /// `{data: [Invoice], meta: {totalPages, totalRows}}`; unreadable rows are left out.
    pub fn read(v: &Json) -> Option<InvoicePage> {
        let page = Paged::<Meta>::deserialize(v).ok()?;
        Some(InvoicePage {
            data: page.data.iter().filter_map(WireInvoice::read).collect(),
            total_pages: page.meta.total_pages,
            total_rows: page.meta.total_rows,
        })
    }
}

#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Statistic {
    #[serde(deserialize_with = "loose")]
    pub currency: String,
    #[serde(deserialize_with = "lenient")]
    pub deposit_count: u32,
    #[serde(deserialize_with = "loose")]
    pub deposit_sum: String,
    #[serde(deserialize_with = "lenient")]
    pub withdrawal_count: u32,
    #[serde(deserialize_with = "loose")]
    pub withdrawal_sum: String,
    #[serde(deserialize_with = "lenient")]
    pub pending_count: u32,
}

impl Statistic {
    /// Rows need a currency.
    pub fn list(v: &Json) -> Option<Vec<Statistic>> {
        each(v, |s| {
            Statistic::deserialize(s)
                .ok()
                .filter(|s| !s.currency.is_empty())
        })
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
