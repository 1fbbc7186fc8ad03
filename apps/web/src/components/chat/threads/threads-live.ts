import { threadView } from "@chat/api/views";
import { GatewayDispatchEvents } from "discord-api-types/v10";
import type { LiveDeps } from "@/components/live/live-deps";
import type { LiveRegistry } from "@/components/live/live-registry";
import { ThreadCache } from "./thread-cache";

/** Threads' lists, chips and an open thread follow THREAD_* events and the messages posted in threads. */
export function registerThreadsLive(live: LiveRegistry, { queryClient, trpc, patcher }: LiveDeps): void {
  const threads = new ThreadCache(queryClient, trpc, patcher);
  live.on(GatewayDispatchEvents.MessageCreate, ({ d }) => threads.messagePosted(d.channel_id, d.id));
  live.on([GatewayDispatchEvents.ThreadCreate, GatewayDispatchEvents.ThreadUpdate], ({ d }) => {
    const thread = threadView(d);
    if (thread) threads.put(thread);
  });
  live.on(GatewayDispatchEvents.ThreadDelete, ({ d: { id, parent_id } }) => threads.deleted(id, parent_id));
}
