//! Compact JSON text straight from `Serialize` (view slices, request bodies), handed to the
//! browser's `JSON.parse`. serde_json's value serializer built a `Value` tree first (a key
//! `String` and a map insert per field, per slice type): this writer is a fraction of its
//! code in the wasm (docs/ARCHITECTURE.md "Size"). Native builds compare it with serde_json.

use serde::ser::{self, Serialize};
use std::fmt;

/// A value that has no JSON form here (a map key that is not a string or a number, or a
/// `Serialize` impl's own error). No payload: every `?` in the derived code stays a 1-byte
/// check (the size budget).
#[derive(Debug)]
pub struct Error;

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a value with no JSON form")
    }
}

impl std::error::Error for Error {}

impl ser::Error for Error {
    fn custom<T: fmt::Display>(_msg: T) -> Self {
        Error
    }
}

/// `value` as compact JSON text. With `omit_nulls`, a struct field or map entry whose value
/// is `null` is left out (the view reads a missing field as `undefined`, as the view's
/// TypeScript types say `T | undefined`).
pub fn to_text<T: Serialize + ?Sized>(value: &T, omit_nulls: bool) -> Result<String, Error> {
    let mut w = Writer {
        out: String::with_capacity(128),
        omit_nulls,
    };
    value.serialize(&mut w)?;
    Ok(w.out)
}

pub struct Writer {
    out: String,
    omit_nulls: bool,
}

impl Writer {
    fn string(&mut self, s: &str) {
        self.out.push('"');
        let mut start = 0;
        for (i, b) in s.bytes().enumerate() {
            let esc = match b {
                b'"' => "\\\"",
                b'\\' => "\\\\",
                b'\n' => "\\n",
                b'\r' => "\\r",
                b'\t' => "\\t",
                0..=0x1f => "",
                _ => continue,
            };
            self.out.push_str(s.get(start..i).unwrap_or_default());
            if esc.is_empty() {
                self.out.push_str("\\u00");
                for nibble in [b >> 4, b & 0xf] {
                    self.out
                        .push(char::from_digit(nibble.into(), 16).unwrap_or('0'));
                }
            } else {
                self.out.push_str(esc);
            }
            start = i + 1;
        }
        self.out.push_str(s.get(start..).unwrap_or_default());
        self.out.push('"');
    }

    fn unsigned(&mut self, mut n: u64) {
        let mut buf = [0u8; 20];
        let mut i = buf.len();
        loop {
            i -= 1;
            if let Some(d) = buf.get_mut(i) {
                *d = b'0' + (n % 10) as u8;
            }
            n /= 10;
            if n == 0 || i == 0 {
                break;
            }
        }
        for d in buf.get(i..).unwrap_or_default() {
            self.out.push(char::from(*d));
        }
    }

    fn signed(&mut self, n: i64) {
        if n < 0 {
            self.out.push('-');
        }
        self.unsigned(n.unsigned_abs());
    }

    fn float(&mut self, f: f64) {
        const SAFE: f64 = 9_007_199_254_740_991.0;
        if !f.is_finite() {
            // As serde_json: NaN and the infinities have no JSON form.
            self.out.push_str("null");
        } else if f.fract() == 0.0 && f.abs() <= SAFE {
            // Exact: a whole float in the safe range.
            self.signed(f as i64);
        } else {
            self.out.push_str(&float_text(f));
        }
    }

    /// Every derived `serialize` opens its object or array here.
    fn open(&mut self, bracket: char) -> Compound<'_> {
        self.out.push(bracket);
        Compound {
            w: self,
            first: true,
            mark: 0,
            at: 0,
        }
    }
}

/// A fractional float as JSON text: the engine's shortest round-trip form in the browser
/// (keeps Rust's float printer out of the wasm), Rust's natively (never an exponent).
#[cfg(target_arch = "wasm32")]
pub(crate) fn float_text(f: f64) -> String {
    js_sys::Number::from(f)
        .to_string_with_radix(10)
        .ok()
        .and_then(|s| s.as_string())
        .unwrap_or_else(|| "null".into())
}

