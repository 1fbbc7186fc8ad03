import type { SerializedEvent } from "../connection/payloads";

/** What a frame goes back to once a batched store has written its append (the session). */
export interface FrameReceiver {
  deliverWritten(sequence: number, event: SerializedEvent): void;
}

/**
 * Where a session's recent dispatches are kept for a Resume (spec: last 1000 events, kept
 * 2 minutes after the connection drops). Entries are numbered 1, 2, 3... per session without
 * gaps, so the frames after `seq` are enough to resume.
 *
 * `append` must keep call order per session; `since` may be asynchronous. That is what a
 * shared implementation (Redis, so another node can resume the session) needs; the in-memory
 * one below serves a single node.
 */
export interface ReplayStore {
  /**
   * Records the dispatch numbered `seq` (the previous one was `seq - 1`). Undefined: recorded
   * at once, unless the store has `whenWritten`. A promise: true once recorded, false when
   * refused (the session now belongs to another node); the frame may only be sent after it
   * resolved true.
   */
  append(sessionId: string, seq: number, event: SerializedEvent): Promise<boolean> | undefined;
  /**
   * A store that writes its appends out in batches (the gateway journal, Redis) has each frame
   * sent only once its append is written: handed back to `receiver` then, in call order. Called
   * right after the `append` it concerns. Others leave it out.
   */
  whenWritten?(receiver: FrameReceiver, sequence: number, event: SerializedEvent): void;
  /** The session's connection dropped: it is kept `windowMs` more, then forgotten. */
  retain(sessionId: string, windowMs: number): void;
  /**
   * The frames numbered `seq + 1` onwards, in order; null when they cannot all be given
   * (unknown session, `seq` older than what is kept, or ahead of what was sent).
   */
  since(sessionId: string, seq: number): Promise<string[] | null>;
  /** The session ended: forget its events. */
  drop(sessionId: string): void;
  /** Releases connections, if any. */
  close(): Promise<void>;
}

/**
 * One ring of the last `capacity` events per session. It keeps the shared SerializedEvent
 * (the JSON of `d` made once for every receiver) and builds the frame only for a replay.
 * Expiry is the session registry's job on a single node, so `retain` has nothing to do.
 */
export class MemoryReplayStore implements ReplayStore {
  private rings = new Map<string, Ring>();

  constructor(private readonly capacity: number) {}

  append(sessionId: string, seq: number, event: SerializedEvent): undefined {
    let ring = this.rings.get(sessionId);
    if (!ring) {
      ring = new Ring(this.capacity, seq);
      this.rings.set(sessionId, ring);
    }
    ring.push(seq, event);
  }

  retain(): void {}

  async since(sessionId: string, seq: number): Promise<string[] | null> {
    return this.rings.get(sessionId)?.after(seq) ?? (seq === 0 ? [] : null);
  }

  drop(sessionId: string): void {
    this.rings.delete(sessionId);
  }

  /**
   * The kept events of a session from an earlier run (the gateway journal): `events` are
   * numbered `lastSequence - events.length + 1` to `lastSequence` (none: nothing is missing
   * after `lastSequence`).
   */
  restore(sessionId: string, lastSequence: number, events: readonly SerializedEvent[]): void {
    const kept = events.slice(-this.capacity);
    const ring = new Ring(this.capacity, lastSequence - kept.length + 1);
    for (const [i, event] of kept.entries()) ring.push(lastSequence - kept.length + 1 + i, event);
    this.rings.set(sessionId, ring);
  }

  async close(): Promise<void> {
    this.rings.clear();
  }

  /** Sessions with events kept (for tests and metrics). */
  get size(): number {
    return this.rings.size;
  }
}

class Ring {
  private readonly events: SerializedEvent[] = [];
  private start = 0;
  /** Sequence of the oldest kept event. */
  private first: number;

  constructor(
    private readonly capacity: number,
    firstSeq: number,
  ) {
    this.first = firstSeq;
  }

  private get last(): number {
    return this.first + this.events.length - 1;
  }

  push(seq: number, event: SerializedEvent): void {
    if (this.events.length > 0 && seq !== this.last + 1)
      throw new Error(`replay sequence gap: ${this.last} then ${seq}`);
    if (this.events.length < this.capacity) {
      this.events.push(event);
      return;
    }
    this.events[this.start] = event;
    this.start = (this.start + 1) % this.capacity;
    this.first += 1;
  }

  after(seq: number): string[] | null {
    if (seq > this.last || seq < this.first - 1) return null;
    const frames: string[] = [];
    for (let n = seq + 1; n <= this.last; n++) {
      const event = this.events[(this.start + (n - this.first)) % this.capacity] as SerializedEvent;
      frames.push(event.frame(n));
    }
    return frames;
  }
}
