//! JSON for the core: our own value type, parser, text writer and serde adapters. The same
//! code runs natively and in the browser, and keeps serde_json and serde-wasm-bindgen (tens of
//! KB of generic code per wire type) out of the wasm. JavaScript values cross the boundary as
//! JSON text through the engine's `JSON.parse`/`JSON.stringify` (see `runtime::js`).

mod de;
mod parse;
mod value;
mod write;

use std::fmt;

use serde::de::DeserializeOwned;
use serde::Serialize;

pub use parse::parse;
pub use value::{Json, Map, Number};

/// Why a value could not be read or written; a short reason for logs.
#[derive(Debug, PartialEq)]
pub struct Error(String);

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

impl serde::de::Error for Error {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        Error(msg.to_string())
    }
    // serde's own texts print the unexpected value, which drags a float printer into the wasm;
    // the kind of value is enough for a log line.
    fn invalid_type(got: serde::de::Unexpected, expected: &dyn serde::de::Expected) -> Self {
        Error(format!("invalid type: {}, expected {expected}", kind(got)))
    }
    fn invalid_value(got: serde::de::Unexpected, expected: &dyn serde::de::Expected) -> Self {
        Error(format!("invalid value: {}, expected {expected}", kind(got)))
    }
}

fn kind(got: serde::de::Unexpected) -> &'static str {
    use serde::de::Unexpected as U;
    match got {
        U::Bool(_) => "a boolean",
        U::Unsigned(_) | U::Signed(_) | U::Float(_) => "a number",
        U::Char(_) | U::Str(_) => "a string",
        U::Unit => "null",
        U::Option => "an option",
        U::Seq => "an array",
        U::Map => "an object",
        U::Enum | U::UnitVariant | U::NewtypeVariant | U::TupleVariant | U::StructVariant => {
            "an enum variant"
        }
        _ => "another value",
    }
}

impl serde::ser::Error for Error {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        Error(msg.to_string())
    }
}

/// Parse JSON text into `T`; the error is a short reason for logs.
pub fn from_str<T: DeserializeOwned>(text: &str) -> Result<T, String> {
    from_json(parse(text)?)
}

/// A parsed value into `T`.
pub fn from_json<T: DeserializeOwned>(json: Json) -> Result<T, String> {
    T::deserialize(json).map_err(|e| e.0)
}

/// `value` as compact JSON text (maps as objects, `None` struct fields left out), or None if
/// its `Serialize` impl fails.
pub fn to_string<T: ?Sized + Serialize>(value: &T) -> Option<String> {
    let mut out = String::new();
    value.serialize(&mut write::Writer { out: &mut out }).ok()?;
    Some(out)
}

/// `value` as a `Json` tree.
pub fn to_json<T: ?Sized + Serialize>(value: &T) -> Option<Json> {
    parse(&to_string(value)?).ok()
}

#[cfg(test)]
mod tests;
