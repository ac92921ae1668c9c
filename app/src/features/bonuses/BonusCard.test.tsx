import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { BonusCardView } from "croupier-core";
import { setView } from "../../test-utils";
import { BonusCard } from "./BonusCard";

afterEach(cleanup);

const money = (amount: string) => ({ amount, code: "USD", symbol: "$" });
const card = (patch: Partial<BonusCardView> = {}): BonusCardView => ({
  kind: "bonus",
  id: 4,
  name: "Welcome bonus",
  active: false,
  amount: money("10.00"),
  count: 0,
  used: 0,
  wager: { required: money("300.00"), wagered: money("75.00"), percent: 25 },
  games: "severalGames",
  gameIds: [1, 2, 3],
  namedGames: [],
  maxBet: undefined,
  expiresAt: 0,
  expiresText: "",
  cancelLocked: false,
  busy: false,
  ...patch,
});

describe("BonusCard", () => {
  it("shows amount, wagering progress and the games it applies to", () => {
    setView();
    render(<BonusCard b={card()} />);
    expect(screen.getByText("Welcome bonus")).toBeTruthy();
    expect(screen.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("25");
    expect(screen.getByText("3 games")).toBeTruthy();
    expect(screen.getByText("Available")).toBeTruthy();
  });

  it("asks the core to activate an issued bonus; an active one offers cancel only", () => {
    const sent = setView();
    const { rerender } = render(<BonusCard b={card()} />);
    fireEvent.click(screen.getByTestId("bonus-activate"));
    expect(sent).toEqual([{ type: "bonusAsk", kind: "bonus", id: 4, action: "activate" }]);
    rerender(<BonusCard b={card({ active: true })} />);
    expect(screen.queryByTestId("bonus-activate")).toBeNull();
    fireEvent.click(screen.getByTestId("bonus-cancel"));
    expect(sent[1]).toEqual({ type: "bonusAsk", kind: "bonus", id: 4, action: "cancel" });
  });

  it("shows free spins by count", () => {
    setView();
    render(<BonusCard b={card({ kind: "freespin", amount: undefined, wager: undefined, count: 20, used: 5, active: true, games: "oneGame", gameIds: [7] })} />);
    expect(screen.getByText("20 free spins")).toBeTruthy();
    expect(screen.getByText("15 of 20 spins left")).toBeTruthy();
    expect(screen.getByText("Cancel free spins")).toBeTruthy();
  });

  it("names its one game once the catalogue knows it", () => {
    setView();
    const { rerender } = render(<BonusCard b={card({ games: "oneGame", gameIds: [7] })} />);
    expect(screen.getByText("1 game")).toBeTruthy();
    rerender(<BonusCard b={card({ games: "oneGame", gameIds: [7], namedGames: [{ name: "Book of Ra", href: "/game/book-of-ra" }] })} />);
    expect(screen.getByText("Book of Ra")).toBeTruthy();
  });
  it("shows the expiry day the core wrote (SPEC §9 DD.MM.YY), none without one", () => {
    setView();
    const { container, rerender } = render(<BonusCard b={card({ expiresAt: 1_800_000_000, expiresText: "15.01.27" })} />);
    expect(container.querySelector(".bonus-facts")!.textContent).toContain("15.01.27");
    rerender(<BonusCard b={card()} />);
    expect(container.querySelector(".bonus-facts")!.textContent).not.toContain("Expires");
  });
});
