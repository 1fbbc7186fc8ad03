"use client";

import { useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

/**
 * "Delete …" at the foot of an editor: what deleting does (or `blocker`, why the person can't),
 * then a confirmation naming `name` before `onConfirm` runs; `error` is the refusal, in words.
 */
export function ConfirmDelete({
  thing,
  name,
  consequence,
  blocker,
  error,
  busy,
  onConfirm,
}: {
  /** What is deleted, in lower case: "role", "channel", "category". */
  thing: string;
  name: string;
  consequence: string;
  blocker: string | null;
  error: string | null;
  busy: boolean;
  onConfirm(): void;
}) {
  const reasonId = useId();
  const [confirming, setConfirming] = useState(false);
  return (
    <section className="border-t border-line pt-6" aria-label={`Delete ${thing}`}>
      <h5 className="text-sm font-semibold text-white">Delete this {thing}</h5>
      <p id={reasonId} className={`mt-1 text-sm ${blocker ? "text-warning-text" : "text-muted"}`}>
        {blocker ?? consequence}
      </p>
      {error ? (
        <Alert tone="error" className="mt-3">
          {error}
        </Alert>
      ) : null}
      {confirming && !blocker ? (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <Button variant="danger" busy={busy} onClick={onConfirm}>
            Yes, delete {name}
          </Button>
          <Button variant="ghost" onClick={() => setConfirming(false)}>
            Keep it
          </Button>
        </div>
      ) : (
        <Button
          className="mt-3 aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
          variant="secondary"
          aria-disabled={blocker ? true : undefined}
          aria-describedby={blocker ? reasonId : undefined}
          onClick={() => {
            if (!blocker) setConfirming(true);
          }}
        >
          Delete {thing}…
        </Button>
      )}
    </section>
  );
}
