import type { ReplayStore } from "./replay-store";
import type { Session } from "./session";

/**
 * Every session of this node, by id, by bot user and by guild. The guild index is what
 * audience decisions start from; only this class changes a session's guild set. A session
 * whose connection dropped stays here for the resume window; ending it forgets its replay.
 */
export class SessionRegistry {
  private byId = new Map<string, Session>();
  private byUser = new Map<string, Set<Session>>();
  private byGuild = new Map<string, Set<Session>>();
  private expiries = new Map<Session, NodeJS.Timeout>();
  private endListeners: ((session: Session) => void)[] = [];

  constructor(private readonly replay: ReplayStore) {}

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

  add(session: Session): void {
    this.byId.set(session.id, session);
    indexAdd(this.byUser, session.userId, session);
  }

  /** Starts delivering a guild's events to the session, if the guild belongs to its shard. */
  joinGuild(session: Session, guildId: string): void {
    if (!this.byId.has(session.id) || !session.handlesGuild(guildId)) return;
    session.guildIds.add(guildId);
    indexAdd(this.byGuild, guildId, session);
  }

  leaveGuild(session: Session, guildId: string): void {
    session.guildIds.delete(guildId);
    indexDelete(this.byGuild, guildId, session);
  }

  /** The connection dropped: keep the session for `windowMs`, then end it. */
  detach(session: Session, windowMs: number): void {
    session.detach();
    this.clearExpiry(session);
    if (this.byId.get(session.id) !== session) return;
    this.replay.retain(session.id, windowMs);
    const timer = setTimeout(() => this.end(session), windowMs);
    timer.unref();
    this.expiries.set(session, timer);
  }

  /** A Resume picked the session up again: it no longer expires. */
  resumed(session: Session): void {
    this.clearExpiry(session);
  }

  end(session: Session): void {
    session.detach();
    this.clearExpiry(session);
    if (this.byId.get(session.id) !== session) return;
    this.byId.delete(session.id);
    indexDelete(this.byUser, session.userId, session);
    for (const guildId of session.guildIds) indexDelete(this.byGuild, guildId, session);
    session.guildIds.clear();
    this.replay.drop(session.id);
    for (const listener of this.endListeners) listener(session);
  }

  clear(): void {
    for (const session of [...this.byId.values()]) this.end(session);
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
