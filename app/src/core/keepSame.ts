/** Structural equality of view data (JSON values: the core's view is parsed from JSON text). */
export function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const k of keys) {
    if (!Object.hasOwn(b, k) || !same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  }
  return true;
}

/** `next` with every top-level value equal to the one in `current` replaced by that one: the
 * core's first whole view over the early frame keeps what the frame already drew (the texts,
 * the forms, most slices), so components reading those are not drawn again for nothing. */
export function keepSame<T extends object>(current: object, next: T): T {
  const out: Record<string, unknown> = { ...(next as Record<string, unknown>) };
  for (const [k, v] of Object.entries(next)) {
    const held = (current as Record<string, unknown>)[k];
    if (held !== undefined && same(held, v)) out[k] = held;
  }
  return out as T;
}
