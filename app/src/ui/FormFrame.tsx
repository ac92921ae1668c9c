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
