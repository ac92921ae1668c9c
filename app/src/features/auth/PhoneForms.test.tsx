import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { initialView } from "../../core/store";
import { setView } from "../../test-utils";
import { CodeVerifyForm } from "./PhoneForms";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const sent = (resendAt: number, extra = {}) =>
  setView({ phone: { ...initialView.phone, sentTo: "+351912345678", resendAt, codeLength: 6, ...extra } });

describe("CodeVerifyForm", () => {
  it("counts the resend down and then offers it", () => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
    const events = sent(1_000_000 + 2_500);
    render(<CodeVerifyForm />);
    expect(screen.getByText("We sent a code to +351912345678.")).toBeTruthy();
    expect(screen.getByText("New code in 3 s")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Send a new code" })).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(screen.getByText("New code in 2 s")).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(2_000);
    });
    fireEvent.click(screen.getByRole("button", { name: "Send a new code" }));
    fireEvent.click(screen.getByRole("button", { name: "Change the number" }));
    expect(events).toEqual([{ type: "phoneResend" }, { type: "phoneChangeNumber" }]);
  });

  it("asks for a number when no code was sent, and shows the sign-up step for a new one", () => {
    setView({ phone: { ...initialView.phone, sentTo: undefined } });
    render(<CodeVerifyForm />);
    expect(screen.getByRole("button", { name: "Get a code" })).toBeTruthy();
    cleanup();
    sent(0, { newPlayer: true });
    render(<CodeVerifyForm />);
    expect(screen.getByText(/\+351912345678 is confirmed/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Create my account" })).toBeTruthy();
  });

  it("asks a player for the proof the core names: the password, or the owner code with its button", () => {
    sent(0, { forProfile: true, proof: "password" });
    render(<CodeVerifyForm />);
    expect(screen.getByLabelText("Current password")).toBeTruthy();
    cleanup();
    const events = sent(0, { forProfile: true, proof: "code", ownerResendAt: 0, ownerSending: false });
    render(<CodeVerifyForm />);
    expect(screen.queryByLabelText("Current password")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Send me a code" }));
    expect(events).toEqual([{ type: "phoneOwnerCode" }]);
    cleanup();
    // A guest signing in is asked for nothing more.
    sent(0, { forProfile: false, proof: "password" });
    render(<CodeVerifyForm />);
    expect(screen.queryByLabelText("Current password")).toBeNull();
  });
});
