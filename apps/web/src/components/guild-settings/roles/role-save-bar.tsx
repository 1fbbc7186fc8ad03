"use client";

import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";

/**
 * Unsaved changes of the open role: Reset or Save. When someone tries to leave with changes
 * unsaved (`held`), it says so and takes the focus.
 */
export function RoleSaveBar({
  held,
  busy,
  error,
  onReset,
  onSave,
}: {
  held: boolean;
  busy: boolean;
  error: string | null;
  onReset(): void;
  onSave(): void;
}) {
  const bar = useRef<HTMLElement>(null);
  useEffect(() => {
    if (held) bar.current?.focus();
  }, [held]);
  return (
    <section
      ref={bar}
      tabIndex={-1}
      aria-label="Unsaved changes"
      data-testid="role-save-bar"
      className={`sticky bottom-4 z-10 flex flex-wrap items-center gap-3 rounded-lg bg-floating px-4 py-3 shadow-xl ring-1 focus:outline-none ${held ? "ring-2 ring-danger" : "ring-white/10"}`}
    >
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-medium text-white" role={held ? "alert" : undefined}>
          {held ? "Save or reset your changes before leaving this role." : "You have unsaved changes."}
        </p>
        {error ? (
          <p className="mt-0.5 text-danger-text" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <div className="flex gap-2">
        <Button variant="ghost" size="sm" onClick={onReset} disabled={busy}>
          Reset
        </Button>
        <Button size="sm" busy={busy} onClick={onSave}>
          Save changes
        </Button>
      </div>
    </section>
  );
}
