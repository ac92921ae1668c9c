import { lazy, Suspense, useEffect, useRef, useState } from "react";

const SportCarousels = lazy(() => import("./SportCarousels"));

/** How long after the load event the carousels wait before they look for the viewport. */
const IDLE_MS = 1000;

/** Waits until the page has loaded and gone idle, and the place is in view, before it loads
 * the carousels' code (and so the provider's script): the home's first paint and largest
 * paint carry none of it. */
export function LazyCarousels() {
  const spot = useRef<HTMLDivElement>(null);
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const el = spot.current;
    if (!el) return;
    let observer: IntersectionObserver | undefined;
    let timer: number | undefined;
    const observe = () => {
      observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((e) => e.isIntersecting)) {
            setWanted(true);
            observer?.disconnect();
          }
        },
        { rootMargin: "200px" },
      );
      observer.observe(el);
    };
    // After the load event and a quiet moment, so nothing of it competes with the first paint.
    const watch = () => {
      timer = window.setTimeout(observe, IDLE_MS);
    };
    if (document.readyState === "complete") watch();
    else window.addEventListener("load", watch, { once: true });
    return () => {
      window.removeEventListener("load", watch);
      window.clearTimeout(timer);
      observer?.disconnect();
    };
  }, []);
  return (
    <div ref={spot} className="sport-carousels-spot" data-testid="sport-carousels">
      {wanted ? (
        <Suspense fallback={null}>
          <SportCarousels />
        </Suspense>
      ) : null}
    </div>
  );
}
