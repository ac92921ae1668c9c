import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { setView } from "../test-utils";
import { Header } from "./Header";

afterEach(cleanup);

describe("Header", () => {
  it("offers sign in and sign up to a guest, and opens the modal by event", () => {
    const sent = setView({ session: { status: "guest", nickname: undefined, balance: undefined } });
    render(<Header onMenu={() => {}} />);
    fireEvent.click(screen.getByRole("button", { name: "Sign up" }));
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(sent).toEqual([
      { type: "openModal", id: "sign-up" },
      { type: "openModal", id: "sign-in" },
    ]);
    expect(screen.queryByRole("button", { name: "Sign out" })).toBeNull();
  });

  it("shows the player's nickname and active balance, and signs out", () => {
    const sent = setView({
      session: { status: "player", nickname: "jack***", balance: { amount: "12.34567", code: "mBTC", symbol: "₿" } },
    });
    render(<Header onMenu={() => {}} />);
    expect(screen.getByTestId("header-nickname").textContent).toBe("jack***");
    expect(screen.getByTestId("header-balance").textContent).toContain("12.34567 mBTC");
    fireEvent.click(screen.getByRole("button", { name: "Sign out" }));
    expect(sent).toEqual([{ type: "signOut" }]);
  });

  it("shows neither while the session is being restored", () => {
    setView({ session: { status: "booting", nickname: undefined, balance: undefined } });
    render(<Header onMenu={() => {}} />);
    expect(screen.queryByRole("button", { name: "Sign in" })).toBeNull();
    expect(screen.getByText("Loading…")).toBeTruthy();
  });
});
