/** What any node needs to know about a session to resume it (the Identify's outcome). */
export interface SessionRecord {
  id: string;
  userId: string;
  applicationId: string;
  intents: number;
  shard: [number, number] | null;
  /** Milliseconds since the epoch. */
  createdAt: number;
}

/** A session taken over from the node that held it (takeover.ts). */
export interface ClaimedSession extends SessionRecord {
  previousOwner: string;
  /** The newest sequence number recorded in its replay buffer. */
  lastSequence: number;
  /** The guilds it received, as of the newest of `markers`. */
  guildIds: string[];
  /**
   * Bus event ids up to which the previous owner had recorded everything for this session
   * (its last recorded event, its last guild change, its readiness, the node's cursor).
   * The newest one this node still remembers is where the catch-up starts.
   */
  markers: string[];
  /** When its connection dropped, or null if its node died while it was carried. */
  droppedAt: number | null;
}

/**
 * The session records (spec: a dropped session is kept 2 minutes) and the 16-sessions-per-bot
 * limit. One node: the memory store below, where only the limit has work to do. Several nodes:
 * redis-session-store.ts, where records are what lets another node take a session over.
 *
 * Writes are fire-and-forget and keep call order; a shared store refuses writes about a
 * session from a node that no longer owns it.
 */
export interface SessionStore {
  /** This node, as named in the records it owns. */
  readonly nodeId: string;
  /** Whether other nodes share the store (they hold sessions too). */
  readonly shared: boolean;
  /**
   * Whether sessions outlive this process: another node (Redis), or this one started again
   * on the same data folder (the gateway journal), can take one over on its Resume.
   */
  readonly durable: boolean;
  /** Identify: the session is recorded and live, unless its bot already has `maxLive` live sessions. */
  open(record: SessionRecord, maxLive: number): Promise<boolean>;
  /** READY, the GUILD_CREATEs and everything up to bus event `marker` are recorded: resumable anywhere. */
  ready(sessionId: string, guildIds: readonly string[], marker: string | undefined): void;
  /** The session's guilds changed; `guildIds` is the set as of bus event `marker`. */
  guilds(sessionId: string, guildIds: readonly string[], marker: string | undefined): void;
  /** Carried by a connection again (a Resume): counts as live. */
  live(sessionId: string, userId: string): void;
  /** Its connection dropped: kept `windowMs` for a Resume, no longer live. */
  dropped(sessionId: string, userId: string, windowMs: number): void;
  /** Ended: forgotten. */
  end(sessionId: string, userId: string): void;
  /** This node has handed bus event `eventId` and everything before it to its sessions. */
  processed(eventId: string): void;
  /** Takes a resumable session of bot user `userId` over from the node holding it; null when there is none. */
  claim(sessionId: string, userId: string, windowMs: number): Promise<ClaimedSession | null>;
  /** Another node took one of this node's sessions over. */
  onLost(listener: (sessionId: string) => void): void;
  /** The bot's live (connected) sessions on every node, with their shards: who could take an interaction. */
  liveSessions(userId: string): Promise<{ id: string; shard: [number, number] | null }[]>;
  close(): Promise<void>;
}

/** One node: live sessions counted per bot; no other node can take a session. */
export class MemorySessionStore implements SessionStore {
  readonly nodeId: string = "local";
  readonly shared: boolean = false;
  readonly durable: boolean = false;
  private liveByUser = new Map<string, Set<string>>();

  async open(record: SessionRecord, maxLive: number): Promise<boolean> {
    const live = this.liveByUser.get(record.userId);
    if ((live?.size ?? 0) >= maxLive) return false;
    this.live(record.id, record.userId);
    return true;
  }

  live(sessionId: string, userId: string): void {
    const live = this.liveByUser.get(userId);
    if (live) live.add(sessionId);
    else this.liveByUser.set(userId, new Set([sessionId]));
  }

  dropped(sessionId: string, userId: string): void {
    const live = this.liveByUser.get(userId);
    live?.delete(sessionId);
    if (live?.size === 0) this.liveByUser.delete(userId);
  }

  end(sessionId: string, userId: string): void {
    this.dropped(sessionId, userId);
  }

  ready(_sessionId: string, _guildIds: readonly string[], _marker: string | undefined): void {}
  guilds(_sessionId: string, _guildIds: readonly string[], _marker: string | undefined): void {}
  processed(_eventId: string): void {}

  async claim(_sessionId: string, _userId: string, _windowMs: number): Promise<ClaimedSession | null> {
    return null;
  }

  onLost(_listener: (sessionId: string) => void): void {}

  /** One node: its registry knows its sessions better (never asked here). */
  async liveSessions(_userId: string): Promise<{ id: string; shard: [number, number] | null }[]> {
    return [];
  }

  async close(): Promise<void> {
    this.liveByUser.clear();
  }
}
