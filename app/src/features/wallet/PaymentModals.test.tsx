import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { initialView } from "../../core/store";
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
