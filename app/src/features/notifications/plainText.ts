/** The text of server content that may hold markup, as inert text: the engine parses it into
 * a detached document (no script runs, no image loads, no handler is attached there) and only
 * its text is kept; React then writes that as a text node. Never `innerHTML` on the page. */
export function plainText(html: string): string {
  if (!html) return "";
  const doc = new DOMParser().parseFromString(html, "text/html");
  for (const el of doc.querySelectorAll("script, style, template, noscript")) el.remove();
  return (doc.body.textContent ?? "").replace(/\s+/g, " ").trim();
}
