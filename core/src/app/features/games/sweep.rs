//! The search index built from SPEC §7 `games` pages (issue 29): the whole list in
//! popularity order, asked one page at a time in the background (the next page only when the
//! last one answered, so the page never waits on it), each page's names added to the index
//! being built; the index is ready when the last page is in. Until then the search asks the
//! platform (`games/search`). The first page is asked once a games page painted (it names the
//! most played games, for bonus cards too); the rest only once the visitor searches (`want`):
//! the whole list is about 100 pages of ~105 KB, too much to fetch on every visit for
//! visitors who never search. A finished sweep is kept across visits (`kept.rs`): with a kept
//! record the sweep's first page is asked only to revalidate it, the rest only when it is stale
//! and the visitor searches.

use super::catalogue::Catalogue;
use super::search::{Index, IndexBuilder};

/// Games per sweep page: a 200-game answer is about 110 KB of JSON, well under SPEC §9's
/// 512 KB response cap (measured in the sandbox's `games::a_full_games_page_stays_under_the_cap`).
pub const PER_PAGE: u32 = 200;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Sweep {
    pub started: bool,
    /// The visitor searched: the pages after the first are wanted.
    pub wanted: bool,
    /// The next page, waiting for `want`.
    parked: Option<u32>,
    /// The page asked for and not answered yet.
    pub asking: Option<u32>,
    /// The index's game `i` is `cat.games[order[i]]`.
    pub order: Vec<u32>,
    /// `order` as a set (by place), so a game that moved between pages is indexed once.
    seen: Vec<bool>,
    builder: Option<Box<IndexBuilder>>,
    pub ready: bool,
    pub failed: bool,
    /// The first page's `meta.totalRows` and how many games it brought (for the kept record).
    pub total_rows: u32,
    pub first: u32,
}

/// What follows a sweep page's answer.
#[derive(Debug, PartialEq)]
pub enum Next {
    Ask(u32),
    /// More pages, not wanted yet.
    Wait,
    Done(Index),
    /// Not the page being asked for (a late answer): nothing.
    Stale,
}

impl Sweep {
    /// The first page to ask for, once.
    pub fn start(&mut self) -> Option<u32> {
        if self.started {
            return None;
        }
        self.started = true;
        self.asking = Some(1);
        Some(1)
    }

    /// The visitor searched: the page to ask for now, if one waits (or the first, when the
    /// sweep has not started).
    pub fn want(&mut self) -> Option<u32> {
        self.wanted = true;
        if !self.started {
            return self.start();
        }
        let next = self.parked.take()?;
        self.asking = Some(next);
        Some(next)
    }

    /// Page `page` of `total_pages` brought the games at `places` (in popularity order).
    pub fn answered(
        &mut self,
        page: u32,
        total_pages: u32,
        places: &[u32],
        cat: &Catalogue,
    ) -> Next {
        if self.asking != Some(page) || self.ready {
            return Next::Stale;
        }
        let builder = self.builder.get_or_insert_with(Default::default);
        for &place in places {
            let at = place as usize;
            if self.seen.len() <= at {
                self.seen.resize(at + 1, false);
            }
            let (Some(seen), Some(g)) = (self.seen.get_mut(at), cat.games.get(at)) else {
                continue;
            };
            if !*seen {
                *seen = true;
                builder.add(&g.name);
                self.order.push(place);
            }
        }
        if page < total_pages && !places.is_empty() {
            if !self.wanted {
                self.asking = None;
                self.parked = Some(page + 1);
                return Next::Wait;
            }
            self.asking = Some(page + 1);
            return Next::Ask(page + 1);
        }
        self.asking = None;
        self.ready = true;
        let provs: Vec<u16> = self
            .order
            .iter()
            .map(|&i| cat.games.get(i as usize).map_or(0, |g| g.provider))
            .collect();
        let names: Vec<&str> = cat.providers.iter().map(|p| p.name.as_str()).collect();
        let builder = self.builder.take().map(|b| *b).unwrap_or_default();
        Next::Done(builder.finish(provs, &names))
    }
}
