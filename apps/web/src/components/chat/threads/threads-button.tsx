"use client";

import { Icon } from "@/components/ui/icons";
import { useThreads } from "./threads-context";

export function ThreadIcon({ size = 18, className }: { size?: number; className?: string }) {
  return (
    <Icon size={size} className={className}>
      <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z" />
      <path d="M8 10h8M8 14h5" />
    </Icon>
  );
}

/** The channel header's "Threads" button: opens or closes the channel's thread list. */
export function ThreadsButton() {
  const threads = useThreads();
  if (!threads) return null;
  const shown = threads.listOpen && !threads.openThreadId;
  return (
    <button
      type="button"
      aria-label="Threads"
      title="Threads"
      aria-expanded={shown}
      data-testid="threads-button"
      onClick={() => {
        if (threads.openThreadId) {
          threads.setListOpen(true);
          threads.close();
        } else threads.setListOpen(!threads.listOpen);
      }}
      className={`ml-auto grid size-9 shrink-0 place-items-center rounded-md hover:bg-hover hover:text-text focus-visible:outline-2 focus-visible:outline-accent ${shown ? "text-text" : "text-muted"}`}
    >
      <ThreadIcon />
    </button>
  );
}
