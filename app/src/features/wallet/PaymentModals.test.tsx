import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { initialView, useCore } from "../../core/store";
import { setView } from "../../test-utils";
import PaymentModals from "./PaymentModals";

afterEach(cleanup);

describe("the fiat modal (display choices)", () => {
  it("shows the crypto unit in force and sends the player's choice", () => {
    const sent = setView({ payment: { ...initialView.payment, subUnits: true, fiats: ["USD", "EUR"], equivalent: "EUR" } });
    render(<PaymentModals id="fiat" />);
    const units = screen.getByRole("radio", { name: "Units (BTC, ETH)" }) as HTMLInputElement;
    const subUnits = screen.getByRole("radio", { name: "Sub-units (mBTC, mETH)" }) as HTMLInputElement;
    expect(subUnits.checked).toBe(true);
    expect(units.checked).toBe(false);
    expect((screen.getByRole("radio", { name: "EUR" }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(units);
    fireEvent.click(screen.getByRole("radio", { name: "USD" }));
    expect(sent).toEqual([
      { type: "setCryptoUnits", subUnits: false },
      { type: "setEquivalent", currency: "USD" },
    ]);
  });
});

describe("the payments' chunk", () => {
  it("offers a retry in the wallet and invoice modals while it failed, and none while it loads", () => {
    const loaded: string[] = [];
    setView({ groups: { ...initialView.groups, payments: "failed" } });
    useCore.setState({ load: (g) => loaded.push(g) });
    render(<PaymentModals id="wallet" />);
    expect(screen.getByRole("alert").textContent).toContain("could not be loaded");
    expect(screen.queryByTestId("wallet-modal")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(loaded).toEqual(["payments"]);
    cleanup();
    render(<PaymentModals id="deposit-success" />);
    expect(screen.getByTestId("payments-code-failed")).toBeTruthy();
    cleanup();
    // The display choices are the wallet's own (in the main module): no retry there.
    render(<PaymentModals id="fiat" />);
    expect(screen.queryByTestId("payments-code-failed")).toBeNull();
    expect(screen.getByTestId("crypto-units")).toBeTruthy();
    cleanup();
    // While it loads the payment slice is still the first view's (no accounts): the modal's
    // frame shows with a skeleton, never "No accounts here." for a player who has some.
    setView({ groups: { ...initialView.groups, payments: "loading" } });
    const { container } = render(<PaymentModals id="wallet" />);
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByTestId("wallet-modal")).toBeTruthy();
    expect(container.querySelector('[data-skeleton="payments-code"]')).toBeTruthy();
    expect(screen.queryByText("No accounts here.")).toBeNull();
    expect(screen.getAllByRole("tab")).toHaveLength(2);
    expect(screen.queryAllByRole("tab", { selected: true })).toHaveLength(0);
  });
});
