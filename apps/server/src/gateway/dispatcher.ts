import type { DomainEvent } from "@chat/events";
import { candidatesFor, needsChannelView } from "./audience";
import { applyJoins, applyLeaves } from "./membership";
import { SerializedEvent } from "./payloads";
import type { Session } from "./session";
import type { SessionRegistry } from "./session-registry";
import type { ChannelViewers } from "./visibility";

/**
 * Turns bus events into dispatches: who receives an event (membership, intents, View Channel)
 * is decided here and nowhere else. Audience checks run concurrently, deliveries leave in bus
 * order, and each event is serialized once for all its receivers.
 */
export class Dispatcher {
  private tail: Promise<void> = Promise.resolve();

  constructor(
    private readonly sessions: SessionRegistry,
    private readonly viewers: ChannelViewers,
  ) {}

  /** Called for every bus event, in bus order. */
  accept(event: DomainEvent): void {
    applyJoins(event, this.sessions);
    const candidates = candidatesFor(event, this.sessions);
    applyLeaves(event, this.sessions);
    if (candidates.length === 0) return;
    const receivers = this.visibleAmong(event, candidates);
    this.tail = this.tail.then(async () => {
      const list = await receivers;
      if (list.length === 0) return;
      try {
        const serialized = new SerializedEvent(event.t, event.d);
        for (const session of list) session.dispatch(serialized);
      } catch (error) {
        // Never let one event break the chain: every later delivery waits on it.
        console.error("gateway dispatch failed", event.t, error);
      }
    });
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
