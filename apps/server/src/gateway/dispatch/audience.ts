import type { DispatchEvent } from "@chat/events";
import type { Session } from "../sessions/session";
import type { SessionRegistry } from "../sessions/session-registry";
import { intentAllows } from "./intents";
import { guildOfEvent } from "./membership";

/**
 * Sessions an event may go to before channel visibility is checked:
 * - addressed (`userIds`, even an empty list): those users' sessions; for a guild's event only where that guild
 *   is one the session receives, otherwise (DMs) shard 0 only;
 * - guild-scoped: the sessions receiving that guild (membership and shard);
 * - anything else: nobody;
 * then only sessions holding the event's intent.
 */
export function candidatesFor(event: DispatchEvent, sessions: SessionRegistry): Session[] {
  const guildId = guildOfEvent(event);
  let pool: readonly Session[];
  if (event.userIds) {
    const addressed = [...new Set(event.userIds)].flatMap((id) => sessions.ofUser(id));
    pool = guildId ? addressed.filter((s) => s.guildIds.has(guildId)) : addressed.filter((s) => s.handlesDirectMessages);
  } else if (guildId) {
    pool = sessions.inGuild(guildId);
  } else {
    pool = [];
  }
  return pool.filter((s) => intentAllows(event, s.intents, s.userId));
}

/** Whether the event concerns a guild channel, so receivers must have View Channel there. */
export function needsChannelView(event: DispatchEvent): event is DispatchEvent & { guildId: string; channelId: string } {
  return Boolean(event.guildId && event.channelId);
}
