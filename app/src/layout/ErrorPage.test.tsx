import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { initialView, useCore } from "../core/store";
import { setView } from "../test-utils";
import ErrorPage from "./ErrorPage";

afterEach(cleanup);

describe("ErrorPage", () => {
  it("shows the spec's title and text, the status, and a Homepage link in the same locale", () => {
    const sent = setView({
      nav: { ...initialView.nav, page: undefined, error: { status: 404, message: "Page Not Found: /pt-br/a/%%" }, homePath: "/pt-br" },
    });
    render(<ErrorPage />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Something went wrong");
    expect(screen.getByText(/does not exist or has been moved/).textContent).toBe(
      "The page you are trying to access does not exist or has been moved. Try going back to our homepage.",
    );
    expect(screen.getByText("Error 404")).toBeTruthy();
    const home = screen.getByRole("link", { name: "Homepage" });
    expect(home.getAttribute("href")).toBe("/pt-br");
    fireEvent.click(home);
    expect(sent).toEqual([{ type: "navigate", path: "/pt-br" }]);
  });

  it("takes its texts from the loaded content", () => {
    setView({ nav: { ...initialView.nav, error: { status: 404, message: "" }, homePath: "/pt-br" } });
    useTexts({ "layout.error.title": "Algo deu errado", "layout.error.home": "Página inicial" });
    render(<ErrorPage />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Algo deu errado");
    expect(screen.getByRole("link", { name: "Página inicial" })).toBeTruthy();
  });
});

function useTexts(texts: Record<string, string>) {
  useCore.setState((s) => ({ texts: { ...s.texts, ...texts } }));
}
