import { describe, expect, it } from "vitest";
import { countVisit, nextInstallState, showBanner, showMenuEntry, type InstallState } from "./rules";

/** A Storage stand-in. */
function storage(init: Record<string, string> = {}) {
  const m = new Map(Object.entries(init));
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), m };
}

const fresh = (patch: Partial<InstallState> = {}): InstallState => ({ available: false, standalone: false, visits: 1, offered: false, bannerOpen: false, ...patch });

describe("countVisit", () => {
  it("counts a new tab session as a visit, and a reload in the same tab not", () => {
    const local = storage();
    const first = storage();
    expect(countVisit(local, first)).toBe(1);
    expect(countVisit(local, first)).toBe(1);
    expect(countVisit(local, storage())).toBe(2);
    expect(countVisit(local, storage())).toBe(3);
  });

  it("reads a damaged count as none", () => {
    expect(countVisit(storage({ "croupier.visits": "lots" }), storage())).toBe(1);
  });
});

describe("the install offer", () => {
  it("shows no banner on the first visit, and no menu entry either", () => {
    const s = nextInstallState(fresh({ visits: 1 }), { type: "available" });
    expect(showBanner(s)).toBe(false);
    expect(showMenuEntry(s)).toBe(false);
  });

  it("shows the banner on the second visit once the browser offers, then the menu entry after it is closed", () => {
    const s = nextInstallState(fresh({ visits: 2 }), { type: "available" });
    expect(showBanner(s)).toBe(true);
    expect(s.offered).toBe(true);
    expect(showMenuEntry(s)).toBe(false);
    const closed = nextInstallState(s, { type: "closed" });
    expect(showBanner(closed)).toBe(false);
    expect(showMenuEntry(closed)).toBe(true);
  });

  it("never shows the banner again once offered: later visits get the menu entry", () => {
    const s = nextInstallState(fresh({ visits: 3, offered: true }), { type: "available" });
    expect(showBanner(s)).toBe(false);
    expect(showMenuEntry(s)).toBe(true);
  });

  it("shows nothing while the browser has not offered installation (Firefox, Safari)", () => {
    for (const s of [fresh({ visits: 2 }), fresh({ visits: 5, offered: true })]) {
      expect(showBanner(s)).toBe(false);
      expect(showMenuEntry(s)).toBe(false);
    }
  });

  it("shows nothing in the installed app, and does not spend the one banner there", () => {
    const s = nextInstallState(fresh({ visits: 2, standalone: true }), { type: "available" });
    expect(showBanner(s)).toBe(false);
    expect(showMenuEntry(s)).toBe(false);
    expect(s.offered).toBe(false);
    const opened = nextInstallState(nextInstallState(fresh({ visits: 2 }), { type: "available" }), { type: "standalone", standalone: true });
    expect(showBanner(opened)).toBe(false);
    expect(showMenuEntry(opened)).toBe(false);
  });

  it("hides both once the offer is used (the dialog asked for, or the app installed)", () => {
    const s = nextInstallState(nextInstallState(fresh({ visits: 2 }), { type: "available" }), { type: "used" });
    expect(showBanner(s)).toBe(false);
    expect(showMenuEntry(s)).toBe(false);
  });
});
