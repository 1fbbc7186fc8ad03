type Listener = () => void;

/**
 * Whether the server last said its database is unavailable (one per tab). Every tRPC call
 * reports here through databaseOutageLink; a report is dropped when the state changed after its
 * call began, so a slow answer from before the outage does not end it, nor one from before
 * the recovery start it again.
 */
export class DatabaseOutage {
  private down = false;
  /** Bumped on each change of state; calls remember the one they began in. */
  private era = 0;
  private readonly listeners = new Set<Listener>();

  readonly isDown = (): boolean => this.down;

  readonly subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The era a call begins in, to hand back with its outcome. */
  begin(): number {
    return this.era;
  }

  /** A call begun in `era` was answered SERVICE_UNAVAILABLE. */
  unavailable(era: number): void {
    if (era === this.era && !this.down) this.change(true);
  }

  /** A call begun in `era` succeeded: the database answered. */
  answered(era: number): void {
    if (era === this.era && this.down) this.change(false);
  }

  private change(down: boolean): void {
    this.down = down;
    this.era += 1;
    for (const listener of this.listeners) listener();
  }
}