#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn float_text(f: f64) -> String {
    f.to_string()
}

/// A sequence or an object being written.
pub struct Compound<'a> {
    w: &'a mut Writer,
    first: bool,
    /// Where the field being written began, and where its value begins (kept here rather
    /// than returned, so each field type's `field` is only three calls).
    mark: usize,
    at: usize,
}

impl Compound<'_> {
    fn comma(&mut self) {
        if !self.first {
            self.w.out.push(',');
        }
    }

    fn element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.next();
        value.serialize(&mut *self.w)
    }

    /// Before an element.
    fn next(&mut self) {
        self.comma();
        self.first = false;
    }

    /// `,"key":` (no comma first); notes where the field began and where its value begins.
    fn key(&mut self, key: &str) {
        self.mark = self.w.out.len();
        self.comma();
        self.w.string(key);
        self.w.out.push(':');
        self.at = self.w.out.len();
    }

    /// After a field's value: the whole field is taken back when the value is `null` and
    /// nulls are omitted.
    fn end_field(&mut self, done: Result<(), Error>) -> Result<(), Error> {
        done?;
        if self.w.omit_nulls && self.w.out.get(self.at..) == Some("null") {
            self.w.out.truncate(self.mark);
        } else {
            self.first = false;
        }
        Ok(())
    }

    fn field<T: Serialize + ?Sized>(&mut self, key: &str, value: &T) -> Result<(), Error> {
        self.key(key);
        let done = value.serialize(&mut *self.w);
        self.end_field(done)
    }

    /// A map key written from `at` on: a string stays, a number or boolean is quoted.
    fn quote_key(&mut self, at: usize) -> Result<(), Error> {
        let written = self.w.out.get(at..).unwrap_or_default();
        if written.starts_with('"') {
            return Ok(());
        }
        if written.is_empty() || written.contains(['{', '[', '"']) || written == "null" {
            return Err(Error);
        }
        self.w.out.insert(at, '"');
        self.w.out.push('"');
        Ok(())
    }

    fn close(self, bracket: char) -> Result<(), Error> {
        self.w.out.push(bracket);
        Ok(())
    }
}

impl<'a> ser::Serializer for &'a mut Writer {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Compound<'a>;
    type SerializeTuple = Compound<'a>;
    type SerializeTupleStruct = Compound<'a>;
    type SerializeTupleVariant = Compound<'a>;
    type SerializeMap = MapWriter<'a>;
    type SerializeStruct = Compound<'a>;
    type SerializeStructVariant = Compound<'a>;

