import { type DomainEvent, isDispatch } from "@chat/events";
import { GatewayDispatchEvents } from "discord-api-types/v10";
import { type MessageView, messageView } from "../views";

/** What the live message stream of a channel carries: a new message, an edited one, a deleted one. */
export type LiveMessageEvent = { kind: "create"; message: MessageView } | { kind: "update"; message: MessageView } | { kind: "delete"; id: string; channelId: string };

const LIVE_MESSAGE_EVENTS: ReadonlySet<string> = new Set([GatewayDispatchEvents.MessageCreate, GatewayDispatchEvents.MessageUpdate, GatewayDispatchEvents.MessageDelete]);

/** True for the bus events of one channel that its live message stream relays. */
export function isLiveMessageEvent(event: DomainEvent, channelId: string): boolean {
  return event.channelId === channelId && LIVE_MESSAGE_EVENTS.has(event.t);
}

/**
 * A bus event in the stream's shape: MESSAGE_CREATE and MESSAGE_UPDATE carry the whole message,
 * MESSAGE_DELETE `{ id, channel_id, guild_id }` (one per message, also for a bulk delete).
 */
export function liveMessageEvent(event: DomainEvent): LiveMessageEvent | null {
  if (isDispatch(event, GatewayDispatchEvents.MessageCreate)) return { kind: "create", message: messageView(event.d) };
  if (isDispatch(event, GatewayDispatchEvents.MessageUpdate)) return { kind: "update", message: messageView(event.d) };
  if (isDispatch(event, GatewayDispatchEvents.MessageDelete)) return { kind: "delete", id: event.d.id, channelId: event.d.channel_id };
  return null;
}
