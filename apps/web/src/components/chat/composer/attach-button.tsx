"use client";

import { useId, useRef } from "react";
import { LIMITS_TEXT } from "./upload-limits";

/** The "+" before the message box: picks files to send (the limits are its description). */
export function AttachButton({ disabled, onFiles }: { disabled: boolean; onFiles(files: FileList): void }) {
  const input = useRef<HTMLInputElement>(null);
  const hint = useId();
  return (
    <>
      <button
        type="button"
        disabled={disabled}
        onClick={() => input.current?.click()}
        aria-label="Attach files"
        aria-describedby={hint}
        title={`Attach files (${LIMITS_TEXT.toLowerCase()})`}
        className="mb-1.5 grid size-8 shrink-0 place-items-center rounded-full text-muted transition-colors hover:bg-hover hover:text-text disabled:opacity-40"
      >
        <svg
          width="20"
          height="20"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          aria-hidden="true"
        >
          <circle cx="12" cy="12" r="9" />
          <path d="M12 8v8M8 12h8" />
        </svg>
      </button>
      <span id={hint} hidden>
        {LIMITS_TEXT}
      </span>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        tabIndex={-1}
        aria-hidden="true"
        data-testid="attach-input"
        onChange={(e) => {
          if (e.target.files?.length) onFiles(e.target.files);
          e.target.value = "";
        }}
      />
    </>
  );
}
