//! `Json` -> any `Deserialize` type. Only the forms JSON has are offered to visitors (no
//! sequence form of structs, no byte buffers), so derived code for them is never instantiated.

use serde::de::{self, DeserializeSeed, IntoDeserializer, Visitor};
use serde::forward_to_deserialize_any;

use super::value::{Json, Map, Number};
use super::Error;

/// `deserialize_x` methods that behave as `deserialize_y`.
macro_rules! forward {
    ($to:ident: $($name:ident)*) => {
        $(fn $name<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
            self.$to(v)
        })*
    };
}

impl<'de> de::Deserializer<'de> for Json {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        match self {
            Json::Null => v.visit_unit(),
            Json::Bool(b) => v.visit_bool(b),
            Json::Number(Number::U(n)) => v.visit_u64(n),
            Json::Number(Number::I(n)) => v.visit_i64(n),
            Json::Number(Number::F(f)) => v.visit_f64(f),
            Json::String(s) => v.visit_string(s),
            Json::Array(items) => v.visit_seq(Seq(items.into_iter())),
            Json::Object(map) => v.visit_map(Entries {
                iter: map.into_iter(),
                value: None,
            }),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        match self {
            Json::Null => v.visit_none(),
            other => v.visit_some(other),
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        v: V,
    ) -> Result<V::Value, Error> {
        v.visit_newtype_struct(self)
    }

    /// `"Variant"` for a unit variant, `{"Variant": content}` for the others.
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _: &'static str,
        _: &'static [&'static str],
        v: V,
    ) -> Result<V::Value, Error> {
        match self {
            Json::String(s) => v.visit_enum(s.into_deserializer()),
            Json::Object(map) if map.len() == 1 => {
                let (variant, value) = map.into_iter().next().unwrap_or_default();
                v.visit_enum(Enum { variant, value })
            }
            _ => Err(de::Error::custom("expected an enum variant")),
        }
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        v.visit_unit()
    }

    // Each typed request calls one visitor method and otherwise fails through one shared,
    // non-generic function: `deserialize_any` would instantiate every visit_* error path of
    // every derived visitor.
    fn deserialize_bool<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        match self {
            Json::Bool(b) => v.visit_bool(b),
            other => Err(mismatch(&other, "a boolean")),
        }
    }
    fn deserialize_u64<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        match self {
            Json::Number(Number::U(n)) => v.visit_u64(n),
            Json::Number(Number::I(n)) => v.visit_i64(n),
            // `1.0` is the integer 1 to JavaScript, which may have written it.
            Json::Number(Number::F(f)) if f.fract() == 0.0 && f.abs() < 9e15 => {
                v.visit_i64(f as i64)
            }
            other => Err(mismatch(&other, "an integer")),
        }
    }
    fn deserialize_f64<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        match self {
            Json::Number(n) => v.visit_f64(n.as_f64()),
            other => Err(mismatch(&other, "a number")),
        }
    }
    fn deserialize_string<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        match self {
            Json::String(s) => v.visit_string(s),
            other => Err(mismatch(&other, "a string")),
        }
    }
    fn deserialize_unit<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        match self {
            Json::Null => v.visit_unit(),
            other => Err(mismatch(&other, "null")),
        }
    }
    fn deserialize_seq<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        match self {
            Json::Array(items) => v.visit_seq(Seq(items.into_iter())),
            other => Err(mismatch(&other, "an array")),
        }
    }
    fn deserialize_map<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        match self {
            Json::Object(map) => v.visit_map(Entries {
                iter: map.into_iter(),
                value: None,
            }),
            other => Err(mismatch(&other, "an object")),
        }
    }
    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        _: &'static [&'static str],
        v: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_map(v)
    }
    fn deserialize_tuple<V: Visitor<'de>>(self, _: usize, v: V) -> Result<V::Value, Error> {
        self.deserialize_seq(v)
    }
    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        _: usize,
        v: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_seq(v)
    }
    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        v: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_unit(v)
    }

    forward_to_deserialize_any! {
        i128 u128 bytes byte_buf
    }
    forward! { deserialize_u64: deserialize_u8 deserialize_u16 deserialize_u32 deserialize_i8
    deserialize_i16 deserialize_i32 deserialize_i64 }
    forward! { deserialize_f64: deserialize_f32 }
    forward! { deserialize_string: deserialize_str deserialize_char deserialize_identifier }
}

/// "invalid type: a string, expected an object": one copy of the error text for all types.
#[inline(never)]
fn mismatch(got: &Json, expected: &str) -> Error {
    let got = match got {
        Json::Null => "null",
        Json::Bool(_) => "a boolean",
        Json::Number(_) => "a number",
        Json::String(_) => "a string",
        Json::Array(_) => "an array",
        Json::Object(_) => "an object",
    };
    Error(format!("invalid type: {got}, expected {expected}"))
}

