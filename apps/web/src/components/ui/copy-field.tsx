"use client";

import { useId, useRef, useState } from "react";

/** A read-only value with a copy button (falls back to selecting the text). */
export function CopyField({
  label,
  value,
  secret = false,
  testId,
}: {
  label: string;
  value: string;
  secret?: boolean;
  testId?: string;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);

  async function copy() {
    input.current?.select();
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      document.execCommand?.("copy");
    }
    setCopied(true);
    setTimeout(() => setCopied(false), 1500);
  }

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-xs font-semibold uppercase tracking-wide text-muted">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          ref={input}
          id={id}
          readOnly
          value={value}
          data-testid={testId}
          onFocus={(e) => e.currentTarget.select()}
          className={`h-10 min-w-0 flex-1 rounded-md border border-line bg-field px-3 font-mono text-sm text-text ${secret ? "tracking-tight" : ""}`}
        />
        <button
          type="button"
          onClick={copy}
          aria-label={`Copy ${label}`}
          className="h-10 shrink-0 rounded-md bg-raised px-3 text-sm font-medium text-text hover:bg-hover"
        >
          <span aria-live="polite">{copied ? "Copied!" : "Copy"}</span>
        </button>
      </div>
    </div>
  );
}
