import { StrictMode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { App } from "./App";
import { firstPaintView, initialView, useCore } from "./core/store";
import { STATIC_PAGES, TOKEN_COOKIE } from "./core/names.gen";
import { MOBILE_MAX_WIDTH } from "./ui/useDevice";

/** A page's frame as the browser's first paint draws it, at the two widths. */
export type EarlyVariants = { desktop: string; mobile: string };

/** What the build writes into index.html so a first-time guest's home, and a returning player's
 * pages listed in `EARLY_PLAYER_PAGES`, paint from the HTML. */
export type EarlyHome = EarlyVariants & {
  homePath: string;
  tokenCookie: string;
  mobileMaxWidth: number;
  staticPaths: string[];
  /** A returning player's page frames by their path (their data a skeleton until the core). */
  playerPages: Record<string, EarlyVariants>;
};

/** A returning player's pages whose frame comes in the HTML: the wallet, where players go to
 * pay (its largest paint, the line under the title, would otherwise wait for ~95 KiB of JS on a
 * slow link), and the profile (its hub's panels are the site's own text; only the nickname waits
 * for the core). Each adds its two variants to every page's HTML, so the list stays short; a
 * page's layout must come with the app's own stylesheet (main.tsx), not its chunk's. */
export const EARLY_PLAYER_PAGES = ["/wallet", "/profile"];

async function render(width: number, height: number): Promise<string> {
  // useDevice reads the window's size; on the build machine there is none, so give it one.
  (globalThis as { window?: unknown }).window = { innerWidth: width, innerHeight: height };
  try {
    const { prelude } = await prerenderToNodeStream(
      <StrictMode>
        <App />
      </StrictMode>,
    );
    const chunks: Buffer[] = [];
    for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
    return Buffer.concat(chunks).toString("utf8");
  } finally {
    delete (globalThis as { window?: unknown }).window;
  }
}

/** The frame of `path` for `cookie`, as main.tsx's first render draws it. */
async function renderEarly(path: string, cookie: string): Promise<EarlyVariants> {
  const early = firstPaintView(path, cookie);
  if (!early) throw new Error(`${path} has no early view to prerender`);
  // zustand renders a store's initial state on a server (its server snapshot): make that state
  // the early view the browser shows. Build-time only; the browser never runs this module.
  Object.assign(useCore.getInitialState(), initialView, early);
  return { desktop: await render(1280, 800), mobile: await render(390, 844) };
}

/** The guest's home and the listed player pages as the browser's first paint draws them (the
 * same views main.tsx starts from). */
export async function renderEarlyHome(): Promise<EarlyHome> {
  const playerPages: Record<string, EarlyVariants> = {};
  for (const path of EARLY_PLAYER_PAGES) {
    if (!Object.hasOwn(STATIC_PAGES, path)) throw new Error(`${path} is not a page the shell paints early`);
    playerPages[path] = await renderEarly(path, `${TOKEN_COOKIE}=prerender`);
  }
  const home = await renderEarly(initialView.nav.homePath, "");
  return {
    ...home,
    playerPages,
    homePath: initialView.nav.homePath,
    tokenCookie: TOKEN_COOKIE,
    mobileMaxWidth: MOBILE_MAX_WIDTH,
    // A returning player's pages the shell paints before the core (store.ts firstPaintView).
    staticPaths: Object.keys(STATIC_PAGES),
  };
}