    fn serialize_bool(self, v: bool) -> Result<(), Error> {
        self.out.push_str(if v { "true" } else { "false" });
        Ok(())
    }
    fn serialize_i8(self, v: i8) -> Result<(), Error> {
        self.serialize_i64(v.into())
    }
    fn serialize_i16(self, v: i16) -> Result<(), Error> {
        self.serialize_i64(v.into())
    }
    fn serialize_i32(self, v: i32) -> Result<(), Error> {
        self.serialize_i64(v.into())
    }
    fn serialize_i64(self, v: i64) -> Result<(), Error> {
        self.signed(v);
        Ok(())
    }
    fn serialize_u8(self, v: u8) -> Result<(), Error> {
        self.serialize_u64(v.into())
    }
    fn serialize_u16(self, v: u16) -> Result<(), Error> {
        self.serialize_u64(v.into())
    }
    fn serialize_u32(self, v: u32) -> Result<(), Error> {
        self.serialize_u64(v.into())
    }
    fn serialize_u64(self, v: u64) -> Result<(), Error> {
        self.unsigned(v);
        Ok(())
    }
    fn serialize_f32(self, v: f32) -> Result<(), Error> {
        self.serialize_f64(v.into())
    }
    fn serialize_f64(self, v: f64) -> Result<(), Error> {
        self.float(v);
        Ok(())
    }
    fn serialize_char(self, v: char) -> Result<(), Error> {
        self.string(v.encode_utf8(&mut [0; 4]));
        Ok(())
    }
    fn serialize_str(self, v: &str) -> Result<(), Error> {
        self.string(v);
        Ok(())
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<(), Error> {
        use ser::SerializeSeq;
        let mut seq = self.open('[');
        for b in v {
            seq.serialize_element(b)?;
        }
        seq.close(']')
    }
    fn serialize_none(self) -> Result<(), Error> {
        self.serialize_unit()
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), Error> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<(), Error> {
        self.out.push_str("null");
        Ok(())
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<(), Error> {
        self.serialize_unit()
    }
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<(), Error> {
        self.string(variant);
        Ok(())
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        let mut obj = self.open('{');
        obj.field(variant, value)?;
        obj.close('}')
    }
    fn serialize_seq(self, _len: Option<usize>) -> Result<Compound<'a>, Error> {
        Ok(self.open('['))
    }
    /// Every `Vec` field: a plain loop (serde's default goes through `try_for_each`, one
    /// more instantiation per element type).
    fn collect_seq<I>(self, iter: I) -> Result<(), Error>
    where
        I: IntoIterator,
        I::Item: Serialize,
    {
        let mut seq = self.open('[');
        for item in iter {
            seq.element(&item)?;
        }
        seq.close(']')
    }
    fn serialize_tuple(self, _len: usize) -> Result<Compound<'a>, Error> {
        Ok(self.open('['))
    }
    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        _len: usize,
    ) -> Result<Compound<'a>, Error> {
        Ok(self.open('['))
    }
    /// `{"variant":[...]}`: the object is closed by `end`.
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Compound<'a>, Error> {
        self.out.push('{');
        self.string(variant);
        self.out.push(':');
        Ok(self.open('['))
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<MapWriter<'a>, Error> {
        Ok(MapWriter {
            obj: self.open('{'),
        })
    }
    fn serialize_struct(self, _name: &'static str, _len: usize) -> Result<Compound<'a>, Error> {
        Ok(self.open('{'))
    }
    /// `{"variant":{...}}`: the outer object is closed by `end`.
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Compound<'a>, Error> {
        self.out.push('{');
        self.string(variant);
        self.out.push(':');
        Ok(self.open('{'))
    }
}

impl ser::SerializeSeq for Compound<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.element(value)
    }
    fn end(self) -> Result<(), Error> {
        self.close(']')
    }
}

impl ser::SerializeTuple for Compound<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.element(value)
    }
    fn end(self) -> Result<(), Error> {
        self.close(']')
    }
}

impl ser::SerializeTupleStruct for Compound<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.element(value)
    }
    fn end(self) -> Result<(), Error> {
        self.close(']')
    }
}

impl ser::SerializeTupleVariant for Compound<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.element(value)
    }
    fn end(self) -> Result<(), Error> {
        self.w.out.push(']');
        self.close('}')
    }
}

impl ser::SerializeStruct for Compound<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        self.field(key, value)
    }
    fn end(self) -> Result<(), Error> {
        self.close('}')
    }
}

impl ser::SerializeStructVariant for Compound<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        self.field(key, value)
    }
    fn end(self) -> Result<(), Error> {
        self.w.out.push('}');
        self.close('}')
    }
}

/// An object whose keys are written by their own `Serialize`: strings as they are, numbers
/// and booleans quoted (as serde_json does); any other key is an error.
pub struct MapWriter<'a> {
    obj: Compound<'a>,
}

impl ser::SerializeMap for MapWriter<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Error> {
        self.obj.mark = self.obj.w.out.len();
        self.obj.comma();
        let at = self.obj.w.out.len();
        key.serialize(&mut *self.obj.w)?;
        self.obj.quote_key(at)
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.obj.w.out.push(':');
        self.obj.at = self.obj.w.out.len();
        let done = value.serialize(&mut *self.obj.w);
        self.obj.end_field(done)
    }
    fn end(self) -> Result<(), Error> {
        self.obj.close('}')
    }
}
