import { describe, expect, it, vi } from "vitest";
import { replayEarlyClick, replayWhenDrawn } from "./earlyClick";

function drawn(html: string) {
  const root = document.createElement("div");
  root.innerHTML = html;
  document.body.appendChild(root);
  return root;
}

const shell = (core: string) =>
  `<div class="shell" data-core="${core}"><header><button>Menu</button><button>Sign in</button></header></div>`;

describe("the prerendered home's early click", () => {
  it("is pressed again on the same button React drew", () => {
    const root = drawn(shell("loading"));
    const pressed = vi.fn();
    root.querySelectorAll("button")[1].addEventListener("click", pressed);
    const win: { __earlyClick?: { path: number[]; text: string | null } } = {
      __earlyClick: { path: [0, 0, 1], text: "Sign in" },
    };
    expect(replayEarlyClick(root, win)).toBe(true);
    expect(pressed).toHaveBeenCalledTimes(1);
    // Once only.
    expect(win.__earlyClick).toBeUndefined();
    expect(replayEarlyClick(root, win)).toBe(false);
    expect(pressed).toHaveBeenCalledTimes(1);
  });

  it("is dropped when the tree changed under it (other text, not a button, gone)", () => {
    const root = drawn(shell("loading"));
    const pressed = vi.fn();
    root.querySelectorAll("button").forEach((b) => b.addEventListener("click", pressed));
    for (const click of [
      { path: [0, 0, 1], text: "Sign up" },
      { path: [0, 0], text: null },
      { path: [0, 0, 7], text: "Sign in" },
      { path: [3], text: "Menu" },
    ]) {
      expect(replayEarlyClick(root, { __earlyClick: click })).toBe(false);
    }
    expect(pressed).not.toHaveBeenCalled();
  });

  it("waits until React has replaced the HTML's shell", async () => {
    vi.useFakeTimers();
    const root = drawn(shell("html"));
    const win: { __earlyClick?: { path: number[]; text: string | null } } = {
      __earlyClick: { path: [0, 0, 1], text: "Sign in" },
    };
    replayWhenDrawn(root, win);
    await vi.advanceTimersByTimeAsync(100);
    // Still the HTML's inert shell: nothing pressed yet.
    expect(win.__earlyClick).toBeDefined();
    root.innerHTML = shell("loading");
    const pressed = vi.fn();
    root.querySelectorAll("button")[1].addEventListener("click", pressed);
    await vi.advanceTimersByTimeAsync(50);
    expect(pressed).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });
});
