import type { ListenerIndex } from "@chat/domain";
import type { ReplayStore } from "./replay-store";
import type { Session } from "./session";
import { MemorySessionStore, type SessionStore } from "./session-store";

/**
 * Every session of this node, by id, by bot user and by guild. The guild index is what
 * audience decisions start from; only this class changes a session's guild set. A session
 * whose connection dropped stays here for the resume window; ending it forgets its replay.
 * The session store hears of every change of a session's state (live, dropped, ended).
 */
export class SessionRegistry implements ListenerIndex<Session> {
  private byId = new Map<string, Session>();
  private byUser = new Map<string, Set<Session>>();
  private byGuild = new Map<string, Set<Session>>();
  private expiries = new Map<Session, NodeJS.Timeout>();
  private endListeners: ((session: Session) => void)[] = [];
  private handOverListeners: ((session: Session) => void)[] = [];
  private membershipListeners: ((session: Session) => void)[] = [];

  constructor(
    private readonly replay: ReplayStore,
    private readonly store: SessionStore = new MemorySessionStore(),
  ) {}

  get size(): number {
    return this.byId.size;
  }

  get(id: string): Session | undefined {
    return this.byId.get(id);
  }

  ofUser(userId: string): readonly Session[] {
    return [...(this.byUser.get(userId) ?? [])];
  }

  inGuild(guildId: string): readonly Session[] {
    return [...(this.byGuild.get(guildId) ?? [])];
  }

  /** Called once for every session that ends (closed, expired, or dropped with the node). */
  onEnd(listener: (session: Session) => void): void {
    this.endListeners.push(listener);
  }

  /** Called for every session that moved to another node (its connection, if any, was closed with 4000). */
  onHandOver(listener: (session: Session) => void): void {
    this.handOverListeners.push(listener);
  }

  /** Called, at once, each time a session's guild set changed. */
  onMembership(listener: (session: Session) => void): void {
    this.membershipListeners.push(listener);
  }

  add(session: Session): void {
    this.byId.set(session.id, session);
    indexAdd(this.byUser, session.userId, session);
  }

  /** A session taken over from another node, with its guilds, waiting for its Resume for `windowMs`. */
  adopt(session: Session, windowMs: number): void {
    this.add(session);
    for (const guildId of session.guildIds) indexAdd(this.byGuild, guildId, session);
    this.expireAfter(session, windowMs);
  }

  /** Starts delivering a guild's events to the session, if the guild belongs to its shard. */
  joinGuild(session: Session, guildId: string): void {
    if (!this.byId.has(session.id) || !session.handlesGuild(guildId) || session.guildIds.has(guildId)) return;
    session.guildIds.add(guildId);
    indexAdd(this.byGuild, guildId, session);
    for (const listener of this.membershipListeners) listener(session);
  }

  leaveGuild(session: Session, guildId: string): void {
    if (!session.guildIds.delete(guildId)) return;
    indexDelete(this.byGuild, guildId, session);
    for (const listener of this.membershipListeners) listener(session);
  }

  /** The connection dropped: keep the session for `windowMs`, then end it. */
  detach(session: Session, windowMs: number): void {
    session.detach();
    this.clearExpiry(session);
    if (this.byId.get(session.id) !== session) return;
    this.replay.retain(session.id, windowMs);
    this.store.dropped(session.id, session.userId, windowMs);
    this.expireAfter(session, windowMs);
  }

  /** A Resume picked the session up again: it no longer expires. */
  resumed(session: Session): void {
    this.clearExpiry(session);
    this.store.live(session.id, session.userId);
  }

  end(session: Session): void {
    if (!this.forget(session)) return;
    this.replay.drop(session.id);
    this.store.end(session.id, session.userId);
    for (const listener of this.endListeners) listener(session);
  }

  /**
   * Another node took the session over: it leaves this node without being ended (its record
   * and replay buffer are the new owner's now), and a connection carrying it closes with 4000.
   */
  handOver(sessionId: string): void {
    const session = this.byId.get(sessionId);
    if (!session) return;
    const carrier = session.carrier;
    this.forget(session);
    carrier?.displace();
    for (const listener of this.handOverListeners) listener(session);
  }

  /**
   * The node stops. Its sessions are left in the durable store (Redis, or the gateway journal
   * without it), so a client resumes on another node or on this one's next run, as after a
   * crash; without a durable store every session ends.
   */
  clear(): void {
    for (const session of [...this.byId.values()]) {
      if (this.store.durable) this.forget(session);
      else this.end(session);
    }
  }

  private forget(session: Session): boolean {
    session.detach();
    this.clearExpiry(session);
    if (this.byId.get(session.id) !== session) return false;
    this.byId.delete(session.id);
    indexDelete(this.byUser, session.userId, session);
    for (const guildId of session.guildIds) indexDelete(this.byGuild, guildId, session);
    session.guildIds.clear();
    return true;
  }

  private expireAfter(session: Session, windowMs: number): void {
    this.clearExpiry(session);
    const timer = setTimeout(() => this.end(session), windowMs);
    timer.unref();
    this.expiries.set(session, timer);
  }

  private clearExpiry(session: Session): void {
    const timer = this.expiries.get(session);
    if (timer) clearTimeout(timer);
    this.expiries.delete(session);
  }
}

function indexAdd(index: Map<string, Set<Session>>, key: string, session: Session): void {
  const set = index.get(key);
  if (set) set.add(session);
  else index.set(key, new Set([session]));
}

function indexDelete(index: Map<string, Set<Session>>, key: string, session: Session): void {
  const set = index.get(key);
  if (!set) return;
  set.delete(session);
  if (set.size === 0) index.delete(key);
}
