import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { initialView } from "../../core/store";
import type { RowView } from "../../core/types";
import { setView } from "../../test-utils";
import { Lobby } from "./Lobby";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const row = (n: number): RowView => ({
  identity: `row-${n}`,
  name: `Row ${n}`,
  href: `/games/row-${n}`,
  total: 3,
  tiles: [1, 2, 3].map((i) => ({
    identity: `game-${n}-${i}`,
    name: `Game ${n}.${i}`,
    provider: "Provider",
    href: `/game/game-${n}-${i}`,
    img: `/api/game/images/game-${n}-${i}/`,
    favorite: false,
  })),
});

const tilesIn = (n: number) =>
  screen.getByText(`Row ${n}`).closest("section")?.querySelectorAll('[data-testid="game-tile"]').length;

describe("Lobby", () => {
  it("draws the first rows' tiles at once and each later row's in a task of its own", async () => {
    vi.useFakeTimers();
    setView({ gamesLobby: { ...initialView.gamesLobby, state: "ready", rows: [0, 1, 2, 3].map(row) } });
    render(<Lobby />);
    // Every row's title and link are there from the start; later rows hold skeleton tiles.
    expect(screen.getAllByTestId("game-row")).toHaveLength(4);
    expect([0, 1, 2, 3].map(tilesIn)).toEqual([3, 3, 0, 0]);
    expect(screen.getByText("Row 3").closest("section")?.querySelectorAll(".skeleton-tile")).toHaveLength(3);
    // One timer at a time (Preact queues the rows from effects it runs after the paint): the
    // third row draws its tiles in a task before the fourth's.
    for (let turn = 0; turn < 10 && tilesIn(2) === 0; turn++) {
      await act(async () => {
        await vi.advanceTimersToNextTimerAsync();
      });
    }
    expect([0, 1, 2, 3].map(tilesIn)).toEqual([3, 3, 3, 0]);
    await act(async () => {
      await vi.runAllTimersAsync();
    });
    expect([0, 1, 2, 3].map(tilesIn)).toEqual([3, 3, 3, 3]);
    expect(screen.getByRole("link", { name: "Open Game 3.2" }).getAttribute("href")).toBe("/game/game-3-2");
  });
});
