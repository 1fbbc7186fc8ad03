import type { DomainEvent, EventBus } from "@chat/events";

const MAX_PENDING = 5000;

/**
 * Bus events that pass `accept`, buffered from the moment of creation (so nothing is lost
 * while the caller back-fills from the database), read with `for await` until `signal` aborts.
 */
export class EventQueue implements AsyncIterable<DomainEvent> {
  private pending: DomainEvent[] = [];
  private wake: (() => void) | null = null;
  private unsubscribe: () => void;
  private closed = false;

  constructor(bus: EventBus, accept: (event: DomainEvent) => boolean, private signal?: AbortSignal) {
    this.unsubscribe = bus.subscribe((event) => {
      if (this.closed || !accept(event)) return;
      if (this.pending.length >= MAX_PENDING) this.pending.shift();
      this.pending.push(event);
      this.notify();
    });
    signal?.addEventListener("abort", this.close, { once: true });
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  readonly close = (): void => {
    if (this.closed) return;
    this.closed = true;
    this.unsubscribe();
    this.signal?.removeEventListener("abort", this.close);
    this.notify();
  };

  async *[Symbol.asyncIterator](): AsyncGenerator<DomainEvent> {
    try {
      while (!this.closed) {
        const next = this.pending.shift();
        if (next) {
          yield next;
          continue;
        }
        await new Promise<void>((resolve) => {
          this.wake = resolve;
        });
      }
    } finally {
      this.close();
    }
  }
}
