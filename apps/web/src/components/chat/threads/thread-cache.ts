import type { AppRouter } from "@chat/api";
import type { ThreadView } from "@chat/api/views";
import type { QueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import type { TRPCOptionsProxy } from "@trpc/tanstack-react-query";
import type { QueryPatcher } from "@/components/live/query-patcher";
import { compareIds } from "../messages/message-merge";

type ThreadList = inferRouterOutputs<AppRouter>["threads"]["list"];
type OpenThread = inferRouterOutputs<AppRouter>["threads"]["get"];

/** Puts a thread into its channel's list: active ones first by newest, archived ones by newest archive. */
function placed(list: ThreadList, thread: ThreadView): ThreadList {
  const previous = [...list.active, ...list.archived].find((t) => t.id === thread.id);
  // THREAD_UPDATE carries no member count of its own: keep the one known.
  const next = previous && thread.memberCount === 0 ? { ...thread, memberCount: previous.memberCount } : thread;
  const active = list.active.filter((t) => t.id !== thread.id);
  const archived = list.archived.filter((t) => t.id !== thread.id);
  if (next.archived) archived.unshift(next);
  else active.unshift(next);
  active.sort((a, b) => compareIds(b.lastMessageId ?? b.id, a.lastMessageId ?? a.id));
  return { ...list, active, archived };
}

/**
 * Writes threads into the query cache: what the tab itself created, and the live THREAD_*
 * events and the messages posted in threads (counts, threads-live.ts), so the list, the chips and an open
 * thread follow without a reload. Every change is idempotent (the patcher may apply it twice).
 */
export class ThreadCache {
  constructor(
    private readonly queryClient: QueryClient,
    private readonly trpc: TRPCOptionsProxy<AppRouter>,
    private readonly patcher: QueryPatcher,
  ) {}

  put(thread: ThreadView): void {
    this.patcher.patch<ThreadList>(this.trpc.threads.list.queryKey({ channelId: thread.parentId }), (list) =>
      placed(list, thread),
    );
    this.patcher.patch<OpenThread>(this.trpc.threads.get.queryKey({ threadId: thread.id }), (open) => ({
      ...open,
      thread: { ...thread, memberCount: thread.memberCount || open.thread.memberCount },
    }));
  }

  /** The person's own membership changed (their join, leave, or first message there). */
  joined(threadId: string, joined: boolean): void {
    this.patcher.patch<OpenThread>(this.trpc.threads.get.queryKey({ threadId }), (open) =>
      open.joined === joined
        ? open
        : {
            ...open,
            joined,
            thread: { ...open.thread, memberCount: Math.max(0, open.thread.memberCount + (joined ? 1 : -1)) },
          },
    );
  }

  /** A thread deleted: out of its channel's list, the open one asks again, its history goes. */
  deleted(threadId: string, parentId: string | null | undefined): void {
    if (parentId)
      this.patcher.patch<ThreadList>(this.trpc.threads.list.queryKey({ channelId: parentId }), (list) => ({
        ...list,
        active: list.active.filter((t) => t.id !== threadId),
        archived: list.archived.filter((t) => t.id !== threadId),
      }));
    this.patcher.reload(this.trpc.threads.get.queryKey({ threadId }));
    this.queryClient.removeQueries({ queryKey: this.trpc.messages.list.queryKey({ channelId: threadId }) });
  }

  /** A message in a thread: its count and last activity (once per message id, however often applied). */
  messagePosted(channelId: string, messageId: string): void {
    const counted = (thread: ThreadView): ThreadView =>
      thread.id !== channelId || (thread.lastMessageId !== null && compareIds(messageId, thread.lastMessageId) <= 0)
        ? thread
        : { ...thread, messageCount: thread.messageCount + 1, lastMessageId: messageId, archived: false };
    for (const [key, list] of this.queryClient.getQueriesData<ThreadList>({
      queryKey: this.trpc.threads.list.pathKey(),
    })) {
      const thread = list && [...list.active, ...list.archived].find((t) => t.id === channelId);
      if (thread)
        this.patcher.patch<ThreadList>(key, (current) => {
          const now = [...current.active, ...current.archived].find((t) => t.id === channelId);
          return now ? placed(current, counted(now)) : current;
        });
    }
    this.patcher.patch<OpenThread>(this.trpc.threads.get.queryKey({ threadId: channelId }), (open) => ({
      ...open,
      thread: counted(open.thread),
    }));
  }
}
