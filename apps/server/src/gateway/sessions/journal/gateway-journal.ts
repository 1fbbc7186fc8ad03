import { randomBytes } from "node:crypto";
import type { DispatchEvent } from "@chat/events";
import type { SerializedEvent } from "../../connection/payloads";
import type { FrameReceiver } from "../replay-store";
import type { SessionRecord } from "../session-store";
import { dataLineText, type JournalSession, lineText, type PreviousRun, replayLines } from "./journal-state";
import { readSegments, SegmentWriter } from "./segments";

export interface JournalOptions {
  /** Spec: 2 minutes. Sessions of the last run stay claimable this long after it ended. */
  resumeWindowMs: number;
  /** Frames kept per session (spec: 1000). */
  replayCapacity: number;
  /** A new segment this often; older ones go once nothing in them can be needed. */
  segmentMs?: number;
  now?: () => number;
}

/**
 * The gateway's sessions on disk, for one node without Redis (DESIGN: the embedded mode):
 * every bus event it dispatches, every session's state and every frame it numbered, appended
 * to segment files in the data folder. A frame goes out only once its line is written (one
 * write() per task), so after `kill -9` the next run knows every frame a client can hold.
 *
 * At start the last run's journal is read back (`previous`): its sessions can be claimed by a
 * Resume, their recent frames replayed, and the events after their markers caught up, exactly
 * as a node takes a session over from a dead one with Redis (takeover.ts).
 */
export class GatewayJournal {
  readonly bootId = randomBytes(6).toString("hex");
  readonly previous: PreviousRun;
  /** This run's sessions, plus the last run's not yet claimed or expired. */
  private readonly sessions = new Map<string, JournalSession>();
  private readonly writer: SegmentWriter;
  private readonly now: () => number;
  private readonly rotation: NodeJS.Timeout;
  private published = 0;
  /** Payload keys written in the current segment (a frame's line needs its payload's there or later). */
  private written = new Set<string>();
  private keys = new WeakMap<SerializedEvent, string>();
  /** The `d` of each bus event journaled, to its id. */
  private busIds = new WeakMap<object, string>();
  private cursor: string | null = null;
  /** Frames of one event not yet appended: the sessions' journal numbers. */
  private frames: { key: string; to: number[] } | null = null;
  private deliveries: unknown[] = [];
  /** Sessions are named by a number in frame lines; numbers go on across runs. */
  private nextNumber: number;
  private newest: { event: DispatchEvent & { id: string }; at: number } | null = null;

  constructor(dir: string, options: JournalOptions) {
    this.now = options.now ?? Date.now;
    const segmentMs = options.segmentMs ?? 60_000;
    const { lines, lastWrittenAt } = readSegments(dir);
    this.previous = replayLines(lines, lastWrittenAt ?? this.now(), options.replayCapacity);
    const carried = [...this.previous.sessions.values()].filter((session) => session.droppedAt === null);
    for (const [id, session] of this.previous.sessions) this.sessions.set(id, session);
    this.nextNumber = this.previous.lastNumber + 1;
    this.newest = this.previous.events.at(-1) ?? null;
    // Every segment written in the last resume window (plus one segment's span) may be needed.
    this.writer = new SegmentWriter(dir, this.bootId, options.resumeWindowMs + 2 * segmentMs, () => this.append(null));
    // Carried when the last run ended: dropped then, for this run's successors too.
    for (const session of carried) {
      session.droppedAt = this.previous.endedAt;
      this.append(lineText({ k: "dropped", s: session.record.id, at: session.droppedAt }));
    }
    this.rotation = setInterval(() => {
      try {
        this.rotate();
      } catch (error) {
        console.error("gateway journal: could not start a new segment", error);
      }
    }, segmentMs);
    this.rotation.unref();
  }

  /** A bus event the gateway dispatches, with an id naming its place in the journal. */
  event(event: DispatchEvent): DispatchEvent & { id: string } {
    const stamped = event.id
      ? (event as DispatchEvent & { id: string })
      : { ...event, id: `${this.bootId}.${(++this.published).toString(36)}` };
    const at = this.now();
    this.newest = { event: stamped, at };
    this.written.add(stamped.id);
    if (stamped.d !== null && typeof stamped.d === "object") this.busIds.set(stamped.d, stamped.id);
    this.append(lineText({ k: "event", at, event: stamped }));
    return stamped;
  }

  /**
   * Frame `seq` of a session is `event`. An event's frames for its many receivers follow one
   * another: they are gathered into one line naming each session by its number (a session's
   * frames are numbered one by one, so a reader counts them).
   */
  frame(sessionId: string, seq: number, event: SerializedEvent): void {
    const key = this.keyOf(event);
    if (this.frames?.key !== key) {
      this.append(null);
      if (!this.written.has(key)) {
        this.written.add(key);
        this.writer.append(dataLineText(key, event.t, event.data));
      }
      this.frames = { key, to: [] };
      this.writer.touch();
    }
    const session = this.sessions.get(sessionId);
    if (!session) return;
    this.frames.to.push(session.number);
    session.seq = seq;
    if (event.id) session.event = event.id;
  }

  afterWrite(callback: () => void): void {
    this.writer.afterWrite(callback);
  }

  /** Hands a frame back to its session once this task's lines are written (flat: no allocation per frame). */
  deliverWhenWritten(receiver: FrameReceiver, sequence: number, event: SerializedEvent): void {
    this.deliveries.push(receiver, sequence, event);
    if (this.deliveries.length === 3) this.writer.afterWrite(this.deliverAll);
  }

