import { useEffect } from "react";
import { useCore } from "./store";

/** The compact catalogue (docs/API.md "Games catalogue"): fetched once per page load, after
 * the first paint, and handed to the core, which builds its lists and search index from it.
 * Plain text, gzipped by the server (about 200 KiB for 20,000 games). */
export const CATALOGUE_URL = "/api/game/games/catalogue";

let started = false;

function load() {
  if (started) return;
  started = true;
  const dispatch = useCore.getState().dispatch;
  fetch(CATALOGUE_URL, { credentials: "omit" })
    .then((r) => (r.ok ? r.text() : Promise.reject(new Error(`HTTP ${r.status}`))))
    .then((text) => useCore.getState().dispatch({ type: "gamesCatalogue", text }))
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
