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
