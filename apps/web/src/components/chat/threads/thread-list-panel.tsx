"use client";

import type { ThreadView } from "@chat/api/views";
import { useQuery } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/errors";
import { formatDate } from "@/lib/format";
import { useTRPC } from "@/lib/trpc";
import { BackButton, PanelFrame } from "./panel-frame";
import { messagesLabel } from "./thread-chip";
import { ThreadIcon } from "./threads-button";
import { type Threads, useThreads } from "./threads-context";

/** The open channel's threads: active first, then archived; "New thread" starts one without a message. */
export function ThreadListPanel() {
  const threads = useThreads();
  const trpc = useTRPC();
  const list = useQuery({
    ...trpc.threads.list.queryOptions({ channelId: threads?.channelId ?? "0" }),
    enabled: threads !== null,
  });
  if (!threads) return null;
  const empty = list.data && list.data.active.length === 0 && list.data.archived.length === 0;
  return (
    <PanelFrame label="Threads" testId="thread-list">
      <header className="flex h-12 shrink-0 items-center gap-2 border-b border-black/25 px-4 shadow-sm">
        <BackButton
          label={`Close threads, back to #${threads.channelName}`}
          onClick={() => threads.setListOpen(false)}
        />
        <ThreadIcon className="shrink-0 text-faint" />
        <h2 className="min-w-0 flex-1 truncate font-semibold text-white">Threads</h2>
        <Button size="sm" onClick={() => threads.start(null)}>
          New thread
        </Button>
      </header>
      <div className="scroll-thin flex-1 overflow-y-auto px-2 pb-4">
        {list.isPending ? (
          <p role="status" className="px-2 pt-5 text-sm text-muted">
            Loading threads…
          </p>
        ) : list.isError ? (
          <div role="alert" className="px-2 pt-5 text-sm text-danger">
            {errorMessage(list.error, "Could not load the threads.")}{" "}
            <button
              type="button"
              className="font-medium underline hover:no-underline"
              onClick={() => void list.refetch()}
            >
              Try again
            </button>
          </div>
        ) : empty ? (
          <div className="px-4 pt-10 text-center">
            <p className="font-semibold text-white">No threads yet</p>
            <p className="mt-2 text-sm text-muted">
              Threads keep a side conversation out of #{threads.channelName}. Start one with “New thread”, or from a
              message’s menu with “Create thread”.
            </p>
          </div>
        ) : (
          <>
            <ThreadGroup title="Active" threads={list.data.active} open={threads} joinedIds={list.data.joinedIds} />
            <ThreadGroup title="Archived" threads={list.data.archived} open={threads} joinedIds={list.data.joinedIds} />
          </>
        )}
      </div>
    </PanelFrame>
  );
}

function ThreadGroup({
  title,
  threads,
  open,
  joinedIds,
}: {
  title: string;
  threads: ThreadView[];
  open: Threads;
  joinedIds?: string[];
}) {
  if (threads.length === 0) return null;
  return (
    <section aria-label={`${title} threads`}>
      <h3 className="px-2 pt-5 pb-1 text-xs font-semibold uppercase tracking-wide text-muted">
        {title} — {threads.length}
      </h3>
      <ul className="flex flex-col gap-0.5">
        {threads.map((thread) => (
          <li key={thread.id}>
            <button
              type="button"
              data-testid="thread-row"
              onClick={() => open.open(thread.id)}
              className="flex w-full flex-col rounded-md px-2 py-2 text-left hover:bg-hover focus-visible:outline-2 focus-visible:outline-accent"
            >
              <span className="truncate font-medium text-text">{thread.name}</span>
              <span className="text-xs text-muted">
                {messagesLabel(thread.messageCount)}
                {thread.archived
                  ? ` · archived ${formatDate(thread.archivedAt)}`
                  : ` · started ${formatDate(thread.createdAt)}`}
                {joinedIds?.includes(thread.id) ? " · joined" : ""}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
