import { EventHistory } from "@chat/events";
import { SerializedEvent } from "../../connection/payloads";
import { type FrameReceiver, MemoryReplayStore, type ReplayStore } from "../replay-store";
import { type ClaimedSession, MemorySessionStore, type SessionRecord, type SessionStore } from "../session-store";
import type { GatewayJournal } from "./gateway-journal";

/**
 * Session records of one node without Redis, in the gateway journal: live sessions count
 * towards their bot's limit in memory as before; the journal lets a Resume after a restart
 * claim a session of the last run (takeover.ts), which no other node can.
 */
export class JournalSessionStore implements SessionStore {
  readonly nodeId = "local";
  readonly shared = false;
  readonly durable = true;
  private readonly liveCounts = new MemorySessionStore();

  constructor(private readonly journal: GatewayJournal) {}

  async open(record: SessionRecord, maxLive: number): Promise<boolean> {
    if (!(await this.liveCounts.open(record, maxLive))) return false;
    this.journal.opened(record);
    return true;
  }

  ready(sessionId: string, guildIds: readonly string[], marker: string | undefined): void {
    this.journal.ready(sessionId, guildIds, marker);
  }

  guilds(sessionId: string, guildIds: readonly string[], marker: string | undefined): void {
    this.journal.guilds(sessionId, guildIds, marker);
  }

  live(sessionId: string, userId: string): void {
    this.liveCounts.live(sessionId, userId);
    this.journal.live(sessionId);
  }

  dropped(sessionId: string, userId: string): void {
    this.liveCounts.dropped(sessionId, userId);
    this.journal.dropped(sessionId);
  }

  end(sessionId: string, userId: string): void {
    this.liveCounts.end(sessionId, userId);
    this.journal.end(sessionId);
  }

  processed(eventId: string): void {
    this.journal.processed(eventId);
  }

  async claim(sessionId: string, userId: string, windowMs: number): Promise<ClaimedSession | null> {
    const claimed = this.journal.claim(sessionId, userId, windowMs);
    if (!claimed) return null;
    const { session, markers } = claimed;
    return {
      ...session.record,
      previousOwner: `the run before (${session.boot})`,
      lastSequence: session.seq,
      guildIds: session.guildIds,
      // A session that never saw a bus event, of a run that handled none: everything kept is after it.
      markers: markers.length > 0 ? markers : [EventHistory.START],
      droppedAt: session.droppedAt,
    };
  }

  onLost(): void {}

  /** One node: its registry knows its sessions (never asked). */
  async liveSessions(): Promise<{ id: string; shard: [number, number] | null }[]> {
    return [];
  }

  async close(): Promise<void> {
    await this.liveCounts.close();
  }
}

/**
 * The replay buffers in memory, each frame also written to the journal before it is sent;
 * those of the last run's sessions are read back at start for their Resume.
 */
export class JournalReplayStore implements ReplayStore {
  private readonly memory: MemoryReplayStore;

  constructor(
    private readonly journal: GatewayJournal,
    capacity: number,
  ) {
    this.memory = new MemoryReplayStore(capacity);
    const { sessions, frames, payloads } = journal.previous;
    const restored = new Map<string, SerializedEvent>();
    for (const [id, session] of sessions) {
      const events = (frames.get(id) ?? []).map((key) => {
        let event = restored.get(key);
        if (!event) {
          const payload = payloads.get(key) as { t: string; json: string };
          event = SerializedEvent.fromJson(payload.t, payload.json);
          restored.set(key, event);
        }
        return event;
      });
      this.memory.restore(id, session.seq, events);
    }
  }

  append(sessionId: string, seq: number, event: SerializedEvent): undefined {
    this.memory.append(sessionId, seq, event);
    this.journal.frame(sessionId, seq, event);
  }

  whenWritten(receiver: FrameReceiver, sequence: number, event: SerializedEvent): void {
    this.journal.deliverWhenWritten(receiver, sequence, event);
  }

  retain(): void {}

  since(sessionId: string, seq: number): Promise<string[] | null> {
    return this.memory.since(sessionId, seq);
  }

  drop(sessionId: string): void {
    this.memory.drop(sessionId);
  }

  async close(): Promise<void> {
    await this.memory.close();
  }
}
