/**
 * The bridge's steps as User Timing measures, in a build made with `VITE_TRACE_STEPS=1` only
 * (a tool for reading a page's long tasks: tools/lighthouse/tasks.mjs lists the measures under
 * the task they ran in). In every other build `traced` just runs `run`: the measures would
 * otherwise pile up in the page's performance buffer for as long as it is open.
 */
const on = import.meta.env.VITE_TRACE_STEPS === "1";

export function traced<T>(name: string | (() => string), run: () => T): T {
  if (!on) return run();
  const start = performance.now();
  try {
    return run();
  } finally {
    performance.measure(typeof name === "string" ? name : name(), { start, end: performance.now() });
  }
}
