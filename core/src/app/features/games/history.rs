//! Game history tabs (SPEC §2 history tabs; §7 `GET /api/game/bets` with isSettled,
//! `GET /api/game/spins`): on the wallet history page beside the transactions, chosen by the
//! address (`?tab=bets|spins&page=2&settled=0`), so every tab, page and filter is a link. Rows
//! pushed on `game:bets#{id}` / `game:spins#{id}` arrive live on the first page.

use crate::app::calls::Answer;
use crate::app::feature::Cx;
use crate::app::registry::Req;
use crate::json::Json;

use super::Call;
use crate::app::wire::str_of as text;

pub const PER_PAGE: u32 = 20;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tab {
    Bets,
    Spins,
    /// Shown and loaded by the bonuses feature (the owner of the bonus calls); named here so
    /// the tab links know which is open.
    Bonuses,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Row {
    pub id: i64,
    pub game: String,
    pub game_identity: String,
    pub currency: String,
    pub bet: String,
    pub win: String,
    pub settled: bool,
    pub created_at: i64,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameHistory {
    pub tab: Option<Tab>,
    pub page: u32,
    /// Bets: settled (the default) or open.
    pub settled: bool,
    pub rows: Vec<Row>,
    pub total_pages: u32,
    pub loading: bool,
    pub failed: bool,
}

pub fn row(v: &Json) -> Option<Row> {
    Some(Row {
        id: v.get("id")?.as_i64()?,
        game: text(v, "gameName"),
        game_identity: text(v, "gameIdentity"),
        currency: text(v, "currency"),
        bet: v
            .get("amount")
            .or_else(|| v.get("bet"))
            .and_then(Json::as_str)
            .unwrap_or_default()
            .to_string(),
        win: text(v, "win"),
        settled: v.get("isSettled").and_then(Json::as_bool).unwrap_or(true),
        created_at: v.get("createdAt").and_then(Json::as_i64).unwrap_or(0),
    })
}

impl GameHistory {
    /// The address names the tab, page and filter; loads when they changed.
    pub fn address(
        &mut self,
        on_page: bool,
        query: &[(String, String)],
        player: bool,
        cx: &mut Cx,
    ) -> bool {
        let get = |k: &str| query.iter().find(|(q, _)| q == k).map(|(_, v)| v.as_str());
        let tab = match (on_page, get("tab")) {
            (true, Some("bets")) => Some(Tab::Bets),
            (true, Some("spins")) => Some(Tab::Spins),
            (true, Some("bonuses")) => Some(Tab::Bonuses),
            _ => None,
        };
        let page = get("page")
            .and_then(|p| p.parse().ok())
            .filter(|p| *p >= 1)
            .unwrap_or(1);
        let settled = get("settled") != Some("0");
        let changed = (tab, page, settled) != (self.tab, self.page, self.settled);
        // Unchanged, unless a player's tab has nothing and nothing is on its way.
        let reload = tab.is_some_and(|t| t != Tab::Bonuses)
            && player
            && self.rows.is_empty()
            && !self.loading
            && !self.failed;
        if !changed && !reload {
            return false;
        }
        self.tab = tab;
        self.page = page;
        self.settled = settled;
        self.rows.clear();
        self.failed = false;
        self.loading = false;
        if player {
            self.load(cx);
        }
        true
    }

    pub fn load(&mut self, cx: &mut Cx) {
        let call = match self.tab {
            Some(Tab::Bets) => Call::Bets {
                page: self.page,
                settled: self.settled,
            },
            Some(Tab::Spins) => Call::Spins { page: self.page },
            Some(Tab::Bonuses) | None => return,
        };
        self.loading = true;
        cx.call(Req::Games(call), None);
    }

    pub fn answered(&mut self, tab: Tab, page: u32, answer: Answer) {
        if self.tab != Some(tab) || self.page != page {
            return;
        }
        self.loading = false;
        let body = answer.ok().and_then(|t| crate::json::parse(&t).ok());
        match body.as_ref().and_then(|b| b.get("data")?.as_array()) {
            Some(list) => {
                self.rows = list.iter().filter_map(row).collect();
                self.total_pages = body
                    .as_ref()
                    .and_then(|b| b.get("meta")?.get("totalPages")?.as_u64())
                    .map_or(1, |n| n.max(1) as u32);
                self.failed = false;
            }
            None => self.failed = true,
        }
    }

    /// A live row: on the first page of its tab (and filter), newest first. A row already
    /// shown is updated in place (an open bet that settles leaves the open filter), so a
    /// repeated push never shows twice.
    pub fn pushed(&mut self, tab: Tab, data: &Json) -> bool {
        if self.tab != Some(tab) || self.page != 1 {
            return false;
        }
        let Some(r) = row(data) else { return false };
        let fits = tab == Tab::Spins || r.settled == self.settled;
        if !fits {
            // Shown, it leaves; not shown, nothing to do.
            let before = self.rows.len();
            self.rows.retain(|x| x.id != r.id);
            return self.rows.len() != before;
        }
        if let Some(shown) = self.rows.iter_mut().find(|x| x.id == r.id) {
            let changed = *shown != r;
            *shown = r;
            return changed;
        }
        self.rows.insert(0, r);
        self.rows.truncate(PER_PAGE as usize);
        true
    }

    pub fn clear(&mut self) {
        *self = GameHistory {
            tab: self.tab,
            page: self.page,
            settled: self.settled,
            ..GameHistory::default()
        };
    }
}
