import { StrictMode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { App } from "./App";
import { firstPaintView, initialView, useCore } from "./core/store";
import { STATIC_PAGES, TOKEN_COOKIE } from "./core/names.gen";
import { MOBILE_MAX_WIDTH } from "./ui/useDevice";

/** What the build writes into index.html so a first-time guest's home paints from the HTML. */
export type EarlyHome = { homePath: string; tokenCookie: string; mobileMaxWidth: number; staticPaths: string[]; desktop: string; mobile: string };

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

/** The guest's home as the browser's first paint draws it (the same view main.tsx starts from). */
export async function renderEarlyHome(): Promise<EarlyHome> {
  const early = firstPaintView(initialView.nav.homePath, "");
  if (!early) throw new Error("the home has no early view to prerender");
  // zustand renders a store's initial state on a server (its server snapshot): make that state
  // the early view the browser shows. Build-time only; the browser never runs this module.
  Object.assign(useCore.getInitialState(), early);
  return {
    homePath: initialView.nav.homePath,
    tokenCookie: TOKEN_COOKIE,
    mobileMaxWidth: MOBILE_MAX_WIDTH,
    // A returning player's pages the shell paints before the core (store.ts firstPaintView).
    staticPaths: Object.keys(STATIC_PAGES),
    desktop: await render(1280, 800),
    mobile: await render(390, 844),
  };
}
