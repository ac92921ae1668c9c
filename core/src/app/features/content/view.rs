//! The `texts` slice: the current locale's texts over the default language (merged once per
//! content change, not per view).

use crate::app::feature::SliceSink;
use crate::app::model::{Dirty, Model};
use crate::app::registry::Part;

pub fn slices<S: SliceSink>(model: &Model, dirty: Dirty, out: &mut S) {
    if dirty.touches(&[Part::Content], false) {
        out.put("texts", &crate::json::Object(&model.shared.texts));
    }
}
