import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { initialView } from "../core/store";
import { setView } from "../test-utils";
import { Header } from "./Header";

afterEach(cleanup);

const locales = [
  { code: "en", name: "English", href: "/wallet", active: true },
  { code: "pt-br", name: "Português (Brasil)", href: "/pt-br/wallet", active: false },
];

describe("Header", () => {
  it("offers sign in and sign up to a guest, and opens the modal by event", () => {
    const sent = setView({ session: { status: "guest", nickname: undefined, avatar: undefined, balance: undefined, equivalent: undefined, socialConnections: [] } });
    render(<Header />);
    fireEvent.click(screen.getByRole("button", { name: "Sign up" }));
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(sent).toEqual([
      { type: "openModal", id: "sign-up" },
      { type: "openModal", id: "sign-in" },
    ]);
    expect(screen.queryByRole("button", { name: "Sign out" })).toBeNull();
  });

  it("shows the player's nickname and active balance, and signs out", async () => {
    const sent = setView({
      session: { status: "player", nickname: "jack***", avatar: undefined, balance: { amount: "12.34567", code: "mBTC", symbol: "₿" }, equivalent: undefined, socialConnections: [] },
    });
    render(<Header />);
    expect(screen.getByTestId("header-nickname").textContent).toBe("jack***");
    // The account switcher is its own chunk: it arrives a moment later.
    expect((await screen.findByTestId("header-balance")).textContent).toContain("12.34567 mBTC");
    fireEvent.click(screen.getByRole("button", { name: "Sign out" }));
    expect(sent).toEqual([{ type: "signOut" }]);
  });

  it("shows neither while the session is being restored", () => {
    setView({ session: { status: "booting", nickname: undefined, avatar: undefined, balance: undefined, equivalent: undefined, socialConnections: [] } });
    render(<Header />);
    expect(screen.queryByRole("button", { name: "Sign in" })).toBeNull();
    expect(screen.getByText("Loading…")).toBeTruthy();
  });

  it("links the logo to the localised home and toggles the drawer", () => {
    const sent = setView({ nav: { ...initialView.nav, homePath: "/pt-br", drawerOpen: true } });
    render(<Header mobile />);
    expect(screen.getByRole("link", { name: "Croupier" }).getAttribute("href")).toBe("/pt-br");
    const menu = screen.getByRole("button", { name: "Menu" });
    expect(menu.getAttribute("aria-expanded")).toBe("true");
    fireEvent.click(menu);
    expect(sent).toEqual([{ type: "toggleDrawer" }]);
  });

  it("has the language switcher on desktop only", () => {
    setView({ nav: { ...initialView.nav, locales } });
    const { unmount } = render(<Header />);
    expect(screen.getByLabelText("Language")).toBeTruthy();
    unmount();
    render(<Header mobile />);
    expect(screen.queryByLabelText("Language")).toBeNull();
  });
});
