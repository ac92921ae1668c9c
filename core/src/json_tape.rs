//! JSON from the browser's engine into the dynamic value: `json_tape.js` parses the text with
//! `JSON.parse` and lays the value out flat (tags, numbers, strings end to end in UTF-8), and
//! this copies the three arrays and reads them in one pass: three copies per value instead of
//! several calls per field (docs/ARCHITECTURE.md "Boundary"); no JSON text parser in the wasm.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::json::{number, Json, Map};

#[wasm_bindgen(module = "/src/json_tape.js")]
extern "C" {
    #[wasm_bindgen(js_name = tapeText)]
    fn tape_text(text: &str) -> JsValue;
    #[wasm_bindgen(js_name = tapeValue)]
    fn tape_value(value: &JsValue) -> JsValue;
    #[wasm_bindgen(js_name = viewValue, catch)]
    fn view_value(text: &str) -> Result<JsValue, JsValue>;
}

/// A view value's JSON text parsed by the engine, an object's `null` members left out (the
/// view reads them as `undefined`); nulls in arrays stay.
pub fn view_from_text(text: &str) -> Option<JsValue> {
    view_value(text).ok()
}

/// Deeper values are refused (the reader recurses); the same limit as `json_tape.js`.
const MAX_DEPTH: usize = 64;

/// The tape does not match its tags: never from `json_tape.js`, refused all the same.
const BROKEN: &str = "JSON tape broken";

/// JSON text as a dynamic value. Numbers that are safe integers become integers, others
/// floats.
pub fn from_text(text: &str) -> Result<Json, String> {
    read(tape_text(text))
}

/// A plain JS value (an event, the config) as a dynamic value, copied through JSON first: a
/// cycle, a function or `undefined` is an error.
pub fn from_value(value: &JsValue) -> Result<Json, String> {
    read(tape_value(value))
}

fn read(tape: JsValue) -> Result<Json, String> {
    if let Some(reason) = tape.as_string() {
        return Err(reason);
    }
    if !js_sys::Array::is_array(&tape) {
        return Err(BROKEN.into());
    }
    let parts: js_sys::Array = tape.unchecked_into();
    // Not `dyn_into`: its `instanceof` fails on arrays made in another realm (jsdom under
    // vitest); json_tape.js always returns these types, and the reader checks what it reads.
    let tags = parts.get(0).unchecked_into::<js_sys::Uint8Array>().to_vec();
    let nums = parts
        .get(1)
        .unchecked_into::<js_sys::Float64Array>()
        .to_vec();
    let strs = parts.get(2).unchecked_into::<js_sys::Uint8Array>().to_vec();
    let strs = String::from_utf8(strs).map_err(|_| BROKEN.to_string())?;
    let mut reader = Reader {
        tags: &tags,
        nums: &nums,
        strs: &strs,
        tag: 0,
        num: 0,
        at: 0,
    };
    let value = reader.value(0)?;
    if reader.tag != reader.tags.len() {
        return Err(BROKEN.into());
    }
    Ok(value)
}

struct Reader<'a> {
    tags: &'a [u8],
    nums: &'a [f64],
    strs: &'a str,
    /// The next tag, number, and string byte.
    tag: usize,
    num: usize,
    at: usize,
}

impl Reader<'_> {
    fn next_tag(&mut self) -> Result<u8, String> {
        let t = *self.tags.get(self.tag).ok_or(BROKEN)?;
        self.tag += 1;
        Ok(t)
    }

    fn next_num(&mut self) -> Result<f64, String> {
        let n = *self.nums.get(self.num).ok_or(BROKEN)?;
        self.num += 1;
        Ok(n)
    }

    /// The next string: its length is in UTF-16 units (the engine's), the text in UTF-8. A lone
    /// surrogate arrived as U+FFFD, one unit as well.
    fn string(&mut self) -> Result<String, String> {
        let units = self.next_num()? as usize;
        let rest = self.strs.get(self.at..).ok_or(BROKEN)?;
        let (mut counted, mut end) = (0, 0);
        for c in rest.chars() {
            if counted >= units {
                break;
            }
            counted += c.len_utf16();
            end += c.len_utf8();
        }
        if counted != units {
            return Err(BROKEN.into());
        }
        self.at += end;
        Ok(rest.get(..end).ok_or(BROKEN)?.to_owned())
    }

    fn value(&mut self, depth: usize) -> Result<Json, String> {
        if depth > MAX_DEPTH {
            return Err("nested too deeply".into());
        }
        Ok(match self.next_tag()? {
            b'n' => Json::Null,
            b't' => Json::Bool(true),
            b'f' => Json::Bool(false),
            b'd' => number(self.next_num()?),
            b's' => Json::String(self.string()?),
            b'[' => {
                let mut items = Vec::new();
                while self.tags.get(self.tag) != Some(&b']') {
                    items.push(self.value(depth + 1)?);
                }
                self.tag += 1;
                Json::Array(items)
            }
            b'{' => {
                let mut map = Map::new();
                loop {
                    match self.next_tag()? {
                        b'}' => break,
                        b's' => {
                            let key = self.string()?;
                            map.insert(key, self.value(depth + 1)?);
                        }
                        _ => return Err(BROKEN.into()),
                    }
                }
                Json::Object(map)
            }
            _ => return Err(BROKEN.into()),
        })
    }
}
