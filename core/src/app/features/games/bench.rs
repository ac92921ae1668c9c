//! The games search exported alone for `scripts/bench-search.sh` (feature `bench-search`):
//! the same page reader, sweep and index the feature uses, fed the SPEC §7 `games` pages the
//! sweep asks for, callable from JS beside Fuse.js and uFuzzy on the same data.

use wasm_bindgen::prelude::*;

use super::catalogue::{self, Catalogue};
use super::search::Index;
use super::sweep::{Next, Sweep};

#[wasm_bindgen]
pub struct SearchBench {
    cat: Catalogue,
    order: Vec<u32>,
    index: Index,
}

#[wasm_bindgen]
impl SearchBench {
    /// Reads `games` answers (one JSON page a line, pages 1, 2, … in order) as the sweep does
    /// and builds the index.
    #[wasm_bindgen(constructor)]
    pub fn new(pages: &str) -> Result<SearchBench, JsError> {
        let mut cat = Catalogue::default();
        let mut sweep = Sweep::default();
        let mut page = sweep.want().unwrap_or(1);
        for line in pages.lines().filter(|l| !l.trim().is_empty()) {
            let json = crate::json::parse(line).map_err(|e| JsError::new(&e))?;
            let p = catalogue::page(&json).ok_or_else(|| JsError::new("not a games page"))?;
            let places = cat.add(&p.data);
            match sweep.answered(page, p.meta.total_pages, &places, &cat) {
                Next::Ask(next) => page = next,
                Next::Done(index) => {
                    return Ok(SearchBench {
                        order: sweep.order,
                        cat,
                        index,
                    })
                }
                Next::Wait | Next::Stale => return Err(JsError::new("pages out of order")),
            }
        }
        Err(JsError::new("the pages ended before the last one"))
    }

    /// Game positions, best first.
    pub fn search(&self, query: &str, limit: usize) -> Vec<u32> {
        self.index.search(query, limit).0
    }

    pub fn identity(&self, i: u32) -> String {
        self.order
            .get(i as usize)
            .and_then(|&g| self.cat.games.get(g as usize))
            .map(|g| g.identity.clone())
            .unwrap_or_default()
    }

    pub fn games(&self) -> usize {
        self.order.len()
    }
}
