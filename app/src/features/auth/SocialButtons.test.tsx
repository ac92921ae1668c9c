import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { initialView, useCore } from "../../core/store";
import { setView } from "../../test-utils";
import { SocialButtons } from "./SocialButtons";

afterEach(cleanup);

const providers: [string, string][] = [
  ["google", "Google"],
  ["facebook", "Facebook"],
];

// The providers are the session slice's; the round trip is the identity group's chunk (issue 28).
describe("SocialButtons while the identity code is away", () => {
  it("offers the session's providers while the chunk loads and forwards a press", () => {
    const sent = setView({
      session: { ...initialView.session, socialConnections: providers },
      groups: { ...initialView.groups, identity: "loading" },
    });
    render(<SocialButtons />);
    fireEvent.click(screen.getByRole("button", { name: "Continue with Facebook" }));
    expect(sent).toEqual([{ type: "socialStart", connection: "facebook" }]);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows the retry under the providers when the chunk failed, and nothing without providers", () => {
    setView({
      session: { ...initialView.session, socialConnections: providers },
      groups: { ...initialView.groups, identity: "failed" },
    });
    const loaded: string[] = [];
    useCore.setState({ load: (g) => loaded.push(g) });
    render(<SocialButtons />);
    expect(screen.getByRole("button", { name: "Continue with Google" })).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toContain("could not be loaded");
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(loaded).toEqual(["identity"]);
    cleanup();

    setView({ session: { ...initialView.session, socialConnections: [] } });
    const { container } = render(<SocialButtons />);
    expect(container.textContent).toBe("");
  });
});
