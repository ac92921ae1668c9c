import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { initialView } from "../core/store";
import { setView } from "../test-utils";
import { ModalHost } from "./ModalHost";

afterEach(cleanup);

const withModal = (id: string) => ({ nav: { ...initialView.nav, modal: { id, params: {} } } });

describe("ModalHost", () => {
  it("renders nothing without a modal", () => {
    setView();
    render(<ModalHost />);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("frames the confirm modal with its title and body, and reports it opened", async () => {
    const sent = setView(withModal("confirm"));
    render(<ModalHost />);
    expect(await screen.findByRole("dialog", { name: "Your profile is confirmed" })).toBeTruthy();
    expect(await screen.findByRole("button", { name: "Great" })).toBeTruthy();
    expect(sent).toEqual([{ type: "modalOpened" }]);
    fireEvent.keyDown(document, { key: "Escape" });
    expect(sent).toEqual([{ type: "modalOpened" }, { type: "closeModal" }]);
  });

  it("draws nothing for an id that is no modal", () => {
    setView(withModal("no-such-modal"));
    render(<ModalHost />);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("loads the sign-in form into the frame", async () => {
    setView(withModal("sign-in"));
    render(<ModalHost />);
    // Frame and form arrive together (no frame growing under the player's eyes).
    const dialog = await screen.findByRole("dialog", { name: "Sign in" });
    expect(dialog.querySelector("input[type=email], input")).not.toBeNull();
    expect(await screen.findByLabelText("E-mail")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Forgot password?" })).toBeTruthy();
  });

  it("forgot-pass sends the form by events and leads back to sign-in", async () => {
    const sent = setView(withModal("forgot-pass"));
    render(<ModalHost />);
    expect(await screen.findByRole("dialog", { name: "Forgot your password?" })).toBeTruthy();
    fireEvent.change(await screen.findByLabelText("E-mail"), { target: { value: "ace@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Send the link" }));
    fireEvent.click(screen.getByRole("button", { name: "Back to sign in" }));
    expect(sent.filter((e) => e.type !== "modalOpened")).toEqual([
      { type: "formInput", form: "forgotPass", field: "email", value: "ace@example.com" },
      { type: "formSubmit", form: "forgotPass" },
      { type: "openModal", id: "sign-in" },
    ]);
  });

  it("reset-email-send names the address and offers the code form", async () => {
    const sent = setView({
      ...withModal("reset-email-send"),
      forms: { ...initialView.forms, forgotPass: { values: { email: "ace@example.com" }, errors: {}, submitting: false, error: undefined } },
    });
    render(<ModalHost />);
    expect(await screen.findByText(/ace@example\.com/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "I have a code" }));
    expect(sent).toContainEqual({ type: "openModal", id: "reset-pass" });
  });

  it("reset-pass shows the core's messages on its fields", async () => {
    setView({
      ...withModal("reset-pass"),
      forms: {
        ...initialView.forms,
        resetPass: {
          values: { code: "abc123" },
          errors: { code: "The reset code is invalid or has expired.", password_confirmation: "Values do not match" },
          submitting: false,
          error: undefined,
        },
      },
    });
    render(<ModalHost />);
    const code = (await screen.findByLabelText("Reset code")) as HTMLInputElement;
    expect(code.value).toBe("abc123");
    expect(document.getElementById("reset-code-error")?.textContent).toBe("The reset code is invalid or has expired.");
    expect(document.getElementById("reset-password-confirmation-error")?.textContent).toBe("Values do not match");
    expect(screen.getByLabelText("New password")).toBeTruthy();
  });
});
