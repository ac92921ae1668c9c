//! The view model, in slices, so a change re-renders only the components that read the
//! changed slice. A slice is rebuilt only when a part it reads is dirty (`model.dirty`, set by
//! the parent as it routes events to features): no whole-view rebuilds, no deep compares.

use litemap::LiteMap;
use serde::Serialize;

use super::feature::SliceSink;

use super::forms;
use super::model::{Dirty, Model};
use super::registry::{FormId, GroupId, Part};
use crate::domain::validation::Value;

// The `View` struct, `view()` and the feature slices' dispatch come from the registry's
// `features!` rows (each row names its slices): a feature's slice is declared once, there.
pub use super::registry::{view, GroupsView, View};

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct FormView {
    /// Values as typed: strings, or booleans for checkboxes.
    #[serde(serialize_with = "crate::json::map_as_object")]
    #[cfg_attr(
        target_arch = "wasm32",
        tsify(type = "Record<string, string | boolean>")
    )]
    pub values: LiteMap<String, super::event::FormValue>,
    /// Messages of the fields that should show one now.
    #[serde(serialize_with = "crate::json::map_as_object")]
    #[cfg_attr(target_arch = "wasm32", tsify(type = "Record<string, string>"))]
    pub errors: LiteMap<String, String>,
    pub submitting: bool,
    pub error: Option<String>,
}

/// The whole view as the runtime sends it first: every eager slice, a lazy group's only once
/// its code is here (until then the page has the slices of its first view, which the default
/// model gives: natively, `view()`), then the parent's.
pub fn whole<S: SliceSink>(model: &Model, out: &mut S) {
    super::registry::slices(model, Dirty::ALL, out);
    lazy_slices(model, None, out);
    parents(model, Dirty::ALL, out);
}

/// The slices that read a dirty part: each eager feature's (the registry's rows), each loaded
/// group's, then the parent's.
pub fn changed<S: SliceSink>(model: &Model, dirty: Dirty, out: &mut S) {
    super::registry::slices(model, dirty, out);
    lazy_slices(model, Some(dirty), out);
    parents(model, dirty, out);
}

/// What each lazily loaded group's code builds (nothing of a group whose code is away).
fn lazy_slices<S: SliceSink>(model: &Model, dirty: Option<Dirty>, out: &mut S) {
    for &id in GroupId::ALL {
        if let Some(code) = model.groups.code(id) {
            code.0
                .slices(model, dirty, &mut |name, json| out.put_json(name, json));
        }
    }
}

/// The parent's slices: the groups' load states, the texts and the forms.
fn parents<S: SliceSink>(model: &Model, dirty: Dirty, out: &mut S) {
    let lazy: Vec<Part> = GroupId::ALL
        .iter()
        .flat_map(|g| g.parts().iter().copied())
        .collect();
    if dirty.touches(&lazy, false) {
        out.put("groups", &GroupsView::of(model));
    }
    // The content feature merges the texts (`Shared::texts`).
    if dirty.touches(&[Part::Content], false) {
        out.put("texts", &crate::json::Object(&model.shared.texts));
    }
    // Forms belong to several features, which say when they change one; the messages are
    // texts.
    if dirty.touches_forms() || dirty.touches(&[Part::Content], false) {
        out.put("forms", &crate::json::Object(&forms_slice(model)));
    }
}

pub(crate) fn forms_slice(model: &Model) -> LiteMap<FormId, FormView> {
    let empty = forms::FormState::default();
    let mut out = LiteMap::new();
    for &id in FormId::ALL.iter() {
        let state = model.f.form_state(id).unwrap_or(&empty);
        out.insert(id, form(model, id, state));
    }
    out
}

fn form(model: &Model, id: FormId, state: &forms::FormState) -> FormView {
    let rules = model.form_rules(id);
    let mut errors = LiteMap::new();
    for (f, msg) in forms::errors(&rules, state, &|k| model.shared.text_of(k).cloned()) {
        if state.touched.contains_key(f.as_str()) || state.server_errors.contains_key(f.as_str()) {
            errors.insert(f, msg);
        }
    }
    let mut values = LiteMap::new();
    for (k, v) in state.values.iter() {
        let value = match v {
            Value::Text(s) => super::event::FormValue::Text(s.clone()),
            Value::Bool(b) => super::event::FormValue::Bool(*b),
            Value::Empty => super::event::FormValue::Text(String::new()),
            _ => continue,
        };
        values.insert(k.clone(), value);
    }
    FormView {
        values,
        errors,
        submitting: state.submitting,
        error: state.error.clone(),
    }
}

/// Collects the names of the slices `changed` sends (native tests of the incremental view).
#[derive(Debug, Default)]
pub struct SliceNames(pub Vec<&'static str>);

impl SliceSink for SliceNames {
    fn put<T: Serialize>(&mut self, name: &'static str, _value: &T) {
        self.0.push(name);
    }
    fn put_json(&mut self, name: &'static str, _json: serde_json::Result<String>) {
        self.0.push(name);
    }
}
