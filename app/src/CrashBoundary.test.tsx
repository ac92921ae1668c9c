import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CrashBoundary } from "./CrashBoundary";
import { reportCrash } from "./core/crash";
import { setView } from "./test-utils";
import { useCore } from "./core/store";

function Thrower(): never {
  throw new Error("render failed");
}

let errors: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  errors = vi.spyOn(console, "error").mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("CrashBoundary", () => {
  it("renders the app while nothing has crashed", () => {
    setView();
    render(
      <CrashBoundary>
        <p>the app</p>
      </CrashBoundary>,
    );
    expect(screen.getByText("the app")).toBeTruthy();
    expect(screen.queryByTestId("crash-screen")).toBeNull();
  });

  it("a component that throws: the reload screen, the crash logged, events refused", () => {
    const sent = setView();
    const reload = vi.fn();
    render(
      <CrashBoundary onReload={reload}>
        <Thrower />
      </CrashBoundary>,
    );
    expect(screen.getByRole("heading", { name: "Something broke" })).toBeTruthy();
    expect(errors).toHaveBeenCalledWith("croupier: crash in render", expect.objectContaining({ message: "render failed" }));
    expect(useCore.getState().crashed).toBe(true);
    vi.spyOn(console, "warn").mockImplementation(() => {});
    useCore.getState().dispatch({ type: "toggleDrawer" });
    expect(sent).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "Reload" }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("a core crash replaces the app with the reload screen, in the player's language", () => {
    setView({ texts: { ...useCore.getState().texts, "layout.crash.title": "Algo quebrou" } });
    render(
      <CrashBoundary>
        <p>the app</p>
      </CrashBoundary>,
    );
    expect(screen.getByText("the app")).toBeTruthy();
    reportCrash(new WebAssembly.RuntimeError("unreachable"), "dispatch");
    return screen.findByRole("heading", { name: "Algo quebrou" }).then(() => {
      expect(screen.queryByText("the app")).toBeNull();
      // A key the loaded language lacks falls back to English.
      expect(screen.getByRole("button", { name: "Reload" })).toBeTruthy();
    });
  });
});
