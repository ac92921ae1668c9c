import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { initialView } from "../../core/store";
import { setView } from "../../test-utils";
import AccountSwitcher from "./AccountSwitcher";

afterEach(cleanup);

const usd = { amount: "10.00", code: "USD", symbol: "$" };
const eur = { amount: "5.50", code: "EUR", symbol: "€" };
const btc = { amount: "0.12345", code: "mBTC", symbol: "₿" };
const account = (id: number, balance: typeof usd, active: boolean, busy = false, equivalent?: typeof usd) => ({
  id,
  currency: balance.code,
  crypto: balance.code === "mBTC",
  balance,
  equivalent,
  active,
  busy,
  canHide: !active,
});

function show(items = [account(1, usd, true), account(2, eur, false), account(3, btc, false, true)]) {
  return setView({
    session: { ...initialView.session, status: "player", nickname: "ace***", balance: usd },
    accounts: { ...initialView.accounts, items },
  });
}

describe("AccountSwitcher", () => {
  it("shows the active balance and opens the list of accounts", () => {
    show();
    render(<AccountSwitcher />);
    const button = screen.getByTestId("header-balance");
    expect(button.textContent).toContain("10.00");
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("listbox")).toBeNull();
    fireEvent.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    const options = screen.getAllByRole("option");
    expect(options.map((o) => o.getAttribute("aria-selected"))).toEqual(["true", "false", "false"]);
    expect(options[0].textContent).toContain("Active");
    expect(options[1].textContent).toContain("5.50");
  });

  it("shows the equivalent under a crypto balance, in the header and in the list", () => {
    const eq = { amount: "743.03", code: "EUR", symbol: "€" };
    setView({
      session: { ...initialView.session, status: "player", nickname: "ace***", balance: btc, equivalent: eq },
      accounts: { ...initialView.accounts, items: [account(3, btc, true, false, eq), account(1, usd, false)] },
    });
    render(<AccountSwitcher />);
    expect(screen.getByTestId("header-equivalent").textContent).toBe("≈ 743.03 EUR");
    fireEvent.click(screen.getByTestId("header-balance"));
    const options = screen.getAllByRole("option");
    expect(options[0].textContent).toContain("≈ 743.03 EUR");
    expect(options[1].textContent).not.toContain("≈");
  });

  it("shows no equivalent when none is chosen", () => {
    show();
    render(<AccountSwitcher />);
    expect(screen.queryByTestId("header-equivalent")).toBeNull();
  });

  it("switches to an inactive account by event and closes", () => {
    const sent = show();
    render(<AccountSwitcher />);
    fireEvent.click(screen.getByTestId("header-balance"));
    const [active, eurOption, busy] = screen.getAllByRole("option").map((o) => o.querySelector("button")!);
    // The active account and one whose operation is under way cannot be chosen.
    expect(active.disabled).toBe(true);
    expect(busy.disabled).toBe(true);
    fireEvent.click(active);
    expect(sent).toEqual([]);
    fireEvent.click(eurOption);
    expect(sent).toEqual([{ type: "switchAccount", id: 2 }]);
    expect(screen.queryByRole("listbox")).toBeNull();
  });

  it("closes on Escape and on a click outside, not on a click inside", () => {
    show();
    render(
      <div>
        <p>outside</p>
        <AccountSwitcher />
      </div>,
    );
    const button = screen.getByTestId("header-balance");
    fireEvent.click(button);
    fireEvent.mouseDown(screen.getByRole("listbox"));
    expect(screen.queryByRole("listbox")).not.toBeNull();
    act(() => {
      fireEvent.keyDown(document, { key: "Escape" });
    });
    expect(screen.queryByRole("listbox")).toBeNull();
    fireEvent.click(button);
    fireEvent.mouseDown(screen.getByText("outside"));
    expect(screen.queryByRole("listbox")).toBeNull();
  });

  it("shows a dash without a balance", () => {
    setView({ session: { ...initialView.session, status: "player", balance: undefined } });
    render(<AccountSwitcher />);
    expect(screen.getByTestId("header-balance").textContent).toContain("—");
  });
});
