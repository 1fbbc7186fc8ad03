import { GatewayDispatchEvents } from "discord-api-types/v10";
import type { LiveDeps } from "@/components/live/live-deps";
import type { LiveRegistry } from "@/components/live/live-registry";
import type { MessagePage } from "../messages/message-page";

/** Replies whose original was deleted show it gone. */
export function registerRepliesLive(live: LiveRegistry, { trpc, patcher }: LiveDeps): void {
  live.on(GatewayDispatchEvents.MessageDelete, ({ d: { id, channel_id } }) => {
    patcher.patch<MessagePage>(trpc.messages.list.queryKey({ channelId: channel_id }), (page) => ({
      ...page,
      messages: page.messages.map((m) =>
        m.reference?.messageId === id && m.reference.message !== null
          ? { ...m, reference: { messageId: id, message: null } }
          : m,
      ),
    }));
  });
}
