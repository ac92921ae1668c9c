import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Toasts } from "./Toasts";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("Toasts", () => {
  it("dismisses each toast after the duration the core set", () => {
    vi.useFakeTimers();
    const onDismiss = vi.fn();
    render(
      <Toasts
        closeLabel="Close"
        onDismiss={onDismiss}
        toasts={[
          { id: 1, kind: "success", title: "Signed in", description: undefined, durationMs: 3000 },
          { id: 2, kind: "error", title: "Something went wrong", description: "Try again", durationMs: 5000 },
        ]}
      />,
    );
    expect(screen.getAllByRole("status")).toHaveLength(2);
    act(() => vi.advanceTimersByTime(3000));
    expect(onDismiss.mock.calls).toEqual([[1]]);
    act(() => vi.advanceTimersByTime(2000));
    expect(onDismiss.mock.calls).toEqual([[1], [2]]);
  });
});

describe("Toasts content", () => {
  it("shows title and description in a polite live region, and closes by its button", () => {
    const onDismiss = vi.fn();
    render(
      <Toasts
        closeLabel="Close"
        onDismiss={onDismiss}
        toasts={[{ id: 7, kind: "success", title: "Password changed", description: "Sign in with your new password.", durationMs: 5000 }]}
      />,
    );
    const toast = screen.getByRole("status");
    expect(toast.textContent).toContain("Password changed");
    expect(toast.textContent).toContain("Sign in with your new password.");
    expect(toast.closest("[aria-live]")?.getAttribute("aria-live")).toBe("polite");
    act(() => screen.getByRole("button", { name: "Close" }).click());
    expect(onDismiss).toHaveBeenCalledWith(7);
  });
});
