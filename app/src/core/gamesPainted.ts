import { useEffect } from "react";
import { useCore } from "./store";

let told = false;

/** Tell the core once that a page showing games has painted: it then asks for the providers,
 * the features and, one page at a time in the background, the games its search index is built
 * from (never in the way of the first paint). The lobby's own rows are asked by the core. */
export function useGamesPainted() {
  const ready = useCore((s) => s.ready);
  useEffect(() => {
    if (!ready || told) return;
    const go = () =>
      window.setTimeout(() => {
        if (told) return;
        told = true;
        useCore.getState().dispatch({ type: "gamesPainted" });
      }, 0);
    if (document.readyState === "complete") go();
    else window.addEventListener("load", go, { once: true });
    return () => window.removeEventListener("load", go);
  }, [ready]);
}
