// JSON from the core to the view (json_js.rs): a view slice's JSON text (serde_json's) parsed
// by the engine.

/** A view slice's JSON text as a plain value: an object's `null` members are left out, so the
 * view reads them as `undefined` as its TypeScript types (`T | undefined`) say; nulls in arrays
 * stay. */
export function viewValue(text) {
  return JSON.parse(text, function (key, value) {
    return value === null && !Array.isArray(this) ? undefined : value;
  });
}
