import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { BonusHistoryView, FilterOption } from "../../core/types";
import { initialView } from "../../core/store";
import { setView } from "../../test-utils";
import { BonusHistory } from "./BonusHistory";

const width = window.innerWidth;
afterEach(() => {
  cleanup();
  window.innerWidth = width;
});

const path = "/wallet/history?tab=bonuses";
const opt = (value: string, label: string, href: string, on = false): FilterOption => ({ value, label, href, on });

function view(patch: Partial<BonusHistoryView> = {}): BonusHistoryView {
  return {
    ...initialView.bonusesHistory,
    open: true,
    loading: false,
    failed: false,
    status: "finished",
    kind: "all",
    currency: "",
    statuses: [opt("all", "All", path), opt("active", "Active", `${path}&status=active`), opt("finished", "Finished", `${path}&status=finished`, true)],
    kinds: [opt("all", "All", `${path}&status=finished`, true), opt("bonus", "Bonus", `${path}&status=finished&kind=bonus`), opt("freespin", "Free spins", `${path}&status=finished&kind=freespin`)],
    currencies: [opt("", "All currencies", `${path}&status=finished`, true), opt("USD", "USD", `${path}&status=finished&currency=USD`)],
    rows: [
      {
        key: "bonus-4",
        kind: "bonus",
        kindText: "Bonus",
        name: "Welcome",
        amountText: "10.00 USD",
        statusText: "Finished",
        resultText: "Played",
        finished: true,
        createdText: "31.12.25, 22:30",
        expiresText: "15.01.27",
      },
    ],
    ...patch,
  };
}

describe("BonusHistory", () => {
  it("shows a finished bonus with its result, and desktop filters as the core's links", () => {
    const sent = setView({ bonusesHistory: view() });
    render(<BonusHistory />);
    const row = screen.getByTestId("bonus-history-row");
    expect(row.textContent).toContain("Finished: Played");
    expect(row.textContent).toContain("31.12.25, 22:30");
    expect(row.textContent).toContain("10.00 USD");
    const status = screen.getByRole("group", { name: "Status" });
    expect(within(status).getByRole("link", { name: "Active" }).getAttribute("href")).toBe(`${path}&status=active`);
    expect(within(status).getByRole("link", { name: "Finished" }).getAttribute("aria-current")).toBe("true");
    // The currency select goes to the chosen option's address.
    fireEvent.change(screen.getByLabelText("Currency"), { target: { value: "USD" } });
    expect(sent).toEqual([{ type: "navigate", path: `${path}&status=finished&currency=USD` }]);
  });

  it("on a phone, the Filters sheet sends the chosen filters together on Apply", () => {
    window.innerWidth = 390;
    const sent = setView({ bonusesHistory: view() });
    render(<BonusHistory />);
    expect(screen.queryByRole("group", { name: "Status" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Filters" }));
    const sheet = screen.getByRole("dialog", { name: "Filters" });
    fireEvent.click(within(sheet).getByRole("radio", { name: "Active" }));
    fireEvent.click(within(sheet).getByRole("radio", { name: "Free spins" }));
    fireEvent.change(within(sheet).getByLabelText("Currency"), { target: { value: "USD" } });
    expect(sent).toEqual([]);
    fireEvent.click(within(sheet).getByRole("button", { name: "Apply" }));
    expect(sent).toEqual([{ type: "bonusHistoryFilter", status: "active", kind: "freespin", currency: "USD" }]);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("shows the tab's skeleton while loading", () => {
    setView({ bonusesHistory: view({ loading: true, rows: [] }) });
    const { container } = render(<BonusHistory />);
    expect(container.querySelector("[data-skeleton='history-bonuses']")).not.toBeNull();
    expect(screen.queryByTestId("bonus-history-rows")).toBeNull();
  });
});
