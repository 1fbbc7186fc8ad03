import { type InputHTMLAttributes, useId } from "react";

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  hint?: string;
  errors?: string[];
}

/** A labelled input with its hint and error messages wired for screen readers. */
export function TextField({ label, hint, errors = [], className = "", id, ...rest }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const invalid = errors.length > 0;
  const describedBy = [hint ? hintId : null, invalid ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={inputId} className="text-xs font-semibold uppercase tracking-wide text-muted">
        {label}
      </label>
      <input
        id={inputId}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        className={`h-10 rounded-md border bg-field px-3 text-[15px] text-text placeholder:text-faint focus:outline-none focus-visible:outline-2 focus-visible:outline-accent ${invalid ? "border-danger" : "border-line"}`}
        {...rest}
      />
      {hint && !invalid ? (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {invalid ? (
        <p id={errorId} className="text-xs text-danger-text" role="alert">
          {errors.join(" ")}
        </p>
      ) : null}
    </div>
  );
}
