// Tests only (vite.config.ts aliases "@testing-library/react" here): Testing Library's Preact
// build, with the events a browser sends. The page runs on preact/compat, which listens to what
// the browser fires: `input` for a text field's onChange, `change` for a select's, a checkbox's
// and a file input's, and `focusout` for onBlur (React's onBlur bubbles the same way). The
// Preact build's own fireEvent renames every `change` to `input` (right for a text field only:
// a select or a file input never saw it) and fires a bare `blur` (no `focusout`), so tests of
// those fields saw events no browser sends. Here, as a browser does: a value change fires
// `input` then `change`; a blur fires `blur` then `focusout`, a focus `focus` then `focusin`.
import { configure, createEvent, fireEvent as preactFireEvent } from "@testing-library/preact";
import { ignoreClicksOnDisabledControls } from "./ui/disabledControls";

export * from "@testing-library/preact";

// `findBy…` and `waitFor` wait for what arrives later, e.g. a lazily imported chunk (the
// header's account switcher). Testing Library's 1 s default judged the machine: on the shared
// 2-core one, with the browser suites running beside vitest, that import took longer (session
// 45). The limit only bounds a failure; a passing test waits no longer than the UI takes.
configure({ asyncUtilTimeout: 10_000 });

// As main.tsx does for the page: a disabled control's onClick never runs.
ignoreClicksOnDisabledControls();

type Target = Document | Node | Element | Window;
type Init = Record<string, unknown> | undefined;

const fire = (el: Target, event: Event) => preactFireEvent(el, event);

export const fireEvent: typeof preactFireEvent = Object.assign((el: Target, event: Event) => fire(el, event), preactFireEvent, {
  change(el: Target, init?: Init) {
    fire(el, createEvent.input(el, init));
    return fire(el, createEvent.change(el));
  },
  input(el: Target, init?: Init) {
    return fire(el, createEvent.input(el, init));
  },
  blur(el: Target, init?: Init) {
    fire(el, createEvent.blur(el, init));
    return fire(el, createEvent.focusOut(el, init));
  },
  focus(el: Target, init?: Init) {
    fire(el, createEvent.focus(el, init));
    return fire(el, createEvent.focusIn(el, init));
  },
});
