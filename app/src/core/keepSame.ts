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

/** An item's identity in a list: its `kind` and `id` when it has an id (bonus cards, rows). */
function itemKey(v: unknown): string | undefined {
  if (typeof v !== "object" || v === null || Array.isArray(v)) return undefined;
  const o = v as Record<string, unknown>;
  return o.id === undefined ? undefined : `${String(o.kind ?? "")}:${String(o.id)}`;
}

/** `next`, reusing every part equal to the matching part of `held` (the whole value when it is
 * equal): a list that gained one item keeps its other items' objects, so memoised components
 * showing them are not drawn again (a burst of bonus pushes drew every card per push). List
 * items are matched by their id when they have one, else by position. */
export function share(held: unknown, next: unknown): unknown {
  if (same(held, next)) return held;
  if (typeof held !== "object" || typeof next !== "object" || held === null || next === null) return next;
  if (Array.isArray(next)) {
    if (!Array.isArray(held)) return next;
    const byKey = new Map<string, unknown>();
    for (const item of held) {
      const k = itemKey(item);
      if (k !== undefined) byKey.set(k, item);
    }
    let reused = false;
    const items = next.map((item, i) => {
      const k = itemKey(item);
      const kept = share(k !== undefined ? byKey.get(k) : held[i], item);
      reused ||= kept !== item;
      return kept;
    });
    return reused ? items : next;
  }
  if (Array.isArray(held)) return next;
  let reused = false;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(next)) {
    out[k] = share((held as Record<string, unknown>)[k], v);
    reused ||= out[k] !== v;
  }
  // Nothing to keep: the new object itself.
  return reused ? out : next;
}

/** `next` with every top-level value shared with `current` ([`share`]): the core's first whole
 * view over the early frame keeps what the frame already drew (the texts, the forms, most
 * slices), and a changed slice keeps its unchanged parts, so components reading those are not
 * drawn again for nothing. */
export function keepSame<T extends object>(current: object, next: T): T {
  const out: Record<string, unknown> = { ...(next as Record<string, unknown>) };
  for (const [k, v] of Object.entries(next)) {
    const held = (current as Record<string, unknown>)[k];
    if (held !== undefined) out[k] = share(held, v);
  }
  return out as T;
}
