import { useEffect } from "react";
import { useCore } from "./store";
import type { UiEvent } from "./types";

/** The compact catalogue (docs/API.md "Games catalogue"): fetched once per page load, after
 * the first paint, and handed to the core, which builds its lists and search index from it.
 * Plain text, gzipped by the server (about 200 KiB for 20,000 games). */
export const CATALOGUE_URL = "/api/game/games/catalogue";

let started = false;

/** Characters of catalogue text per task: a part (~500 games) is read in a few milliseconds,
 * so the page paints and answers input between parts (no long task, even on a slow phone). */
export const PART_CHARS = 16 * 1024;

/** Hand the catalogue's text to the core in parts of whole lines, each in its own task. */
export async function handOver(text: string, dispatch: (e: UiEvent) => void, nextTask = () => new Promise<void>((done) => window.setTimeout(done, 0))) {
  let at = 0;
  for (;;) {
    const end = text.length - at > PART_CHARS ? text.indexOf("\n", at + PART_CHARS) : -1;
    if (end < 0) break;
    dispatch({ type: "gamesCataloguePart", text: text.slice(at, end + 1) });
    at = end + 1;
    await nextTask();
  }
  dispatch({ type: "gamesCatalogue", text: text.slice(at) });
}

function load() {
  if (started) return;
  started = true;
  const dispatch = useCore.getState().dispatch;
  fetch(CATALOGUE_URL, { credentials: "omit" })
    .then((r) => (r.ok ? r.text() : Promise.reject(new Error(`HTTP ${r.status}`))))
    .then((text) => handOver(text, (e) => useCore.getState().dispatch(e)))
    .catch((e: unknown) => dispatch({ type: "gamesCatalogueFailed", reason: String(e) }));
}

/** Ask for the catalogue once the page has painted (never in the way of the first paint). */
export function useCatalogue() {
  const ready = useCore((s) => s.ready);
  useEffect(() => {
    if (!ready || started) return;
    const go = () => window.setTimeout(load, 0);
    if (document.readyState === "complete") go();
    else window.addEventListener("load", go, { once: true });
    return () => window.removeEventListener("load", go);
  }, [ready]);
}
