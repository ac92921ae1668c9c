//! View intents read by hand from the dynamic `Json` value. serde's derived reader for the
//! internally tagged event enums buffered every event through its `Content` type and cost
//! ~37 KB of wasm (docs/ARCHITECTURE.md "Size"); these few readers are shared by every event.
//! The enums keep their `#[serde(tag = "type", …)]` attributes for tsify's TypeScript type.

use crate::json::Json;
use std::cell::Cell;

/// The fields of one view event, `{type, …}`. A reader that finds its field missing or of
/// the wrong type notes the first such fault and gives an empty value; the caller reports the
/// fault once the event is read ([`Fields::fault`]). Returning a `Result` per field cost a
/// branch and the drop of the fields read so far at each of ~60 reads (the size budget).
pub struct Fields<'a> {
    value: &'a Json,
    fault: Cell<Option<String>>,
}

impl<'a> Fields<'a> {
    pub fn new(value: &'a Json) -> Fields<'a> {
        Fields {
            value,
            fault: Cell::new(None),
        }
    }

    /// The first field at fault, naming it (the event must then be refused).
    pub fn fault(&self) -> Option<String> {
        self.fault.take()
    }

    /// Keeps the first fault only: that is the one reading stopped at.
    #[inline(never)]
    fn fail(&self, e: String) {
        let first = self.fault.take().unwrap_or(e);
        self.fault.set(Some(first));
    }

    /// The field, or None when absent or `null` (serde's `Option` rule).
    pub fn raw(&self, name: &str) -> Option<&'a Json> {
        self.value.get(name).filter(|v| !v.is_null())
    }

    pub fn text(&self, name: &str) -> String {
        match self.opt_text(name) {
            Some(s) => s,
            None => {
                self.fail(missing(name));
                String::new()
            }
        }
    }

    pub fn opt_text(&self, name: &str) -> Option<String> {
        match self.raw(name) {
            None => None,
            Some(Json::String(s)) => Some(s.clone()),
            Some(_) => {
                self.fail(format!("`{name}` must be a string"));
                None
            }
        }
    }

    /// A whole number in `T`'s range (`1.0` counts, as in JS).
    pub fn int<T: TryFrom<i64> + Default>(&self, name: &str) -> T {
        match self.opt_int(name) {
            Some(n) => n,
            None => {
                self.fail(missing(name));
                T::default()
            }
        }
    }

    pub fn opt_int<T: TryFrom<i64>>(&self, name: &str) -> Option<T> {
        let n = T::try_from(self.opt_whole(name)?).ok();
        if n.is_none() {
            self.out_of_range(name);
        }
        n
    }

    /// The part of [`Fields::opt_int`] that is the same for every `T`.
    #[inline(never)]
    fn opt_whole(&self, name: &str) -> Option<i64> {
        let n = whole(self.raw(name)?);
        if n.is_none() {
            self.out_of_range(name);
        }
        n
    }

    #[inline(never)]
    fn out_of_range(&self, name: &str) {
        self.fail(format!("`{name}` must be a whole number in range"));
    }

    pub fn flag(&self, name: &str) -> bool {
        match self.raw(name).map(Json::as_bool) {
            Some(Some(b)) => b,
            Some(None) => {
                self.fail(format!("`{name}` must be true or false"));
                false
            }
            None => {
                self.fail(missing(name));
                false
            }
        }
    }

    /// A string field naming one of `choices`.
    pub fn choice<T: Copy>(&self, name: &str, choices: &[(&str, T)]) -> Result<T, String> {
        let Some(given) = self.opt_text(name) else {
            return Err(self.fault().unwrap_or_else(|| missing(name)));
        };
        pick(&given, choices).ok_or_else(|| format!("unknown `{name}` {given}"))
    }

    /// An array of strings; absent is empty.
    pub fn texts(&self, name: &str) -> Vec<String> {
        let mut out = Vec::new();
        match self.raw(name) {
            None => {}
            Some(Json::Array(items)) => {
                for i in items {
                    let Some(s) = i.as_str() else {
                        self.fail(format!("`{name}` must hold strings"));
                        return Vec::new();
                    };
                    out.push(s.to_owned());
                }
            }
            Some(_) => self.fail(format!("`{name}` must be an array")),
        }
        out
    }

    /// A required array of whole numbers: absent is a fault, not "none of them".
    pub fn needed_ints<T: TryFrom<i64>>(&self, name: &str) -> Vec<T> {
        if self.raw(name).is_none() {
            self.fail(missing(name));
        }
        self.ints(name)
    }

    /// An array of whole numbers in `T`'s range (ids, codes); absent is empty.
    pub fn ints<T: TryFrom<i64>>(&self, name: &str) -> Vec<T> {
        match self.raw(name) {
            None => Vec::new(),
            Some(Json::Array(items)) => items
                .iter()
                .map(|v| whole(v).and_then(|n| T::try_from(n).ok()))
                .collect::<Option<Vec<_>>>()
                .unwrap_or_else(|| {
                    self.fail(format!("`{name}` must hold whole numbers in range"));
                    Vec::new()
                }),
            Some(_) => {
                self.fail(format!("`{name}` must be an array"));
                Vec::new()
            }
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
