import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import type { ContentNode } from "croupier-core";
import { afterEach, describe, expect, it } from "vitest";
import { setView } from "../../test-utils";
import { ContentBody } from "./ContentBody";

afterEach(cleanup);

const text = (t: string): ContentNode => ({ tag: "", text: t, children: [], external: false, href: undefined, alt: undefined });
const el = (tag: string, children: ContentNode[], extra: Partial<ContentNode> = {}): ContentNode => ({ tag, text: "", children, external: false, href: undefined, alt: undefined, ...extra });

describe("ContentBody", () => {
  it("renders the core's tree as elements: markup in text stays text", () => {
    setView();
    const { container } = render(<ContentBody nodes={[el("h2", [text("Title")]), el("p", [text("<img src=x onerror=alert(1)>"), el("strong", [text("bold")])])]} />);
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("Title");
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelector("p")?.textContent).toBe("<img src=x onerror=alert(1)>bold");
  });

  it("moves in the app for own links, opens other sites in a new tab, leaves mail links to the device", () => {
    const sent = setView();
    render(
      <ContentBody
        nodes={[
          el("a", [text("terms")], { href: "/static/terms" }),
          el("a", [text("help")], { href: "https://help.example", external: true }),
          el("a", [text("mail")], { href: "mailto:s@x.test" }),
          el("a", [text("no address")]),
          el("img", [], { href: "/a.png", alt: "A" }),
        ]}
      />,
    );
    fireEvent.click(screen.getByRole("link", { name: "terms" }));
    expect(sent).toEqual([{ type: "navigate", path: "/static/terms" }]);
    const help = screen.getByRole("link", { name: /help/ });
    expect(help.getAttribute("target")).toBe("_blank");
    expect(help.getAttribute("rel")).toBe("noopener noreferrer");
    expect(help.textContent).toContain("opens in a new tab");
    expect(screen.getByRole("link", { name: "mail" }).getAttribute("href")).toBe("mailto:s@x.test");
    expect(screen.queryByRole("link", { name: "no address" })).toBeNull();
    expect(screen.getByRole("img", { name: "A" }).getAttribute("src")).toBe("/a.png");
  });
});
