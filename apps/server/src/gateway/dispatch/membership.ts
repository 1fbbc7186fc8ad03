import { type DispatchEvent, isDispatch } from "@chat/events";
import { GatewayDispatchEvents } from "discord-api-types/v10";
import type { SessionRegistry } from "../sessions/session-registry";

/**
 * Events that change which guilds a bot's sessions receive. Applied in bus order: joins
 * before the event's audience is decided (the new guild's GUILD_CREATE reaches the bot),
 * leaves after (the GUILD_DELETE does too).
 */
export function applyJoins(event: DispatchEvent, sessions: SessionRegistry): void {
  if (event.t !== GatewayDispatchEvents.GuildCreate || !event.userIds) return;
  const guildId = guildOfEvent(event);
  if (!guildId) return;
  for (const userId of event.userIds) for (const session of sessions.ofUser(userId)) sessions.joinGuild(session, guildId);
}

export function applyLeaves(event: DispatchEvent, sessions: SessionRegistry): void {
  const guildId = guildOfEvent(event);
  if (!guildId) return;
  if (event.t === GatewayDispatchEvents.GuildDelete) {
    const leaving = event.userIds ? event.userIds.flatMap((id) => sessions.ofUser(id)) : sessions.inGuild(guildId);
    for (const session of leaving) sessions.leaveGuild(session, guildId);
  } else if (isDispatch(event, GatewayDispatchEvents.GuildMemberRemove)) {
    for (const session of sessions.ofUser(event.d.user.id)) sessions.leaveGuild(session, guildId);
  }
}

/** The guild an event belongs to: its scope, or for GUILD_CREATE / GUILD_DELETE the guild in `d`. */
export function guildOfEvent(event: DispatchEvent): string | undefined {
  if (event.guildId) return event.guildId;
  if (isDispatch(event, GatewayDispatchEvents.GuildCreate) || isDispatch(event, GatewayDispatchEvents.GuildDelete)) return event.d.id;
  return undefined;
}