  private readonly deliverAll = () => {
    const deliveries = this.deliveries;
    this.deliveries = [];
    for (let i = 0; i < deliveries.length; i += 3) {
      (deliveries[i] as FrameReceiver).deliverWritten(
        deliveries[i + 1] as number,
        deliveries[i + 2] as SerializedEvent,
      );
    }
  };

  opened(record: SessionRecord): void {
    const session: JournalSession = {
      record,
      number: this.nextNumber++,
      boot: this.bootId,
      seq: 0,
      ready: false,
      guildIds: [],
      event: null,
      guildsAt: null,
      since: null,
      droppedAt: null,
    };
    this.sessions.set(record.id, session);
    this.append(lineText({ k: "session", session }));
  }

  ready(sessionId: string, guildIds: readonly string[], marker: string | undefined): void {
    const session = this.sessions.get(sessionId);
    if (!session) return;
    Object.assign(session, { ready: true, guildIds: [...guildIds], since: marker ?? null });
    this.append(lineText({ k: "ready", s: sessionId, guilds: session.guildIds, marker: session.since }));
  }

  guilds(sessionId: string, guildIds: readonly string[], marker: string | undefined): void {
    const session = this.sessions.get(sessionId);
    if (!session) return;
    Object.assign(session, { guildIds: [...guildIds], guildsAt: marker ?? null });
    this.append(lineText({ k: "guilds", s: sessionId, guilds: session.guildIds, marker: session.guildsAt }));
  }

  live(sessionId: string): void {
    const session = this.sessions.get(sessionId);
    if (!session || session.droppedAt === null) return;
    session.droppedAt = null;
    this.append(lineText({ k: "live", s: sessionId }));
  }

  dropped(sessionId: string): void {
    const session = this.sessions.get(sessionId);
    if (!session) return;
    session.droppedAt = this.now();
    this.append(lineText({ k: "dropped", s: sessionId, at: session.droppedAt }));
  }

  end(sessionId: string): void {
    if (!this.sessions.delete(sessionId)) return;
    this.previous.sessions.delete(sessionId);
    this.append(lineText({ k: "end", s: sessionId }));
  }

  /** This run has handed bus event `eventId` and everything before it to its sessions. */
  processed(eventId: string): void {
    this.cursor = eventId;
    this.append(lineText({ k: "cursor", boot: this.bootId, id: eventId }));
  }

  /**
   * Takes a session of the last run over for this one: null when there is none of that bot,
   * it never finished its Identify, or it dropped more than `windowMs` ago.
   */
  claim(sessionId: string, userId: string, windowMs: number): { session: JournalSession; markers: string[] } | null {
    const session = this.previous.sessions.get(sessionId);
    if (!session || session.record.userId !== userId || !session.ready) return null;
    if (this.now() - (session.droppedAt ?? 0) > windowMs) return null;
    this.previous.sessions.delete(sessionId);
    const cursor = this.previous.cursors.get(session.boot);
    const markers = [session.event, session.guildsAt, session.since, cursor ?? null].filter((m): m is string =>
      Boolean(m),
    );
    const claimed: JournalSession = { ...session, boot: this.bootId, ready: false, droppedAt: this.now() };
    this.sessions.set(sessionId, claimed);
    this.append(lineText({ k: "session", session: claimed }));
    return { session, markers };
  }

  /** The last run's frames and events are in the replay store and the history now: not needed here. */
  forgetLoadedFrames(): void {
    this.previous.frames.clear();
    this.previous.payloads.clear();
    this.previous.events.length = 0;
  }

  /** The last run's sessions nobody claimed within the window: forgotten. */
  expirePrevious(): string[] {
    const expired = [...this.previous.sessions.keys()];
    for (const id of expired) this.end(id);
    return expired;
  }

  close(): void {
    clearInterval(this.rotation);
    this.writer.close();
  }

  /** A new segment, opened with what a reader would otherwise find only in older ones. */
  private rotate(): void {
    this.writer.flush();
    this.written = new Set();
    this.keys = new WeakMap();
    const opening: string[] = [];
    if (this.newest) {
      opening.push(lineText({ k: "event", at: this.newest.at, event: this.newest.event }));
      this.written.add(this.newest.event.id);
    }
    // The cursors of earlier runs whose sessions are still waiting for their Resume.
    const boots = new Set([...this.sessions.values()].map((session) => session.boot));
    for (const [boot, id] of this.previous.cursors)
      if (boots.has(boot) && boot !== this.bootId) opening.push(lineText({ k: "cursor", boot, id }));
    if (this.cursor) opening.push(lineText({ k: "cursor", boot: this.bootId, id: this.cursor }));
    for (const session of this.sessions.values()) opening.push(lineText({ k: "session", session }));
    this.writer.rotate(opening, this.now());
  }

  /** Appends a line after the frames gathered so far (null: only those). */
  private append(line: string | null): void {
    if (this.frames) {
      this.writer.append(
        `{"k":"frames","key":${JSON.stringify(this.frames.key)},"to":[${this.frames.to.join(",")}]}\n`,
      );
      this.frames = null;
    }
    if (line) this.writer.append(line);
  }

  private keyOf(event: SerializedEvent): string {
    let key = this.keys.get(event);
    if (!key) {
      // The event as the bus carried it is in the journal already; a variant of it (GUILD_CREATE with presences...) is not.
      const busId =
        event.payload !== null && typeof event.payload === "object" ? this.busIds.get(event.payload) : undefined;
      key = busId && busId === event.id ? busId : `${this.bootId}:${(++this.published).toString(36)}`;
      this.keys.set(event, key);
    }
    return key;
  }
}
