import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import en from "../../../../core/content/en.json";
import { initialView } from "../../core/store";
import { setView } from "../../test-utils";
import ProfilePage from "./ProfilePage";

afterEach(cleanup);

const texts: Record<string, string> = en;

describe("ProfilePage", () => {
  it("draws the hub before the core knows the session (the HTML's frame), the nickname's line held by a skeleton", () => {
    setView({ session: { ...initialView.session, status: "booting", nickname: undefined } });
    const { container } = render(<ProfilePage />);
    expect(screen.getByRole("heading", { level: 1, name: texts["layout.pages.profile"] })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: texts["global-components.security.title"] })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: texts["layout.pages.profile-limits"] })).toBeTruthy();
    expect(screen.getByRole("button", { name: texts["modals.change-pass.title"] })).toBeTruthy();
    expect(screen.getByRole("link", { name: texts["global-components.security.openLimits"] })).toBeTruthy();
    // No page-wide skeleton: the frame is the page itself, only its one player-specific line waits.
    expect(container.querySelector('[data-skeleton="profile-page"]')).toBeNull();
    const nickname = screen.getByTestId("profile-nickname");
    expect(nickname.querySelector('[data-skeleton="profile-nickname"][aria-hidden="true"]')).not.toBeNull();
    expect(nickname.textContent).toBe("");
  });

  it("shows the player's nickname in place of the skeleton once the profile is known", () => {
    setView({ session: { ...initialView.session, status: "player", nickname: "Lucky Ann" } });
    render(<ProfilePage />);
    const nickname = screen.getByTestId("profile-nickname");
    expect(nickname.textContent).toBe("Lucky Ann");
    expect(nickname.querySelector("[data-skeleton]")).toBeNull();
  });

  it("offers a guest the sign-in, not the hub", () => {
    setView({ session: { ...initialView.session, status: "guest", nickname: undefined } });
    render(<ProfilePage />);
    expect(screen.getByRole("button", { name: texts["layout.signIn"] })).toBeTruthy();
    expect(screen.queryByTestId("profile-nickname")).toBeNull();
  });
});
