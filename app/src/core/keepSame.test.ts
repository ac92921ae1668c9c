import { describe, expect, it } from "vitest";
import { keepSame, same, share } from "./keepSame";

describe("keepSame", () => {
  it("compares JSON values by structure", () => {
    expect(same({ a: [1, { b: "x" }], c: null }, { c: null, a: [1, { b: "x" }] })).toBe(true);
    expect(same({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(same({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(same({ a: 1, b: undefined }, { a: 1, c: 2 })).toBe(false);
    expect(same([], {})).toBe(false);
    expect(same(null, {})).toBe(false);
    expect(same("1", 1)).toBe(false);
  });

  it("keeps the held object of every slice that did not change, and takes the others", () => {
    const texts = { "layout.signIn": "Sign in" };
    const nav = { path: "/", links: [{ id: "home", active: true }] };
    const current = { texts, nav, session: { status: "booting" } };
    const next = {
      texts: { "layout.signIn": "Sign in" },
      nav: { path: "/", links: [{ id: "home", active: true }] },
      session: { status: "guest" },
      toasts: [],
    };
    const kept = keepSame(current, next);
    expect(kept.texts).toBe(texts);
    expect(kept.nav).toBe(nav);
    expect(kept.session).toBe(next.session);
    expect(kept.toasts).toBe(next.toasts);
    expect(kept).toEqual(next);
  });

  it("keeps the unchanged items of a changed list, matched by id, and the unchanged fields", () => {
    const a = { kind: "bonus", id: 1, name: "A" };
    const b = { kind: "bonus", id: 2, name: "B" };
    const spin = { kind: "freespin", id: 1, name: "S" };
    const current = { bonuses: { items: [a, b, spin], loading: false, meta: { page: 1 } } };
    const next = {
      bonuses: {
        items: [{ kind: "bonus", id: 3, name: "C" }, { kind: "bonus", id: 1, name: "A" }, { kind: "bonus", id: 2, name: "B2" }, { kind: "freespin", id: 1, name: "S" }],
        loading: true,
        meta: { page: 1 },
      },
    };
    const kept = keepSame(current, next);
    expect(kept).toEqual(next);
    expect(kept.bonuses).not.toBe(current.bonuses);
    // A new card first: the others are matched by kind and id, not position.
    expect(kept.bonuses.items[1]).toBe(a);
    expect(kept.bonuses.items[3]).toBe(spin);
    expect(kept.bonuses.items[2]).not.toBe(b);
    expect(kept.bonuses.meta).toBe(current.bonuses.meta);
    // Items without ids are matched by position; a type change takes the new value.
    expect(share([{ x: 1 }, { x: 2 }], [{ x: 1 }, { x: 3 }])).toEqual([{ x: 1 }, { x: 3 }]);
    const held = [{ x: 1 }];
    expect((share(held, [{ x: 1 }, { x: 2 }]) as unknown[])[0]).toBe(held[0]);
    expect(share({ a: [1] }, { a: { 0: 1 } })).toEqual({ a: { 0: 1 } });
    expect(share([1, 2], null)).toBe(null);
  });
});
