import { type DispatchEvent, isDispatch } from "@chat/events";
import { GatewayDispatchEvents } from "discord-api-types/v10";
import type { Listener, ListenerIndex } from "./listeners";

/**
 * A listener as it was before the events it missed, deciding them one by one as it would have
 * been decided for then: it joins and leaves guilds as the events say, never its live self.
 */
export class ListenerThen implements Listener, ListenerIndex<ListenerThen> {
  readonly handlesDirectMessages: boolean;

  private constructor(
    readonly userId: string,
    readonly guildIds: Set<string>,
    handlesDirectMessages: boolean,
  ) {
    this.handlesDirectMessages = handlesDirectMessages;
  }

  /**
   * The listener before `missed` (bus order), from the guilds it is in after them: the joins
   * and leaves the events announced for it are undone, newest first.
   */
  static before(listener: Listener, missed: readonly DispatchEvent[]): ListenerThen {
    const guildIds = new Set(listener.guildIds);
    for (let i = missed.length - 1; i >= 0; i--) {
      const event = missed[i] as DispatchEvent;
      if (isDispatch(event, GatewayDispatchEvents.GuildCreate) && event.userIds?.includes(listener.userId))
        guildIds.delete(event.d.id);
      else if (isDispatch(event, GatewayDispatchEvents.GuildDelete) && event.userIds?.includes(listener.userId))
        guildIds.add(event.d.id);
      else if (isDispatch(event, GatewayDispatchEvents.GuildMemberRemove) && event.d.user.id === listener.userId)
        guildIds.add(event.d.guild_id);
    }
    return new ListenerThen(listener.userId, guildIds, listener.handlesDirectMessages);
  }

  ofUser(userId: string): readonly ListenerThen[] {
    return userId === this.userId ? [this] : [];
  }

  inGuild(guildId: string): readonly ListenerThen[] {
    return this.guildIds.has(guildId) ? [this] : [];
  }

  joinGuild(_listener: ListenerThen, guildId: string): void {
    this.guildIds.add(guildId);
  }

  leaveGuild(_listener: ListenerThen, guildId: string): void {
    this.guildIds.delete(guildId);
  }
}

/**
 * Whether one of `missed` showed `userId` a guild channel they could not view before (a role
 * given, an overwrite, a role's permissions, ownership: the CHANNEL_CREATE addressed to those who
 * gained it). Who could view a channel is read as it is now, and the events of a thread do not
 * name its channel, so what was missed before such a change cannot be decided as of then.
 */
export function revealsChannelTo(userId: string, missed: readonly DispatchEvent[]): boolean {
  return missed.some(
    (event) =>
      isDispatch(event, GatewayDispatchEvents.ChannelCreate) &&
      event.guildId !== undefined &&
      event.userIds?.includes(userId) === true,
  );
}
