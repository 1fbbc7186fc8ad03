import type { DispatchEvent } from "@chat/events";
import type { SessionRecord } from "../session-store";

/** What the journal knows of one session: enough to take it over after a restart. */
export interface JournalSession {
  record: SessionRecord;
  /** Its name in frame lines, unique in the journal. */
  number: number;
  /** The run (process) that holds it; its cursor is one of the session's markers. */
  boot: string;
  /** The newest sequence number recorded. */
  seq: number;
  /** READY and the Identify's GUILD_CREATEs (or a takeover's catch-up) are recorded. */
  ready: boolean;
  guildIds: string[];
  /** The bus event of its newest recorded dispatch. */
  event: string | null;
  /** The bus event as of which `guildIds` were last changed, and the one as of its readiness. */
  guildsAt: string | null;
  since: string | null;
  /** When its connection dropped; null while carried. */
  droppedAt: number | null;
}

/**
 * The journal's lines (JSON, one per line). Frames name their event by key: a bus event's id,
 * or a `data` line's key for what the bus never carried (READY, the Identify's GUILD_CREATEs,
 * GUILD_CREATE variants).
 */
export type JournalLine =
  | { k: "session"; session: JournalSession }
  | { k: "ready"; s: string; guilds: string[]; marker: string | null }
  | { k: "guilds"; s: string; guilds: string[]; marker: string | null }
  | { k: "live"; s: string }
  | { k: "dropped"; s: string; at: number }
  | { k: "end"; s: string }
  | { k: "event"; at: number; event: DispatchEvent & { id: string } }
  | { k: "data"; key: string; t: string; d: unknown }
  /** One event's frames: the receiving sessions' numbers; each one's next sequence number. */
  | { k: "frames"; key: string; to: number[] }
  | { k: "cursor"; boot: string; id: string };

/** A line as text; `data` lines carry `d` already serialized. */
export function lineText(line: Exclude<JournalLine, { k: "data" }>): string {
  return `${JSON.stringify(line)}\n`;
}

export function dataLineText(key: string, t: string, json: string): string {
  return `{"k":"data","key":${JSON.stringify(key)},"t":${JSON.stringify(t)},"d":${json}}\n`;
}

/** The last run's state, as its journal left it. */
export interface PreviousRun {
  sessions: Map<string, JournalSession>;
  /** Per session, the keys of its newest recorded frames (the last one numbered `seq`). */
  frames: Map<string, string[]>;
  /** Frame payloads by key. */
  payloads: Map<string, { t: string; json: string }>;
  /** Bus events in bus order, each with when it was accepted. */
  events: { event: DispatchEvent & { id: string }; at: number }[];
  /** Per run, the bus event up to which it had handed everything to its sessions. */
  cursors: Map<string, string>;
  /** When the journal was last written: the moment sessions still carried were dropped. */
  endedAt: number;
  /** The highest session number used. */
  lastNumber: number;
}

/** Replays the journal's lines into the state they describe (sessions still open, their recent frames, recent events). */
export function replayLines(lines: unknown[], endedAt: number, capacity: number): PreviousRun {
  const run: PreviousRun = {
    sessions: new Map(),
    frames: new Map(),
    payloads: new Map(),
    events: [],
    cursors: new Map(),
    endedAt,
    lastNumber: 0,
  };
  const eventIds = new Set<string>();
  const byNumber = new Map<number, JournalSession>();
  for (const raw of lines) {
    const line = raw as JournalLine;
    switch (line.k) {
      case "session": {
        const { session } = line;
        const id = session.record.id;
        const frames = run.frames.get(id);
        // A restatement that does not follow on from the frames read (older segments removed): a gap.
        if (!frames || run.sessions.get(id)?.seq !== session.seq) run.frames.set(id, []);
        run.sessions.set(id, session);
        byNumber.set(session.number, session);
        run.lastNumber = Math.max(run.lastNumber, session.number);
        break;
      }
      case "ready":
      case "guilds": {
        const session = run.sessions.get(line.s);
        if (!session) break;
        session.guildIds = line.guilds;
        if (line.k === "ready") {
          session.ready = true;
          session.since = line.marker;
        } else session.guildsAt = line.marker;
        break;
      }
      case "live":
      case "dropped": {
        const session = run.sessions.get(line.s);
        if (session) session.droppedAt = line.k === "dropped" ? line.at : null;
        break;
      }
      case "end":
        run.sessions.delete(line.s);
        run.frames.delete(line.s);
        break;
      case "event":
        if (eventIds.has(line.event.id)) break;
        eventIds.add(line.event.id);
        run.events.push({ event: line.event, at: line.at });
        run.payloads.set(line.event.id, { t: line.event.t, json: JSON.stringify(line.event.d ?? null) });
        break;
      case "data":
        run.payloads.set(line.key, { t: line.t, json: JSON.stringify(line.d ?? null) });
        break;
      case "frames":
        for (const number of line.to) {
          const session = byNumber.get(number);
          const frames =
            session && run.sessions.get(session.record.id) === session ? run.frames.get(session.record.id) : undefined;
          if (!session || !frames) continue;
          frames.push(line.key);
          if (frames.length > capacity) frames.shift();
          session.seq += 1;
          if (eventIds.has(line.key)) session.event = line.key;
        }
        break;
      case "cursor":
        run.cursors.set(line.boot, line.id);
        break;
    }
  }
  // The kept frames must end at `seq`: a frame whose payload is gone breaks the chain there.
  for (const [id, keys] of run.frames) {
    for (let i = keys.length - 1; i >= 0; i--) {
      if (run.payloads.has(keys[i] as string)) continue;
      run.frames.set(id, keys.slice(i + 1));
      break;
    }
  }
  return run;
}
