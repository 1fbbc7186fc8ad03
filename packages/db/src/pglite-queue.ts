import type { PGlite } from "@electric-sql/pglite";

interface Pending {
  handlerId: number;
  message: Uint8Array;
  onData: (data: Uint8Array) => void;
  resolve: (bytes: number) => void;
  reject: (error: unknown) => void;
}

// Frontend message types of the extended query protocol; a connection that sent one owns the
// database session until its Sync, because the unnamed statement and portal live in it.
const EXTENDED = new Set(["P", "B", "D", "E", "C", "H"].map((c) => c.charCodeAt(0)));
const SYNC = "S".charCodeAt(0);
const SIMPLE_QUERY = "Q".charCodeAt(0);

/**
 * Runs the protocol messages of every socket connection against the one PGlite session,
 * never interleaving one connection's Parse/Bind/Execute…Sync sequence or transaction with
 * another's. pglite-socket's own queue only keeps explicit transactions together, so two
 * pooled connections sending parameterised queries at once corrupt each other
 * ("bind message supplies 2 parameters, but prepared statement requires 3").
 */
export class ProtocolAwareQueue {
  private queue: Pending[] = [];
  private processing = false;
  /** The connection that owns the session, or null when any may go next. */
  private owner: number | null = null;

  constructor(private db: PGlite) {}

  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    return new Promise((resolve, reject) => {
      this.queue.push({ handlerId, message, onData, resolve, reject });
      void this.process();
    });
  }

  private next(): Pending | undefined {
    if (this.owner === null) return this.queue.shift();
    const index = this.queue.findIndex((p) => p.handlerId === this.owner);
    return index === -1 ? undefined : this.queue.splice(index, 1)[0];
  }

  private async process(): Promise<void> {
    if (this.processing) return;
    this.processing = true;
    try {
      for (let item = this.next(); item; item = this.next()) {
        let bytes = 0;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(item!.message, {
              onRawData: (data: Uint8Array) => {
                bytes += data.length;
                item!.onData(data);
              },
            }),
          );
          item.resolve(bytes);
        } catch (error) {
          item.reject(error);
        }
        this.updateOwner(item);
      }
    } finally {
      this.processing = false;
    }
  }

  private updateOwner(item: Pending): void {
    const type = item.message[0] ?? 0;
    if (this.db.isInTransaction()) this.owner = item.handlerId;
    else if (EXTENDED.has(type)) this.owner = item.handlerId;
    else if (type === SYNC || type === SIMPLE_QUERY) this.owner = null;
  }

  getQueueLength(): number {
    return this.queue.length;
  }

  clearQueueForHandler(handlerId: number): void {
    this.queue = this.queue.filter((p) => {
      if (p.handlerId !== handlerId) return true;
      p.reject(new Error("Handler disconnected"));
      return false;
    });
  }

  /** A connection went away: undo its open transaction and let the others go on. */
  async clearTransactionIfNeeded(handlerId: number): Promise<void> {
    if (this.owner !== handlerId) return;
    if (this.db.isInTransaction()) await this.db.exec("ROLLBACK");
    this.owner = null;
    await this.process();
  }
}
