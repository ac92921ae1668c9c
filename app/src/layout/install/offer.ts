// The install offer's state for the page: the browser's `beforeinstallprompt` event (kept early
// by /scripts/sw-register.js as `window.__installPrompt`, since it can come before this code
// loads), the visit count and "offered" flag on the device, and `display-mode: standalone`.
// Storage that throws (private modes, blocked) only means no banner: nothing here breaks a page.
import { useSyncExternalStore } from "react";
import { countVisit, nextInstallState, type InstallEvent, type InstallState } from "./rules";

/** Chromium's BeforeInstallPromptEvent, the part used here. */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
}

declare global {
  interface Window {
    __installPrompt?: InstallPromptEvent;
  }
}

const OFFERED = "croupier.install-offered";

function safely<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

let prompt: InstallPromptEvent | undefined;
let state: InstallState = { available: false, standalone: false, visits: 0, offered: false, bannerOpen: false };
const listeners = new Set<() => void>();

function send(e: InstallEvent) {
  const before = state;
  state = nextInstallState(state, e);
  if (state.offered && !before.offered) safely(() => localStorage.setItem(OFFERED, "1"), undefined);
  if (state !== before) listeners.forEach((l) => l());
}

function offered(e: Event) {
  e.preventDefault();
  prompt = e as InstallPromptEvent;
  send({ type: "available" });
}

let started = false;
/** Once per page load: counts the visit and listens to the browser. */
function start() {
  if (started || typeof window === "undefined") return;
  started = true;
  const standalone = safely(() => window.matchMedia("(display-mode: standalone)"), undefined);
  state = {
    ...state,
    standalone: !!standalone?.matches,
    visits: safely(() => countVisit(localStorage, sessionStorage), 0),
    offered: safely(() => localStorage.getItem(OFFERED) === "1", true),
  };
  standalone?.addEventListener?.("change", (m) => send({ type: "standalone", standalone: m.matches }));
  window.addEventListener("beforeinstallprompt", offered);
  window.addEventListener("appinstalled", () => send({ type: "used" }));
  if (window.__installPrompt) offered(window.__installPrompt);
}

function subscribe(listener: () => void) {
  start();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => state;

/** The page's state is read from the first render on, not first at subscribing: an offer kept
 * before the app loaded is drawn with the first frame (subscriptions start after the paint). The
 * build's prerender reads the server snapshot: nothing starts there. */
const pageSnapshot = () => {
  start();
  return state;
};

export function useInstallOffer() {
  return useSyncExternalStore(subscribe, pageSnapshot, snapshot);
}

/** Opens the browser's install dialog; the event serves once, so the offer is used either way. */
export function install() {
  const p = prompt;
  prompt = undefined;
  window.__installPrompt = undefined;
  send({ type: "used" });
  p?.prompt().catch((error: unknown) => console.warn("install prompt failed", error));
}

export const closeBanner = () => send({ type: "closed" });

/** Tests only: forget the page's state as if it were a new load. */
export function resetInstallOffer() {
  started = false;
  prompt = undefined;
  state = { available: false, standalone: false, visits: 0, offered: false, bannerOpen: false };
}
