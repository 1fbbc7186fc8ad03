import type { DomainEvent, EventBus } from "@chat/events";

const MAX_PENDING = 5000;

/**
 * Bus events that pass `accept`, buffered from the moment of creation (so nothing is lost
 * while the caller back-fills from the database), read with `for await` until `signal` aborts
 * or the queue is closed; after {@link fail} the reader gets the error instead.
 */
export class EventQueue implements AsyncIterable<DomainEvent> {
  private pending: DomainEvent[] = [];
  private wake: (() => void) | null = null;
  private unsubscribe: () => void;
  private closed = false;
  private failure: Error | null = null;
  private closeHooks: (() => void)[] = [];

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
    for (const hook of this.closeHooks.splice(0)) hook();
    this.notify();
  };

  /** Runs `hook` once when the queue closes (at once if it already is): e.g. to stop a watch tied to it. */
  onClose(hook: () => void): void {
    if (this.closed) hook();
    else this.closeHooks.push(hook);
  }

  /** Ends the queue at once: the reader's next step throws `error` (events still pending are dropped). */
  fail(error: Error): void {
    if (this.closed) return;
    this.failure = error;
    this.pending = [];
    this.close();
  }

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
      if (this.failure) throw this.failure;
    } finally {
      this.close();
    }
  }
}
