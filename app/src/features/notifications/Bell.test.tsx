import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { initialView } from "../../core/store";
import { setView } from "../../test-utils";
import Bell from "./Bell";

afterEach(cleanup);

const note = (id: number, title: string, body: string, unread = true) => ({ id, title, body, unread, createdAt: "2026-11-25T10:00:00Z", createdText: "25.11.26, 11:00" });

describe("Bell", () => {
  it("badges the unread count, lists the newest and shows hostile markup as text", () => {
    const sent = setView({
      notifications: {
        ...initialView.notifications,
        unread: 4,
        unreadMessages: 3,
        unreadPushes: 1,
        latest: [note(3, "Security", '<img src=x onerror="window.__hit=1"><script>window.__hit=2</script>Never share it.'), note(2, "Two", "<b>bold</b>", false)],
      },
    });
    const { container } = render(<Bell />);
    expect(screen.getByTestId("bell-count").textContent).toBe("4");
    expect(screen.getByTestId("bell").getAttribute("aria-label")).toBe("Notifications, 4 unread");
    fireEvent.click(screen.getByTestId("bell"));
    const bodies = [...container.querySelectorAll(".note-body")].map((b) => b.textContent);
    expect(bodies).toEqual(["Never share it.", "bold"]);
    expect(container.querySelector("img, script, b")).toBeNull();
    expect((window as unknown as { __hit?: number }).__hit).toBeUndefined();
    fireEvent.click(screen.getByRole("button", { name: "Mark “Security” as read" }));
    fireEvent.click(screen.getByRole("button", { name: "Mark all as read" }));
    fireEvent.click(screen.getByRole("button", { name: "Show all" }));
    expect(sent).toEqual([
      { type: "notificationsRead", ids: [3] },
      { type: "notificationsReadAll" },
      { type: "inboxShow", pushes: false, page: 1 },
    ]);
  });

  it("has no badge when all is read", () => {
    setView({ notifications: { ...initialView.notifications, unread: 0 } });
    render(<Bell />);
    expect(screen.queryByTestId("bell-count")).toBeNull();
    expect(screen.getByTestId("bell").getAttribute("aria-label")).toBe("Notifications");
  });
});
