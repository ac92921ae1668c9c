import { useEffect, useState } from "react";

/** The lobby's rows drawn with its first render: what a phone shows above the fold. */
export const ROWS_AT_ONCE = 2;

// Rows waiting for their tiles, in the order they were drawn: one is drawn per task, so the
// ~100 tiles of the home's rows are not one long task on a phone (issue 28, TBT; Preact,
// unlike React, does not split a render into slices).
const waiting: (() => void)[] = [];
let timer: number | undefined;

function drawNext() {
  timer = undefined;
  waiting.shift()?.();
  if (waiting.length > 0) timer = window.setTimeout(drawNext, 0);
}

/** True when the row at `index` draws its tiles: at once for the first rows, else in a task of
 * its own after the rows before it (and from then on). */
export function useStaged(index: number): boolean {
  const [shown, setShown] = useState(index < ROWS_AT_ONCE);
  useEffect(() => {
    if (shown) return;
    const show = () => setShown(true);
    waiting.push(show);
    timer ??= window.setTimeout(drawNext, 0);
    return () => {
      const at = waiting.indexOf(show);
      if (at >= 0) waiting.splice(at, 1);
    };
  }, [shown]);
  return shown;
}
