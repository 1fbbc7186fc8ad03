import type { DomainEvent } from "@chat/events";
import { GatewayDispatchEvents } from "discord-api-types/v10";
import { candidatesFor, needsChannelView } from "./audience";
import { receivesPresences } from "./intents";
import { applyJoins, applyLeaves } from "./membership";
import { SerializedEvent } from "./payloads";
import { type PresenceStore, shownStatus, withPresences } from "./presence";
import type { Session } from "./session";
import type { SessionRegistry } from "./session-registry";
import type { ChannelViewers } from "./visibility";

/**
 * Turns bus events into dispatches: who receives an event (membership, intents, View Channel)
 * is decided here and nowhere else. Audience checks run concurrently, deliveries leave in bus
 * order, and each event is serialized once for all its receivers (a GUILD_CREATE twice at
 * most: with presences for holders of Guild Presences, without for the others).
 */
export class Dispatcher {
  private tail: Promise<void> = Promise.resolve();

  constructor(
    private readonly sessions: SessionRegistry,
    private readonly viewers: ChannelViewers,
    private readonly presences: PresenceStore,
  ) {}

  /** Called for every bus event, in bus order. */
  accept(event: DomainEvent): void {
    this.recordPresence(event);
    applyJoins(event, this.sessions);
    const candidates = candidatesFor(event, this.sessions);
    applyLeaves(event, this.sessions);
    if (candidates.length === 0) return;
    const receivers = this.visibleAmong(event, candidates);
    this.tail = this.tail.then(async () => {
      const list = await receivers;
      if (list.length === 0) return;
      try {
        const plain = new SerializedEvent(event.t, event.d);
        const enriched = await this.withPresencesFor(event, list);
        for (const session of list) session.dispatch(enriched && receivesPresences(session.intents) ? enriched : plain);
      } catch (error) {
        // Never let one event break the chain: every later delivery waits on it.
        console.error("gateway dispatch failed", event.t, error);
      }
    });
  }

  /** PRESENCE_UPDATEs from every node keep this node's presence store current. */
  private recordPresence(event: DomainEvent): void {
    if (event.t !== GatewayDispatchEvents.PresenceUpdate) return;
    const d = event.d as { user?: { id?: unknown }; status?: unknown } | null;
    const status = shownStatus(d?.status);
    if (typeof d?.user?.id === "string" && status) this.presences.record(d.user.id, status);
  }

  /** The GUILD_CREATE variant with presences, when some receiver holds Guild Presences. */
  private async withPresencesFor(event: DomainEvent, receivers: Session[]): Promise<SerializedEvent | null> {
    if (event.t !== GatewayDispatchEvents.GuildCreate || !receivers.some((s) => receivesPresences(s.intents))) return null;
    const guild = event.d as Parameters<typeof withPresences>[1];
    return new SerializedEvent(event.t, await withPresences(this.presences, guild));
  }

  private async visibleAmong(event: DomainEvent, candidates: Session[]): Promise<Session[]> {
    if (!needsChannelView(event)) return candidates;
    try {
      const userIds = [...new Set(candidates.map((s) => s.userId))];
      const viewers = await this.viewers(event.guildId, event.channelId, userIds);
      return candidates.filter((s) => viewers.has(s.userId));
    } catch (error) {
      // Fail closed: an event whose audience cannot be decided goes to nobody.
      console.error("gateway audience check failed", event.t, error);
      return [];
    }
  }
}
