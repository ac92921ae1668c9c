import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { initialView } from "../../core/store";
import { setView } from "../../test-utils";
import { GameHistory } from "./GameHistory";

afterEach(cleanup);

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
});
