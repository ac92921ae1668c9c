import { useSyncExternalStore } from "react";

export type ColorScheme = "light" | "dark";

/** The attribute the mini-app sets from the messenger's colour scheme (features/miniapp/chrome.ts). */
const ATTRIBUTE = "data-tg-scheme";

/** The page's colour scheme: the site is dark; inside the messenger it follows the messenger's. */
export function colorScheme(): ColorScheme {
  if (typeof document === "undefined") return "dark";
  return document.documentElement.getAttribute(ATTRIBUTE) === "light" ? "light" : "dark";
}

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: [ATTRIBUTE] });
  return () => observer.disconnect();
}

/** [`colorScheme`], re-rendering when the messenger switches it (its `themeChanged`). */
export function useColorScheme(): ColorScheme {
  return useSyncExternalStore(subscribe, colorScheme, () => "dark");
}
