import { describe, expect, it } from "vitest";
import { keepSame, same } from "./keepSame";

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
});
