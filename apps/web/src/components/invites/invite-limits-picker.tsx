"use client";

import { useId } from "react";
import { EXPIRY_CHOICES, USES_CHOICES } from "./invite-limits";

export interface InviteLimits {
  /** Seconds; 0 never expires. */
  maxAge: number;
  /** 0 is any number. */
  maxUses: number;
}

const EXPIRY_OPTIONS = EXPIRY_CHOICES.map((c) => ({ value: c.seconds, label: c.label }));
const USES_OPTIONS = USES_CHOICES.map((c) => ({ value: c.uses, label: c.label }));

/** "Expire after" and "Max number of uses", side by side (stacked on phones). */
export function InviteLimitsPicker({
  limits,
  onChange,
}: {
  limits: InviteLimits;
  onChange(limits: InviteLimits): void;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <LimitSelect
        label="Expire after"
        value={limits.maxAge}
        options={EXPIRY_OPTIONS}
        onChange={(maxAge) => onChange({ ...limits, maxAge })}
      />
      <LimitSelect
        label="Max number of uses"
        value={limits.maxUses}
        options={USES_OPTIONS}
        onChange={(maxUses) => onChange({ ...limits, maxUses })}
      />
    </div>
  );
}

function LimitSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: number;
  options: { value: number; label: string }[];
  onChange(value: number): void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-xs font-semibold uppercase tracking-wide text-muted">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
        className="h-10 w-full rounded-md border border-line bg-field px-3 text-[15px] text-text"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
