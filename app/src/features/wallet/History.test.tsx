import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { initialView, useCore } from "../../core/store";
import { setView } from "../../test-utils";
import { History } from "./History";

const width = window.innerWidth;
afterEach(() => {
  cleanup();
  window.innerWidth = width;
});

describe("History", () => {
  it("shows each invoice's time as the core wrote it, with its UTC ISO text as the value", () => {
    setView({
      history: {
        ...initialView.history,
        loaded: true,
        items: [
          {
            id: 1,
            deposit: true,
            status: 2,
            amount: { amount: "5.00", code: "USD", symbol: "$" },
            method: "card.deposit.visa",
            qr: undefined,
            address: undefined,
            expiresAt: undefined,
            createdAt: 1784158200,
            createdText: "16.07.26, 01:30",
            createdIso: "2026-07-15T23:30:00.000Z",
            canDecline: false,
          },
        ],
      },
    });
    render(<History />);
    const time = screen.getAllByTestId("history-row")[0].querySelector("time")!;
    expect(time.textContent).toBe("16.07.26, 01:30");
    expect(time.getAttribute("datetime")).toBe("2026-07-15T23:30:00.000Z");
  });

  it("on a phone, the filters open in the history sheet and apply together", () => {
    window.innerWidth = 390;
    const sent = setView({ history: { ...initialView.history, loaded: true } });
    render(<History />);
    expect(screen.queryByLabelText("Type")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Filters" }));
    const sheet = screen.getByRole("dialog", { name: "Filters" });
    fireEvent.change(within(sheet).getByLabelText("Type"), { target: { value: "withdrawal" } });
    fireEvent.click(within(sheet).getAllByRole("checkbox")[0]);
    expect(sent).toEqual([]);
    fireEvent.click(within(sheet).getByRole("button", { name: "Apply" }));
    expect(sent).toEqual([{ type: "historyFilter", filter: { kind: "withdrawal", statuses: [1], dateFrom: "", dateTo: "" } }]);
  });

  it("offers a retry while the payments' chunk failed", () => {
    const loaded: string[] = [];
    setView({ history: { ...initialView.history, loaded: true }, groups: { ...initialView.groups, payments: "failed" } });
    useCore.setState({ load: (g) => loaded.push(g) });
    render(<History />);
    expect(screen.queryByTestId("history-empty")).toBeNull();
    fireEvent.click(within(screen.getByRole("alert")).getByRole("button", { name: "Try again" }));
    expect(loaded).toEqual(["payments"]);
  });
});
