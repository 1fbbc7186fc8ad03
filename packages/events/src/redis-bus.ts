import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import type { DomainEvent } from "./catalogue";
import { type EventBus, type EventHandler, HandlerSet, parseEvent } from "./types";

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

/**
 * Events between every process sharing one Redis: several server nodes and the web app.
 * They travel on a Redis stream rather than pub/sub: each process reads on from the last
 * entry it saw, so a dropped connection delays events but loses none, and every process
 * sees them in the one order the stream gives them.
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
  /** The reading connection's CLIENT name (operators can tell it in CLIENT LIST). */
  readonly readerName = `chat-bus-reader-${this.idPrefix}`;

  constructor(
    url: string,
    /** The stream every process of one deployment shares. */
    readonly channel = CHANNEL,
  ) {
    this.publisher = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
    // Blocking reads wait for as long as it takes; the reader retries forever.
    this.reader = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: null, connectionName: this.readerName });
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
        const result = (await this.reader.xread("COUNT", 1000, "BLOCK", READ_BLOCK_MS, "STREAMS", this.channel, this.lastId)) as
          | [string, [string, string[]][]][]
          | null;
        for (const [, entries] of result ?? []) {
          for (const [id, fields] of entries) {
            this.lastId = id;
            const event = parseEvent(fields[fields.indexOf(EVENT_STREAM_FIELD) + 1] ?? "");
            if (event) this.handlers.deliver(event);
          }
        }
      } catch {
        if (this.closed) return;
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
    }
  }

  /** The event as it goes on the stream: with an id unique to it. */
  withId(event: DomainEvent): DomainEvent {
    return event.id ? event : { ...event, id: `${this.idPrefix}-${(++this.published).toString(36)}` };
  }

  async publish(event: DomainEvent): Promise<void> {
    await this.ready;
    await this.publisher.xadd(this.channel, "MAXLEN", "~", EVENT_STREAM_MAX_LENGTH, "*", EVENT_STREAM_FIELD, JSON.stringify(this.withId(event)));
  }

  subscribe(handler: EventHandler): () => void {
    return this.handlers.add(handler);
  }

  /** Resolves once this process receives events. */
  whenReady(): Promise<unknown> {
    return this.ready;
  }

  /** Whether Redis answers now (readiness checks); rejects when it does not. */
  async ping(): Promise<void> {
    await this.publisher.ping();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.reader.disconnect();
    this.publisher.disconnect();
  }
}
