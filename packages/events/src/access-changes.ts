import { GatewayDispatchEvents } from "discord-api-types/v10";
import { type DomainEvent, isPersonEvent } from "./catalogue";

/**
 * Events that never change who may see or do what in a channel (no role, overwrite, member,
 * channel or guild changes with them).
 */
const LEAVE_ACCESS = new Set<string>([
  GatewayDispatchEvents.MessageCreate,
  GatewayDispatchEvents.MessageUpdate,
  GatewayDispatchEvents.MessageDelete,
  GatewayDispatchEvents.MessageDeleteBulk,
  GatewayDispatchEvents.MessageReactionAdd,
  GatewayDispatchEvents.MessageReactionRemove,
  GatewayDispatchEvents.MessageReactionRemoveAll,
  GatewayDispatchEvents.MessageReactionRemoveEmoji,
  GatewayDispatchEvents.MessagePollVoteAdd,
  GatewayDispatchEvents.MessagePollVoteRemove,
  GatewayDispatchEvents.ChannelPinsUpdate,
  GatewayDispatchEvents.TypingStart,
  GatewayDispatchEvents.PresenceUpdate,
  GatewayDispatchEvents.InteractionCreate,
  GatewayDispatchEvents.VoiceStateUpdate,
]);

/**
 * Whether `event` may change a caller's access to channels (what caches of access and of a
 * channel's viewers must drop): anything but the everyday traffic above, a person's own
 * events (read states, settings) and internal notices.
 */
export function mayChangeAccess(event: DomainEvent): boolean {
  return !isPersonEvent(event) && !event.internal && !LEAVE_ACCESS.has(event.t);
}
