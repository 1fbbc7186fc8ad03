import { GatewayDispatchEvents } from "discord-api-types/v10";
import type { LiveDeps } from "@/components/live/live-deps";
import type { LiveRegistry } from "@/components/live/live-registry";
import type { MessagePage } from "../messages/message-page";
import { changeMessageReaction } from "../social/reaction-patch";

/** Reactions of others (and of the person's other tabs) on the messages shown. */
export function registerReactionsLive(live: LiveRegistry, { trpc, patcher, meId }: LiveDeps): void {
  live.on([GatewayDispatchEvents.MessageReactionAdd, GatewayDispatchEvents.MessageReactionRemove], (event) => {
    const { channel_id, message_id, user_id, emoji } = event.d;
    const change = event.t === GatewayDispatchEvents.MessageReactionAdd ? "add" : "remove";
    const reacted = { id: emoji.id ?? null, name: emoji.name ?? null, animated: emoji.animated === true };
    patcher.patch<MessagePage>(trpc.messages.list.queryKey({ channelId: channel_id }), (page) => ({
      ...page,
      messages: changeMessageReaction(page.messages, message_id, reacted, change, user_id === meId),
    }));
  });
}
