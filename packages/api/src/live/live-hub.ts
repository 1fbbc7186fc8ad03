import { randomBytes } from "node:crypto";
import { Audience, type ChannelViewers } from "@chat/domain";
import { type DispatchEvent, type DomainEvent, type EventBus, EventHistory } from "@chat/events";
import { Tab, TabIndex } from "./tabs";

/** What a tab that lost its connection can catch up on: the gateway's resume window. */
const HISTORY_EVENTS = 1000;
const HISTORY_MS = 2 * 60_000;

export interface LiveHubOptions {
  historyEvents?: number;
  historyMs?: number;
}

/** How a tab's stream starts: from now, or resumed after the cursor it last saw. */
export type LiveStart = { resumed: true } | { resumed: false; reason: "new" | "too-old" };

/**
 * People's live streams in one web process: one bus subscription, one audience decision per
 * event for every open tab (the domain's Audience, as the gateway uses it), then each event
 * to the tabs that may see it. Events keep their bus order; each carries a cursor (its bus id,
 * shared by every process on Redis) so a tab that reconnects, here or on another process,
 * gets what it missed within the resume window.
 */
export class LiveHub {
  private readonly tabs = new TabIndex();
  private readonly audience: Audience;
  private readonly history: EventHistory;
  private readonly unsubscribe: () => void;
  private tail: Promise<void> = Promise.resolve();
  /** Cursors for events without a bus id (one process, no Redis): this process's epoch and a count. */
  private readonly epoch = randomBytes(4).toString("hex");
  private counter = 0;

  constructor(
    bus: EventBus,
    viewers: ChannelViewers,
    options: LiveHubOptions = {},
  ) {
    this.audience = new Audience(viewers);
    this.history = new EventHistory(options.historyEvents ?? HISTORY_EVENTS, options.historyMs ?? HISTORY_MS);
    this.unsubscribe = bus.subscribe((event) => this.accept(event));
  }

  /**
   * Opens a tab's stream: registered at once (nothing published from now on is missed), then
   * the events after `lastEventId` the person may see, then everything live.
   */
  open(userId: string, guildIds: Iterable<string>, lastEventId: string | null, signal?: AbortSignal): { tab: Tab; start: Promise<LiveStart> } {
    const tab = new Tab(userId, guildIds, signal);
    this.tabs.add(tab);
    tab.queue.onClose(() => this.tabs.remove(tab));
    const missed = lastEventId ? this.history.after([lastEventId]) : null;
    const start = this.replay(tab, missed ?? []).then((): LiveStart => {
      if (!lastEventId) return { resumed: false, reason: "new" };
      return missed ? { resumed: true } : { resumed: false, reason: "too-old" };
    });
    return { tab, start };
  }

  close(): void {
    this.unsubscribe();
  }

  private accept(event: DomainEvent): void {
    if (event.internal) return;
    const cursor: DispatchEvent = event.id ? event : { ...event, id: `${this.epoch}.${++this.counter}` };
    this.history.push(cursor);
    if (this.tabs.size === 0) return;
    this.audience.applyJoins(cursor, this.tabs);
    const candidates = this.audience.candidates(cursor, this.tabs);
    this.audience.applyLeaves(cursor, this.tabs);
    if (candidates.length === 0) return;
    const receivers = this.audience.visibleAmong(cursor, candidates);
    this.tail = this.tail
      .then(async () => {
        for (const tab of await receivers) tab.deliver(cursor);
      })
      .catch((error) => console.error("live stream delivery failed", error));
  }

  /** The missed events this tab may see, decided as if it alone were listening; then it goes live. */
  private async replay(tab: Tab, missed: readonly DispatchEvent[]): Promise<void> {
    const alone = new TabIndex();
    alone.add(tab);
    const replayed: DispatchEvent[] = [];
    try {
      for (const event of missed) {
        const candidates = this.audience.candidates(event, alone);
        if (candidates.length > 0 && (await this.audience.visibleAmong(event, candidates)).length > 0) replayed.push(event);
      }
    } finally {
      // Live deliveries already queued for this tab wait for the replay before them.
      await this.tail;
      tab.release(replayed);
    }
  }
}
