import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { initialView } from "../../core/store";
import { setView } from "../../test-utils";
import { GameTile, srcSet } from "./GameTile";
import { SearchPanel } from "./SearchPanel";

afterEach(cleanup);

const tile = {
  identity: "book-of-ra",
  name: "Book of Ra",
  provider: "Novomatic",
  href: "/game/book-of-ra",
  img: "/api/game/images/book-of-ra/",
  favorite: false,
};

describe("GameTile", () => {
  it("draws the image at 1x-3x in a fixed box and toggles the favourite", () => {
    const sent = setView();
    render(<GameTile tile={tile} shape="3x4" />);
    expect(srcSet(tile.img, "3x4")).toBe(
      "/api/game/images/book-of-ra/3x4@1x.svg 1x, /api/game/images/book-of-ra/3x4@2x.svg 2x, /api/game/images/book-of-ra/3x4@3x.svg 3x",
    );
    expect(screen.getByRole("link", { name: "Open Book of Ra" }).getAttribute("href")).toBe("/game/book-of-ra");
    fireEvent.click(screen.getByRole("button", { name: "Add Book of Ra to favourites" }));
    expect(sent).toEqual([{ type: "gamesFavorite", identity: "book-of-ra", on: true }]);
  });
});

describe("SearchPanel", () => {
  it("sends every keystroke and shows the empty state the core decides", () => {
    const sent = setView({ gamesSearch: { ...initialView.gamesSearch, query: "zzz", empty: true } });
    render(<SearchPanel />);
    expect(screen.getByTestId("search-empty").textContent).toContain("zzz");
    fireEvent.change(screen.getByTestId("games-search"), { target: { value: "zzzq" } });
    expect(sent).toContainEqual({ type: "gamesSearch", query: "zzzq" });
  });
});
