import { useEffect, useState } from "react";

const secondsUntil = (at: number) => Math.max(0, Math.ceil((at - Date.now()) / 1000));

/** Whole seconds until `at` (unix ms), counted down once a second; 0 when it has passed. */
export function useSecondsLeft(at: number) {
  const [secs, setSecs] = useState(() => secondsUntil(at));
  useEffect(() => {
    setSecs(secondsUntil(at));
    if (secondsUntil(at) === 0) return;
    const timer = setInterval(() => {
      const s = secondsUntil(at);
      setSecs(s);
      if (s === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [at]);
  return secs;
}
