//! View intents read by hand from the dynamic `Json` value. serde's derived reader for the
//! internally tagged event enums buffered every event through its `Content` type and cost
//! ~37 KB of wasm (docs/ARCHITECTURE.md "Size"); these few readers are shared by every event.
//! The enums keep their `#[serde(tag = "type", …)]` attributes for tsify's TypeScript type.

use crate::json::Json;

/// The fields of one view event, `{type, …}`. Each reader names the field at fault.
#[derive(Clone, Copy)]
pub struct Fields<'a>(pub &'a Json);

impl<'a> Fields<'a> {
    /// The field, or None when absent or `null` (serde's `Option` rule).
    pub fn raw(&self, name: &str) -> Option<&'a Json> {
        self.0.get(name).filter(|v| !v.is_null())
    }

    fn need(&self, name: &str) -> Result<&'a Json, String> {
        self.raw(name).ok_or_else(|| missing(name))
    }

    pub fn text(&self, name: &str) -> Result<String, String> {
        self.opt_text(name)?.ok_or_else(|| missing(name))
    }

    pub fn opt_text(&self, name: &str) -> Result<Option<String>, String> {
        match self.raw(name) {
            None => Ok(None),
            Some(Json::String(s)) => Ok(Some(s.clone())),
            Some(_) => Err(format!("`{name}` must be a string")),
        }
    }

    /// A whole number in `T`'s range (`1.0` counts, as in JS).
    pub fn int<T: TryFrom<i64>>(&self, name: &str) -> Result<T, String> {
        self.opt_int(name)?.ok_or_else(|| missing(name))
    }

    pub fn opt_int<T: TryFrom<i64>>(&self, name: &str) -> Result<Option<T>, String> {
        let Some(v) = self.raw(name) else {
            return Ok(None);
        };
        whole(v)
            .and_then(|n| T::try_from(n).ok())
            .map(Some)
            .ok_or_else(|| format!("`{name}` must be a whole number in range"))
    }

    pub fn flag(&self, name: &str) -> Result<bool, String> {
        self.need(name)?
            .as_bool()
            .ok_or_else(|| format!("`{name}` must be true or false"))
    }

    /// A string field naming one of `choices`.
    pub fn choice<T: Copy>(&self, name: &str, choices: &[(&str, T)]) -> Result<T, String> {
        let given = self.text(name)?;
        pick(&given, choices).ok_or_else(|| format!("unknown `{name}` {given}"))
    }

    /// An array of strings; absent is empty.
    pub fn texts(&self, name: &str) -> Result<Vec<String>, String> {
        match self.raw(name) {
            None => Ok(Vec::new()),
            Some(Json::Array(items)) => {
                let mut out = Vec::new();
                for i in items {
                    let Some(s) = i.as_str() else {
                        return Err(format!("`{name}` must hold strings"));
                    };
                    out.push(s.to_owned());
                }
                Ok(out)
            }
            Some(_) => Err(format!("`{name}` must be an array")),
        }
    }

    /// An array of whole numbers in `T`'s range (ids, codes); absent is empty.
    pub fn ints<T: TryFrom<i64>>(&self, name: &str) -> Result<Vec<T>, String> {
        match self.raw(name) {
            None => Ok(Vec::new()),
            Some(Json::Array(items)) => {
                crate::vecs::try_map(items, |v| whole(v).and_then(|n| T::try_from(n).ok()))
                    .ok_or_else(|| format!("`{name}` must hold whole numbers in range"))
            }
            Some(_) => Err(format!("`{name}` must be an array")),
        }
    }
}

fn missing(name: &str) -> String {
    format!("missing field `{name}`")
}

/// An event's error under its type (`kind: e`): one formatting call for every feature.
pub fn of_kind(kind: &str, e: &str) -> String {
    format!("{kind}: {e}")
}

/// The value named `given` among `choices`.
pub fn pick<T: Copy>(given: &str, choices: &[(&str, T)]) -> Option<T> {
    choices.iter().find(|(n, _)| *n == given).map(|(_, v)| *v)
}

/// A JSON number that is whole (integers, and floats such as `1.0` that JS sends for them).
pub fn whole(v: &Json) -> Option<i64> {
    if let Some(n) = v.as_i64() {
        return Some(n);
    }
    crate::json::whole_float(v.as_f64()?)
}

/// Whether `name` is `ident` in camelCase (serde's `rename_all = "camelCase"` of a variant).
pub fn camel_is(ident: &str, name: &str) -> bool {
    let (mut a, mut b) = (ident.chars(), name.chars());
    match (a.next(), b.next()) {
        (Some(x), Some(y)) => x.to_ascii_lowercase() == y && a.eq(b),
        _ => false,
    }
}
