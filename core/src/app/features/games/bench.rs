//! The games search exported alone for `scripts/bench-search.sh` (feature `bench-search`):
//! the same catalogue reader and index the feature uses, callable from JS beside Fuse.js and
//! uFuzzy on the same data.

use wasm_bindgen::prelude::*;

use super::catalogue::Catalogue;
use super::search::Index;

#[wasm_bindgen]
pub struct SearchBench {
    cat: Catalogue,
    index: Index,
}

#[wasm_bindgen]
impl SearchBench {
    /// Reads the compact catalogue and builds the index.
    #[wasm_bindgen(constructor)]
    pub fn new(text: &str) -> Result<SearchBench, JsError> {
        let cat = Catalogue::parse(text).ok_or_else(|| JsError::new("not a catalogue"))?;
        let names: Vec<&str> = cat.games.iter().map(|g| g.name.as_str()).collect();
        let provs: Vec<u16> = cat.games.iter().map(|g| g.provider).collect();
        let pnames: Vec<&str> = cat.providers.iter().map(|p| p.name.as_str()).collect();
        let index = Index::build(&names, &provs, &pnames);
        Ok(SearchBench { cat, index })
    }

    /// Game positions, best first.
    pub fn search(&self, query: &str, limit: usize) -> Vec<u32> {
        self.index.search(query, limit).0
    }

    pub fn identity(&self, i: u32) -> String {
        self.cat
            .games
            .get(i as usize)
            .map(|g| g.identity.clone())
            .unwrap_or_default()
    }

    pub fn games(&self) -> usize {
        self.cat.games.len()
    }
}
