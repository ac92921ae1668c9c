import { useCallback, useState, type ReactNode } from "react";
import { Button } from "./Button";
import { ModalFrame } from "./ModalFrame";

type Props = {
  /** The button's text and the sheet's title ("Filters"). */
  title: string;
  applyLabel: string;
  closeLabel: string;
  /** The form's controls (named, uncontrolled: the page keeps what is in force until Apply). */
  children: ReactNode;
  /** Apply: the form's values; the sheet closes. */
  onApply: (form: FormData) => void;
  testId?: string;
};

/** SPEC §2 history filters on a phone (<= 528 px): a "Filters" button opening a bottom sheet
 * with the same filters as the desktop row, applied together. */
export function FilterSheet({ title, applyLabel, closeLabel, children, onApply, testId }: Props) {
  const [open, setOpen] = useState(false);
  // Stable: the frame's focus handling runs again whenever its onClose changes.
  const close = useCallback(() => setOpen(false), []);
  return (
    <>
      <Button variant="secondary" aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen(true)} data-testid={testId}>
        {title}
      </Button>
      {open ? (
        <ModalFrame title={title} closeLabel={closeLabel} onClose={close} swipe>
          <form
            className="filter-sheet"
            onSubmit={(e) => {
              e.preventDefault();
              onApply(new FormData(e.currentTarget));
              close();
            }}
          >
            {children}
            <Button type="submit">{applyLabel}</Button>
          </form>
        </ModalFrame>
      ) : null}
    </>
  );
}
