//! Payment shapes of docs/API.md "Payments". Unknown fields are ignored, optional ones
//! default.

use serde::Deserialize;

use crate::domain::invoice::{Invoice, PublicData};

#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase", default)]
pub struct MethodGroup {
    pub name: String,
    pub payment_methods: Vec<Method>,
}

#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase", default)]
pub struct Method {
    pub id: String,
    pub name: String,
    pub min_amount: Option<String>,
    pub max_amount: Option<String>,
    pub fields: Vec<MethodField>,
    pub is_async: bool,
}

#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase", default)]
pub struct MethodField {
    pub name: String,
    #[serde(rename = "type")]
    pub kind: String,
}

#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase", default)]
pub struct WirePublicData {
    pub qr: Option<String>,
    pub address: Option<String>,
    pub expires_at: Option<i64>,
}

#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase", default)]
pub struct WireInvoice {
    pub id: u64,
    /// 1 deposit, 2 withdrawal.
    #[serde(rename = "type")]
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

#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase", default)]
pub struct PageMeta {
    pub page: u32,
    pub total_pages: u32,
    pub total_rows: u32,
}

#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(default)]
pub struct InvoicePage {
    pub data: Vec<WireInvoice>,
    pub meta: PageMeta,
}

#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase", default)]
pub struct Statistic {
    pub currency: String,
    pub deposit_count: u32,
    pub deposit_sum: String,
    pub withdrawal_count: u32,
    pub withdrawal_sum: String,
    pub pending_count: u32,
}
