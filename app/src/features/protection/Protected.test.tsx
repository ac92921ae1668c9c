import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { initialView, useCore } from "../../core/store";
import { setView } from "../../test-utils";
import { Protected } from "./RealityCheck";

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
