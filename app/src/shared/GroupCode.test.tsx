import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { initialView, useCore } from "../core/store";
import { setView } from "../test-utils";
import { GroupCode } from "./GroupCode";

afterEach(cleanup);

describe("GroupCode", () => {
  it("offers a retry of the account's chunk in place of the page while it failed", () => {
    setView({ groups: { ...initialView.groups, account: "failed" } });
    const loaded: string[] = [];
    useCore.setState({ load: (g) => loaded.push(g) });
    render(
      <GroupCode group="account" lines={4}>
        <p>the page</p>
      </GroupCode>,
    );
    expect(screen.getByRole("alert").textContent).toContain("could not be loaded");
    expect(screen.queryByText("the page")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(loaded).toEqual(["account"]);
  });

  it("waits on a page while the chunk loads, but shows a modal's form at once (typing is kept)", () => {
    setView({ groups: { ...initialView.groups, account: "loading" } });
    render(
      <GroupCode group="account" lines={4}>
        <p>the page</p>
      </GroupCode>,
    );
    expect(screen.queryByText("the page")).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
    cleanup();
    render(
      <GroupCode group="account">
        <p>the form</p>
      </GroupCode>,
    );
    expect(screen.getByText("the form")).toBeTruthy();
    cleanup();
    setView({ groups: { ...initialView.groups, account: "ready" } });
    render(
      <GroupCode group="account" lines={4}>
        <p>the page</p>
      </GroupCode>,
    );
    expect(screen.getByText("the page")).toBeTruthy();
  });
});
