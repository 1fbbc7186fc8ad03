"use client";

import type { ReactNode } from "react";

/**
 * "Move up" / "Move down" beside a row of an ordered list (roles, channels): the keyboard's
 * way to reorder. One that can't be used stays in place, marked unavailable with the reason.
 */
export function MoveButton({
  label,
  blocker,
  reasonId,
  onMove,
  direction,
  children,
}: {
  label: string;
  blocker: string | null;
  reasonId: string;
  onMove(): void;
  direction: "up" | "down";
  children: ReactNode;
}) {
  return (
    <>
      <button
        type="button"
        aria-label={label}
        aria-disabled={blocker ? true : undefined}
        aria-describedby={blocker ? reasonId : undefined}
        data-move={direction}
        onClick={() => {
          if (!blocker) onMove();
        }}
        className="grid size-8 place-items-center rounded-md border border-line bg-raised text-text hover:bg-hover aria-disabled:cursor-not-allowed aria-disabled:border-transparent aria-disabled:bg-transparent aria-disabled:text-faint/50 aria-disabled:hover:bg-transparent"
      >
        {children}
      </button>
      {blocker ? (
        <span id={reasonId} className="sr-only">
          {blocker}
        </span>
      ) : null}
    </>
  );
}
