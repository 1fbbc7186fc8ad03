"use client";

import type { ReactNode } from "react";
import { Icon } from "@/components/ui/icons";

/**
 * A panel beside the channel (the member list's place); on phones it takes the whole screen
 * and its first button goes back to the channel.
 */
export function PanelFrame({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <aside
      aria-label={label}
      data-testid={testId}
      className="fixed inset-0 z-40 flex flex-col bg-chat md:static md:z-auto md:w-[400px] md:shrink-0 md:border-l md:border-black/25"
    >
      {children}
    </aside>
  );
}

export function BackButton({ label, onClick }: { label: string; onClick(): void }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      className="-ml-2 grid size-9 shrink-0 place-items-center rounded-md text-muted hover:bg-hover hover:text-text focus-visible:outline-2 focus-visible:outline-accent"
    >
      <Icon>
        <path className="md:hidden" d="M15 18l-6-6 6-6" />
        <path className="max-md:hidden" d="M6 6l12 12M18 6L6 18" />
      </Icon>
    </button>
  );
}
