//! Game history tabs (SPEC §2 history tabs; §7 `GET /api/game/bets` with isSettled,
//! `GET /api/game/spins`): on the wallet history page beside the transactions, chosen by the
//! address (`?tab=bets|spins&page=2&settled=0`), so every tab, page and filter is a link. Rows
//! pushed on `game:bets#{id}` / `game:spins#{id}` arrive live on the first page.

use crate::app::calls::Answer;
use crate::app::feature::Cx;
use crate::app::registry::Req;
use crate::app::wire::Paged;
use crate::json::{lenient, Json};
use serde::{Deserialize, Deserializer};

use super::Call;

pub const PER_PAGE: u32 = 20;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tab {
    Bets,
    Spins,
    /// Shown and loaded by the bonuses feature (the owner of the bonus calls); named here so
    /// the tab links know which is open.
    Bonuses,
}

/// A bet (`GET /api/game/bets`, `game:bets#{id}`) or a spin (`GET /api/game/spins`,
/// `game:spins#{id}`), SPEC §7: the id is needed; other fields of another type read as empty,
/// 0 or settled. A bet's stake is `amount`, a spin's `bet`.
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Row {
    pub id: i64,
    #[serde(default, rename = "gameName", deserialize_with = "lenient")]
    pub game: String,
    #[serde(default, deserialize_with = "lenient")]
    pub game_identity: String,
    #[serde(default, deserialize_with = "lenient")]
    pub currency: String,
    #[serde(
        default,
        rename = "amount",
        alias = "bet",
        deserialize_with = "lenient"
    )]
    pub bet: String,
    #[serde(default, deserialize_with = "lenient")]
    pub win: String,
    /// Spins have none: settled.
    #[serde(
        default = "settled",
        rename = "isSettled",
        deserialize_with = "settled_unless_false"
    )]
    pub settled: bool,
    #[serde(default, deserialize_with = "lenient")]
    pub created_at: i64,
}

fn settled() -> bool {
    true
}

fn settled_unless_false<'de, D: Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
    let s: Option<bool> = lenient(d)?;
    Ok(s != Some(false))
}

/// A history page's `meta`: one page when it does not say.
#[derive(Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
struct Meta {
    #[serde(deserialize_with = "lenient")]
    total_pages: Option<u64>,
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

/// A row, or why it cannot be read.
pub fn row(v: &Json) -> Result<Row, String> {
    Row::deserialize(v).map_err(|e| e.to_string())
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
        // Rows that cannot be read are left out; without a `data` list the page failed.
        match answer.map(|t| crate::json::from_str::<Paged<Meta>>(&t)) {
            Ok(Ok(page)) => {
                self.rows = page.data.iter().filter_map(|r| row(r).ok()).collect();
                self.total_pages = page.meta.total_pages.map_or(1, |n| n.max(1) as u32);
                self.failed = false;
            }
            _ => self.failed = true,
        }
    }

    /// A live row: on the first page of its tab (and filter), newest first. A row already
    /// shown is updated in place (an open bet that settles leaves the open filter), so a
    /// repeated push never shows twice.
    pub fn pushed(&mut self, tab: Tab, data: &Json) -> bool {
        if self.tab != Some(tab) || self.page != 1 {
            return false;
        }
        let Ok(r) = row(data) else { return false };
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
