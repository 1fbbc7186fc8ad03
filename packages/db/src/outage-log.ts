/**
 * The log of one place that fails while the database cannot be reached: one line when it
 * starts failing, then at most one every `everyMs` with how many failures it did not print,
 * instead of a stack trace per request or per timer tick. Work goes on being retried.
 */
export class OutageLog {
  private lastPrintedAt = Number.NEGATIVE_INFINITY;
  private unprinted = 0;

  constructor(
    private readonly place: string,
    private readonly everyMs = 30_000,
  ) {}

  failed(error: unknown): void {
    const now = Date.now();
    if (now - this.lastPrintedAt < this.everyMs) {
      this.unprinted += 1;
      return;
    }
    const reason = error instanceof Error ? error.message.trim().split("\n").at(-1) : String(error);
    const since = this.unprinted > 0 ? ` (${this.unprinted} more such failures since the last line)` : "";
    console.error(`${this.place}: the database cannot be reached: ${reason}${since}`);
    this.lastPrintedAt = now;
    this.unprinted = 0;
  }
}
