import { useCore } from "./store";
import type { UiEvent } from "./types";

/** Where a crash was seen. */
export type CrashSite = "load" | "create" | "view" | "subscribe" | "start" | "dispatch" | "runtime" | "render";

/** Someone who wants to know about crashes besides the console (an analytics sink, a test). */
type CrashListener = (error: unknown, site: CrashSite) => void;
const listeners = new Set<CrashListener>();

export function onCrash(listener: CrashListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Events offered after a crash: refused, and said so (never a silent dead app). */
function refuse(event: UiEvent) {
  console.warn(`croupier: the core has crashed; "${event.type}" was not sent. Reload the page.`);
}

/**
 * The core (or the view) has crashed: log it, tell the listeners, show the reload screen and
 * refuse every further event. Only the first crash is reported.
 */
export function reportCrash(error: unknown, site: CrashSite) {
  if (useCore.getState().crashed) return;
  console.error(`croupier: crash in ${site}`, error);
  for (const listener of listeners) {
    try {
      listener(error, site);
    } catch {
      // A listener's own failure must not hide the crash screen.
    }
  }
  useCore.setState({ crashed: true, dispatch: refuse });
}
