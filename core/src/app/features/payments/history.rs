//! The wallet history page (`/wallet/history`, SPEC §2 history tabs, §7 invoices with
//! filters and statistics): transactions filtered by type, status and dates, a page at a time.
//! The tab without a `tab` parameter; its filters and page live in the address
//! (`?type=deposit&status=1,3&from=2026-01-01&to=2026-01-31&page=2`), so a reload or a shared
//! link shows the same list, like the bets, spins and bonuses tabs.

use crate::app::calls::{Answer, Auth, Route};
use crate::app::effect::LogLevel;
use crate::app::feature::{Cx, Msg};
use crate::app::registry::Req;
use crate::domain::route::encode_query;

use super::pay::wire::{InvoicePage, Statistic, WireInvoice};
use super::Call as PaymentsCall;

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

impl Filter {
    /// Read from the address's query; what is not understood means "all".
    pub fn from_query(query: &[(String, String)]) -> Filter {
        let get = |k: &str| crate::domain::route::query_value(query, k).unwrap_or("");
        clean(Filter {
            kind: get("type").to_string(),
            statuses: get("status")
                .split(',')
                .filter_map(|s| s.trim().parse().ok())
                .collect(),
            date_from: get("from").to_string(),
            date_to: get("to").to_string(),
        })
    }

    /// The transactions tab's address with these filters and `page` (defaults left out).
    pub fn href(&self, path: &str, page: u32) -> String {
        let mut q: Vec<(String, String)> = Vec::new();
        if !self.kind.is_empty() {
            q.push(("type".into(), self.kind.clone()));
        }
        if !self.statuses.is_empty() {
            let list: Vec<String> = self.statuses.iter().map(u8::to_string).collect();
            q.push(("status".into(), list.join(",")));
        }
        for (k, v) in [("from", &self.date_from), ("to", &self.date_to)] {
            if !v.is_empty() {
                q.push((k.into(), v.clone()));
            }
        }
        if page > 1 {
            q.push(("page".into(), page.to_string()));
        }
        if q.is_empty() {
            path.to_string()
        } else {
            format!("{path}?{}", encode_query(&q))
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct History {
    /// The transactions tab is the page's tab.
    pub shown: bool,
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
    Req::Payments(PaymentsCall::History(call))
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

/// The history page shows transactions: no other tab named.
fn transactions_shown(cx: &Cx) -> bool {
    on_page(cx)
        && !cx
            .shared
            .location
            .query
            .iter()
            .any(|(k, v)| k == "tab" && matches!(v.as_str(), "bets" | "spins" | "bonuses"))
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

    /// The address changed (or the session did): shows, hides or refilters the tab, loading
    /// what it then lacks. Entering the tab also asks the statistics. True when the view
    /// changed.
    pub fn address(&mut self, cx: &mut Cx) -> bool {
        // A guest sees the sign-in offer instead; the tab is entered once a session starts.
        if !transactions_shown(cx) || !cx.shared.is_player() {
            let was = self.shown;
            self.shown = false;
            return was;
        }
        let query = &cx.shared.location.query;
        let filter = Filter::from_query(query);
        let page = crate::domain::route::query_value(query, "page")
            .and_then(|v| v.parse().ok())
            .filter(|p| *p >= 1)
            .unwrap_or(1);
        let entering = !self.shown;
        let changed = entering || filter != self.filter || page != self.page;
        // Unchanged, unless the tab has nothing and nothing is on its way.
        if !changed && (self.loaded || self.loading) {
            return false;
        }
        self.shown = true;
        self.filter = filter;
        self.page = page;
        self.load(cx);
        if entering {
            cx.call(req(Call::Statistics), None);
        }
        true
    }

    /// The view's filter form: the address takes a changed filter, from the first page (the
    /// filter in force, applied again, keeps the page).
    pub fn set_filter(&mut self, filter: Filter, cx: &mut Cx) {
        let filter = clean(filter);
        if self.shown && filter != self.filter {
            let url = filter.href(&cx.shared.location.path, 1);
            cx.msg(Msg::Navigate {
                url,
                replace: false,
            });
        }
    }

    pub fn set_page(&mut self, page: u32, cx: &mut Cx) {
        if self.shown && page >= 1 && (page <= self.total_pages || page == 1) && page != self.page {
            let url = self.filter.href(&cx.shared.location.path, page);
            cx.msg(Msg::Navigate {
                url,
                replace: false,
            });
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
