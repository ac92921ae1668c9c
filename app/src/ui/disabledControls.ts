// The one place the page makes up for its runtime (vite.config.ts: preact/compat under React's
// name). React never runs a disabled button's (input's, select's, textarea's) onClick, whatever
// the event; Preact attaches the handler to the element and runs it for any click that reaches
// it. A browser sends no click to a disabled control, but `element.dispatchEvent` does (and some
// browsers let a click on a child through), so a click inside a disabled control is stopped here,
// before any handler sees it, as React's rule and a browser's would. Harmless under React.
const DISABLED = "button:disabled, input:disabled, select:disabled, textarea:disabled";

function stopInsideDisabled(e: Event) {
  if (e.target instanceof Element && e.target.closest(DISABLED)) e.stopImmediatePropagation();
}

let installed = false;
/** Once per page (main.tsx) and in the tests' set-up. */
export function ignoreClicksOnDisabledControls(doc: Document = document) {
  if (installed) return;
  installed = true;
  for (const type of ["click", "dblclick"]) doc.addEventListener(type, stopInsideDisabled, true);
}
