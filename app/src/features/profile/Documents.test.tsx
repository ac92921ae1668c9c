import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { initialView } from "../../core/store";
import { setView } from "../../test-utils";
import { Documents, FILE_INPUT } from "./Documents";

afterEach(cleanup);

const rows = [
  { id: 2, type: "address", fileName: "bill.pdf", status: 2, createdAt: "2026-11-26T07:00:00Z", uploadedText: "26.11.26, 08:00" },
  { id: 1, type: "identity", fileName: "id.png", status: 1, createdAt: "2026-11-25T07:00:00Z", uploadedText: "25.11.26, 08:00" },
];
const docs = (extra = {}) => setView({ documents: { ...initialView.documents, list: { documents: rows, verified: false }, ...extra } });

describe("Documents", () => {
  it("waits for the list, then names each status by the constants and lets only unapproved rows go", () => {
    setView({ documents: { ...initialView.documents, list: null } });
    render(<Documents />);
    expect(screen.queryByRole("heading", { name: "Verification" })).toBeNull();
    cleanup();
    const events = docs();
    render(<Documents />);
    const items = screen.getAllByRole("listitem");
    expect(items[0].textContent).toContain("Proof of address");
    expect(items[0].textContent).toContain("Approved");
    expect(items[1].textContent).toContain("Under review");
    // The upload time as the core wrote it (SPEC §9, the device's zone): no formatting here.
    expect(items[0].textContent).toContain("26.11.26, 08:00");
    expect(items[1].textContent).toContain("25.11.26, 08:00");
    expect(screen.queryByRole("button", { name: "Delete bill.pdf" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Delete id.png" }));
    expect(events).toEqual([{ type: "documentDelete", id: 1 }]);
  });

  it("sends the chosen file's name and size; the bar follows the input's progress", () => {
    const events = docs();
    render(<Documents />);
    const input = document.getElementById(FILE_INPUT) as HTMLInputElement;
    const file = new File(["12345"], "passport.png", { type: "image/png" });
    fireEvent.change(input, { target: { files: [file] } });
    expect(events).toEqual([{ type: "documentFile", name: "passport.png", size: 5 }]);
    cleanup();
    docs({ file: "passport.png", uploading: true });
    render(<Documents />);
    act(() => {
      document.getElementById(FILE_INPUT)!.dispatchEvent(new CustomEvent("uploadprogress", { detail: 40 }));
    });
    expect((screen.getByRole("progressbar") as HTMLProgressElement).value).toBe(40);
    expect(screen.getByText("Uploading… 40%")).toBeTruthy();
  });

  it("offers a retry when an upload failed with the file kept", () => {
    docs({ file: "passport.png", error: "The upload failed. Your file is kept: try again." });
    render(<Documents />);
    expect(screen.getByRole("alert").textContent).toBe("The upload failed. Your file is kept: try again.");
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});
