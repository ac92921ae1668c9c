//! The wallet history page (`/wallet/history`, SPEC §2 history tabs, §7 invoices with
//! filters and statistics): transactions filtered by type, status and dates, a page at a time.

use crate::app::calls::{Answer, Auth, Route};
use crate::app::effect::LogLevel;
use crate::app::feature::Cx;
use crate::app::registry::Req;

use super::pay::wire::{InvoicePage, Statistic, WireInvoice};
use super::Call as WalletCall;

pub const PER_PAGE: u32 = 10;
/// The route that shows it.
pub const ROUTE: &str = "wallet-history";

#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase", default)]
pub struct Filter {
    /// `deposit`, `withdrawal` or empty for both.
    pub kind: String,
    /// 1 pending, 2 success, 3 error; empty for all.
    pub statuses: Vec<u8>,
    /// `YYYY-MM-DD` or empty.
    pub date_from: String,
    pub date_to: String,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Call {
    Invoices { filter: Filter, page: u32 },
    Statistics,
}

impl Call {
    pub fn route(&self) -> Route {
        match self {
            Call::Invoices { filter, page } => {
                let mut r = Route::paged("/api/payment/invoices", Auth::Player, *page, PER_PAGE);
                let q = &mut r.query;
                if !filter.kind.is_empty() {
                    q.push(("type".into(), filter.kind.clone()));
                }
                // SPEC §7: array parameters in the bracket form.
                for s in &filter.statuses {
                    q.push(("status[]".into(), s.to_string()));
                }
                for (k, v) in [("dateFrom", &filter.date_from), ("dateTo", &filter.date_to)] {
                    if !v.is_empty() {
                        q.push((k.into(), v.clone()));
                    }
                }
                r
            }
            Call::Statistics => Route::get("/api/payment/invoices/statistics", Auth::Player),
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct History {
    pub filter: Filter,
    pub page: u32,
    pub loading: bool,
    /// Loaded at least once (the skeleton shows before).
    pub loaded: bool,
    pub items: Vec<WireInvoice>,
    pub total_pages: u32,
    pub total_rows: u32,
    pub stats: Vec<Statistic>,
}

fn req(call: Call) -> Req {
    Req::Wallet(WalletCall::History(call))
}

/// The filter a view sent, cleaned: a known type, known statuses, plain dates.
fn clean(mut f: Filter) -> Filter {
    if f.kind != "deposit" && f.kind != "withdrawal" {
        f.kind.clear();
    }
    // Known statuses, each once, in order.
    f.statuses = (1..=3).filter(|s| f.statuses.contains(s)).collect();
    for d in [&mut f.date_from, &mut f.date_to] {
        let ok = d.len() == 10
            && d.bytes().enumerate().all(|(i, b)| {
                if i == 4 || i == 7 {
                    b == b'-'
                } else {
                    b.is_ascii_digit()
                }
            });
        if !ok {
            d.clear();
        }
    }
    f
}

pub fn on_page(cx: &Cx) -> bool {
    cx.shared
        .route
        .as_ref()
        .is_ok_and(|r| r.name.trim_start_matches("locale-") == ROUTE)
}

impl History {
    pub fn load(&mut self, cx: &mut Cx) {
        self.loading = true;
        cx.call(
            req(Call::Invoices {
                filter: self.filter.clone(),
                page: self.page.max(1),
            }),
            None,
        );
    }

    /// Arriving on the page: the first page and the statistics.
    pub fn open(&mut self, cx: &mut Cx) {
        self.page = 1;
        self.load(cx);
        cx.call(req(Call::Statistics), None);
    }

    pub fn set_filter(&mut self, filter: Filter, cx: &mut Cx) {
        self.filter = clean(filter);
        self.page = 1;
        self.load(cx);
    }

    pub fn set_page(&mut self, page: u32, cx: &mut Cx) {
        if page >= 1 && (page <= self.total_pages || page == 1) && page != self.page {
            self.page = page;
            self.load(cx);
        }
    }

    /// A pushed invoice replaces its row.
    pub fn pushed(&mut self, inv: &WireInvoice) -> bool {
        match self.items.iter_mut().find(|i| i.id == inv.id) {
            Some(row) => {
                *row = inv.clone();
                true
            }
            None => false,
        }
    }

    pub fn answered(&mut self, call: Call, answer: Answer, cx: &mut Cx) {
        match call {
            Call::Invoices { filter, page } => {
                if filter != self.filter || page != self.page.max(1) {
                    return;
                }
                self.loading = false;
                self.loaded = true;
                match super::pay::wire::read_with(answer, "invoices", InvoicePage::read) {
                    Ok(p) => {
                        self.items = p.data;
                        self.total_pages = p.total_pages;
                        self.total_rows = p.total_rows;
                    }
                    Err(e) => {
                        cx.log_err(LogLevel::Warn, "invoices", &e);
                        cx.error("alerts.somethingWrong");
                    }
                }
            }
            Call::Statistics => {
                match super::pay::wire::read_with(answer, "statistics", Statistic::list) {
                    Ok(s) => self.stats = s,
                    Err(e) => cx.log_err(LogLevel::Warn, "statistics", &e),
                }
            }
        }
    }
}
