"use client";

import { useId } from "react";
import type { BitState } from "./overwrite-draft";

const STATES: { state: BitState; label: string; mark: string; on: string }[] = [
  { state: "deny", label: "Deny", mark: "✕", on: "bg-danger-strong text-white" },
  { state: "neutral", label: "Neutral: as the roles say", mark: "/", on: "bg-secondary text-white" },
  { state: "allow", label: "Allow", mark: "✓", on: "bg-permission-allow text-white" },
];

/**
 * One permission of an overwrite: deny, neutral or allow, as three radio buttons (arrow keys
 * move between them); `note` says why it cannot be changed.
 */
export function PermissionStateField({
  label,
  explanation,
  state,
  note,
  onChange,
}: {
  label: string;
  explanation: string;
  state: BitState;
  note: string | null;
  onChange(state: BitState): void;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3 py-3" data-testid="permission-state">
      <div className="min-w-0 flex-1">
        <p id={`${id}-label`} className={`font-medium ${note ? "text-muted" : "text-white"}`}>
          {label}
        </p>
        <p id={`${id}-explanation`} className="mt-0.5 text-sm text-muted">
          {explanation}
        </p>
        {note ? (
          <p id={`${id}-note`} className="mt-0.5 text-xs text-warning-text">
            {note}
          </p>
        ) : null}
      </div>
      <div
        role="radiogroup"
        aria-labelledby={`${id}-label`}
        aria-describedby={note ? `${id}-explanation ${id}-note` : `${id}-explanation`}
        className="flex shrink-0 overflow-hidden rounded-md ring-1 ring-line"
      >
        {STATES.map((option) => (
          <label
            key={option.state}
            title={option.label}
            className={`relative grid size-8 place-items-center text-sm font-bold ${note ? "cursor-not-allowed" : "cursor-pointer"} ${state === option.state ? option.on : "bg-field text-faint hover:text-text"}`}
          >
            <input
              type="radio"
              name={id}
              value={option.state}
              checked={state === option.state}
              disabled={note !== null}
              onChange={() => onChange(option.state)}
              className="peer absolute inset-0 cursor-[inherit] appearance-none focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent"
            />
            <span aria-hidden="true">{option.mark}</span>
            <span className="sr-only">{option.label}</span>
          </label>
        ))}
      </div>
    </div>
  );
}
