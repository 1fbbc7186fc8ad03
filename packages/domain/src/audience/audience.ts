import { isDatabaseUnreachable } from "@chat/db";
import { type DispatchEvent, isDispatch } from "@chat/events";
import { GatewayDispatchEvents } from "discord-api-types/v10";
import type { ChannelViewers } from "./channel-viewers";
import { guildOfEvent, needsChannelView } from "./event-scope";
import type { Listener, ListenerIndex } from "./listeners";
import { ListenerThen, revealsChannelTo } from "./missed-events";

/**
 * Who may receive an event, for bots' gateway sessions and people's browser tabs alike. Asked
 * once per event per process, in batch for every listener that process holds:
 * 1. `applyJoins` before deciding (a new guild's GUILD_CREATE reaches its new member);
 * 2. `candidates`: addressed events (`userIds`, even an empty list) go to those users' listeners
 *    (for a guild's event only where that guild is one the listener receives, otherwise only
 *    listeners handling DMs); guild events to the guild's listeners; anything else to nobody;
 * 3. `applyLeaves` (the GUILD_DELETE reaches the one leaving);
 * 4. `visibleAmong`: for a guild channel's event, only those holding View Channel there, in one
 *    batch of queries whatever the number of listeners.
 * A face may narrow the candidates between 2 and 4 with rules of its own (the gateway's intents).
 * `missedBy` decides the events a listener missed while away as they were decided then.
 */
/** While the database is unreachable an audience check is asked again this often, for at most `retryForMs`. */
const RETRY_EVERY_MS = 250;

export class Audience {
  constructor(
    private readonly viewers: ChannelViewers,
    /** How long an event waits for an unreachable database before going to nobody (deliveries keep bus order, so later ones wait too). */
    private readonly retryForMs = 30_000,
  ) {}

  candidates<L extends Listener>(event: DispatchEvent, index: ListenerIndex<L>): L[] {
    const guildId = guildOfEvent(event);
    if (event.userIds) {
      const addressed = [...new Set(event.userIds)].flatMap((id) => index.ofUser(id));
      return guildId
        ? addressed.filter((l) => l.guildIds.has(guildId))
        : addressed.filter((l) => l.handlesDirectMessages);
    }
    return guildId ? [...index.inGuild(guildId)] : [];
  }

  async visibleAmong<L extends Listener>(event: DispatchEvent, candidates: readonly L[]): Promise<L[]> {
    if (candidates.length === 0) return [];
    if (!needsChannelView(event)) return [...candidates];
    const userIds = [...new Set(candidates.map((l) => l.userId))];
    const giveUpAt = Date.now() + this.retryForMs;
    for (;;) {
      try {
        const viewers = await this.viewers(event.guildId, event.channelId, userIds);
        return candidates.filter((l) => viewers.has(l.userId));
      } catch (error) {
        // A database outage delays the event; anything else (or a long outage) fails closed:
        // an event whose audience cannot be decided goes to nobody.
        if (!isDatabaseUnreachable(error) || Date.now() >= giveUpAt) {
          console.error("audience check failed", event.t, error);
          return [];
        }
        await new Promise((resolve) => setTimeout(resolve, RETRY_EVERY_MS));
      }
    }
  }

  /**
   * What a listener that was away missed (`missed` in bus order, `listener` as it is now),
   * decided as at the time: in the guilds it was in then (a guild joined since gives only what
   * came after the join; one left since still gives its GUILD_DELETE), among the channel's
   * viewers. Null when a channel was revealed to it meanwhile (revealsChannelTo): it must load
   * everything again instead.
   */
  async missedBy(listener: Listener, missed: readonly DispatchEvent[]): Promise<DispatchEvent[] | null> {
    if (revealsChannelTo(listener.userId, missed)) return null;
    const then = ListenerThen.before(listener, missed);
    const sent: DispatchEvent[] = [];
    for (const event of missed) {
      this.applyJoins(event, then);
      const candidates = this.candidates(event, then);
      this.applyLeaves(event, then);
      if (candidates.length > 0 && (await this.visibleAmong(event, candidates)).length > 0) sent.push(event);
    }
    return sent;
  }

  /** Events that add a guild to listeners' view, applied in bus order before deciding. */
  applyJoins<L extends Listener>(event: DispatchEvent, index: ListenerIndex<L>): void {
    if (!isDispatch(event, GatewayDispatchEvents.GuildCreate) || !event.userIds) return;
    for (const userId of event.userIds)
      for (const listener of index.ofUser(userId)) index.joinGuild(listener, event.d.id);
  }

  /** Events that take a guild out of listeners' view, applied in bus order after deciding. */
  applyLeaves<L extends Listener>(event: DispatchEvent, index: ListenerIndex<L>): void {
    const guildId = guildOfEvent(event);
    if (!guildId) return;
    if (isDispatch(event, GatewayDispatchEvents.GuildDelete)) {
      const leaving = event.userIds ? event.userIds.flatMap((id) => index.ofUser(id)) : index.inGuild(guildId);
      for (const listener of [...leaving]) index.leaveGuild(listener, guildId);
    } else if (isDispatch(event, GatewayDispatchEvents.GuildMemberRemove)) {
      for (const listener of [...index.ofUser(event.d.user.id)]) index.leaveGuild(listener, guildId);
    }
  }
}
