import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { initialView } from "../../core/store";
import { setView } from "../../test-utils";
import { SessionsPanel } from "./SessionsPanel";

afterEach(cleanup);

describe("SessionsPanel", () => {
  it("says when each session started and was last active in the core's words (SPEC §9)", () => {
    setView({
      profile: {
        ...initialView.profile,
        pages: 1,
        sessions: [
          { id: 3, createdAt: 1768519800, lastActiveAt: 1784158200, createdText: "16.01.26, 00:30", lastActiveText: "16.07.26, 01:30", source: "web", platform: "desktop", current: true },
        ],
      },
    });
    render(<SessionsPanel />);
    expect(screen.getByTestId("session-3").textContent).toContain("Signed in 16.01.26, 00:30 · last active 16.07.26, 01:30");
  });
});
