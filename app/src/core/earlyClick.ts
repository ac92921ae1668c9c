// The prerendered home's buttons are plain HTML until React draws the same tree over them; the
// inline script in index.html (app/scripts/prerender.mjs) remembers the last one pressed in that
// time. Once React has drawn, the same button (same place in the tree, same text) is pressed
// again, so the visitor's first click is never lost.

export interface EarlyClick {
  path: number[];
  text: string | null;
}

type WithEarlyClick = { __earlyClick?: EarlyClick };

/** Press again the button remembered under `root`, if it is still there with the same text. */
export function replayEarlyClick(root: Element, win: WithEarlyClick = window as WithEarlyClick): boolean {
  const click = win.__earlyClick;
  if (!click) return false;
  delete win.__earlyClick;
  let node: Element | undefined = root;
  for (const i of click.path) node = node?.children[i];
  if (!(node instanceof HTMLButtonElement) || node.textContent !== click.text || node.disabled) return false;
  node.click();
  return true;
}

/** After React has replaced the HTML's shell (`data-core` no longer "html"), replay the click. */
export function replayWhenDrawn(root: Element, win: WithEarlyClick = window as WithEarlyClick): void {
  if (!win.__earlyClick && !root.querySelector('[data-core="html"]')) return;
  const check = () => {
    if (root.querySelector('[data-core="html"]') || !root.firstElementChild) {
      setTimeout(check, 16);
      return;
    }
    replayEarlyClick(root, win);
  };
  check();
}
