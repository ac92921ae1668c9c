import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { initialView } from "../../core/store";
import { setView } from "../../test-utils";
import { VerifyLink } from "./VerifyLink";
import VerifyModals from "./VerifyModals";

afterEach(cleanup);

type Link = typeof initialView.verify.link;
const link = (status: Link, player = false) =>
  setView({
    verify: { ...initialView.verify, link: status, linkEmail: "a@example.com" },
    session: { ...initialView.session, status: player ? "player" : "guest" },
  });

describe("VerifyLink", () => {
  it("shows progress, then the confirmed address and where to go on", () => {
    link("checking");
    render(<VerifyLink />);
    expect(screen.getByText("Confirming your e-mail…")).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
    cleanup();
    const events = link("confirmed", true);
    render(<VerifyLink />);
    expect(screen.getByText("a@example.com is confirmed. Thank you!")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Go to my profile" }));
    expect(events).toEqual([{ type: "navigate", path: "/profile/info" }]);
  });

  it("tells an expired link apart and offers a new mail, or a sign-in to a guest", () => {
    const events = link("expired", true);
    render(<VerifyLink />);
    expect(screen.getByRole("heading", { name: "This link has expired" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Send a new e-mail" }));
    expect(events).toEqual([{ type: "emailResend" }]);
    cleanup();
    const guest = link("invalid");
    render(<VerifyLink />);
    expect(screen.getByRole("heading", { name: "This link is not valid" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Sign in to ask for a new e-mail" }));
    expect(guest).toEqual([{ type: "openModal", id: "sign-in" }]);
    cleanup();
    const failed = link("failed");
    render(<VerifyLink />);
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(failed).toEqual([{ type: "verifyRetry" }]);
  });
});

describe("avatars modal", () => {
  const avatars: [string, string][] = [
    ["ace", "/avatars/ace.svg"],
    ["star", "/avatars/star.svg"],
  ];
  it("marks the current one, chooses another, and keeps a refused choice with the reason", () => {
    const events = setView({
      verify: { ...initialView.verify, avatars },
      session: { ...initialView.session, status: "player", avatar: "/avatars/ace.svg" },
    });
    render(<VerifyModals id="avatars" />);
    expect(screen.getByRole("button", { name: /Ace of spades/ }).getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(screen.getByRole("button", { name: /Star/ }));
    expect(events).toEqual([{ type: "avatarChoose", id: "star" }]);
    cleanup();
    setView({
      verify: { ...initialView.verify, avatars, chosen: "star", avatarError: "There is no avatar with this id." },
      session: { ...initialView.session, status: "player" },
    });
    render(<VerifyModals id="avatars" />);
    expect(screen.getByRole("alert").textContent).toBe("There is no avatar with this id.");
    expect(screen.getByTestId("avatar-star").className).toContain("is-chosen");
  });

  it("says when the list could not be loaded", () => {
    setView({ verify: { ...initialView.verify, avatarError: "Something went wrong" } });
    render(<VerifyModals id="avatars" />);
    expect(screen.getByRole("alert").textContent).toBe("The avatars could not be loaded.");
  });
});

describe("email modal", () => {
  const open = (verify: Partial<typeof initialView.verify>) =>
    setView({ verify: { ...initialView.verify, ...verify }, session: { ...initialView.session, status: "player" } });

  it("waits for the profile, then asks a player with a password for it", () => {
    open({});
    const { container } = render(<VerifyModals id="email" />);
    expect(container.querySelector('[data-skeleton="email-proof"]')).toBeTruthy();
    expect(screen.queryByLabelText("Current password")).toBeNull();
    cleanup();
    const events = open({ proof: "password" });
    render(<VerifyModals id="email" />);
    const field = screen.getByLabelText("Current password") as HTMLInputElement;
    expect(field.type).toBe("password");
    expect(field.autocomplete).toBe("current-password");
    expect(screen.getByText("For your safety, the e-mail changes only with your password.")).toBeTruthy();
    fireEvent.change(field, { target: { value: "secret" } });
    expect(events).toEqual([{ type: "formInput", form: "emailAddress", field: "currentPassword", value: "secret" }]);
    expect(screen.queryByRole("button", { name: "Send me a code" })).toBeNull();
  });

  it("lets a player without a password ask for a code, then says where it went and when another may come", () => {
    const events = open({ proof: "code" });
    render(<VerifyModals id="email" />);
    expect(screen.queryByLabelText("Current password")).toBeNull();
    expect(screen.getByLabelText("Code that proves it is you")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Send me a code" }));
    expect(events).toEqual([{ type: "ownerCode" }]);
    cleanup();
    open({ proof: "code", ownerSentTo: "+351912000333", ownerResendAt: Date.now() + 30_000 });
    render(<VerifyModals id="email" />);
    expect(screen.getByText("We sent a code to +351912000333.")).toBeTruthy();
    expect(screen.getByText(/New code in \d+ s/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Send me a code" })).toBeNull();
  });
});
