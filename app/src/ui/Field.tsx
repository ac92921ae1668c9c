import type { ReactNode } from "react";

type Base = { id: string; label: string; error?: string };

type TextProps = Base & {
  type?: "text" | "email" | "password";
  value: string;
  placeholder?: string;
  autoComplete?: string;
  inputMode?: "decimal" | "numeric" | "tel";
  /** Shown where the error goes while there is none: the message then takes its line, and
   * nothing below moves (a moving button loses the click that blurred this field). */
  hint?: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
};

export function TextField({ id, label, error, type = "text", value, placeholder, autoComplete, inputMode, hint, onChange, onBlur }: TextProps) {
  return (
    <div className={`field${error ? " field-invalid" : ""}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={id}
        type={type}
        value={value}
        placeholder={placeholder}
        autoComplete={autoComplete}
        inputMode={inputMode}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
      />
      <FieldError id={id} error={error} />
      {hint && !error ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

type SelectProps = Base & {
  value: string;
  placeholder: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
  onBlur?: () => void;
};

export function SelectField({ id, label, error, value, placeholder, options, onChange, onBlur }: SelectProps) {
  return (
    <div className={`field${error ? " field-invalid" : ""}`}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={id}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError id={id} error={error} />
    </div>
  );
}

type CheckProps = Base & { checked: boolean; children?: ReactNode; onChange: (checked: boolean) => void };

export function CheckboxField({ id, label, error, checked, onChange }: CheckProps) {
  return (
    <div className={`field field-check${error ? " field-invalid" : ""}`}>
      <label htmlFor={id}>
        <input
          id={id}
          name={id}
          type="checkbox"
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange(e.target.checked)}
        />
        <span>{label}</span>
      </label>
      <FieldError id={id} error={error} />
    </div>
  );
}

function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p className="field-error" id={`${id}-error`} role="alert">
      {error}
    </p>
  ) : null;
}
