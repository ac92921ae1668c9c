import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setView } from "../../test-utils";
import { Drawer } from "../Drawer";
import { InstallBanner } from "./InstallBanner";
import { resetInstallOffer } from "./offer";

/** The browser's offer, as Chromium sends it: cancelable, with prompt(). */
function offer() {
  const e = new Event("beforeinstallprompt", { cancelable: true }) as Event & { prompt: () => Promise<void> };
  e.prompt = vi.fn(() => Promise.resolve());
  act(() => void window.dispatchEvent(e));
  return e;
}

function page() {
  setView();
  return render(
    <>
      <InstallBanner />
      <Drawer mobile={false} />
    </>,
  );
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  resetInstallOffer();
});
afterEach(cleanup);

describe("InstallBanner and the drawer's entry", () => {
  it("on the second visit: the banner, whose Install opens the browser's dialog; no entry after a used offer", () => {
    localStorage.setItem("croupier.visits", "1");
    page();
    const e = offer();
    expect(e.defaultPrevented).toBe(true);
    expect(screen.getByTestId("install-banner").textContent).toContain("Install Croupier");
    expect(screen.queryByTestId("install-menu")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Install" }));
    expect(e.prompt).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId("install-banner")).toBeNull();
    expect(screen.queryByTestId("install-menu")).toBeNull();
    expect(localStorage.getItem("croupier.install-offered")).toBe("1");
  });

  it("dismissed: the drawer offers Install app while the browser does", () => {
    localStorage.setItem("croupier.visits", "1");
    page();
    const e = offer();
    fireEvent.click(screen.getByRole("button", { name: "Not now" }));
    expect(screen.queryByTestId("install-banner")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Install app" }));
    expect(e.prompt).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId("install-menu")).toBeNull();
  });

  it("without the browser's offer the page has neither, and counts the visit", () => {
    page();
    expect(screen.queryByTestId("install-banner")).toBeNull();
    expect(screen.queryByTestId("install-menu")).toBeNull();
    expect(localStorage.getItem("croupier.visits")).toBe("1");
  });

  it("picks up an offer kept before the app loaded (sw-register.js)", () => {
    localStorage.setItem("croupier.visits", "1");
    const early = new Event("beforeinstallprompt", { cancelable: true }) as Event & { prompt: () => Promise<void> };
    early.prompt = vi.fn(() => Promise.resolve());
    window.__installPrompt = early;
    try {
      page();
      expect(screen.getByTestId("install-banner")).toBeTruthy();
    } finally {
      window.__installPrompt = undefined;
    }
  });
});
