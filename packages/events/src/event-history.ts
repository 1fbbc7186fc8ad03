import type { DispatchEvent } from "./catalogue";

/**
 * The bus events a process accepted, in bus order, for a bounded time. With Redis every
 * process hears the same events in the same order (one stream), so an event's id names the
 * same position everywhere: a gateway node taking a session over from another catches it up
 * from the last position the other node had fully handled, and a person's browser tab
 * resumes its live stream on whichever web process it reaches. The gateway keeps dispatch
 * events; a web process also keeps the events addressed to a person.
 */
export class EventHistory<E extends { id?: string } = DispatchEvent> {
  /** A position before every event, as long as none was ever dropped: the marker of a session that has seen none. */
  static readonly START = "start";
  private events: E[] = [];
  private times: number[] = [];
  /** Index in `events` of the oldest event still kept. */
  private head = 0;
  /** Absolute position of `events[0]`. */
  private base = 0;
  private positions = new Map<string, number>([[EventHistory.START, -1]]);
  private newestId: string | undefined;

  constructor(
    private readonly maxEvents: number,
    private readonly maxAgeMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Events kept. */
  get size(): number {
    return this.events.length - this.head;
  }

  /** The id of the newest event accepted (that had one). */
  get latestId(): string | undefined {
    return this.newestId;
  }

  /** `at`: when the event was published, if not now (events read back from the bus's past). */
  push(event: E, at = this.now()): void {
    const position = this.base + this.events.length;
    this.events.push(event);
    this.times.push(at);
    if (event.id) {
      this.positions.set(event.id, position);
      this.newestId = event.id;
    }
    this.trim();
  }

  /**
   * Puts `older` (in bus order, each with when it was published) before every event kept: what
   * the bus carried before this process listened, read back once at its start.
   */
  prepend(older: readonly { event: E; at: number }[]): void {
    const kept = this.events.slice(this.head);
    const keptTimes = this.times.slice(this.head);
    this.base += this.head - older.length;
    this.head = 0;
    this.events = [...older.map((o) => o.event), ...kept];
    this.times = [...older.map((o) => o.at), ...keptTimes];
    older.forEach(({ event }, i) => {
      if (event.id) this.positions.set(event.id, this.base + i);
    });
    if (this.positions.has(EventHistory.START)) this.positions.set(EventHistory.START, this.base - 1);
    if (kept.length === 0) this.newestId = [...older].reverse().find((o) => o.event.id)?.event.id ?? this.newestId;
    this.trim();
  }

  /**
   * The events after the newest of the positions named by `ids` (unknown ids are skipped);
   * null when none of them is kept here, as nothing then says where to start.
   */
  after(ids: readonly string[]): E[] | null {
    // Positions may be negative: events prepended before the first one heard live.
    let start: number | undefined;
    for (const id of ids) {
      const position = this.positions.get(id);
      if (position !== undefined && (start === undefined || position > start)) start = position;
    }
    if (start === undefined) return null;
    return this.events.slice(start - this.base + 1);
  }

  private trim(): void {
    const now = this.now();
    // The newest event stays however old: a session marked at it has missed nothing since.
    while (
      this.head < this.events.length - 1 &&
      (this.size > this.maxEvents || now - (this.times[this.head] as number) > this.maxAgeMs)
    ) {
      const id = this.events[this.head]?.id;
      if (id) this.positions.delete(id);
      this.positions.delete(EventHistory.START);
      this.head += 1;
    }
    if (this.head >= 1024 && this.head * 2 >= this.events.length) {
      this.events.splice(0, this.head);
      this.times.splice(0, this.head);
      this.base += this.head;
      this.head = 0;
    }
  }
}
