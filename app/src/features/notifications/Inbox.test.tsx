import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { initialView } from "../../core/store";
import { setView } from "../../test-utils";
import { Inbox } from "./Inbox";

afterEach(cleanup);

describe("Inbox", () => {
  it("shows each message's time as the core wrote it, with the server's ISO text as its value", () => {
    setView({
      notifications: {
        ...initialView.notifications,
        inbox: {
          ...initialView.notifications.inbox,
          shown: true,
          items: [
            { id: 1, title: "One", body: "x", unread: false, createdAt: "2026-07-15T23:30:00Z", createdText: "16.07.26, 01:30" },
            { id: 2, title: "Two", body: "y", unread: false, createdAt: "garbage", createdText: "" },
          ],
        },
      },
    });
    render(<Inbox />);
    const times = [...screen.getByTestId("inbox").querySelectorAll("time")];
    expect(times.map((t) => t.textContent)).toEqual(["16.07.26, 01:30", ""]);
    expect(times[0].getAttribute("datetime")).toBe("2026-07-15T23:30:00Z");
  });
});
