import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { initialView, useCore } from "../../core/store";
import { setView } from "../../test-utils";
import { Protected } from "./RealityCheck";
import { RealityCheckSettings } from "./RealityCheckSettings";

afterEach(cleanup);

const playing = (asking: boolean) => ({ ...initialView.protection, active: true, playing: true, asking });
const page = () => (
  <Protected>
    <div data-testid="widget">sportsbook</div>
  </Protected>
);

describe("Protected", () => {
  it("keeps an open page mounted but inert behind the session-length ask", () => {
    setView({ protection: playing(false) });
    render(page());
    const widget = screen.getByTestId("widget");
    act(() => useCore.setState({ protection: playing(true) }));
    // The same element: the sportsbook (and its bet slip) was not torn down.
    expect(screen.getByTestId("widget")).toBe(widget);
    expect(widget.closest(".protected")?.hasAttribute("inert")).toBe(true);
    expect(screen.getByRole("dialog", { name: "Session length" })).toBeTruthy();
    act(() => useCore.setState({ protection: playing(false) }));
    expect(screen.getByTestId("widget")).toBe(widget);
    expect(widget.closest(".protected")?.hasAttribute("inert")).toBe(false);
  });

  it("does not mount a page entered after the length until Continue", () => {
    setView({ protection: playing(true) });
    render(page());
    expect(screen.queryByTestId("widget")).toBeNull();
    act(() => useCore.setState({ protection: playing(false) }));
    expect(screen.getByTestId("widget")).toBeTruthy();
  });
});

describe("the protection group's code", () => {
  const sportsbook = () => (
    <Protected waitForCode>
      <div data-testid="widget">sportsbook</div>
    </Protected>
  );

  it("holds a player's sportsbook until the code says whether the session length has passed", () => {
    setView({ session: { ...initialView.session, status: "player" }, groups: { ...initialView.groups, protection: "loading" } });
    render(sportsbook());
    expect(screen.queryByTestId("widget")).toBeNull();
    // The code arrives and the length has passed: the sportsbook still waits, for Continue.
    act(() => useCore.setState({ groups: { ...initialView.groups, protection: "ready" }, protection: playing(true) }));
    expect(screen.queryByTestId("widget")).toBeNull();
    act(() => useCore.setState({ protection: playing(false) }));
    expect(screen.getByTestId("widget")).toBeTruthy();
  });

  it("never holds a guest's sportsbook (a guest never loads the code)", () => {
    setView({ session: { ...initialView.session, status: "guest" } });
    render(sportsbook());
    expect(screen.getByTestId("widget")).toBeTruthy();
  });

  const player = { ...initialView.session, status: "player" as const };
  const groups = (protection: "idle" | "loading" | "ready" | "failed") => ({ ...initialView.groups, protection });

  it("offers a player the retry when its chunk failed, and the retry fetches it", () => {
    setView({ session: player, groups: groups("failed") });
    const asked: string[] = [];
    useCore.setState({ load: (g) => asked.push(g) });
    render(page());
    expect(screen.getByRole("alert").textContent).toContain("could not be loaded");
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(asked).toEqual(["protection"]);
    // The page itself stays (a launch waits in the core for the code).
    expect(screen.getByTestId("widget")).toBeTruthy();
  });

  it("shows a guest no retry (a guest never loads it)", () => {
    setView({ groups: groups("failed") });
    render(page());
    expect(screen.queryByTestId("protection-retry")).toBeNull();
  });

  it("shows the limits page's choices once the code is here, which reads them from the device", () => {
    setView({ session: player, groups: groups("loading") });
    const { rerender } = render(<RealityCheckSettings />);
    expect(screen.queryByTestId("reality-interval")).toBeNull();
    act(() => useCore.setState({ groups: groups("ready") }));
    rerender(<RealityCheckSettings />);
    expect(screen.getByTestId("reality-interval")).toBeTruthy();
    act(() => useCore.setState({ groups: groups("failed") }));
    expect(screen.getByTestId("protection-retry")).toBeTruthy();
  });
});
