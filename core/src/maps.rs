//! Building `LiteMap`s without litemap's `FromIterator`/`Extend`, which sort with std's stable
//! sort: about 2.8 KB of wasm per key/value type, 30 KB for the core's eleven map types
//! (measured with twiggy, docs/ARCHITECTURE.md "Size"). Most inputs are already in key order
//! (another LiteMap, serde_json's sorted map), where `insert` appends.

use litemap::LiteMap;

pub trait CollectLite<K: Ord, V>: Iterator<Item = (K, V)> + Sized {
    /// Collect into a map; a repeated key keeps its last value.
    fn collect_lite(self) -> LiteMap<K, V> {
        let mut map = LiteMap::with_capacity(self.size_hint().0);
        extend_lite(&mut map, self);
        map
    }
}

impl<K: Ord, V, I: Iterator<Item = (K, V)>> CollectLite<K, V> for I {}

/// Insert every pair; a repeated key keeps its last value.
pub fn extend_lite<K: Ord, V>(map: &mut LiteMap<K, V>, items: impl IntoIterator<Item = (K, V)>) {
    for (k, v) in items {
        map.insert(k, v);
    }
}
