import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { initialView } from "../core/store";
import PendingModal from "../layout/PendingModal";
import { PendingPage } from "../pages/PendingPage";
import { pageNames } from "../pages/registry";
import { setView } from "../test-utils";
import { Skeleton } from "./Skeleton";

afterEach(cleanup);

const page = (name: string) => ({
  name,
  routeName: `locale-${name}`,
  skeleton: `${name}-page`,
  layout: "default" as const,
  clientOnly: false,
  params: {},
});

describe("skeletons", () => {
  it("draws hidden placeholder lines named after the page", () => {
    const { container } = render(<Skeleton lines={3} name="bonuses-page" />);
    const el = container.querySelector("[data-skeleton]")!;
    expect(el.getAttribute("data-skeleton")).toBe("bonuses-page");
    expect(el.getAttribute("aria-hidden")).toBe("true");
    expect(el.querySelectorAll(".skeleton-line")).toHaveLength(3);
  });

  it("a pending page has its title and its route's skeleton, and nothing to click", () => {
    setView({ nav: { ...initialView.nav, page: page("profile-settings-account") } });
    const { container } = render(<PendingPage />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Account settings");
    expect(container.querySelector("[data-skeleton]")?.getAttribute("data-skeleton")).toBe("profile-settings-account-page");
    expect(container.querySelectorAll("button, a, input")).toHaveLength(0);
  });

  it("a pending modal shows the skeleton of its feature", () => {
    setView();
    const { container } = render(<PendingModal id="quests-hub" />);
    expect(container.querySelector("[data-skeleton]")?.getAttribute("data-skeleton")).toBe("quests-hub-modal");
  });

  it("every route of SPEC §2 has a page folder", () => {
    expect(pageNames).toEqual(
      [
        "auth-autologin", "auth-social-connection-callback", "bonus-pageIdentity", "bonuses", "contact", "favorites",
        "game-id", "games", "games-id", "games-providers", "index", "password-reset-resetCode", "profile",
        "profile-bonuses", "profile-info", "profile-limits", "profile-personal", "profile-sessions", "profile-settings",
        "profile-settings-account", "profile-settings-notifications", "questions", "questions-pageIdentity",
        "recently-played", "redirect", "referral", "slug", "sport-slug", "static-pageIdentity", "support",
        "verify-confirmCode", "wallet", "wallet-history", "welcome-package",
      ].sort(),
    );
  });
});
