import { useEffect, useState, type RefObject } from "react";

/** SPEC §9: lazy images load 400 px before they scroll into view. One observer for all tiles. */
export const LAZY_MARGIN = "400px";

type Listener = (near: boolean) => void;
const listeners = new WeakMap<Element, Listener>();
let observer: IntersectionObserver | undefined;

function shared(): IntersectionObserver | undefined {
  if (observer || typeof IntersectionObserver === "undefined") return observer;
  observer = new IntersectionObserver(
    (entries) => {
      for (const e of entries) if (e.isIntersecting) listeners.get(e.target)?.(true);
    },
    { rootMargin: LAZY_MARGIN },
  );
  return observer;
}

/** True once the element came within the margin of the viewport (and stays true). */
export function useNearViewport(ref: RefObject<Element | null>): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === "undefined");
  useEffect(() => {
    const el = ref.current;
    const obs = shared();
    if (!el || !obs || near) return;
    listeners.set(el, (n) => {
      if (n) {
        setNear(true);
        obs.unobserve(el);
      }
    });
    obs.observe(el);
    return () => {
      obs.unobserve(el);
      listeners.delete(el);
    };
  }, [ref, near]);
  return near;
}
