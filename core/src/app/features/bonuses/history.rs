//! The bonuses tab of the wallet history page (SPEC §2 history tabs): the player's bonuses and
//! free spins, finished ones too (SPEC §4 statuses and results), from the same §7 calls the
//! bonus cards use (`GET /api/game/player-bonuses|player-freespins` with `status[]` and
//! `currency[]`), so this feature stays the one owner of those calls.
//!
//! The address carries the tab and the filters
//! (`?tab=bonuses&status=active|finished&kind=bonus|freespin&currency=USD`): every filter is a
//! link, a reload keeps it, and the filters are sent to the server (nothing is filtered over a
//! loaded page). The calls have no paging (SPEC §7), so the tab shows the whole answer.

use crate::app::calls::{Answer, Auth, Route};
use crate::app::effect::LogLevel;
use crate::app::feature::Cx;
use crate::app::registry::Req;
use crate::domain::bonus::{STATUS_ACTIVE, STATUS_FINISHED, STATUS_ISSUED};
use crate::domain::route::encode_query;

use super::wire::{self, Item, Kind};
use super::{base, read, Call};

/// Which statuses the tab asks for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum StatusFilter {
    /// Issued, active and finished.
    #[default]
    All,
    /// Issued and active (SPEC §4 statuses 1 and 2).
    Active,
    /// Finished (status 3, whatever the result).
    Finished,
}

/// Bonuses, free spins or both.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum KindFilter {
    #[default]
    All,
    Bonus,
    Freespin,
}

/// The tab's filters, as the address says them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Filter {
    pub status: StatusFilter,
    pub kind: KindFilter,
    /// One currency (upper case), or every one.
    pub currency: Option<String>,
}

impl StatusFilter {
    pub fn parse(v: &str) -> StatusFilter {
        match v {
            "active" => StatusFilter::Active,
            "finished" => StatusFilter::Finished,
            _ => StatusFilter::All,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            StatusFilter::All => "all",
            StatusFilter::Active => "active",
            StatusFilter::Finished => "finished",
        }
    }

    /// The SPEC §4 statuses sent as `status[]`.
    pub fn statuses(self) -> &'static [u8] {
        match self {
            StatusFilter::All => &[STATUS_ISSUED, STATUS_ACTIVE, STATUS_FINISHED],
            StatusFilter::Active => &[STATUS_ISSUED, STATUS_ACTIVE],
            StatusFilter::Finished => &[STATUS_FINISHED],
        }
    }
}

impl KindFilter {
    pub fn parse(v: &str) -> KindFilter {
        match v {
            "bonus" => KindFilter::Bonus,
            "freespin" => KindFilter::Freespin,
            _ => KindFilter::All,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            KindFilter::All => "all",
            KindFilter::Bonus => "bonus",
            KindFilter::Freespin => "freespin",
        }
    }

    /// The lists to ask for.
    pub fn kinds(self) -> &'static [Kind] {
        match self {
            KindFilter::All => &[Kind::Bonus, Kind::Freespin],
            KindFilter::Bonus => &[Kind::Bonus],
            KindFilter::Freespin => &[Kind::Freespin],
        }
    }
}

/// A currency code as typed in an address: 2-10 letters or digits, upper-cased; anything else
/// means every currency.
pub fn currency(v: &str) -> Option<String> {
    let ok = (2..=10).contains(&v.len()) && v.bytes().all(|b| b.is_ascii_alphanumeric());
    ok.then(|| v.to_ascii_uppercase())
}

impl Filter {
    /// Read from the address's query (unknown values mean "all").
    pub fn from_query(query: &[(String, String)]) -> Filter {
        let get = |k: &str| crate::domain::route::query_value(query, k).unwrap_or("");
        Filter {
            status: StatusFilter::parse(get("status")),
            kind: KindFilter::parse(get("kind")),
            currency: currency(get("currency")),
        }
    }

    /// The tab's address with these filters (the defaults are left out).
    pub fn href(&self, path: &str) -> String {
        let mut q = vec![("tab".to_string(), "bonuses".to_string())];
        if self.status != StatusFilter::All {
            q.push(("status".into(), self.status.name().into()));
        }
        if self.kind != KindFilter::All {
            q.push(("kind".into(), self.kind.name().into()));
        }
        if let Some(c) = &self.currency {
            q.push(("currency".into(), c.clone()));
        }
        format!("{path}?{}", encode_query(&q))
    }

