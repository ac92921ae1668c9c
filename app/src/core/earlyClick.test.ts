import { describe, expect, it, vi } from "vitest";
import { finishEarlyPress, keepEarlyFocus, READY_GRACE_MS, replayEarlyClick, replayWhenDrawn } from "./earlyClick";

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

describe("a press begun on the HTML's home and released on React's tree", () => {
  type Win = { __earlyPress?: { path: number[]; text: string | null } };
  const release = (target: Element) => target.dispatchEvent(new Event("pointerup", { bubbles: true }));
  /** The HTML's shell, a press on its "Sign in", then React's tree drawn over it. */
  function pressedThenDrawn() {
    const root = drawn(shell("html"));
    const win: Win = { __earlyPress: { path: [0, 0, 1], text: "Sign in" } };
    finishEarlyPress(root, win);
    root.innerHTML = shell("loading");
    const pressed = vi.fn();
    const [menu, signIn] = root.querySelectorAll("button");
    signIn.addEventListener("click", pressed);
    return { root, win, pressed, menu, signIn };
  }

  it("clicks the same button once when the release lands on it", async () => {
    vi.useFakeTimers();
    const { win, pressed, signIn } = pressedThenDrawn();
    release(signIn);
    await vi.advanceTimersByTimeAsync(10);
    expect(pressed).toHaveBeenCalledTimes(1);
    expect(win.__earlyPress).toBeUndefined();
    // The listener is gone: a later release on it is an ordinary one.
    release(signIn);
    await vi.advanceTimersByTimeAsync(10);
    expect(pressed).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });

  it("clicks nothing when the release lands elsewhere", async () => {
    vi.useFakeTimers();
    const { pressed, menu } = pressedThenDrawn();
    const menuPressed = vi.fn();
    menu.addEventListener("click", menuPressed);
    release(menu);
    await vi.advanceTimersByTimeAsync(10);
    expect(pressed).not.toHaveBeenCalled();
    expect(menuPressed).not.toHaveBeenCalled();
    vi.useRealTimers();
  });

  it("keeps the browser's own click when there is one (never two)", async () => {
    vi.useFakeTimers();
    const { pressed, signIn } = pressedThenDrawn();
    release(signIn);
    signIn.click();
    await vi.advanceTimersByTimeAsync(10);
    expect(pressed).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });

  it("leaves a release on the HTML to the click that follows it", async () => {
    vi.useFakeTimers();
    const root = drawn(shell("html"));
    const win: Win = { __earlyPress: { path: [0, 0, 1], text: "Sign in" } };
    finishEarlyPress(root, win);
    const pressed = vi.fn();
    root.querySelectorAll("button")[1].addEventListener("click", pressed);
    release(root.querySelectorAll("button")[1]);
    await vi.advanceTimersByTimeAsync(10);
    expect(pressed).not.toHaveBeenCalled();
    expect(win.__earlyPress).toBeUndefined();
    vi.useRealTimers();
  });
});

describe("an early click whose page React draws only with the core (the mini-app)", () => {
  type Win = { __earlyClick?: { path: number[]; text: string | null } };
  const page = (core: string) =>
    `<div class="shell" data-core="${core}"><header><button>Menu</button></header><main><button>Deposit</button></main></div>`;
  const preloader = `<div class="shell" data-core="loading"><header><button>Menu</button></header><main></main></div>`;
  /** The HTML's page with Deposit clicked on it, and the replay waiting for React. */
  function clickedOnHtml() {
    const root = drawn(page("html"));
    const win: Win = { __earlyClick: { path: [0, 1, 0], text: "Deposit" } };
    replayWhenDrawn(root, win);
    return { root, win };
  }
  /** React's page drawn with the core ready; gives the spy on its Deposit. */
  function pageDrawn(root: Element) {
    root.innerHTML = page("ready");
    const pressed = vi.fn();
    root.querySelector("main button")!.addEventListener("click", pressed);
    return pressed;
  }

  it("waits through React's first tree and presses the button once the page is drawn", async () => {
    vi.useFakeTimers();
    const { root, win } = clickedOnHtml();
    root.innerHTML = preloader;
    await vi.advanceTimersByTimeAsync(500);
    expect(win.__earlyClick).toBeDefined();
    const pressed = pageDrawn(root);
    await vi.advanceTimersByTimeAsync(50);
    expect(pressed).toHaveBeenCalledTimes(1);
    expect(win.__earlyClick).toBeUndefined();
    vi.useRealTimers();
  });

  it("gives up a moment after the core is ready when the page has no such button", async () => {
    vi.useFakeTimers();
    const { root, win } = clickedOnHtml();
    root.innerHTML = preloader.replace("loading", "ready");
    await vi.advanceTimersByTimeAsync(READY_GRACE_MS + 100);
    expect(win.__earlyClick).toBeUndefined();
    // Drawn later: not pressed (the visitor has long moved on).
    const pressed = pageDrawn(root);
    await vi.advanceTimersByTimeAsync(100);
    expect(pressed).not.toHaveBeenCalled();
    vi.useRealTimers();
  });

  it("keeps waiting past the grace while the session is restored or the messenger signs in", async () => {
    vi.useFakeTimers();
    const { root, win } = clickedOnHtml();
    for (const session of ["booting", "signing-in"]) {
      root.innerHTML = preloader.replace('data-core="loading"', `data-core="ready" data-session="${session}"`);
      await vi.advanceTimersByTimeAsync(READY_GRACE_MS * 2);
      expect(win.__earlyClick).toBeDefined();
    }
    const pressed = pageDrawn(root);
    await vi.advanceTimersByTimeAsync(50);
    expect(pressed).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });

  it("is dropped when the visitor presses something in React's tree meanwhile", async () => {
    vi.useFakeTimers();
    const { root } = clickedOnHtml();
    root.innerHTML = preloader;
    await vi.advanceTimersByTimeAsync(50);
    root.querySelector("header button")!.dispatchEvent(new Event("pointerdown", { bubbles: true }));
    const pressed = pageDrawn(root);
    await vi.advanceTimersByTimeAsync(100);
    expect(pressed).not.toHaveBeenCalled();
    vi.useRealTimers();
  });
});

describe("a button focused on the HTML's page", () => {
  it("keeps the focus on the same button of the app's tree when the app replaces the HTML", async () => {
    const root = drawn(shell("html"));
    root.querySelectorAll("button")[1].focus();
    keepEarlyFocus(root);
    // The app draws its own tree in place of the HTML's: the focused button leaves the page.
    root.innerHTML = shell("loading");
    await Promise.resolve();
    expect(document.activeElement).toBe(root.querySelectorAll("button")[1]);
    root.remove();
  });

  it("leaves a focus the visitor moved elsewhere alone", async () => {
    const root = drawn(shell("html"));
    const elsewhere = document.createElement("input");
    document.body.appendChild(elsewhere);
    keepEarlyFocus(root);
    root.querySelectorAll("button")[1].focus();
    elsewhere.focus();
    root.innerHTML = shell("loading");
    await Promise.resolve();
    expect(document.activeElement).toBe(elsewhere);
    root.remove();
    elsewhere.remove();
  });
});
