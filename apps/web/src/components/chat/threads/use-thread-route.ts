"use client";

import type { ChannelView } from "@chat/api";
import { skipToken, useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/lib/trpc";

/**
 * `/channels/<guild>/<id>` where the id is no channel of the guild's list: it may be a thread
 * (threads are not in that list). Answers the thread's parent channel to show beside it.
 */
export function useThreadRoute(guildId: string | null, channelId: string | null, channels: ChannelView[] | undefined) {
  const trpc = useTRPC();
  const maybeThread =
    guildId !== null && channelId !== null && channels !== undefined && !channels.some((c) => c.id === channelId);
  const query = useQuery({
    ...trpc.threads.get.queryOptions(maybeThread && channelId ? { threadId: channelId } : skipToken),
    retry: false,
  });
  const thread = maybeThread && query.data?.thread.guildId === guildId ? query.data.thread : null;
  return {
    /** The open thread's id, once it is known to be a thread of this guild. */
    threadId: thread?.id ?? null,
    /** The text channel the thread belongs to. */
    parentId: thread?.parentId ?? null,
    /** Still finding out whether the id is a thread. */
    loading: maybeThread && query.isPending,
  };
}
