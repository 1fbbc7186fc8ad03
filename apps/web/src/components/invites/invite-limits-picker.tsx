"use client";

import { useId } from "react";
import { EXPIRY_CHOICES, USES_CHOICES } from "./invite-limits";

export interface InviteLimits {
  /** Seconds; 0 never expires. */
  maxAge: number;
  /** 0 is any number. */
  maxUses: number;
}

const SELECT = "h-10 w-full rounded-md border border-line bg-field px-3 text-[15px] text-text";
const LABEL = "text-xs font-semibold uppercase tracking-wide text-muted";

/** "Expire after" and "Max number of uses", side by side (stacked on phones). */
export function InviteLimitsPicker({ limits, onChange }: { limits: InviteLimits; onChange(limits: InviteLimits): void }) {
  const expiryId = useId();
  const usesId = useId();
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={expiryId} className={LABEL}>
          Expire after
        </label>
        <select id={expiryId} value={limits.maxAge} onChange={(e) => onChange({ ...limits, maxAge: Number(e.target.value) })} className={SELECT}>
          {EXPIRY_CHOICES.map((choice) => (
            <option key={choice.seconds} value={choice.seconds}>
              {choice.label}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={usesId} className={LABEL}>
          Max number of uses
        </label>
        <select id={usesId} value={limits.maxUses} onChange={(e) => onChange({ ...limits, maxUses: Number(e.target.value) })} className={SELECT}>
          {USES_CHOICES.map((choice) => (
            <option key={choice.uses} value={choice.uses}>
              {choice.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
