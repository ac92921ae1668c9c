import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { pageNames } from "../pages/registry";
import { Skeleton } from "./Skeleton";

afterEach(cleanup);

describe("skeletons", () => {
  it("draws hidden placeholder lines named after the page", () => {
    const { container } = render(<Skeleton lines={3} name="bonuses-page" />);
    const el = container.querySelector("[data-skeleton]")!;
    expect(el.getAttribute("data-skeleton")).toBe("bonuses-page");
    expect(el.getAttribute("aria-hidden")).toBe("true");
    expect(el.querySelectorAll(".skeleton-line")).toHaveLength(3);
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
