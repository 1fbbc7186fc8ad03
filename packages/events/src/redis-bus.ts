import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { HandlerSet, parseEvent, type DomainEvent, type EventBus, type EventHandler } from "./types";

const CHANNEL = "chat:events:default";

/** Events between every process sharing one Redis: several server nodes and the web app. */
export class RedisBus implements EventBus {
  private handlers = new HandlerSet();
  private publisher: Redis;
  private subscriber: Redis;
  private ready: Promise<unknown>;
  /** Event ids: this process's random prefix and a counter. */
  private readonly idPrefix = randomBytes(6).toString("hex");
  private published = 0;

  constructor(url: string, private channel = CHANNEL) {
    this.publisher = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
    this.subscriber = new Redis(url, { lazyConnect: false });
    this.subscriber.on("message", (_channel: string, message: string) => {
      const event = parseEvent(message);
      if (event) this.handlers.deliver(event);
    });
    this.ready = this.subscriber.subscribe(this.channel);
  }

  async publish(event: DomainEvent): Promise<void> {
    await this.ready;
    const withId = event.id ? event : { ...event, id: `${this.idPrefix}-${(++this.published).toString(36)}` };
    await this.publisher.publish(this.channel, JSON.stringify(withId));
  }

  subscribe(handler: EventHandler): () => void {
    return this.handlers.add(handler);
  }

  /** Resolves once this process receives events. */
  whenReady(): Promise<unknown> {
    return this.ready;
  }

  async close(): Promise<void> {
    this.subscriber.disconnect();
    this.publisher.disconnect();
  }
}
