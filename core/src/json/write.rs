//! Any `Serialize` value -> compact JSON text. A small text writer instead of a serializer that
//! builds JS objects call by call: far less wasm per serialized type. Struct fields that are
//! `None` are left out, so JavaScript reads them as `undefined` (as before).

use serde::ser::{self, Serialize};

use super::value::Number;
use super::Error;

pub struct Writer<'a> {
    pub out: &'a mut String,
}

type R = Result<(), Error>;

pub fn string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                out.push_str("\\u00");
                out.push(HEX[(c as usize) >> 4] as char);
                out.push(HEX[(c as usize) & 15] as char);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

fn uint(out: &mut String, mut n: u64) {
    let mut buf = [0u8; 20];
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend(buf[i..].iter().map(|&b| b as char));
}

pub fn number(out: &mut String, n: Number) {
    match n {
        Number::U(n) => uint(out, n),
        Number::I(n) => {
            if n < 0 {
                out.push('-');
            }
            uint(out, n.unsigned_abs());
        }
        Number::F(f) if !f.is_finite() => out.push_str("null"),
        // Whole numbers print as integers, like JSON.stringify.
        Number::F(f) if f.fract() == 0.0 && f.abs() < 9e15 => number(out, Number::I(f as i64)),
        Number::F(f) => out.push_str(&float(f)),
    }
}

/// The engine formats fractions in the browser (no float printer in the wasm).
fn float(f: f64) -> String {
    #[cfg(target_arch = "wasm32")]
    {
        String::from(
            js_sys::Number::from(f)
                .to_string_with_radix(10)
                .unwrap_or_else(|_| "0".into()),
        )
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        f.to_string()
    }
}

/// A sequence, map or struct being written; `first` decides the comma.
pub struct Compound<'w, 'a> {
    w: &'w mut Writer<'a>,
    first: bool,
    close: &'static str,
}

impl<'w, 'a> Compound<'w, 'a> {
    fn comma(&mut self) {
        if !std::mem::take(&mut self.first) {
            self.w.out.push(',');
        }
    }
    fn elem<T: ?Sized + Serialize>(&mut self, v: &T) -> R {
        self.comma();
        v.serialize(&mut *self.w)
    }
    fn key(&mut self, k: &str) {
        self.comma();
        string(self.w.out, k);
        self.w.out.push(':');
    }
    fn end(self) -> R {
        self.w.out.push_str(self.close);
        Ok(())
    }
}

impl<'w, 'a> Writer<'a> {
    fn open(&'w mut self, open: &str, close: &'static str) -> Compound<'w, 'a> {
        self.out.push_str(open);
        Compound {
            w: self,
            first: true,
            close,
        }
    }
    /// `{"variant":` ... closed by `}}` or `]}`.
    fn variant(&'w mut self, variant: &str, open: &str, close: &'static str) -> Compound<'w, 'a> {
        self.out.push('{');
        string(self.out, variant);
        self.out.push(':');
        self.open(open, close)
    }
}

