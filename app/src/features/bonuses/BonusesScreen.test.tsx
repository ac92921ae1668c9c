import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { LoadState } from "croupier-core";
import { useCore } from "../../core/store";
import { setView } from "../../test-utils";
import { BonusesScreen } from "./BonusesScreen";

afterEach(cleanup);

/** A player's bonuses page with the bonuses' part of the core in `state`; the groups asked
 * for through `load`. */
function show(state: LoadState) {
  setView();
  const view = useCore.getState();
  useCore.setState({ session: { ...view.session, status: "player" }, groups: { ...view.groups, bonuses: state } });
  const loaded: string[] = [];
  useCore.setState({ load: (g) => loaded.push(g) });
  render(<BonusesScreen title="layout.nav.bonuses" />);
  return loaded;
}

describe("BonusesScreen", () => {
  it("offers a retry while the bonuses' chunk failed, and the retry asks for it again", () => {
    const loaded = show("failed");
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain("could not be loaded");
    expect(screen.queryByTestId("cashback")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(loaded).toEqual(["bonuses"]);
  });

  it("waits for the chunk without a failure message, then shows the panel", () => {
    show("loading");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByTestId("cashback")).toBeNull();
    cleanup();
    show("ready");
    expect(screen.getByTestId("cashback")).toBeTruthy();
  });
});
