import { useLayoutEffect, useRef, type ReactNode, type TouchEvent } from "react";
import { Icon } from "./Icon";

/** SPEC §9: a swipe closes the sheet once it travels 10% of its height, or as a flick released
 * within 300 ms (a few pixels at least, so a tap is not a swipe). */
export const SWIPE_CLOSE_RATIO = 0.1;
export const SWIPE_CLOSE_MS = 300;
const FLICK_MIN_PX = 24;

type Props = {
  title: string;
  closeLabel: string;
  onClose: () => void;
  children: ReactNode;
  /** Swipe down to close (the mobile bottom sheet). */
  swipe?: boolean;
};

const FOCUSABLE = "input, select, textarea, button, a[href], [tabindex]:not([tabindex='-1'])";

/** Dialog frame: labelled, Esc and backdrop close, focus moves in and is trapped; on mobile a
 * bottom sheet that a downward swipe closes. Stacked above the page at z-index 1000. */
export function ModalFrame({ title, closeLabel, onClose, children, swipe = false }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const drag = useRef<{ y: number; at: number; dy: number } | null>(null);
  // A layout effect: focus, Esc and the scroll lock come with the frame's first paint (on
  // preact/compat a plain effect runs a frame later). Where Preact's Suspense mounts the frame
  // while its body's code loads and unmounts it at once, the clean-up gives the focus back.
  useLayoutEffect(() => {
    const dialog = ref.current;
    const before = document.activeElement as HTMLElement | null;
    dialog?.querySelector<HTMLElement>("input, select, button")?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") onClose();
      if (e.key !== "Tab" || !dialog) return;
      const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.hasAttribute("disabled"));
      const [first, last] = [items[0], items[items.length - 1]];
      if (!dialog.contains(document.activeElement)) {
        e.preventDefault();
        first?.focus();
      } else if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last?.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    const { overflow } = document.body.style;
    document.body.style.overflow = "hidden";
    return () => {
      document.removeEventListener("keydown", onKey);
      document.body.style.overflow = overflow;
      before?.focus?.();
    };
  }, [onClose]);

  const onTouchStart = (e: TouchEvent) => {
    // Only from the top of the sheet's content: scrolling inside it is not a swipe.
    if (!swipe || (ref.current?.scrollTop ?? 0) > 0) return;
    drag.current = { y: e.touches[0].clientY, at: Date.now(), dy: 0 };
  };
  const onTouchMove = (e: TouchEvent) => {
    const d = drag.current;
    const sheet = ref.current;
    if (!d || !sheet) return;
    d.dy = Math.max(0, e.touches[0].clientY - d.y);
    sheet.style.transform = d.dy ? `translateY(${d.dy}px)` : "";
  };
  const onTouchEnd = () => {
    const d = drag.current;
    const sheet = ref.current;
    drag.current = null;
    if (!d || !sheet) return;
    const far = d.dy >= sheet.offsetHeight * SWIPE_CLOSE_RATIO;
    const flick = d.dy >= FLICK_MIN_PX && Date.now() - d.at <= SWIPE_CLOSE_MS;
    if (far || flick) onClose();
    else sheet.style.transform = "";
  };

  return (
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        className={`modal${swipe ? " modal-sheet" : ""}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby="modal-title"
        ref={ref}
        onTouchStart={onTouchStart}
        onTouchMove={onTouchMove}
        onTouchEnd={onTouchEnd}
        onTouchCancel={onTouchEnd}
      >
        {swipe ? <div className="modal-grip" aria-hidden="true" /> : null}
        <div className="modal-head">
          <h2 id="modal-title">{title}</h2>
          <button type="button" className="icon-btn" aria-label={closeLabel} onClick={onClose}>
            <Icon name="close" />
          </button>
        </div>
        <div className="modal-body">{children}</div>
      </div>
    </div>
  );
}
