import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ModalFrame } from "./ModalFrame";

afterEach(cleanup);

describe("ModalFrame", () => {
  it("is a labelled dialog that takes focus and closes on Escape, backdrop and the close button", () => {
    const onClose = vi.fn();
    render(
      <ModalFrame title="Sign in" closeLabel="Close" onClose={onClose}>
        <input aria-label="E-mail" />
      </ModalFrame>,
    );
    const dialog = screen.getByRole("dialog", { name: "Sign in" });
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Close" }));
    fireEvent.keyDown(document, { key: "Escape" });
    fireEvent.mouseDown(dialog.parentElement!);
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    fireEvent.mouseDown(dialog); // inside: not a close
    expect(onClose).toHaveBeenCalledTimes(3);
  });

  it("keeps Tab inside the dialog", () => {
    render(
      <ModalFrame title="Sign in" closeLabel="Close" onClose={() => {}}>
        <input aria-label="E-mail" />
        <button type="button">Go</button>
      </ModalFrame>,
    );
    const go = screen.getByRole("button", { name: "Go" });
    go.focus();
    fireEvent.keyDown(document, { key: "Tab" });
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Close" }));
  });
});

describe("ModalFrame swipe (mobile sheet)", () => {
  afterEach(() => vi.useRealTimers());
  function sheet(onClose: () => void) {
    vi.useFakeTimers({ toFake: ["Date"] });
    render(
      <ModalFrame title="Wallet" closeLabel="Close" onClose={onClose} swipe>
        <p>body</p>
      </ModalFrame>,
    );
    const dialog = screen.getByRole("dialog", { name: "Wallet" });
    Object.defineProperty(dialog, "offsetHeight", { value: 600 });
    return dialog;
  }
  const touch = (y: number) => ({ touches: [{ clientY: y }] });
  /** Finger down at y0, moved to y1, lifted `ms` later. */
  function swipe(dialog: HTMLElement, y0: number, y1: number | null, ms: number) {
    fireEvent.touchStart(dialog, touch(y0));
    if (y1 !== null) fireEvent.touchMove(dialog, touch(y1));
    vi.setSystemTime(Date.now() + ms);
    fireEvent.touchEnd(dialog);
  }

  it("closes after a slow drag of 10% of its height", () => {
    const onClose = vi.fn();
    const dialog = sheet(onClose);
    swipe(dialog, 100, 159, 1000);
    expect(onClose).not.toHaveBeenCalled();
    expect(dialog.style.transform).toBe("");
    fireEvent.touchStart(dialog, touch(100));
    fireEvent.touchMove(dialog, touch(160));
    expect(dialog.style.transform).toBe("translateY(60px)");
    vi.setSystemTime(Date.now() + 1000);
    fireEvent.touchEnd(dialog);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("closes on a quick flick, not on a tap or an upward move", () => {
    const onClose = vi.fn();
    const dialog = sheet(onClose);
    swipe(dialog, 100, null, 50);
    swipe(dialog, 100, 20, 100);
    swipe(dialog, 100, 130, 400);
    expect(onClose).not.toHaveBeenCalled();
    swipe(dialog, 100, 130, 250);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("does not swipe on desktop", () => {
    const onClose = vi.fn();
    render(
      <ModalFrame title="Wallet" closeLabel="Close" onClose={onClose}>
        <p>body</p>
      </ModalFrame>,
    );
    const dialog = screen.getByRole("dialog", { name: "Wallet" });
    fireEvent.touchStart(dialog, touch(100));
    fireEvent.touchMove(dialog, touch(700));
    fireEvent.touchEnd(dialog);
    expect(onClose).not.toHaveBeenCalled();
  });
});
