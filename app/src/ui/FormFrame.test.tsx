import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FormFrame } from "./FormFrame";

afterEach(cleanup);

describe("FormFrame", () => {
  it("a press on the submit button does not take the focus from the field (its blur would move the button away)", () => {
    const onSubmit = vi.fn();
    render(
      <FormFrame onSubmit={onSubmit}>
        <input aria-label="Name" />
        <button type="button">Show</button>
        <button type="submit">Apply</button>
      </FormFrame>,
    );
    // fireEvent returns false when the handler prevented the default (the focus change).
    expect(fireEvent.mouseDown(screen.getByRole("button", { name: "Apply" }))).toBe(false);
    expect(fireEvent.mouseDown(screen.getByRole("button", { name: "Show" }))).toBe(true);
    expect(fireEvent.mouseDown(screen.getByLabelText("Name"))).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
