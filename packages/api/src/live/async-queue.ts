/**
 * Items pushed by one side, read with `for await` by the other, until either closes it or
 * `signal` aborts; what is unread when it closes is dropped. Past `capacity` unread items it
 * closes (a reader that far behind must start over, e.g. resume from its cursor, rather than
 * skip silently). After {@link fail} the reader gets the error instead.
 */
export class AsyncQueue<T> implements AsyncIterable<T> {
  private pending: T[] = [];
  private wake: (() => void) | null = null;
  private closed = false;
  private failure: Error | null = null;
  private readonly closeHooks: (() => void)[] = [];

  constructor(
    private readonly capacity: number,
    private readonly signal?: AbortSignal,
  ) {
    signal?.addEventListener("abort", this.close, { once: true });
  }

  push(item: T): void {
    if (this.closed) return;
    if (this.pending.length >= this.capacity) {
      this.close();
      return;
    }
    this.pending.push(item);
    this.notify();
  }

  /** Runs `hook` once when the queue closes (at once if it already is): e.g. to stop a watch tied to it. */
  onClose(hook: () => void): void {
    if (this.closed) hook();
    else this.closeHooks.push(hook);
  }

  readonly close = (): void => {
    if (this.closed) return;
    this.closed = true;
    this.pending = [];
    this.signal?.removeEventListener("abort", this.close);
    for (const hook of this.closeHooks.splice(0)) hook();
    this.notify();
  };

  /** Ends the queue at once: the reader's next step throws `error`. */
  fail(error: Error): void {
    if (this.closed) return;
    this.failure = error;
    this.close();
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T> {
    try {
      while (!this.closed) {
        const next = this.pending.shift();
        if (next !== undefined) {
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