impl<'w, 'a> ser::Serializer for &'w mut Writer<'a> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Compound<'w, 'a>;
    type SerializeTuple = Compound<'w, 'a>;
    type SerializeTupleStruct = Compound<'w, 'a>;
    type SerializeTupleVariant = Compound<'w, 'a>;
    type SerializeMap = Compound<'w, 'a>;
    type SerializeStruct = Compound<'w, 'a>;
    type SerializeStructVariant = Compound<'w, 'a>;

    fn serialize_bool(self, v: bool) -> R {
        self.out.push_str(if v { "true" } else { "false" });
        Ok(())
    }
    fn serialize_i8(self, v: i8) -> R {
        self.serialize_i64(v.into())
    }
    fn serialize_i16(self, v: i16) -> R {
        self.serialize_i64(v.into())
    }
    fn serialize_i32(self, v: i32) -> R {
        self.serialize_i64(v.into())
    }
    fn serialize_i64(self, v: i64) -> R {
        number(self.out, Number::I(v));
        Ok(())
    }
    fn serialize_u8(self, v: u8) -> R {
        self.serialize_u64(v.into())
    }
    fn serialize_u16(self, v: u16) -> R {
        self.serialize_u64(v.into())
    }
    fn serialize_u32(self, v: u32) -> R {
        self.serialize_u64(v.into())
    }
    fn serialize_u64(self, v: u64) -> R {
        number(self.out, Number::U(v));
        Ok(())
    }
    fn serialize_f32(self, v: f32) -> R {
        self.serialize_f64(v.into())
    }
    fn serialize_f64(self, v: f64) -> R {
        number(self.out, Number::F(v));
        Ok(())
    }
    fn serialize_char(self, v: char) -> R {
        string(self.out, v.encode_utf8(&mut [0; 4]));
        Ok(())
    }
    fn serialize_str(self, v: &str) -> R {
        string(self.out, v);
        Ok(())
    }
    fn serialize_bytes(self, v: &[u8]) -> R {
        let mut seq = self.open("[", "]");
        for b in v {
            seq.elem(b)?;
        }
        seq.end()
    }
    fn serialize_none(self) -> R {
        self.serialize_unit()
    }
    fn serialize_some<T: ?Sized + Serialize>(self, v: &T) -> R {
        v.serialize(self)
    }
    fn serialize_unit(self) -> R {
        self.out.push_str("null");
        Ok(())
    }
    fn serialize_unit_struct(self, _: &'static str) -> R {
        self.serialize_unit()
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, variant: &'static str) -> R {
        self.serialize_str(variant)
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(self, _: &'static str, v: &T) -> R {
        v.serialize(self)
    }
    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        v: &T,
    ) -> R {
        let c = self.variant(variant, "", "}");
        v.serialize(&mut *c.w)?;
        c.end()
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, Error> {
        Ok(self.open("[", "]"))
    }
    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, Error> {
        Ok(self.open("[", "]"))
    }
    fn serialize_tuple_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleStruct, Error> {
        Ok(self.open("[", "]"))
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, Error> {
        Ok(self.variant(variant, "[", "]}"))
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, Error> {
        Ok(self.open("{", "}"))
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self::SerializeStruct, Error> {
        Ok(self.open("{", "}"))
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, Error> {
        Ok(self.variant(variant, "{", "}}"))
    }
}

impl ser::SerializeSeq for Compound<'_, '_> {
    type Ok = ();
    type Error = Error;
    fn serialize_element<T: ?Sized + Serialize>(&mut self, v: &T) -> R {
        self.elem(v)
    }
    fn end(self) -> R {
        Compound::end(self)
    }
}

impl ser::SerializeTuple for Compound<'_, '_> {
    type Ok = ();
    type Error = Error;
    fn serialize_element<T: ?Sized + Serialize>(&mut self, v: &T) -> R {
        self.elem(v)
    }
    fn end(self) -> R {
        Compound::end(self)
    }
}

impl ser::SerializeTupleStruct for Compound<'_, '_> {
    type Ok = ();
    type Error = Error;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, v: &T) -> R {
        self.elem(v)
    }
    fn end(self) -> R {
        Compound::end(self)
    }
}

impl ser::SerializeTupleVariant for Compound<'_, '_> {
    type Ok = ();
    type Error = Error;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, v: &T) -> R {
        self.elem(v)
    }
    fn end(self) -> R {
        Compound::end(self)
    }
}

impl ser::SerializeMap for Compound<'_, '_> {
    type Ok = ();
    type Error = Error;
    /// Keys are written as values, then quoted when they are not strings (numbers, bools).
    fn serialize_key<T: ?Sized + Serialize>(&mut self, k: &T) -> R {
        self.comma();
        let start = self.w.out.len();
        k.serialize(&mut *self.w)?;
        if !self.w.out[start..].starts_with('"') {
            self.w.out.insert(start, '"');
            self.w.out.push('"');
        }
        self.w.out.push(':');
        Ok(())
    }
    fn serialize_value<T: ?Sized + Serialize>(&mut self, v: &T) -> R {
        v.serialize(&mut *self.w)
    }
    fn end(self) -> R {
        Compound::end(self)
    }
}

impl ser::SerializeStruct for Compound<'_, '_> {
    type Ok = ();
    type Error = Error;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, k: &'static str, v: &T) -> R {
        let (start, first) = (self.w.out.len(), self.first);
        self.key(k);
        let value = self.w.out.len();
        v.serialize(&mut *self.w)?;
        if &self.w.out[value..] == "null" {
            // A `None` field: leave the key out (undefined in JS).
            self.w.out.truncate(start);
            self.first = first;
        }
        Ok(())
    }
    fn end(self) -> R {
        Compound::end(self)
    }
}

impl ser::SerializeStructVariant for Compound<'_, '_> {
    type Ok = ();
    type Error = Error;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, k: &'static str, v: &T) -> R {
        ser::SerializeStruct::serialize_field(self, k, v)
    }
    fn end(self) -> R {
        Compound::end(self)
    }
}
