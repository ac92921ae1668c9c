import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { initialView, useCore } from "../../core/store";
import { setView } from "../../test-utils";
import { LimitsPanel } from "./LimitsPanel";

afterEach(cleanup);

describe("LimitsPanel", () => {
  it("says until when a break runs and when a loosening applies in the core's words (SPEC §9)", () => {
    const deposit = {
      id: 5,
      definition: 3,
      name: "deposit",
      hasAmount: true,
      period: "daily",
      amount: "50.00",
      currency: "USD",
      until: undefined,
      untilText: undefined,
      later: { period: "daily", amount: "100.00", appliesAt: 1784158200, appliesText: "16.07.26, 01:30" },
    };
    const exclusion = { id: 6, definition: 4, name: "selfExclusion", hasAmount: false, period: "weekly", amount: undefined, currency: undefined, later: undefined, until: 1768519800, untilText: "16.01.26, 00:30" };
    setView({
      limits: {
        ...initialView.limits,
        loading: false,
        currencies: ["USD"],
        sections: [
          { definition: 3, name: "deposit", hasAmount: true, blocksPlay: false, advanced: false, advancedAvailable: false, items: [deposit] },
          { definition: 4, name: "selfExclusion", hasAmount: false, blocksPlay: true, advanced: false, advancedAvailable: false, items: [exclusion] },
        ],
      },
      groups: { ...initialView.groups, limits: "ready" },
    });
    render(<LimitsPanel />);
    expect(screen.getByTestId("limits-blocked").textContent).toContain("until 16.01.26, 00:30");
    expect(screen.getByTestId("limits-selfExclusion").textContent).toContain("Active until 16.01.26, 00:30");
    expect(screen.getByTestId("limit-later-5").textContent).toContain("on 16.07.26, 01:30");
  });

  it("offers a retry while the limits' chunk failed, and waits for it without one while it loads", () => {
    setView({ groups: { ...initialView.groups, limits: "failed" } });
    const loaded: string[] = [];
    useCore.setState({ load: (g) => loaded.push(g) });
    render(<LimitsPanel />);
    expect(screen.getByRole("alert").textContent).toContain("could not be loaded");
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(loaded).toEqual(["limits"]);
    cleanup();
    setView({ groups: { ...initialView.groups, limits: "loading" } });
    render(<LimitsPanel />);
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByTestId("limits-deposit")).toBeNull();
  });
});
