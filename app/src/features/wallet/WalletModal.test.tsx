import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { initialView } from "../../core/store";
import type { PaymentView } from "../../core/types";
import { setView } from "../../test-utils";
import { WalletModal } from "./WalletModal";

afterEach(cleanup);

const usd = { amount: "100.00", code: "USD", symbol: "$" };
const method = (id: string, name: string, selected = false, manual = false) => ({ id, name, manual, min: "10", max: "5000", selected });

function show(patch: Partial<PaymentView> = {}) {
  return setView({
    groups: { ...initialView.groups, payments: "ready" },
    payment: {
      ...initialView.payment,
      direction: "deposit",
      accounts: [{ id: 1, currency: "USD", balance: usd, crypto: false, selected: true, equivalent: undefined }],
      accountId: 1,
      unit: "USD",
      methodsState: "ready",
      groups: [
        { name: "Manual", methods: [method("cashagent.deposit.agent", "Cash agent", false, true)] },
        { name: "Cards", methods: [method("card.deposit.visa", "Visa", true)] },
      ],
      method: "card.deposit.visa",
      fields: [{ name: "card_number", kind: "card", label: "Card number" }],
      values: { amount: "9.999" },
      errors: { amount: "Use at most 2 decimals" },
      ...patch,
    },
  });
}

describe("WalletModal", () => {
  it("shows the grouped methods, the amount in its unit and the message under the field", () => {
    show();
    render(<WalletModal />);
    const radios = screen.getAllByRole("radio", { name: /Cash agent|Visa/ });
    expect(radios.map((r) => (r as HTMLInputElement).value)).toEqual(["cashagent.deposit.agent", "card.deposit.visa"]);
    const amount = screen.getByLabelText("Amount (USD)") as HTMLInputElement;
    expect(amount.value).toBe("9.999");
    expect(amount.getAttribute("aria-describedby")).toBe("pay-amount-error");
    expect(screen.getByText("Use at most 2 decimals").id).toBe("pay-amount-error");
    // No error on the card field: its limits hint is not shown either (no shift when one comes).
    expect(screen.getByLabelText("Card number").getAttribute("aria-invalid")).toBeNull();
  });

  it("sends typing, blur, method choice and pay as events", () => {
    const sent = show({ errors: {} });
    render(<WalletModal />);
    expect(screen.getByText("From 10 to 5000 USD").id).toBe("pay-amount-hint");
    fireEvent.change(screen.getByLabelText("Card number"), { target: { value: "4111" } });
    fireEvent.blur(screen.getByLabelText("Card number"));
    fireEvent.click(screen.getByRole("radio", { name: /Cash agent/ }));
    fireEvent.click(screen.getByTestId("pay-submit"));
    expect(sent).toEqual([
      { type: "payInput", field: "card_number", value: "4111" },
      { type: "payBlur", field: "card_number" },
      { type: "payMethod", id: "cashagent.deposit.agent" },
      { type: "pay" },
    ]);
  });

  it("offers the payment region, the current one chosen, and sends a new choice", () => {
    const sent = show({
      countries: [
        ["BR", "Brazil"],
        ["IN", "India"],
      ],
      country: "BR",
      errors: {},
    });
    render(<WalletModal />);
    const region = screen.getByLabelText("Payment region") as HTMLSelectElement;
    expect(region.value).toBe("BR");
    expect([...region.options].map((o) => o.textContent)).toContain("India");
    fireEvent.change(region, { target: { value: "IN" } });
    // The amount goes to the core alone: the core shares it with the deposit bonuses.
    fireEvent.change(screen.getByLabelText("Amount (USD)"), { target: { value: "30" } });
    expect(sent).toEqual([
      { type: "payCountry", country: "IN" },
      { type: "payInput", field: "amount", value: "30" },
    ]);
  });

  it("hides the region until the countries are known", () => {
    show({ countries: [] });
    render(<WalletModal />);
    expect(screen.queryByLabelText("Payment region")).toBeNull();
  });

  it("offers a retry when the methods failed, and the limits link on 13100", () => {
    const sent = show({ methodsState: "failed", groups: [], method: undefined, fields: [] });
    render(<WalletModal />);
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(sent).toEqual([{ type: "retryMethods" }]);
    cleanup();
    show({ methodsState: "limitReached", depositLimit: true, groups: [], method: undefined, fields: [] });
    render(<WalletModal />);
    expect(screen.getByRole("link", { name: "See your limits" }).getAttribute("href")).toBe("/profile/limits");
    expect(screen.queryByTestId("pay-submit")).toBeNull();
  });
});
