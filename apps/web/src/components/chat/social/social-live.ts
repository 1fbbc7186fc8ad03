import type { AppRouter } from "@chat/api";
import type { LiveWireEvent } from "@chat/events/catalogue";
import type { inferRouterOutputs } from "@trpc/server";
import type { TRPCOptionsProxy } from "@trpc/tanstack-react-query";
import { GatewayDispatchEvents } from "discord-api-types/v10";
import type { QueryPatcher } from "../live/query-patcher";
import { changeMessageReaction } from "../reactions/reaction-patch";
import { CHANNEL_PINNED_MESSAGE } from "../messages/message-types";

type MessagePage = inferRouterOutputs<AppRouter>["messages"]["list"];


/**
 * What live events change of replies, reactions and pins in the cache: reactions of others
 * (and of the person's other tabs), the pins list, a pinned message's mark, replies whose
 * original was deleted, and what the person may do after a role or channel change.
 */
export function applySocialEvent(event: LiveWireEvent, patcher: QueryPatcher, trpc: TRPCOptionsProxy<AppRouter>, meId: string): void {
  const messages = (channelId: string) => trpc.messages.list.queryKey({ channelId });
  switch (event.t) {
    case GatewayDispatchEvents.MessageReactionAdd:
    case GatewayDispatchEvents.MessageReactionRemove: {
      const { channel_id, message_id, user_id, emoji } = event.d;
      const change = event.t === GatewayDispatchEvents.MessageReactionAdd ? "add" : "remove";
      const reacted = { id: emoji.id ?? null, name: emoji.name ?? null, animated: emoji.animated === true };
      patcher.patch<MessagePage>(messages(channel_id), (page) => ({ ...page, messages: changeMessageReaction(page.messages, message_id, reacted, change, user_id === meId) }));
      return;
    }
    case GatewayDispatchEvents.ChannelPinsUpdate:
      patcher.reload(trpc.social.pins.queryKey({ channelId: event.d.channel_id }));
      // Nothing pinned any more: no message offers Unpin. (Which one was unpinned otherwise, the event does not say.)
      if (event.d.last_pin_timestamp === null) {
        patcher.patch<MessagePage>(messages(event.d.channel_id), (page) => ({ ...page, messages: page.messages.map((m) => (m.pinned ? { ...m, pinned: false } : m)) }));
      }
      return;
    case GatewayDispatchEvents.MessageCreate: {
      const pinnedId = event.d.type === CHANNEL_PINNED_MESSAGE ? event.d.message_reference?.message_id : undefined;
      if (pinnedId) patcher.patch<MessagePage>(messages(event.d.channel_id), (page) => ({ ...page, messages: page.messages.map((m) => (m.id === pinnedId ? { ...m, pinned: true } : m)) }));
      return;
    }
    case GatewayDispatchEvents.MessageDelete: {
      const { id, channel_id } = event.d;
      patcher.patch<MessagePage>(messages(channel_id), (page) => ({
        ...page,
        messages: page.messages.map((m) => (m.reference?.messageId === id && m.reference.message !== null ? { ...m, reference: { messageId: id, message: null } } : m)),
      }));
      return;
    }
    case GatewayDispatchEvents.ChannelUpdate:
    case GatewayDispatchEvents.GuildRoleCreate:
    case GatewayDispatchEvents.GuildRoleUpdate:
    case GatewayDispatchEvents.GuildRoleDelete:
      patcher.reload(trpc.social.abilities.pathKey());
      return;
    case GatewayDispatchEvents.GuildMemberUpdate:
      if (event.d.user.id === meId) patcher.reload(trpc.social.abilities.pathKey());
      return;
    default:
      return;
  }
}