    /// Whether an item belongs under these filters (a push, or a defensive read of an answer).
    pub fn fits(&self, item: &Item) -> bool {
        self.status.statuses().contains(&item.status)
            && self.kind.kinds().contains(&item.kind)
            && self
                .currency
                .as_ref()
                .is_none_or(|c| c.eq_ignore_ascii_case(&item.currency))
    }
}

/// The route of one history list: every status of the filter as `status[]`, the currency as
/// `currency[]` (none: every currency), SPEC §7 bracket form.
pub fn route(kind: Kind, filter: &Filter) -> Route {
    let statuses: Vec<String> = filter.status.statuses().iter().map(u8::to_string).collect();
    let mut pairs: Vec<(&str, &str)> = statuses.iter().map(|s| ("status[]", s.as_str())).collect();
    if let Some(c) = &filter.currency {
        pairs.push(("currency[]", c.as_str()));
    }
    Route::get(base(kind), Auth::Player).query(&pairs)
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct BonusHistory {
    /// The bonuses tab is the page's tab.
    pub open: bool,
    pub filter: Filter,
    /// Newest first (issued time, then id).
    pub rows: Vec<Item>,
    /// List calls in flight.
    pub pending: u8,
    pub loaded: bool,
    pub failed: bool,
}

impl BonusHistory {
    /// The address changed (or the session did): opens, closes or refilters the tab. True when
    /// what the tab shows changed.
    pub fn address(&mut self, cx: &mut Cx) -> bool {
        let on_page =
            cx.shared.route.as_ref().is_ok_and(|r| {
                r.route_name() == Some(crate::domain::route::RouteName::WalletHistory)
            });
        let query = &cx.shared.location.query;
        let open = on_page && query.iter().any(|(k, v)| k == "tab" && v == "bonuses");
        let filter = if open {
            Filter::from_query(query)
        } else {
            Filter::default()
        };
        let player = cx.shared.is_player();
        let changed = open != self.open || filter != self.filter;
        // Unchanged, unless an open tab has nothing and nothing is on its way.
        let reload = open && player && !self.loaded && self.pending == 0;
        if !changed && !reload {
            return false;
        }
        self.open = open;
        self.filter = filter;
        self.rows.clear();
        self.loaded = false;
        self.failed = false;
        self.pending = 0;
        if open && player {
            self.load(cx);
        }
        true
    }

    pub fn load(&mut self, cx: &mut Cx) {
        if !self.open {
            return;
        }
        let kinds = self.filter.kind.kinds();
        self.pending = kinds.len() as u8;
        self.failed = false;
        for kind in kinds {
            cx.call(
                Req::Bonuses(Call::History(*kind, self.filter.clone())),
                None,
            );
        }
    }

    /// One list answered; an answer for filters no longer shown is dropped.
    pub fn answered(&mut self, kind: Kind, filter: Filter, answer: Answer, cx: &mut Cx) {
        if !self.open || filter != self.filter || self.pending == 0 {
            return;
        }
        self.pending -= 1;
        match read(answer, &|v| wire::list(v, &|i| Item::read(i, kind))) {
            Ok(list) => {
                self.rows.retain(|r| r.kind != kind);
                self.rows
                    .extend(list.into_iter().filter(|i| self.filter.fits(i)));
                self.sort();
            }
            Err(e) => {
                cx.log_err(LogLevel::Warn, "bonus history", &e);
                self.failed = true;
            }
        }
        if self.pending == 0 {
            self.loaded = true;
        }
    }

    /// A pushed bonus or free-spin package: its row changes in place, leaves when it no
    /// longer fits the filters, or joins at the top when it newly does.
    pub fn pushed(&mut self, item: &Item) -> bool {
        if !self.open || !self.loaded {
            return false;
        }
        let at = self
            .rows
            .iter()
            .position(|r| r.kind == item.kind && r.id == item.id);
        match (at, self.filter.fits(item)) {
            (Some(p), true) => {
                let changed = self.rows.get(p) != Some(item);
                if let Some(slot) = self.rows.get_mut(p) {
                    *slot = item.clone();
                }
                changed
            }
            (Some(p), false) => {
                self.rows.remove(p);
                true
            }
            (None, true) => {
                self.rows.push(item.clone());
                self.sort();
                true
            }
            (None, false) => false,
        }
    }

    pub fn clear(&mut self) {
        *self = BonusHistory {
            open: self.open,
            filter: self.filter.clone(),
            ..BonusHistory::default()
        };
    }

    fn sort(&mut self) {
        self.rows
            .sort_by_key(|r| std::cmp::Reverse((r.created_at, r.id)));
    }
}
