//! The `texts` slice: the current locale's texts over the default language (merged once per
//! content change, not per view).

use crate::app::feature::SliceSink;
use crate::app::model::{Dirty, Model};
use crate::app::registry::Part;

/// The texts as an object, even when empty.
pub struct TextsView<'a>(pub &'a litemap::LiteMap<String, String>);

impl serde::Serialize for TextsView<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::json::map_as_object(self.0, s)
    }
}

pub fn slices<S: SliceSink>(model: &Model, dirty: Dirty, out: &mut S) {
    if dirty.touches(&[Part::Content], false) {
        out.put("texts", &TextsView(&model.shared.texts));
    }
}
