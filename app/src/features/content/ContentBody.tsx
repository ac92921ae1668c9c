import { createElement, type ReactNode } from "react";
import type { ContentNode } from "croupier-core";
import { useText } from "../../core/store";
import { Link } from "../../shared/Link";

/** Sanitised content (the core's allow-listed tree, `features/pages/html.rs`) as React
 * elements: only the element names and the checked `href`/`alt` the core hands over reach
 * the page, never markup. */
export function ContentBody({ nodes }: { nodes: ContentNode[] }) {
  const t = useText();
  return <div className="content-body">{render(nodes, t("global-components.content.newTab"))}</div>;
}

function render(nodes: ContentNode[], newTab: string): ReactNode[] {
  return nodes.map((n, i) => {
    if (!n.tag) return n.text;
    const children = render(n.children, newTab);
    switch (n.tag) {
      case "a": {
        const href = n.href;
        if (!href) return <span key={i}>{children}</span>;
        if (n.external) {
          return (
            <a key={i} href={href} target="_blank" rel="noopener noreferrer">
              {children}
              <span className="sr-only"> ({newTab})</span>
            </a>
          );
        }
        // mailto: and tel: go to the device; the site's own addresses move in the app.
        if (!href.startsWith("/")) {
          return (
            <a key={i} href={href}>
              {children}
            </a>
          );
        }
        return (
          <Link key={i} href={href}>
            {children}
          </Link>
        );
      }
      case "img":
        return <img key={i} src={n.href ?? undefined} alt={n.alt ?? ""} loading="lazy" />;
      case "br":
      case "hr":
        return createElement(n.tag, { key: i });
      case "table":
        // Wide tables scroll inside the column on a phone instead of widening the page.
        return (
          // Focusable so a keyboard can scroll it (axe scrollable-region-focusable).
          <div key={i} className="content-table" tabIndex={0}>
            <table>{children}</table>
          </div>
        );
      default:
        return createElement(n.tag, { key: i }, ...children);
    }
  });
}
