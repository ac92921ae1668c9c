import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { setView } from "../test-utils";
import { PlayerPage } from "./PlayerPage";

afterEach(cleanup);

const session = (status: "booting" | "guest" | "player") => ({
  session: { status, nickname: undefined, avatar: undefined, balance: undefined, equivalent: undefined, socialConnections: [] },
});

// The skeleton is only the moment the session is restored: end to end it is often gone before
// a check can see it, so its three states are proven here.
describe("PlayerPage", () => {
  it("shows the page's skeleton while the session is restored, and nothing of the page", () => {
    setView(session("booting"));
    const { container } = render(
      <PlayerPage route="profile-personal" lines={6}>
        <p>secret</p>
      </PlayerPage>,
    );
    const skeleton = container.querySelector("[data-skeleton]")!;
    expect(skeleton.getAttribute("data-skeleton")).toBe("profile-personal-page");
    expect(skeleton.querySelectorAll(".skeleton-line")).toHaveLength(6);
    expect(screen.queryByText("secret")).toBeNull();
  });

  it("asks a guest to sign in under the page's title", () => {
    const sent = setView(session("guest"));
    render(
      <PlayerPage route="profile-personal">
        <p>secret</p>
      </PlayerPage>,
    );
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Personal details");
    expect(screen.queryByText("secret")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(sent).toEqual([{ type: "openModal", id: "sign-in" }]);
  });

  it("shows a player the page under its title", () => {
    setView(session("player"));
    render(
      <PlayerPage route="profile-personal" intro="Your details">
        <p>secret</p>
      </PlayerPage>,
    );
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Personal details");
    expect(screen.getByText("secret")).toBeTruthy();
    expect(screen.getByText("Your details")).toBeTruthy();
  });
});
