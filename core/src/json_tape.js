// JSON for the core (json_tape.rs): the engine parses the text, and this walk lays the value
// out flat in three arrays the core copies and reads in one pass: a tag per value, the numbers
// (and every string's length in UTF-16 units), and the strings end to end in UTF-8. Three
// copies into the wasm per value instead of several calls per field: a 50 KB object of texts
// read field by field from the wasm took ~10 ms on a desktop, ~40 ms on a phone
// (docs/ARCHITECTURE.md "Boundary"). Bytes, not JS strings, cross: wasm-bindgen copies a
// string with a JS loop, slow on a first call. Tags: n null, t true, f false, d number,
// s string, [ ] array, { } object (a key's `s`, then its value). A string is an error's reason.

/** Deeper values are refused: the core's reader recurses. The same limit as json_tape.rs. */
const MAX_DEPTH = 64;

const [NULL, TRUE, FALSE, NUMBER, STRING, ARRAY, ARRAY_END, OBJECT, OBJECT_END] = [..."ntfds[]{}"].map((c) => c.charCodeAt(0));
const utf8 = new TextEncoder();

function flatten(value) {
  const tags = [];
  const nums = [];
  const strs = [];
  const text = (s) => {
    tags.push(STRING);
    nums.push(s.length);
    strs.push(s);
  };
  const walk = (v, depth) => {
    if (depth > MAX_DEPTH) throw new RangeError("nested too deeply");
    if (v === null) tags.push(NULL);
    else if (v === true) tags.push(TRUE);
    else if (v === false) tags.push(FALSE);
    else if (typeof v === "number") {
      tags.push(NUMBER);
      nums.push(v);
    } else if (typeof v === "string") text(v);
    else if (Array.isArray(v)) {
      tags.push(ARRAY);
      for (const item of v) walk(item, depth + 1);
      tags.push(ARRAY_END);
    } else {
      tags.push(OBJECT);
      for (const key of Object.keys(v)) {
        text(key);
        walk(v[key], depth + 1);
      }
      tags.push(OBJECT_END);
    }
  };
  walk(value, 0);
  return [Uint8Array.from(tags), Float64Array.from(nums), utf8.encode(strs.join(""))];
}

/** JSON text, parsed by the engine and laid out flat. */
export function tapeText(text) {
  try {
    return flatten(JSON.parse(text));
  } catch (error) {
    return error instanceof RangeError ? "nested too deeply" : "not JSON";
  }
}

/** A plain JS value (an event, the config), copied through JSON first: a cycle or an exotic
 * object (a DOM event passed by mistake) is an error here, and what JSON drops is dropped. */
export function tapeValue(value) {
  let text;
  try {
    text = JSON.stringify(value);
  } catch {
    return "not JSON";
  }
  return text === undefined ? "not JSON" : tapeText(text);
}

/** A view slice's JSON text (serde_json's) as a plain value: an object's `null` members are
 * left out, so the view reads them as `undefined` as its TypeScript types (`T | undefined`)
 * say; nulls in arrays stay. */
export function viewValue(text) {
  return JSON.parse(text, function (key, value) {
    return value === null && !Array.isArray(this) ? undefined : value;
  });
}
