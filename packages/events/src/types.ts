import type { DomainEvent } from "./catalogue";

export type EventHandler = (event: DomainEvent) => void;

/** Hears how long an event took from its publish to reaching this process, in milliseconds. */
export type LagListener = (ms: number) => void;

export interface EventBus {
  publish(event: DomainEvent): Promise<void>;
  subscribe(handler: EventHandler): () => void;
  close(): Promise<void>;
  /** Where the bus can tell (Redis: the stream entry's time; the hub: at once), each event's lag (metrics). */
  watchLag?(listener: LagListener): () => void;
}

export class HandlerSet {
  private handlers = new Set<EventHandler>();
  add(handler: EventHandler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }
  deliver(event: DomainEvent): void {
    for (const handler of this.handlers) {
      try {
        handler(event);
      } catch (error) {
        console.error("event handler failed", error);
      }
    }
  }
}

/** An event received from another process, or null when the frame is not one. */
export function parseEvent(text: string): DomainEvent | null {
  try {
    const value = JSON.parse(text) as DomainEvent;
    return value && typeof value === "object" && typeof value.t === "string" ? value : null;
  } catch {
    return null;
  }
}
