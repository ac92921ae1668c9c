import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { initialView, useCore } from "../../core/store";
import { setView } from "../../test-utils";
import { ContentPage } from "./ContentPage";
import { Redirect } from "./Redirect";

afterEach(cleanup);

// The content pages' part of the core is the `pages` group's chunk (issue 28).
describe("ContentPage while the pages' code is away", () => {
  it("shows the page's heading and its skeleton while the chunk loads, the retry when it failed", () => {
    setView({ groups: { ...initialView.groups, pages: "loading" } });
    render(<ContentPage name="slug" />);
    expect(screen.getByRole("heading", { level: 1 })).toBeTruthy();
    expect(screen.getByRole("status").textContent).not.toBe("");
    expect(screen.queryByRole("alert")).toBeNull();
    cleanup();

    setView({ groups: { ...initialView.groups, pages: "failed" } });
    const loaded: string[] = [];
    useCore.setState({ load: (g) => loaded.push(g) });
    render(<ContentPage name="slug" />);
    expect(screen.getByRole("heading", { level: 1 })).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toContain("could not be loaded");
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(loaded).toEqual(["pages"]);
  });

  it("/redirect says nothing of the address until the code that reads it is here", () => {
    setView({ groups: { ...initialView.groups, pages: "loading" } });
    render(<Redirect />);
    expect(screen.queryByText("This link cannot be opened.")).toBeNull();
    cleanup();
    setView({ groups: { ...initialView.groups, pages: "ready" } });
    render(<Redirect />);
    expect(screen.getByText("This link cannot be opened.")).toBeTruthy();
  });
});
