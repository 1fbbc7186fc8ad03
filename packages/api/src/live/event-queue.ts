import type { DomainEvent, EventBus } from "@chat/events";
import { AsyncQueue } from "./async-queue";

const MAX_PENDING = 5000;

/**
 * Bus events that pass `accept`, buffered from the moment of creation (so nothing is lost
 * while the caller back-fills from the database), read with `for await` until `signal` aborts
 * or the queue is closed.
 */
export class EventQueue extends AsyncQueue<DomainEvent> {
  constructor(bus: EventBus, accept: (event: DomainEvent) => boolean, signal?: AbortSignal) {
    super({ capacity: MAX_PENDING, overflow: "drop-oldest" }, signal);
    this.onClose(
      bus.subscribe((event) => {
        if (accept(event)) this.push(event);
      }),
    );
  }
}
