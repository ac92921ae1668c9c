import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { initialView, useCore } from "../../core/store";
import { setView } from "../../test-utils";
import LimitModals from "./LimitModals";

afterEach(cleanup);

describe("LimitModals", () => {
  it("a limit's form opened while the limits' code failed to arrive offers its retry above what was typed", () => {
    setView({
      groups: { ...initialView.groups, limits: "failed" },
      forms: { ...initialView.forms, limitAdd: { ...initialView.forms.limitAdd, values: { amount: "25" } } },
    });
    const loaded: string[] = [];
    useCore.setState({ load: (g) => loaded.push(g) });
    render(<LimitModals id="add-limit" />);
    expect(screen.getByTestId("limit-modal-retry").textContent).toContain("could not be loaded");
    // The form stays, with what the player typed.
    expect(screen.getByDisplayValue("25")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(loaded).toEqual(["limits"]);
  });

  it("shows no retry while the code loads or is here", () => {
    for (const state of ["loading", "ready"] as const) {
      setView({ groups: { ...initialView.groups, limits: state } });
      render(<LimitModals id="add-limit" />);
      expect(screen.queryByTestId("limit-modal-retry")).toBeNull();
      cleanup();
    }
  });
});
