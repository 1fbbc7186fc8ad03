import type { DispatchEvent } from "@chat/events";
import type { SessionRecord } from "../session-store";

/** What the journal knows of one session: enough to take it over after a restart. */
export interface JournalSession {
  record: SessionRecord;
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
  | { k: "frame"; s: string; n: number; key: string }
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
}

/** Replays the journal's lines into the state they describe (sessions still open, their recent frames, recent events). */
export function replayLines(lines: unknown[], endedAt: number, capacity: number): PreviousRun {
  const run: PreviousRun = { sessions: new Map(), frames: new Map(), payloads: new Map(), events: [], cursors: new Map(), endedAt };
  const eventIds = new Set<string>();
  for (const raw of lines) {
    const line = raw as JournalLine;
    switch (line.k) {
      case "session": {
        run.sessions.set(line.session.record.id, line.session);
        if (!run.frames.has(line.session.record.id)) run.frames.set(line.session.record.id, []);
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
      case "frame": {
        const session = run.sessions.get(line.s);
        const frames = run.frames.get(line.s);
        if (!session || !frames) break;
        // A gap (older frames of a segment removed since) leaves only what follows it.
        if (line.n !== session.seq + 1) frames.length = 0;
        frames.push(line.key);
        if (frames.length > capacity) frames.shift();
        session.seq = line.n;
        if (run.payloads.has(line.key) && eventIds.has(line.key)) session.event = line.key;
        break;
      }
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
