import type { ReactNode } from "react";

type Props = {
  onSubmit: () => void;
  /** Form-level message from the core (e.g. the server's reason). */
  error?: string | null;
  /** A line shown above the message and the fields. */
  intro?: ReactNode;
  children: ReactNode;
};

/** A form the core validates: no browser validation, submit goes to the core. */
export function FormFrame({ onSubmit, error, intro, children }: Props) {
  return (
    <form
      className="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
      // A press on the submit button keeps the focus where it is: moving it would blur the
      // field being typed in, its message would appear and push the button away from under
      // the pointer before the press ends, and the click would be lost. The submit shows
      // every message anyway.
      onMouseDown={(e) => {
        if (e.target instanceof Element && e.target.closest('button[type="submit"]')) e.preventDefault();
      }}
    >
      {intro}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {children}
    </form>
  );
}
