import { act, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { useColorScheme } from "./useColorScheme";

function Probe() {
  return <span data-testid="scheme">{useColorScheme()}</span>;
}

describe("useColorScheme", () => {
  afterEach(() => document.documentElement.removeAttribute("data-tg-scheme"));

  it("is dark on the website and follows the messenger's scheme when it changes", async () => {
    const { getByTestId } = render(<Probe />);
    expect(getByTestId("scheme").textContent).toBe("dark");
    await act(async () => {
      document.documentElement.dataset.tgScheme = "light";
      // MutationObserver callbacks run as a microtask.
      await Promise.resolve();
    });
    expect(getByTestId("scheme").textContent).toBe("light");
    await act(async () => {
      document.documentElement.dataset.tgScheme = "dark";
      await Promise.resolve();
    });
    expect(getByTestId("scheme").textContent).toBe("dark");
  });
});
