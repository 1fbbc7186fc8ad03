import type { DomainEvent } from "./catalogue";
import { type EventBus, type EventHandler, HandlerSet } from "./types";

/** Events within one process. */
export class LocalBus implements EventBus {
  protected handlers = new HandlerSet();
  async publish(event: DomainEvent): Promise<void> {
    this.handlers.deliver(event);
  }
  subscribe(handler: EventHandler): () => void {
    return this.handlers.add(handler);
  }
  async close(): Promise<void> {}
}
