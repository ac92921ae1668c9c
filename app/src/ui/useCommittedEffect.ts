import { useLayoutEffect, type DependencyList, type EffectCallback } from "react";

/** An effect that runs before the paint, for a mount that stands: a layout effect starts it a
 * microtask after the commit, unless the component was unmounted by then.
 *
 * Why (the page runs on preact/compat, vite.config.ts): Preact runs a plain effect a frame after
 * the paint, too late for a report that must come with the first frame (a modal's opened
 * report). A plain layout effect is not enough either: while a lazy child's code loads, Preact's
 * Suspense mounts its siblings and parents, then unmounts them in the same task, where React
 * mounts nothing until the code is there; a layout effect would report from that mount, before
 * the player sees anything. On React this is a layout effect a microtask late, once. */
export function useCommittedEffect(effect: EffectCallback, deps: DependencyList) {
  useLayoutEffect(() => {
    let live = true;
    let cleanup: ReturnType<EffectCallback>;
    queueMicrotask(() => {
      if (live) cleanup = effect();
    });
    return () => {
      live = false;
      cleanup?.();
    };
    // The caller's dependencies (checked at its call: eslint.config.js additionalHooks).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
}
