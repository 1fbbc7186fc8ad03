"use client";

import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/lib/trpc";
import { ThreadIcon } from "./threads-button";
import { useThreads } from "./threads-context";

export const messagesLabel = (count: number) => `${count} ${count === 1 ? "message" : "messages"}`;

/**
 * Under a message a thread was started from (the thread has the message's id): its name and
 * size; opens it. Read from the channel's thread list, which the live stream keeps current.
 */
export function ThreadChip({ messageId }: { messageId: string }) {
  const threads = useThreads();
  const trpc = useTRPC();
  const list = useQuery({
    ...trpc.threads.list.queryOptions({ channelId: threads?.channelId ?? "0" }),
    enabled: threads !== null,
    retry: false,
  });
  const thread = list.data ? [...list.data.active, ...list.data.archived].find((t) => t.id === messageId) : undefined;
  if (!threads || !thread) return null;
  return (
    <button
      type="button"
      data-testid="thread-chip"
      onClick={() => threads.open(thread.id)}
      className="mt-1 flex max-w-full items-center gap-2 rounded-md border border-line bg-panel px-3 py-1.5 text-left text-sm hover:bg-hover focus-visible:outline-2 focus-visible:outline-accent"
    >
      <ThreadIcon size={16} className="shrink-0 text-muted" />
      <span className="truncate font-semibold text-text">{thread.name}</span>
      <span className="shrink-0 text-muted">· {messagesLabel(thread.messageCount)}</span>
      {thread.archived ? <span className="shrink-0 text-xs text-muted">(archived)</span> : null}
    </button>
  );
}
