import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { initialView } from "../../core/store";
import { setView } from "../../test-utils";
import { GameHistory } from "./GameHistory";

const width = window.innerWidth;
afterEach(() => {
  cleanup();
  window.innerWidth = width;
});

describe("GameHistory", () => {
  it("shows each bet's time as the core wrote it (SPEC §9 DD.MM.YY, HH:mm)", () => {
    setView({
      gamesHistory: {
        ...initialView.gamesHistory,
        tab: "bets",
        loading: false,
        rows: [{ id: 9, game: "Book of Ra", href: "/game/book-of-ra", currency: "USD", bet: "2.00", win: "0.00", settled: true, createdAt: 1767231000, createdText: "31.12.25, 22:30" }],
      },
    });
    render(<GameHistory />);
    expect(screen.getByTestId("history-rows").querySelector("tbody td")!.textContent).toBe("31.12.25, 22:30");
  });

  it("on a phone, bets are filtered through the Filters sheet: the chosen address on Apply", () => {
    window.innerWidth = 390;
    const sent = setView({
      gamesHistory: {
        ...initialView.gamesHistory,
        tab: "bets",
        settled: true,
        loading: false,
        settledHref: "/wallet/history?tab=bets",
        openHref: "/wallet/history?tab=bets&settled=0",
      },
    });
    render(<GameHistory />);
    expect(screen.queryByRole("link", { name: "Open" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Filters" }));
    const sheet = screen.getByRole("dialog", { name: "Filters" });
    expect(within(sheet).getByRole("radio", { name: "Settled" })).toHaveProperty("checked", true);
    fireEvent.click(within(sheet).getByRole("radio", { name: "Open" }));
    expect(sent).toEqual([]);
    fireEvent.click(within(sheet).getByRole("button", { name: "Apply" }));
    expect(sent).toEqual([{ type: "navigate", path: "/wallet/history?tab=bets&settled=0" }]);
  });

  it("the bonuses tab is not drawn here (the bonuses feature draws it)", () => {
    setView({ gamesHistory: { ...initialView.gamesHistory, tab: "bonuses" } });
    const { container } = render(<GameHistory />);
    expect(container.innerHTML).toBe("");
  });
});
