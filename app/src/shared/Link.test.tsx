import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { initialView } from "../core/store";
import { setView } from "../test-utils";
import { Link } from "./Link";

afterEach(cleanup);

const portuguese = { ...initialView.nav, locale: "pt-br", homePath: "/pt-br", paths: { wallet: "/pt-br/wallet", "wallet-history": "/pt-br/wallet/history" } };

describe("Link", () => {
  it("takes a route's path in the page's locale from the core, and navigates there", () => {
    const sent = setView({ nav: portuguese });
    render(<Link to="wallet-history">History</Link>);
    const a = screen.getByRole("link", { name: "History" });
    expect(a.getAttribute("href")).toBe("/pt-br/wallet/history");
    fireEvent.click(a);
    expect(sent).toEqual([{ type: "navigate", path: "/pt-br/wallet/history" }]);
  });

  it("the default locale's paths come from the core's first view", () => {
    setView();
    render(<Link to="profile-limits">Limits</Link>);
    expect(screen.getByRole("link", { name: "Limits" }).getAttribute("href")).toBe("/profile/limits");
  });

  it("leaves a modified click (new tab) to the browser", () => {
    const sent = setView({ nav: portuguese });
    render(<Link to="wallet">Wallet</Link>);
    fireEvent.click(screen.getByRole("link", { name: "Wallet" }), { ctrlKey: true });
    expect(sent).toEqual([]);
  });
});
