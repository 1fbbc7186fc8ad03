import type { DomainEvent } from "@chat/events";
import { type MessageView, messageView } from "../views";

/** What the live message stream of a channel carries: a new message, an edited one, a deleted one. */
export type LiveMessageEvent = { kind: "create"; message: MessageView } | { kind: "update"; message: MessageView } | { kind: "delete"; id: string; channelId: string };

type WireMessage = Parameters<typeof messageView>[0];

const KINDS = new Map<string, LiveMessageEvent["kind"]>([
  ["MESSAGE_CREATE", "create"],
  ["MESSAGE_UPDATE", "update"],
  ["MESSAGE_DELETE", "delete"],
]);

/** True for the bus events of one channel that its live message stream relays. */
export function isLiveMessageEvent(event: DomainEvent, channelId: string): boolean {
  return event.channelId === channelId && KINDS.has(event.t);
}

/**
 * A bus event in the stream's shape: MESSAGE_CREATE and MESSAGE_UPDATE carry the whole message,
 * MESSAGE_DELETE `{ id, channel_id, guild_id }` (one per message, also for a bulk delete).
 */
export function liveMessageEvent(event: DomainEvent): LiveMessageEvent | null {
  const kind = KINDS.get(event.t);
  if (kind === "delete") {
    const d = event.d as { id: string; channel_id: string };
    return { kind, id: d.id, channelId: d.channel_id };
  }
  if (kind === "create" || kind === "update") return { kind, message: messageView(event.d as WireMessage) };
  return null;
}

/** The message an event is about. */
export function liveEventMessageId(event: LiveMessageEvent): string {
  return event.kind === "delete" ? event.id : event.message.id;
}
