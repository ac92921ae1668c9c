import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { initialView } from "../../core/store";
import { setView } from "../../test-utils";
import { ListPage } from "./ListPage";

// The catalogue's fetch is the app's, not this page's concern.
vi.mock("../../core/gamesPainted", () => ({ useGamesPainted: () => {} }));

afterEach(cleanup);

const player = { ...initialView.session, status: "player" as const };
const lobby = { ...initialView.gamesLobby, state: "ready" as const };

describe("a player's list page (recently played, favourites)", () => {
  it("says the list could not be loaded, not that there is none, and asks again on retry", () => {
    const sent = setView({ session: player, gamesLobby: lobby, gamesList: { ...initialView.gamesList, load: "failed", total: 0 } });
    render(<ListPage kind="played" />);
    expect(screen.getByRole("alert").textContent).toContain("The games you played could not be loaded.");
    expect(screen.queryByTestId("list-empty")).toBeNull();
    expect(screen.queryByTestId("list-count")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(sent).toEqual([{ type: "gamesListRetry" }]);
  });

  it("waits for the server's answer before saying there is none", () => {
    setView({ session: player, gamesLobby: lobby, gamesList: { ...initialView.gamesList, load: "loading", total: 0 } });
    const { container, rerender } = render(<ListPage kind="favorites" />);
    expect(screen.queryByTestId("list-empty")).toBeNull();
    expect(container.querySelector('[data-skeleton="games-list"]')).not.toBeNull();
    setView({ session: player, gamesLobby: lobby, gamesList: { ...initialView.gamesList, load: "ready", total: 0 } });
    rerender(<ListPage kind="favorites" />);
    expect(screen.getByTestId("list-empty").textContent).toBe("No favourites yet: tap the heart on any game.");
  });
});
