import { type DispatchEvent, isDispatch } from "@chat/events";
import { GatewayDispatchEvents } from "discord-api-types/v10";

/** The guild an event belongs to: its scope, or for GUILD_CREATE / GUILD_DELETE the guild in `d`. */
export function guildOfEvent(event: DispatchEvent): string | undefined {
  if (event.guildId) return event.guildId;
  if (isDispatch(event, GatewayDispatchEvents.GuildCreate) || isDispatch(event, GatewayDispatchEvents.GuildDelete))
    return event.d.id;
  return undefined;
}

/** Whether the event concerns a guild channel, so receivers must have View Channel there. */
export function needsChannelView(
  event: DispatchEvent,
): event is DispatchEvent & { guildId: string; channelId: string } {
  return Boolean(event.guildId && event.channelId);
}
