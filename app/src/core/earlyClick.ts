// The prerendered home's buttons are plain HTML until React draws the same tree over them; the
// inline script in index.html (app/scripts/prerender.mjs) remembers the last one pressed in that
// time. Once React has drawn, the same button (same place in the tree, same text) is pressed
// again, so the visitor's first click is never lost.

export interface EarlyClick {
  path: number[];
  text: string | null;
}

type WithEarlyClick = { __earlyClick?: EarlyClick; __earlyPress?: EarlyClick };

/** The enabled button at the remembered place under `root` with the same text, if any. */
function buttonAt(root: Element, click: EarlyClick): HTMLButtonElement | undefined {
  let node: Element | undefined = root;
  for (const i of click.path) node = node?.children[i];
  return node instanceof HTMLButtonElement && node.textContent === click.text && !node.disabled ? node : undefined;
}

/** Press again the button remembered under `root`, if it is still there with the same text. */
export function replayEarlyClick(root: Element, win: WithEarlyClick = window as WithEarlyClick): boolean {
  const click = win.__earlyClick;
  if (!click) return false;
  delete win.__earlyClick;
  const button = buttonAt(root, click);
  button?.click();
  return !!button;
}

/** A press begun on the HTML's button and released after React drew over it: the browser fires
 * no click (the pressed button left the page), so a release on the same button of React's tree
 * clicks it. A release elsewhere (the finger slid away) clicks nothing, as a browser would. The
 * listener goes once a release has happened on React's tree. */
export function finishEarlyPress(root: Element, win: WithEarlyClick = window as WithEarlyClick): void {
  const up = (event: Event) => {
    const press = win.__earlyPress;
    delete win.__earlyPress;
    // Still the HTML: its click follows and is remembered as an early click.
    if (root.querySelector('[data-core="html"]')) return;
    root.removeEventListener("pointerup", up, true);
    const button = press && buttonAt(root, press);
    if (!button || !(event.target instanceof Node) || !button.contains(event.target)) return;
    // Should a browser click the new button itself, that click is the one kept.
    let clicked = false;
    const seen = () => (clicked = true);
    button.addEventListener("click", seen, { capture: true, once: true });
    setTimeout(() => {
      button.removeEventListener("click", seen, true);
      if (!clicked) button.click();
    }, 0);
  };
  root.addEventListener("pointerup", up, true);
}

/** How long a remembered click still waits for its button once the core is ready and knows who
 * the visitor is (a player's page is drawn only after the session is restored). */
export const READY_GRACE_MS = 1000;
/** The shell once the core drives it and the session is no longer being restored or signed in. */
const SETTLED = '[data-core="ready"]:not([data-session="booting"]):not([data-session="signing-in"])';
/** Never waited for longer than this from React's first tree (a core that never starts). */
export const GIVE_UP_MS = 15_000;

/** After React has replaced the HTML's shell (`data-core` no longer "html"), replay the click.
 * React's first tree may not hold the page the HTML showed (the mini-app draws no early page:
 * the messenger's sign-in comes first), so the click waits for its button until the core is
 * ready and the session settled, and a moment more; a press on React's tree meanwhile is the
 * visitor's newer intent and drops it. */
export function replayWhenDrawn(root: Element, win: WithEarlyClick = window as WithEarlyClick, now: () => number = Date.now): void {
  if (!win.__earlyClick && !root.querySelector('[data-core="html"]')) return;
  let drawnAt: number | undefined;
  let readyAt: number | undefined;
  let superseded = false;
  const supersede = () => {
    if (!root.querySelector('[data-core="html"]')) superseded = true;
  };
  root.addEventListener("pointerdown", supersede, true);
  const stop = () => {
    root.removeEventListener("pointerdown", supersede, true);
    delete win.__earlyClick;
  };
  const check = () => {
    if (root.querySelector('[data-core="html"]') || !root.firstElementChild) {
      setTimeout(check, 16);
      return;
    }
    const click = win.__earlyClick;
    const button = click && !superseded ? buttonAt(root, click) : undefined;
    if (!click || superseded || button) {
      stop();
      button?.click();
      return;
    }
    const t = now();
    drawnAt ??= t;
    if (root.querySelector(SETTLED)) readyAt ??= t;
    if ((readyAt !== undefined && t - readyAt > READY_GRACE_MS) || t - drawnAt > GIVE_UP_MS) {
      stop();
      return;
    }
    setTimeout(check, 16);
  };
  check();
}

/** Where a button sits under `root` (child indexes) and its text, as the HTML's script keeps it. */
function placeOf(root: Element, node: unknown): EarlyClick | undefined {
  const button = node instanceof Element ? node.closest("button") : null;
  if (!button || !root.contains(button)) return undefined;
  const path: number[] = [];
  for (let n: Element = button; n !== root; n = n.parentElement!) path.unshift([...n.parentElement!.children].indexOf(n));
  return { path, text: button.textContent };
}

/** A button focused on the HTML's page (a keyboard visitor, before the app drew) keeps the focus
 * when the app replaces the HTML: the button at the same place with the same text takes it, in
 * the same task as the swap (a mutation observer), so a key pressed next lands on it. The focus
 * is left alone when it is anywhere but lost. The app's first render swaps the HTML at a moment
 * no visitor can see (a slower one on React, whose first render is a transition, a faster one
 * on Preact), so without this an Enter meant for the focused button could find the focus gone. */
export function keepEarlyFocus(root: Element, doc: Document = document): void {
  if (!root.querySelector('[data-core="html"]')) return;
  let focused = placeOf(root, doc.activeElement);
  const seen = (e: Event) => {
    if (root.querySelector('[data-core="html"]')) focused = placeOf(root, e.target);
  };
  root.addEventListener("focusin", seen, true);
  const observer = new MutationObserver(() => {
    if (root.querySelector('[data-core="html"]') || !root.firstElementChild) return;
    observer.disconnect();
    root.removeEventListener("focusin", seen, true);
    const lost = !doc.activeElement || doc.activeElement === doc.body;
    if (focused && lost) buttonAt(root, focused)?.focus();
  });
  observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ["data-core"] });
}