impl<'de> IntoDeserializer<'de, Error> for Json {
    type Deserializer = Json;
    fn into_deserializer(self) -> Json {
        self
    }
}

struct Seq(std::vec::IntoIter<Json>);

impl<'de> de::SeqAccess<'de> for Seq {
    type Error = Error;
    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        self.0.next().map(|v| seed.deserialize(v)).transpose()
    }
    fn size_hint(&self) -> Option<usize> {
        Some(self.0.len())
    }
}

struct Entries {
    iter: <Map as IntoIterator>::IntoIter,
    value: Option<Json>,
}

impl<'de> de::MapAccess<'de> for Entries {
    type Error = Error;
    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        match self.iter.next() {
            Some((k, v)) => {
                self.value = Some(v);
                seed.deserialize(Json::String(k)).map(Some)
            }
            None => Ok(None),
        }
    }
    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        seed.deserialize(self.value.take().unwrap_or_default())
    }
    fn size_hint(&self) -> Option<usize> {
        Some(self.iter.len())
    }
}

struct Enum {
    variant: String,
    value: Json,
}

impl<'de> de::EnumAccess<'de> for Enum {
    type Error = Error;
    type Variant = Json;
    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, Json), Error> {
        Ok((seed.deserialize(Json::String(self.variant))?, self.value))
    }
}

impl<'de> de::VariantAccess<'de> for Json {
    type Error = Error;
    fn unit_variant(self) -> Result<(), Error> {
        Ok(())
    }
    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, Error> {
        seed.deserialize(self)
    }
    fn tuple_variant<V: Visitor<'de>>(self, _: usize, v: V) -> Result<V::Value, Error> {
        de::Deserializer::deserialize_seq(self, v)
    }
    fn struct_variant<V: Visitor<'de>>(
        self,
        _: &'static [&'static str],
        v: V,
    ) -> Result<V::Value, Error> {
        de::Deserializer::deserialize_map(self, v)
    }
}

/// `Json` inside other wire types (free-form payloads, rule params).
impl<'de> de::Deserialize<'de> for Json {
    fn deserialize<D: de::Deserializer<'de>>(d: D) -> Result<Json, D::Error> {
        d.deserialize_any(JsonVisitor)
    }
}

struct JsonVisitor;

impl<'de> Visitor<'de> for JsonVisitor {
    type Value = Json;
    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("JSON")
    }
    fn visit_unit<E>(self) -> Result<Json, E> {
        Ok(Json::Null)
    }
    fn visit_none<E>(self) -> Result<Json, E> {
        Ok(Json::Null)
    }
    fn visit_some<D: de::Deserializer<'de>>(self, d: D) -> Result<Json, D::Error> {
        d.deserialize_any(self)
    }
    fn visit_bool<E>(self, b: bool) -> Result<Json, E> {
        Ok(Json::Bool(b))
    }
    fn visit_u64<E>(self, n: u64) -> Result<Json, E> {
        Ok(Json::Number(Number::U(n)))
    }
    fn visit_i64<E>(self, n: i64) -> Result<Json, E> {
        Ok(Json::from(n))
    }
    fn visit_f64<E>(self, f: f64) -> Result<Json, E> {
        Ok(Json::Number(Number::F(f)))
    }
    fn visit_str<E>(self, s: &str) -> Result<Json, E> {
        Ok(Json::String(s.to_string()))
    }
    fn visit_string<E>(self, s: String) -> Result<Json, E> {
        Ok(Json::String(s))
    }
    fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Json, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element()? {
            items.push(item);
        }
        Ok(Json::Array(items))
    }
    fn visit_map<A: de::MapAccess<'de>>(self, mut access: A) -> Result<Json, A::Error> {
        let mut map = Map::new();
        while let Some((k, v)) = access.next_entry::<String, Json>()? {
            map.insert(k, v);
        }
        Ok(Json::Object(map))
    }
}

impl serde::Serialize for Json {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::{SerializeMap, SerializeSeq};
        match self {
            Json::Null => s.serialize_unit(),
            Json::Bool(b) => s.serialize_bool(*b),
            Json::Number(Number::U(n)) => s.serialize_u64(*n),
            Json::Number(Number::I(n)) => s.serialize_i64(*n),
            Json::Number(Number::F(f)) => s.serialize_f64(*f),
            Json::String(v) => s.serialize_str(v),
            Json::Array(items) => {
                let mut seq = s.serialize_seq(Some(items.len()))?;
                for item in items {
                    seq.serialize_element(item)?;
                }
                seq.end()
            }
            Json::Object(map) => {
                let mut m = s.serialize_map(Some(map.len()))?;
                for (k, v) in map.iter() {
                    m.serialize_entry(k, v)?;
                }
                m.end()
            }
        }
    }
}
