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
