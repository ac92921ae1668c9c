import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { initialView } from "../../core/store";
import type { SportView } from "../../core/types";
import { setView } from "../../test-utils";
import { loadScript, SDK_GLOBAL, type SportsbookSdk, type WidgetRoute } from "./sdk";
import { SportBook, WidgetStatus } from "./SportBook";

const route: WidgetRoute = { page: "overview", sportId: 66, categories: [], championships: [], event: null };

function sport(patch: Partial<SportView>): SportView {
  return { ...initialView.sport, unavailable: false, ...patch };
}

function fakeSdk(): SportsbookSdk & { added: Parameters<SportsbookSdk["addSportsBook"]>[0][] } {
  const added: Parameters<SportsbookSdk["addSportsBook"]>[0][] = [];
  const fake = {
    added,
    init: vi.fn(),
    set: vi.fn(),
    addSportsBook: vi.fn((o: Parameters<SportsbookSdk["addSportsBook"]>[0]) => added.push(o)),
    addWidget: vi.fn(),
    remove: vi.fn(),
  };
  (window as unknown as Record<string, unknown>)[SDK_GLOBAL] = fake;
  return fake;
}

afterEach(() => {
  cleanup();
  delete (window as unknown as Record<string, unknown>)[SDK_GLOBAL];
  document.head.querySelectorAll("script[data-sportsbook]").forEach((s) => s.remove());
});

describe("the sportsbook host", () => {
  it("shows a retry when the script failed, and says so when there is no sportsbook", () => {
    const groups = { ...initialView.groups, sport: "ready" as const };
    const sent = setView({ groups, sport: sport({ state: "failed", script: "/sdk.js" }) });
    render(<WidgetStatus />);
    expect(screen.getByRole("alert").textContent).toContain("The sportsbook could not be loaded.");
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(sent).toContainEqual({ type: "sportRetry" });
    cleanup();
    setView({ groups, sport: sport({ unavailable: true }) });
    render(<WidgetStatus />);
    expect(screen.getByText("The sportsbook is not available here.")).toBeTruthy();
  });

  it("waits under a skeleton while the group's code loads: the first view's slice knows no config", () => {
    // The first view (initialView) says unavailable: it was built without the operator's config.
    setView({ groups: { ...initialView.groups, sport: "loading" }, sport: initialView.sport });
    const { container } = render(<WidgetStatus />);
    expect(screen.queryByText("The sportsbook is not available here.")).toBeNull();
    expect(container.querySelector('[data-skeleton="sport-slug-page"]')).toBeTruthy();
  });

  it("mounts the widget where the core says, reports its moves, and moves it only when the core does", () => {
    const sdk = fakeSdk();
    const sent = setView({ sport: sport({ state: "initiated", script: "/sdk.js", book: { route, nav: 1 } }) });
    const { unmount } = render(<SportBook />);
    expect(sdk.added).toHaveLength(1);
    expect(sdk.added[0].route).toEqual(route);
    // The widget's own navigation goes to the core as JSON text.
    const live = { ...route, page: "live", sportId: null };
    act(() => sdk.added[0].onNavigate(live));
    expect(sent).toContainEqual({ type: "sportNavigated", route: live });
    act(() => sdk.added[0].onSignIn());
    expect(sent).toContainEqual({ type: "sportSignIn" });
    act(() => sdk.added[0].onTokenExpired());
    expect(sent).toContainEqual({ type: "sportTokenExpired" });
    // The slice's route changes without nav (the widget's own report): no second mount.
    act(() => setView({ sport: sport({ state: "initiated", script: "/sdk.js", book: { route: live, nav: 1 } }) }));
    expect(sdk.added).toHaveLength(1);
    // The address moved it: nav moves on, the widget is told.
    act(() => setView({ sport: sport({ state: "initiated", script: "/sdk.js", book: { route: live, nav: 2 } }) }));
    expect(sdk.added).toHaveLength(2);
    expect(sdk.added[1].route).toEqual(live);
    // A remove that throws is reported; the page goes anyway.
    sdk.remove = vi.fn(() => {
      throw new Error("gone");
    });
    let after: ReturnType<typeof setView> = [];
    act(() => {
      after = setView({ sport: sport({ state: "initiated", script: "/sdk.js", book: { route: live, nav: 2 } }) });
    });
    expect(sdk.added).toHaveLength(2);
    unmount();
    expect(after).toContainEqual({ type: "sportRemoveFailed", reason: "gone" });
  });

  it("keeps the token, culture and theme in step once initiated", () => {
    const sdk = fakeSdk();
    setView({ sport: sport({ state: "initiated", script: "/sdk.js", token: "", book: { route, nav: 1 } }) });
    render(<SportBook />);
    act(() => setView({ sport: sport({ state: "initiated", script: "/sdk.js", token: "t1", book: { route, nav: 1 } }) }));
    expect(sdk.set).toHaveBeenLastCalledWith({ token: "t1", culture: "en-GB", theme: "dark" });
  });
});

describe("loadScript", () => {
  it("adds one tag per attempt and drops a failed one, so a retry loads it again", async () => {
    const first = loadScript("/nowhere.js", 1);
    expect(loadScript("/nowhere.js", 1)).toBe(first);
    const tag = document.head.querySelector<HTMLScriptElement>('script[data-sportsbook="1"]')!;
    expect(tag.getAttribute("src")).toBe("/nowhere.js");
    tag.dispatchEvent(new Event("error"));
    await expect(first).rejects.toThrow("/nowhere.js did not load");
    expect(document.head.querySelector('script[data-sportsbook="1"]')).toBeNull();
    const second = loadScript("/nowhere.js", 2);
    expect(second).not.toBe(first);
    // Loaded, but it defined no SDK: that is a failure too.
    document.head.querySelector('script[data-sportsbook="2"]')!.dispatchEvent(new Event("load"));
    await expect(second).rejects.toThrow("defined no Sportsbook");
  });
});
