import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import type { DomainEvent } from "./catalogue";
import { RecentIds } from "./recent-ids";
import { type EventBus, type EventHandler, HandlerSet, type LagListener, parseEvent } from "./types";

const CHANNEL = "chat:events:default";

/**
 * How many events the stream keeps (approximately): what a process that lost its Redis
 * connection can still catch up on when it is back.
 */
export const EVENT_STREAM_MAX_LENGTH = 100_000;

/** The stream entry field holding the event's JSON. */
export const EVENT_STREAM_FIELD = "e";

const READ_BLOCK_MS = 5_000;
const RETRY_MS = 250;
/** How long a publish holds its caller while Redis does not answer (the event waits in order either way). */
export const PUBLISH_WAIT_MS = 1_000;
/** Event ids remembered to drop one the stream carries twice (a publish resent after a dropped connection). */
const REMEMBERED_IDS = 20_000;

/** Reconnecting soon after Redis is back matters more here than sparing it attempts: events wait meanwhile. */
const reconnectDelay = (attempt: number) => Math.min(attempt * 50, 500);

/**
 * Events between every process sharing one Redis: several server nodes and the web app.
 * They travel on a Redis stream rather than pub/sub: each process reads on from the last
 * entry it saw, so a dropped connection delays events but loses none, and every process
 * sees them in the one order the stream gives them. While Redis is unreachable, published
 * events wait in the publishing connection's queue, in order, and go out when it is back;
 * one resent after a dropped connection (and so on the stream twice) is delivered once.
 */
export class RedisBus implements EventBus {
  private handlers = new HandlerSet();
  private publisher: Redis;
  private reader: Redis;
  private ready: Promise<unknown>;
  private lastId = "$";
  private closed = false;
  /** Event ids: this process's random prefix and a counter. */
  private readonly idPrefix = randomBytes(6).toString("hex");
  private published = 0;
  private readonly delivered = new RecentIds(REMEMBERED_IDS);
  private readonly lagListeners = new Set<LagListener>();
  /** The reading connection's CLIENT name (operators can tell it in CLIENT LIST). */
  readonly readerName = `chat-bus-reader-${this.idPrefix}`;

  constructor(
    url: string,
    /** The stream every process of one deployment shares. */
    readonly channel = CHANNEL,
  ) {
    // Commands wait for as long as Redis is away (the offline queue keeps their order).
    this.publisher = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: null, retryStrategy: reconnectDelay });
    this.publisher.on("error", () => {
      // ioredis reconnects by itself; readiness checks report the outage.
    });
    // Blocking reads wait for as long as it takes; the reader retries forever.
    this.reader = new Redis(url, {
      lazyConnect: false,
      maxRetriesPerRequest: null,
      retryStrategy: reconnectDelay,
      connectionName: this.readerName,
    });
    this.reader.on("error", () => {
      // ioredis reconnects by itself; the read loop picks up where it stopped.
    });
    this.ready = this.start();
  }

  /** Starts reading at the stream's current end: this process gets the events published from now on. */
  private async start(): Promise<void> {
    const [newest] = (await this.reader.xrevrange(this.channel, "+", "-", "COUNT", 1)) as [string, string[]][];
    this.lastId = newest?.[0] ?? "0-0";
    void this.readLoop();
  }

  private async readLoop(): Promise<void> {
    while (!this.closed) {
      try {
        const result = (await this.reader.xread(
          "COUNT",
          1000,
          "BLOCK",
          READ_BLOCK_MS,
          "STREAMS",
          this.channel,
          this.lastId,
        )) as [string, [string, string[]][]][] | null;
        for (const [, entries] of result ?? []) {
          for (const [id, fields] of entries) {
            this.lastId = id;
            const event = parseEvent(fields[fields.indexOf(EVENT_STREAM_FIELD) + 1] ?? "");
            if (!event || (event.id && this.delivered.seenBefore(event.id))) continue;
            // The entry id starts with the time Redis added it: the lag is as good as the clocks agree.
            if (this.lagListeners.size > 0) this.reportLag(Date.now() - Number(id.slice(0, id.indexOf("-"))));
            this.handlers.deliver(event);
          }
        }
      } catch {
        if (this.closed) return;
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
    }
  }

  /** The stream position of the last event handed to subscribers (where this process started, before any). */
  get heardUpTo(): string {
    return this.lastId;
  }

  /**
   * The events on the stream up to and including position `upTo` that were published in the
   * last `withinMs`, oldest first, each with when it was published (the stream id's time).
   * What a process missed before it listened: a restarted gateway node's catch-up history.
   */
  async earlier(upTo: string, withinMs: number): Promise<{ event: DomainEvent; at: number }[]> {
    await this.ready;
    if (upTo === "0-0" || upTo === "$") return [];
    const entries = (await this.publisher.xrange(this.channel, String(Math.max(0, Date.now() - withinMs)), upTo)) as [
      string,
      string[],
    ][];
    return entries.flatMap(([id, fields]) => {
      const event = parseEvent(fields[fields.indexOf(EVENT_STREAM_FIELD) + 1] ?? "");
      return event ? [{ event, at: Number(id.split("-")[0]) }] : [];
    });
  }

  /** The event as it goes on the stream: with an id unique to it. */
  withId(event: DomainEvent): DomainEvent {
    return event.id ? event : { ...event, id: `${this.idPrefix}-${(++this.published).toString(36)}` };
  }

  /**
   * Resolves once Redis has the event, or at once while Redis is known to be away, or after
   * PUBLISH_WAIT_MS: the write the event reports is done, and the event follows when Redis is back.
   */
  async publish(event: DomainEvent): Promise<void> {
    await this.ready;
    const sent = this.publisher
      .xadd(
        this.channel,
        "MAXLEN",
        "~",
        EVENT_STREAM_MAX_LENGTH,
        "*",
        EVENT_STREAM_FIELD,
        JSON.stringify(this.withId(event)),
      )
      .then(
        () => {},
        (error) => console.error("event publish failed", event.t, error),
      );
    if (this.publisher.status !== "ready") return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([sent, new Promise<void>((resolve) => (timer = setTimeout(resolve, PUBLISH_WAIT_MS)))]);
    clearTimeout(timer);
  }

  subscribe(handler: EventHandler): () => void {
    return this.handlers.add(handler);
  }

  /** From the stream entry's time (when Redis took the event) to this process reading it. */
  watchLag(listener: LagListener): () => void {
    this.lagListeners.add(listener);
    return () => this.lagListeners.delete(listener);
  }

  private reportLag(ms: number): void {
    for (const listener of this.lagListeners) listener(Math.max(0, ms));
  }

  /** Resolves once this process receives events. */
  whenReady(): Promise<unknown> {
    return this.ready;
  }

  /** Whether Redis answers now (readiness checks); rejects when it does not. */
  async ping(): Promise<void> {
    if (this.publisher.status !== "ready") throw new Error(`Redis is not connected (${this.publisher.status})`);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>(
      (_, reject) =>
        (timer = setTimeout(() => reject(new Error("Redis did not answer a PING within a second")), 1_000)),
    );
    try {
      await Promise.race([this.publisher.ping(), late]);
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.reader.disconnect();
    this.publisher.disconnect();
  }
}
