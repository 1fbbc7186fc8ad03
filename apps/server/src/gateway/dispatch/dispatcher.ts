import { Audience, type ChannelViewers } from "@chat/domain";
import { type DispatchEvent, type DispatchPayload, type EventHistory, isDispatch } from "@chat/events";
import { type PresenceStore, withPresences } from "@chat/presence";
import { GatewayDispatchEvents } from "discord-api-types/v10";
import { SerializedEvent } from "../connection/payloads";
import type { Session } from "../sessions/session";
import type { SessionRegistry } from "../sessions/session-registry";
import { intentAllows, receivesPresences, receivesScheduledEvents, withoutScheduledEvents } from "./intents";
import type { InteractionCreateEvent, InteractionRouter } from "./interaction-router";

export interface DispatcherOptions {
  /** Every accepted event is kept for catching up sessions taken over from other nodes or from the last run (none when sessions live in memory alone). */
  history?: EventHistory | null;
  /** Called in bus order once all an event caused has been handed to the sessions (their appends issued). */
  processed?: (eventId: string) => void;
  /** How a dispatch reaches a session: `dispatch` (held during Identify), or `dispatchNow` when catching up. */
  deliver?: (session: Session, event: SerializedEvent) => void;
  /** Which one session gets an INTERACTION_CREATE (interaction-router.ts); without one, none does. */
  interactions?: InteractionRouter;
  /** Hears each event handled and how many sessions it went to (metrics, and the debug log naming the request that caused it); the live dispatcher's only. */
  dispatched?: (event: DispatchEvent, sessions: number) => void;
}

/**
 * Turns bus events into dispatches: who may receive an event is the domain's Audience (the
 * same decision the people's live stream uses); the gateway narrows it by intents and shards
 * and nothing else. Audience checks run concurrently, deliveries leave in bus
 * order, and each event is serialized once for all its receivers (a GUILD_CREATE up to four
 * times: with or without presences (Guild Presences), with or without its scheduled events
 * (Guild Scheduled Events)).
 */
export class Dispatcher {
  private tail: Promise<void> = Promise.resolve();
  /** Work asked for while an event is being accepted; it runs after that event's deliveries. */
  private accepting: (() => void)[] | null = null;
  private readonly deliverTo: (session: Session, event: SerializedEvent) => void;
  private readonly audience: Audience;

  constructor(
    private readonly sessions: SessionRegistry,
    viewers: ChannelViewers,
    private readonly presences: PresenceStore,
    private readonly options: DispatcherOptions = {},
  ) {
    this.deliverTo = options.deliver ?? ((session, event) => session.dispatch(event));
    this.audience = new Audience(viewers);
  }

  /** Called for every bus event, in bus order. */
  accept(event: DispatchEvent): void {
    this.options.history?.push(event);
    const after: (() => void)[] = [];
    this.accepting = after;
    let candidates: Session[];
    try {
      this.audience.applyJoins(event, this.sessions);
      candidates = this.audience
        .candidates(event, this.sessions)
        .filter((s) => intentAllows(event, s.intents, s.userId));
      this.audience.applyLeaves(event, this.sessions);
    } finally {
      this.accepting = null;
    }
    if (isDispatch(event, GatewayDispatchEvents.InteractionCreate)) {
      const chosen = candidates;
      this.chain(() => this.deliverInteraction(event, chosen));
    } else if (candidates.length > 0) {
      const receivers = this.audience.visibleAmong(event, candidates);
      this.chain(() => this.deliver(event, receivers));
    } else this.options.dispatched?.(event, 0);
    for (const task of after) this.chain(task);
    const { id } = event;
    const processed = this.options.processed;
    if (id && processed) this.chain(() => processed(id));
  }

  /** Runs `task` once every event accepted so far has been handed to its sessions. */
  afterPending(task: () => void): void {
    if (this.accepting) this.accepting.push(task);
    else this.chain(task);
  }

  /** Resolves once every event accepted so far has been handed to its sessions. */
  idle(): Promise<void> {
    return this.tail;
  }

  private chain(task: () => void | Promise<void>): void {
    // Never let one event break the chain: every later delivery waits on it.
    this.tail = this.tail.then(task).catch((error) => console.error("gateway dispatch failed", error));
  }

  private async deliver(event: DispatchEvent, receivers: Promise<Session[]>): Promise<void> {
    const list = await receivers;
    if (list.length === 0) return void this.options.dispatched?.(event, 0);
    let sent = 0;
    const plain = new SerializedEvent(event.t, event.d, event.id);
    const enriched = await this.withPresencesFor(event, list);
    // GUILD_CREATE without its scheduled events, per variant, for sessions lacking Guild Scheduled Events.
    const stripped = new Map<SerializedEvent, SerializedEvent>();
    const guildCreate = isDispatch(event, GatewayDispatchEvents.GuildCreate);
    for (const session of list) {
      // Ended or moved to another node while the audience was being decided: not any more.
      if (this.sessions.get(session.id) !== session) continue;
      let variant = enriched && receivesPresences(session.intents) ? enriched.event : plain;
      if (guildCreate && !receivesScheduledEvents(session.intents)) {
        const data = variant === plain || !enriched ? event.d : enriched.data;
        const base = variant;
        variant = stripped.get(base) ?? new SerializedEvent(event.t, withoutScheduledEvents(data), event.id);
        stripped.set(base, variant);
      }
      this.deliverTo(session, variant);
      sent += 1;
    }
    this.options.dispatched?.(event, sent);
  }

  /**
   * An interaction goes to exactly one session of its bot, whatever the channel's permissions
   * (the application answers it); the router settles which, in bus order like every delivery.
   */
  private async deliverInteraction(event: InteractionCreateEvent, candidates: Session[]): Promise<void> {
    const session = await this.options.interactions?.choose(event, candidates);
    const chosen = session && this.sessions.get(session.id) === session;
    if (chosen) this.deliverTo(session, new SerializedEvent(event.t, event.d, event.id));
    this.options.dispatched?.(event, chosen ? 1 : 0);
  }

  /** The GUILD_CREATE variant with presences, when some receiver holds Guild Presences. */
  private async withPresencesFor(
    event: DispatchEvent,
    receivers: Session[],
  ): Promise<{ event: SerializedEvent; data: DispatchPayload<GatewayDispatchEvents.GuildCreate> } | null> {
    if (!isDispatch(event, GatewayDispatchEvents.GuildCreate) || !receivers.some((s) => receivesPresences(s.intents)))
      return null;
    const data = await withPresences(this.presences, event.d);
    return { event: new SerializedEvent(event.t, data, event.id), data };
  }
}
