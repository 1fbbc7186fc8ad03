import { randomBytes } from "node:crypto";
import { Audience, type ChannelViewers, ViewerCache } from "@chat/domain";
import {
  type DispatchEvent,
  type DomainEvent,
  type EventBus,
  EventHistory,
  isPersonEvent,
  type LiveEvent,
  type PersonEvent,
} from "@chat/events";
import type { TabPresence } from "@chat/presence";
import { countLiveStreams } from "./open-streams";
import { Tab, TabIndex } from "./tabs";

/** What a tab that lost its connection can catch up on: the gateway's resume window. */
const HISTORY_EVENTS = 1000;
const HISTORY_MS = 2 * 60_000;

export interface LiveHubOptions {
  historyEvents?: number;
  historyMs?: number;
  /** People's presence: each open tab keeps its person online. */
  presence?: TabPresence;
}

/**
 * How a tab's stream starts: from now, or resumed after the cursor it last saw. Not resumed
 * ("too-old": the cursor is out of the resume window; "access-changed": a channel was revealed
 * to the person since, so what they missed cannot be decided as of then), the tab loads
 * everything again.
 */
export type LiveStart = { resumed: true } | { resumed: false; reason: "new" | "too-old" | "access-changed" };

/**
 * People's live streams in one web process: one bus subscription, one audience decision per
 * event for every open tab (the domain's Audience with its viewers kept until an event may
 * change them, as the gateway does), then each event
 * to the tabs that may see it; an event addressed to a person goes to that person's tabs (or
 * the one tab it names). Events keep their bus order; each carries a cursor (its bus id,
 * shared by every process on Redis) so a tab that reconnects, here or on another process,
 * gets what it missed within the resume window.
 */
export class LiveHub {
  private readonly tabs = new TabIndex();
  private readonly audience: Audience;
  private readonly viewers: ViewerCache;
  private readonly history: EventHistory<LiveEvent>;
  private readonly unsubscribe: () => void;
  private readonly uncount: () => void;
  private readonly presence: TabPresence | undefined;
  private tail: Promise<void> = Promise.resolve();
  /** Cursors for events without a bus id (one process, no Redis): this process's epoch and a count. */
  private readonly epoch = randomBytes(4).toString("hex");
  private counter = 0;

  constructor(bus: EventBus, viewers: ChannelViewers, options: LiveHubOptions = {}) {
    this.viewers = new ViewerCache(viewers);
    this.audience = new Audience(this.viewers.viewers);
    this.history = new EventHistory(options.historyEvents ?? HISTORY_EVENTS, options.historyMs ?? HISTORY_MS);
    this.presence = options.presence;
    this.unsubscribe = bus.subscribe((event) => this.accept(event));
    this.uncount = countLiveStreams(this);
  }

  /** Tabs whose stream is open on this hub now. */
  get openStreams(): number {
    return this.tabs.size;
  }

  /**
   * Opens a tab's stream: registered at once (nothing published from now on is missed), then
   * the events after `lastEventId` the person may see, then everything live.
   */
  open(
    userId: string,
    guildIds: Iterable<string>,
    lastEventId: string | null,
    signal?: AbortSignal,
  ): { tab: Tab; start: Promise<LiveStart> } {
    const tab = new Tab(userId, guildIds, signal);
    this.tabs.add(tab);
    this.presence?.opened(tab);
    tab.queue.onClose(() => {
      this.tabs.remove(tab);
      this.presence?.closed(tab);
    });
    const missed = lastEventId ? this.history.after([lastEventId]) : null;
    const start = this.replay(tab, missed ?? []).then((resumable): LiveStart => {
      if (!lastEventId) return { resumed: false, reason: "new" };
      if (!missed) return { resumed: false, reason: "too-old" };
      return resumable ? { resumed: true } : { resumed: false, reason: "access-changed" };
    });
    return { tab, start };
  }

  /**
   * Ends every open stream (the process is shutting down): each tab reconnects, to another
   * web process behind the load balancer, and resumes from its cursor.
   */
  endAll(): void {
    for (const tab of this.tabs.all()) tab.queue.close();
  }

  close(): void {
    this.uncount();
    this.unsubscribe();
    this.viewers.close();
  }

  private accept(event: DomainEvent): void {
    // First: a kept audience read must not outlive an event that changed what it read.
    this.viewers.heard(event);
    if (event.internal) return;
    const cursor: LiveEvent = event.id ? event : { ...event, id: `${this.epoch}.${++this.counter}` };
    this.history.push(cursor);
    if (this.tabs.size === 0) return;
    const receivers = isPersonEvent(cursor) ? this.tabs.addressedBy(cursor) : this.decide(cursor);
    if (receivers === null) return;
    this.tail = this.tail
      .then(async () => {
        for (const tab of await receivers) tab.deliver(cursor);
      })
      .catch((error) => console.error("live stream delivery failed", error));
  }

  /** The tabs that may see a dispatch event (the audience's decision), or null when none is a candidate. */
  private decide(event: DispatchEvent): Promise<Tab[]> | null {
    this.audience.applyJoins(event, this.tabs);
    const candidates = this.audience.candidates(event, this.tabs);
    this.audience.applyLeaves(event, this.tabs);
    return candidates.length === 0 ? null : this.audience.visibleAmong(event, candidates);
  }

  /**
   * The missed events this tab would have been sent at the time (Audience.missedBy, the tab
   * alone); then it goes live. False, replaying nothing, when they cannot be decided as of then.
   */
  private async replay(tab: Tab, missed: readonly LiveEvent[]): Promise<boolean> {
    let replayed: LiveEvent[] = [];
    try {
      const sent = await this.audience.missedBy(
        tab,
        missed.filter((event): event is Exclude<LiveEvent, PersonEvent> => !isPersonEvent(event)),
      );
      if (!sent) return false;
      const decided = new Set<LiveEvent>(sent);
      replayed = missed.filter((event) => (isPersonEvent(event) ? tab.addressedBy(event) : decided.has(event)));
      return true;
    } finally {
      // Live deliveries already queued for this tab wait for the replay before them.
      await this.tail;
      tab.release(replayed);
    }
  }
}
