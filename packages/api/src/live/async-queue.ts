/**
 * Items pushed by one side, read with `for await` by the other, until either closes it (or
 * `signal` aborts); what is unread when it closes is dropped. Bounded: past `capacity` unread
 * items it closes itself (and calls `onOverflow`), since a reader that far behind must start
 * over rather than skip silently.
 */
export class AsyncQueue<T> implements AsyncIterable<T> {
  private pending: T[] = [];
  private wake: (() => void) | null = null;
  private closed = false;
  private readonly closers: (() => void)[] = [];

  constructor(
    private readonly capacity: number,
    private readonly signal?: AbortSignal,
    private readonly onOverflow?: () => void,
  ) {
    signal?.addEventListener("abort", this.close, { once: true });
  }

  get isClosed(): boolean {
    return this.closed;
  }

  push(item: T): void {
    if (this.closed) return;
    if (this.pending.length >= this.capacity) {
      this.onOverflow?.();
      this.close();
      return;
    }
    this.pending.push(item);
    this.notify();
  }

  /** Runs `closer` once when the queue closes, whoever closes it. */
  onClose(closer: () => void): void {
    if (this.closed) closer();
    else this.closers.push(closer);
  }

  readonly close = (): void => {
    if (this.closed) return;
    this.closed = true;
    this.signal?.removeEventListener("abort", this.close);
    for (const closer of this.closers.splice(0)) closer();
    this.notify();
  };

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
    } finally {
      this.close();
    }
  }
}
