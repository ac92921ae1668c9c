import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { initialView } from "../core/store";
import { setView } from "../test-utils";
import { LanguageSwitcher } from "./LanguageSwitcher";

afterEach(cleanup);

const locales = [
  { code: "en", name: "English", href: "/games", active: false },
  { code: "pt-br", name: "Português (Brasil)", href: "/pt-br/games", active: true },
  { code: "es", name: "Español", href: "/es/games", active: false },
];

describe("LanguageSwitcher", () => {
  it("lists the core's locales, shows the active one, and asks the core to switch", () => {
    const sent = setView({ nav: { ...initialView.nav, locales } });
    render(<LanguageSwitcher id="lang" />);
    const select = screen.getByLabelText("Language") as HTMLSelectElement;
    expect(select.value).toBe("pt-br");
    expect(screen.getAllByRole("option").map((o) => [o.textContent, o.getAttribute("lang")])).toEqual([
      ["English", "en"],
      ["Português (Brasil)", "pt-br"],
      ["Español", "es"],
    ]);
    fireEvent.change(select, { target: { value: "es" } });
    // The core builds the address of the same page in that locale: no URL here.
    expect(sent).toEqual([{ type: "setLocale", code: "es" }]);
  });

  it("is not shown with a single language", () => {
    setView({ nav: { ...initialView.nav, locales: locales.slice(0, 1) } });
    render(<LanguageSwitcher id="lang" />);
    expect(screen.queryByLabelText("Language")).toBeNull();
  });
});
