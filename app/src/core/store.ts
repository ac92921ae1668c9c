import { create } from "zustand";
import en from "../../../core/content/en.json";
import generated from "./initialView.gen.json";
import { STATIC_PAGES, TOKEN_COOKIE } from "./names.gen";
import type { UiEvent, View } from "./types";

export type CoreState = View & {
  /** The core has loaded and drives the view. */
  ready: boolean;
  /** The core (or a component) crashed: the app shows the reload screen and refuses events. */
  crashed: boolean;
  dispatch: (event: UiEvent) => void;
  /** Load a lazily loaded part of the core (`groups`): the retry after it failed. */
  load: (group: keyof View["groups"]) => void;
};

/** Before the core loads: the core's own view of a fresh model (generated and kept current by
 * core/tests/native/initial_view.rs), with the bundled English texts. */
export const initialView: View = {
  ...(generated as unknown as Omit<View, "texts">),
  // The default language already, so the frame reads well before the core has loaded.
  texts: en,
};

/** Events sent before the core has loaded, replayed in order once it has (a click on "Sign
 * in" while the wasm is still on its way opens the modal when it arrives). */
const early: UiEvent[] = [];

/** Hands the events queued before the core loaded to the bridge (once). */
export function takeEarlyEvents(): UiEvent[] {
  return early.splice(0, early.length);
}

export const useCore = create<CoreState>(() => ({
  ...initialView,
  ready: false,
  crashed: false,
  dispatch: (event) => {
    early.push(event);
  },
  // Before the core is here nothing is loaded: the core loads a group itself when it is needed.
  load: () => {},
}));

/**
 * What the shell can paint before the core arrives, from the bundled English texts alone:
 * - the guest's home (frame, header, hero) when the address is the default-locale home and no
 *   session cookie says a player is coming back;
 * - a returning player's page frame (header still loading, the page's own booting state, e.g.
 *   the wallet's title) on a default-locale address without parameters, which the core's route
 *   table lists in `STATIC_PAGES` (generated, names.gen.ts).
 * Anything else (a player's home, other addresses) waits for the core behind the preloader.
 * `undefined` when nothing can be painted early.
 */
export function firstPaintView(path: string, cookie: string): View | undefined {
  const signedIn = cookie.split(";").some((c) => {
    const [k, v] = c.trim().split("=");
    return k === TOKEN_COOKIE && !!v;
  });
  if (signedIn) {
    const page = Object.hasOwn(STATIC_PAGES, path) ? STATIC_PAGES[path] : undefined;
    if (!page) return undefined;
    // The menu marks the page's own link as the core will (the longest link the path is under;
    // home only on itself); the language links keep the path.
    const active = <L extends { href: string; active: boolean }>(links: L[]) => {
      const under = links.map((l) => (l.href === initialView.nav.homePath ? path === l.href : path === l.href || path.startsWith(`${l.href}/`)));
      const best = under.reduce((at, u, i) => (u && (at < 0 || links[i].href.length >= links[at].href.length) ? i : at), -1);
      return links.map((l, i) => ({ ...l, active: i === best }));
    };
    const nav = initialView.nav;
    return {
      ...initialView,
      nav: {
        ...nav,
        path,
        fullPath: path,
        links: active(nav.links),
        footerLinks: active(nav.footerLinks),
        locales: nav.locales.map((l) => ({ ...l, href: l.href.replace(/\/$/, "") + path })),
        page: { ...page, routeName: page.name, layout: "default", params: {} },
        preloader: "removed",
      },
    };
  }
  if (path !== initialView.nav.homePath) return undefined;
  return {
    ...initialView,
    session: { ...initialView.session, status: "guest" },
    nav: {
      ...initialView.nav,
      page: { name: "index", routeName: "index", skeleton: "index-page", layout: "default", clientOnly: false, params: {} },
      preloader: "removed",
    },
  };
}

/** Text for `key` with `{name}` placeholders filled; the key itself when missing. */
export function useText() {
  const texts = useCore((s) => s.texts);
  return (key: string, params?: Record<string, string>) => {
    let text = texts[key] ?? key;
    for (const [k, v] of Object.entries(params ?? {})) text = text.replaceAll(`{${k}}`, v);
    return text;
  };
}

export const useDispatch = () => useCore((s) => s.dispatch);
